package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/inlay"
)

// InlayHint answers the hints of the requested range, of the kinds the
// settings leave on.
func (s *Server) InlayHint(ctx context.Context, params *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return []protocol.InlayHint{}, nil
	}
	off := s.config().HintsOff
	hints := inlay.Hints(ctx, t.view, t.path, toSpan(t.lines, params.Range), func(k inlay.Kind) bool { return !off[k] })
	out := make([]protocol.InlayHint, 0, len(hints))
	for _, h := range hints {
		hint := protocol.InlayHint{
			Position:    toPosition(t.lines, h.Offset),
			Label:       protocol.String(h.Label),
			Tooltip:     protocol.String(h.Tooltip),
			PaddingLeft: ptr(true),
		}
		if h.Kind == inlay.InputDefault || h.Kind == inlay.ChainRoot {
			hint.Kind = protocol.InlayHintKindType
		}
		out = append(out, hint)
	}
	return out, nil
}
