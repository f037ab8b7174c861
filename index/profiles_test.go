package index

import (
	"context"
	"path/filepath"
	"testing"
)

// declaring is a TOSCA file declaring profile name.
func declaring(name string) string {
	return toscaHead + "profile: " + name + "\n"
}

// TestProfileOrder: files declaring the same profile name resolve in a
// documented order, the same on every scan (three files took turns from
// run to run once): embedded profiles first (a workspace file named after
// the 2.0 simple profile replaced the normative types once), then the
// profile folders in their order, then by path. The losers are shadowed by
// the winner; the files of one profile importing each other are not.
func TestProfileOrder(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"ws/c/p.yaml":         declaring("net:1.0"),
		"ws/a/p.yaml":         declaring("net:1.0"),
		"ws/b/p.yaml":         declaring("net:1.0"),
		"ws/fake-simple.yaml": declaring("org.oasis-open.simple:2.0"),
		"ws/part/types.yaml":  declaring("app:1.0"),
		"ws/part/entry.yaml":  declaring("app:1.0") + "imports: [types.yaml]\n",
		"first/p.yaml":        declaring("lib:1.0"),
		"second/p.yaml":       declaring("lib:1.0"),
		"ws/lib.yaml":         declaring("lib:1.0"),
		"ws/old.yaml":         "tosca_definitions_version: tosca_simple_yaml_1_3\nimports:\n  - net:1.0\n",
	})
	ws, first, second := filepath.Join(root, "ws"), filepath.Join(root, "first"), filepath.Join(root, "second")
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	check := func(t *testing.T, snap *Snapshot, winners map[string]string, shadowed map[string]string) {
		t.Helper()
		for name, want := range winners {
			if got := snap.Profile(name); got != want {
				t.Errorf("profile %s resolves to %s, want %s", name, got, want)
			}
		}
		for path, want := range shadowed {
			if got := snap.ShadowedBy(path); got != want {
				t.Errorf("%s shadowed by %q, want %q", path, got, want)
			}
		}
	}
	// Every scan parses the files in its own order: ten scans, one answer.
	for range 10 {
		w := NewWorkspace(Options{CacheDir: t.TempDir(), ProfilePaths: []string{first, second}})
		w.AddFolder(context.Background(), ws, nil)
		snap := w.Snapshot()
		embedded := snap.EmbeddedProfile("org.oasis-open.simple:2.0")
		check(t, snap, map[string]string{
			"net:1.0": p("ws/a/p.yaml"), "org.oasis-open.simple:2.0": embedded, "app:1.0": p("ws/part/entry.yaml"), "lib:1.0": p("first/p.yaml"),
		}, map[string]string{
			p("ws/a/p.yaml"): "", p("ws/b/p.yaml"): p("ws/a/p.yaml"), p("ws/c/p.yaml"): p("ws/a/p.yaml"),
			p("ws/fake-simple.yaml"): embedded,
			p("ws/part/entry.yaml"):  "", p("ws/part/types.yaml"): "",
			p("first/p.yaml"): "", p("second/p.yaml"): p("first/p.yaml"), p("ws/lib.yaml"): p("first/p.yaml"),
		})
		w.Close()
	}
	// The profile folders' order decides between them.
	w := NewWorkspace(Options{CacheDir: t.TempDir(), ProfilePaths: []string{second, first}})
	defer w.Close()
	w.AddFolder(context.Background(), ws, nil)
	check(t, w.Snapshot(), map[string]string{"lib:1.0": p("second/p.yaml")}, map[string]string{p("first/p.yaml"): p("second/p.yaml")})
	// Edits: the winner renamed, the next in order takes the name and is
	// no longer shadowed; renamed back, it is again.
	snap := w.SetOverlay(p("ws/a/p.yaml"), 1, []byte(declaring("other:1.0")))
	check(t, snap, map[string]string{"net:1.0": p("ws/b/p.yaml"), "other:1.0": p("ws/a/p.yaml")},
		map[string]string{p("ws/a/p.yaml"): "", p("ws/b/p.yaml"): "", p("ws/c/p.yaml"): p("ws/b/p.yaml")})
	// An import of the name in the 1.x way follows it.
	if l := snap.Links(p("ws/old.yaml")); l[0].Path != p("ws/b/p.yaml") {
		t.Errorf("the 1.x import of net:1.0 reads %q, want ws/b/p.yaml", l[0].Path)
	}
	snap = w.SetOverlay(p("ws/a/p.yaml"), 2, []byte(declaring("net:1.0")))
	check(t, snap, map[string]string{"net:1.0": p("ws/a/p.yaml")},
		map[string]string{p("ws/b/p.yaml"): p("ws/a/p.yaml"), p("ws/c/p.yaml"): p("ws/a/p.yaml")})
	// The entry stops importing its part: they are rivals, the first by
	// path wins.
	snap = w.SetOverlay(p("ws/part/entry.yaml"), 1, []byte(declaring("app:1.0")))
	check(t, snap, map[string]string{"app:1.0": p("ws/part/entry.yaml")},
		map[string]string{p("ws/part/types.yaml"): p("ws/part/entry.yaml")})
	// The folder removed, its files are gone but for the open buffers: no
	// rival is left.
	w.RemoveFolder(ws)
	check(t, w.Settle(t.Context()), map[string]string{"net:1.0": p("ws/a/p.yaml"), "org.oasis-open.simple:2.0": w.Snapshot().EmbeddedProfile("org.oasis-open.simple:2.0")},
		map[string]string{p("ws/b/p.yaml"): "", p("ws/fake-simple.yaml"): "", p("ws/part/types.yaml"): ""})
}
