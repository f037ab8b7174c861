package topology_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/topology"
)

// largeHeat is a template of n resources, each depending on the one
// before, reading parameters and attributes, every other one under a
// condition (≈ 9 lines a resource).
func largeHeat(n int) string {
	var b strings.Builder
	b.WriteString("heat_template_version: 2018-08-31\nparameters:\n  flavor:\n    type: string\n  env:\n    type: string\n")
	b.WriteString("conditions:\n  is_prod: { equals: [ { get_param: env }, prod ] }\nresources:\n")
	for i := range n {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Nova::Server\n    properties:\n      flavor: { get_param: flavor }\n", i)
		if i > 0 {
			fmt.Fprintf(&b, "      name: { get_attr: [ r%d, name ] }\n      port: { get_resource: r%d }\n    depends_on: r%d\n", i-1, i-1, i-1)
		}
		if i%2 == 1 {
			b.WriteString("    condition: { not: is_prod }\n")
		}
	}
	return b.String()
}

// largeVariability is a Variability4TOSCA topology of n node templates,
// each under a condition and with a conditional requirement assignment to
// the one before (≈ 9 lines a node).
func largeVariability(n int) string {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n  variability:\n    inputs:\n      mode: { type: string }\n")
	b.WriteString("    expressions:\n      is_prod: { equal: [ { get_variability_input: mode }, prod ] }\n  node_templates:\n")
	for i := range n {
		fmt.Fprintf(&b, "    n%d:\n      type: tosca.nodes.Root\n      conditions: { get_variability_expression: is_prod }\n", i)
		if i > 0 {
			fmt.Fprintf(&b, "      requirements:\n        - dependency:\n            node: n%d\n            conditions: { equal: [ { get_variability_input: mode }, dev ] }\n", i-1)
		}
	}
	return b.String()
}

// BenchmarkGraph: the graph of a 1,000-resource Heat template (≈ 8,500
// lines) and of a 1,000-node Variability4TOSCA topology (≈ 9,000 lines).
func BenchmarkGraph(b *testing.B) {
	for _, tc := range []struct {
		name, src string
	}{
		{"heat", largeHeat(1000)},
		{"variability", largeVariability(1000)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			dir := b.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "main.yaml"), []byte(tc.src), 0o644); err != nil {
				b.Fatal(err)
			}
			v := load(b, dir)
			g := topology.Of(context.Background(), v, filepath.Join(dir, "main.yaml"))
			if g == nil || len(g.Nodes) != 1000 || len(g.Edges) < 999 {
				b.Fatalf("the generated template's graph: %v", g)
			}
			b.SetBytes(int64(len(tc.src)))
			b.ResetTimer()
			for range b.N {
				topology.Of(context.Background(), v, filepath.Join(dir, "main.yaml"))
			}
		})
	}
}
