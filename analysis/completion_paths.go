package analysis

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func complPathDelim(b byte) bool {
	switch b {
	case ' ', '\t', '"', '\'', '[', ']', '{', '}', ',', '\n', '\r':
		return true
	}
	return false
}

// pathItems offers the files and folders next to the path typed so far,
// relative to the current file: YAML files (any file for artifacts) and
// folders, the last segment being replaced.
func (c *complCtx) pathItems(kind grammar.RefKind) {
	if c.u.File.Embedded {
		return
	}
	start := c.off
	for start > c.lineStart && !complPathDelim(c.src[start-1]) {
		start--
	}
	typed := string(c.src[start:c.off])
	if i := strings.Index(typed, ":"); i > 1 {
		return // a URL (https:…), not fetched
	}
	slash := strings.LastIndex(typed, "/")
	dirPart := typed[:slash+1]
	end := c.off
	for end < len(c.src) && !complPathDelim(c.src[end]) && c.src[end] != '/' {
		end++
	}
	span := text.Span{Start: start + slash + 1, End: end}
	base := filepath.Dir(c.u.File.Path)
	dir := base
	switch {
	case dirPart == "":
	case filepath.IsAbs(filepath.FromSlash(dirPart)):
		dir = filepath.Clean(filepath.FromSlash(dirPart))
	default:
		dir = filepath.Join(base, filepath.FromSlash(dirPart))
	}
	wantFile := func(name string) bool {
		return kind != grammar.ImportURL || index.HasTOSCAExtension(name) || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
	}
	addFile := func(name string) {
		c.add(CompletionItem{Label: name, Kind: CompletionFile, Detail: "file", SortText: "0" + name,
			Edit: TextEdit{Span: span, NewText: name}})
	}
	addDir := func(name string) {
		c.add(CompletionItem{Label: name + "/", Kind: CompletionFolder, Detail: "folder", SortText: "1" + name,
			Edit: TextEdit{Span: span, NewText: name + "/"}})
	}
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			full := filepath.Join(dir, name)
			isDir := e.IsDir()
			if e.Type()&os.ModeSymlink != 0 {
				if st, err := os.Stat(full); err == nil {
					isDir = st.IsDir()
				}
			}
			switch {
			case isDir:
				addDir(name)
			case full != c.u.File.Path && wantFile(name):
				addFile(name)
			}
		}
	}
	// Files only open in the editor (not yet saved) count too.
	for _, p := range c.snap.Paths() {
		if filepath.Dir(p) == dir && p != c.u.File.Path && wantFile(filepath.Base(p)) {
			if f := c.snap.File(p); f != nil && !f.Embedded {
				addFile(filepath.Base(p))
			}
		}
	}
	if dirPart == "" || strings.HasSuffix(dirPart, "../") || dirPart == "./" {
		c.add(CompletionItem{Label: "../", Kind: CompletionFolder, Detail: "parent folder", SortText: "2",
			Edit: TextEdit{Span: span, NewText: "../"}})
	}
}
