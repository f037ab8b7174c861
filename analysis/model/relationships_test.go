package model_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// Each requirement assignment resolves to its target template or type, the
// capability of the target it connects to (named, or the first whose type
// derives from the type asked for, in the assignment or the definition),
// and its relationship (short or extended, else the definition's).
func TestRelationships(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "relationships"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	v := model.NewEngine().View(ws.Settle(context.Background()))
	path := filepath.Join(dir, "main.yaml")
	tests := []struct {
		name, node, index, target, targetType, capability, capabilityName, relationship string
	}{
		{"host", "server", "", "server", "Compute", "host", "Compute", "HostedOn"},
		{"store", "store", "", "store", "Store", "data", "Storage", "DependsOn"},
		{"store", "store", "", "store", "Store", "other", "other", "ConnectsTo"},
		{"dependency", "store", "0", "store", "Store", "feature", "Node", "DependsOn"},
		{"dependency", "Compute", "", "", "Compute", "feature", "Node", "DependsOn"},
		{"dependency", "nowhere", "", "", "", "", "Node", "DependsOn"},
		{"dependency", "", "", "", "", "", "Node", "DependsOn"},
	}
	rels := v.Relationships(path)
	if len(rels) != len(tests) {
		t.Fatalf("%d relationships, want %d", len(rels), len(tests))
	}
	for i, tc := range tests {
		r := rels[i]
		got := []string{r.Name, r.Node, r.Index, v.Name(r.Target), v.Name(r.TargetType), r.Capability.Name, r.CapabilityName, r.RelationshipName}
		want := []string{tc.name, tc.node, tc.index, tc.target, tc.targetType, tc.capability, tc.capabilityName, tc.relationship}
		for j := range got {
			if got[j] != want[j] {
				t.Errorf("relationship %d: %q, want %q", i, got, want)
				break
			}
		}
		if v.Name(r.Source) != "app" || r.Resolved() != (tc.targetType != "") {
			t.Errorf("relationship %d: source %q, resolved %v", i, v.Name(r.Source), r.Resolved())
		}
	}
}
