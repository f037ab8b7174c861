package model_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// Every declaration of a type name is found, whether the asking file sees
// it or not: workspace files first, the embedded profiles after them; an
// edit that removes one is followed.
func TestTypesNamed(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "typesnamed"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), dir, nil)
	engine := model.NewEngine()
	where := func(v *model.View, ds []model.Decl) []string {
		var out []string
		for _, d := range ds {
			f := v.Snap.File(d.Path)
			if v.Name(d) == "" || f == nil {
				t.Errorf("%v is no declaration", d)
				continue
			}
			if f.Embedded {
				out = append(out, "<profile>")
				continue
			}
			rel, _ := filepath.Rel(dir, d.Path)
			out = append(out, filepath.ToSlash(rel))
		}
		return slices.Compact(out)
	}
	v := engine.View(ws.Snapshot())
	for _, c := range []struct {
		kind grammar.RefKind
		name string
		want []string
	}{
		{grammar.NodeType, "Widget", []string{"a/widgets.yaml", "b/widgets.yaml"}},
		{grammar.CapabilityType, "Widget", []string{"b/widgets.yaml"}},
		{grammar.NodeType, "Compute", []string{"a/widgets.yaml", "<profile>"}},
		{grammar.NodeType, "Gadget", nil},
	} {
		if got := where(v, v.TypesNamed(c.kind, c.name)); !slices.Equal(got, c.want) {
			t.Errorf("%s %s: %q, want %q", c.kind, c.name, got, c.want)
		}
	}
	b := filepath.Join(dir, "b", "widgets.yaml")
	src, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	v = engine.View(ws.SetOverlay(b, 1, []byte(strings.Replace(string(src), "  Widget:\n    derived_from: Root\n", "", 2))))
	if got := where(v, v.TypesNamed(grammar.NodeType, "Widget")); !slices.Equal(got, []string{"a/widgets.yaml"}) {
		t.Errorf("after b/widgets.yaml dropped its types: %q", got)
	}
}
