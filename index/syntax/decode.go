package syntax

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// DecodeScalar is the value of the scalar written in style at
// src[start:end], read again from the source alone: quotes and escapes
// processed, lines folded. It is the parser's value whenever nothing
// outside the span decides it (it does for an alias, a block scalar with
// an indentation indicator or keeping the empty lines after it): a caller
// keeping values compares the two once and keeps a copy only where they
// differ, instead of a copy of every quoted or folded scalar. Values that
// are their source text (a plain scalar on one line, a quoted one without
// escapes or line breaks) are substrings of src.
func DecodeScalar(src string, start, end int, style Style) string {
	if start < 0 || end > len(src) || start >= end {
		return ""
	}
	written := src[start:end]
	// The binder asks this of every scalar: the searches for what changes
	// the value go a vector at a time (strings.ContainsAny goes a byte).
	switch style {
	case Plain:
		if !hasLineBreak(written) {
			return written
		}
	case SingleQuoted, DoubleQuoted:
		if len(written) >= 2 && written[len(written)-1] == written[0] {
			inner := written[1 : len(written)-1]
			escape := byte('\\')
			if style == SingleQuoted {
				escape = '\''
			}
			if !hasLineBreak(inner) && strings.IndexByte(inner, escape) < 0 {
				return inner
			}
		}
	}
	// The scanner of the parser, from the start of the scalar's line to its
	// end, outside any block or flow collection.
	lineStart := strings.LastIndexAny(src[:start], "\r\n") + 1
	stop := end
	if style == Literal || style == Folded {
		// A block scalar's value ends with the line break after its last
		// line (unless stripped).
		switch {
		case strings.HasPrefix(src[end:], "\r\n"):
			stop += 2
		case strings.HasPrefix(src[end:], "\n"), strings.HasPrefix(src[end:], "\r"):
			stop++
		}
	}
	// Not a new scanner on the heap: the binder asks this of every quoted
	// and block scalar.
	var keys [1]simpleKey
	var s scanner
	s.init(text.Bytes(src), src, start, stop, &errorSink{}, keys[:])
	s.lineStart = lineStart
	switch style {
	case Plain:
		value, _, _ := s.scanPlain()
		return value
	case SingleQuoted, DoubleQuoted:
		return s.scanQuoted(style == SingleQuoted).value
	case Literal, Folded:
		// Its value is built in memory of its text's size (what is left
		// out, indentation, outweighs what is added), not grown.
		s.value = make([]byte, 0, stop-start)
		return s.scanBlockScalar(style == Literal).value
	}
	return written
}

func hasLineBreak(s string) bool {
	return strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0
}

// Decodes reports whether DecodeScalar reads the scalar n of src again as
// the parse read it; clean tells that the parse found no error in src. A
// block scalar of a clean file tells by its header alone, without being
// read again: it does unless the header sets its indentation or keeps the
// empty lines after it (TestDecodeScalarOnRealYAML), and the descriptions
// of a profile are mostly block scalars.
func Decodes(src string, n *Node, clean bool) bool {
	start, end := n.Span.Start, n.Span.End
	if n.Anchored != nil || start < 0 || end > len(src) {
		return false
	}
	if (n.Style == Literal || n.Style == Folded) && n.Tag == "" && clean {
		header := src[start:min(end, start+3)]
		return strings.IndexByte(header, '+') < 0 && strings.IndexAny(header, "123456789") < 0
	}
	return DecodeScalar(src, start, end, n.Style) == n.Value
}
