package markers_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// What the markers of features that edit files share: applying the edits
// to the fixture's files, writing the result as a golden, and the
// diagnostics the fixture has once edited.

// applyEdits applies edits by path to the fixture's files and returns the
// text of each edited file, by fixture name. ok is false (and m failed)
// when edits overlap or touch a file that is not the fixture's.
func (env *Env) applyEdits(m Marker, edits map[string][]model.TextEdit) (after map[string]string, ok bool) {
	after = map[string]string{}
	for p, es := range edits {
		name := env.Rel(p)
		src, known := env.Files[name]
		if !known {
			env.Errorf(m, "the edits touch %s, which is not a file of the fixture", p)
			return nil, false
		}
		// Apply from the end so that earlier spans stay valid.
		sorted := append([]model.TextEdit(nil), es...)
		sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Span.Start > sorted[j].Span.Start })
		for i, e := range sorted {
			if e.Span.Start < 0 || e.Span.Start > e.Span.End || e.Span.End > len(src) || i > 0 && e.Span.End > sorted[i-1].Span.Start {
				env.Errorf(m, "overlapping or misplaced edits in %s: %+v", name, es)
				return nil, false
			}
			src = src[:e.Span.Start] + e.NewText + src[e.Span.End:]
		}
		after[name] = src
	}
	return after, true
}

// editedGolden writes edited files one after the other, each under a
// `== name ==` line, in name order.
func editedGolden(after map[string]string) string {
	names := make([]string, 0, len(after))
	for name := range after {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "== %s ==\n%s", name, after[name])
	}
	return b.String()
}

// diagnosticsWith returns the diagnostics of every file of the fixture once
// the given files read as given, computed afresh (nothing is written to
// disk).
func (env *Env) diagnosticsWith(files map[string]string) []model.Diagnostic {
	ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(os.TempDir(), "tosca-ls-marker-cache")})
	ws.AddFolder(context.Background(), env.Dir, nil)
	snap := ws.Snapshot()
	for name, content := range files {
		snap = ws.SetOverlay(env.Abs(name), 2, []byte(content))
	}
	engine := analysis.NewEngine()
	view := engine.View(snap)
	var out []model.Diagnostic
	for name := range env.Files {
		out = append(out, engine.Diagnostics(context.Background(), view, env.Abs(name))...)
	}
	return out
}
