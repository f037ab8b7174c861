package syntax

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// collectionKinds write a collection of n entries (entry i is the integer
// i, keyed k<i> in a mapping) as the value of a key at indentation ind.
var collectionKinds = []struct {
	name  string
	write func(b *strings.Builder, ind string, n int)
}{
	{"flow sequence", func(b *strings.Builder, ind string, n int) {
		b.WriteString(" [")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(i))
		}
		b.WriteString("]\n")
	}},
	{"flow mapping", func(b *strings.Builder, ind string, n int) {
		b.WriteString(" {")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "k%d: %d", i, i)
		}
		b.WriteString("}\n")
	}},
	{"block sequence", func(b *strings.Builder, ind string, n int) {
		if n == 0 {
			b.WriteString(" []\n")
			return
		}
		b.WriteString("\n")
		for i := range n {
			fmt.Fprintf(b, "%s  - %d\n", ind, i)
		}
	}},
	{"block mapping", func(b *strings.Builder, ind string, n int) {
		if n == 0 {
			b.WriteString(" {}\n")
			return
		}
		b.WriteString("\n")
		for i := range n {
			fmt.Fprintf(b, "%s  k%d: %d\n", ind, i, i)
		}
	}},
}

// checkEntries asserts that n is a collection of the entries 0..size-1.
func checkEntries(t *testing.T, f *File, n *Node, size int) {
	t.Helper()
	if n == nil {
		t.Fatalf("collection of %d missing:\n%s", size, dumpFile(f))
	}
	got := len(n.Items)
	if n.Kind == Mapping {
		got = len(n.Pairs)
	}
	if got != size || cap(n.Items) != len(n.Items) || cap(n.Pairs) != len(n.Pairs) {
		t.Fatalf("%v of %d entries has %d (capacity %d, %d)", n.Kind, size, got, cap(n.Items), cap(n.Pairs))
	}
	for i := range size {
		var v *Node
		if n.Kind == Mapping {
			if p := n.Pairs[i]; p.Key.Value == "k"+strconv.Itoa(i) {
				v = p.Value
			}
		} else {
			v = n.Items[i]
		}
		if v == nil || v.Value != strconv.Itoa(i) {
			t.Fatalf("%v of %d entries: entry %d is wrong", n.Kind, size, i)
		}
	}
}

// parseBoth parses src alone and in a reused arena; both must give the
// same clean tree, which check inspects.
func parseBoth(t *testing.T, src string, a *Arena, check func(f *File)) {
	t.Helper()
	a.Reset()
	for _, f := range []*File{Parse([]byte(src)), ParseIn(src, a)} {
		if len(f.Errors) > 0 {
			t.Fatalf("%d bytes: %v", len(src), f.Errors)
		}
		checkSpans(t, f)
		check(f)
	}
}

// Issue 24: a collection of 65 to 256 entries closing first overran the
// first slab of a lone parse ("slice bounds out of range [:70] with
// capacity 64"); an arena's slabs were large enough. Every size from empty
// past a quarter slab (lists longer than that get their own array) parses,
// alone and in an arena, as the first collection to close and after the
// collections before it have partly filled the slabs.
func TestCollectionSizes(t *testing.T) {
	var a Arena
	for _, kind := range collectionKinds {
		t.Run(kind.name, func(t *testing.T) {
			for size := 0; size <= slabSize/4+8; size++ {
				var b strings.Builder
				b.WriteString("first:")
				kind.write(&b, "", size)
				b.WriteString("second:\n  inner:")
				kind.write(&b, "  ", size)
				parseBoth(t, b.String(), &a, func(f *File) {
					checkEntries(t, f, f.Root().Get("first"), size)
					checkEntries(t, f, get(f.Root(), "second", "inner"), size)
				})
			}
		})
	}
}

