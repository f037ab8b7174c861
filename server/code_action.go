package server

import (
	"context"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis"
)

// CodeAction offers analysis' fixes and rewrites for the selected range,
// filtered by the kinds the client asked for.
func (s *Server) CodeAction(ctx context.Context, params *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	out := []protocol.CommandOrCodeAction{}
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	cfg := s.config()
	for _, a := range analysis.CodeActions(ctx, t.snap, t.path, toSpan(t.lines, params.Range)) {
		if !kindWanted(a.Kind, params.Context.Only) {
			continue
		}
		ca := &protocol.CodeAction{Title: a.Title, Edit: workspaceEdit(s, t.snap, a.Edits)}
		if a.Kind != "" {
			k := protocol.CodeActionKind(a.Kind)
			ca.Kind = &k
		}
		if a.Preferred {
			ca.IsPreferred = ptr(true)
		}
		for _, d := range a.Diagnostics {
			if pd, ok := s.toDiagnostic(t.snap, d, cfg); ok {
				ca.Diagnostics = append(ca.Diagnostics, pd)
			}
		}
		out = append(out, ca)
	}
	return out, nil
}

// kindWanted reports whether kind matches the requested kinds (a kind
// matches itself and its sub-kinds: "refactor" selects "refactor.rewrite").
func kindWanted(kind string, only []protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if kind == string(o) || strings.HasPrefix(kind, string(o)+".") {
			return true
		}
	}
	return false
}
