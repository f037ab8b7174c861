package dialect_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/dialect"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestSeedExamplesAreClean: every example of the Variability4TOSCA (seed
// 001) and HOT (seed 004) specifications, completed into whole files, has
// no diagnostic at all.
func TestSeedExamplesAreClean(t *testing.T) {
	for _, dir := range []string{"seed-001-variability", "seed-004-heat"} {
		t.Run(dir, func(t *testing.T) {
			root, err := filepath.Abs(filepath.Join("../../testdata/dialects", dir))
			if err != nil {
				t.Fatal(err)
			}
			ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(os.TempDir(), "tosca-ls-dialect-cache")})
			ws.AddFolder(context.Background(), root, nil)
			ws.MarkComplete()
			snap := ws.Snapshot()
			engine := model.NewEngine(dialect.Check)
			view := engine.View(snap)
			files := 0
			for _, p := range snap.Paths() {
				if filepath.Dir(p) != root {
					continue
				}
				files++
				for _, d := range engine.Diagnostics(context.Background(), view, p) {
					line, col := snap.File(p).Lines().LineCol(d.Span.Start)
					t.Errorf("%s:%d:%d: %s: %s [%s]", filepath.Base(p), line+1, col+1, d.Severity, d.Message, d.Code)
				}
			}
			if files < 2 {
				t.Errorf("found %d example files in %s", files, root)
			}
		})
	}
}
