package model_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// An edit inside the service template leaves every export unchanged, so
// the engine keeps its program; the template-level names must still be
// read from the edited text (their entity ids moved).
func TestLocalNamesFollowEditsThatKeepExports(t *testing.T) {
	read := func(name string) []byte {
		src, err := os.ReadFile(filepath.Join("testdata", "edits", name))
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	path := filepath.Join(t.TempDir(), "main.yaml")
	engine := model.NewEngine()
	engine.View(ws.SetOverlay(path, 1, read("template-v1.yaml"))).Local(path, grammar.NodeTemplate, "app")

	v := engine.View(ws.SetOverlay(path, 2, read("template-v2.yaml")))
	for _, c := range []struct {
		kind grammar.RefKind
		name string
	}{
		{grammar.NodeTemplate, "app"},
		{grammar.NodeTemplate, "db"},
		{grammar.Input, "size"},
	} {
		d := v.Local(path, c.kind, c.name)
		if got := v.Name(d); got != c.name || v.Kind(d) != c.kind {
			t.Errorf("Local(%s %q) is %q (%s) after the edit", c.kind, c.name, got, v.Kind(d))
		}
	}
}
