package validate_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
	"github.com/tosca-ls/tosca-ls/index"
)

// FuzzValidate feeds arbitrary text through parse, model and deep
// validation: nothing may panic, and every diagnostic lies inside the text.
func FuzzValidate(f *testing.F) {
	for _, glob := range []string{"../../testdata/diagnostics/*/*.yaml", "../../testdata/conformance/*.cases"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			if src, err := os.ReadFile(p); err == nil && len(src) < 8<<10 {
				f.Add(src)
			}
		}
	}
	cache := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		ws := index.NewWorkspace(index.Options{CacheDir: cache})
		defer ws.Close()
		path := filepath.Join(t.TempDir(), "fuzz.yaml")
		snap := ws.SetOverlay(path, 1, src)
		engine := model.NewEngine(validate.Check)
		for _, d := range engine.Diagnostics(context.Background(), engine.View(snap), path) {
			if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("%s span [%d,%d) outside the %d-byte text", d.Code, d.Span.Start, d.Span.End, len(src))
			}
		}
	})
}
