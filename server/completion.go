package server

import (
	"context"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/complete"
)

// Completion maps complete.Complete to a CompletionList.
func (s *Server) Completion(ctx context.Context, params *protocol.CompletionParams) (protocol.CompletionResult, error) {
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return list, nil
	}
	snippets := s.clientCaps().snippets
	result := complete.Complete(ctx, t.view, t.path, t.offset(params.Position), t.lang)
	list.IsIncomplete = result.Incomplete
	for _, it := range result.Items {
		if it.Snippet && !snippets {
			it.Edit.NewText, it.Snippet = plainSnippet(it.Edit.NewText), false
		}
		list.Items = append(list.Items, completionItem(t, it))
	}
	return list, nil
}

// plainSnippet turns snippet text into what a client without snippet
// support inserts: tab stops vanish, placeholders keep their default text.
func plainSnippet(snippet string) string {
	var b strings.Builder
	open := 0 // placeholders ${n:…} being copied
	for i := 0; i < len(snippet); i++ {
		c := snippet[i]
		switch {
		case c == '\\' && i+1 < len(snippet) && strings.ContainsRune(`$}\\`, rune(snippet[i+1])):
			b.WriteByte(snippet[i+1])
			i++
		case c == '$' && i+1 < len(snippet) && snippet[i+1] >= '0' && snippet[i+1] <= '9':
			for i+1 < len(snippet) && snippet[i+1] >= '0' && snippet[i+1] <= '9' {
				i++
			}
		case c == '$' && strings.HasPrefix(snippet[i+1:], "{"):
			// ${n:default} keeps default; ${n} keeps nothing.
			j := i + 2
			for j < len(snippet) && snippet[j] >= '0' && snippet[j] <= '9' {
				j++
			}
			if j < len(snippet) && snippet[j] == ':' {
				j++
			}
			open++
			i = j - 1
		case c == '}' && open > 0:
			open--
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// completionKinds are the LSP kinds of the items' kinds.
var completionKinds = map[complete.Kind]protocol.CompletionItemKind{
	complete.KindKeyname:        protocol.CompletionItemKindProperty,
	complete.KindProperty:       protocol.CompletionItemKindProperty,
	complete.KindCapability:     protocol.CompletionItemKindField,
	complete.KindRequirement:    protocol.CompletionItemKindReference,
	complete.KindInterface:      protocol.CompletionItemKindInterface,
	complete.KindOperation:      protocol.CompletionItemKindMethod,
	complete.KindNotification:   protocol.CompletionItemKindEvent,
	complete.KindArtifact:       protocol.CompletionItemKindFile,
	complete.KindType:           protocol.CompletionItemKindClass,
	complete.KindDataType:       protocol.CompletionItemKindStruct,
	complete.KindCapabilityType: protocol.CompletionItemKindInterface,
	complete.KindInterfaceType:  protocol.CompletionItemKindInterface,
	complete.KindArtifactType:   protocol.CompletionItemKindFile,
	complete.KindTemplate:       protocol.CompletionItemKindReference,
	complete.KindName:           protocol.CompletionItemKindVariable,
	complete.KindEnum:           protocol.CompletionItemKindEnumMember,
	complete.KindBool:           protocol.CompletionItemKindValue,
	complete.KindFunction:       protocol.CompletionItemKindFunction,
	complete.KindKeyword:        protocol.CompletionItemKindKeyword,
	complete.KindProfile:        protocol.CompletionItemKindModule,
	complete.KindFile:           protocol.CompletionItemKindFile,
	complete.KindFolder:         protocol.CompletionItemKindFolder,
	complete.KindSnippet:        protocol.CompletionItemKindSnippet,
}

func completionItem(t *docTarget, it complete.Item) protocol.CompletionItem {
	ci := protocol.CompletionItem{
		Label: it.Label,
		Kind:  completionKinds[it.Kind],
		TextEdit: &protocol.TextEdit{
			Range:   t.rng(it.Edit.Span),
			NewText: it.Edit.NewText,
		},
		InsertTextFormat: protocol.InsertTextFormatPlainText,
	}
	if it.Snippet {
		ci.InsertTextFormat = protocol.InsertTextFormatSnippet
	}
	if strings.Contains(it.Edit.NewText, "\n") {
		// New lines are written relative to the cursor line's indentation.
		ci.InsertTextMode = protocol.InsertTextModeAdjustIndentation
	}
	if it.Detail != "" {
		ci.Detail = protocol.NewOptional(it.Detail)
	}
	if it.Documentation != "" {
		ci.Documentation = markdown(it.Documentation)
	}
	if it.SortText != "" {
		ci.SortText = protocol.NewOptional(it.SortText)
	}
	if it.FilterText != "" {
		ci.FilterText = protocol.NewOptional(it.FilterText)
	}
	if it.Deprecated {
		ci.Tags = []protocol.CompletionItemTag{protocol.CompletionItemTagDeprecated}
		ci.Deprecated = protocol.NewOptional(true)
	}
	return ci
}
