// Package syntax parses YAML 1.2 into a compact, position-keeping tree.
//
// The parser is our own (a scanner and an event parser in the manner of
// libyaml, written from the YAML 1.2.2 specification): it works on the
// original bytes, so every node carries exact byte spans (CRLF, lone CR and
// BOM included); it is iterative, so input nesting costs no Go stack; and
// it is error-tolerant: a syntax error is reported at its range and the
// rest of the text is still read, including the half-typed states of a
// line in an editor. Anchors, aliases and merge keys are resolved without
// losing the positions of what they point to.
package syntax

import "github.com/tosca-ls/tosca-ls/index/text"

// Kind is the shape of a node.
type Kind uint8

const (
	// Null is an explicit null (`~`, `null`) or a missing value (`key:`).
	Null Kind = iota
	Scalar
	Mapping
	Sequence
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Scalar:
		return "scalar"
	case Mapping:
		return "map"
	case Sequence:
		return "list"
	}
	return "?"
}

// Style is how a scalar was written.
type Style uint8

const (
	Plain Style = iota
	SingleQuoted
	DoubleQuoted
	Literal // |
	Folded  // >
)

// Node is one YAML node. Alias nodes are resolved: an alias yields a copy of
// the anchored node whose Span is the alias itself (`*name`) and whose
// Anchored points at the original, so that ranges stay where the author
// wrote them while values are complete.
type Node struct {
	Kind  Kind
	Style Style
	// Tag is the explicit tag (`!!str`, `!custom`) or "" when none was written.
	Tag string
	// Value is the decoded scalar value (quotes and escapes processed).
	// Source text of a plain scalar is Value itself, so `version: 1.0`
	// yields "1.0", never a float.
	Value string
	// Span covers the whole node: for collections from the first to the
	// last byte of their content; for a Null value of `key:` an empty span
	// just after the colon.
	Span text.Span
	// Pairs are a mapping's entries in source order, merge keys (`<<`)
	// expanded in place (their Key is the original key node).
	Pairs []*Pair
	// Items are a sequence's entries.
	Items []*Node
	// Flow is true for `{...}` and `[...]` collections.
	Flow bool
	// Anchor is the `&name` declared on this node, if any.
	Anchor string
	// Anchored is the node an alias refers to (nil if not an alias).
	Anchored *Node
	// Comment is the comment text on or directly above this node, without `#`.
	Comment string

	// tail is, for an implicit null (empty Span) and a TOSCA.meta value,
	// the original offset up to which the rest of its line still counts as
	// the value (PathAt).
	tail int
}

// Pair is one mapping entry. Value is never nil: `key:` yields a Null node.
type Pair struct {
	Key   *Node
	Value *Node
	// Merged is true when the pair came from a merge key (`<<: *base`).
	Merged bool
}

// Get returns the value of the first pair whose key is name, or nil.
func (n *Node) Get(name string) *Node {
	if p := n.GetPair(name); p != nil {
		return p.Value
	}
	return nil
}

// GetPair returns the first pair whose key is name, or nil.
// It is safe on nil and non-mapping nodes.
func (n *Node) GetPair(name string) *Pair {
	if n == nil || n.Kind != Mapping {
		return nil
	}
	for _, p := range n.Pairs {
		if p.Key.Value == name {
			return p
		}
	}
	return nil
}

// Text is the scalar value, or "" for non-scalars (and nil).
func (n *Node) Text() string {
	if n == nil || n.Kind != Scalar {
		return ""
	}
	return n.Value
}

// IsNull reports whether n is nil or a null node.
func (n *Node) IsNull() bool { return n == nil || n.Kind == Null }

// Document is one `---` document of a file.
type Document struct {
	// Root is the top node; nil when the document is empty or could not be
	// parsed at all.
	Root *Node
	// Span covers the document's text, from its first to its last byte.
	Span text.Span

	// handles are the document's %TAG handles (nil when it has none).
	handles map[string]string
}

// Error is a syntax problem at an exact range of the original text.
type Error struct {
	Span    text.Span
	Message string
	// Duplicate is set for a repeated mapping key (reported apart from
	// syntax errors: the file still parses).
	Duplicate bool
	// Lenient is set for text YAML 1.2 forbids that is read as most YAML
	// parsers read it (a quoted string continued at column 0): a warning,
	// and the file parses as if it were valid.
	Lenient bool
}

// File is a parsed YAML file.
type File struct {
	// Src is the original text as given (CRLF, BOM and all).
	Src   []byte
	Lines *text.Lines
	Docs  []*Document
	// Errors are YAML syntax errors; the documents still hold whatever
	// could be recovered around them.
	Errors []Error
}

// Root is the root node of the first document, or nil.
func (f *File) Root() *Node {
	if f == nil || len(f.Docs) == 0 {
		return nil
	}
	return f.Docs[0].Root
}
