package model_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// Only the keys the grammar names are keynames: not the names authors
// choose (App, port, app), nor keys inside free values (author, $get_input),
// nor unknown keys.
func TestKeynames(t *testing.T) {
	path, err := filepath.Abs(filepath.Join("testdata", "keynames", "main.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	u := model.NewEngine().View(ws.SetOverlay(path, 1, src)).Unit(path)
	var got []string
	for key, k := range u.Keynames() {
		if key.Value != k.Name || u.Keyname(key) != k {
			t.Errorf("key %q is keyname %q", key.Value, k.Name)
		}
		got = append(got, key.Value)
	}
	slices.Sort(got)
	want := []string{"derived_from", "metadata", "node_templates", "node_types", "properties", "properties", "service_template", "tosca_definitions_version", "type", "type"}
	if !slices.Equal(got, want) {
		t.Errorf("keynames %q, want %q", got, want)
	}
	if k := u.Keyname(u.Tree.Root().Get("node_types").Pairs[0].Key); k != nil {
		t.Errorf("the type name App is keyname %q", k.Name)
	}
}
