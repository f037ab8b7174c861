package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis"
)

// Completion maps analysis.Complete to a CompletionList.
func (s *Server) Completion(ctx context.Context, params *protocol.CompletionParams) (protocol.CompletionResult, error) {
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return list, nil
	}
	snippets := s.clientCaps().snippets
	for _, it := range analysis.Complete(ctx, t.snap, t.path, t.offset(params.Position)) {
		if it.Snippet && !snippets {
			continue
		}
		list.Items = append(list.Items, completionItem(t, it))
	}
	return list, nil
}

func completionItem(t *docTarget, it analysis.CompletionItem) protocol.CompletionItem {
	ci := protocol.CompletionItem{
		Label: it.Label,
		Kind:  protocol.CompletionItemKind(it.Kind),
		TextEdit: &protocol.TextEdit{
			Range:   t.rng(it.Edit.Span),
			NewText: it.Edit.NewText,
		},
		InsertTextFormat: protocol.InsertTextFormatPlainText,
	}
	if it.Snippet {
		ci.InsertTextFormat = protocol.InsertTextFormatSnippet
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
	if len(it.AdditionalEdits) > 0 {
		ci.AdditionalTextEdits = textEdits(t.lines, it.AdditionalEdits)
	}
	if it.Deprecated {
		ci.Tags = []protocol.CompletionItemTag{protocol.CompletionItemTagDeprecated}
		ci.Deprecated = protocol.NewOptional(true)
	}
	return ci
}
