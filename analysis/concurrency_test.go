package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/complete"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/hover"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestConcurrentRequests runs every feature at many offsets from several
// goroutines on one snapshot, as the server does for concurrent requests
// (run with -race to check the analyzer's locking).
func TestConcurrentRequests(t *testing.T) {
	dir, _ := filepath.Abs("../testdata/examples/tosca-2.0-k8s")
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache(t)})
	ws.AddFolder(context.Background(), dir, nil)
	snap := ws.Snapshot()
	main := filepath.Join(dir, "main.yaml")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	engine := analysis.NewEngine()
	view := engine.View(snap)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for off := g; off < len(src); off += 37 {
				complete.Complete(ctx, view, main, off, grammar.NotModel)
				hover.At(ctx, view, main, off)
				navigate.Definition(ctx, view, main, off)
				navigate.References(ctx, view, main, off, true)
				navigate.Highlights(ctx, view, main, off)
				complete.SignatureHelp(ctx, view, main, off, grammar.NotModel)
			}
			engine.Diagnostics(ctx, view, main)
		}(g)
	}
	wg.Wait()
	if d := engine.Diagnostics(ctx, view, main); len(d) != 0 {
		t.Errorf("the example is clean, got %v", d)
	}
}