// Collections nested in one document, so that each closes with the slabs
// in a different state: a mapping of collections of sizes 0, 1, 2, … past
// a quarter slab, of the sizes around a slab and its multiples, and of
// 5,000 entries, for each kind.
func TestNestedCollectionSizes(t *testing.T) {
	var a Arena
	for _, kind := range collectionKinds {
		for _, sizes := range [][]int{ascending(0, slabSize/4+64), {511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049}, {5000}} {
			var b strings.Builder
			b.WriteString("outer:\n")
			for i, size := range sizes {
				fmt.Fprintf(&b, "  c%d:", i)
				kind.write(&b, "  ", size)
			}
			parseBoth(t, b.String(), &a, func(f *File) {
				for i, size := range sizes {
					checkEntries(t, f, get(f.Root(), "outer", fmt.Sprintf("c%d", i)), size)
				}
			})
		}
	}
}

func ascending(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// carve hands out every size up to several thousand, from every slab
// state a parse can leave, for a lone parse (slabs sized to the text left)
// and for an arena (the lists longer than a quarter slab, which get their
// own array whatever the slabs, in one of them): exactly the length asked
// for, no spare capacity, and no memory shared with the list before.
func TestCarveEverySize(t *testing.T) {
	type config struct {
		own     bool
		textLen int
	}
	configs := []config{{true, 1 << 20}, {true, 0}, {true, 700}, {false, 0}}
	for _, c := range configs {
		b := &builder{src: make([]byte, c.textLen), arena: &Arena{own: c.own}}
		var slab, prev []*Node
		markers := [2]*Node{{}, {}}
		carves := 0
		for size := 0; size <= 5000; size++ {
			if size > slabSize/4+8 && c != configs[0] {
				break // longer lists get their own array, whatever the slabs
			}
			for _, n := range []int{size % 97, size} {
				got := carve(b, &slab, &b.arena.nodePtrs, n, bytesPerEntry)
				if len(got) != n || cap(got) != n {
					t.Fatalf("%+v: carve(%d) has length %d, capacity %d", c, n, len(got), cap(got))
				}
				mine, theirs := markers[carves%2], markers[1-carves%2]
				for i := range got {
					got[i] = mine
				}
				for i := range prev {
					if prev[i] != theirs {
						t.Fatalf("%+v: carve(%d) overlaps the list of %d carved before it", c, n, len(prev))
					}
				}
				prev = got
				carves++
			}
		}
	}
}

// TestParseLeavesLinesUnindexed: a parse of a well-formed text does not ask
// for its line index (a workspace scan binds and drops thousands of trees
// whose lines nobody asks), so parsing 50,000 short lines in a warm arena
// allocates far less than the index's 8 bytes a line.
func TestParseLeavesLinesUnindexed(t *testing.T) {
	const lines = 50_000
	for _, src := range []string{
		strings.Repeat("\n", lines) + "a: 1\n",
		"a: 1\n" + strings.Repeat("\n", lines),
	} {
		a := &Arena{}
		ParseIn(src, a)
		a.Reset()
		if got := allocatedBy(func() { ParseIn(src, a) }); got > lines {
			t.Errorf("parsing %d lines allocated %d bytes, want the line index unbuilt", lines, got)
		}
	}
}

// TestArenaTexts: the values of scalars that are not their source text
// (folded, escaped, plain on several lines) are written in the arena's
// text slabs: they read as a lone parse reads them, short ones and one
// longer than a slab, after a Reset as before, and a warm arena parses
// them without allocating their text again.
func TestArenaTexts(t *testing.T) {
	var b strings.Builder
	for i, size := range []int{1, 10, 100, 1000, textSlabSize + 10, 30, textSlabSize / 2} {
		fmt.Fprintf(&b, "folded%d: >-\n  %s\n  end\n", i, strings.Repeat("w", size))
	}
	b.WriteString("escaped: \"a\\tb\"\nplain: one\n  two\n")
	src := b.String()
	lone := Parse([]byte(src))
	var a Arena
	for range 2 {
		a.Reset()
		parseBoth(t, src, &a, func(f *File) {
			for i, p := range f.Root().Pairs {
				if want := lone.Root().Pairs[i].Value.Value; p.Value.Value != want {
					t.Fatalf("%s: %d bytes, want %d", p.Key.Value, len(p.Value.Value), len(want))
				}
			}
		})
	}
	a.Reset()
	if got := allocatedBy(func() { ParseIn(src, &a) }); got > uint64(len(src)/4) {
		t.Errorf("a warm arena parsing %d bytes of folded text allocated %d bytes", len(src), got)
	}
}
