package topology_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/topology"
)

// generated is head followed by what item writes for each of n elements.
func generated(head string, n int, item func(b *strings.Builder, i int)) string {
	var b strings.Builder
	b.WriteString(head)
	for i := range n {
		item(&b, i)
	}
	return b.String()
}

// largeHeat is a template of n resources, each depending on the one
// before, reading parameters and attributes, every other one under a
// condition (≈ 9 lines a resource).
func largeHeat(n int) string {
	return generated("heat_template_version: 2018-08-31\nparameters:\n  flavor:\n    type: string\n  env:\n    type: string\n"+
		"conditions:\n  is_prod: { equals: [ { get_param: env }, prod ] }\nresources:\n", n, func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "  r%d:\n    type: OS::Nova::Server\n    properties:\n      flavor: { get_param: flavor }\n", i)
		if i > 0 {
			fmt.Fprintf(b, "      name: { get_attr: [ r%d, name ] }\n      port: { get_resource: r%d }\n    depends_on: r%d\n", i-1, i-1, i-1)
		}
		if i%2 == 1 {
			b.WriteString("    condition: { not: is_prod }\n")
		}
	})
}

// largeVariability is a Variability4TOSCA topology of n node templates,
// each under a condition and with a conditional requirement assignment to
// the one before (≈ 9 lines a node).
func largeVariability(n int) string {
	return generated("tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n  variability:\n    inputs:\n      mode: { type: string }\n"+
		"    expressions:\n      is_prod: { equal: [ { get_variability_input: mode }, prod ] }\n  node_templates:\n", n, func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "    n%d:\n      type: tosca.nodes.Root\n      conditions: { get_variability_expression: is_prod }\n", i)
		if i > 0 {
			fmt.Fprintf(b, "      requirements:\n        - dependency:\n            node: n%d\n            conditions: { equal: [ { get_variability_input: mode }, dev ] }\n", i-1)
		}
	})
}

// hubHeat is a template of n resources, each depending on the one before
// and on the first: edges spanning up to n layers.
func hubHeat(n int) string {
	return generated("heat_template_version: 2018-08-31\nresources:\n", n, func(b *strings.Builder, i int) {
		fmt.Fprintf(b, "  r%d:\n    type: OS::Nova::Server\n", i)
		if i > 0 {
			fmt.Fprintf(b, "    depends_on: [ r%d, r0 ]\n", i-1)
		}
	})
}

// sourceGraph writes src as main.yaml of a new folder and returns the view
// of the folder and the file's path.
func sourceGraph(tb testing.TB, src string) (*model.View, string) {
	tb.Helper()
	dir := tb.TempDir()
	path := filepath.Join(dir, "main.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	return load(tb, dir), path
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
			v, path := sourceGraph(b, tc.src)
			g := topology.Of(context.Background(), v, path)
			if g == nil || len(g.Nodes) != 1000 || len(g.Edges) < 999 {
				b.Fatalf("the generated template's graph: %v", g)
			}
			b.SetBytes(int64(len(tc.src)))
			b.ResetTimer()
			for range b.N {
				topology.Of(context.Background(), v, path)
			}
		})
	}
}

// BenchmarkSVG: the drawing, layout included, of the same two topologies
// (chains of 1,000 nodes, a Heat resource joined to the one before by
// three edges and read by a parameter), and of 1,000 resources each
// depending on the one before and on the first (edges spanning up to
// 1,000 layers).
func BenchmarkSVG(b *testing.B) {
	for _, tc := range []struct {
		name, src string
	}{
		{"heat", largeHeat(1000)},
		{"variability", largeVariability(1000)},
		{"hub", hubHeat(1000)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			v, path := sourceGraph(b, tc.src)
			g := topology.Of(context.Background(), v, path)
			if g == nil || len(g.Nodes) != 1000 {
				b.Fatalf("the generated template's graph: %v", g)
			}
			b.ResetTimer()
			for range b.N {
				g.SVG()
			}
		})
	}
}
