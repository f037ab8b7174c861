package fix

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Text helpers: the source an edit reads, where entries start and end, and
// how inserted values are written.

// text is the source text of a span ("" outside the text).
func (fx *fixer) text(s text.Span) string {
	if s.Start < 0 || s.End > len(fx.src) || s.Start > s.End {
		return ""
	}
	return fx.src[s.Start:s.End]
}

// unquoted narrows a quoted scalar's span to its content.
func (fx *fixer) unquoted(s text.Span) text.Span {
	t := fx.text(s)
	if len(t) >= 2 && (t[0] == '"' || t[0] == '\'') && t[len(t)-1] == t[0] {
		return text.Span{Start: s.Start + 1, End: s.End - 1}
	}
	return s
}

// eol is the file's line break: inserted lines keep it.
func (fx *fixer) eol() string {
	if i := strings.IndexByte(fx.src, '\n'); i > 0 && fx.src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// column is the byte column of off in its line.
func (fx *fixer) column(off int) int {
	_, col := fx.lines.LineCol(off)
	return col
}

// lineEnd is where the line holding off ends (before its line break).
func (fx *fixer) lineEnd(off int) int { return fx.lines.LineEnd(fx.lines.Line(off)) }

// lastLineEnd is the end of the last line of a node (whose span may end
// after its last line's break).
func (fx *fixer) lastLineEnd(s text.Span) int { return fx.lineEnd(max(s.End-1, s.Start)) }

// indentOf is the leading blanks of the line holding off.
func (fx *fixer) indentOf(off int) string {
	line := fx.lines.LineText(fx.lines.Line(off))
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return string(line[:i])
}

// oneLine reports whether a span stays on one line.
func (fx *fixer) oneLine(s text.Span) bool {
	return s.Len() <= 0 || fx.lines.Line(s.Start) == fx.lines.Line(s.End-1)
}

// backquoted writes names as the titles of actions show them: `a`, `b`.
func backquoted(names []string) string {
	return "`" + strings.Join(names, "`, `") + "`"
}

// pairSpan covers a mapping entry from its key to the end of its value.
func pairSpan(p *syntax.Pair) text.Span {
	s := p.Key.Span
	if p.Value != nil && p.Value.Anchored == nil && p.Value.Span.End > s.End {
		s.End = p.Value.Span.End
	}
	return s
}

// pairLines spans the whole lines of a block mapping entry, its last line
// break included.
func (fx *fixer) pairLines(p *syntax.Pair) text.Span {
	start := fx.lines.LineStart(fx.lines.Line(p.Key.Span.Start))
	end := pairSpan(p).End
	if end > start {
		end--
	}
	return text.Span{Start: start, End: fx.lines.LineStart(fx.lines.Line(end) + 1)}
}
