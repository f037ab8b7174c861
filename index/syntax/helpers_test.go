package syntax

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// spanText is the text of src under sp ("" when out of range).
func spanText(src []byte, sp text.Span) string {
	if sp.Start < 0 || sp.End > len(src) || sp.Start > sp.End {
		return ""
	}
	return string(src[sp.Start:sp.End])
}

// get walks from n by keys ("name") and sequence indexes ("#0"); "@name"
// selects the key node of a pair instead of its value.
func get(n *Node, path ...string) *Node {
	for _, s := range path {
		if n == nil {
			return nil
		}
		switch {
		case strings.HasPrefix(s, "#"):
			i, err := strconv.Atoi(s[1:])
			if err != nil || n.Kind != Sequence || i >= len(n.Items) {
				return nil
			}
			n = n.Items[i]
		case strings.HasPrefix(s, "@"):
			p := n.GetPair(s[1:])
			if p == nil {
				return nil
			}
			n = p.Key
		default:
			n = n.Get(s)
		}
	}
	return n
}

func mustGet(t *testing.T, f *File, doc int, path ...string) *Node {
	t.Helper()
	if doc >= len(f.Docs) {
		t.Fatalf("no document %d (have %d)", doc, len(f.Docs))
	}
	n := get(f.Docs[doc].Root, path...)
	if n == nil {
		t.Fatalf("no node at %v in document %d; tree:\n%s", path, doc, dumpFile(f))
	}
	return n
}

// walk visits every node reachable without entering alias targets.
func walk(n *Node, fn func(*Node)) {
	if n == nil {
		return
	}
	fn(n)
	if n.Anchored == nil {
		eachChild(n, func(c *Node) { walk(c, fn) })
	}
}

// eachChild visits n's keys, values and items in order, leaving out the
// pairs a merge key brought in (their nodes lie where they were written).
func eachChild(n *Node, fn func(*Node)) {
	for _, p := range n.Pairs {
		if !p.Merged {
			fn(p.Key)
			fn(p.Value)
		}
	}
	for _, it := range n.Items {
		fn(it)
	}
}

// checkSpans asserts every span lies within src and is ordered.
func checkSpans(t testing.TB, f *File) {
	t.Helper()
	n := len(f.Src)
	ok := func(what string, s, e int) {
		if s < 0 || e > n || s > e {
			t.Fatalf("%s span [%d,%d) outside [0,%d]", what, s, e, n)
		}
	}
	for _, d := range f.Docs {
		ok("document", d.Span.Start, d.Span.End)
		walk(d.Root, func(x *Node) { ok("node", x.Span.Start, x.Span.End) })
	}
	for _, e := range f.Errors {
		ok("error "+e.Message, e.Span.Start, e.Span.End)
	}
}

func lineOfOffset(src []byte, off int) int {
	return strings.Count(string(src[:off]), "\n")
}
