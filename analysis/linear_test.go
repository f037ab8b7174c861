package analysis_test

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestWorkGrowsLinearly: what a file costs (parse, bind, every diagnostic)
// grows in proportion to its size: four times the text allocates about
// four times the memory (a 15 MB file took 2.65 GB once). Allocations are
// counted, not timed, so the test is as steady as the code.
func TestWorkGrowsLinearly(t *testing.T) {
	cache := profileCache(t)
	cost := func(size int) uint64 {
		src := []byte(modeltest.HugeTemplate(size))
		path := filepath.Join(t.TempDir(), "big.yaml")
		ws := index.NewWorkspace(index.Options{CacheDir: cache})
		defer ws.Close()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		snap := ws.SetOverlay(path, 1, src)
		engine := analysis.NewEngine()
		if diags := engine.Diagnostics(context.Background(), engine.View(snap), path); len(diags) != 1 {
			t.Fatalf("%d diagnostics, want the one at the end", len(diags))
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	cost(64 << 10) // the embedded profiles' first analysis is not the file's
	small, large := cost(1<<20), cost(4<<20)
	ratio := float64(large) / float64(small)
	t.Logf("1 MB: %d MB allocated, 4 MB: %d MB (×%.2f)", small>>20, large>>20, ratio)
	if ratio < 3 || ratio > 5 {
		t.Errorf("four times the text allocates %.2f times the memory", ratio)
	}
}
