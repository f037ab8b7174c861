package index

import (
	"bytes"
	"path/filepath"
	"strings"
)

// Dialect is what kind of document a file holds, judged by its content.
type Dialect uint8

const (
	NotTOSCA Dialect = iota
	TOSCA            // first key tosca_definitions_version
	Heat             // first key heat_template_version
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

// Detect looks at the first key of a document: editors do not tell us a
// file is TOSCA (a .yaml file is "yaml" to them), so content decides.
// Comments, blank lines, directives and a leading `---` are skipped.
func Detect(src []byte) Dialect {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	for len(src) > 0 {
		line := src
		if i := bytes.IndexAny(src, "\r\n"); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) == 0 || trimmed[0] == '#' || trimmed[0] == '%' || bytes.Equal(trimmed, []byte("---")) {
			continue
		}
		key := strings.Trim(string(trimmed), `"'`)
		switch {
		case strings.HasPrefix(key, "tosca_definitions_version"):
			return TOSCA
		case strings.HasPrefix(key, "heat_template_version"):
			return Heat
		}
		return NotTOSCA
	}
	return NotTOSCA
}
