package server

import (
	"context"
	"sort"
	"strconv"
	"sync"

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

// SemanticTokensFull encodes the outline's tokens in LSP's relative format,
// under a result id later delta requests refer to.
func (s *Server) SemanticTokensFull(ctx context.Context, params *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return &protocol.SemanticTokens{Data: []uint32{}}, nil
	}
	data := encodeTokens(t.lines, outline.SemanticTokens(ctx, t.view, t.path))
	id := s.tokens.remember(t.path, data)
	return &protocol.SemanticTokens{ResultID: &id, Data: data}, nil
}

// SemanticTokensFullDelta answers the edits from the result the client
// holds to the current tokens (the whole tokens when that result is not
// the last one sent for the document).
func (s *Server) SemanticTokensFullDelta(ctx context.Context, params *protocol.SemanticTokensDeltaParams) (protocol.SemanticTokensDeltaResult, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return &protocol.SemanticTokens{Data: []uint32{}}, nil
	}
	data := encodeTokens(t.lines, outline.SemanticTokens(ctx, t.view, t.path))
	prev, known := s.tokens.last(t.path, params.PreviousResultID)
	id := s.tokens.remember(t.path, data)
	if !known {
		return &protocol.SemanticTokens{ResultID: &id, Data: data}, nil
	}
	return &protocol.SemanticTokensDelta{ResultID: &id, Edits: tokenEdits(prev, data)}, nil
}

// SemanticTokensRange encodes the tokens inside the requested range.
func (s *Server) SemanticTokensRange(ctx context.Context, params *protocol.SemanticTokensRangeParams) (*protocol.SemanticTokens, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return &protocol.SemanticTokens{Data: []uint32{}}, nil
	}
	span := toSpan(t.lines, params.Range)
	var in []outline.Token
	for _, tok := range outline.SemanticTokens(ctx, t.view, t.path) {
		if tok.Span.End > span.Start && tok.Span.Start < span.End {
			in = append(in, tok)
		}
	}
	return &protocol.SemanticTokens{Data: encodeTokens(t.lines, in)}, nil
}

// tokenEdits is one edit replacing what differs between two encodings
// (none when they are equal): their common prefix and suffix stay.
func tokenEdits(prev, next []uint32) []protocol.SemanticTokensEdit {
	pre := 0
	for pre < len(prev) && pre < len(next) && prev[pre] == next[pre] {
		pre++
	}
	suf := 0
	for suf < len(prev)-pre && suf < len(next)-pre && prev[len(prev)-1-suf] == next[len(next)-1-suf] {
		suf++
	}
	if pre == len(prev) && pre == len(next) {
		return []protocol.SemanticTokensEdit{}
	}
	return []protocol.SemanticTokensEdit{{Start: uint32(pre), DeleteCount: uint32(len(prev) - pre - suf), Data: next[pre : len(next)-suf]}}
}

// tokenResults keeps the last tokens sent for each open document, for
// delta requests.
type tokenResults struct {
	mu     sync.Mutex
	seq    uint64
	byPath map[string]tokenResult
}

type tokenResult struct {
	id   string
	data []uint32
}

// remember records the tokens sent for path and returns their result id.
func (r *tokenResults) remember(path string, data []uint32) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	id := strconv.FormatUint(r.seq, 10)
	if r.byPath == nil {
		r.byPath = map[string]tokenResult{}
	}
	r.byPath[path] = tokenResult{id: id, data: data}
	return id
}

// last returns the tokens last sent for path if they have result id id.
func (r *tokenResults) last(path, id string) ([]uint32, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	res, ok := r.byPath[path]
	return res.data, ok && res.id == id
}

// forget drops the tokens of a closed document.
func (r *tokenResults) forget(path string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.byPath, path)
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
