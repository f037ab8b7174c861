package analysis_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// BenchmarkKeystroke measures what one edit costs: a new overlay (parse and
// snapshot) and the diagnostics of the edited file, on an example project.
func BenchmarkKeystroke(b *testing.B) {
	dir, _ := filepath.Abs("../testdata/examples/tosca-2.0-k8s")
	main := filepath.Join(dir, "main.yaml")
	src, err := os.ReadFile(main)
	if err != nil {
		b.Skip(err)
	}
	benchKeystrokes(b, dir, main, src)
}

// benchKeystrokes edits main (a one-byte-different text each time) and
// computes its diagnostics, as the server does after each keystroke.
func benchKeystrokes(b *testing.B, dir, main string, src []byte) {
	ws := index.NewWorkspace(index.Options{CacheDir: b.TempDir()})
	ws.AddFolder(context.Background(), dir, nil)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		edited := append(append([]byte(nil), src...), []byte("# edit\n")[:i%7+1]...)
		snap := ws.SetOverlay(main, int32(i+1), edited)
		analysis.Diagnostics(context.Background(), snap, main)
	}
}

// BenchmarkKeystrokeLarge is the roadmap's scenario: a 10,000-line template
// importing 50 type files (with namespaces) is edited; the figure to compare
// is BenchmarkParseLarge, one raw parse of the same text.
func BenchmarkKeystrokeLarge(b *testing.B) {
	dir, main, src := largeProject(b)
	benchKeystrokes(b, dir, main, src)
}

// BenchmarkParseLarge parses the large template alone, as the yardstick.
func BenchmarkParseLarge(b *testing.B) {
	_, _, src := largeProject(b)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		syntax.Parse(src)
	}
}

// largeProject writes a 10,000-line service template importing 50 files of
// 20 node types each, every one under its own namespace.
func largeProject(b *testing.B) (dir, main string, src []byte) {
	dir = b.TempDir()
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
			b.Fatal(err)
		}
		fmt.Fprintf(&buf, "  - url: %s\n    namespace: n%d\n", name, i)
	}
	buf.WriteString("service_template:\n  inputs:\n    x:\n      type: string\n  node_templates:\n")
	for n := 0; strings.Count(buf.String(), "\n") < 10000; n++ {
		fmt.Fprintf(&buf, "    node%d:\n      type: n%d:T%d\n      properties:\n        p%d: { get_input: x }\n      requirements:\n        - dependency: node%d\n", n, n%50, n%20, n%20, max(n-1, 0))
	}
	main = filepath.Join(dir, "main.yaml")
	src = []byte(buf.String())
	if err := os.WriteFile(main, src, 0o644); err != nil {
		b.Fatal(err)
	}
	return dir, main, src
}
