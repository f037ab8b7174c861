package index

import (
	"context"
	"path/filepath"
	"testing"
)

// TestPlainTargetsAsResolved: the targets a scan's parse workers work out
// for plain imports are those the build resolves them to, and the imports
// that are not plain are left to the build. An import of a folder the scan
// met reads as one after the scan as it does when linked again.
func TestPlainTargetsAsResolved(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"csar/TOSCA-Metadata/TOSCA.meta": "CSAR-Version: 2.0\nEntry-Definitions: main.yaml\n",
		"csar/main.yaml": `tosca_definitions_version: tosca_2_0
repositories:
  local: ../lib
imports:
  - types/short.yaml
  - ./types/../types/long.yaml
  - url: ../lib/shared.yaml
    namespace: lib
  - url: /root.yaml
  - url: shared.yaml
    repository: local
  - profile: example.com.mine:1.0
  - example.com.mine:1.0
  - file:types/long.yaml
  - https://example.com/remote.yaml
  - missing.yaml
  - types
`,
		"csar/types/short.yaml": "tosca_definitions_version: tosca_2_0\n",
		"csar/types/long.yaml":  "tosca_definitions_version: tosca_2_0\n",
		"csar/root.yaml":        "tosca_definitions_version: tosca_2_0\n",
		"lib/shared.yaml":       "tosca_definitions_version: tosca_2_0\n",
		"csar/profile.yaml":     "tosca_definitions_version: tosca_2_0\nprofile: example.com.mine:1.0\n",
	})
	main := filepath.Join(root, "csar/main.yaml")
	found := scanFolders(context.Background(), []string{root}, setting(Options{}), nil)
	plain := found.plainTargets[found.files[main]]
	want := []bool{true, true, true, false, false, false, false, false, false, true, false}
	if len(plain) != len(want) {
		t.Fatalf("plain targets %q, want one per import (%d)", plain, len(want))
	}
	for i, isPlain := range want {
		if (plain[i] != "") != isPlain {
			t.Errorf("import %d: plain target %q, want one: %v", i, plain[i], isPlain)
		}
	}

	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.Snapshot()
	ws.addScanned(context.Background(), root, found)
	scanned := ws.Snapshot().Links(main)
	// Linked again by a build without the scan's targets.
	relinked := ws.do(func(_ *state, b *builder) { b.relinkAll() }).Links(main)
	if len(scanned) != len(want) || len(relinked) != len(want) {
		t.Fatalf("links: %d after the scan, %d relinked, want %d", len(scanned), len(relinked), len(want))
	}
	for i := range scanned {
		s, r := scanned[i], relinked[i]
		if s.Path != r.Path || (s.Problem == nil) != (r.Problem == nil) || s.Problem != nil && *s.Problem != *r.Problem {
			t.Errorf("import %d: %q %+v after the scan, %q %+v relinked", i, s.Path, s.Problem, r.Path, r.Problem)
		}
	}
	if scanned[1].Path != filepath.Join(root, "csar/types/long.yaml") || scanned[2].Path != filepath.Join(root, "lib/shared.yaml") {
		t.Errorf("plain imports resolved to %q, %q", scanned[1].Path, scanned[2].Path)
	}
}
