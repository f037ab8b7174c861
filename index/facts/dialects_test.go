package facts

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// TestBindDialects: the names and calls the binder records in the
// languages and dialects beside TOSCA, as "kind name" and "call name".
func TestBindDialects(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		lang      grammar.Language
		refs      []string
		calls     []string
		imports   []string
	}{
		{name: "heat names", lang: grammar.Heat, src: `heat_template_version: 2016-10-14
parameter_groups:
  - parameters: [ size ]
resources:
  a:
    type: OS::Nova::Server
    depends_on: b
    condition: big
    properties:
      size: { get_param: [ size, 0 ] }
      id: { get_attr: [ b, id ] }
  b:
    type: My::Type
    depends_on: [ a ]
`,
			refs:  []string{"parameter size", "parameter size", "resource b", "resource type OS::Nova::Server", "resource b", "condition big", "resource type My::Type", "resource a"},
			calls: []string{"get_param", "get_attr"}},
		{name: "functions of later versions are plain maps", lang: grammar.Heat, src: `heat_template_version: 2013-05-23
outputs:
  o:
    value: { repeat: { for_each: {}, template: x }, list_join: [ ",", [ a ] ] }
  p:
    value: { list_join: [ ",", [ a ] ] }
`,
			calls: []string{"list_join"}},
		{name: "variability operators only in expressions", lang: grammar.TOSCA, src: `tosca_definitions_version: tosca_variability_1_0
data_types:
  Short:
    derived_from: string
    constraints:
      - max_length: 8
topology_template:
  variability:
    inputs:
      mode: { type: string }
    presets:
      dev: { inputs: { mode: dev } }
    expressions:
      is_dev: { equal: [ { get_variability_input: mode }, dev ] }
  node_templates:
    app:
      type: tosca.nodes.Root
      conditions: { not: { get_variability_expression: is_dev } }
      properties:
        label: { equal: 1 }
        mode: { get_variability_input: mode }
`,
			// Member references (the properties) have no kind of their own.
			// properties of a Variability4TOSCA template are entries, walked after the template's fields.
			refs:  []string{"data type string", "data type string", "variability input mode", "variability input mode", "variability expression is_dev", "node type tosca.nodes.Root", "variability input mode", " label", " mode"},
			calls: []string{"equal", "get_variability_input", "not", "get_variability_expression", "get_variability_input"}},
		{name: "csar definitions", lang: grammar.CSARMeta, src: "CSAR-Version: 2.0\nCreated-By: me\nEntry-Definitions: main.yaml\nOther-Definitions: a.yaml \"b c.yaml\"\n",
			refs:    []string{"import URL main.yaml"},
			imports: []string{"/main.yaml@52-61", "/a.yaml@81-87", "/b c.yaml@89-97"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tree *syntax.File
			if tc.lang == grammar.CSARMeta {
				tree = syntax.ParseMeta([]byte(tc.src))
			} else {
				tree = syntax.Parse([]byte(tc.src))
			}
			f := Bind("file", tc.src, tree, tc.lang, grammar.ProcessorAuto)
			var refs, calls, imports []string
			for _, r := range f.Refs {
				refs = append(refs, r.Kind.String()+" "+f.RefName(&r))
			}
			for _, c := range f.Calls {
				calls = append(calls, c.Name)
			}
			for _, imp := range f.Imports {
				imports = append(imports, fmt.Sprintf("%s@%d-%d", imp.URL, imp.Target.Start, imp.Target.End))
			}
			if !reflect.DeepEqual(refs, tc.refs) || !reflect.DeepEqual(calls, tc.calls) || !reflect.DeepEqual(imports, tc.imports) {
				t.Errorf("refs %q\ncalls %q\nimports %q", refs, calls, imports)
			}
			for _, d := range f.Diags {
				t.Errorf("unexpected %s: %s", d.Code, d.Message)
			}
		})
	}
}
