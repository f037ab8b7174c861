package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/complete"
	"github.com/tosca-ls/tosca-ls/analysis/fix"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/hover"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/analysis/topology"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// FuzzAnalysis feeds arbitrary text through parse → model → every feature
// (the topology graph and its drawings too): nothing may panic, and every
// span must lie inside the text.
func FuzzAnalysis(f *testing.F) {
	for _, glob := range []string{"../testdata/diagnostics/*/*.yaml", "../testdata/spec/valid/*.yaml", "../testdata/dialects/*/*.yaml", "../testdata/processors/*/*.yaml"} {
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
		engine := analysis.NewEngine()
		view := engine.View(snap)
		diags := engine.Diagnostics(ctx, view, path)
		for _, d := range diags {
			inside("diagnostic "+d.Code, d.Span.Start, d.Span.End)
		}
		for _, it := range complete.Complete(ctx, view, path, off, grammar.NotModel).Items {
			inside("completion", it.Edit.Span.Start, it.Edit.Span.End)
		}
		if h := hover.At(ctx, view, path, off); h != nil {
			inside("hover", h.Span.Start, h.Span.End)
		}
		for _, l := range navigate.Definition(ctx, view, path, off) {
			if l.Path == path {
				inside("definition", l.Span.Start, l.Span.End)
			}
		}
		if g := topology.Of(ctx, view, path); g != nil {
			for _, n := range g.Nodes {
				if n.Location.Path == path {
					inside("node "+n.ID, n.Location.Span.Start, n.Location.Span.End)
				}
			}
			for _, e := range g.Edges {
				inside("edge from "+e.From, e.Location.Span.Start, e.Location.Span.End)
			}
			g.DOT()
			g.Mermaid()
		}
		navigate.References(ctx, view, path, off, true)
		navigate.Highlights(ctx, view, path, off)
		complete.SignatureHelp(ctx, view, path, off, grammar.NotModel)
		navigate.PrepareRename(ctx, view, path, off)
		for _, a := range fix.Actions(ctx, view, path, text.Span{Start: off, End: off}, diags) {
			for _, e := range a.Edits[path] {
				inside("code action "+a.Title, e.Span.Start, e.Span.End)
			}
		}
	})
}
