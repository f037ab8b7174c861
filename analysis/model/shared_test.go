package model

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/bench/corpus"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/indextest"
)

// Chains, member tables and closures are shared between the types and
// files that build on each other (issue 24): these tests compare what the
// shared structures answer with the plain walks they replace.

// folderView indexes files written into a new folder.
func folderView(t *testing.T, files map[string]string) (*View, string) {
	t.Helper()
	dir := t.TempDir()
	if err := indextest.WriteFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	t.Cleanup(ws.Close)
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	return NewEngine().View(ws.Snapshot()), dir
}

// TestDeepChain: each type of a chain thousands deep is one link on its
// parent's, reaches any ancestor in a few jumps, and lists every member
// above it, in order.
func TestDeepChain(t *testing.T) {
	const n = 3000
	f := corpus.DeepChain(n)[0]
	v, dir := folderView(t, map[string]string{f.Rel: string(f.Data)})
	path := filepath.Join(dir, f.Rel)
	types := make([]Decl, n)
	for i := range types {
		types[i] = v.Lookup(path, grammar.NodeType, fmt.Sprintf("T%d", i))
	}
	deepest := types[n-1]
	chain, cyclic := v.Chain(deepest)
	if cyclic || chain.Len() != n+1 || v.Name(chain.Root()) != "tosca.nodes.Root" {
		t.Fatalf("chain of %d types ending at %s (cyclic %v)", chain.Len(), v.Name(chain.Root()), cyclic)
	}
	if v.chainLink(deepest).parent != v.chainLink(types[n-2]) {
		t.Error("a type's link is not on its parent's")
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		a, b := rnd.IntN(n), rnd.IntN(n)
		if got := v.DerivesFrom(types[a], types[b]); got != (a >= b) {
			t.Fatalf("DerivesFrom(T%d, T%d) = %v", a, b, got)
		}
	}
	ms := v.Members(deepest, grammar.SectionProperties)
	if len(ms) != n {
		t.Fatalf("%d properties, want %d", len(ms), n)
	}
	for i, m := range ms {
		if m.Name != fmt.Sprintf("p%d", i) || m.Origin != types[i] || m.Definer != types[i] {
			t.Fatalf("property %d: %s from %s", i, m.Name, v.Name(m.Origin))
		}
	}
	if m, ok := v.Member(deepest, grammar.SectionProperties, "p0"); !ok || m.Origin != types[0] || len(v.Definitions(m)) != 1 {
		t.Errorf("p0 of T%d: %+v", n-1, m)
	}
}

