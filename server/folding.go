package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// foldKinds maps the outline's fold kinds to LSP's.
var foldKinds = map[outline.FoldKind]protocol.FoldingRangeKind{
	outline.FoldRegion:  protocol.FoldingRangeKindRegion,
	outline.FoldComment: protocol.FoldingRangeKindComment,
	outline.FoldImports: protocol.FoldingRangeKindImports,
}

// FoldingRanges turns byte spans into line ranges.
func (s *Server) FoldingRanges(ctx context.Context, params *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return []protocol.FoldingRange{}, nil
	}
	return foldingRanges(t.lines, outline.FoldingRanges(ctx, t.view, t.path)), nil
}

func foldingRanges(lines *text.Lines, folds []outline.Fold) []protocol.FoldingRange {
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
		out = append(out, protocol.FoldingRange{StartLine: uint32(start), EndLine: uint32(end), Kind: foldKinds[f.Kind]})
	}
	return out
}
