package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// keysWorkspace is a workspace of TOSCA and Heat files: type files and the
// templates importing them, an import cycle, a provider template, an
// environment, and files related to none of them.
var keysWorkspace = map[string]string{
	"types.yaml":   "tosca_definitions_version: tosca_2_0\nnode_types:\n  A: {}\n",
	"mid.yaml":     "tosca_definitions_version: tosca_2_0\nimports: [types.yaml]\nnode_types:\n  B: {derived_from: A}\n",
	"app.yaml":     "tosca_definitions_version: tosca_2_0\nimports: [mid.yaml]\nservice_template:\n  node_templates:\n    n: {type: B}\n",
	"other.yaml":   "tosca_definitions_version: tosca_2_0\nnode_types:\n  O: {}\n",
	"alone.yaml":   "tosca_definitions_version: tosca_2_0\nimports: [other.yaml]\nservice_template:\n  node_templates:\n    o: {type: O}\n",
	"cycle/p.yaml": "tosca_definitions_version: tosca_2_0\nimports: [q.yaml]\nnode_types:\n  P: {}\n",
	"cycle/q.yaml": "tosca_definitions_version: tosca_2_0\nimports: [p.yaml]\nnode_types:\n  Q: {}\n",
	"cycle/r.yaml": "tosca_definitions_version: tosca_2_0\nimports: [p.yaml]\n",
	"heat/stack.yaml": "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources:\n" +
		"  s:\n    type: lib/server.yaml\n  t:\n    type: My::Volume\n",
	"heat/lib/server.yaml": "heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string}\nresources:\n" +
		"  vm:\n    type: OS::Nova::Server\n",
	"heat/lib/volume.yaml": "heat_template_version: 2018-08-31\nresources:\n  v:\n    type: OS::Cinder::Volume\n",
	"heat/env.yaml":        "resource_registry:\n  My::Volume: lib/volume.yaml\n",
	"heat/unrelated.yaml":  "heat_template_version: 2018-08-31\nresources:\n  x:\n    type: OS::Nova::Server\n",
}

// TestKeysFollowWhatFilesRead: an edit changes the keys of the edited file
// and of the files reading it (through imports or Heat's edges) when what
// it shows them changed, and no other key; typing that changes no export
// changes none.
func TestKeysFollowWhatFilesRead(t *testing.T) {
	tests := []struct {
		name, file, text string
		rekeyed          []string
	}{
		{"typing in a template", "app.yaml",
			"tosca_definitions_version: tosca_2_0\nimports: [mid.yaml]\nservice_template:\n  node_templates:\n    n: {type: B, description: typed}\n",
			nil},
		{"a type file's exports", "types.yaml",
			"tosca_definitions_version: tosca_2_0\nnode_types:\n  A: {}\n  A2: {}\n",
			[]string{"app.yaml", "mid.yaml", "types.yaml"}},
		{"a leaf's imports", "alone.yaml",
			"tosca_definitions_version: tosca_2_0\nimports: [other.yaml, types.yaml]\n",
			[]string{"alone.yaml"}},
		{"a file of an import cycle", "cycle/q.yaml",
			"tosca_definitions_version: tosca_2_0\nimports: [p.yaml]\nnode_types:\n  Q: {}\n  Q2: {}\n",
			[]string{"cycle/p.yaml", "cycle/q.yaml", "cycle/r.yaml"}},
		{"a provider template's parameters", "heat/lib/server.yaml",
			"heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string}\n  image: {type: string}\nresources:\n  vm:\n    type: OS::Nova::Server\n",
			// The environment reads the stack, which uses a name it maps.
			[]string{"heat/env.yaml", "heat/lib/server.yaml", "heat/stack.yaml"}},
		{"inside a provider template's resource", "heat/lib/server.yaml",
			"heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string}\nresources:\n  vm:\n    type: OS::Nova::Server\n    properties: {name: x}\n",
			nil},
		{"a template an environment maps to", "heat/lib/volume.yaml",
			"heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources:\n  v:\n    type: OS::Cinder::Volume\n",
			// The environment checks what it sets against the templates
			// using its names: it and they read each other.
			[]string{"heat/env.yaml", "heat/lib/volume.yaml", "heat/stack.yaml"}},
		{"an environment", "heat/env.yaml",
			"resource_registry:\n  My::Volume: lib/volume.yaml\nparameter_defaults:\n  flavor: m1\n",
			[]string{"heat/env.yaml", "heat/lib/server.yaml", "heat/stack.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, keysWorkspace)
			ws := NewWorkspace(Options{CacheDir: t.TempDir()})
			defer ws.Close()
			ws.AddFolder(context.Background(), root, nil)
			before := ws.Snapshot()
			after := ws.SetOverlay(filepath.Join(root, tt.file), 1, []byte(tt.text))
			var changed []string
			for rel := range keysWorkspace {
				p := filepath.Join(root, rel)
				if before.Key(p) == 0 || after.Key(p) == 0 {
					t.Fatalf("%s has no key", rel)
				}
				if before.Key(p) != after.Key(p) {
					changed = append(changed, rel)
				}
			}
			slices.Sort(changed)
			if !slices.Equal(changed, tt.rekeyed) {
				t.Errorf("keys changed: %v, want %v", changed, tt.rekeyed)
			}
			var rekeyed []string
			for _, p := range after.Rekeyed() {
				rel, _ := filepath.Rel(root, p)
				rekeyed = append(rekeyed, filepath.ToSlash(rel))
			}
			if !slices.Equal(rekeyed, tt.rekeyed) {
				t.Errorf("Rekeyed() = %v, want %v", rekeyed, tt.rekeyed)
			}
			if (before.Generation() == after.Generation()) != (tt.rekeyed == nil) {
				t.Errorf("generation %x → %x with keys changed %v", before.Generation(), after.Generation(), tt.rekeyed)
			}
		})
	}
}