// TestMembersOfRandomTypes: on forests of types that add members and
// refine inherited ones (tables crossing from lists to maps among them),
// every type's members, their definitions and types are those its chain
// gives, walked type by type.
func TestMembersOfRandomTypes(t *testing.T) {
	for seed := range uint64(4) {
		rnd := rand.New(rand.NewPCG(seed, 7))
		const types = 120
		var b strings.Builder
		b.WriteString("tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n")
		props := make([][]string, types) // every property name each type sees
		for i := range types {
			parent := -1
			if i > 0 && rnd.IntN(8) > 0 {
				parent = max(0, i-1-rnd.IntN(3))
			}
			fmt.Fprintf(&b, "  T%d:\n", i)
			if parent >= 0 {
				fmt.Fprintf(&b, "    derived_from: T%d\n", parent)
				props[i] = slices.Clone(props[parent])
			}
			b.WriteString("    properties:\n")
			refined := map[string]bool{}
			for range rnd.IntN(12) {
				if parent >= 0 && len(props[parent]) > 0 && rnd.IntN(3) == 0 {
					// A refinement, its type left out or changed.
					name := props[parent][rnd.IntN(len(props[parent]))]
					if refined[name] {
						continue
					}
					refined[name] = true
					if rnd.IntN(2) == 0 {
						fmt.Fprintf(&b, "      %s: { required: false }\n", name)
					} else {
						fmt.Fprintf(&b, "      %s: { type: integer }\n", name)
					}
					continue
				}
				name := fmt.Sprintf("p%d_%d", i, len(props[i]))
				if !slices.Contains(props[i], name) {
					props[i] = append(props[i], name)
					fmt.Fprintf(&b, "      %s: { type: string }\n", name)
				}
			}
			if !refined["common"] {
				b.WriteString("      common: { type: string }\n")
			}
		}
		v, dir := folderView(t, map[string]string{"types.yaml": b.String()})
		path := filepath.Join(dir, "types.yaml")
		for i := range types {
			d := v.Lookup(path, grammar.NodeType, fmt.Sprintf("T%d", i))
			want := membersWalked(v, d, grammar.SectionProperties)
			got := v.Members(d, grammar.SectionProperties)
			if len(got) != len(want) {
				t.Fatalf("seed %d, T%d: %d members, want %d", seed, i, len(got), len(want))
			}
			for k := range want {
				g, w := got[k], want[k]
				if g.Name != w.Name || g.Def != w.Def || g.Definer != w.Definer || g.Origin != w.Origin {
					t.Fatalf("seed %d, T%d, member %d: %+v, want %+v", seed, i, k, g, w)
				}
				if m, ok := v.Member(d, grammar.SectionProperties, w.Name); !ok || m.Def != w.Def {
					t.Fatalf("seed %d, T%d: Member(%s) = %+v", seed, i, w.Name, m)
				}
				if defs := v.definitionsOf(w); !slices.Equal(v.Definitions(g), defs) {
					t.Fatalf("seed %d, T%d, %s: definitions %v, want %v", seed, i, w.Name, v.Definitions(g), defs)
				}
				if typ := v.memberType(v.definitionsOf(w)); v.MemberType(g) != typ {
					t.Fatalf("seed %d, T%d, %s: type %s, want %s", seed, i, w.Name, v.Name(v.MemberType(g)), v.Name(typ))
				}
			}
		}
	}
}

// membersWalked lists d's members by walking its chain from the root.
func membersWalked(v *View, d Decl, section string) []Member {
	chain, _ := v.Chain(d)
	decls := chain.Decls()
	var out []Member
	for i := len(decls) - 1; i >= 0; i-- {
		t := decls[i]
		f := v.Facts(t.Path)
		for _, id := range f.Entries(t.ID, section) {
			name := f.Entity(id).Name
			if j := slices.IndexFunc(out, func(m Member) bool { return m.Name == name }); j >= 0 {
				out[j].Def, out[j].Definer = Decl{t.Path, id}, t
				continue
			}
			out = append(out, Member{Name: name, Section: section, Def: Decl{t.Path, id}, Definer: t, Origin: t})
		}
	}
	return out
}

// TestCyclicChains: the types of a derivation cycle each have a chain of
// their own, and a type deriving into the cycle stops where it enters it.
func TestCyclicChains(t *testing.T) {
	v, dir := folderView(t, map[string]string{"types.yaml": `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  X:
    derived_from: A
  A:
    derived_from: B
  B:
    derived_from: C
  C:
    derived_from: A
`})
	path := filepath.Join(dir, "types.yaml")
	named := func(n string) Decl { return v.Lookup(path, grammar.NodeType, n) }
	names := func(c Chain) (out []string) {
		for d := range c.All() {
			out = append(out, v.Name(d))
		}
		return out
	}
	for _, c := range []struct {
		start string
		chain []string
	}{
		{"X", []string{"X", "A"}},
		{"A", []string{"A"}},
		{"C", []string{"C"}},
	} {
		chain, cyclic := v.Chain(named(c.start))
		if !cyclic || !slices.Equal(names(chain), c.chain) {
			t.Errorf("chain of %s: %v (cyclic %v), want %v", c.start, names(chain), cyclic, c.chain)
		}
	}
	l := v.chainLink(named("B"))
	if l.cycle == nil || !l.cycle.reportedAt(named("A")) || l.cycle.reportedAt(named("B")) {
		t.Error("the cycle is not reported at its first type")
	}
	if got := l.cycle.from(named("B")); len(got) != 3 || v.Name(got[0]) != "B" || v.Name(got[1]) != "C" {
		t.Errorf("cycle from B: %v", got)
	}
}

