package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
)

// DocumentLink makes imports and artifact files clickable.
func (s *Server) DocumentLink(ctx context.Context, params *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	out := []protocol.DocumentLink{}
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, l := range outline.DocumentLinks(ctx, t.view, t.path) {
		target := s.uriFor(l.Target)
		dl := protocol.DocumentLink{Range: t.rng(l.Span), Target: &target}
		if l.Tooltip != "" {
			dl.Tooltip = ptr(l.Tooltip)
		}
		out = append(out, dl)
	}
	return out, nil
}
