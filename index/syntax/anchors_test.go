package syntax

import (
	"fmt"
	"strings"
	"testing"
)

func TestAlias(t *testing.T) {
	src := "base: &b\n  x: 1\n  y: [p, q]\nuse: *b\nitems: [&s str, *s]\n"
	f := Parse([]byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("errors %v", f.Errors)
	}
	base := mustGet(t, f, 0, "base")
	if base.Anchor != "b" {
		t.Errorf("anchor %q", base.Anchor)
	}
	use := mustGet(t, f, 0, "use")
	if use.Kind != Mapping || use.Anchored != base || spanText(f.Src, use.Span) != "*b" {
		t.Fatalf("alias: kind %v anchored %p (want %p) span %q", use.Kind, use.Anchored, base, spanText(f.Src, use.Span))
	}
	if use.Get("x").Text() != "1" || len(use.Get("y").Items) != 2 {
		t.Error("alias does not expose the anchored content")
	}
	if &use.Pairs[0] != &base.Pairs[0] {
		t.Error("alias copies the pairs instead of sharing them")
	}
	if use.Anchor != "" {
		t.Errorf("alias carries anchor %q", use.Anchor)
	}
	s := mustGet(t, f, 0, "items", "#1")
	if s.Kind != Scalar || s.Value != "str" || spanText(f.Src, s.Span) != "*s" {
		t.Errorf("scalar alias: %v %q %q", s.Kind, s.Value, spanText(f.Src, s.Span))
	}
	if a := mustGet(t, f, 0, "items", "#0"); a.Anchor != "s" || spanText(f.Src, a.Span) != "str" {
		t.Errorf("anchored scalar: anchor %q span %q", a.Anchor, spanText(f.Src, a.Span))
	}
}

func TestMergeKeys(t *testing.T) {
	src := `a: &a {x: a, y: a}
b: &b {x: b, z: b, w: b}
one:
  y: own
  <<: *a
  k: own
seq:
  <<: [*b, *a]
  w: own
nested:
  <<: {n: inline}
`
	f := Parse([]byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("errors %v", f.Errors)
	}
	type kv struct {
		k, v   string
		merged bool
	}
	pairs := func(n *Node) []kv {
		var out []kv
		for _, p := range n.Pairs {
			out = append(out, kv{p.Key.Value, p.Value.Value, p.Merged})
		}
		return out
	}
	tests := []struct {
		key  string
		want []kv
	}{
		// explicit y wins over the merged one; merged pairs sit where `<<` was.
		{"one", []kv{{"y", "own", false}, {"x", "a", true}, {"k", "own", false}}},
		// earlier merged mappings win over later ones; explicit w wins.
		{"seq", []kv{{"x", "b", true}, {"z", "b", true}, {"y", "a", true}, {"w", "own", false}}},
		{"nested", []kv{{"n", "inline", true}}},
	}
	for _, tc := range tests {
		got := pairs(mustGet(t, f, 0, tc.key))
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: pairs %v, want %v", tc.key, got, tc.want)
		}
	}
	// Merged keys point at the anchored mapping's key nodes.
	one := mustGet(t, f, 0, "one")
	if k := one.GetPair("x").Key; spanText(f.Src, k.Span) != "x" || k.Span.Start > 10 {
		t.Errorf("merged key span %v", k.Span)
	}
}

func TestMergeBadValue(t *testing.T) {
	f := Parse([]byte("a:\n  <<: 5\n  b: 1\n"))
	if len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Message, "merge") || spanText(f.Src, f.Errors[0].Span) != "5" {
		t.Errorf("errors %v", f.Errors)
	}
	if mustGet(t, f, 0, "a", "b").Text() != "1" {
		t.Error("b lost")
	}
}

func TestUndefinedAlias(t *testing.T) {
	src := "a: &x 1\nb: *y\nc: [*x, *z]\n"
	f := Parse([]byte(src))
	var got []string
	for _, e := range f.Errors {
		got = append(got, fmt.Sprintf("%s@%s", e.Message, spanText(f.Src, e.Span)))
	}
	want := []string{`undefined alias "y"@*y`, `undefined alias "z"@*z`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("errors %v, want %v", got, want)
	}
	if b := mustGet(t, f, 0, "b"); b.Kind != Null || spanText(f.Src, b.Span) != "*y" {
		t.Errorf("b: %v %q", b.Kind, spanText(f.Src, b.Span))
	}
	if x := mustGet(t, f, 0, "c", "#0"); x.Text() != "1" {
		t.Errorf("c[0] = %q", x.Text())
	}
}

func TestAliasUsedBeforeAnchor(t *testing.T) {
	f := Parse([]byte("a: *x\nb: &x 1\n"))
	if len(f.Errors) != 1 || f.Errors[0].Message != `undefined alias "x"` {
		t.Errorf("errors %v", f.Errors)
	}
}

// TestAliasBytes: a long scalar named by many aliases expands to as much
// text as their number times its length: past maxExpansionBytes, further
// aliases are ignored with one error, however few nodes they are.
func TestAliasBytes(t *testing.T) {
	var b strings.Builder
	b.WriteString("big: &big " + strings.Repeat("y", 1<<20) + "\nuses:\n")
	for range 3000 {
		b.WriteString("  - *big\n")
	}
	b.WriteString("after: ok\n")
	f := Parse([]byte(b.String()))
	if len(f.Errors) != 1 || f.Errors[0].Message != expansionMessage {
		t.Fatalf("errors %v, want the expansion error", f.Errors)
	}
	expanded := 0
	for _, it := range mustGet(t, f, 0, "uses").Items {
		expanded += len(it.Text())
	}
	if want := maxExpansionBytes / (1 << 20) * (1 << 20); expanded != want {
		t.Errorf("aliases expanded to %d bytes, want %d", expanded, want)
	}
	if mustGet(t, f, 0, "after").Text() != "ok" {
		t.Error("rest of the document lost")
	}
}

func TestAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("after: ok\n")
	f := Parse([]byte(b.String()))
	n := 0
	for _, e := range f.Errors {
		if strings.Contains(e.Message, "expand") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("want one expansion error, got %v", f.Errors)
	}
	if mustGet(t, f, 0, "after").Text() != "ok" {
		t.Error("rest of the document lost")
	}
	// Count the expanded tree: must stay bounded.
	var count func(*Node) int
	count = func(n *Node) int {
		c := 1
		for _, it := range n.Items {
			c += count(it)
		}
		for _, p := range n.Pairs {
			c += count(p.Key) + count(p.Value)
		}
		return c
	}
	if c := count(f.Root()); c > 2*maxExpansion {
		t.Errorf("expanded tree has %d nodes", c)
	}
}

func TestMergeBomb(t *testing.T) {
	// Many mappings merging a big anchor: bounded by the expansion budget.
	var b strings.Builder
	b.WriteString("base: &b\n")
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, "  k%d: v\n", i)
	}
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, "m%d: {<<: *b}\n", i)
	}
	f := Parse([]byte(b.String()))
	found := false
	for _, e := range f.Errors {
		found = found || strings.Contains(e.Message, "expand")
	}
	if !found {
		t.Error("no expansion error")
	}
	total := 0
	walk(f.Root(), func(n *Node) { total += len(n.Pairs) })
	if total > 2*maxExpansion {
		t.Errorf("%d pairs", total)
	}
}
