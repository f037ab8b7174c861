package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
)

// SelectionRange answers, for each position, the chain of enclosing spans
// (innermost first, each the parent of the one before).
func (s *Server) SelectionRange(ctx context.Context, params *protocol.SelectionRangeParams) ([]protocol.SelectionRange, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return []protocol.SelectionRange{}, nil
	}
	offsets := make([]int, len(params.Positions))
	for i, p := range params.Positions {
		offsets[i] = t.offset(p)
	}
	chains := outline.SelectionRanges(ctx, t.view, t.path, offsets)
	out := make([]protocol.SelectionRange, len(params.Positions))
	for i := range out {
		// Every position gets an answer: at worst the empty range at it.
		out[i].Range = protocol.Range{Start: params.Positions[i], End: params.Positions[i]}
		if i >= len(chains) || len(chains[i]) == 0 {
			continue
		}
		var parent *protocol.SelectionRange
		for j := len(chains[i]) - 1; j >= 0; j-- {
			sr := &protocol.SelectionRange{Range: t.rng(chains[i][j]), Parent: parent}
			parent = sr
		}
		out[i] = *parent
	}
	return out, nil
}
