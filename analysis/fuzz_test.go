package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/dialect"
	"github.com/tosca-ls/tosca-ls/analysis/hover"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// FuzzAnalysis feeds arbitrary text through parse → model → every feature:
// nothing may panic, and every span must lie inside the text.
func FuzzAnalysis(f *testing.F) {
	for _, glob := range []string{"../testdata/diagnostics/*/*.yaml", "../testdata/spec/valid/*.yaml", "../testdata/completion/*/*.yaml"} {
		paths, _ := filepath.Glob(glob)
		for i, p := range paths {
			if i%3 != 0 { // a sample keeps the seed corpus quick
				continue
			}
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src, uint16(len(src)/2))
			}
		}
	}
	f.Add([]byte("tosca_definitions_version: tosca_2_0\nservice_template:\n  node_templates:\n    a: {type: [, requirements: [{x: {node: *y}}]}\n"), uint16(40))
	cache := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte, at uint16) {
		ws := index.NewWorkspace(index.Options{CacheDir: cache})
		path := filepath.Join(t.TempDir(), "fuzz.yaml")
		snap := ws.SetOverlay(path, 1, src)
		ctx := context.Background()
		off := int(at) % (len(src) + 1)
		inside := func(what string, start, end int) {
			if start < 0 || end > len(src) || start > end {
				t.Fatalf("%s span [%d,%d) outside the %d-byte text", what, start, end, len(src))
			}
		}
		for _, d := range analysis.Diagnostics(ctx, snap, path) {
			inside("diagnostic "+d.Code, d.Span.Start, d.Span.End)
		}
		for _, it := range analysis.Complete(ctx, snap, path, off) {
			inside("completion", it.Edit.Span.Start, it.Edit.Span.End)
		}
		engine := model.NewEngine(dialect.Check)
		view := engine.View(snap)
		for _, d := range engine.Diagnostics(ctx, view, path) {
			inside("model diagnostic "+d.Code, d.Span.Start, d.Span.End)
		}
		if h := hover.At(ctx, view, path, off); h != nil {
			inside("hover", h.Span.Start, h.Span.End)
		}
		for _, l := range navigate.Definition(ctx, view, path, off) {
			if l.Path == path {
				inside("definition", l.Span.Start, l.Span.End)
			}
		}
		navigate.References(ctx, view, path, off, true)
		navigate.Highlights(ctx, view, path, off)
		analysis.SignatureHelpAt(ctx, snap, path, off)
		navigate.PrepareRename(ctx, view, path, off)
		analysis.CodeActions(ctx, snap, path, analysisSpan(off))
	})
}

func analysisSpan(off int) text.Span { return text.Span{Start: off, End: off} }
