package index

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// Dialect is what kind of document a file holds, judged by its content.
type Dialect = grammar.Language

const (
	NotTOSCA = grammar.NotModel
	TOSCA    = grammar.TOSCA // a top-level key tosca_definitions_version
	Heat     = grammar.Heat  // a top-level key heat_template_version
	// CSARMeta is a CSAR's TOSCA-Metadata/TOSCA.meta, told by its path.
	CSARMeta = grammar.CSARMeta
	// HeatEnv is a Heat environment file: a top-level resource_registry or
	// parameter_defaults key, and no version key.
	HeatEnv = grammar.HeatEnv
)

// IsCSARMeta reports whether path is a CSAR's TOSCA-Metadata/TOSCA.meta.
func IsCSARMeta(path string) bool {
	return filepath.Base(path) == grammar.CSARMetaFile && filepath.Base(filepath.Dir(path)) == grammar.CSARMetaDir
}

// DetectFile is Detect for a file at path: CSAR metadata by its path,
// anything else by its content.
func DetectFile(path string, src []byte) Dialect {
	if IsCSARMeta(path) {
		return CSARMeta
	}
	return Detect(src)
}

// extensions are the file name endings scanned for TOSCA content.
var extensions = []string{".yaml", ".yml", ".tosca"}

// WatchPatterns are the glob patterns of the files whose changes on disk the
// index wants to hear about: TOSCA files by extension and CSAR metadata.
func WatchPatterns() []string {
	exts := make([]string, len(extensions))
	for i, e := range extensions {
		exts[i] = strings.TrimPrefix(e, ".")
	}
	return []string{"**/*.{" + strings.Join(exts, ",") + "}", "**/" + grammar.CSARMetaDir + "/" + grammar.CSARMetaFile}
}

// MayHoldProfile reports whether a file may declare a profile: TOSCA by
// its ending, or with no extension at all (profiles are imported by name,
// so their file names are free).
func MayHoldProfile(path string) bool {
	return HasTOSCAExtension(path) || filepath.Ext(path) == ""
}

// DeclaresProfile reports whether a file's head is TOSCA with a top-level
// `profile:` key (a file importable by profile name).
func DeclaresProfile(head []byte) bool {
	return Detect(head) == TOSCA && topLevelLine(head, grammar.KeyProfile) != nil
}

// topLevelLine is the first line of head that starts a top-level entry
// of key (see isTopLevelKey), or nil.
func topLevelLine(head []byte, key string) []byte {
	for len(head) > 0 {
		line := head
		if i := bytes.IndexAny(head, "\r\n"); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		if isTopLevelKey(line, key) {
			return line
		}
	}
	return nil
}

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

// detectLimit is how many bytes from the start of a file Detect looks at.
const detectLimit = 64 << 10

// Detect tells TOSCA (and Heat) by content, since editors call every .yaml
// file "yaml". It is the one rule every integration in editors/ implements
// too (testdata/detect/cases.json holds the cases they all must agree on):
//
//   - only the first detectLimit bytes count, after a UTF-8 byte order mark;
//   - lines end at "\n", "\r\n" or "\r";
//   - a line that starts, in its first column, with tosca_definitions_version
//     or heat_template_version (bare, or in matching single or double
//     quotes), then optional spaces or tabs, then ":" followed by a space, a
//     tab or the end of the line, is a top-level key naming the dialect;
//   - the first such line decides. Every other line (comments, directives,
//     "---", other keys, indented content) is passed over, so the version key
//     need not come first: a file that starts with description: is TOSCA too
//     (and gets an invalid-version diagnostic for the order);
//   - a file with no such line but a top-level key resource_registry or
//     parameter_defaults (written the same way) is a Heat environment.
func Detect(src []byte) Dialect {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if len(src) > detectLimit {
		src = src[:detectLimit]
	}
	found := NotTOSCA
	for len(src) > 0 {
		line := src
		if i := bytes.IndexAny(src, "\r\n"); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		switch {
		case isTopLevelKey(line, grammar.ToscaVersionKey):
			return TOSCA
		case isTopLevelKey(line, grammar.HeatVersionKey):
			return Heat
		case isTopLevelKey(line, grammar.HeatEnvResourceRegistry), isTopLevelKey(line, grammar.HeatEnvParameterDefs):
			found = HeatEnv
		}
	}
	return found
}

// isTopLevelKey reports whether line starts a mapping entry whose key is
// exactly key, written plain or in matching quotes, at column 0.
func isTopLevelKey(line []byte, key string) bool {
	var quote byte
	if len(line) > 0 && (line[0] == '"' || line[0] == '\'') {
		quote, line = line[0], line[1:]
	}
	if !bytes.HasPrefix(line, []byte(key)) {
		return false
	}
	line = line[len(key):]
	if quote != 0 {
		if len(line) == 0 || line[0] != quote {
			return false
		}
		line = line[1:]
	}
	line = bytes.TrimLeft(line, " \t")
	if len(line) == 0 || line[0] != ':' {
		return false
	}
	return len(line) == 1 || line[1] == ' ' || line[1] == '\t'
}

// Analysable reports whether a document an editor opened is one tosca-ls
// analyses: TOSCA or Heat by its content, CSAR metadata by its path
// (DetectFile), or by the language id the editor gave it ("tosca", "heat"
// and their variants).
func Analysable(path, languageID string, src []byte) bool {
	return EditorLanguage(languageID) != NotTOSCA || DetectFile(path, src) != NotTOSCA
}

// EditorLanguage is the language an editor's language id names ("tosca"
// and its variants, "heat"), or NotTOSCA.
func EditorLanguage(languageID string) Dialect {
	switch strings.ToLower(languageID) {
	case "tosca", "yaml.tosca", "tosca-yaml":
		return TOSCA
	case "heat":
		return Heat
	}
	return NotTOSCA
}
