package syntax

import (
	"runtime"
	"testing"
)

// BenchmarkRetained reports how much memory a parsed tree keeps per byte of
// source (goccy's own AST keeps ~37×; the roadmap budget for closed files
// is 5×, to be met by symbol tables).
func BenchmarkRetained(b *testing.B) {
	src := toscaLike(1 << 20)
	var kept []*File
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < b.N; i++ {
		kept = append(kept, Parse(src))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(b.N)/float64(len(src)), "retained/source")
	runtime.KeepAlive(kept)
}
