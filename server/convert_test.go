package server

import (
	"bytes"
	"reflect"
	"slices"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func span(s, e int) text.Span { return text.Span{Start: s, End: e} }

func TestEncodeTokens(t *testing.T) {
	src := "a: é中\r\nbb: 😀x\n"
	lines := text.NewLines([]byte(src))
	//      offsets: a=0 :=1 ' '=2 é=3..5 中=5..8 \r\n=8..10 bb=10..12 :=12 ' '=13 😀=14..18 x=18
	toks := []outline.Token{
		{Span: span(14, 18), Type: outline.TokenTypeName},                                     // 😀 line 1, char 4, len 2
		{Span: span(0, 1), Type: outline.TokenProperty, Modifiers: outline.ModDefaultLibrary}, // a
		{Span: span(3, 8), Type: outline.TokenTypeName, Modifiers: outline.ModDeprecated},     // é中: char 3 len 2
		{Span: span(10, 12), Type: outline.TokenProperty},                                     // bb
		{Span: span(18, 19), Type: outline.TokenKeyword},                                      // x after emoji: char 6
		{Span: span(11, 12), Type: outline.TokenKeyword},                                      // overlaps bb: dropped
		{Span: span(12, 12), Type: outline.TokenKeyword},                                      // empty: dropped
		{Span: span(5, 30), Type: outline.TokenKeyword},                                       // overlaps é中: dropped
		{Span: span(19, 20), Type: outline.TokenType(len(outline.TokenTypes))},                // bad type
	}
	got := encodeTokens(lines, toks)
	// Types are their index in the legend, modifiers bits in its order.
	legend := tokenLegend()
	index := func(name string) uint32 { return uint32(slices.Index(legend.TokenTypes, name)) }
	bit := func(name string) uint32 { return 1 << slices.Index(legend.TokenModifiers, name) }
	want := []uint32{
		0, 0, 1, index("property"), bit("defaultLibrary"),
		0, 3, 2, index("type"), bit("deprecated"),
		1, 0, 2, index("property"), 0,
		0, 4, 2, index("type"), 0,
		0, 2, 1, index("keyword"), 0,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
}

func TestEncodeTokensClipsToLine(t *testing.T) {
	lines := text.NewLines([]byte("key: |\n  text\n"))
	got := encodeTokens(lines, []outline.Token{{Span: span(5, 14), Type: outline.TokenKeyword}})
	want := []uint32{0, 5, 1, uint32(slices.Index(tokenLegend().TokenTypes, "keyword")), 0}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func TestFoldingRanges(t *testing.T) {
	src := "a:\n  b: 1\n  c: 2\nd: 3\n"
	lines := text.NewLines([]byte(src))
	got := foldingRanges(lines, []outline.Fold{
		{Span: span(0, 16), Kind: outline.FoldImports},  // a: … c: 2 (ends at end of line 2)
		{Span: span(0, 17), Kind: outline.FoldRegion},   // ends after the newline: still line 2
		{Span: span(3, 9), Kind: outline.FoldRegion},    // one line: dropped
		{Span: span(17, 22), Kind: outline.FoldComment}, // d: 3 and the final newline: one line
	})
	want := []protocol.FoldingRange{
		{StartLine: 0, EndLine: 2, Kind: protocol.FoldingRangeKindImports},
		{StartLine: 0, EndLine: 2, Kind: protocol.FoldingRangeKindRegion},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v want %+v", got, want)
	}
}

func TestRangeConversion(t *testing.T) {
	lines := text.NewLines([]byte("x: 😀\r\ny: 中é\n"))
	r := toRange(lines, span(3, 7))
	if r.Start != (protocol.Position{Line: 0, Character: 3}) || r.End != (protocol.Position{Line: 0, Character: 5}) {
		t.Fatalf("emoji range %+v", r)
	}
	r = toRange(lines, span(12, 17))
	if r.Start != (protocol.Position{Line: 1, Character: 3}) || r.End != (protocol.Position{Line: 1, Character: 5}) {
		t.Fatalf("cjk range %+v", r)
	}
	if s := toSpan(lines, r); s != span(12, 17) {
		t.Fatalf("back to span %+v", s)
	}
}

func TestKindWanted(t *testing.T) {
	only := []protocol.CodeActionKind{"refactor"}
	if !kindWanted("refactor.rewrite", only) || kindWanted("quickfix", only) || kindWanted("refactorx", only) {
		t.Fatal("kind filtering")
	}
	if !kindWanted("quickfix", nil) {
		t.Fatal("no filter must accept everything")
	}
}

func TestParseID(t *testing.T) {
	for raw, want := range map[string]jsonrpc2.ID{
		`4`:          jsonrpc2.NewNumberID(4),
		`4000000000`: jsonrpc2.NewNumberID(4000000000),
		`4.0`:        jsonrpc2.NewNumberID(4),
		`"s5"`:       jsonrpc2.NewStringID("s5"),
	} {
		got, ok := parseID([]byte(raw))
		if !ok || got != want {
			t.Errorf("parseID(%s) = %v, %v", raw, got, ok)
		}
	}
	for _, raw := range []string{`4.5`, `null`, `{}`, `"`} {
		if _, ok := parseID([]byte(raw)); ok {
			t.Errorf("parseID(%s) accepted", raw)
		}
	}
}

// refPositions maps each offset of src where a character starts, and the
// end of src, to its LSP position, counting UTF-16 units with
// unicode/utf16 and lines as LSP ends them ("\n", "\r\n", "\r"). Each
// invalid UTF-8 byte counts as one character (U+FFFD). Offsets inside a
// character or between the "\r" and "\n" of a line break are absent.
func refPositions(src []byte) map[int]protocol.Position {
	ref := map[int]protocol.Position{}
	var line, char uint32
	for i := 0; ; {
		ref[i] = protocol.Position{Line: line, Character: char}
		if i == len(src) {
			return ref
		}
		switch {
		case bytes.HasPrefix(src[i:], []byte("\r\n")):
			i, line, char = i+2, line+1, 0
		case src[i] == '\n' || src[i] == '\r':
			i, line, char = i+1, line+1, 0
		default:
			r, size := utf8.DecodeRune(src[i:])
			i, char = i+size, char+uint32(len(utf16.Encode([]rune{r})))
		}
	}
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || (a.Line == b.Line && a.Character < b.Character)
}

// FuzzPositions checks the conversions between byte offsets and LSP
// positions against refPositions, on text with CRLF, a BOM, surrogate
// pairs and invalid UTF-8: offsets where a character starts round-trip,
// offsets inside one take its position, positions past a line's end or
// inside a surrogate pair round down to a character start, and spans
// round-trip through ranges.
func FuzzPositions(f *testing.F) {
	for _, src := range []string{
		"", "a", "x: é\r\ny: 中😀z\n", "\ufeffkey: v\r\n", "a\rb\r\nc\n\rd", "😀😀\r\n😀",
		"\xff\xfe\x00x", "\xed\xa0\x80 surrogate encoded", "\xc0\x80 overlong", "\xe4\xb8 truncated\r",
		"tosca_definitions_version: tosca_2_0\r\ndescription: \"é中😀\"\r\nnode_types: [\r\n",
	} {
		f.Add([]byte(src), uint16(1), uint16(3))
	}
	f.Fuzz(func(t *testing.T, src []byte, line, char uint16) {
		src = src[:min(len(src), 1024)]
		lines := text.NewLines(src)
		ref := refPositions(src)
		last := 0 // the last character start seen
		for off := 0; off <= len(src); off++ {
			got := toPosition(lines, off)
			want, starts := ref[off]
			if starts {
				last = off
				if back := toOffset(lines, got); back != off {
					t.Fatalf("offset %d → %v → offset %d", off, got, back)
				}
			} else {
				want = ref[last]
			}
			if got != want {
				t.Fatalf("offset %d (in %q): position %v, want %v", off, src, got, want)
			}
		}
		p := protocol.Position{Line: uint32(line), Character: uint32(char)}
		off := toOffset(lines, p)
		at, starts := ref[off]
		if !starts || before(p, at) {
			t.Fatalf("position %v → offset %d (position %v, a character start: %v)", p, off, at, starts)
		}
		for o, q := range ref {
			if q == p && o != off {
				t.Fatalf("position %v is offset %d, converted to %d", p, o, off)
			}
		}
		s := span(min(off, last), max(off, last))
		if back := toSpan(lines, toRange(lines, s)); back != s {
			t.Fatalf("span %v → %v → %v", s, toRange(lines, s), back)
		}
	})
}
