package model_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestDiagnosticsFollowKeys: the engine recomputes the diagnostics of the
// files whose content or key changed and no other. A check counts the
// files diagnosed afresh (checks run only on a memo miss).
func TestDiagnosticsFollowKeys(t *testing.T) {
	files := map[string]string{
		"types.yaml": "tosca_definitions_version: tosca_2_0\nnode_types:\n  A: {}\n",
		"app.yaml":   "tosca_definitions_version: tosca_2_0\nimports: [types.yaml]\nservice_template:\n  node_templates:\n    n: {type: A}\n",
		"other.yaml": "tosca_definitions_version: tosca_2_0\nnode_types:\n  O: {}\n",
		"user.yaml":  "tosca_definitions_version: tosca_2_0\nimports: [other.yaml]\nservice_template:\n  node_templates:\n    o: {type: O}\n",
	}
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	var mu sync.Mutex
	var diagnosed []string
	engine := model.NewEngine(func(_ context.Context, _ *model.View, path string) []model.Diagnostic {
		mu.Lock()
		diagnosed = append(diagnosed, filepath.Base(path))
		mu.Unlock()
		return nil
	})
	diagnoseAll := func(snap *index.Snapshot) []string {
		diagnosed = nil
		view := engine.View(snap)
		for _, name := range []string{"app.yaml", "other.yaml", "types.yaml", "user.yaml"} {
			engine.Diagnostics(context.Background(), view, filepath.Join(dir, name))
		}
		slices.Sort(diagnosed)
		return diagnosed
	}
	if got := diagnoseAll(ws.Snapshot()); len(got) != 4 {
		t.Fatalf("first run diagnosed %v, want every file", got)
	}
	steps := []struct {
		name, file, text string
		want             []string
	}{
		{"nothing changed", "", "", nil},
		{"a leaf's exports", "user.yaml", files["user.yaml"] + "node_types:\n  U: {}\n", []string{"user.yaml"}},
		{"a leaf's body", "app.yaml", files["app.yaml"] + "    m: {type: A}\n", []string{"app.yaml"}},
		{"types its importer reads", "types.yaml", files["types.yaml"] + "  B: {}\n", []string{"app.yaml", "types.yaml"}},
		{"a comment after the exports", "other.yaml", files["other.yaml"] + "# a comment\n", []string{"other.yaml"}},
	}
	for i, s := range steps {
		snap := ws.Snapshot()
		if s.file != "" {
			snap = ws.SetOverlay(filepath.Join(dir, s.file), int32(i+1), []byte(s.text))
		}
		if got := diagnoseAll(snap); !slices.Equal(got, s.want) {
			t.Errorf("%s: diagnosed %v afresh, want %v", s.name, got, s.want)
		}
	}
}

// TestViewDoesNotGrowWithWorkspace: making the view of a snapshot costs
// the same whatever the number of files (it used to digest every file's
// exports on each call, and every request and diagnosed file asks for one).
// The cost is counted in bytes allocated, not timed.
func TestViewDoesNotGrowWithWorkspace(t *testing.T) {
	perView := func(n int) uint64 {
		dir := t.TempDir()
		for i := range n {
			text := fmt.Sprintf("tosca_definitions_version: tosca_2_0\nimports: [f%d.yaml]\nnode_types:\n  T%d: {}\n", (i+1)%n, i)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.yaml", i)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
		defer ws.Close()
		ws.AddFolder(context.Background(), dir, nil)
		ws.MarkComplete()
		engine := model.NewEngine()
		snap := ws.Snapshot()
		engine.View(snap)
		const views = 100
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range views {
			engine.View(snap)
		}
		runtime.ReadMemStats(&after)
		return (after.TotalAlloc - before.TotalAlloc) / views
	}
	small, large := perView(10), perView(1000)
	// A few hundred bytes of slack for what the runtime allocates meanwhile;
	// digesting the files took tens of kilobytes per view at 1,000 files.
	if large > small+512 {
		t.Errorf("a view allocates %d bytes in a workspace of 1,000 files, %d in one of 10", large, small)
	}
}
