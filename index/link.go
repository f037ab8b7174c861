package index

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

const (
	importNotFound = diag.ImportNotFound
	importRemote   = diag.ImportRemote
)

// resolveAll links every import of f to a path (possibly of a file not
// known yet) or a problem.
func (b *builder) resolveAll(f *File) []Link {
	imports := f.Imports()
	links := make([]Link, len(imports))
	dir, origin := filepath.Dir(f.Path), b.w.fetcher.origin(f.Path)
	// What a scan's parse worker found for this very file (see plainTargets).
	plain := b.plainTargets[f]
	if origin != "" {
		plain = nil // relative to the URL it was downloaded from
	}
	for i := range imports {
		imp := &imports[i]
		if plain != nil && plain[i] != "" {
			links[i] = Link{Import: imp, Path: plain[i]}
			continue
		}
		path, problem := b.resolve(f, dir, origin, imp)
		if problem != nil {
			path = ""
		}
		links[i] = Link{Import: imp, Path: path, Problem: problem}
	}
	return links
}

// plainLinks are the links of f's imports when all are plain (see
// plainImport) and their targets were found by a scan's parse workers
// (plainTargets), else nil: resolving them reads nothing the build
// changes, and registers f nowhere.
func (b *builder) plainLinks(f *File) []Link {
	imports := f.Imports()
	plain := b.plainTargets[f]
	if len(imports) > 0 && (len(plain) != len(imports) || slices.Contains(plain, "") || b.w.fetcher.origin(f.Path) != "") {
		return nil
	}
	links := make([]Link, len(imports))
	for i := range imports {
		links[i] = Link{Import: &imports[i], Path: plain[i]}
	}
	return links
}

// resolve resolves an import of f, whose folder is dir; origin is the URL
// f was downloaded from ("" for a local file).
func (b *builder) resolve(f *File, dir, origin string, imp *facts.Import) (string, *Problem) {
	if imp.Profile != "" {
		return b.profile(f, imp.Profile)
	}
	u := imp.URL
	if u == "" {
		return "", &Problem{Code: importNotFound, Message: "import names no url, file or profile"}
	}
	if origin == "" && plainImport(imp) {
		return b.joined.join(dir, u), nil
	}
	if namesProfile(u) {
		// 1.x style: `- some.profile.name` importing a profile by name
		// (linked again when the name resolves elsewhere, as profile:).
		b.s.profileUsers.add(u, f.Path)
		if p, ok := b.profiles.Get(u); ok {
			return p, nil
		}
	}
	if origin != "" && imp.Repository == "" && !hasScheme(u) {
		// A relative import inside a downloaded file is relative to its URL.
		base, err := url.Parse(origin)
		ref, err2 := url.Parse(u)
		if err != nil || err2 != nil {
			return "", &Problem{Code: importNotFound, Message: "invalid url " + diag.Name(u)}
		}
		u = base.ResolveReference(ref).String()
	}
	base := dir
	if imp.Repository != "" {
		repo, ok := f.Repositories[imp.Repository]
		if !ok {
			if p := grammar.RepositoryProcessor(imp.Repository); p != nil {
				// The processor provides it: not reported, and the names it
				// would define are not checked, unless the setting refuses
				// the processor (strict, another one chosen).
				if note, refused := f.Facts.Refuses(p); refused {
					return "", &Problem{Code: importNotFound, Message: diag.Sprintf("unknown repository %q: only %s provides it", imp.Repository, p.Title) + note}
				}
				return "", &Problem{Code: importNotFound, Pending: true, Message: diag.Sprintf("repository %q is provided by %s", imp.Repository, p.Title)}
			}
			return "", &Problem{Code: importNotFound, Message: "unknown repository \"" + imp.Repository + "\""}
		}
		if hasScheme(repo.URL) && !strings.HasPrefix(repo.URL, "file:") {
			return b.remote(f, strings.TrimSuffix(repo.URL, "/")+"/"+strings.TrimPrefix(u, "/"))
		}
		base = b.localPath(f, repo.URL)
		u = strings.TrimPrefix(u, "/")
	}
	if hasScheme(u) {
		if !strings.HasPrefix(u, "file:") {
			return b.remote(f, u)
		}
		p, err := filePath(base, u)
		if err != nil {
			return "", &Problem{Code: importNotFound, Message: "invalid url: " + err.Error()}
		}
		return p, nil
	}
	if imp.Repository != "" {
		return filepath.Join(base, filepath.FromSlash(u)), nil
	}
	if strings.HasPrefix(u, "/") {
		return filepath.Join(b.repositoryRoot(f.Path), filepath.FromSlash(u)), nil
	}
	return b.joined.join(dir, u), nil
}

// namesProfile reports whether an import url is a bare name, 1.x style
// (`- some.profile.name`): it imports the profile of that name when one is
// known, else the file of that name.
func namesProfile(u string) bool {
	return strings.IndexByte(u, '/') < 0 && strings.IndexByte(u, '\\') < 0 && !strings.HasSuffix(u, ".yaml") && !strings.HasSuffix(u, ".yml")
}

// plainImport reports whether imp names a file by a path relative to the
// importing file's folder, nothing else: in a local file, it resolves to
// that path whatever the workspace holds (see plainTargets).
func plainImport(imp *facts.Import) bool {
	u := imp.URL
	return imp.Profile == "" && imp.Repository == "" && u != "" && !strings.HasPrefix(u, "/") && !hasScheme(u) && !namesProfile(u)
}