// TestClosureLookupsMatchWalks: on random import graphs (namespaced
// imports, cycles, chains of single imports, imports that do not
// resolve), every name looked up through a file's imports is the one the
// breadth-first walk over them finds first, and a name is muted when the
// walk meets an unresolved import that may hold it.
func TestClosureLookupsMatchWalks(t *testing.T) {
	for seed := range uint64(6) {
		rnd := rand.New(rand.NewPCG(seed, 11))
		const files = 60
		pool := []string{"A", "B", "C", "D", "E"}
		spaces := []string{"ns1", "ns2"}
		src := map[string]string{}
		for i := range files {
			var b strings.Builder
			b.WriteString("tosca_definitions_version: tosca_simple_yaml_1_3\n")
			imports := 1 // mostly one: chains of single imports
			if i%20 >= 12 && rnd.IntN(8) == 0 {
				imports = rnd.IntN(4)
			}
			if i == files-1 {
				imports = 0
			}
			missing := rnd.IntN(12) == 0
			if imports > 0 || missing {
				b.WriteString("imports:\n")
			}
			if missing {
				// An import that does not resolve mutes the names it may hold.
				if rnd.IntN(2) == 0 {
					fmt.Fprintf(&b, "  - file: missing%d.yaml\n    namespace_prefix: %s\n", i, spaces[rnd.IntN(len(spaces))])
				} else {
					fmt.Fprintf(&b, "  - missing%d.yaml\n", i)
				}
			}
			for k := range imports {
				target := i + 1
				if i%20 < 12 {
					// A run of files each importing the next alone.
					fmt.Fprintf(&b, "  - f%02d.yaml\n", target)
					continue
				}
				if rnd.IntN(4) == 0 {
					target += rnd.IntN(3)
				}
				if k > 0 || rnd.IntN(10) == 0 {
					target = rnd.IntN(files) // anywhere: cycles
				}
				target = min(target, files-1)
				if rnd.IntN(4) == 0 {
					fmt.Fprintf(&b, "  - file: f%02d.yaml\n    namespace_prefix: %s\n", target, spaces[rnd.IntN(len(spaces))])
				} else {
					fmt.Fprintf(&b, "  - f%02d.yaml\n", target)
				}
			}
			b.WriteString("node_types:\n")
			for _, name := range pool {
				if rnd.IntN(5) == 0 {
					fmt.Fprintf(&b, "  %s:\n    derived_from: tosca.nodes.Root\n", name)
				}
			}
			fmt.Fprintf(&b, "  Own%d:\n    derived_from: tosca.nodes.Root\n", i)
			src[fmt.Sprintf("f%02d.yaml", i)] = b.String()
		}
		v, dir := folderView(t, src)
		for i := range files {
			path := filepath.Join(dir, fmt.Sprintf("f%02d.yaml", i))
			for _, prefix := range []string{"", "ns1:", "ns2:", "ns1:ns2:"} {
				for _, local := range append(slices.Clone(pool), "Own0", fmt.Sprintf("Own%d", files-1)) {
					name := prefix + local
					want := walkedLookup(v, path, name)
					if got := v.lookupImported(path, grammar.NodeType, name); got != want {
						t.Fatalf("seed %d: %s from f%02d: %s:%d, the walk finds %s:%d", seed, name, i, filepath.Base(got.Path), got.ID, filepath.Base(want.Path), want.ID)
					}
					if got, want := v.Muted(path, name), walkedMuted(v, path, name); got != want {
						t.Fatalf("seed %d: %s from f%02d muted: %v, the walk says %v", seed, name, i, got, want)
					}
				}
			}
		}
		tables := 0
		for i := range v.prog.closureSets.byHash.shards {
			for _, bucket := range v.prog.closureSets.byHash.shards[i].m {
				for _, c := range bucket {
					if c.table != nil {
						tables++
					}
				}
			}
		}
		if tables == 0 {
			t.Errorf("seed %d: no chain of imports was long enough to make a table", seed)
		}
	}
}

