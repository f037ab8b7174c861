package server

import (
	"context"
	"encoding/json"
	"fmt"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
)

// Document synchronisation. These run on the ordered notification path:
// each is applied completely (text, overlay, snapshot) before the next
// message is read.

// DidOpen records the document; TOSCA/Heat documents (by content or
// languageId "tosca") are overlaid on the index and diagnosed.
func (s *Server) DidOpen(ctx context.Context, params *protocol.DidOpenTextDocumentParams) error {
	td := params.TextDocument
	path := pathFromURI(td.URI)
	if path == "" {
		return fmt.Errorf("didOpen: empty uri")
	}
	src := []byte(td.Text)
	doc := &document{
		URI:        td.URI,
		Path:       path,
		LanguageID: string(td.LanguageID),
		Version:    td.Version,
		Text:       src,
		Analyse:    analysable(string(td.LanguageID), src),
	}
	ws := s.workspace()
	if ws == nil {
		return nil
	}
	if !doc.Analyse {
		s.docs.put(doc)
		s.log.Debug("opened non-TOSCA document", zap.String("path", path))
		return nil
	}
	doc.overlaid = true
	s.docs.put(doc)
	snap := ws.SetOverlay(path, td.Version, src)
	s.addFallbackFolder(path)
	s.diags.opened(snap, path)
	return nil
}

// didChangeParams decodes didChange with an optional range: go.lsp.dev
// v1.0.1 decodes "range": null as an insert at 0:0.
type didChangeParams struct {
	TextDocument struct {
		URI     string `json:"uri"`
		Version int32  `json:"version"`
	} `json:"textDocument"`
	ContentChanges []struct {
		Range *protocol.Range `json:"range"`
		Text  string          `json:"text"`
	} `json:"contentChanges"`
}

func (s *Server) didChangeRaw(ctx context.Context, raw []byte) error {
	var p didChangeParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("didChange: invalid params: %w", err)
	}
	changes := make([]change, len(p.ContentChanges))
	for i, c := range p.ContentChanges {
		changes[i] = change{Range: c.Range, Text: c.Text}
	}
	return s.applyDidChange(uri.URI(p.TextDocument.URI), p.TextDocument.Version, changes)
}

// DidChange is the typed entry (unused on the wire: didChangeRaw decodes
// the message itself).
func (s *Server) DidChange(ctx context.Context, params *protocol.DidChangeTextDocumentParams) error {
	changes := make([]change, 0, len(params.ContentChanges))
	for _, c := range params.ContentChanges {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangePartial:
			r := c.Range
			changes = append(changes, change{Range: &r, Text: c.Text})
		case *protocol.TextDocumentContentChangeWholeDocument:
			changes = append(changes, change{Text: c.Text})
		}
	}
	return s.applyDidChange(params.TextDocument.URI, params.TextDocument.Version, changes)
}

func (s *Server) applyDidChange(u uri.URI, version int32, changes []change) error {
	path := pathFromURI(u)
	doc := s.docs.get(path)
	if doc == nil {
		return fmt.Errorf("didChange for a document that is not open: %s", u)
	}
	fullOnly := len(changes) > 0
	for _, c := range changes {
		if c.Range != nil {
			fullOnly = false
		}
	}
	if version <= doc.Version && !fullOnly {
		// An incremental change for an old version would corrupt the text.
		return fmt.Errorf("didChange %s: version %d is not newer than %d; change dropped", u, version, doc.Version)
	}
	src, err := applyChanges(doc.Text, changes)
	if err != nil {
		return fmt.Errorf("didChange %s version %d: %w", u, version, err)
	}
	next := *doc
	next.Text = src
	next.Version = version
	next.Analyse = analysable(doc.LanguageID, src)
	ws := s.workspace()
	if ws == nil {
		return nil
	}
	if !next.Analyse && !doc.overlaid {
		s.docs.put(&next)
		return nil
	}
	wasAnalysed := doc.Analyse
	next.overlaid = true
	s.docs.put(&next)
	snap := ws.SetOverlay(path, version, src)
	if !wasAnalysed && next.Analyse {
		s.addFallbackFolder(path)
		s.diags.opened(snap, path)
		return nil
	}
	s.diags.changed(snap, path)
	return nil
}

// DidClose drops the document. Outside the workspace folders its
// diagnostics are cleared; inside, the file on disk takes over.
func (s *Server) DidClose(ctx context.Context, params *protocol.DidCloseTextDocumentParams) error {
	path := pathFromURI(params.TextDocument.URI)
	doc := s.docs.remove(path)
	if doc == nil {
		return nil
	}
	ws := s.workspace()
	if ws == nil {
		return nil
	}
	if !doc.overlaid {
		return nil
	}
	snap := ws.ClearOverlay(path)
	if !isVirtual(path) && (snap.InWorkspace(path) || snap.File(path) != nil) {
		// The editor may have saved before closing: read the disk again.
		// (Files outside the workspace that nothing imports are not read
		// into the index.)
		snap = ws.Refresh(path)
	}
	affected := s.diags.affected(snap, path)
	if !snap.InWorkspace(path) {
		s.diags.clear(path, doc.URI)
		affected = affected[1:]
	}
	s.diags.schedule(affected...)
	return nil
}

// DidSave re-reads the file from disk so that the index's disk copy stays
// current; the open buffer keeps priority while it is open.
func (s *Server) DidSave(ctx context.Context, params *protocol.DidSaveTextDocumentParams) error {
	path := pathFromURI(params.TextDocument.URI)
	if isVirtual(path) {
		return nil
	}
	if ws := s.workspace(); ws != nil && ws.Snapshot().InWorkspace(path) {
		ws.Refresh(path)
	}
	return nil
}
