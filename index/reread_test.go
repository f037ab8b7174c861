package index

import (
	"context"
	"path/filepath"
	"testing"
)

// TestReadAgainUnchanged: a file read again from disk with the same text
// keeps its parse; with another text it is parsed again.
func TestReadAgainUnchanged(t *testing.T) {
	root := t.TempDir()
	const text = "tosca_definitions_version: tosca_2_0\ndescription: one\n"
	write(t, root, map[string]string{"a.yaml": text})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), root, nil)
	a := filepath.Join(root, "a.yaml")
	before := ws.Snapshot().File(a)
	write(t, root, map[string]string{"a.yaml": text})
	if ws.Refresh(a).File(a) != before {
		t.Error("a file read again with the same text was parsed again")
	}
	write(t, root, map[string]string{"a.yaml": text + "# two\n"})
	changed := ws.Refresh(a).File(a)
	if changed == before || changed.Text() != text+"# two\n" {
		t.Error("a file read again with another text kept its old parse")
	}
}
