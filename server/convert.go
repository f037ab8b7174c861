package server

import (
	"context"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Conversions between LSP (URIs, UTF-16 line/character) and the byte
// offsets and paths used by index and analysis. Positions are always
// converted with the line index of the file in the same snapshot the
// request runs against.

func toPosition(lines *text.Lines, off int) protocol.Position {
	line, char := lines.UTF16(off)
	return protocol.Position{Line: uint32(line), Character: uint32(char)}
}

func toRange(lines *text.Lines, span text.Span) protocol.Range {
	end := span.End
	if end < span.Start {
		end = span.Start
	}
	return protocol.Range{Start: toPosition(lines, span.Start), End: toPosition(lines, end)}
}

func toOffset(lines *text.Lines, pos protocol.Position) int {
	return lines.OffsetOfUTF16(int(pos.Line), int(pos.Character))
}

func toSpan(lines *text.Lines, r protocol.Range) text.Span {
	start, end := toOffset(lines, r.Start), toOffset(lines, r.End)
	if end < start {
		start, end = end, start
	}
	return text.Span{Start: start, End: end}
}

// linesOf is the line index of path in snap (nil when unknown).
func linesOf(snap *index.Snapshot, path string) *text.Lines {
	if snap == nil {
		return nil
	}
	if f := snap.File(path); f != nil {
		return f.Lines()
	}
	return nil
}

// uriFor is the URI results about path are sent under: the URI the client
// opened it with, else a canonical file URI.
func (s *Server) uriFor(path string) uri.URI {
	if d := s.docs.get(path); d != nil {
		return d.URI
	}
	return uriFromPath(path)
}

// location converts a model location; ok is false when its file is unknown.
func (s *Server) location(snap *index.Snapshot, loc model.Location) (protocol.Location, bool) {
	lines := linesOf(snap, loc.Path)
	if lines == nil {
		return protocol.Location{}, false
	}
	return protocol.Location{URI: s.uriFor(loc.Path), Range: toRange(lines, loc.Span)}, true
}

func (s *Server) locations(snap *index.Snapshot, locs []model.Location) []protocol.Location {
	out := make([]protocol.Location, 0, len(locs))
	for _, l := range locs {
		if pl, ok := s.location(snap, l); ok {
			out = append(out, pl)
		}
	}
	return out
}

// docTarget is the document a request is about, in the request's snapshot.
type docTarget struct {
	snap *index.Snapshot
	// view is the snapshot as the model sees it (features take it).
	view  *model.View
	path  string
	file  *index.File
	lines *text.Lines
	// lang is the language the editor gave the document (index.NotTOSCA
	// when it is not open or its id names none).
	lang grammar.Language
}

func (t *docTarget) offset(pos protocol.Position) int { return toOffset(t.lines, pos) }

func (t *docTarget) rng(span text.Span) protocol.Range { return toRange(t.lines, span) }

// target resolves the document of a request. ok is false for documents
// that are not TOSCA/Heat (or unknown): callers then answer with an empty
// result.
func (s *Server) target(ctx context.Context, u uri.URI) (*docTarget, bool) {
	path := pathFromURI(u)
	snap := s.snapshot(ctx, path)
	if snap == nil {
		return nil, false
	}
	f := snap.File(path)
	if f == nil || !s.analysed(path, f) {
		return nil, false
	}
	t := &docTarget{snap: snap, view: s.engine.View(snap), path: path, file: f, lines: f.Lines()}
	if d := s.docs.get(path); d != nil {
		t.lang = index.EditorLanguage(d.LanguageID)
	}
	return t, true
}

// analysed reports whether path is a TOSCA/Heat document the server
// analyses: open documents by content or languageId, other files by the
// index's content detection.
func (s *Server) analysed(path string, f *index.File) bool {
	if d := s.docs.get(path); d != nil {
		return d.Analyse
	}
	return f != nil && f.Dialect != index.NotTOSCA
}

// markdown wraps text as markdown content.
func markdown(value string) *protocol.MarkupContent {
	return &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: value}
}

// textEdits converts edits of one file.
func textEdits(lines *text.Lines, edits []model.TextEdit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{Range: toRange(lines, e.Span), NewText: e.NewText})
	}
	return out
}
