package dialect_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/dialect"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// largeHeat is a template of n resources, each depending on the one before
// and reading parameters and attributes (≈ 10 lines a resource).
func largeHeat(n int) string {
	var b strings.Builder
	b.WriteString("heat_template_version: 2018-08-31\nparameters:\n  flavor:\n    type: string\n  data:\n    type: json\nresources:\n")
	for i := range n {
		fmt.Fprintf(&b, "  r%d:\n    type: OS::Nova::Server\n", i)
		fmt.Fprintf(&b, "    properties:\n      flavor: { get_param: flavor }\n      meta: { get_param: [ data, k%d ] }\n", i)
		if i > 0 {
			fmt.Fprintf(&b, "      name: { str_replace: { template: n-$i, params: { $i: { get_attr: [ r%d, name ] } } } }\n", i-1)
			fmt.Fprintf(&b, "    depends_on: r%d\n", i-1)
		}
	}
	return b.String()
}

// BenchmarkCheckHeat: the dialect check of a 1,000-resource template
// (≈ 7,000 lines), alone (the model's own diagnostics are not measured).
func BenchmarkCheckHeat(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "stack.yaml")
	src := largeHeat(1000)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(os.TempDir(), "tosca-ls-dialect-cache")})
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	view := model.NewEngine().View(ws.Snapshot())
	if ds := dialect.Check(context.Background(), view, path); len(ds) != 0 {
		b.Fatalf("the generated template has %d problems, first %s", len(ds), ds[0].Message)
	}
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		dialect.Check(context.Background(), view, path)
	}
}
