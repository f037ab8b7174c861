package model

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestMemosFollowKeys: after an edit that changes a file's exports, the
// engine's program recomputes the scopes and member lists of that file and
// of the files reading it, and takes over those of every other file (the
// same closure and member table, not equal ones worked out again).
func TestMemosFollowKeys(t *testing.T) {
	files := map[string]string{
		"types.yaml": "tosca_definitions_version: tosca_2_0\nnode_types:\n  A:\n    properties:\n      a: {type: string}\n",
		"app.yaml":   "tosca_definitions_version: tosca_2_0\nimports: [types.yaml]\nservice_template:\n  node_templates:\n    n: {type: A}\n",
		"other.yaml": "tosca_definitions_version: tosca_2_0\nnode_types:\n  O:\n    properties:\n      o: {type: string}\n",
		"user.yaml":  "tosca_definitions_version: tosca_2_0\nimports: [other.yaml]\nservice_template:\n  node_templates:\n    o: {type: O}\n",
	}
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	for name, text := range files {
		if err := os.WriteFile(path(name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	engine := NewEngine()

	// results are what the program worked out: the closure of each
	// template's imports, the properties of each type it uses.
	uses := map[string]string{"app.yaml": "A", "user.yaml": "O"}
	resultsOf := func(snap *index.Snapshot) map[string]any {
		v := engine.View(snap)
		out := map[string]any{}
		for name, typ := range uses {
			d := v.Lookup(path(name), grammar.NodeType, typ)
			if !d.Valid() {
				t.Fatalf("%s: %s not found", name, typ)
			}
			out["closure of "+name] = v.closure(viaImports, path(name), "")
			out["members of "+typ] = v.memberTable(d, "properties")
		}
		return out
	}
	prev := resultsOf(ws.Snapshot())
	steps := []struct {
		name, file, text string
		// redone are the results worked out again.
		redone []string
	}{
		{"a leaf's exports", "user.yaml", files["user.yaml"] + "node_types:\n  U: {}\n", []string{"closure of user.yaml"}},
		{"types an importer reads", "types.yaml", files["types.yaml"] + "  B: {}\n", []string{"closure of app.yaml", "members of A"}},
		{"types the other importer reads", "other.yaml", files["other.yaml"] + "  P: {}\n", []string{"closure of user.yaml", "members of O"}},
		{"nothing changed", "", "", nil},
	}
	for i, s := range steps {
		snap := ws.Snapshot()
		if s.file != "" {
			before := snap.Generation()
			snap = ws.SetOverlay(path(s.file), int32(i+1), []byte(s.text))
			if snap.Generation() == before {
				t.Fatalf("%s: the edit changed no export", s.name)
			}
		}
		got := resultsOf(snap)
		for what, r := range got {
			if redone, want := r != prev[what], slices.Contains(s.redone, what); redone != want {
				t.Errorf("%s: %s worked out again: %v, want %v", s.name, what, redone, want)
			}
		}
		prev = got
	}
}
