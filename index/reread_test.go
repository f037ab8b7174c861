package index

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
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

// TestSameTextAs: two files hold the same text whatever their paths, and
// texts of one length that differ are told apart.
func TestSameTextAs(t *testing.T) {
	const a = "tosca_definitions_version: tosca_2_0\ndescription: one\n"
	const b = "tosca_definitions_version: tosca_2_0\ndescription: two\n"
	x, y, z := newFile("/x.yaml", a, TOSCA, grammar.ProcessorAuto, false), newFile("/y.yaml", a, TOSCA, grammar.ProcessorAuto, false), newFile("/z.yaml", b, TOSCA, grammar.ProcessorAuto, false)
	if !x.SameTextAs(y) || !y.SameTextAs(x) || !x.SameTextAs(x) {
		t.Error("copies of one text are told apart")
	}
	if x.SameTextAs(z) || z.SameTextAs(y) {
		t.Error("two texts of one length are taken for the same")
	}
}
