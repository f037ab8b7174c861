package outline

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Link is a span that opens another file.
type Link struct {
	Span    text.Span
	Target  string
	Tooltip string
}

// DocumentLinks returns the spans of a file that open another file: every
// import that resolved (url, file or profile name) and every artifact file
// that exists, relative to the file, to the root of its CSAR (or workspace
// folder) for `/x`, or to the local repository it names.
func DocumentLinks(ctx context.Context, v *model.View, path string) []Link {
	snap := v.Snap
	file := snap.File(path)
	if file == nil || file.Facts == nil || file.Facts.Lang != grammar.TOSCA {
		return nil
	}
	f := file.Facts
	var out []Link
	for _, l := range snap.Links(path) {
		if l.Path == "" || l.Import == nil || l.Import.Target.Len() == 0 {
			continue
		}
		tip := "Open " + displayPath(l.Path, path)
		if l.Import.Profile != "" {
			tip = "Open profile " + l.Import.Profile + " (" + displayPath(l.Path, path) + ")"
		}
		if l.Import.Namespace != "" {
			tip += ", imported into namespace " + l.Import.Namespace
		}
		out = append(out, Link{Span: unquoted(f.Src, l.Import.Target), Target: l.Path, Tooltip: tip})
	}
	seen := map[uint32]bool{}
	for _, r := range f.Refs {
		if r.Kind != grammar.ArtifactFile || seen[r.Span.Start] || isAlias(f.Src, r.Span.Text()) {
			continue
		}
		seen[r.Span.Start] = true
		target := artifactTarget(snap, f, &r)
		if target == "" {
			continue
		}
		out = append(out, Link{Span: unquoted(f.Src, r.Span.Text()), Target: target, Tooltip: "Open artifact " + displayPath(target, path)})
	}
	slices.SortStableFunc(out, func(a, b Link) int { return a.Span.Start - b.Span.Start })
	return out
}

// artifactTarget resolves an artifact file to an existing local file inside
// the sandbox, or "": a hostile repository gets no link to a file outside
// it, and nothing outside is stat'ed.
func artifactTarget(snap *index.Snapshot, f *facts.Facts, r *facts.Ref) string {
	name := strings.TrimSpace(r.Name)
	if name == "" || strings.ContainsAny(name, "\n\r") {
		return ""
	}
	base := filepath.Dir(f.Path)
	// The file of an artifact definition that names a repository is in it.
	if repo := f.FieldText(r.Entity, grammar.KeyRepository); repo != "" {
		repoURL, id := f.Repository(repo)
		if id == facts.None {
			return ""
		}
		dir := localRepository(snap, f.Path, repoURL)
		if dir == "" {
			return ""
		}
		base = dir
		name = strings.TrimPrefix(name, "/")
	}
	var target string
	switch {
	case strings.HasPrefix(name, "file:"):
		parsed, err := url.Parse(name)
		if err != nil {
			return ""
		}
		target = filepath.Clean(parsed.Path)
	case hasURLScheme(name):
		return ""
	case filepath.IsAbs(name) && base == filepath.Dir(f.Path):
		// `/x` starts at the CSAR (or workspace folder) root.
		target = filepath.Join(rootFolder(snap, f.Path), filepath.FromSlash(name))
	default:
		target = filepath.Join(base, filepath.FromSlash(name))
	}
	if snap.File(target) != nil {
		return target
	}
	if !snap.InSandbox(target) {
		return ""
	}
	if st, err := os.Stat(target); err == nil && !st.IsDir() {
		return target
	}
	return ""
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
		if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") && len(dir) > len(best) {
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

// displayPath shows target relative to the folder of from when it is near.
func displayPath(target, from string) string {
	if rel, err := filepath.Rel(filepath.Dir(from), target); err == nil && !strings.HasPrefix(rel, ".."+string(filepath.Separator)+"..") {
		return filepath.ToSlash(rel)
	}
	return target
}
