package modeltest

import (
	"context"
	"os"
	"path/filepath"
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
