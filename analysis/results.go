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

// CompletionKind classifies a completion item; values match LSP's CompletionItemKind.
type CompletionKind int

const (
	CompletionText          CompletionKind = 1
	CompletionMethod        CompletionKind = 2
	CompletionFunction      CompletionKind = 3
	CompletionField         CompletionKind = 5
	CompletionVariable      CompletionKind = 6
	CompletionClass         CompletionKind = 7
	CompletionInterface     CompletionKind = 8
	CompletionModule        CompletionKind = 9
	CompletionProperty      CompletionKind = 10
	CompletionValue         CompletionKind = 12
	CompletionEnum          CompletionKind = 13
	CompletionKeyword       CompletionKind = 14
	CompletionSnippet       CompletionKind = 15
	CompletionFile          CompletionKind = 17
	CompletionReference     CompletionKind = 18
	CompletionFolder        CompletionKind = 19
	CompletionEnumMember    CompletionKind = 20
	CompletionConstant      CompletionKind = 21
	CompletionStruct        CompletionKind = 22
	CompletionEvent         CompletionKind = 23
	CompletionTypeParameter CompletionKind = 25
)

// CompletionItem is one proposal.
type CompletionItem struct {
	Label  string
	Kind   CompletionKind
	Detail string
	// Documentation is markdown.
	Documentation string
	// Edit replaces the word being typed; NewText is a snippet when Snippet is set.
	Edit    TextEdit
	Snippet bool
	// SortText orders items (lower first); FilterText is matched against what was typed.
	SortText   string
	FilterText string
	// AdditionalEdits apply elsewhere in the file (e.g. adding an import).
	AdditionalEdits []TextEdit
	Deprecated      bool
}

// SignatureHelp describes the function call around the cursor.
type SignatureHelp struct {
	Label         string
	Documentation string
	Params        []SignatureParam
	ActiveParam   int
}

// SignatureParam is one parameter of a signature.
type SignatureParam struct {
	Label         string
	Documentation string
}
