package server

import (
	"context"
	"sort"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// tokenTypeNames are the LSP names of the outline's token types.
var tokenTypeNames = map[outline.TokenType]protocol.SemanticTokenTypes{
	outline.TokenTypeName:  protocol.SemanticTokenTypesType,
	outline.TokenTemplate:  protocol.SemanticTokenTypesClass,
	outline.TokenInput:     protocol.SemanticTokenTypesVariable,
	outline.TokenFunction:  protocol.SemanticTokenTypesFunction,
	outline.TokenProperty:  protocol.SemanticTokenTypesProperty,
	outline.TokenKeyword:   protocol.SemanticTokenTypesKeyword,
	outline.TokenNamespace: protocol.SemanticTokenTypesNamespace,
	outline.TokenParameter: protocol.SemanticTokenTypesParameter,
}

// tokenModifierNames are the LSP names of the outline's token modifiers.
var tokenModifierNames = map[outline.TokenModifiers]protocol.SemanticTokenModifiers{
	outline.ModDeclaration:    protocol.SemanticTokenModifiersDeclaration,
	outline.ModDefaultLibrary: protocol.SemanticTokenModifiersDefaultLibrary,
	outline.ModDeprecated:     protocol.SemanticTokenModifiersDeprecated,
}

// tokenLegend announces the token types and modifiers in the outline's
// order: a token type is encoded as its index in outline.TokenTypes, a
// modifier as bit i for outline.Modifiers[i].
func tokenLegend() protocol.SemanticTokensLegend {
	var l protocol.SemanticTokensLegend
	for _, t := range outline.TokenTypes {
		l.TokenTypes = append(l.TokenTypes, string(tokenTypeNames[t]))
	}
	for _, m := range outline.Modifiers {
		l.TokenModifiers = append(l.TokenModifiers, string(tokenModifierNames[m]))
	}
	return l
}

// SemanticTokensFull encodes the outline's tokens in LSP's relative format.
func (s *Server) SemanticTokensFull(ctx context.Context, params *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return &protocol.SemanticTokens{Data: []uint32{}}, nil
	}
	return &protocol.SemanticTokens{Data: encodeTokens(t.lines, outline.SemanticTokens(ctx, t.view, t.path))}, nil
}

// encodeTokens emits five integers per token: line delta, start delta
// (relative to the previous token on the same line), length, type and
// modifiers; columns and lengths in UTF-16 code units. Tokens are sorted,
// clipped to their line, and overlapping, empty or unknown ones are dropped.
func encodeTokens(lines *text.Lines, tokens []outline.Token) []uint32 {
	typeIndex := map[outline.TokenType]uint32{}
	for i, t := range outline.TokenTypes {
		typeIndex[t] = uint32(i)
	}
	sorted := append([]outline.Token(nil), tokens...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Span.Start < sorted[j].Span.Start })
	data := make([]uint32, 0, 5*len(sorted))
	prevLine, prevChar, prevEnd := 0, 0, -1
	for _, tok := range sorted {
		typ, known := typeIndex[tok.Type]
		if tok.Span.Start < prevEnd || tok.Span.End <= tok.Span.Start || !known {
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
		var mods uint32
		for i, m := range outline.Modifiers {
			if tok.Modifiers&m != 0 {
				mods |= 1 << i
			}
		}
		data = append(data, uint32(line-prevLine), uint32(deltaChar), uint32(endChar-char), typ, mods)
		prevLine, prevChar, prevEnd = line, char, tok.Span.End
	}
	return data
}
