package server

import (
	"context"
	"encoding/json"
	"fmt"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Document synchronisation. These run on the ordered notification path and
// only record the text: the index parses it in the background (a newer
// version supersedes an older one still being parsed), and diagnostics are
// scheduled when the new snapshot is committed (see onSnapshot). Requests
// wait for the versions that arrived before them (see snapshot).

// DidOpen records the document; TOSCA/Heat documents (by content or
// languageId "tosca") are overlaid on the index and diagnosed.
func (s *Server) DidOpen(ctx context.Context, params *protocol.DidOpenTextDocumentParams) error {
	td := params.TextDocument
	path := pathFromURI(td.URI)
	if path == "" {
		return fmt.Errorf("didOpen: empty uri")
	}
	doc := &document{
		URI:        td.URI,
		Path:       path,
		LanguageID: string(td.LanguageID),
		Version:    td.Version,
		Text:       td.Text,
		Analyse:    index.Analysable(path, string(td.LanguageID), text.Bytes(td.Text)),
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
	s.diags.forcePublish(path)
	s.addFallbackFolder(path)
	s.updateOverlay(ws, path, td.Version, td.Text)
	return nil
}

// updateOverlay hands the index a new text of a document; workspace runs
// wait until it is parsed (see priority).
func (s *Server) updateOverlay(ws *index.Workspace, path string, version int32, text string) {
	end := s.prio.begin()
	ws.UpdateOverlay(path, version, text)
	go func() {
		defer end()
		_, _ = ws.WaitFor(s.ctx, path, version)
	}()
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
	next.Analyse = index.Analysable(doc.Path, doc.LanguageID, text.Bytes(src))
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
	if !wasAnalysed && next.Analyse {
		s.diags.forcePublish(path)
		s.addFallbackFolder(path)
	}
	// Results being computed for the older text are stale now.
	s.diags.schedule()
	s.updateOverlay(ws, path, version, src)
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
	s.tokens.forget(path)
	ws := s.workspace()
	if ws == nil {
		return nil
	}
	if !doc.overlaid {
		return nil
	}
	// The index reads the disk again (the editor may have saved before
	// closing); its importers are diagnosed when that is committed.
	ws.CloseOverlay(path)
	if !ws.Snapshot().InWorkspace(path) {
		s.diags.clear(path, doc.URI)
	}
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
		ws.Reload(path)
	}
	return nil
}