// plainTargets are the paths the plain imports (plainImport) of the file at
// path name, "" for its other imports; nil when it has no plain import. A
// scan works them out in its parse workers, so that linking its files (one
// build, on one core) does not.
func plainTargets(path string, imports []facts.Import, joined *joinedPaths) []string {
	var out []string
	dir := filepath.Dir(path)
	for i := range imports {
		if plainImport(&imports[i]) {
			if out == nil {
				out = make([]string, len(imports))
			}
			out[i] = joined.join(dir, imports[i].URL)
		}
	}
	return out
}

// relativeImport is an import's path relative to the importing file's
// folder.
type relativeImport struct{ dir, url string }

// joinedPaths memoises the paths relative imports name: a workspace's
// files import the same paths from the same folders (the 92,577 imports of
// the OASIS repository are 1,138 pairs), which share one string.
type joinedPaths map[relativeImport]string

// join is the path a relative import url of a file in dir names.
func (j *joinedPaths) join(dir, url string) string {
	k := relativeImport{dir, url}
	if p, ok := (*j)[k]; ok {
		return p
	}
	p := filepath.Join(dir, filepath.FromSlash(url))
	if *j == nil {
		*j = joinedPaths{}
	}
	(*j)[k] = p
	return p
}

// filePath is the path a file: URL names: an absolute one (`file:///x`)
// as it is, a relative one (`file:types/x.yaml`, whose path the URL keeps
// opaque) from dir, as a plain relative path is.
func filePath(dir, u string) (string, error) {
	parsed, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	if parsed.Opaque != "" {
		rel, err := url.PathUnescape(parsed.Opaque)
		if err != nil {
			return "", err
		}
		return filepath.Join(dir, filepath.FromSlash(rel)), nil
	}
	return filepath.Clean(parsed.Path), nil
}

// profile resolves an import by profile name. Before the first index of the
// workspace is complete, a name not found yet may still turn up: the
// problem is pending (not reported).
func (b *builder) profile(f *File, name string) (string, *Problem) {
	b.s.profileUsers.add(name, f.Path)
	if p, ok := b.profiles.Get(name); ok {
		return p, nil
	}
	return "", &Problem{Code: importNotFound, Message: "unknown profile \"" + name + "\"", Pending: !b.s.complete}
}

// remote resolves an import with a URL scheme: fetched into the cache in
// the background when the remoteImports setting allows it (the importing
// file is linked again when the download ends), else a warning.
func (b *builder) remote(f *File, u string) (string, *Problem) {
	if !b.s.opts.RemoteImports {
		return "", &Problem{Code: importRemote, Warning: true, Message: "remote import " + diag.Name(u) + " is not fetched (enable the remoteImports setting); names it would define are not checked"}
	}
	b.s.remoteUsers.add(u, f.Path)
	p, err, done := b.w.fetcher.get(u)
	switch {
	case !done:
		return "", &Problem{Code: importRemote, Warning: true, Pending: true, Message: "remote import " + diag.Name(u) + " is being fetched"}
	case err != nil:
		return "", &Problem{Code: importRemote, Warning: true, Message: "remote import " + diag.Name(u) + " could not be fetched (" + err.Error() + "); names it would define are not checked"}
	}
	return p, nil
}

// localPath turns a repository url into a directory relative to f.
func (b *builder) localPath(f *File, repoURL string) string {
	if strings.HasPrefix(repoURL, "file:") {
		if p, err := filePath(filepath.Dir(f.Path), repoURL); err == nil {
			return p
		}
	}
	if filepath.IsAbs(repoURL) {
		return repoURL
	}
	if strings.HasPrefix(repoURL, "/") {
		return filepath.Join(b.repositoryRoot(f.Path), repoURL)
	}
	return filepath.Join(filepath.Dir(f.Path), filepath.FromSlash(repoURL))
}

// repositoryRoot is where `/x.yaml` imports start: the enclosing CSAR (a
// folder holding TOSCA-Metadata/TOSCA.meta), else the workspace folder,
// else the file's own folder.
func (b *builder) repositoryRoot(path string) string {
	dir := filepath.Dir(path)
	root, ok := b.s.csarRoots[dir]
	if !ok {
		root = CSARRoot(path)
		b.s.csarRoots[dir] = root
	}
	if root != "" {
		return root
	}
	best := ""
	for _, d := range b.s.folders {
		if Within(d, path) && len(d) > len(best) {
			best = d
		}
	}
	if best != "" {
		return best
	}
	return dir
}

// missingNames memoises how imports of files that are missing (or not
// TOSCA) are reported: the file each wanted, as the author wrote it (plus
// the resolved path when it is relative to the importing file), and the
// problem of a file not found, made once per build for every import of it
// from one folder: the files of a folder import the same missing files (the
// DMTF set's 11,000 imports of files it does not ship).
type missingNames map[importedTarget]*missingImport

// of is how an import imp of a file in dir, resolved to target, is
// reported.
func (n *missingNames) of(imp *facts.Import, dir, target string) *missingImport {
	k := importedTarget{relativeImport{dir, imp.URL}, target}
	if m, ok := (*n)[k]; ok {
		return m
	}
	name := diag.Quote(imp.URL)
	if rel, err := filepath.Rel(k.dir, target); err == nil && filepath.ToSlash(rel) != imp.URL {
		name = diag.Sprintf("%q (%s)", imp.URL, diag.Name(filepath.ToSlash(rel)))
	}
	m := &missingImport{name: name, notFound: &Problem{Code: importNotFound, Message: "imported file not found: " + name}}
	if *n == nil {
		*n = missingNames{}
	}
	(*n)[k] = m
	return m
}

// missingImport is how the imports of a missing file are reported (see
// missingNames). Problems are never changed once made: the links share them.
type missingImport struct {
	name     string
	notFound *Problem
}

// importedTarget is an import of a file in a folder and the path it
// resolved to.
type importedTarget struct {
	relativeImport
	target string
}
