package outline_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index"
)

// generatedRepository writes n profile files shaped like a large profile
// repository (each declares data, capability and node types, imports the
// previous file into a namespace and the next one plainly, making cycles
// and diamonds) and indexes them as a workspace folder.
func generatedRepository(tb testing.TB, n int) *model.View {
	tb.Helper()
	dir := tb.TempDir()
	for i := range n {
		src := fmt.Sprintf(`tosca_definitions_version: tosca_2_0
imports:
  - url: f%05d.yaml
    namespace: prev
  - url: f%05d.yaml
data_types:
  Settings%05d:
    derived_from: Root
    properties:
      level: { type: string }
capability_types:
  Endpoint%05d:
    derived_from: Root
node_types:
  Type%05d:
    derived_from: Root
    properties:
      size: { type: integer }
    capabilities:
      endpoint: { type: Endpoint%05d }
  Other%05d:
    derived_from: prev:Type%05d
`, (i+n-1)%n, (i+1)%n, i, i, i, i, i, (i+n-1)%n)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%05d.yaml", i)), []byte(src), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache})
	ws.AddFolder(context.Background(), dir, nil)
	return model.NewEngine().View(ws.Snapshot())
}

func TestWorkspaceSymbolsManyFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a large workspace")
	}
	v := generatedRepository(t, 2000)
	idx := outline.NewIndex()
	ctx := context.Background()
	for _, c := range []struct {
		query, first, container string
		count                   int
	}{
		{"type01234", "Type01234", "f01234.yaml", 1},
		// Every name matches an empty query: the answer is capped.
		{"", "Type00000", "f00000.yaml", 200},
		{"other00001", "Other00001", "f00001.yaml", 1},
		{"settings", "Settings00000", "f00000.yaml", 200},
		{"zzqqxx", "", "", 0},
	} {
		got := idx.WorkspaceSymbols(ctx, v, c.query)
		if len(got) != c.count || c.count > 0 && (got[0].Name != c.first || got[0].Container != c.container) {
			t.Errorf("%q: %d results, first %+v; want %d, first %s in %s", c.query, len(got), got[:min(len(got), 1)], c.count, c.first, c.container)
		}
	}
}

// BenchmarkWorkspaceSymbols answers workspace/symbol over a generated
// repository of 8,000 files (issue 13: ≤ 100 ms): "cold" is the first query,
// which reads the names of every file; "warm" queries reuse them.
func BenchmarkWorkspaceSymbols(b *testing.B) {
	v := generatedRepository(b, 8000)
	ctx := context.Background()
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			outline.NewIndex().WorkspaceSymbols(ctx, v, "type1234")
		}
	})
	idx := outline.NewIndex()
	idx.WorkspaceSymbols(ctx, v, "")
	for _, q := range []string{"type01234", "pod", "", "e"} {
		b.Run(fmt.Sprintf("warm/%q", q), func(b *testing.B) {
			for b.Loop() {
				if len(idx.WorkspaceSymbols(ctx, v, q)) == 0 && q != "pod" {
					b.Fatalf("no symbol for %q", q)
				}
			}
		})
	}
}
