package complete

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func pathDelim(b byte) bool {
	return strings.IndexByte(" \t\"'[]{},\n\r", b) >= 0
}

// fileItems offers the files and folders next to the path typed so far,
// relative to the current file (to the CSAR root in a TOSCA.meta): YAML
// files (any file for artifacts and Heat's get_file) and folders, the last
// segment being replaced.
func (r *request) fileItems(kind grammar.RefKind) {
	if r.u.File.Embedded {
		return
	}
	start := r.off
	for start > r.lineStart && !pathDelim(r.src[start-1]) {
		start--
	}
	typed := string(r.src[start:r.off])
	if i := strings.Index(typed, ":"); i > 1 {
		return // a URL (https:…), not fetched
	}
	slash := strings.LastIndex(typed, "/")
	dirPart := typed[:slash+1]
	end := r.off
	for end < len(r.src) && !pathDelim(r.src[end]) && r.src[end] != '/' {
		end++
	}
	span := text.Span{Start: start + slash + 1, End: end}
	dir := filepath.Dir(r.u.Path)
	meta := r.u.Facts.Lang == grammar.CSARMeta
	if meta {
		// TOSCA-Metadata/TOSCA.meta names files from the folder above.
		dir = filepath.Dir(dir)
	}
	switch {
	case dirPart == "":
	case filepath.IsAbs(filepath.FromSlash(dirPart)):
		dir = filepath.Clean(filepath.FromSlash(dirPart))
	default:
		dir = filepath.Join(dir, filepath.FromSlash(dirPart))
	}
	wantFile := func(name string) bool {
		anyFile := kind == grammar.ArtifactFile || kind == grammar.HeatFile
		return anyFile || index.HasTOSCAExtension(name) || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
	}
	// A name replaces the last segment; a path that must be quoted (a file
	// `a: b.yaml`) is written whole, quoted, or escaped inside the quotes
	// the author opened. TOSCA.meta is no YAML: its names go in as they are.
	quote := byte(0)
	if start > r.lineStart && (r.src[start-1] == '"' || r.src[start-1] == '\'') {
		quote = r.src[start-1]
	}
	edit := func(name string) model.TextEdit {
		switch {
		case meta:
		case quote != 0:
			return model.TextEdit{Span: span, NewText: inQuotes(quote, name)}
		default:
			if written := grammar.StringScalar(dirPart+name, r.inFlow()); written != dirPart+name {
				return model.TextEdit{Span: text.Span{Start: start, End: end}, NewText: written}
			}
		}
		return model.TextEdit{Span: span, NewText: name}
	}
	addFile := func(name string) {
		r.add(Item{Label: name, Kind: KindFile, Detail: "file", SortText: "0" + name, Edit: edit(name)})
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
				r.add(Item{Label: name + "/", Kind: KindFolder, Detail: "folder", SortText: "1" + name, Edit: edit(name + "/")})
			case full != r.u.Path && wantFile(name):
				addFile(name)
			}
		}
	}
	// Files only open in the editor (not yet saved) count too.
	for _, p := range r.v.Snap.Paths() {
		if filepath.Dir(p) == dir && p != r.u.Path && wantFile(filepath.Base(p)) && !r.embedded(p) {
			addFile(filepath.Base(p))
		}
	}
	if !meta && (dirPart == "" || strings.HasSuffix(dirPart, "../") || dirPart == "./") {
		r.add(Item{Label: "../", Kind: KindFolder, Detail: "parent folder", SortText: "2", Edit: model.TextEdit{Span: span, NewText: "../"}})
	}
}
