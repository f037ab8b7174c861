package validate_test

import (
	"context"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// BenchmarkKeystrokeLarge is issue 13's keystroke budget with deep
// validation on: each edit of the 10,000-line template of
// modeltest.LargeProject makes a new snapshot (the parse and binding of
// the template) and computes its diagnostics. The figures are the median
// and the 99th percentile of one keystroke, and their ratios to the median
// raw parse of the same text, measured between the keystrokes (budget:
// p50 ≤ 1.5×, p99 ≤ 2×); the engine alone (no validation) is measured
// beside it. The time of the parses is not counted in ns/op.
func BenchmarkKeystrokeLarge(b *testing.B) {
	b.Run("engine", func(b *testing.B) { keystrokes(b, model.NewEngine()) })
	b.Run("validate", func(b *testing.B) { keystrokes(b, model.NewEngine(validate.Check)) })
}

func keystrokes(b *testing.B, engine *model.Engine) {
	ctx := context.Background()
	dir := b.TempDir()
	main, src, err := modeltest.LargeProject(dir)
	if err != nil {
		b.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: b.TempDir()})
	defer ws.Close()
	ws.AddFolder(ctx, dir, nil)
	ws.MarkComplete()
	engine.Diagnostics(ctx, engine.View(ws.SetOverlay(main, 1, src)), main)

	// Parses are measured between the keystrokes, so that both see the
	// same load of the machine; each measure starts from a collected heap
	// (keystrokes come at the pace of typing), so that one does not pay
	// for the garbage of the other.
	times := make([]time.Duration, b.N)
	parses := make([]time.Duration, b.N)
	b.ResetTimer()
	for i := range b.N {
		edited := append(append([]byte(nil), src...), []byte("# edit\n")[:i%7+1]...)
		b.StopTimer()
		runtime.GC()
		b.StartTimer()
		start := time.Now()
		snap := ws.SetOverlay(main, int32(i+2), edited)
		engine.Diagnostics(ctx, engine.View(snap), main)
		times[i] = time.Since(start)
		b.StopTimer()
		runtime.GC()
		start = time.Now()
		syntax.Parse(edited)
		parses[i] = time.Since(start)
		b.StartTimer()
	}
	b.StopTimer()
	slices.Sort(times)
	slices.Sort(parses)
	at := func(q float64) time.Duration { return times[int(q*float64(len(times)-1))] }
	parse := parses[len(parses)/2]
	b.ReportMetric(float64(parse)/1e6, "parse-ms")
	b.ReportMetric(float64(at(0.5))/1e6, "p50-ms")
	b.ReportMetric(float64(at(0.99))/1e6, "p99-ms")
	b.ReportMetric(float64(at(0.5))/float64(parse), "p50/parse")
	b.ReportMetric(float64(at(0.99))/float64(parse), "p99/parse")
}

// BenchmarkValidateLarge is the share of deep validation alone in a
// keystroke: the check of the 10,000-line template on a warm view.
func BenchmarkValidateLarge(b *testing.B) {
	view, main, _ := modeltest.OpenLarge(b)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		validate.Check(ctx, view, main)
	}
}
