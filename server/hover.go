package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/hover"
)

// Hover answers hover.At's markdown.
func (s *Server) Hover(ctx context.Context, params *protocol.HoverParams) (*protocol.Hover, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	h := hover.At(ctx, t.view, t.path, t.offset(params.Position))
	if h == nil {
		return nil, nil
	}
	r := t.rng(h.Span)
	return &protocol.Hover{Contents: markdown(h.Markdown), Range: &r}, nil
}
