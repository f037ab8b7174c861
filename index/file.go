package index

import (
	"crypto/sha256"
	"strings"

	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// File is one parsed TOSCA (or Heat) file. Files are immutable: an edit
// produces a new File, and identical content reuses the parsed one.
type File struct {
	Path    string
	Dialect Dialect
	Syntax  *syntax.File
	Hash    [sha256.Size]byte
	// Open is true when the text comes from an editor buffer, with its Version.
	Open    bool
	Version int32
	// Embedded is true for the normative profiles shipped inside tosca-ls.
	Embedded bool
	// Fallback is set for the files of embedded fallback profiles
	// (profiles.Profile.Fallback): their types only fill gaps.
	Fallback bool
	// TooLarge is set for text over MaxFileSize: it is kept but not parsed,
	// so one huge buffer cannot stall every edit.
	TooLarge bool

	// DefinitionsVersion is the tosca_definitions_version value ("" if absent).
	DefinitionsVersion string
	// ProfileName is the `profile:` this file declares, making it importable by name.
	ProfileName string
	Imports     []Import
	// Repositories are the file's `repositories:` by name.
	Repositories map[string]Repository
}

// Lines is the file's line index.
func (f *File) Lines() *text.Lines { return f.Syntax.Lines }

// Root is the root mapping of the file's first document (nil if none).
func (f *File) Root() *syntax.Node { return f.Syntax.Root() }

// Import is one entry of a file's `imports:`, in any of its notations:
// a single url line, the 2.0 `url`/`profile`/`repository`/`namespace` map
// and the 1.x `file`/`repository`/`namespace_prefix`/`namespace_uri` map.
type Import struct {
	// Entry spans the whole list item.
	Entry text.Span
	// Target spans the url, file or profile value (the thing to resolve).
	Target text.Span
	URL    string
	// Profile is a profile name (2.0 `profile:`).
	Profile string
	// Repository names an entry of `repositories:`.
	Repository     string
	RepositorySpan text.Span
	// Namespace is the prefix under which the imported names are visible
	// (2.0 `namespace`, 1.x `namespace_prefix`).
	Namespace     string
	NamespaceSpan text.Span
}

// Repository is one entry of `repositories:`.
type Repository struct {
	Name     string
	NameSpan text.Span
	URL      string
	URLSpan  text.Span
}

// newFile parses src and extracts what the index needs to link files.
func newFile(path string, src []byte, hash [sha256.Size]byte) *File {
	if len(src) > MaxFileSize {
		return &File{Path: path, Dialect: Detect(src), Hash: hash, TooLarge: true,
			Syntax: &syntax.File{Src: src, Lines: text.NewLines(src)}}
	}
	f := &File{Path: path, Dialect: Detect(src), Syntax: syntax.Parse(src), Hash: hash}
	root := f.Root()
	f.DefinitionsVersion = root.Get("tosca_definitions_version").Text()
	f.ProfileName = root.Get("profile").Text()
	f.Imports = extractImports(root.Get("imports"))
	f.Repositories = extractRepositories(root.Get("repositories"))
	return f
}

func extractImports(list *syntax.Node) []Import {
	if list == nil {
		return nil
	}
	var items []*syntax.Node
	switch list.Kind {
	case syntax.Sequence:
		items = list.Items
	case syntax.Mapping:
		// 1.0 allowed a map of named imports; treat each value as an import.
		for _, p := range list.Pairs {
			items = append(items, p.Value)
		}
	}
	var out []Import
	for _, item := range items {
		imp := Import{Entry: item.Span}
		switch item.Kind {
		case syntax.Scalar:
			imp.URL, imp.Target = item.Value, item.Span
		case syntax.Mapping:
			if len(item.Pairs) == 1 && item.Pairs[0].Value.Kind == syntax.Mapping && isNamedImport(item.Pairs[0].Value) {
				// 1.x list of named imports: `- name: {file: …}`.
				item = item.Pairs[0].Value
			} else if len(item.Pairs) == 1 && item.Pairs[0].Value.Kind == syntax.Scalar && !isImportKey(item.Pairs[0].Key.Value) {
				// 1.x `- name: path`.
				v := item.Pairs[0].Value
				imp.URL, imp.Target = v.Value, v.Span
				out = append(out, imp)
				continue
			}
			for _, key := range []string{"url", "file"} {
				if v := item.Get(key); v != nil && v.Kind == syntax.Scalar {
					imp.URL, imp.Target = v.Value, v.Span
				}
			}
			if v := item.Get("profile"); v != nil && v.Kind == syntax.Scalar {
				imp.Profile, imp.Target = v.Value, v.Span
			}
			if v := item.Get("repository"); v != nil && v.Kind == syntax.Scalar {
				imp.Repository, imp.RepositorySpan = v.Value, v.Span
			}
			for _, key := range []string{"namespace", "namespace_prefix"} {
				if v := item.Get(key); v != nil && v.Kind == syntax.Scalar {
					imp.Namespace, imp.NamespaceSpan = v.Value, v.Span
				}
			}
		default:
			continue
		}
		out = append(out, imp)
	}
	return out
}

func isImportKey(k string) bool {
	switch k {
	case "url", "file", "profile", "repository", "namespace", "namespace_prefix", "namespace_uri":
		return true
	}
	return false
}

func isNamedImport(n *syntax.Node) bool {
	return n.Get("file") != nil || n.Get("url") != nil
}

func extractRepositories(m *syntax.Node) map[string]Repository {
	if m == nil || m.Kind != syntax.Mapping {
		return nil
	}
	out := make(map[string]Repository, len(m.Pairs))
	for _, p := range m.Pairs {
		r := Repository{Name: p.Key.Value, NameSpan: p.Key.Span}
		switch v := p.Value; v.Kind {
		case syntax.Scalar:
			r.URL, r.URLSpan = v.Value, v.Span
		case syntax.Mapping:
			if u := v.Get("url"); u != nil {
				r.URL, r.URLSpan = u.Text(), u.Span
			}
		}
		out[r.Name] = r
	}
	return out
}

// hasScheme reports whether an import url names a remote resource (http:, https:, …).
// Windows drive letters ("C:") and plain paths are not schemes.
func hasScheme(u string) bool {
	i := strings.Index(u, ":")
	if i <= 1 {
		return false
	}
	for _, c := range u[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return strings.HasPrefix(u[i:], "://") || strings.HasPrefix(u, "file:")
}
