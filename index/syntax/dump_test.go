package syntax

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Developer aids: dumpFile renders a parsed file for failure messages, and
//
//	SYNTAX_DUMP=file.yaml go test -run TestDumpFile -v ./index/syntax/
//	SYNTAX_DUMP_COMPLETION=file.yaml go test -run TestDumpCompletion -v ./index/syntax/
//
// print the tree of a file (for the second, the first `|` in the file marks
// the cursor and is removed).

func dumpNode(b *strings.Builder, src []byte, n *Node, ind string) {
	if n == nil {
		fmt.Fprintf(b, "%s<nil>\n", ind)
		return
	}
	fmt.Fprintf(b, "%s%v %q [%d,%d) %q", ind, n.Kind, n.Value, n.Span.Start, n.Span.End, spanText(src, n.Span))
	if n.Tag != "" {
		fmt.Fprintf(b, " tag=%s", n.Tag)
	}
	if n.Anchor != "" {
		fmt.Fprintf(b, " &%s", n.Anchor)
	}
	if n.Anchored != nil {
		fmt.Fprintf(b, " alias")
	}
	if n.Comment != "" {
		fmt.Fprintf(b, " #%q", n.Comment)
	}
	b.WriteString("\n")
	if n.Anchored != nil {
		return
	}
	for _, p := range n.Pairs {
		m := ""
		if p.Merged {
			m = " (merged)"
		}
		fmt.Fprintf(b, "%s key%s:\n", ind, m)
		dumpNode(b, src, p.Key, ind+"   ")
		dumpNode(b, src, p.Value, ind+"   ")
	}
	for _, it := range n.Items {
		dumpNode(b, src, it, ind+"  - ")
	}
}

func dumpFile(f *File) string {
	var b strings.Builder
	for i, d := range f.Docs {
		fmt.Fprintf(&b, "doc %d [%d,%d)\n", i, d.Span.Start, d.Span.End)
		dumpNode(&b, f.Src, d.Root, "  ")
	}
	for _, e := range f.Errors {
		fmt.Fprintf(&b, "ERR [%d,%d) %q: %s\n", e.Span.Start, e.Span.End, spanText(f.Src, e.Span), e.Message)
	}
	return b.String()
}

func TestDumpFile(t *testing.T) {
	p := os.Getenv("SYNTAX_DUMP")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	t.Log("\n" + dumpFile(Parse(src)))
}

func TestDumpCompletion(t *testing.T) {
	p := os.Getenv("SYNTAX_DUMP_COMPLETION")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	cur := strings.Index(string(src), "|")
	src = append(src[:cur:cur], src[cur+1:]...)
	f := ParseForCompletion(src, cur)
	t.Log("\n" + dumpFile(f))
	for _, st := range PathAt(f.Root(), cur) {
		n := st.Node()
		t.Logf("step key=%v idx=%d onKey=%v node=%v %q", st.Pair != nil, st.Index, st.OnKey, n.Kind, spanText(src, n.Span))
	}
}
