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

// Hover is markdown about the thing under the cursor and its span.
type Hover struct {
	Span     text.Span
	Markdown string
}

// HighlightKind values match LSP's DocumentHighlightKind.
type HighlightKind int

const (
	HighlightText  HighlightKind = 1
	HighlightRead  HighlightKind = 2
	HighlightWrite HighlightKind = 3
)

// Highlight is one occurrence of the symbol under the cursor in the same file.
type Highlight struct {
	Span text.Span
	Kind HighlightKind
}

// SymbolKind values match LSP's SymbolKind.
type SymbolKind int

const (
	SymbolFile          SymbolKind = 1
	SymbolModule        SymbolKind = 2
	SymbolNamespace     SymbolKind = 3
	SymbolPackage       SymbolKind = 4
	SymbolClass         SymbolKind = 5
	SymbolMethod        SymbolKind = 6
	SymbolProperty      SymbolKind = 7
	SymbolField         SymbolKind = 8
	SymbolConstructor   SymbolKind = 9
	SymbolEnum          SymbolKind = 10
	SymbolInterface     SymbolKind = 11
	SymbolFunction      SymbolKind = 12
	SymbolVariable      SymbolKind = 13
	SymbolConstant      SymbolKind = 14
	SymbolString        SymbolKind = 15
	SymbolObject        SymbolKind = 19
	SymbolKey           SymbolKind = 20
	SymbolEnumMember    SymbolKind = 22
	SymbolStruct        SymbolKind = 23
	SymbolEvent         SymbolKind = 24
	SymbolOperator      SymbolKind = 25
	SymbolTypeParameter SymbolKind = 26
)

// Symbol is a node of a file's outline.
type Symbol struct {
	Name      string
	Detail    string
	Kind      SymbolKind
	Span      text.Span // the whole entry
	Selection text.Span // the name
	Children  []Symbol
}

// WorkspaceSymbol is a declared name anywhere in the workspace or profiles.
type WorkspaceSymbol struct {
	Name      string
	Kind      SymbolKind
	Container string
	Location  Location
}

// CodeAction is a fix or refactoring.
type CodeAction struct {
	Title string
	// Kind is an LSP code action kind ("quickfix", "refactor.rewrite", …).
	Kind        string
	Diagnostics []Diagnostic
	Preferred   bool
	Edits       map[string][]TextEdit
}

// Link is a span that opens another file.
type Link struct {
	Span    text.Span
	Target  string
	Tooltip string
}

// FoldKind values match LSP's FoldingRangeKind.
type FoldKind string

const (
	FoldComment FoldKind = "comment"
	FoldImports FoldKind = "imports"
	FoldRegion  FoldKind = "region"
)

// Fold is a foldable span; the server turns it into lines.
type Fold struct {
	Span text.Span
	Kind FoldKind
}

// TokenType indexes TokenTypes.
type TokenType int

// TokenTypes are the semantic token types tosca-ls emits, in legend order.
var TokenTypes = []string{"type", "class", "variable", "function", "property", "keyword", "namespace", "enumMember", "parameter", "string"}

const (
	TokenTypeName TokenType = iota
	TokenTemplate
	TokenInput
	TokenFunction
	TokenProperty
	TokenKeyword
	TokenNamespace
	TokenEnumMember
	TokenParameter
	TokenString
)

// TokenModifiers are the semantic token modifiers, in legend order (bit i).
var TokenModifiers = []string{"declaration", "definition", "defaultLibrary", "deprecated"}

const (
	ModDeclaration    = 1 << 0
	ModDefinition     = 1 << 1
	ModDefaultLibrary = 1 << 2
	ModDeprecated     = 1 << 3
)

// Token is one semantic token; spans never cross lines.
type Token struct {
	Span      text.Span
	Type      TokenType
	Modifiers int
}
