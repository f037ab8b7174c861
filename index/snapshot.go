package index

import (
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/profiles"
)

// Snapshot is an immutable view of the workspace: readers (requests,
// diagnostics) hold one while edits build the next.
type Snapshot struct {
	id      uint64
	opts    Options
	folders []string
	files   map[string]*File
	// profiles maps profile names to their entry files.
	profiles map[string]string
	// implicit maps a tosca_definitions_version to the entry files every
	// file of that version imports without saying so.
	implicit map[string][]string
	links    map[string][]Link
	// importers is the reverse import graph.
	importers map[string][]string
	fetcher   *fetcher
}

// Link is the outcome of resolving one import of a file.
type Link struct {
	Import *Import
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
}

// ID grows with every snapshot.
func (s *Snapshot) ID() uint64 { return s.id }

// Options are the settings the snapshot was built with.
func (s *Snapshot) Options() Options { return s.opts }

// Folders are the workspace folders.
func (s *Snapshot) Folders() []string { return s.folders }

// File returns the file at path, or nil if the snapshot does not know it.
func (s *Snapshot) File(path string) *File { return s.files[path] }

// Paths lists every known file (workspace, open, imported, profiles), sorted.
func (s *Snapshot) Paths() []string {
	out := make([]string, 0, len(s.files))
	for p := range s.files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// InWorkspace reports whether path lies inside one of the workspace folders.
func (s *Snapshot) InWorkspace(path string) bool {
	for _, dir := range s.folders {
		if within(dir, path) {
			return true
		}
	}
	return false
}

// Links are the resolved imports of path, in source order.
func (s *Snapshot) Links(path string) []Link { return s.links[path] }

// Implicit returns the entry files a file imports implicitly (the
// normative types of its TOSCA version).
func (s *Snapshot) Implicit(f *File) []string { return s.implicit[f.DefinitionsVersion] }

// ProfileNames lists every importable profile name, sorted.
func (s *Snapshot) ProfileNames() []string {
	out := make([]string, 0, len(s.profiles))
	for n := range s.profiles {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Profile returns the entry file of a profile name, or "".
func (s *Snapshot) Profile(name string) string { return s.profiles[name] }

// Assumed lists the entry files of the profiles whose types the profile
// that path declares uses without importing them (profiles.Profile.Assumes):
// the 2.0 simple profile, embedded or a copy in the workspace, uses range
// and the size units as if they were still built in.
func (s *Snapshot) Assumed(path string) []string {
	f := s.files[path]
	if f == nil || f.ProfileName == "" {
		return nil
	}
	p := profiles.ByName(f.ProfileName)
	if p == nil {
		return nil
	}
	var out []string
	for _, name := range p.Assumes {
		if entry := s.profiles[name]; entry != "" {
			out = append(out, entry)
		}
	}
	return out
}

// Importers returns every file that imports path directly or transitively.
func (s *Snapshot) Importers(path string) []string {
	seen := map[string]bool{path: true}
	queue := []string{path}
	var out []string
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range s.importers[p] {
			if !seen[imp] {
				seen[imp] = true
				out = append(out, imp)
				queue = append(queue, imp)
			}
		}
	}
	sort.Strings(out)
	return out
}

// resolve links one import of f to a path. It returns the path to load
// (possibly not yet known) or a problem.
func (s *Snapshot) resolve(f *File, imp *Import) (string, *Problem) {
	if imp.Profile != "" {
		if p, ok := s.profiles[imp.Profile]; ok {
			return p, nil
		}
		return "", &Problem{Code: "import-not-found", Message: "unknown profile \"" + imp.Profile + "\""}
	}
	u := imp.URL
	if u == "" {
		return "", &Problem{Code: "import-not-found", Message: "import names no url, file or profile"}
	}
	if p, ok := s.profiles[u]; ok && !strings.ContainsAny(u, "/\\") && !strings.HasSuffix(u, ".yaml") {
		// 1.x style: `- some.profile.name` importing a profile by name.
		return p, nil
	}
	if origin := s.fetcher.origin(f.Path); origin != "" && imp.Repository == "" && !hasScheme(u) {
		// A relative import inside a downloaded file is relative to its URL.
		base, err := url.Parse(origin)
		ref, err2 := url.Parse(u)
		if err != nil || err2 != nil {
			return "", &Problem{Code: "import-not-found", Message: "invalid url " + u}
		}
		u = base.ResolveReference(ref).String()
	}
	base := filepath.Dir(f.Path)
	if imp.Repository != "" {
		repo, ok := f.Repositories[imp.Repository]
		if !ok {
			return "", &Problem{Code: "import-not-found", Message: "unknown repository \"" + imp.Repository + "\""}
		}
		if hasScheme(repo.URL) && !strings.HasPrefix(repo.URL, "file:") {
			return s.remote(strings.TrimSuffix(repo.URL, "/") + "/" + strings.TrimPrefix(u, "/"))
		}
		base = s.localPath(f, repo.URL)
		u = strings.TrimPrefix(u, "/")
	}
	if hasScheme(u) {
		if !strings.HasPrefix(u, "file:") {
			return s.remote(u)
		}
		parsed, err := url.Parse(u)
		if err != nil {
			return "", &Problem{Code: "import-not-found", Message: "invalid url: " + err.Error()}
		}
		return filepath.Clean(parsed.Path), nil
	}
	if strings.HasPrefix(u, "/") && imp.Repository == "" {
		return filepath.Join(s.repositoryRoot(f.Path), filepath.FromSlash(u)), nil
	}
	return filepath.Join(base, filepath.FromSlash(u)), nil
}

// remote resolves an import with a URL scheme: fetched into the cache when
// the remoteImports setting allows it, else a warning that says so.
func (s *Snapshot) remote(u string) (string, *Problem) {
	if !s.opts.RemoteImports {
		return "", &Problem{Code: "import-remote", Warning: true, Message: "remote import " + u + " is not fetched (enable the remoteImports setting); names it would define are not checked"}
	}
	p, err := s.fetcher.fetch(u)
	if err != nil {
		return "", &Problem{Code: "import-remote", Warning: true, Message: "remote import " + u + " could not be fetched (" + err.Error() + "); names it would define are not checked"}
	}
	return p, nil
}

// localPath turns a repository url into a directory relative to f.
func (s *Snapshot) localPath(f *File, repoURL string) string {
	if strings.HasPrefix(repoURL, "file:") {
		if parsed, err := url.Parse(repoURL); err == nil {
			return filepath.Clean(parsed.Path)
		}
	}
	if filepath.IsAbs(repoURL) {
		return repoURL
	}
	if strings.HasPrefix(repoURL, "/") {
		return filepath.Join(s.repositoryRoot(f.Path), repoURL)
	}
	return filepath.Join(filepath.Dir(f.Path), filepath.FromSlash(repoURL))
}

// repositoryRoot is where `/x.yaml` imports start: the enclosing CSAR (a
// folder holding TOSCA-Metadata/TOSCA.meta), else the workspace folder,
// else the file's own folder.
func (s *Snapshot) repositoryRoot(path string) string {
	if root := CSARRoot(path); root != "" {
		return root
	}
	best := ""
	for _, dir := range s.folders {
		if within(dir, path) && len(dir) > len(best) {
			best = dir
		}
	}
	if best != "" {
		return best
	}
	return filepath.Dir(path)
}

// CSARRoot returns the closest folder above path that holds
// TOSCA-Metadata/TOSCA.meta, or "".
func CSARRoot(path string) string {
	dir := filepath.Dir(path)
	for {
		if st, err := os.Stat(filepath.Join(dir, "TOSCA-Metadata", "TOSCA.meta")); err == nil && !st.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
