package server

import (
	"context"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/fix"
	"github.com/tosca-ls/tosca-ls/analysis/model"
)

// CodeAction offers fix's quick fixes and rewrites for the selected range,
// filtered by the kinds the client asked for. The diagnostics fixed are
// the engine's for the request's snapshot (those the request carries may
// be older, and lack the did-you-mean suggestions); codes turned off in the
// settings get no fixes.
func (s *Server) CodeAction(ctx context.Context, params *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	out := []protocol.CommandOrCodeAction{}
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	cfg := s.config()
	diags := s.engine.Diagnostics(ctx, t.view, t.path)
	shown := make([]model.Diagnostic, 0, len(diags))
	for _, d := range diags {
		if o, set := cfg.Diagnostics[d.Code]; !set || o != overrideOff {
			shown = append(shown, d)
		}
	}
	for _, a := range fix.Actions(ctx, t.view, t.path, toSpan(t.lines, params.Range), shown) {
		kind := lspActionKind(a.Kind)
		if !kindWanted(string(kind), params.Context.Only) {
			continue
		}
		ca := &protocol.CodeAction{Title: a.Title, Kind: &kind, Edit: workspaceEdit(s, t.snap, a.Edits)}
		if a.Preferred {
			ca.IsPreferred = ptr(true)
		}
		if a.Diagnostic != nil {
			if pd, ok := s.toDiagnostic(t.snap, linesOf(t.snap, a.Diagnostic.Path), *a.Diagnostic, cfg); ok {
				ca.Diagnostics = append(ca.Diagnostics, pd)
			}
		}
		out = append(out, ca)
	}
	return out, nil
}

// lspActionKind maps fix's action kinds to LSP's.
func lspActionKind(k fix.Kind) protocol.CodeActionKind {
	if k == fix.Rewrite {
		return protocol.CodeActionKindRefactorRewrite
	}
	return protocol.CodeActionKindQuickFix
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
