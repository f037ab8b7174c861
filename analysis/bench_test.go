package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
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

// largeProject writes the large scenario into a temporary folder.
func largeProject(b *testing.B) (dir, main string, src []byte) {
	dir = b.TempDir()
	main, src, err := modeltest.LargeProject(dir)
	if err != nil {
		b.Fatal(err)
	}
	return dir, main, src
}
