package model_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestYieldBetweenSteps: a file's diagnostics, computed for work that
// gives way, give way between the steps of checking it, not only once it
// is done.
func TestYieldBetweenSteps(t *testing.T) {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_2_0\nnode_types:\n  T: {}\nservice_template:\n  node_templates:\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "    n%d: {type: T}\n", i)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "main.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	engine := model.NewEngine()
	yields := 0
	ctx := model.Yielding(context.Background(), func(context.Context) { yields++ })
	engine.Diagnostics(ctx, engine.View(ws.Snapshot()), path)
	if yields < 3 {
		t.Errorf("gave way %d times while checking 1,000 references", yields)
	}
}
