package syntax

import (
	"strings"
	"testing"
)

func TestSpans(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		path  []string
		text  string // source text under the span
		value string
		kind  Kind
		style Style
	}{
		{"plain", "a: foo bar # c\n", []string{"a"}, "foo bar", "foo bar", Scalar, Plain},
		{"plain at EOF", "a: foo", []string{"a"}, "foo", "foo", Scalar, Plain},
		{"key", "key: v\n", []string{"@key"}, "key", "key", Scalar, Plain},
		{"quoted key", "\"k y\": v\n", []string{"@k y"}, `"k y"`, "k y", Scalar, DoubleQuoted},
		{"double quoted escapes", `a: "x\"y\n\u00e9" # c` + "\n", []string{"a"}, `"x\"y\n\u00e9"`, "x\"y\né", Scalar, DoubleQuoted},
		{"single quoted", "a: 'it''s' \n", []string{"a"}, "'it''s'", "it's", Scalar, SingleQuoted},
		{"double quoted multi-line", "a: \"x\n  y\"\nb: 1\n", []string{"a"}, "\"x\n  y\"", "x y", Scalar, DoubleQuoted},
		{"multi-line plain", "a: one\n  two\n  three\n\n# c\nb: 1\n", []string{"a"}, "one\n  two\n  three", "one two three", Scalar, Plain},
		{"literal", "a: |\n  l1\n   l2\n\nb: 1\n", []string{"a"}, "|\n  l1\n   l2", "l1\n l2\n", Scalar, Literal},
		{"literal header comment", "a: | # c\n  l1\nb: 1\n", []string{"a"}, "| # c\n  l1", "l1\n", Scalar, Literal},
		{"literal keep", "a: |+\n  l1\n\n\nb: 1\n", []string{"a"}, "|+\n  l1", "l1\n\n\n", Scalar, Literal},
		{"literal indent indicator", "a: |2\n   l1\n  l2\nb: 1\n", []string{"a"}, "|2\n   l1\n  l2", " l1\nl2\n", Scalar, Literal},
		{"folded strip", "a: >-\n  f1\n  f2\n# c\nb: 1\n", []string{"a"}, ">-\n  f1\n  f2", "f1 f2", Scalar, Folded},
		{"literal at EOF", "a: |\n  l1", []string{"a"}, "|\n  l1", "l1", Scalar, Literal},
		{"literal in sequence", "- |\n  x\n- y\n", []string{"#0"}, "|\n  x", "x\n", Scalar, Literal},
		{"empty literal", "a: |\nb: 1\n", []string{"a"}, "|", "", Scalar, Literal},
		{"null after colon", "a:\nb: 1\n", []string{"a"}, "", "", Null, Plain},
		{"null after colon and blanks", "a:   # c\nb: 1\n", []string{"a"}, "", "", Null, Plain},
		{"tilde", "a: ~\n", []string{"a"}, "~", "~", Null, Plain},
		{"null word", "a: Null\n", []string{"a"}, "Null", "Null", Null, Plain},
		{"quoted null is a string", "a: \"null\"\n", []string{"a"}, `"null"`, "null", Scalar, DoubleQuoted},
		{"null item", "- \n- x\n", []string{"#0"}, "", "", Null, Plain},
		{"flow map", "a: {x: 1, y: [p, q]} # c\n", []string{"a"}, "{x: 1, y: [p, q]}", "", Mapping, Plain},
		{"flow seq", "a: {x: 1, y: [p, q]}\n", []string{"a", "y"}, "[p, q]", "", Sequence, Plain},
		{"flow item", "a: {x: 1, y: [p, q]}\n", []string{"a", "y", "#1"}, "q", "q", Scalar, Plain},
		{"flow key", "a: {x: 1, y: [p, q]}\n", []string{"a", "@y"}, "y", "y", Scalar, Plain},
		{"flow null", "a: {x: , y}\n", []string{"a", "x"}, "", "", Null, Plain},
		{"multi-line flow", "a: [p,\n  q\n  ]\nb: 1\n", []string{"a"}, "[p,\n  q\n  ]", "", Sequence, Plain},
		{"block map", "a:\n  x: 1\n  y:\n    z: 2 # c\n\nb: 1\n", []string{"a"}, "x: 1\n  y:\n    z: 2", "", Mapping, Plain},
		{"block map ending in null", "a:\n  x: 1\n  y:\nb: 1\n", []string{"a"}, "x: 1\n  y:", "", Mapping, Plain},
		{"block seq", "a:\n  - x\n  - y: 1\n    z: 2\nb: 1\n", []string{"a"}, "- x\n  - y: 1\n    z: 2", "", Sequence, Plain},
		{"seq item map", "a:\n  - x\n  - y: 1\n    z: 2\nb: 1\n", []string{"a", "#1"}, "y: 1\n    z: 2", "", Mapping, Plain},
		{"unindented seq", "a:\n- x\n- y\nb: 1\n", []string{"a"}, "- x\n- y", "", Sequence, Plain},
		{"nested", "t:\n  n:\n    - r: {k: v}\n", []string{"t", "n", "#0", "r", "k"}, "v", "v", Scalar, Plain},
		{"root", "# c\n\na: 1\nb: 2\n\n# end\n", nil, "a: 1\nb: 2", "", Mapping, Plain},
		{"after comments (goccy offset bug)", "# one\n# two\n# three\na: 1 # x\n# four\nb: value\n", []string{"b"}, "value", "value", Scalar, Plain},
		{"after é", "a: é\nb: é \"x\" \nc: {é: 中, k: v}\n", []string{"c", "k"}, "v", "v", Scalar, Plain},
		{"unicode value", "a: é 中 😀 # c\n", []string{"a"}, "é 中 😀", "é 中 😀", Scalar, Plain},
		{"after emoji", "a: [😀, 😀😀, x]\n", []string{"a", "#2"}, "x", "x", Scalar, Plain},
		{"unicode key", "é中😀: v\n", []string{"@é中😀"}, "é中😀", "é中😀", Scalar, Plain},
		{"after tags (goccy column bug)", "a: !t [!u x, !v y]\n", []string{"a", "#1"}, "y", "y", Scalar, Plain},
		{"after tag", "a: !custom 5\n", []string{"a"}, "5", "5", Scalar, Plain},
		{"tab separated", "a:\t1\nb:\t[x,\ty]\n", []string{"b", "#1"}, "y", "y", Scalar, Plain},
		{"explicit key", "? k\n: v\n", []string{"k"}, "v", "v", Scalar, Plain},
		{"document marker", "--- # c\na: 1\n", []string{"a"}, "1", "1", Scalar, Plain},
		{"scalar document", "--- |\n  text\n", nil, "|\n  text", "text\n", Scalar, Literal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Parse([]byte(tc.src))
			if len(f.Errors) > 0 {
				t.Fatalf("unexpected errors %v\n%s", f.Errors, dumpFile(f))
			}
			n := mustGet(t, f, 0, tc.path...)
			if got := spanText(f.Src, n.Span); got != tc.text {
				t.Errorf("span text = %q, want %q\n%s", got, tc.text, dumpFile(f))
			}
			if n.Kind != tc.kind {
				t.Errorf("kind = %v, want %v", n.Kind, tc.kind)
			}
			if n.Kind != Mapping && n.Kind != Sequence && n.Value != tc.value {
				t.Errorf("value = %q, want %q", n.Value, tc.value)
			}
			if n.Style != tc.style {
				t.Errorf("style = %v, want %v", n.Style, tc.style)
			}
			checkSpans(t, f)
		})
	}
}

