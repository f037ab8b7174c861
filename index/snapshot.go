package index

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/benbjohnson/immutable"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Snapshot is an immutable view of the workspace: readers (requests,
// diagnostics) hold one while edits build the next. Snapshots share
// structure: the next one differs from its predecessor only where files,
// links or profile names changed (persistent maps, no copies).
type Snapshot struct {
	id      uint64
	opts    Options
	folders []string
	files   *immutable.SortedMap[string, *File]
	// links are the resolved imports of each file, importers the reverse
	// import graph.
	links     *immutable.Map[string, []Link]
	importers *immutable.Map[string, []string]
	// profiles maps profile names to their entry files; shadowed maps the
	// files declaring a name that resolves to another file to that file.
	profiles *immutable.Map[string, string]
	shadowed *immutable.Map[string, string]
	// complete is set once the first index of the workspace folders is built.
	complete bool
	// sandbox holds the folders whose files may be read (see InSandbox).
	sandbox *sandbox
	// keys are the files' keys, heatUsers the reverse of the Heat files'
	// edges, heatEnvs the Heat environment files (see keys.go, heat.go);
	// generation and embedded digest every file's own digest and the
	// embedded ones'; rekeyed are the files whose key the build changed,
	// sorted when first asked for (a scan's build rekeys thousands, and a
	// command never asks).
	keys        *immutable.Map[string, fileKey]
	heatUsers   *immutable.Map[string, []string]
	heatEnvs    []string
	generation  uint64
	embedded    uint64
	rekeyed     []string
	sortRekeyed sync.Once
}

// Link is the outcome of resolving one import of a file.
type Link struct {
	// Import is the entry of the importing file's facts.
	Import *facts.Import
	// Path is the resolved file; "" when the import could not be resolved.
	Path string
	// Problem explains a failed resolution (Code is a diagnostic code).
	Problem *Problem
}

// Problem is why an import did not resolve. Remote imports that were not
// fetched are warnings: the names they would bring are unknown, not wrong.
type Problem struct {
	Code    string
	Message string
	Warning bool
	// Pending is set while the answer may still change without an edit (a
	// profile name before the first index is complete, a fetch in flight),
	// or when a processor extension provides the import itself: such
	// problems are not reported, and mute the names they may explain.
	Pending bool
}

// ID grows with every snapshot.
func (s *Snapshot) ID() uint64 { return s.id }

// Options are the settings the snapshot was built with.
func (s *Snapshot) Options() Options { return s.opts }

// Folders are the workspace folders.
func (s *Snapshot) Folders() []string { return s.folders }

// Complete reports whether the first index of the workspace folders is built.
func (s *Snapshot) Complete() bool { return s.complete }

// File returns the file at path, or nil if the snapshot does not know it.
func (s *Snapshot) File(path string) *File {
	f, _ := s.files.Get(path)
	return f
}

// Len is the number of files the snapshot knows.
func (s *Snapshot) Len() int { return s.files.Len() }

// Paths lists every known file (workspace, open, imported, profiles), sorted.
func (s *Snapshot) Paths() []string {
	out := make([]string, 0, s.files.Len())
	it := s.files.Iterator()
	for !it.Done() {
		p, _, _ := it.Next()
		out = append(out, p)
	}
	return out
}

// Files calls fn for every known file in path order until fn returns false.
func (s *Snapshot) Files(fn func(*File) bool) {
	it := s.files.Iterator()
	for !it.Done() {
		_, f, _ := it.Next()
		if !fn(f) {
			return
		}
	}
}

// InWorkspace reports whether path lies inside one of the workspace folders.
func (s *Snapshot) InWorkspace(path string) bool {
	for _, dir := range s.folders {
		if Within(dir, path) {
			return true
		}
	}
	return false
}

// InSandbox reports whether the features may look at path (an artifact's
// file, a local repository's folder): whether it lies, once its symbolic
// links are followed, inside the folders imports may read (workspace
// folders, CSAR roots, profile folders, allowed paths, the cache). Nothing
// outside is opened, read or even stat'ed.
func (s *Snapshot) InSandbox(path string) bool {
	return s.sandbox != nil && s.sandbox.contains(filepath.Clean(path))
}

