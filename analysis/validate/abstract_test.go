package validate

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestAbstractBuiltinsNamedSo pins what mayNameAbstract relies on: a data
// type of the built-in profiles whose built-in type is abstract, for any
// versions a file is read with, is that abstract type itself (a type
// derived from `scalar` there would be abstract under its own name, which
// abstractType would not look up).
func TestAbstractBuiltinsNamedSo(t *testing.T) {
	v, _ := openFiles(t, map[string]string{
		"a13.yaml":   "tosca_definitions_version: tosca_simple_yaml_1_3\n",
		"a20.yaml":   "tosca_definitions_version: tosca_2_0\n",
		"draft.yaml": "tosca_definitions_version: tosca_2_0\ntopology_template: {}\n",
	})
	snap := v.Snap
	bits := []grammar.Versions{grammar.V1_0, grammar.V1_1, grammar.V1_2, grammar.V1_3, grammar.V2Draft, grammar.V2Final}
	profiles := map[string]bool{}
	abstract := 0
	for _, path := range snap.Paths() {
		if !v.DeclaresBuiltins(path) {
			continue
		}
		profiles[v.ProfileOf(path)] = true
		for id := range v.Facts(path).Declarations() {
			d := model.Decl{Path: path, ID: id}
			if v.Kind(d) != grammar.DataType {
				continue
			}
			for mask := 1; mask < 1<<len(bits); mask++ {
				var vers grammar.Versions
				for i, b := range bits {
					if mask&(1<<i) != 0 {
						vers |= b
					}
				}
				b := v.Builtin(d, vers)
				if b == nil || !b.Abstract {
					continue
				}
				abstract++
				if v.Name(d) != b.Name {
					t.Errorf("%s of %s is abstract for %v as %s, under another name", v.Name(d), v.ProfileOf(path), vers, b.Name)
				}
			}
		}
	}
	if len(profiles) < 3 || abstract == 0 {
		t.Fatalf("the built-in profiles read (%v) hold %d abstract types", profiles, abstract)
	}
}

// TestAbstractTypeNames: the abstract bases are found however they are
// written (the drafts' scalar-unit, a quoted name), and a scalar type
// derived from one is no abstract type.
func TestAbstractTypeNames(t *testing.T) {
	src := `tosca_definitions_version: tosca_2_0
data_types:
  Length:
    derived_from: scalar
    units: { m: 1 }
node_types:
  Box:
    properties:
      size: { type: scalar-unit }
      length: { type: Length }
      weights:
        type: map
        entry_schema: { type: "scalar" }
`
	v, dir := openFiles(t, map[string]string{"main.yaml": src})
	var got []string
	for _, d := range Check(context.Background(), v, filepath.Join(dir, "main.yaml")) {
		if d.Code == diag.WrongTypeKind {
			got = append(got, src[d.Span.Start:d.Span.End])
		}
	}
	if want := []string{"scalar-unit", `"scalar"`}; !slices.Equal(got, want) {
		t.Errorf("abstract types reported at %q, want %q", got, want)
	}
}

// TestMayNameAbstract: the names that may name an abstract type, as a
// file writes them.
func TestMayNameAbstract(t *testing.T) {
	for name, want := range map[string]bool{
		"scalar": true, "scalar-unit": true, "tosca:scalar": true, "a:b:scalar": true, "unit": true,
		"string": false, "scalar-unit.size": false, "Size": false, "odatav4:id": false, "scalar:id": false,
	} {
		if got := mayNameAbstract(name); got != want {
			t.Errorf("mayNameAbstract(%q) = %v, want %v", name, got, want)
		}
	}
}

// openFiles writes files to a folder and opens it: a view on a fresh
// engine of the model alone.
func openFiles(t *testing.T, files map[string]string) (v *model.View, dir string) {
	dir = t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	t.Cleanup(ws.Close)
	ws.AddFolder(ctx, dir, nil)
	ws.MarkComplete()
	return model.NewEngine().View(ws.Settle(ctx)), dir
}
