package model_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// deepView indexes testdata/deep, the project the queries deep validation
// adds to the model are tested on.
func deepView(t *testing.T) (*model.View, string) {
	dir, err := filepath.Abs(filepath.Join("testdata", "deep"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	return model.NewEngine().View(ws.Snapshot()), filepath.Join(dir, "main.yaml")
}

// property is the member of node type App named name.
func property(t *testing.T, v *model.View, main, name string) model.Member {
	app := v.Lookup(main, grammar.NodeType, "App")
	m, ok := v.Member(app, grammar.SectionProperties, name)
	if !ok {
		t.Fatalf("App has no property %s", name)
	}
	return m
}
