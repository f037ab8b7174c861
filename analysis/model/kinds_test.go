package model

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// randomKinds writes files declaring a few names in several type kinds,
// importing each other (namespaced or not, in cycles, through imports that
// do not resolve).
func randomKinds(seed uint64) (src map[string]string, names []string) {
	rnd := rand.New(rand.NewPCG(seed, 27))
	const files = 40
	pool := []string{"A", "B", "C", "D"}
	sections := []string{"data_types", "node_types", "capability_types", "relationship_types"}
	spaces := []string{"ns1", "ns2"}
	src = map[string]string{}
	for i := range files {
		var b strings.Builder
		b.WriteString("tosca_definitions_version: tosca_2_0\nimports:\n")
		for range rnd.IntN(4) {
			target := rnd.IntN(files)
			if i+1 < files && rnd.IntN(2) == 0 {
				target = i + 1 // runs of single imports make tables
			}
			if rnd.IntN(3) == 0 {
				fmt.Fprintf(&b, "  - url: f%02d.yaml\n    namespace: %s\n", target, spaces[rnd.IntN(len(spaces))])
			} else {
				fmt.Fprintf(&b, "  - url: f%02d.yaml\n", target)
			}
		}
		if rnd.IntN(10) == 0 {
			fmt.Fprintf(&b, "  - url: missing%d.yaml\n", i)
		}
		for _, section := range sections {
			fmt.Fprintf(&b, "%s:\n", section)
			for _, name := range pool {
				if rnd.IntN(6) == 0 {
					fmt.Fprintf(&b, "  %s: {}\n", name)
				}
			}
			fmt.Fprintf(&b, "  %s%d: {}\n", section[:1], i)
		}
		src[fmt.Sprintf("f%02d.yaml", i)] = b.String()
	}
	for _, prefix := range []string{"", "ns1:", "ns2:", "ns1:ns2:"} {
		for _, local := range append(slices.Clone(pool), "d0", "n1", "c2", "Nothing") {
			names = append(names, prefix+local)
		}
	}
	return src, names
}

// TestOtherKindsMatchLookups: LookupOtherKind, which looks a name up in
// every kind at once, answers what a lookup of each kind in turn does,
// whether the lookups of some kinds are known beforehand or not.
func TestOtherKindsMatchLookups(t *testing.T) {
	for seed := range uint64(4) {
		src, names := randomKinds(seed)
		v, dir := folderView(t, src)
		known := NewEngine().View(v.Snap) // asked each kind first
		for i := range len(src) {
			path := filepath.Join(dir, fmt.Sprintf("f%02d.yaml", i))
			for _, name := range names {
				for _, kind := range []grammar.RefKind{grammar.NodeType, grammar.DataType, grammar.PolicyType} {
					var want Decl
					for _, k := range grammar.TypeKinds {
						if d := known.Lookup(path, k, name); k != kind && d.Valid() && !want.Valid() {
							want = d
						}
					}
					if got := v.LookupOtherKind(path, kind, name); got != want {
						t.Fatalf("seed %d: %s other than %s from f%02d: %s:%d, each kind in turn finds %s:%d", seed, name, kind, i, filepath.Base(got.Path), got.ID, filepath.Base(want.Path), want.ID)
					}
					if got := known.LookupOtherKind(path, kind, name); got != want {
						t.Fatalf("seed %d: %s other than %s from f%02d, its kinds known: %s:%d, want %s:%d", seed, name, kind, i, filepath.Base(got.Path), got.ID, filepath.Base(want.Path), want.ID)
					}
				}
			}
		}
		shared := 0
		for i := range v.prog.closureSets.byHash.shards {
			for _, bucket := range v.prog.closureSets.byHash.shards[i].m {
				for _, c := range bucket {
					if c.kinds.Load() != nil {
						shared++
					}
				}
			}
		}
		if shared == 0 {
			t.Errorf("seed %d: no shared set memoised the kinds of a name", seed)
		}
	}
}

// TestSuggestionsMatchWalks: the candidates "did you mean" takes from the
// walk shared by the files importing alike are those of each file's own
// walk over its imports and implicit profiles.
func TestSuggestionsMatchWalks(t *testing.T) {
	for seed := range uint64(4) {
		src, _ := randomKinds(seed)
		v, dir := folderView(t, src)
		for i := range len(src) {
			path := filepath.Join(dir, fmt.Sprintf("f%02d.yaml", i))
			c := &checker{ctx: context.Background(), v: v, path: path, f: v.Facts(path), scope: v.scope(path)}
			for _, kind := range []grammar.RefKind{grammar.NodeType, grammar.DataType} {
				var want []*diag.Candidates
				for _, s := range walkedScope(v, path) {
					want = append(want, v.typeCandidates(s.path, kind, s.prefix))
				}
				if got := c.typeCandidates(kind); !slices.Equal(got, want) {
					t.Fatalf("seed %d: f%02d has %d sets of %s candidates, its walk %d", seed, i, len(got), kind, len(want))
				}
			}
		}
	}
}

// walkedScope is the file at path, then the files a breadth-first walk
// from it reaches over imports, then over its implicit profiles, each once,
// with the prefix of the first path reaching it.
func walkedScope(v *View, path string) []scopeFile {
	var out []scopeFile
	seen := map[string]bool{}
	run := func(queue []scopeFile) {
		for ; len(queue) > 0; queue = queue[1:] {
			cur := queue[0]
			if seen[cur.path] {
				continue
			}
			seen[cur.path] = true
			out = append(out, cur)
			for _, l := range v.Snap.Links(cur.path) {
				if l.Path != "" {
					queue = append(queue, scopeFile{qualify(cur.prefix, l.Import.Namespace), l.Path})
				}
			}
		}
	}
	run([]scopeFile{{"", path}})
	var implicit []scopeFile
	for _, p := range v.Snap.Implicit(v.Snap.File(path)) {
		implicit = append(implicit, scopeFile{"", p})
	}
	run(implicit)
	return out
}
