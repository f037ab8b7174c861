package server

import (
	"context"
	"errors"
	"sort"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/index"
)

// codeRequestFailed is LSP's RequestFailed: a valid request that cannot be served.
const codeRequestFailed jsonrpc2.Code = -32803

// PrepareRename answers the span and current name of what would be renamed,
// or null when nothing renameable is under the cursor.
func (s *Server) PrepareRename(ctx context.Context, params *protocol.PrepareRenameParams) (protocol.PrepareRenameResult, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	span, name, err := navigate.PrepareRename(ctx, t.view, t.path, t.offset(params.Position))
	if err != nil {
		if errors.Is(err, navigate.ErrCannotRename) {
			return nil, nil
		}
		return nil, err
	}
	return &protocol.PrepareRenamePlaceholder{Range: t.rng(span), Placeholder: name}, nil
}

// Rename renames the symbol under the cursor in every file that uses it.
func (s *Server) Rename(ctx context.Context, params *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	t, ok := s.target(ctx, params.TextDocument.URI)
	if !ok {
		return nil, jsonrpc2.NewError(codeRequestFailed, "not a TOSCA document")
	}
	edits, err := navigate.Rename(ctx, t.view, t.path, t.offset(params.Position), params.NewName)
	if err != nil {
		return nil, jsonrpc2.NewError(codeRequestFailed, err.Error())
	}
	return workspaceEdit(s, t.snap, edits), nil
}

// workspaceEdit converts edits by path, using documentChanges (versioned
// for open documents) when the client supports them.
func workspaceEdit(s *Server, snap *index.Snapshot, edits map[string][]model.TextEdit) *protocol.WorkspaceEdit {
	paths := make([]string, 0, len(edits))
	for p := range edits {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	we := &protocol.WorkspaceEdit{}
	useDocChanges := s.clientCaps().documentChanges
	for _, p := range paths {
		lines := linesOf(snap, p)
		if lines == nil {
			continue
		}
		tes := textEdits(lines, edits[p])
		u := s.uriFor(p)
		if !useDocChanges {
			if we.Changes == nil {
				we.Changes = map[uri.URI][]protocol.TextEdit{}
			}
			we.Changes[u] = tes
			continue
		}
		var version *int32
		if f := snap.File(p); f != nil && f.Open {
			v := f.Version
			version = &v
		}
		elems := make([]protocol.TextDocumentEditElement, len(tes))
		for i := range tes {
			elems[i] = &tes[i]
		}
		we.DocumentChanges = append(we.DocumentChanges, &protocol.TextDocumentEdit{
			TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{
				TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u},
				Version:                version,
			},
			Edits: elems,
		})
	}
	if we.Changes == nil && we.DocumentChanges == nil {
		we.Changes = map[uri.URI][]protocol.TextEdit{}
	}
	return we
}
