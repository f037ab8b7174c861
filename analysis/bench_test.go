package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
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
	cache, _ := os.MkdirTemp("", "tosca-ls-bench-")
	defer os.RemoveAll(cache)
	ws := index.NewWorkspace(index.Options{CacheDir: cache})
	ws.AddFolder(context.Background(), dir, nil)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		edited := append(append([]byte(nil), src...), []byte("# edit\n")[:i%7+1]...)
		snap := ws.SetOverlay(main, int32(i+1), edited)
		analysis.Diagnostics(context.Background(), snap, main)
	}
}