func TestNullSpanRightAfterColon(t *testing.T) {
	for _, src := range []string{"a:\n", "a:   \n", "a: # c\n", "a:", "- a:\n"} {
		f := Parse([]byte(src))
		var n *Node
		if strings.HasPrefix(src, "-") {
			n = mustGet(t, f, 0, "#0", "a")
		} else {
			n = mustGet(t, f, 0, "a")
		}
		colon := strings.IndexByte(src, ':')
		if n.Kind != Null || n.Span.Start != colon+1 || n.Span.End != colon+1 {
			t.Errorf("%q: null %v span %v, want empty at %d", src, n.Kind, n.Span, colon+1)
		}
	}
	f := Parse([]byte("- \n-\n"))
	for i, want := range []int{1, 4} {
		n := mustGet(t, f, 0, "#"+string(rune('0'+i)))
		if n.Kind != Null || n.Span.Start != want || n.Span.End != want {
			t.Errorf("item %d: %v %v, want empty at %d", i, n.Kind, n.Span, want)
		}
	}
}

// variants rewrites src with CRLF, lone CR, a BOM, and all of these.
func variants(src string) map[string]string {
	crlf := strings.ReplaceAll(src, "\n", "\r\n")
	return map[string]string{
		"CRLF":     crlf,
		"CR":       strings.ReplaceAll(src, "\n", "\r"),
		"BOM":      "\uFEFF" + src,
		"BOM+CRLF": "\uFEFF" + crlf,
	}
}

