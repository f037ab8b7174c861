package modeltest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// OpenFixture indexes the folder dir and opens the file name in it as an
// editor does. It returns the view of that snapshot, the file's path and
// its text.
func OpenFixture(tb testing.TB, dir, name string) (view *model.View, path, src string) {
	tb.Helper()
	dir, err := filepath.Abs(dir)
	if err != nil {
		tb.Fatal(err)
	}
	path = filepath.Join(dir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(tb.TempDir(), "cache")})
	ws.AddFolder(context.Background(), dir, nil)
	return model.NewEngine().View(ws.SetOverlay(path, 1, data)), path, string(data)
}

// Offset is the offset of the n-th (1-based) occurrence of s in src.
func Offset(tb testing.TB, src, s string, n int) int {
	tb.Helper()
	off := -1
	for i := 0; i < n; i++ {
		j := strings.Index(src[off+1:], s)
		if j < 0 {
			tb.Fatalf("%q occurs fewer than %d times", s, n)
		}
		off += j + 1
	}
	return off
}
