package server

import (
	"context"
	"sort"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// SemanticTokensFull encodes analysis' tokens in LSP's relative format.
func (s *Server) SemanticTokensFull(ctx context.Context, params *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return &protocol.SemanticTokens{Data: []uint32{}}, nil
	}
	return &protocol.SemanticTokens{Data: encodeTokens(t.lines, analysis.SemanticTokens(ctx, t.snap, t.path))}, nil
}

// encodeTokens emits five integers per token: line delta, start delta
// (relative to the previous token on the same line), length, type and
// modifiers; columns and lengths in UTF-16 code units. Tokens are sorted,
// clipped to their line, and overlapping or empty ones are dropped.
func encodeTokens(lines *text.Lines, tokens []analysis.Token) []uint32 {
	sorted := append([]analysis.Token(nil), tokens...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Span.Start < sorted[j].Span.Start })
	data := make([]uint32, 0, 5*len(sorted))
	prevLine, prevChar, prevEnd := 0, 0, -1
	for _, tok := range sorted {
		if tok.Span.Start < prevEnd || tok.Span.End <= tok.Span.Start {
			continue
		}
		if int(tok.Type) < 0 || int(tok.Type) >= len(analysis.TokenTypes) {
			continue
		}
		line, char := lines.UTF16(tok.Span.Start)
		end := tok.Span.End
		if le := lines.LineEnd(line); end > le {
			end = le
		}
		endLine, endChar := lines.UTF16(end)
		if endLine != line || endChar <= char {
			continue
		}
		deltaChar := char
		if line == prevLine {
			deltaChar = char - prevChar
		}
		data = append(data, uint32(line-prevLine), uint32(deltaChar), uint32(endChar-char),
			uint32(tok.Type), uint32(tok.Modifiers)&(1<<len(analysis.TokenModifiers)-1))
		prevLine, prevChar, prevEnd = line, char, tok.Span.End
	}
	return data
}
