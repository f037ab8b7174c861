package server

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
)

// Code lenses are listed cheaply (textDocument/codeLens: ranges and data)
// and counted one by one (codeLens/resolve), when the editor shows them.
// A resolved lens runs the command tosca-ls.showReferences with the
// arguments [uri, position, locations]: the editor integrations map it to
// their list of locations (VS Code's editor.action.showReferences, a
// quickfix list in Neovim, xref in Emacs). The server does not offer it in
// executeCommandProvider, so that clients keep it for themselves.
const commandShowReferences = "tosca-ls.showReferences"

// lensData is the data of an unresolved lens: the document and what the
// lens counts (see navigate.Lens).
type lensData struct {
	URI      uri.URI           `json:"uri"`
	Kind     navigate.LensKind `json:"kind"`
	DeclKind grammar.RefKind   `json:"declKind"`
	Name     string            `json:"name"`
}

func (s *Server) CodeLens(ctx context.Context, params *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	out := []protocol.CodeLens{}
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, l := range navigate.CodeLenses(ctx, t.view, t.path) {
		data, err := json.Marshal(lensData{URI: params.TextDocument.URI, Kind: l.Kind, DeclKind: l.DeclKind, Name: l.Name})
		if err != nil {
			return nil, err
		}
		out = append(out, protocol.CodeLens{Range: t.rng(l.Span), Data: data})
	}
	return out, nil
}

// CodeLensResolve counts what a lens counts. A lens whose declaration is
// gone (the document changed meanwhile) reads "…" until the editor asks
// for the document's lenses again.
func (s *Server) CodeLensResolve(ctx context.Context, params *protocol.CodeLens) (*protocol.CodeLens, error) {
	lens := *params
	var data lensData
	if json.Unmarshal(params.Data, &data) != nil {
		return &lens, nil
	}
	lens.Command = protocol.Command{Title: "…"}
	t, ok := s.target(ctx, data.URI)
	if !ok {
		return &lens, nil
	}
	title, locs, ok := navigate.ResolveLens(ctx, t.view, t.path, navigate.Lens{Kind: data.Kind, DeclKind: data.DeclKind, Name: data.Name})
	if !ok {
		return &lens, nil
	}
	lens.Command.Title = title
	if len(locs) == 0 {
		return &lens, nil
	}
	args := []any{data.URI, params.Range.Start, s.locations(t.snap, locs)}
	for _, a := range args {
		raw, err := json.Marshal(a)
		if err != nil {
			return nil, err
		}
		lens.Command.Arguments = append(lens.Command.Arguments, raw)
	}
	lens.Command.Command = commandShowReferences
	return &lens, nil
}
