package model_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

const twoTemplates = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: Compute
    b:
      type: Compute
`

// TestLocalNamesAfterEdit: an edit that keeps every export (a template
// added) reuses the program, and the names the file declares are read again.
func TestLocalNamesAfterEdit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.yaml")
	ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(os.TempDir(), "tosca-ls-model-test-cache")})
	e := model.NewEngine()
	before := e.View(ws.SetOverlay(path, 1, []byte(twoTemplates[:len(twoTemplates)-len("    b:\n      type: Compute\n")])))
	if got := before.LocalNames(path, grammar.NodeTemplate); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("before the edit: %v", got)
	}
	after := e.View(ws.SetOverlay(path, 2, []byte(twoTemplates)))
	if got := after.LocalNames(path, grammar.NodeTemplate); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("after adding b: %v", got)
	}
}

// TestReparsed: a unit read from another parse of a document answers from
// it, in the document's language (or, for a document whose text does not
// tell, the language the editor gave it), and leaves the snapshot's view alone.
func TestReparsed(t *testing.T) {
	const heat = "heat_template_version: 2016-10-14\nresources:\n  a:\n    type: OS::Nova::Server\n"
	for _, tc := range []struct {
		name, disk, parsed string
		lang               grammar.Language
		kind               grammar.RefKind
		want               []string // nil: no unit
	}{
		{"tosca.yaml", twoTemplates[:len(twoTemplates)-len("    b:\n      type: Compute\n")], twoTemplates, grammar.NotModel, grammar.NodeTemplate, []string{"a", "b"}},
		// A document the editor calls TOSCA (or Heat) before its text says so.
		{"new.yaml", "", twoTemplates[len("tosca_definitions_version: tosca_simple_yaml_1_3\n"):], grammar.TOSCA, grammar.NodeTemplate, []string{"a", "b"}},
		{"new-heat.yaml", "", heat[len("heat_template_version: 2016-10-14\n"):], grammar.Heat, grammar.HeatResource, []string{"a"}},
		{"unknown.yaml", "", twoTemplates[len("tosca_definitions_version: tosca_simple_yaml_1_3\n"):], grammar.NotModel, grammar.NodeTemplate, nil},
		// The text's language wins over the editor's.
		{"heat.yaml", "heat_template_version: 2016-10-14\n", heat, grammar.TOSCA, grammar.HeatResource, []string{"a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.name)
			ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(os.TempDir(), "tosca-ls-model-test-cache")})
			v := model.NewEngine().View(ws.SetOverlay(path, 1, []byte(tc.disk)))
			u := v.Reparsed(path, syntax.Parse([]byte(tc.parsed)), tc.lang)
			if tc.want == nil {
				if u != nil {
					t.Fatalf("a unit for a %s document", v.Facts(path).Lang)
				}
				return
			}
			if u == nil {
				t.Fatal("no unit")
			}
			if got := u.View.LocalNames(path, tc.kind); !slices.Equal(got, tc.want) {
				t.Errorf("the reparsed unit sees %v, want %v", got, tc.want)
			}
			if u.View.Unit(path) != u || u.Frames == nil {
				t.Errorf("the reparsed view's unit is not the reparsed one, or has no frames")
			}
			if got := v.LocalNames(path, tc.kind); len(got) >= len(tc.want) {
				t.Errorf("the snapshot's view sees the reparse: %v", got)
			}
		})
	}
}
