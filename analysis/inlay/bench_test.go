package inlay_test

import (
	"context"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/inlay"
	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// BenchmarkHints measures the inlay hint request on the 10,000-line
// template of the editing budgets (issue 19: ≤ 5 ms): for the 80 lines an
// editor shows, at places spread over the file, and for the whole file.
func BenchmarkHints(b *testing.B) {
	v, main, src := modeltest.OpenLarge(b)
	ctx := context.Background()
	all := func(inlay.Kind) bool { return true }
	lines := text.NewLines(src)
	const window = 80
	var starts []int
	for l := 200; l+window < lines.Count(); l += 500 {
		starts = append(starts, lines.LineStart(l))
	}
	b.Run("visible-range", func(b *testing.B) {
		modeltest.Latencies(b, starts, func(off int) {
			end := lines.LineStart(lines.Line(off) + window)
			if len(inlay.Hints(ctx, v, main, text.Span{Start: off, End: end}, all)) == 0 {
				b.Fatal("no hints")
			}
		})
	})
	b.Run("whole-file", func(b *testing.B) {
		modeltest.Latencies(b, []int{0}, func(int) {
			if len(inlay.Hints(ctx, v, main, text.Span{End: len(src)}, all)) == 0 {
				b.Fatal("no hints")
			}
		})
	})
}