// Links are the resolved imports of path, in source order.
func (s *Snapshot) Links(path string) []Link {
	l, _ := s.links.Get(path)
	return l
}

// Implicit returns the entry files a file imports implicitly: the
// profiles the processors it is read for provide (Unfurl's unfurl.*
// types), then those its dialect sees without importing them.
func (s *Snapshot) Implicit(f *File) []string {
	if f == nil || f.Facts == nil || f.Facts.Dialect == nil {
		return nil
	}
	var names []string
	for _, p := range f.Facts.Processors {
		names = append(names, p.Implicit...)
	}
	var out []string
	for _, name := range append(names, f.Facts.Dialect.Implicit...) {
		if p := s.EmbeddedProfile(name); p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// EmbeddedProfile is the entry file of an embedded profile name (the one
// shipped with tosca-ls, even when the workspace declares the same name).
func (s *Snapshot) EmbeddedProfile(name string) string {
	p, _ := s.profiles.Get(embeddedKey + name)
	return p
}

// embeddedKey prefixes the embedded profiles' own entries in the profile map.
const embeddedKey = "\x00embedded:"

// ProfileNames lists every importable profile name, sorted.
func (s *Snapshot) ProfileNames() []string {
	out := make([]string, 0, s.profiles.Len())
	it := s.profiles.Iterator()
	for !it.Done() {
		n, _, _ := it.Next()
		if !strings.HasPrefix(n, embeddedKey) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// Profile returns the entry file of a profile name, or "".
func (s *Snapshot) Profile(name string) string {
	p, _ := s.profiles.Get(name)
	return p
}

// ShadowedBy returns the file that imports of the profile name the file at
// path declares resolve to, when that is another file and path is not part
// of its profile (see builder.settleProfile); else "".
func (s *Snapshot) ShadowedBy(path string) string {
	p, _ := s.shadowed.Get(path)
	return p
}

// Importers returns every file that imports path directly or transitively.
func (s *Snapshot) Importers(path string) []string { return s.ImportersOf(path) }

// ImportersOf returns every file that reads one of paths, directly or
// transitively, and is not one of them (one walk of the reverse graph):
// through imports, and through the edges of Heat files (a provider
// template named as a type, an environment and the templates using its
// mappings; see heat.go).
func (s *Snapshot) ImportersOf(paths ...string) []string {
	seen := make(map[string]bool, len(paths))
	for _, p := range paths {
		seen[p] = true
	}
	queue := slices.Clone(paths)
	var out []string
	visit := func(users []string) {
		for _, u := range users {
			if !seen[u] {
				seen[u] = true
				out = append(out, u)
				queue = append(queue, u)
			}
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		imps, _ := s.importers.Get(p)
		visit(imps)
		heat, _ := s.heatUsers.Get(p)
		visit(heat)
	}
	sort.Strings(out)
	return out
}

// CSARRoot returns the closest folder above path that holds
// TOSCA-Metadata/TOSCA.meta, or "".
func CSARRoot(path string) string {
	return closestAbove(filepath.Dir(path), holdsCSARMeta)
}

// RepositoryRoot returns the closest folder at or above dir that holds a
// .git folder or a CSAR's TOSCA-Metadata/TOSCA.meta (the root of what an
// author works on), or "".
func RepositoryRoot(dir string) string {
	return closestAbove(dir, func(d string) bool {
		st, err := os.Stat(filepath.Join(d, ".git"))
		return err == nil && st.IsDir() || holdsCSARMeta(d)
	})
}

func holdsCSARMeta(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, grammar.CSARMetaDir, grammar.CSARMetaFile))
	return err == nil && st.Mode().IsRegular()
}

// closestAbove returns dir or the closest folder above it that is, or "".
func closestAbove(dir string, is func(string) bool) string {
	for {
		if is(dir) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Within reports whether path is dir or lies under it.
func Within(dir, path string) bool {
	_, ok := RelWithin(dir, path)
	return ok
}

// RelWithin is path relative to dir, and whether path is dir or lies under
// it. A name that starts with two dots (..x.yaml) lies under its folder:
// only ".." itself, or a path starting with "../", leaves it.
func RelWithin(dir, path string) (string, bool) {
	rel, err := filepath.Rel(dir, path)
	return rel, err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
