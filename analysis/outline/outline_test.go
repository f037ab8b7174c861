package outline_test

// The answers of each feature are tested with marker fixtures
// (testdata/markers/outline, see analysis/markers/outline_test.go); the
// tests here check the features' invariants on many inputs.

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// profileCache is where the embedded profiles are extracted for the tests.
var profileCache = filepath.Join(os.TempDir(), "tosca-ls-outline-test-cache")

// checkInvariants runs every feature on an open document and checks what
// must hold whatever the text: symbols nest and select inside their span,
// tokens are sorted, apart and on one line, folds span lines, links open
// existing files; every span lies inside the text.
func checkInvariants(t *testing.T, v *model.View, path string, src []byte) {
	t.Helper()
	ctx := context.Background()
	lines := text.NewLines(src)
	var symbols func(syms []outline.Symbol, parent *outline.Symbol)
	symbols = func(syms []outline.Symbol, parent *outline.Symbol) {
		for i := range syms {
			s := &syms[i]
			if s.Name == "" || s.Span.Start > s.Selection.Start || s.Selection.End > s.Span.End || s.Span.End > len(src) {
				t.Errorf("%s: bad symbol %+v", path, *s)
			}
			if parent != nil && (s.Span.Start < parent.Span.Start || s.Span.End > parent.Span.End) {
				t.Errorf("%s: symbol %s outside %s", path, s.Name, parent.Name)
			}
			symbols(s.Children, s)
		}
	}
	symbols(outline.DocumentSymbols(ctx, v, path), nil)
	end := -1
	for _, tok := range outline.SemanticTokens(ctx, v, path) {
		s := tok.Span
		if s.Start < end || s.Len() <= 0 || s.End > len(src) || lines.Line(s.Start) != lines.Line(s.End-1) {
			t.Errorf("%s: bad token %v after one ending at %d", path, s, end)
		}
		end = s.End
	}
	for _, f := range outline.FoldingRanges(ctx, v, path) {
		if f.Span.Len() <= 0 || f.Span.End > len(src) || lines.Line(f.Span.Start) >= lines.Line(f.Span.End-1) {
			t.Errorf("%s: bad fold %v", path, f.Span)
		}
	}
	for _, l := range outline.DocumentLinks(ctx, v, path) {
		if l.Span.Len() <= 0 || l.Span.End > len(src) {
			t.Errorf("%s: bad link span %v", path, l.Span)
		}
		if st, err := os.Stat(l.Target); err != nil || st.IsDir() {
			t.Errorf("%s: link to %s, which is not a file", path, l.Target)
		}
	}
}

// Every spec fixture, valid or not, opened in the editor.
func TestInvariantsOnSpecFixtures(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "testdata", "spec"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache})
	ws.AddFolder(context.Background(), root, nil)
	engine := model.NewEngine()
	files := 0
	for _, path := range ws.Snapshot().Paths() {
		if !strings.HasPrefix(path, root) {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files++
		checkInvariants(t, engine.View(ws.SetOverlay(path, 1, src)), path, src)
	}
	if files < 100 {
		t.Errorf("only %d spec fixtures found", files)
	}
}

// A file over the size limit is kept but not parsed: the features answer
// nothing rather than fail.
func TestFileTooLarge(t *testing.T) {
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache})
	path := filepath.Join(t.TempDir(), "huge.yaml")
	src := []byte("tosca_definitions_version: tosca_2_0\ndescription: " + strings.Repeat("x", index.MaxFileSize) + "\n")
	v := model.NewEngine().View(ws.SetOverlay(path, 1, src))
	ctx := context.Background()
	if s := outline.DocumentSymbols(ctx, v, path); len(s) != 0 {
		t.Errorf("symbols %+v", s)
	}
	if toks := outline.SemanticTokens(ctx, v, path); len(toks) != 0 {
		t.Errorf("tokens %+v", toks)
	}
	if l := outline.DocumentLinks(ctx, v, path); len(l) != 0 {
		t.Errorf("links %+v", l)
	}
	outline.FoldingRanges(ctx, v, path)
}

// Requests run concurrently on one view, as the server runs them; one index
// serves every workspace symbol query (run with -race).
func TestConcurrentRequests(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "examples", "tosca-2.0-k8s"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache})
	ws.AddFolder(context.Background(), dir, nil)
	main := filepath.Join(dir, "main.yaml")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	v := model.NewEngine().View(ws.SetOverlay(main, 1, src))
	idx := outline.NewIndex()
	want := len(idx.WorkspaceSymbols(context.Background(), v, "Pod"))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			checkInvariants(t, v, main, src)
			if got := len(idx.WorkspaceSymbols(context.Background(), v, "Pod")); got != want || want == 0 {
				t.Errorf("workspace symbols: %d results, then %d", want, got)
			}
		})
	}
	wg.Wait()
}

// FuzzOutline feeds arbitrary text through every feature: nothing may
// panic, and the invariants hold.
func FuzzOutline(f *testing.F) {
	for _, glob := range []string{"../../testdata/spec/valid/*.yaml", "../../testdata/markers/outline/*.txtar"} {
		paths, _ := filepath.Glob(glob)
		for i, p := range paths {
			if i%3 != 0 { // a sample keeps the seed corpus quick
				continue
			}
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("tosca_definitions_version: tosca_2_0\nservice_template:\n  node_templates:\n    a: {type: [, requirements: [{x: {node: *y}}]}\n"))
	cache := profileCache
	f.Fuzz(func(t *testing.T, src []byte) {
		ws := index.NewWorkspace(index.Options{CacheDir: cache})
		path := filepath.Join(t.TempDir(), "fuzz.yaml")
		v := model.NewEngine().View(ws.SetOverlay(path, 1, src))
		checkInvariants(t, v, path, src)
		outline.NewIndex().WorkspaceSymbols(context.Background(), v, "a")
	})
}