// TestSpansNormalized parses LF sources and their CRLF/CR/BOM variants and
// checks that the trees agree, with every span covering the same text
// (modulo line breaks).
func TestSpansNormalized(t *testing.T) {
	sources := []string{
		"# c1\n# c2\nk: v # c3\n# c4\nx: |\n  l1\n  l2\n\ny: \"a\n  b\"\nz: [p,\n  q]\nw: plain\n  more\nn:\n",
		"tosca_definitions_version: tosca_2_0\n# comment\nnode_types:\n  # above\n  My:\n    derived_from: Root # trailing\n    properties:\n      p: {type: string, default: é😀}\n---\n# doc 2\na: &x {k: 1}\nb: *x\n",
		"- a\n- é: 中\n  b: >\n    folded\n    text\n-\n- [x, {y: z}]\n",
	}
	for i, src := range sources {
		base := Parse([]byte(src))
		if len(base.Errors) > 0 {
			t.Fatalf("source %d: errors %v", i, base.Errors)
		}
		for name, v := range variants(src) {
			t.Run(name, func(t *testing.T) {
				f := Parse([]byte(v))
				if len(f.Errors) > 0 {
					t.Fatalf("source %d: errors %v\n%s", i, f.Errors, dumpFile(f))
				}
				checkSpans(t, f)
				if len(f.Docs) != len(base.Docs) {
					t.Fatalf("source %d: %d docs, want %d", i, len(f.Docs), len(base.Docs))
				}
				for d := range f.Docs {
					var a, b []*Node
					walk(base.Docs[d].Root, func(n *Node) { a = append(a, n) })
					walk(f.Docs[d].Root, func(n *Node) { b = append(b, n) })
					if len(a) != len(b) {
						t.Fatalf("source %d doc %d: %d nodes, want %d", i, d, len(b), len(a))
					}
					for j := range a {
						want := spanText(base.Src, a[j].Span)
						got := spanText(f.Src, b[j].Span)
						got = strings.ReplaceAll(strings.ReplaceAll(got, "\r\n", "\n"), "\r", "\n")
						if got != want || a[j].Value != b[j].Value || a[j].Kind != b[j].Kind {
							t.Errorf("source %d node %d: %v %q %q, want %v %q %q", i, j, b[j].Kind, b[j].Value, got, a[j].Kind, a[j].Value, want)
						}
						if strings.HasPrefix(got, "\uFEFF") || strings.HasSuffix(spanText(f.Src, b[j].Span), "\r") {
							t.Errorf("source %d node %d: span %q includes BOM or CR", i, j, spanText(f.Src, b[j].Span))
						}
					}
				}
			})
		}
	}
}

func TestBOMNotInKey(t *testing.T) {
	f := Parse([]byte("\uFEFFkey: v\r\n"))
	k := mustGet(t, f, 0, "@key")
	if k.Span.Start != 3 || k.Span.End != 6 {
		t.Errorf("key span %v, want [3,6)", k.Span)
	}
	if v := mustGet(t, f, 0, "key"); spanText(f.Src, v.Span) != "v" {
		t.Errorf("value span %q", spanText(f.Src, v.Span))
	}
}

func TestValues(t *testing.T) {
	src := "version: 1.0\ne: 1e3\nh: 0x1F\nb: true\ni: .inf\nn: ~\ns: !!str 5\nc: !custom x\nl: !t [a]\nq: \"1.0\"\nd: 2001-12-14\nz: !!str\n"
	f := Parse([]byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("errors %v", f.Errors)
	}
	tests := []struct {
		key, value, tag string
		kind            Kind
	}{
		{"version", "1.0", "", Scalar},
		{"e", "1e3", "", Scalar},
		{"h", "0x1F", "", Scalar},
		{"b", "true", "", Scalar},
		{"i", ".inf", "", Scalar},
		{"n", "~", "", Null},
		{"s", "5", "!!str", Scalar},
		{"c", "x", "!custom", Scalar},
		{"l", "", "!t", Sequence},
		{"q", "1.0", "", Scalar},
		{"d", "2001-12-14", "", Scalar},
		{"z", "", "!!str", Scalar},
	}
	for _, tc := range tests {
		n := mustGet(t, f, 0, tc.key)
		if n.Kind != tc.kind || n.Value != tc.value || n.Tag != tc.tag {
			t.Errorf("%s: %v %q tag %q, want %v %q tag %q", tc.key, n.Kind, n.Value, n.Tag, tc.kind, tc.value, tc.tag)
		}
	}
	if !mustGet(t, f, 0, "l").Flow || mustGet(t, f, 0, "s").Flow {
		t.Error("Flow flag wrong")
	}
	if get(f.Root(), "n").Text() != "" || !get(f.Root(), "n").IsNull() {
		t.Error("null Text/IsNull")
	}
}

func TestComments(t *testing.T) {
	src := `# header
# of a
a: 1 # on a
b: # after b
  # above c
  c: x
d:
  - # item comment
    e: 1
  # above item
  - f # trailing f
g: |
  # not a comment
h: 2
`
	f := Parse([]byte(src))
	tests := []struct {
		path []string
		want string
	}{
		{[]string{"@a"}, "header\nof a"},
		{[]string{"a"}, "on a"},
		{[]string{"@b"}, "after b"},
		{[]string{"b", "@c"}, "above c"},
		{[]string{"d", "#0"}, "item comment"},
		{[]string{"d", "#1"}, "above item\ntrailing f"},
		{[]string{"@h"}, ""},
	}
	for _, tc := range tests {
		if got := mustGet(t, f, 0, tc.path...).Comment; got != tc.want {
			t.Errorf("%v: comment %q, want %q", tc.path, got, tc.want)
		}
	}
}
