package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/navigate"
)

// References lists every use of the symbol under the cursor, across files.
func (s *Server) References(ctx context.Context, params *protocol.ReferenceParams) ([]protocol.Location, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return []protocol.Location{}, nil
	}
	locs := navigate.References(ctx, t.view, t.path, t.offset(params.Position), params.Context.IncludeDeclaration)
	return s.locations(t.snap, locs), nil
}

// highlightKind maps navigate's highlight kinds to LSP's.
func highlightKind(k navigate.HighlightKind) protocol.DocumentHighlightKind {
	if k == navigate.Write {
		return protocol.DocumentHighlightKindWrite
	}
	return protocol.DocumentHighlightKindRead
}

// DocumentHighlight marks the occurrences of the symbol in the same file.
func (s *Server) DocumentHighlight(ctx context.Context, params *protocol.DocumentHighlightParams) ([]protocol.DocumentHighlight, error) {
	out := []protocol.DocumentHighlight{}
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, h := range navigate.Highlights(ctx, t.view, t.path, t.offset(params.Position)) {
		out = append(out, protocol.DocumentHighlight{Range: t.rng(h.Span), Kind: highlightKind(h.Kind)})
	}
	return out, nil
}
