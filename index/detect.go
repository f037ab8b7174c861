package index

import (
	"bytes"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"path/filepath"
	"strings"
)

// Dialect is what kind of document a file holds, judged by its content.
type Dialect = grammar.Language

const (
	NotTOSCA = grammar.NotModel
	TOSCA    = grammar.TOSCA // a top-level key tosca_definitions_version
	Heat     = grammar.Heat  // a top-level key heat_template_version
)

// extensions are the file name endings scanned for TOSCA content.
var extensions = []string{".yaml", ".yml", ".tosca"}

// HasTOSCAExtension reports whether a file name may hold TOSCA by its ending.
func HasTOSCAExtension(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// detectLimit bounds how far Detect looks for the version key.
const detectLimit = 64 << 10

// Detect tells TOSCA (and Heat) by content: editors do not say a file is
// TOSCA (a .yaml file is "yaml" to them). A file is TOSCA when one of its
// top-level keys is tosca_definitions_version; it should be the first, but a
// file where it is not is still TOSCA (and gets a diagnostic for it).
func Detect(src []byte) Dialect {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if len(src) > detectLimit {
		src = src[:detectLimit]
	}
	for len(src) > 0 {
		line := src
		if i := bytes.IndexAny(src, "\r\n"); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		if len(line) == 0 || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || line[0] == '%' || line[0] == '-' {
			continue
		}
		key := strings.TrimLeft(string(line), `"'`)
		switch {
		case strings.HasPrefix(key, "tosca_definitions_version"):
			return TOSCA
		case strings.HasPrefix(key, "heat_template_version"):
			return Heat
		}
	}
	return NotTOSCA
}