// walkedMuted reports whether a walk from path meets an import that did not
// resolve and may hold name.
func walkedMuted(v *View, path, name string) bool {
	muted := false
	v.walkImports([]visit{{path, name}}, func(s visit) bool {
		for _, l := range v.Snap.Links(s.path) {
			if ns := l.Import.Namespace; l.Path == "" && (ns == "" || inNamespace(s.rest, ns)) {
				muted = true
			}
		}
		return muted
	})
	return muted
}

// walkedLookup is the first type named name that a breadth-first walk over
// the imports of path finds.
func walkedLookup(v *View, path, name string) Decl {
	prefix, local := splitPrefix(name)
	var found Decl
	v.walkImports(v.importTargets(path, prefix), func(s visit) bool {
		found = v.lookupOwn(s.path, grammar.NodeType, s.rest+local)
		return found.Valid()
	})
	return found
}

// TestViewFilesShared: a view reads each file once, whichever core asks
// first and however many files its table grew past, paths ending alike and
// paths not in the snapshot included.
func TestViewFilesShared(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("p%03d/definitions/types.yaml", i)] = "tosca_definitions_version: tosca_simple_yaml_1_3\n"
	}
	v, dir := folderView(t, files)
	var paths []string
	for rel := range files {
		paths = append(paths, filepath.Join(dir, rel), filepath.Join(dir, "absent", rel))
	}
	got := make([][]*viewFile, 2)
	done := make(chan bool)
	for w := range got {
		go func() {
			for i := range paths {
				got[w] = append(got[w], v.file(paths[(i+w*len(paths)/2)%len(paths)]))
			}
			done <- true
		}()
	}
	<-done
	<-done
	for i, p := range paths {
		f := v.file(p)
		if f.path != p || f != got[0][i] || f != got[1][(i+len(paths)/2)%len(paths)] {
			t.Fatalf("%s: another file read", p)
		}
		if (f.facts != nil) != (v.Snap.File(p) != nil) {
			t.Fatalf("%s: facts %v", p, f.facts != nil)
		}
	}
}

// TestTypeTableExtra: a type table answers for entities its slots do not
// cover (the file's facts changed within the program) as for its types.
func TestTypeTableExtra(t *testing.T) {
	v, dir := folderView(t, map[string]string{"a.yaml": "tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n  A:\n    derived_from: tosca.nodes.Root\n"})
	path := filepath.Join(dir, "a.yaml")
	a := v.Lookup(path, grammar.NodeType, "A")
	root := v.Parent(a)
	if !root.Valid() {
		t.Fatal("A has no parent")
	}
	var types typeTable
	l := newChainLink(a, nil)
	types.putParent(a.ID, root, v, path)
	if p, ok := types.parent(a.ID); !ok || p != root {
		t.Fatalf("A's parent %v, %v", p, ok)
	}
	other := a.ID + 1 // no type: the slots do not cover it
	if _, ok := types.parent(other); ok {
		t.Fatal("a parent before one was put")
	}
	if types.putParent(other, root, v, path) != root || types.putParent(other, Decl{}, v, path) != root {
		t.Error("another parent kept")
	}
	if types.putLink(other, l, v, path) != l || types.putLink(other, newChainLink(a, nil), v, path) != l || types.link(other) != l {
		t.Error("another link kept")
	}
	if p, ok := types.parent(other); !ok || p != root || types.extra[other] == nil {
		t.Errorf("parent %v, %v", p, ok)
	}
}
