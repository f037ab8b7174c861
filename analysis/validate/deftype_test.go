package validate

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

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
			switch f.Entities[id].G {
			case grammar.PropertyDef, grammar.AttributeDef, grammar.ParameterDef, grammar.InputDef, grammar.OutputDef:
			default:
				continue
			}
			asked++
			want := c.defSchema(c.decl(facts.ID(id))).typ
			if got := c.defType(facts.ID(id)); got != want {
				t.Errorf("%s: %s %q: defType = %v, defSchema's type = %v", name, f.Entities[id].G.Name, f.Entities[id].Name, got, want)
			}
		}
	}
	if asked < 10 {
		t.Fatalf("only %d definitions asked", asked)
	}
}
