package server

import (
	"context"
	"encoding/json"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index"
)

// Type hierarchy (LSP 3.17): prepare on a type or a use of it, then its
// supertypes (along derived_from) and subtypes (across the workspace and
// the profiles). An item's data names its type by kind and name, which
// find it again in the item's file when the client asks for more.

// typeItemData is the data of a type hierarchy item.
type typeItemData struct {
	Kind grammar.RefKind `json:"kind"`
	Name string          `json:"name"`
}

func (s *Server) PrepareTypeHierarchy(ctx context.Context, params *protocol.TypeHierarchyPrepareParams) ([]protocol.TypeHierarchyItem, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return []protocol.TypeHierarchyItem{}, nil
	}
	return s.typeItems(t.snap, navigate.PrepareTypeHierarchy(ctx, t.view, t.path, t.offset(params.Position))), nil
}

func (s *Server) Supertypes(ctx context.Context, params *protocol.TypeHierarchySupertypesParams) ([]protocol.TypeHierarchyItem, error) {
	return s.typeHierarchy(ctx, params.Item, navigate.Supertypes)
}

func (s *Server) Subtypes(ctx context.Context, params *protocol.TypeHierarchySubtypesParams) ([]protocol.TypeHierarchyItem, error) {
	return s.typeHierarchy(ctx, params.Item, navigate.Subtypes)
}

// typeHierarchy answers the types related to an item (none when its type
// is no longer declared in its file).
func (s *Server) typeHierarchy(ctx context.Context, item protocol.TypeHierarchyItem, related func(context.Context, *model.View, model.Decl) []navigate.TypeItem) ([]protocol.TypeHierarchyItem, error) {
	var data typeItemData
	t, ok := s.target(ctx, item.URI)
	if !ok || json.Unmarshal(item.Data, &data) != nil {
		return []protocol.TypeHierarchyItem{}, nil
	}
	d := navigate.TypeNamed(t.view, t.path, data.Kind, data.Name)
	if !d.Valid() {
		return []protocol.TypeHierarchyItem{}, nil
	}
	return s.typeItems(t.snap, related(ctx, t.view, d)), nil
}

func (s *Server) typeItems(snap *index.Snapshot, items []navigate.TypeItem) []protocol.TypeHierarchyItem {
	out := make([]protocol.TypeHierarchyItem, 0, len(items))
	for _, it := range items {
		lines := linesOf(snap, it.Decl.Path)
		if lines == nil {
			continue
		}
		data, err := json.Marshal(typeItemData{Kind: it.Kind, Name: it.Name})
		if err != nil {
			continue
		}
		out = append(out, protocol.TypeHierarchyItem{
			Name:           it.Name,
			Kind:           symbolKinds[outline.DeclSymbolKind(it.Kind)],
			Detail:         ptr(it.Detail),
			URI:            s.uriFor(it.Decl.Path),
			Range:          toRange(lines, it.Span),
			SelectionRange: toRange(lines, it.NameSpan),
			Data:           data,
		})
	}
	return out
}
