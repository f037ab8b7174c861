package model

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// ArtifactStatus is what is known of the file an artifact names.
type ArtifactStatus uint8

const (
	// ArtifactUnchecked: a URL, a file of a remote or unknown repository,
	// a text that is no path: nothing can be said of it here.
	ArtifactUnchecked ArtifactStatus = iota
	// ArtifactFound: the file exists.
	ArtifactFound
	// ArtifactMissing: the file would be local, and it does not exist.
	ArtifactMissing
)

// ArtifactFile resolves the file an artifact reference of the file at path
// names (a reference of kind ArtifactFile): relative to the file, to the
// local repository its artifact definition names, or to the root of its
// CSAR (else workspace folder) for `/x`; a file outside the sandbox the
// imports obey is unchecked.
func (v *View) ArtifactFile(path string, r *facts.Ref) (target string, status ArtifactStatus) {
	snap := v.Snap
	f := v.Facts(path)
	name := strings.TrimSpace(v.Facts(path).RefName(r))
	if f == nil || name == "" || strings.ContainsAny(name, "\n\r") {
		return "", ArtifactUnchecked
	}
	base := filepath.Dir(f.Path)
	// The file of an artifact definition that names a repository is in it.
	if repo := f.FieldText(r.Entity, grammar.KeyRepository); repo != "" {
		repoURL, id := f.Repository(repo)
		if id == facts.None {
			return "", ArtifactUnchecked
		}
		dir := localRepository(snap, f.Path, repoURL)
		if dir == "" {
			return "", ArtifactUnchecked
		}
		base = dir
		name = strings.TrimPrefix(name, "/")
	}
	switch {
	case strings.HasPrefix(name, "file:"):
		parsed, err := url.Parse(name)
		if err != nil {
			return "", ArtifactUnchecked
		}
		target = filepath.Clean(parsed.Path)
	case hasURLScheme(name):
		return "", ArtifactUnchecked
	case filepath.IsAbs(name) && base == filepath.Dir(f.Path):
		// `/x` starts at the CSAR (or workspace folder) root.
		target = filepath.Join(rootFolder(snap, f.Path), filepath.FromSlash(name))
	default:
		target = filepath.Join(base, filepath.FromSlash(name))
	}
	if snap.File(target) != nil {
		return target, ArtifactFound
	}
	// Outside the sandbox nothing is looked up: a hostile template gets no
	// link to a file there, and no word on whether it exists.
	if !snap.InSandbox(target) {
		return "", ArtifactUnchecked
	}
	if st, err := os.Stat(target); err == nil && !st.IsDir() {
		return target, ArtifactFound
	}
	return target, ArtifactMissing
}

// localRepository is the folder of a repository whose url is local, or "".
func localRepository(snap *index.Snapshot, from, repoURL string) string {
	switch {
	case strings.HasPrefix(repoURL, "file:"):
		parsed, err := url.Parse(repoURL)
		if err != nil {
			return ""
		}
		return filepath.Clean(parsed.Path)
	case hasURLScheme(repoURL):
		return ""
	case strings.HasPrefix(repoURL, "/"):
		if snap.InSandbox(repoURL) {
			if st, err := os.Stat(repoURL); err == nil && st.IsDir() {
				return repoURL
			}
		}
		return filepath.Join(rootFolder(snap, from), filepath.FromSlash(repoURL))
	}
	return filepath.Join(filepath.Dir(from), filepath.FromSlash(repoURL))
}

// rootFolder is where `/x` paths start: the enclosing CSAR, else the
// workspace folder, else the file's own folder.
func rootFolder(snap *index.Snapshot, path string) string {
	if r := index.CSARRoot(path); r != "" {
		return r
	}
	best := ""
	for _, dir := range snap.Folders() {
		if index.Within(dir, path) && len(dir) > len(best) {
			best = dir
		}
	}
	if best != "" {
		return best
	}
	return filepath.Dir(path)
}

// hasURLScheme reports whether s starts with a URL scheme (`https://`).
func hasURLScheme(s string) bool {
	i := strings.Index(s, "://")
	if i <= 1 {
		return false
	}
	for _, c := range s[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
