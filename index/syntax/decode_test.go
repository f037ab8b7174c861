package syntax

import (
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestDecodeScalar: a scalar read again from its source has the parser's
// value, quoted, escaped and folded ones included; a value that is its
// source text is not copied.
func TestDecodeScalar(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a: plain\n", "plain"},
		{"a: two\n  lines\n", "two lines"},
		{"a: two\n\n  paragraphs\n", "two\nparagraphs"},
		{"a: 'it''s'\n", "it's"},
		{"a: 'one\n  two'\n", "one two"},
		{"a: \"tab\\there\"\n", "tab\there"},
		{"a: \"\\u00e9\\x41\"\n", "éA"},
		{"a: \"folded \\\n  on\"\n", "folded on"},
		{"a: >-\n  folded\n  text\n\n  more\n", "folded text\nmore"},
		{"a: |\n  literal\n   kept\n", "literal\n kept\n"},
		{"- - >\n    nested\n    fold\n", "nested fold\n"},
		{"{a: [x\n  y]}\n", "x y"},
	}
	for _, tt := range tests {
		f := Parse([]byte(tt.src))
		var got []string
		for _, d := range f.Docs {
			walk(d.Root, func(n *Node) {
				if n.Kind == Scalar && n.Value != "a" {
					got = append(got, DecodeScalar(tt.src, n.Span.Start, n.Span.End, n.Style))
					if n.Value != tt.want {
						t.Errorf("%q: the parser reads %q, want %q", tt.src, n.Value, tt.want)
					}
				}
			})
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%q: decoded %q, want [%q]", tt.src, got, tt.want)
		}
	}
	src := "a: 'plain text'\n"
	if s := DecodeScalar(src, 3, 15, SingleQuoted); s != "plain text" || unsafe.StringData(s) != unsafe.StringData(src[4:]) {
		t.Errorf("decoded %q, not the text inside the quotes", s)
	}
}

// TestDecodeScalarOnRealYAML: on real files and the YAML test suite
// (differentialInputs), every scalar of a file without syntax errors reads
// again as the parser read it, but for what DecodeScalar leaves to the
// caller: aliases, and block scalars whose header sets the indentation or
// keeps the empty lines after them. Decodes, which tells a block scalar by
// its header, says so of every other.
func TestDecodeScalarOnRealYAML(t *testing.T) {
	decoded, skipped := 0, 0
	for _, p := range differentialInputs(t) {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f := Parse(raw)
		if len(f.Errors) > 0 {
			continue
		}
		src := string(raw)
		for _, d := range f.Docs {
			walk(d.Root, func(n *Node) {
				if n.Kind != Scalar || n.Anchored != nil || n.Tag != "" {
					return
				}
				got := DecodeScalar(src, n.Span.Start, n.Span.End, n.Style)
				if !Decodes(src, n, true) {
					// Decodes tells a block scalar by its header: the
					// others are read again.
					if header := src[n.Span.Start:min(n.Span.End, n.Span.Start+3)]; !strings.ContainsAny(header, "+123456789") {
						t.Errorf("%s: %v scalar at %d: Decodes says no (read again as %q, parsed as %q)", p, n.Style, n.Span.Start, got, n.Value)
					}
					skipped++
					return
				}
				if got != n.Value {
					t.Errorf("%s: %v scalar at %d read again as %q, parsed as %q", p, n.Style, n.Span.Start, got, n.Value)
				}
				if src[n.Span.Start:n.Span.End] != n.Value {
					decoded++
				}
			})
		}
	}
	t.Logf("%d scalars decoded again from their source, %d left to the caller", decoded, skipped)
}
