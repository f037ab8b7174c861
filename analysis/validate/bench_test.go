package validate_test

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
	"github.com/tosca-ls/tosca-ls/index"
)

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

// BenchmarkValidateRealDMTF is deep validation's share of `check` on the
// real DMTF set of ../shared/corpora (issue 27; skipped where it is
// absent). Each iteration a fresh engine runs the model's checks of every
// file, out of the timing, as check does before validating; then the
// files are validated one after the other. cpu-ms/op is the CPU time the
// process spends meanwhile (garbage collection included), which a machine
// shared with other work leaves about as it is, unlike ns/op.
func BenchmarkValidateRealDMTF(b *testing.B) {
	dir, err := filepath.Abs("../../../shared/corpora/tosca-community-contributions/profiles/org/dmtf")
	if st, statErr := os.Stat(dir); err != nil || statErr != nil || !st.IsDir() {
		b.Skipf("%s is absent (../shared/corpora)", dir)
	}
	ctx := context.Background()
	ws := index.NewWorkspace(index.Options{})
	defer ws.Close()
	ws.AddFolder(ctx, dir, nil)
	ws.MarkComplete()
	snap := ws.Settle(ctx)
	paths := snap.Paths()
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		engine := model.NewEngine() // the model's checks alone
		view := engine.View(snap)
		for _, p := range paths {
			engine.Diagnostics(ctx, view, p)
		}
		b.StartTimer()
		start := cpuTime(b)
		for _, p := range paths {
			validate.Check(ctx, view, p)
		}
		cpu += cpuTime(b) - start
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the CPU time the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
