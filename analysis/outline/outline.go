// Package outline holds the editor features that describe a whole file
// rather than a position in it: the document outline (symbols), workspace
// symbols, folding ranges, semantic tokens and document links.
//
// Everything comes from what the binder recorded once per file (its facts:
// entities, references, calls, imports) and, for a document open in the
// editor, from the grammar frame of each node of its tree; names are
// resolved through the model. Nothing here walks the grammar over a tree.
package outline

import (
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// pairSpan covers a mapping entry from its key to the end of its value (an
// alias value is written elsewhere: the entry ends at the alias).
func pairSpan(p *syntax.Pair) text.Span {
	s := p.Key.Span
	if p.Value != nil && p.Value.Span.End > s.End {
		s.End = p.Value.Span.End
	}
	return s
}

// within reports whether s lies inside outer. Entities and values copied
// from an anchor by an alias keep the anchor's spans: this tells them apart
// from what is written in place.
func within(s, outer text.Span) bool { return s.Start >= outer.Start && s.End <= outer.End }

// isAlias reports whether the text at s is an alias (`*name`): a plain
// scalar cannot start with `*`.
func isAlias(src string, s text.Span) bool {
	return s.Start < len(src) && s.Start < s.End && src[s.Start] == '*'
}

// unquoted narrows a quoted scalar's span to its content.
func unquoted(src string, s text.Span) text.Span {
	if s.Start < 0 || s.End > len(src) || s.Len() < 2 {
		return s
	}
	first, last := src[s.Start], src[s.End-1]
	if first == last && (first == '"' || first == '\'') {
		return text.Span{Start: s.Start + 1, End: s.End - 1}
	}
	return s
}
