package syntax

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestMultiDocument(t *testing.T) {
	src := "a: 1\n---\nb: 2\n--- # third\n---\n- x\n...\n# trailing\n"
	f := Parse([]byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("errors %v", f.Errors)
	}
	if len(f.Docs) != 4 {
		t.Fatalf("%d docs\n%s", len(f.Docs), dumpFile(f))
	}
	if mustGet(t, f, 0, "a").Text() != "1" || mustGet(t, f, 1, "b").Text() != "2" || f.Docs[2].Root != nil ||
		mustGet(t, f, 3, "#0").Text() != "x" {
		t.Errorf("documents wrong:\n%s", dumpFile(f))
	}
	// Documents partition the text.
	prev := 0
	for i, d := range f.Docs {
		if d.Span.Start != prev {
			t.Errorf("doc %d starts at %d, want %d", i, d.Span.Start, prev)
		}
		prev = d.Span.End
	}
	if prev != len(src) {
		t.Errorf("last doc ends at %d, want %d", prev, len(src))
	}
	if b := mustGet(t, f, 1, "b"); spanText(f.Src, b.Span) != "2" {
		t.Errorf("doc 2 span %q", spanText(f.Src, b.Span))
	}
}

func TestEmptyInputs(t *testing.T) {
	for _, src := range []string{"", "\n", "# only\n", "\uFEFF", "---", "---\n", "...\n", "%YAML 1.2\n---\n"} {
		f := Parse([]byte(src))
		checkSpans(t, f)
		if len(f.Docs) == 0 {
			t.Errorf("%q: no documents", src)
		}
		if f.Root() != nil && f.Root().Kind != Null {
			t.Errorf("%q: root %v", src, f.Root().Kind)
		}
		if len(f.Errors) > 0 {
			t.Errorf("%q: errors %v", src, f.Errors)
		}
	}
}

// TestErrorRecovery checks the error position (line and text under the span)
// and that the rest of the broken document is still in the tree.
func TestErrorRecovery(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		line     int    // 0-based line of the (first) error
		text     string // text under the error span
		msg      string // substring of the message
		present  [][]string
		absent   [][]string
		docCount int
	}{
		{
			name: "unclosed flow map",
			src: `tosca_definitions_version: tosca_2_0
node_templates:
  server:
    type: Compute
    properties: {port: 80
    requirements:
      - host: x
---
doc2: ok
`,
			line: 4, text: "{", msg: "'}'",
			present:  [][]string{{"node_templates", "server", "requirements"}, {"node_templates", "server", "@properties"}},
			docCount: 2,
		},
		{
			name: "unclosed flow sequence",
			src:  "a:\n  b: [1, 2\n  c: 3\nd: 4\n",
			line: 1, text: "[", msg: "']'",
			present: [][]string{{"a", "c"}, {"d"}, {"a", "@b"}},
		},
		{
			name: "bad indentation",
			src:  "a:\n  b: 1\n properties: x\nc: 2\n",
			// The misaligned key joins the mapping it is closest to.
			line: 2, text: "properties", msg: "wrong indentation",
			present: [][]string{{"a", "b"}, {"c"}, {"properties"}},
			absent:  [][]string{{"a", "properties"}},
		},
		{
			name: "bare key while typing",
			src:  "node_templates:\n  server:\n    type: x\n    properties:\n      port: 1\n      prop\n    requirements: []\nafter: 1\n",
			line: 5, text: "prop", msg: "missing ':'",
			present: [][]string{{"node_templates", "server", "requirements"}, {"node_templates", "server", "properties", "port"}, {"after"}},
		},
		{
			name: "tab indentation",
			src:  "a:\n\tb: 1\nc: 2\n",
			line: 1, text: "\t", msg: "tab",
			present: [][]string{{"a", "b"}, {"c"}},
		},
		{
			name: "unterminated double quote",
			src:  "a: \"abc\nb: 1\nc: 2\n",
			line: 0, text: "\"abc", msg: "double-quoted",
			present: [][]string{{"b"}, {"c"}, {"@a"}},
		},
		{
			name: "unterminated single quote",
			src:  "x:\n  a: 'abc\n  b: 1\n",
			line: 1, text: "'abc", msg: "single-quoted",
			present: [][]string{{"x", "b"}},
		},
		{
			name: "duplicate key",
			src:  "a: 1\nb: 2\na: 3\n",
			line: 2, text: "a", msg: `duplicate key "a"`,
			present: [][]string{{"a"}, {"b"}},
		},
		{
			name: "mapping value in plain scalar",
			src:  "a: x: y\nb: 1\n",
			line: 0, text: "x", msg: "mapping value",
			present: [][]string{{"b"}, {"@a"}},
		},
		{
			name: "sequence after mapping",
			src:  "a: 1\n- x\nb: 2\n",
			line: 1, text: "-",
			present: [][]string{{"a"}, {"b"}},
		},
		{
			name: "error in first document keeps the second",
			src:  "a: [\n---\nb: 1\n",
			line: 0, text: "[",
			present:  [][]string{},
			docCount: 2,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Parse([]byte(tc.src))
			checkSpans(t, f)
			if len(f.Errors) == 0 {
				t.Fatalf("no error\n%s", dumpFile(f))
			}
			e := f.Errors[0]
			if l := lineOfOffset(f.Src, e.Span.Start); l != tc.line {
				t.Errorf("error on line %d, want %d: %v", l, tc.line, f.Errors)
			}
			if got := spanText(f.Src, e.Span); got != tc.text {
				t.Errorf("error span %q, want %q", got, tc.text)
			}
			if !strings.Contains(e.Message, tc.msg) {
				t.Errorf("message %q, want %q", e.Message, tc.msg)
			}
			for _, p := range tc.present {
				if get(f.Root(), p...) == nil {
					t.Errorf("%v missing from the recovered tree\n%s", p, dumpFile(f))
				}
			}
			for _, p := range tc.absent {
				if get(f.Root(), p...) != nil {
					t.Errorf("%v present", p)
				}
			}
			if tc.docCount > 0 {
				if len(f.Docs) != tc.docCount {
					t.Fatalf("%d docs, want %d", len(f.Docs), tc.docCount)
				}
				last := f.Docs[len(f.Docs)-1].Root
				if last == nil || len(last.Pairs) != 1 {
					t.Errorf("last document not parsed\n%s", dumpFile(f))
				}
			}
		})
	}
}

