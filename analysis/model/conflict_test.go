package model

import (
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// TestCopiesDoNotClash: a type a file declares clashes with one of the
// same name its imports bring, unless that comes from a copy of the file
// (a profile vendored twice): the same text, not the same name alone.
func TestCopiesDoNotClash(t *testing.T) {
	const copied = "tosca_definitions_version: tosca_simple_yaml_1_3\nimports:\n  - ../vendored/types.yaml\nnode_types:\n  my.T:\n    derived_from: tosca.nodes.Root\n"
	v, dir := folderView(t, map[string]string{
		"vendored/types.yaml": copied,
		"copy/types.yaml":     copied,
		"edited/types.yaml":   copied + "    description: edited\n",
	})
	for _, tc := range []struct {
		file  string
		clash bool
	}{{"copy/types.yaml", false}, {"edited/types.yaml", true}} {
		path := filepath.Join(dir, tc.file)
		d := v.Lookup(path, grammar.NodeType, "my.T")
		if d.Path != path {
			t.Fatalf("%s: my.T found in %s", tc.file, d.Path)
		}
		other, _ := v.Conflict(path, d)
		if other.Valid() != tc.clash {
			t.Errorf("%s: clash with %+v, want a clash: %v", tc.file, other, tc.clash)
		}
	}
}
