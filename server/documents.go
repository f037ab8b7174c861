package server

import (
	"fmt"
	"sort"
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// document is an open editor buffer. Documents are replaced, never mutated,
// so a reader holding one sees consistent text.
type document struct {
	URI        uri.URI // as the client sent it (canonicalised by go.lsp.dev/uri)
	Path       string  // key: file path, or a virtual key for non-file URIs
	LanguageID string
	Version    int32
	// Text is the one copy of the buffer's content: the index's file and
	// its facts share it.
	Text string
	// Analyse is true for TOSCA/Heat documents (by content, or languageId
	// "tosca" or "heat"); only those are handed to the index and analysis.
	Analyse bool
	// overlaid is true once the document was handed to the index; it then
	// stays overlaid until closed, whatever its content becomes.
	overlaid bool
}

// documentStore holds the open documents by key. Mutations happen on the
// ordered notification path; requests read concurrently.
type documentStore struct {
	mu   sync.RWMutex
	docs map[string]*document
}

func newDocumentStore() *documentStore {
	return &documentStore{docs: map[string]*document{}}
}

func (s *documentStore) get(path string) *document {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.docs[path]
}

func (s *documentStore) put(d *document) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[d.Path] = d
}

func (s *documentStore) remove(path string) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	delete(s.docs, path)
	return d
}

// seenVersion is the version of an open document a request saw on arrival.
type seenVersion struct {
	version int32
	// large is set for a buffer over largeBuffer bytes: only the requests
	// about that document wait for its parse.
	large bool
}

// largeBuffer is the size over which a buffer's parse (about 20 MB/s)
// takes longer than a request about another document should wait for it.
const largeBuffer = 1 << 20

// versions are the versions of the documents handed to the index.
func (s *documentStore) versions() map[string]seenVersion {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make(map[string]seenVersion, len(s.docs))
	for p, d := range s.docs {
		if d.overlaid {
			out[p] = seenVersion{d.Version, len(d.Text) > largeBuffer}
		}
	}
	return out
}

// paths lists the open documents' keys, sorted.
func (s *documentStore) paths() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]string, 0, len(s.docs))
	for p := range s.docs {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// change is one content change of a didChange notification. A nil Range
// means the text replaces the whole document.
type change struct {
	Range *protocol.Range
	Text  string
}

// applyChanges applies changes in order to src and returns the new text.
// Positions are UTF-16 line/character pairs as LSP sends them, each
// relative to the text the previous changes left; lines end in "\n",
// "\r\n" or "\r". Positions past a line end clamp to it, lines past the
// document end clamp to the end, and a start after its end is an error.
// src is never modified. The cost is linear in the text and the changes'
// sizes, with a chunk's copy per change (see editBuffer).
func applyChanges(src string, changes []change) (string, error) {
	return applyChangesIn(src, changes, editChunkSize)
}

func applyChangesIn(src string, changes []change, chunkSize int) (string, error) {
	var buf *editBuffer
	for i, c := range changes {
		if c.Range == nil {
			src, buf = c.Text, nil
			continue
		}
		if buf == nil {
			buf = newEditBuffer(src, chunkSize)
		}
		start := buf.locate(int(c.Range.Start.Line), int(c.Range.Start.Character))
		end := buf.locate(int(c.Range.End.Line), int(c.Range.End.Character))
		if start.after(end) {
			return "", fmt.Errorf("change %d: start %d:%d is after end %d:%d", i,
				c.Range.Start.Line, c.Range.Start.Character, c.Range.End.Line, c.Range.End.Character)
		}
		buf.replace(start, end, c.Text)
	}
	if buf == nil {
		return src, nil
	}
	return buf.String(), nil
}
