package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// FoldingRanges turns byte spans into line ranges.
func (s *Server) FoldingRanges(ctx context.Context, params *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return []protocol.FoldingRange{}, nil
	}
	return foldingRanges(t.lines, analysis.FoldingRanges(ctx, t.snap, t.path)), nil
}

func foldingRanges(lines *text.Lines, folds []analysis.Fold) []protocol.FoldingRange {
	out := []protocol.FoldingRange{}
	for _, f := range folds {
		start := lines.Line(f.Span.Start)
		end := lines.Line(f.Span.End)
		// A span ending right after a line break ends on the previous line.
		if f.Span.End > f.Span.Start && end > start && f.Span.End == lines.LineStart(end) {
			end--
		}
		if end <= start {
			continue
		}
		fr := protocol.FoldingRange{StartLine: uint32(start), EndLine: uint32(end)}
		if f.Kind != "" {
			fr.Kind = protocol.FoldingRangeKind(f.Kind)
		}
		out = append(out, fr)
	}
	return out
}
