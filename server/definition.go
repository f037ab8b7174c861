package server

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
)

// Definition, Declaration, TypeDefinition and Implementation answer
// Location lists across files (profiles included: their files are
// materialised on disk).

func (s *Server) Definition(ctx context.Context, params *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	return s.locate(ctx, params.TextDocument.URI, params.Position, navigate.Definition)
}

func (s *Server) TypeDefinition(ctx context.Context, params *protocol.TypeDefinitionParams) (protocol.DefinitionResult, error) {
	return s.locate(ctx, params.TextDocument.URI, params.Position, navigate.TypeDefinition)
}

func (s *Server) Implementation(ctx context.Context, params *protocol.ImplementationParams) (protocol.DefinitionResult, error) {
	return s.locate(ctx, params.TextDocument.URI, params.Position, navigate.Implementation)
}

type locateFunc = func(context.Context, *model.View, string, int) []model.Location

func (s *Server) locate(ctx context.Context, u uri.URI, pos protocol.Position, find locateFunc) (protocol.LocationSlice, error) {
	t, ok := s.target(ctx, u)
	if !ok {
		return protocol.LocationSlice{}, nil
	}
	return protocol.LocationSlice(s.locations(t.snap, find(ctx, t.view, t.path, t.offset(pos)))), nil
}

// Declaration answers where a name is declared apart from its definition
// (the import introducing a namespace prefix; a member's first definition).
func (s *Server) Declaration(ctx context.Context, params *protocol.DeclarationParams) (protocol.DeclarationResult, error) {
	return s.locate(ctx, params.TextDocument.URI, params.Position, navigate.Declaration)
}
