// Package modeltest builds the workspaces that tests and benchmarks of the
// packages built on the model run on.
package modeltest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
	"github.com/tosca-ls/tosca-ls/index"
)

// LargeProject writes into dir the scenario the editing budgets of issue 13
// are measured on: a 10,000-line service template importing 50 files of 20
// node types each, every one under its own namespace. It returns the
// template's path and text.
func LargeProject(dir string) (main string, src []byte, err error) {
	var buf strings.Builder
	buf.WriteString("tosca_definitions_version: tosca_2_0\nimports:\n  - profile: org.oasis-open.simple:2.0\n")
	for i := 0; i < 50; i++ {
		var t strings.Builder
		t.WriteString("tosca_definitions_version: tosca_2_0\nimports:\n  - profile: org.oasis-open.simple:2.0\nnode_types:\n")
		for j := 0; j < 20; j++ {
			fmt.Fprintf(&t, "  T%d:\n    derived_from: Compute\n    properties:\n      p%d:\n        type: string\n        default: x\n", j, j)
		}
		name := fmt.Sprintf("t%d.yaml", i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(t.String()), 0o644); err != nil {
			return "", nil, err
		}
		fmt.Fprintf(&buf, "  - url: %s\n    namespace: n%d\n", name, i)
	}
	buf.WriteString("service_template:\n  inputs:\n    x:\n      type: string\n  node_templates:\n")
	for n := 0; strings.Count(buf.String(), "\n") < 10000; n++ {
		fmt.Fprintf(&buf, "    node%d:\n      type: n%d:T%d\n      properties:\n        p%d: { get_input: x }\n      requirements:\n        - dependency: node%d\n", n, n%50, n%20, n%20, max(n-1, 0))
	}
	main = filepath.Join(dir, "main.yaml")
	src = []byte(buf.String())
	return main, src, os.WriteFile(main, src, 0o644)
}

// HugeTemplate is a TOSCA 1.3 service template of about size bytes (pairs
// of node templates, one requiring the other) whose last node template
// misspells `properties`: its one diagnostic tells that all of it was read.
// The robustness tests of issue 15 feed it whole (15 MB took 2.65 GB and a
// minute once).
func HugeTemplate(size int) string {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "    server_%d:\n      type: tosca.nodes.Compute\n      description: server %d\n"+
			"      requirements:\n        - local_storage: storage_%d\n"+
			"    storage_%d:\n      type: tosca.nodes.Storage.BlockStorage\n      properties:\n        name: disk-%d\n        size: 10 GB\n", i, i, i, i, i)
	}
	b.WriteString("    last:\n      type: tosca.nodes.Compute\n      proprties: {}\n")
	return b.String()
}

// OpenLarge writes LargeProject into a temporary folder and indexes it
// with the template open in the editor, as a server does. It returns the
// model's view of that snapshot, warm: the template's diagnostics are
// computed. main and src are the template's path and text.
func OpenLarge(b *testing.B) (view *model.View, main string, src []byte) {
	ctx := context.Background()
	dir := b.TempDir()
	main, src, err := LargeProject(dir)
	if err != nil {
		b.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: b.TempDir()})
	ws.AddFolder(ctx, dir, nil)
	engine := model.NewEngine(validate.Check)
	view = engine.View(ws.SetOverlay(main, 1, src))
	engine.Diagnostics(ctx, view, main)
	return view, main, src
}

// NameOffsets lists an offset inside every name written in src (every run
// of letters, digits, `_`, `.`, `:` and `$`): where requests land when an
// author points at things.
func NameOffsets(src []byte) []int {
	var out []int
	for i := 0; i < len(src); {
		if !isNameByte(src[i]) {
			i++
			continue
		}
		j := i
		for j < len(src) && isNameByte(src[j]) {
			j++
		}
		out = append(out, (i+j)/2)
		i = j
	}
	return out
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == ':' || c == '$'
}

// Latencies runs request at the offsets in turn, b.N times in all, and
// reports the median, the 99th percentile and the maximum of one request's time.
func Latencies(b *testing.B, offsets []int, request func(off int)) {
	times := make([]time.Duration, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		request(offsets[i%len(offsets)])
		times[i] = time.Since(start)
	}
	b.StopTimer()
	slices.Sort(times)
	at := func(q float64) float64 { return float64(times[int(q*float64(len(times)-1))]) / 1e6 }
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(at(1), "max-ms")
}
