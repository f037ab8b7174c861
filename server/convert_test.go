package server

import (
	"reflect"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func span(s, e int) text.Span { return text.Span{Start: s, End: e} }

func TestEncodeTokens(t *testing.T) {
	src := "a: é中\r\nbb: 😀x\n"
	lines := text.NewLines([]byte(src))
	//      offsets: a=0 :=1 ' '=2 é=3..5 中=5..8 \r\n=8..10 bb=10..12 :=12 ' '=13 😀=14..18 x=18
	toks := []analysis.Token{
		{Span: span(14, 18), Type: analysis.TokenString},                         // 😀 line 1, char 4, len 2
		{Span: span(0, 1), Type: analysis.TokenProperty, Modifiers: 1},           // a
		{Span: span(3, 8), Type: analysis.TokenString},                           // é中: char 3 len 2
		{Span: span(10, 12), Type: analysis.TokenProperty},                       // bb
		{Span: span(18, 19), Type: analysis.TokenKeyword},                        // x after emoji: char 6
		{Span: span(11, 12), Type: analysis.TokenKeyword},                        // overlaps bb: dropped
		{Span: span(12, 12), Type: analysis.TokenKeyword},                        // empty: dropped
		{Span: span(5, 30), Type: analysis.TokenKeyword},                         // overlaps é中: dropped
		{Span: span(19, 20), Type: analysis.TokenType(len(analysis.TokenTypes))}, // bad type
	}
	got := encodeTokens(lines, toks)
	want := []uint32{
		0, 0, 1, uint32(analysis.TokenProperty), 1,
		0, 3, 2, uint32(analysis.TokenString), 0,
		1, 0, 2, uint32(analysis.TokenProperty), 0,
		0, 4, 2, uint32(analysis.TokenString), 0,
		0, 2, 1, uint32(analysis.TokenKeyword), 0,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
}

func TestEncodeTokensClipsToLine(t *testing.T) {
	lines := text.NewLines([]byte("key: |\n  text\n"))
	got := encodeTokens(lines, []analysis.Token{{Span: span(5, 14), Type: analysis.TokenString}})
	want := []uint32{0, 5, 1, uint32(analysis.TokenString), 0}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func TestFoldingRanges(t *testing.T) {
	src := "a:\n  b: 1\n  c: 2\nd: 3\n"
	lines := text.NewLines([]byte(src))
	got := foldingRanges(lines, []analysis.Fold{
		{Span: span(0, 16)},                              // a: … c: 2 (ends at end of line 2)
		{Span: span(0, 17), Kind: analysis.FoldRegion},   // ends after the newline: still line 2
		{Span: span(3, 9)},                               // one line: dropped
		{Span: span(17, 22), Kind: analysis.FoldComment}, // d: 3 and the final newline: one line
	})
	want := []protocol.FoldingRange{
		{StartLine: 0, EndLine: 2},
		{StartLine: 0, EndLine: 2, Kind: protocol.FoldingRangeKind("region")},
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
