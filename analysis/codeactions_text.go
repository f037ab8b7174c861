package analysis

import (
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Text helpers of the code actions: where entries start and end, and the
// source text they rewrite.

// maxWalkDepth bounds the descent into deeply nested values.
const maxWalkDepth = 64

// pairSpan covers a mapping entry from its key to the end of its value.
func pairSpan(p *syntax.Pair) text.Span {
	s := text.Span{Start: p.Key.Span.Start, End: p.Key.Span.End}
	if p.Value != nil && p.Value.Anchored == nil && p.Value.Span.End > s.End {
		s.End = p.Value.Span.End
	}
	return s
}

// sameLine reports whether a span stays on one line.
func sameLine(l *text.Lines, s text.Span) bool {
	if s.Len() <= 0 {
		return true
	}
	return l.Line(s.Start) == l.Line(s.End-1)
}

// lineIndent is the leading blanks of the line holding off.
func lineIndent(l *text.Lines, off int) string {
	line := l.LineText(l.Line(off))
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return string(line[:i])
}

// columnOf is the byte column of off in its line.
func columnOf(l *text.Lines, off int) int {
	_, col := l.LineCol(off)
	return col
}

// sourceText is the text of a span.
func sourceText(l *text.Lines, s text.Span) string {
	src := l.Source()
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return ""
	}
	return string(src[s.Start:s.End])
}

// trimQuotes narrows a quoted scalar's span to its content.
func trimQuotes(l *text.Lines, s text.Span) text.Span {
	t := sourceText(l, s)
	if len(t) >= 2 && (t[0] == '"' && t[len(t)-1] == '"' || t[0] == '\'' && t[len(t)-1] == '\'') {
		return text.Span{Start: s.Start + 1, End: s.End - 1}
	}
	return s
}
