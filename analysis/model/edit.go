package model

import "github.com/tosca-ls/tosca-ls/index/text"

// TextEdit replaces Span of a file's text with NewText: what rename, code
// actions and completion hand to an editor.
type TextEdit struct {
	Span    text.Span
	NewText string
}
