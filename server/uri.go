package server

import (
	"net/url"
	"path/filepath"
	"strings"
	"sync"

	"go.lsp.dev/uri"
)

// Documents are keyed by file path everywhere behind the server. A file URI
// maps to its cleaned file system path. Any other scheme (untitled:, git:,
// vscode-notebook-cell: …) maps to a path-like key under virtualRoot that can
// never name a real file; the original URI is remembered so that results for
// that key are sent back under the URI the client used.

// virtualRoot prefixes the keys of documents that have no file on disk.
const virtualRoot = "/.tosca-ls-virtual"

var virtualURIs sync.Map // key → uri.URI

// pathFromURI returns the document key of u. It never panics.
func pathFromURI(u uri.URI) string {
	s := string(u)
	if s == "" {
		return ""
	}
	parsed, err := uri.Parse(s)
	if err != nil {
		// Not a URI at all: keep it as an opaque virtual key.
		key := virtualRoot + "/invalid/" + url.PathEscape(s)
		virtualURIs.Store(key, u)
		return key
	}
	if parsed.IsFile() {
		p := parsed.FsPath()
		if p == "" {
			p = "/"
		}
		return filepath.Clean(p)
	}
	c := parsed.Components()
	var b strings.Builder
	b.WriteString(virtualRoot)
	b.WriteString("/")
	b.WriteString(url.PathEscape(c.Scheme))
	b.WriteString("/")
	b.WriteString(url.PathEscape(c.Authority))
	p := c.Path
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	b.WriteString(p)
	if c.Query != "" {
		b.WriteString("%3F" + url.QueryEscape(c.Query))
	}
	if c.Fragment != "" {
		b.WriteString("%23" + url.QueryEscape(c.Fragment))
	}
	key := filepath.Clean(b.String())
	virtualURIs.Store(key, u)
	return key
}

// isVirtual reports whether a document key stands for a non-file URI.
func isVirtual(path string) bool {
	return path == virtualRoot || strings.HasPrefix(path, virtualRoot+"/")
}

// uriFromPath turns a document key back into a URI: the remembered URI for
// virtual keys, a canonical (vscode-uri compatible) file URI otherwise.
func uriFromPath(path string) uri.URI {
	if isVirtual(path) {
		if u, ok := virtualURIs.Load(path); ok {
			return u.(uri.URI)
		}
	}
	return uri.File(path)
}
