package analysis

import (
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// The result types below are what analysis hands to its callers (the
// language server and the check command). They address text by file path
// and byte span; converting to LSP wire types is the server's job.

// The diagnostic types are the model's (this package is being replaced
// by the model and the feature packages).
type (
	Severity      = diag.Severity
	Location      = model.Location
	Related       = model.Related
	DiagnosticTag = model.Tag
	Diagnostic    = model.Diagnostic
)

const (
	SeverityError       = diag.Error
	SeverityWarning     = diag.Warning
	SeverityInformation = diag.Information
	SeverityHint        = diag.Hint
	TagUnnecessary      = model.TagUnnecessary
	TagDeprecated       = model.TagDeprecated
)

// TextEdit replaces Span in a file with NewText.
type TextEdit struct {
	Span    text.Span
	NewText string
}