// TestKeysOfFilesGoneAndBack: a file removed takes its key and changes its
// importers'; back as it was, every key is as before.
func TestKeysOfFilesGoneAndBack(t *testing.T) {
	root := t.TempDir()
	write(t, root, keysWorkspace)
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), root, nil)
	before := ws.Snapshot()
	types := filepath.Join(root, "types.yaml")
	if err := os.Remove(types); err != nil {
		t.Fatal(err)
	}
	gone := ws.Refresh(types)
	if gone.Key(types) != 0 {
		t.Error("a removed file keeps a key")
	}
	for _, rel := range []string{"mid.yaml", "app.yaml"} {
		if p := filepath.Join(root, rel); gone.Key(p) == before.Key(p) {
			t.Errorf("%s kept its key when the file it reads went", rel)
		}
	}
	write(t, root, map[string]string{"types.yaml": keysWorkspace["types.yaml"]})
	back := ws.Refresh(types)
	for rel := range keysWorkspace {
		if p := filepath.Join(root, rel); back.Key(p) != before.Key(p) {
			t.Errorf("%s: key %x, was %x with the same files", rel, back.Key(p), before.Key(p))
		}
	}
}

// TestKeysOfShadowedProfiles: a file whose profile name another file wins
// reads that file (its duplicate-profile warning points there), so the
// winner's exports changing rekeys it; the winner does not read it.
func TestKeysOfShadowedProfiles(t *testing.T) {
	files := map[string]string{
		"a/profile.yaml": "tosca_definitions_version: tosca_2_0\nprofile: org.example.p\nnode_types:\n  A: {}\n",
		"b/profile.yaml": "tosca_definitions_version: tosca_2_0\nprofile: org.example.p\nnode_types:\n  B: {}\n",
	}
	root := t.TempDir()
	write(t, root, files)
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), root, nil)
	ws.MarkComplete()
	winner, shadowed := filepath.Join(root, "a", "profile.yaml"), filepath.Join(root, "b", "profile.yaml")
	before := ws.Snapshot()
	if got := before.ShadowedBy(shadowed); got != winner {
		t.Fatalf("ShadowedBy(b) = %q, want a's file", got)
	}
	after := ws.SetOverlay(winner, 1, []byte("# moved down\n"+files["a/profile.yaml"]))
	if before.Key(winner) == after.Key(winner) {
		t.Fatal("the winner's exports moved without a new key")
	}
	if before.Key(shadowed) == after.Key(shadowed) {
		t.Error("the shadowed file kept its key when the file winning its name changed")
	}
	again := ws.SetOverlay(shadowed, 1, []byte(files["b/profile.yaml"]+"  B2: {}\n"))
	if again.Key(winner) != after.Key(winner) {
		t.Error("the winner's key changed with the shadowed file's exports")
	}
}

// TestHeatImporters: a Heat file's dependents are the files reading it,
// not every Heat file.
func TestHeatImporters(t *testing.T) {
	root := t.TempDir()
	write(t, root, keysWorkspace)
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), root, nil)
	snap := ws.Snapshot()
	rel := func(paths []string) []string {
		var out []string
		for _, p := range paths {
			r, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(r))
		}
		return out
	}
	tests := []struct {
		file string
		want []string
	}{
		{"heat/lib/server.yaml", []string{"heat/env.yaml", "heat/stack.yaml"}},
		{"heat/lib/volume.yaml", []string{"heat/env.yaml", "heat/stack.yaml"}},
		{"heat/unrelated.yaml", nil},
		{"heat/env.yaml", []string{"heat/stack.yaml"}},
	}
	for _, tt := range tests {
		if got := rel(snap.ImportersOf(filepath.Join(root, tt.file))); !slices.Equal(got, tt.want) {
			t.Errorf("ImportersOf(%s) = %v, want %v", tt.file, got, tt.want)
		}
	}
	if got, want := rel(snap.HeatEnvironments()), []string{"heat/env.yaml"}; !slices.Equal(got, want) {
		t.Errorf("HeatEnvironments() = %v, want %v", got, want)
	}
}

