package index

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"testing"
)

// TestPrelinkAsLinked: the links prelink works out on every core for a
// scan's many files, and what the build records of them (importers,
// files waiting for a path, refused imports, keys), are those of linking
// them one at a time: the first scan of a folder, then a scan of it again
// with some files changed. The imports name files found, missing, not
// TOSCA, a folder, a file outside the sandbox, a file loaded from an
// allowed folder the scan did not cover, and one target twice.
func TestPrelinkAsLinked(t *testing.T) {
	root := t.TempDir()
	n := 2 * parallelLinks
	files := map[string]string{
		"lib/loaded.yaml": "tosca_definitions_version: tosca_2_0\nimports: [../ws/f0.yaml, gone.yaml]\n",
		"lib/notes.yaml":  "just: yaml\n",
		"outside.yaml":    "tosca_definitions_version: tosca_2_0\n",
		"ws/data.yaml":    "not: tosca\n",
		"ws/sub/x.yaml":   "tosca_definitions_version: tosca_2_0\n",
	}
	for i := range n {
		files[fmt.Sprintf("ws/f%d.yaml", i)] = fmt.Sprintf(`tosca_definitions_version: tosca_2_0
imports:
  - f%d.yaml
  - ./f%d.yaml
  - sub/x.yaml
  - missing%d.yaml
  - data.yaml
  - sub/
  - ../outside.yaml
  - ../lib/loaded.yaml
  - ../lib/notes.yaml
  - url: f%d.yaml
    namespace: ns
`, (i+1)%n, (i+1)%n, i%3, (i+7)%n)
	}
	write(t, root, files)
	ws := filepath.Join(root, "ws")
	opts := Options{CacheDir: t.TempDir(), AllowedPaths: []string{filepath.Join(root, "lib")}}
	first := scanFolders(context.Background(), []string{ws}, setting(opts), nil)
	// Changed, enough to be linked on every core again: two files in three
	// import others, one imports nothing.
	changed := 0
	for i := range n {
		if i%3 != 1 {
			files[fmt.Sprintf("ws/f%d.yaml", i)] = fmt.Sprintf("tosca_definitions_version: tosca_2_0\nimports: [f%d.yaml, missing.yaml]\n", (i+5)%n)
			changed++
		}
	}
	files["ws/f1.yaml"] = "tosca_definitions_version: tosca_2_0\n"
	write(t, root, files)
	again := scanFolders(context.Background(), []string{ws}, setting(opts), nil)

	parallel := NewWorkspace(opts)
	defer parallel.Close()
	serial := NewWorkspace(opts)
	defer serial.Close()
	for round, found := range []scan{first, again} {
		parallel.addScanned(context.Background(), ws, found)
		// Without the targets of the parse workers, every file is linked
		// one at a time (see plainLinks).
		alone := found
		alone.plainTargets = nil
		serial.addScanned(context.Background(), ws, alone)
		p, s := parallel.Snapshot(), serial.Snapshot()
		if !slices.Equal(p.Paths(), s.Paths()) {
			t.Fatalf("round %d: files %q on every core, %q one at a time", round, p.Paths(), s.Paths())
		}
		for _, path := range p.Paths() {
			if pl, sl := p.Links(path), s.Links(path); !sameResolution(pl, sl) {
				t.Errorf("round %d: %s: links %s on every core, %s one at a time", round, path, showLinks(pl), showLinks(sl))
			}
			pi, _ := p.importers.Get(path)
			si, _ := s.importers.Get(path)
			if !slices.Equal(pi, si) {
				t.Errorf("round %d: %s: importers %q on every core, %q one at a time", round, path, pi, si)
			}
			if p.Key(path) != s.Key(path) {
				t.Errorf("round %d: %s: key %x on every core, %x one at a time", round, path, p.Key(path), s.Key(path))
			}
		}
		if !maps.EqualFunc(parallel.st.wanted.byKey, serial.st.wanted.byKey, maps.Equal) ||
			!maps.EqualFunc(parallel.st.wanted.byFile, serial.st.wanted.byFile, slices.Equal) {
			t.Errorf("round %d: files waiting %v on every core, %v one at a time", round, parallel.st.wanted, serial.st.wanted)
		}
		if !maps.Equal(parallel.st.refusedUsers, serial.st.refusedUsers) {
			t.Errorf("round %d: refused %v on every core, %v one at a time", round, parallel.st.refusedUsers, serial.st.refusedUsers)
		}
	}
	// The outcomes compared are those the imports call for.
	snap := parallel.Snapshot()
	links := snap.Links(filepath.Join(ws, "f4.yaml"))
	want := []struct {
		path    string
		problem bool
	}{
		{filepath.Join(ws, "f5.yaml"), false},
		{filepath.Join(ws, "f5.yaml"), false},
		{filepath.Join(ws, "sub/x.yaml"), false},
		{"", true}, // missing
		{"", true}, // not TOSCA
		{"", true}, // a folder
		{"", true}, // outside
		{filepath.Join(root, "lib/loaded.yaml"), false},
		{"", true}, // not TOSCA, loaded
		{filepath.Join(ws, "f11.yaml"), false},
	}
	if len(links) != len(want) {
		t.Fatalf("f4.yaml: links %s", showLinks(links))
	}
	for i, w := range want {
		if links[i].Path != w.path || (links[i].Problem != nil) != w.problem {
			t.Errorf("f4.yaml: link %d %s, want %q (problem: %v)", i, showLinks(links[i:i+1]), w.path, w.problem)
		}
	}
	// The files changed and f1.yaml no longer import it.
	if got, _ := snap.importers.Get(filepath.Join(root, "lib/loaded.yaml")); len(got) != n-changed-1 {
		t.Errorf("loaded.yaml: %d importers, want %d", len(got), n-changed-1)
	}
}

// sameResolution reports whether two lists of links resolve the same
// imports the same way.
func sameResolution(a, b []Link) bool {
	return slices.EqualFunc(a, b, func(x, y Link) bool {
		return x.Import.URL == y.Import.URL && x.Path == y.Path && (x.Problem == nil) == (y.Problem == nil) && (x.Problem == nil || *x.Problem == *y.Problem)
	})
}

func showLinks(links []Link) string {
	out := ""
	for _, l := range links {
		out += fmt.Sprintf("[%s → %q", l.Import.URL, l.Path)
		if l.Problem != nil {
			out += " " + l.Problem.Message
		}
		out += "]"
	}
	return out
}
