package navigate_test

import (
	"context"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
)

// BenchmarkDefinitionLarge measures go to definition at every name of the
// budget scenario of issue 13 (a 10,000-line template importing 50
// namespaced files), on a warm snapshot; the budget is p99 ≤ 5 ms.
func BenchmarkDefinitionLarge(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	main, src, err := modeltest.LargeProject(dir)
	if err != nil {
		b.Fatal(err)
	}
	view := modeltest.Open(ctx, dir, b.TempDir(), main, src)
	modeltest.Latencies(b, modeltest.NameOffsets(src), func(off int) {
		navigate.Definition(ctx, view, main, off)
	})
}