// TestOwnDigestsOnEveryCore: the own digests of a scan's many files,
// worked out on every core, are those worked out one at a time.
func TestOwnDigestsOnEveryCore(t *testing.T) {
	files := map[string]string{}
	for i := range 2 * parallelDigests {
		files[fmt.Sprintf("f%d.yaml", i)] = fmt.Sprintf("tosca_definitions_version: tosca_2_0\nimports: [f%d.yaml, missing.yaml]\nnode_types:\n  T%d: {}\n", (i+1)%(2*parallelDigests), i)
	}
	root := t.TempDir()
	write(t, root, files)
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(context.Background(), root, nil)
	snap := ws.Snapshot()
	b := ws.newBuilder(snap)
	paths := snap.Paths()
	owns := b.ownDigests(paths)
	var d digest
	for i, p := range paths {
		if owns[i].file != snap.File(p) {
			t.Errorf("%s: file %p, the snapshot's %p", p, owns[i].file, snap.File(p))
		}
		if want := b.ownDigest(&d, p, snap.File(p)); owns[i].own != want {
			t.Errorf("%s: own digest %x on every core, %x alone", p, owns[i].own, want)
		}
		if k, _ := snap.keys.Get(p); k.own != owns[i].own || k != owns[i].old || !owns[i].had {
			t.Errorf("%s: own digest %x, key had %+v (%v), the snapshot's %+v", p, owns[i].own, owns[i].old, owns[i].had, k)
		}
	}
}

// TestKeysOfMostFilesAsOfFew: when most files change in one build, every
// file is keyed again instead of walking the dependents of each; the keys
// are those of the same changes made one file at a time, whose builds walk
// the dependents, and the files that did not change keep theirs.
func TestKeysOfMostFilesAsOfFew(t *testing.T) {
	root := t.TempDir()
	const n = 120
	files := map[string]string{}
	text := func(i int, extra string) string {
		imports := fmt.Sprintf("[f%d.yaml]", (i+1)%n)
		if i%10 == 0 {
			imports = fmt.Sprintf("[f%d.yaml, f%d.yaml]", (i+1)%n, (i+n-5)%n)
		}
		return fmt.Sprintf("tosca_definitions_version: tosca_2_0\nimports: %s\nnode_types:\n  T%d%s: {}\n", imports, i, extra)
	}
	for i := range n {
		files[fmt.Sprintf("f%d.yaml", i)] = text(i, "")
	}
	// Apart: a chain no changed file reads.
	files["apart/a.yaml"] = "tosca_definitions_version: tosca_2_0\nimports: [b.yaml]\n"
	files["apart/b.yaml"] = "tosca_definitions_version: tosca_2_0\nnode_types:\n  B: {}\n"
	write(t, root, files)
	// One cache: the embedded profiles at the same paths.
	cache := t.TempDir()
	many := NewWorkspace(Options{CacheDir: cache})
	defer many.Close()
	few := NewWorkspace(Options{CacheDir: cache})
	defer few.Close()
	many.AddFolder(context.Background(), root, nil)
	few.AddFolder(context.Background(), root, nil)
	before := many.Snapshot()
	var changed []string
	for i := range n {
		if i%7 != 3 {
			changed = append(changed, filepath.Join(root, fmt.Sprintf("f%d.yaml", i)))
		}
	}
	if 2*len(changed) <= before.Len() {
		t.Fatalf("%d files changed of %d: not most", len(changed), before.Len())
	}
	edited := func(p string) string {
		var i int
		fmt.Sscanf(filepath.Base(p), "f%d.yaml", &i)
		return text(i, "x")
	}
	after := many.do(func(s *state, b *builder) {
		for _, p := range changed {
			many.commitOverlay(s, b, p, 1, many.parseOverlay(p, edited(p)))
		}
	})
	var one *Snapshot
	for _, p := range changed {
		one = few.SetOverlay(p, 1, []byte(edited(p)))
	}
	for _, p := range after.Paths() {
		if after.Key(p) != one.Key(p) {
			t.Errorf("%s: key %x changed at once, %x one at a time", p, after.Key(p), one.Key(p))
		}
	}
	for _, p := range []string{"apart/a.yaml", "apart/b.yaml"} {
		p = filepath.Join(root, p)
		if after.Key(p) != before.Key(p) || slices.Contains(after.Rekeyed(), p) {
			t.Errorf("%s: key %x → %x, rekeyed: %v", p, before.Key(p), after.Key(p), slices.Contains(after.Rekeyed(), p))
		}
	}
	if len(after.Rekeyed()) != n {
		t.Errorf("rekeyed %d files, want the %d of the cycle", len(after.Rekeyed()), n)
	}
}
