package facts

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// TestReadFor: the processors a file is read for: the setting's choice
// (where it reads the file's version), none under strict, else those the
// file shows it is written for.
func TestReadFor(t *testing.T) {
	const plain = "tosca_definitions_version: tosca_simple_yaml_1_3\n"
	for _, tc := range []struct {
		name    string
		src     string
		setting grammar.ProcessorSetting
		want    []*grammar.Processor
	}{
		{"plain", plain, grammar.ProcessorAuto, nil},
		{"unfurl version", "tosca_definitions_version: tosca_simple_unfurl_1_0_0\n", grammar.ProcessorAuto, []*grammar.Processor{grammar.Unfurl}},
		{"unfurl repository", plain + "imports:\n  - file: a.yaml\n    repository: unfurl\n", grammar.ProcessorAuto, []*grammar.Processor{grammar.Unfurl}},
		{"declared repository", plain + "repositories:\n  unfurl: https://example.com\nimports:\n  - file: a.yaml\n    repository: unfurl\n", grammar.ProcessorAuto, nil},
		{"unfurl type", plain + "topology_template:\n  node_templates:\n    a:\n      type: unfurl.nodes.Generic\n", grammar.ProcessorAuto, []*grammar.Processor{grammar.Unfurl}},
		{"eval", plain + "topology_template:\n  outputs:\n    o:\n      value: {eval: .name, vars: {}}\n", grammar.ProcessorAuto, []*grammar.Processor{grammar.Unfurl}},
		{"puccini metadata", plain + "metadata:\n  puccini.scriptlet:tosca.function.f: x\n", grammar.ProcessorAuto, []*grammar.Processor{grammar.Puccini}},
		{"puccini and unfurl", plain + "metadata:\n  puccini.x: y\ntopology_template:\n  node_templates:\n    a:\n      type: unfurl.nodes.Generic\n", grammar.ProcessorAuto, []*grammar.Processor{grammar.Unfurl, grammar.Puccini}},
		{"vintner", "tosca_definitions_version: tosca_variability_1_0\n", grammar.ProcessorAuto, []*grammar.Processor{grammar.Vintner}},
		{"unfurl in 2.0", "tosca_definitions_version: tosca_2_0\nimports:\n  - url: a.yaml\n    repository: unfurl\n", grammar.ProcessorAuto, nil},
		{"strict", plain + "metadata:\n  puccini.x: y\n", grammar.ProcessorStrict, nil},
		{"chosen", plain + "metadata:\n  puccini.x: y\n", "unfurl", []*grammar.Processor{grammar.Unfurl}},
		{"chosen elsewhere", "tosca_definitions_version: tosca_2_0\n", "unfurl", nil},
	} {
		f := Bind("f.yaml", tc.src, syntax.Parse([]byte(tc.src)), grammar.TOSCA, tc.setting)
		if len(f.Processors) != len(tc.want) {
			t.Errorf("%s: read for %v, want %v", tc.name, f.Processors, tc.want)
			continue
		}
		for i, p := range tc.want {
			if f.Processors[i] != p || !f.Versions.Has(p.Grammar) && p.Grammar != grammar.None {
				t.Errorf("%s: read for %v (versions %b), want %v", tc.name, f.Processors, f.Versions, tc.want)
			}
		}
	}
}

// TestForeignVersion: a file of Cloudify's DSL gets one error and nothing
// of it is read as TOSCA.
func TestForeignVersion(t *testing.T) {
	src := "tosca_definitions_version: cloudify_dsl_1_3\nnode_templates:\n  vm:\n    type: cloudify.nodes.Compute\n"
	f := Bind("f.yaml", src, syntax.Parse([]byte(src)), grammar.TOSCA, grammar.ProcessorAuto)
	if len(f.Diags) != 1 || f.Diags[0].Code != "invalid-version" || len(f.Refs) != 0 {
		t.Errorf("diagnostics %+v, refs %d", f.Diags, len(f.Refs))
	}
}

// BenchmarkBindDetection: binding a dense 1.3 template under auto (which
// walks the tree once more for the marks of Unfurl) and under strict
// (which does not): the cost of detecting the processors.
func BenchmarkBindDetection(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&sb, "    n%d:\n      type: tosca.nodes.WebServer\n      properties:\n        port: { get_input: port }\n      requirements:\n        - host: h1\n", i)
	}
	src := sb.String()
	tree := syntax.Parse([]byte(src))
	for _, setting := range []grammar.ProcessorSetting{grammar.ProcessorAuto, grammar.ProcessorStrict} {
		b.Run(string(setting), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Bind("p", src, tree, grammar.TOSCA, setting)
			}
		})
	}
}

// TestScriptletsAreExports: the scriptlets a file declares are names its
// importers see, so renaming one changes its export hash (what decides
// that they are analysed again), as renaming a type does.
func TestScriptletsAreExports(t *testing.T) {
	const head = "tosca_definitions_version: tosca_simple_yaml_1_3\nmetadata:\n  puccini.scriptlet:tosca."
	bind := func(src string) *Facts {
		return Bind("p", src, syntax.Parse([]byte(src)), grammar.TOSCA, grammar.ProcessorAuto)
	}
	for _, kind := range []string{"function", "constraint"} {
		if bind(head+kind+".even: x\n").ExportHash == bind(head+kind+".odd: x\n").ExportHash {
			t.Errorf("renaming a scriptlet %s keeps the export hash", kind)
		}
	}
}