func TestErrorInEveryDocument(t *testing.T) {
	src := "a: {\nb: 1\n---\nc: [\nd: 2\n---\ne: \"x\nf: 3\n"
	f := Parse([]byte(src))
	if len(f.Docs) != 3 {
		t.Fatalf("%d docs", len(f.Docs))
	}
	for i, k := range []string{"b", "d", "f"} {
		if mustGet(t, f, i, k) == nil {
			t.Errorf("doc %d lost %s", i, k)
		}
	}
	if len(f.Errors) != 3 {
		t.Errorf("errors %v", f.Errors)
	}
	for i := 1; i < len(f.Errors); i++ {
		if f.Errors[i].Span.Start < f.Errors[i-1].Span.Start {
			t.Error("errors not sorted")
		}
	}
}

// TestManyErrors: each of 40 unclosed brackets is reported at its own
// line, and the key after them is still read.
func TestManyErrors(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "k%d: {\n", i)
	}
	b.WriteString("end: 1\n")
	f := Parse([]byte(b.String()))
	checkSpans(t, f)
	if len(f.Errors) != 40 {
		t.Fatalf("%d errors, want 40: %v", len(f.Errors), f.Errors)
	}
	for i, e := range f.Errors {
		if l := lineOfOffset(f.Src, e.Span.Start); l != i || spanText(f.Src, e.Span) != "{" {
			t.Errorf("error %d on line %d at %q", i, l, spanText(f.Src, e.Span))
		}
	}
	if mustGet(t, f, 0, "end").Text() != "1" {
		t.Error("end lost")
	}
}

func TestErrorsCRLF(t *testing.T) {
	src := "# c\r\n# d\r\na:\r\n  b: 1\r\n  prop\r\n  c: \"x\r\nd: 1\r\n"
	f := Parse([]byte(src))
	checkSpans(t, f)
	var got []string
	for _, e := range f.Errors {
		got = append(got, spanText(f.Src, e.Span))
	}
	if len(got) != 2 || got[0] != "prop" || got[1] != "\"x" {
		t.Errorf("error spans %q (%v)", got, f.Errors)
	}
	if mustGet(t, f, 0, "d").Text() != "1" {
		t.Error("d lost")
	}
}

// Inputs that made older goccy versions panic (goccy#540) and other junk.
func TestJunkDoesNotPanic(t *testing.T) {
	for _, src := range []string{"{? {? ", "true :", "0::", "&{0", "*", "&", "!", "- - - -", "[[[[", "}}]]", ": :", "? ? ?", "|", ">\n x\n  y", "a: |0\n x", "\"\\", "'", "%TAG", "--- ---", "a: *", "<<: *", "<<:", "a: !<tag:x> b", "\t", "a:\n\t\t- x"} {
		f := Parse([]byte(src))
		checkSpans(t, f)
		_ = ParseForCompletion([]byte(src), len(src)/2)
	}
}

