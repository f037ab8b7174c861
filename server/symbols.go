package server

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// symbolKinds maps the outline's symbol kinds to LSP's.
var symbolKinds = map[outline.SymbolKind]protocol.SymbolKind{
	outline.SymbolFile:      protocol.SymbolKindFile,
	outline.SymbolModule:    protocol.SymbolKindModule,
	outline.SymbolNamespace: protocol.SymbolKindNamespace,
	outline.SymbolPackage:   protocol.SymbolKindPackage,
	outline.SymbolClass:     protocol.SymbolKindClass,
	outline.SymbolMethod:    protocol.SymbolKindMethod,
	outline.SymbolProperty:  protocol.SymbolKindProperty,
	outline.SymbolField:     protocol.SymbolKindField,
	outline.SymbolInterface: protocol.SymbolKindInterface,
	outline.SymbolFunction:  protocol.SymbolKindFunction,
	outline.SymbolVariable:  protocol.SymbolKindVariable,
	outline.SymbolObject:    protocol.SymbolKindObject,
	outline.SymbolKey:       protocol.SymbolKindKey,
	outline.SymbolStruct:    protocol.SymbolKindStruct,
	outline.SymbolEvent:     protocol.SymbolKindEvent,
}

// DocumentSymbol answers the outline: hierarchical DocumentSymbols, or flat
// SymbolInformation for clients without hierarchy support.
func (s *Server) DocumentSymbol(ctx context.Context, params *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return protocol.DocumentSymbolSlice{}, nil
	}
	syms := outline.DocumentSymbols(ctx, t.view, t.path)
	if !s.clientCaps().hierarchicalSymbols {
		flat := protocol.SymbolInformationSlice{}
		u := s.uriFor(t.path)
		var walk func(list []outline.Symbol, container string)
		walk = func(list []outline.Symbol, container string) {
			for _, sym := range list {
				si := protocol.SymbolInformation{
					BaseSymbolInformation: protocol.BaseSymbolInformation{Name: sym.Name, Kind: symbolKinds[sym.Kind]},
					Location:              protocol.Location{URI: u, Range: t.rng(sym.Span)},
				}
				if container != "" {
					si.ContainerName = ptr(container)
				}
				flat = append(flat, si)
				walk(sym.Children, sym.Name)
			}
		}
		walk(syms, "")
		return flat, nil
	}
	return protocol.DocumentSymbolSlice(documentSymbols(t.lines, syms)), nil
}

func documentSymbols(lines *text.Lines, syms []outline.Symbol) []protocol.DocumentSymbol {
	out := make([]protocol.DocumentSymbol, 0, len(syms))
	for _, sym := range syms {
		full := sym.Span
		sel := sym.Selection
		// LSP requires the selection inside the full range.
		if sel.Start < full.Start || sel.End > full.End {
			sel = text.Span{Start: full.Start, End: full.Start}
		}
		name := sym.Name
		if name == "" {
			name = "(unnamed)"
		}
		ds := protocol.DocumentSymbol{
			Name:           name,
			Kind:           symbolKinds[sym.Kind],
			Range:          toRange(lines, full),
			SelectionRange: toRange(lines, sel),
		}
		if sym.Detail != "" {
			ds.Detail = ptr(sym.Detail)
		}
		if len(sym.Children) > 0 {
			ds.Children = documentSymbols(lines, sym.Children)
		}
		out = append(out, ds)
	}
	return out
}

// Symbols answers workspace/symbol.
func (s *Server) Symbols(ctx context.Context, params *protocol.WorkspaceSymbolParams) (protocol.WorkspaceSymbolResult, error) {
	out := protocol.SymbolInformationSlice{}
	snap := s.snapshot(ctx, "")
	if snap == nil {
		return out, nil
	}
	for _, ws := range s.symbols.WorkspaceSymbols(ctx, s.engine.View(snap), params.Query) {
		loc, ok := s.location(snap, ws.Location)
		if !ok {
			continue
		}
		si := protocol.SymbolInformation{
			BaseSymbolInformation: protocol.BaseSymbolInformation{Name: ws.Name, Kind: symbolKinds[ws.Kind]},
			Location:              loc,
		}
		if ws.Container != "" {
			si.ContainerName = ptr(ws.Container)
		}
		out = append(out, si)
	}
	return out, nil
}
