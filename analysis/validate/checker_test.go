package validate

// Tests of the checker's shortcuts: each answers what the longer way does.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
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

// TestDefTypeIsSchemaType: defType, which skips the member tables where a
// definition plainly is the member it defines, answers what defSchema
// does for every definition: entries named twice, refinements naming no
// type, definitions in operations and in 1.x constraints' owners.
func TestDefTypeIsSchemaType(t *testing.T) {
	v, dir := openFiles(t, map[string]string{
		"a.yaml": `tosca_definitions_version: tosca_2_0
data_types:
  Base:
    properties:
      size: { type: integer }
      name: { type: string }
  Derived:
    derived_from: Base
    properties:
      size: { validation: { $greater_than: [ $value, 0 ] } }
      name: { type: string, validation: { $valid_values: [ $value, [ a ] ] } }
      name: { type: integer, validation: { $greater_than: [ $value, 1 ] } }
      other: { type: float, validation: { $less_than: [ $value, 1.5 ] } }
interface_types:
  Ops:
    operations:
      run:
        inputs:
          limit: { type: integer, validation: { $greater_than: [ $value, 0 ] } }
node_types:
  Box:
    properties:
      count: { type: Derived }
    interfaces:
      ops:
        type: Ops
        operations:
          run:
            inputs:
              limit: { validation: { $greater_than: [ $value, 2 ] } }
`,
		"b.yaml": `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  Box:
    derived_from: tosca.nodes.Root
    properties:
      port: { type: integer, constraints: [ { greater_than: 0 } ] }
      port: { type: string, constraints: [ { min_length: 1 } ] }
`,
	})
	asked := 0
	for _, name := range []string{"a.yaml", "b.yaml"} {
		path := filepath.Join(dir, name)
		f := v.Facts(path)
		c := &checker{ctx: context.Background(), v: v, path: path, f: f, vers: grammar.NarrowVersions(f.Versions, f.Form)}
		for id := range f.Entities {
			switch f.Entities[id].G() {
			case grammar.PropertyDef, grammar.AttributeDef, grammar.ParameterDef, grammar.InputDef, grammar.OutputDef:
			default:
				continue
			}
			asked++
			want := c.defSchema(c.decl(facts.ID(id))).typ
			if got := c.defType(facts.ID(id)); got != want {
				t.Errorf("%s: %s %q: defType = %v, defSchema's type = %v", name, f.Entities[id].G().Name, f.Entities[id].Name, got, want)
			}
		}
	}
	if asked < 10 {
		t.Fatalf("only %d definitions asked", asked)
	}
}

// TestChecksShareNoState: checks running at once on several files, with
// pooled checkers that checks of other files used before, find what a
// check of each file with a new checker finds (run with -race too).
func TestChecksShareNoState(t *testing.T) {
	files := map[string]string{}
	for i := range 24 {
		// The files name their types alike, and mean other types: a
		// table kept from another file's check would answer wrongly.
		files[fmt.Sprintf("f%d.yaml", i)] = fmt.Sprintf(`tosca_definitions_version: tosca_2_0
node_types:
  Crate:
    properties:
      count: { type: integer, default: "%[1]d" }
      color: { type: Color, validation: { $greater_than: [ $value, %[1]d ] } }
      sizes: { type: list, entry_schema: { type: Size } }
      size: { type: scalar }
data_types:
  Color:
    derived_from: %[2]s
    validation: { $valid_values: [ $value, [ red, %[1]d, blue ] ] }
  Size:
    derived_from: scalar
    units: { B: 1 }
`, i, []string{"string", "integer"}[i%2])
	}
	v, dir := openFiles(t, files)
	ctx := context.Background()
	want := map[string]any{}
	for name := range files {
		path := filepath.Join(dir, name)
		checkers = sync.Pool{New: checkers.New} // a checker no other file used
		want[path] = Check(ctx, v, path)
		if len(want[path].([]model.Diagnostic)) == 0 {
			t.Fatalf("%s: no diagnostics", name)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 5 {
				for path, w := range want {
					if got := Check(ctx, v, path); !reflect.DeepEqual(any(got), w) {
						t.Errorf("%s: a check at the same time as others found\n%v\nnot\n%v", path, got, w)
					}
				}
			}
		})
	}
	wg.Wait()
}