func TestTestdata(t *testing.T) {
	src, err := os.ReadFile("testdata/service.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := Parse(src)
	if len(f.Errors) > 0 {
		t.Fatalf("errors %v", f.Errors)
	}
	checkSpans(t, f)
	if len(f.Docs) != 2 {
		t.Fatalf("%d docs", len(f.Docs))
	}
	web := mustGet(t, f, 0, "topology_template", "node_templates", "web")
	if web.Get("type").Text() != "WebServer" || web.Get("properties").Get("port").Text() != "8080" {
		t.Errorf("web: %s", dumpFile(f))
	}
	// Merge key from the anchored defaults; explicit port wins.
	if p := web.Get("properties").GetPair("timeout"); p == nil || !p.Merged || p.Value.Text() != "30" {
		t.Errorf("merged timeout missing")
	}
	desc := mustGet(t, f, 0, "description")
	if desc.Style != Folded || !strings.HasPrefix(spanText(f.Src, desc.Span), ">") {
		t.Errorf("description %q", spanText(f.Src, desc.Span))
	}
}

func TestParserPanicBecomesError(t *testing.T) {
	testHookDocument = func(rest []byte) {
		if strings.HasPrefix(string(rest), "a: boom") {
			panic("boom")
		}
	}
	defer func() { testHookDocument = nil }()
	src := "a: boom\nb: 1\n---\nc: 2\n"
	f := Parse([]byte(src))
	if len(f.Errors) != 1 || f.Errors[0].Span.Start != 0 || spanText(f.Src, f.Errors[0].Span) != "a: boom" ||
		!strings.Contains(f.Errors[0].Message, "boom") {
		t.Fatalf("errors %v", f.Errors)
	}
	if f.Docs[0].Root != nil || mustGet(t, f, 1, "c").Text() != "2" {
		t.Errorf("documents:\n%s", dumpFile(f))
	}
	_ = ParseForCompletion([]byte(src), 3)

}

// render writes a tree compactly: {k: v}, [a, b], ~ for null.
func render(n *Node) string {
	switch {
	case n == nil:
		return "<nil>"
	case n.Kind == Mapping:
		var parts []string
		for _, p := range n.Pairs {
			parts = append(parts, render(p.Key)+": "+render(p.Value))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case n.Kind == Sequence:
		var parts []string
		for _, it := range n.Items {
			parts = append(parts, render(it))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case n.Kind == Null:
		return "~"
	}
	return n.Value
}

// TestTypingStates: the states a line goes through while it is typed, and
// other common slips, give one error at the slip and a tree that keeps
// everything around it.
func TestTypingStates(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		tree   string
		errors []string // text under each error span
	}{
		{"bare word among keys", "a:\n  b: 1\n  pro\n  c: 2\n", "{a: {b: 1, pro: ~, c: 2}}", []string{"pro"}},
		{"bare word at the end", "a:\n  b: 1\n  pro", "{a: {b: 1, pro: ~}}", []string{"pro"}},
		{"first key being typed", "a:\n  po\n  port: 80\n", "{a: {po: ~, port: 80}}", []string{"po"}},
		{"key without ':' before its block", "a:\n  po\n    port: 80\n", "{a: {po: {port: 80}}}", []string{"po"}},
		{"empty list item", "l:\n  - x\n  - \n  - y\n", "{l: [x, ~, y]}", nil},
		{"unclosed flow sequence", "a: [x, y\nb: 1\n", "{a: [x, y], b: 1}", []string{"["}},
		{"unclosed flow mapping", "a: {x: 1, y\nb: 1\n", "{a: {x: 1, y: ~}, b: 1}", []string{"{"}},
		{"unclosed nested flow", "a:\n  b: {x: [p, q\n  c: 1\n", "{a: {b: {x: [p, q]}, c: 1}}", []string{"{"}},
		{"unterminated quote", "a: \"abc\nb: 1\n", "{a: abc, b: 1}", []string{`"abc`}},
		{"key indented less than its siblings", "a:\n  b: 1\n c: 2\nd: 3\n", "{a: {b: 1}, c: 2, d: 3}", []string{"c"}},
		{"key indented deeper after a value", "a: x\n  b: 1\nc: 2\n", "{a: x, b: 1, c: 2}", []string{"b"}},
		{"list item among keys", "a: 1\n- x\nb: 2\n", "{a: 1, b: 2}", []string{"-"}},
		{"bare word after a list", "- a\nfoo\n- b\n", "[a, b]", []string{"foo"}},
		{"text after a quoted value", "a: \"x\" y z\nb: 1\n", "{a: x, b: 1}", []string{"y z"}},
		{"': ' in a plain value", "a: b: c\nd: 1\n", "{a: b: c, d: 1}", []string{"b"}},
		{"list item after a key on its line", "a: - x\nb: 1\n", "{a: x, b: 1}", []string{"-"}},
		{"closing bracket aligned with its key", "a:\n  m: [\n    x\n  ]\n  n: {\n    y: 1\n  }\n", "{a: {m: [x], n: {y: 1}}}", nil},
		{"comment glued to a value", "a: \"x\"# c\nb: 1\n", "{a: x, b: 1}", []string{"#"}},
		{"stray closing bracket", "a: 1\n]\nb: 2\n", "{a: 1, b: 2}", []string{"]"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Parse([]byte(tc.src))
			checkSpans(t, f)
			checkOrder(t, f)
			if got := render(f.Root()); got != tc.tree {
				t.Errorf("tree %s, want %s", got, tc.tree)
			}
			var errs []string
			for _, e := range f.Errors {
				errs = append(errs, spanText(f.Src, e.Span))
			}
			if fmt.Sprint(errs) != fmt.Sprint(tc.errors) {
				t.Errorf("errors at %q, want %q: %v", errs, tc.errors, f.Errors)
			}
		})
	}
}

// TestTabIndentation: a line indented with tabs (which YAML forbids in
// indentation, §6.1) gets one error on its tabs and is read at the column
// the tabs most likely mean, so that it and the keys after it stay in the
// block they were written in (issue 24: counted as one column each, a tab
// took every later key to the document root).
func TestTabIndentation(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		tree   string
		errors []string // text under each error span
	}{
		{"tab of 4 among keys at 4", "a:\n  b:\n    c: 1\n\td: 2\n    e: 3\n  f: 4\ng: 5\n", "{a: {b: {c: 1, d: 2, e: 3}, f: 4}, g: 5}", []string{"\t"}},
		{"two tabs of 2 among keys at 4", "a:\n  b:\n    c: 1\n\t\td: 2\n    e: 3\n  f: 4\ng: 5\n", "{a: {b: {c: 1, d: 2, e: 3}, f: 4}, g: 5}", []string{"\t\t"}},
		{"spaces then a tab", "a:\n  b:\n    c: 1\n  \td: 2\n    e: 3\n  f: 4\ng: 5\n", "{a: {b: {c: 1, d: 2, e: 3}, f: 4}, g: 5}", []string{"\t"}},
		{"tab of 2 among keys at 2", "a:\n  b: 1\n\tc: 2\n  d: 3\ne: 4\n", "{a: {b: 1, c: 2, d: 3}, e: 4}", []string{"\t"}},
		{"first key of a block, siblings after", "a:\n  b:\n\tc: 1\n    e: 3\n  f: 4\ng: 5\n", "{a: {b: {c: 1, e: 3}, f: 4}, g: 5}", []string{"\t"}},
		{"first key of a block, siblings at 2", "x:\n\tc: 1\n  e: 3\ny: 4\n", "{x: {c: 1, e: 3}, y: 4}", []string{"\t"}},
		{"last key of a block", "a:\n  b:\n    c: 1\n\td: 2\ne: 3\n", "{a: {b: {c: 1, d: 2}}, e: 3}", []string{"\t"}},
		{"indented with tabs throughout", "a:\n\tb:\n\t\tc: 1\n\td: 2\ne: 3\n", "{a: {b: {c: 1}, d: 2}, e: 3}", []string{"\t", "\t\t", "\t"}},
		{"list items", "a:\n  b:\n\t- x\n\t- y\n  c: 2\n", "{a: {b: [x, y], c: 2}}", []string{"\t", "\t"}},
		{"value on a tab-indented line", "a:\n\tbar\nb: 1\n", "{a: bar, b: 1}", []string{"\t"}},
		{"tab after the spaces a value needs", "a:\n \tbar\nb: 1\n", "{a: bar, b: 1}", nil},
		{"tab before a top-level flow mapping", "\t{a: 1}\n", "{a: 1}", nil},
		{"comment lines between", "a:\n  b:\n    c: 1\n\td: 2\n    # note\n\n    e: 3\n  f: 4\n", "{a: {b: {c: 1, d: 2, e: 3}, f: 4}}", []string{"\t"}},
		{"CRLF", "a:\r\n  b:\r\n\tc: 1\r\n    e: 3\r\n  f: 4\r\n", "{a: {b: {c: 1, e: 3}, f: 4}}", []string{"\t"}},
		{"a tab before '---' is no document marker", "a:\n  b: 1\n\t---\nc: 2\n", "{a: {b: 1, ---: ~}, c: 2}", []string{"\t"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Parse([]byte(tc.src))
			checkSpans(t, f)
			checkOrder(t, f)
			if got := render(f.Root()); got != tc.tree {
				t.Errorf("tree %s, want %s", got, tc.tree)
			}
			var errs []string
			for _, e := range f.Errors {
				errs = append(errs, spanText(f.Src, e.Span))
			}
			if fmt.Sprint(errs) != fmt.Sprint(tc.errors) {
				t.Errorf("errors at %q, want %q: %v", errs, tc.errors, f.Errors)
			}
		})
	}
}
