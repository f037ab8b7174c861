package server

import (
	"net/url"
	"path/filepath"
	"strings"

	"go.lsp.dev/uri"
)

// Documents are keyed by file path everywhere behind the server. A file URI
// maps to its cleaned file system path. Any other scheme (untitled:, git:,
// vscode-notebook-cell: …) maps to a path-like key under virtualRoot that can
// never name a real file. Such a document exists only while it is open, and
// its open document holds the URI the client used, under which results are
// sent back (Server.uriFor): nothing is kept per URI once it is closed, so
// the URIs a client opens and closes cost nothing afterwards.

// virtualRoot prefixes the keys of documents that have no file on disk.
const virtualRoot = "/.tosca-ls-virtual"

// pathFromURI returns the document key of u. It never panics.
func pathFromURI(u uri.URI) string {
	s := string(u)
	if s == "" {
		return ""
	}
	parsed, err := uri.Parse(s)
	if err != nil {
		// Not a URI at all: keep it as an opaque virtual key.
		return virtualRoot + "/invalid/" + url.PathEscape(s)
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
	return filepath.Clean(b.String())
}

// isVirtual reports whether a document key stands for a non-file URI.
func isVirtual(path string) bool {
	return path == virtualRoot || strings.HasPrefix(path, virtualRoot+"/")
}

// uriFromPath is the canonical (vscode-uri compatible) file URI of a
// path. Results about an open document use the URI it was opened with
// instead (Server.uriFor); a virtual key of a document no longer open has
// no URI of its own any more, and gets this one, which names no file.
func uriFromPath(path string) uri.URI {
	return uri.File(path)
}
