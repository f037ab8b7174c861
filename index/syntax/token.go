package syntax

import "strings"

// tokenKind is the kind of a scanner token (YAML 1.2.2 chapter 9 and the
// indicators of chapter 5), in the shape of libyaml's token stream: block
// structure is made explicit by the scanner (BLOCK-MAPPING-START, KEY,
// VALUE, BLOCK-END, ...) so the parser needs no indentation logic.
type tokenKind uint8

const (
	tokStreamStart tokenKind = iota
	tokStreamEnd
	tokVersionDirective
	tokTagDirective
	tokReservedDirective
	// The kinds from here on are a document's (push).
	tokDocumentStart
	tokDocumentEnd
	tokBlockSequenceStart
	tokBlockMappingStart
	tokBlockEnd
	tokFlowSequenceStart
	tokFlowSequenceEnd
	tokFlowMappingStart
	tokFlowMappingEnd
	tokBlockEntry
	tokFlowEntry
	tokKey
	tokValue
	tokAlias
	tokAnchor
	tokTag
	tokScalar
)

// token is one scanner token. Offsets are bytes into the original text.
type token struct {
	kind  tokenKind
	style Style
	// missingColon marks a KEY the scanner made up for a key written without
	// its ':' (a word being typed on its own line).
	missingColon bool
	start, end   int
	// value is the decoded scalar, the anchor or alias name, the tag as
	// written, the directive's version or tag handle (its prefix is the
	// last word of the directive: tagPrefix).
	value string
}

// set stores the fields of t one by one (see push).
func (t *token) set(kind tokenKind, style Style, start, end int, value string) {
	t.kind, t.style, t.missingColon, t.start, t.end, t.value = kind, style, false, start, end, value
}

// tagPrefix is the prefix of the %TAG directive t of src: its last word
// (a token carries no field for it, one a scalar never needs).
func tagPrefix(src string, t *token) string {
	d := src[t.start:t.end]
	return d[strings.LastIndexAny(d, " \t")+1:]
}

// isNodeStart reports whether t can begin a node (properties included).
func (t *token) isNodeStart() bool {
	switch t.kind {
	case tokAlias, tokAnchor, tokTag, tokScalar, tokFlowSequenceStart, tokFlowMappingStart,
		tokBlockSequenceStart, tokBlockMappingStart:
		return true
	}
	return false
}
