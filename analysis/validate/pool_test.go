package validate

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
)

// TestChecksShareNoState: checks running at once on several files, with
// pooled checkers that checks of other files used before, find what a
// check of each file with a new checker finds (run with -race too).
func TestChecksShareNoState(t *testing.T) {
	files := map[string]string{}
	for i := range 24 {
		// The files name their types alike, and mean other types: a
		// table kept from another file's check would answer wrongly.
		files[fmt.Sprintf("f%d.yaml", i)] = fmt.Sprintf(`tosca_definitions_version: tosca_2_0
data_types:
  Color:
    derived_from: %[2]s
    validation: { $valid_values: [ $value, [ red, %[1]d, blue ] ] }
  Length:
    derived_from: scalar
    units: { m: 1 }
node_types:
  Box:
    properties:
      color: { type: Color, validation: { $greater_than: [ $value, %[1]d ] } }
      size: { type: scalar }
      count: { type: integer, default: "%[1]d" }
      lengths: { type: list, entry_schema: { type: Length } }
`, i, []string{"string", "integer"}[i%2])
	}
	v, dir := openFiles(t, files)
	ctx := context.Background()
	want := map[string]any{}
	for name := range files {
		path := filepath.Join(dir, name)
		checkers = sync.Pool{New: checkers.New} // a checker no other file used
		want[path] = Check(ctx, v, path)
		if len(want[path].([]model.Diagnostic)) == 0 {
			t.Fatalf("%s: no diagnostics", name)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 5 {
				for path, w := range want {
					if got := Check(ctx, v, path); !reflect.DeepEqual(any(got), w) {
						t.Errorf("%s: a check at the same time as others found\n%v\nnot\n%v", path, got, w)
					}
				}
			}
		})
	}
	wg.Wait()
}
