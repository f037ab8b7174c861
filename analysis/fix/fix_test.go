package fix_test

// The answers of code actions are tested with marker fixtures
// (testdata/markers/fix, see analysis/markers/fix_test.go); the test here
// checks what must hold on many inputs.

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/fix"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// The edits of every action offered anywhere in a spec fixture (valid or
// not, opened in the editor) apply: they stay inside the text and do not
// overlap; every quick fix names the diagnostic it fixes.
func TestEditsApplyOnSpecFixtures(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "testdata", "spec"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(os.TempDir(), "tosca-ls-fix-test-cache")})
	ws.AddFolder(context.Background(), root, nil)
	ctx := context.Background()
	files, actions := 0, 0
	for _, path := range ws.Snapshot().Paths() {
		if !strings.HasPrefix(path, root) {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files++
		engine := model.NewEngine()
		v := engine.View(ws.SetOverlay(path, 1, src))
		diags := engine.Diagnostics(ctx, v, path)
		for off := 0; off < len(src); off += 97 {
			for _, a := range fix.Actions(ctx, v, path, text.Span{Start: off, End: off}, diags) {
				actions++
				if a.Kind == fix.QuickFix && a.Diagnostic == nil {
					t.Errorf("%s: quick fix %q names no diagnostic", path, a.Title)
				}
				edits := slices.Clone(a.Edits[path])
				slices.SortFunc(edits, func(x, y model.TextEdit) int { return x.Span.Start - y.Span.Start })
				end := 0
				for _, e := range edits {
					if e.Span.Start < end || e.Span.End < e.Span.Start || e.Span.End > len(src) {
						t.Errorf("%s: %q has overlapping or misplaced edits %+v", path, a.Title, edits)
						break
					}
					end = e.Span.End
				}
			}
		}
	}
	if files < 100 || actions == 0 {
		t.Errorf("%d spec fixtures, %d actions: the fixtures are not where they were", files, actions)
	}
}
