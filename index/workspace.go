// Package index owns the files tosca-ls knows: it scans workspace folders
// for TOSCA by content, parses each file once per content, overlays open
// editor buffers on the disk, resolves imports (paths, repositories, CSAR
// roots, profile names, embedded profiles) and keeps the reverse import
// graph, so that an edit re-analyses exactly the files that depend on it.
// Readers get immutable snapshots; each change builds the next one.
package index

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/profiles"
)

// MaxFileSize bounds what is read from disk: larger files are skipped.
const MaxFileSize = 16 << 20

// Options are the index settings.
type Options struct {
	// ProfilePaths are extra folders whose TOSCA files are importable by
	// their `profile:` name (and by path).
	ProfilePaths []string
	// RemoteImports allows fetching imports with a URL scheme.
	RemoteImports bool
	// CacheDir is where embedded profiles are extracted and remote imports
	// downloaded ("" = the user cache folder).
	CacheDir string
	Logger   *zap.Logger
}

// Workspace is the mutable index. All methods are safe for concurrent use.
type Workspace struct {
	mu       sync.Mutex
	opts     Options
	log      *zap.Logger
	folders  []string
	disk     map[string]*File // scanned or imported files as on disk
	overlays map[string]*File // open editor buffers
	embedded map[string]*File
	profiles map[string]string // embedded profile names → entry path
	implicit map[string][]string
	// extra holds files from the profile paths.
	extra map[string]*File
	// missing remembers import targets that were not on disk, so that a
	// keystroke does not stat them again; a disk event clears it.
	missing map[string]bool
	fetcher *fetcher
	// relink makes the next rebuild resolve every import again (a disk
	// event may have created a file an import was missing).
	relink bool
	snap   *Snapshot
	nextID uint64
}

// NewWorkspace creates an empty workspace holding the embedded profiles.
func NewWorkspace(opts Options) *Workspace {
	w := &Workspace{
		disk:     map[string]*File{},
		overlays: map[string]*File{},
		extra:    map[string]*File{},
		missing:  map[string]bool{},
	}
	w.opts = opts
	w.log = opts.Logger
	if w.log == nil {
		w.log = zap.NewNop()
	}
	w.fetcher = newFetcher(filepath.Join(cacheDir(opts), "remote"))
	w.loadEmbedded()
	w.loadProfilePaths()
	w.rebuild()
	return w
}

func cacheDir(opts Options) string {
	if opts.CacheDir != "" {
		return opts.CacheDir
	}
	return profiles.DefaultCacheDir()
}

// embeddedSet is the parsed embedded profiles under one extraction root.
type embeddedSet struct {
	files    map[string]*File
	profiles map[string]string
	implicit map[string][]string
}

var (
	embeddedMu    sync.Mutex
	embeddedCache = map[string]*embeddedSet{}
)

// loadEmbedded parses the embedded profiles under the folder they are
// extracted to, so that definitions in them open in an editor. They never
// change, so every workspace of the process shares one parse.
func (w *Workspace) loadEmbedded() {
	root, err := profiles.Materialize(cacheDir(w.opts))
	if err != nil {
		w.log.Warn("embedded profiles not extracted; definitions in them will not open", zap.Error(err))
		root = filepath.Join(os.TempDir(), "tosca-ls-profiles")
	}
	embeddedMu.Lock()
	defer embeddedMu.Unlock()
	set := embeddedCache[root]
	if set == nil {
		set = parseEmbedded(root)
		embeddedCache[root] = set
	}
	w.embedded, w.profiles, w.implicit = set.files, set.profiles, set.implicit
}

func parseEmbedded(root string) *embeddedSet {
	set := &embeddedSet{files: map[string]*File{}, profiles: map[string]string{}, implicit: map[string][]string{}}
	for _, p := range profiles.All() {
		for _, name := range p.Files {
			src, err := profiles.FS.ReadFile(name)
			if err != nil {
				continue
			}
			full := filepath.Join(root, filepath.FromSlash(name))
			f := newFile(full, src, sha256.Sum256(src))
			f.Embedded = true
			f.Fallback = p.Fallback
			set.files[full] = f
		}
		entry := filepath.Join(root, filepath.FromSlash(p.Entry))
		for _, n := range append([]string{p.Name}, p.Aliases...) {
			set.profiles[n] = entry
		}
	}
	for _, v := range []string{"tosca_simple_yaml_1_0", "tosca_simple_yaml_1_1", "tosca_simple_yaml_1_2", "tosca_simple_yaml_1_3", "tosca_2_0"} {
		for _, p := range profiles.Implicit(v) {
			set.implicit[v] = append(set.implicit[v], filepath.Join(root, filepath.FromSlash(p.Entry)))
		}
	}
	return set
}

func (w *Workspace) loadProfilePaths() {
	w.extra = map[string]*File{}
	for _, dir := range w.opts.ProfilePaths {
		for p, f := range scan(context.Background(), absPath(dir), nil) {
			w.extra[p] = f
		}
	}
}

// forgetMissing makes the next rebuild look for every import target again.
func (w *Workspace) forgetMissing() {
	w.missing = map[string]bool{}
	w.relink = true
}

// SetOptions replaces the settings and rebuilds what depends on them.
func (w *Workspace) SetOptions(opts Options) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if opts.Logger == nil {
		opts.Logger = w.log
	}
	w.opts = opts
	w.loadProfilePaths()
	w.forgetMissing()
	w.rebuild()
}

// AddFolder scans dir for TOSCA files and adds it to the workspace.
// progress, when set, is called as files are parsed.
func (w *Workspace) AddFolder(ctx context.Context, dir string, progress func(done, total int)) {
	dir = absPath(dir)
	files := scan(ctx, dir, progress)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, f := range w.folders {
		if f == dir {
			goto merge
		}
	}
	w.folders = append(w.folders, dir)
	sort.Strings(w.folders)
merge:
	for p, f := range files {
		w.disk[p] = f
	}
	w.forgetMissing()
	w.rebuild()
}

// RemoveFolder drops a workspace folder and the files only it held.
func (w *Workspace) RemoveFolder(dir string) {
	dir = absPath(dir)
	w.mu.Lock()
	defer w.mu.Unlock()
	kept := w.folders[:0]
	for _, f := range w.folders {
		if f != dir {
			kept = append(kept, f)
		}
	}
	w.folders = kept
	for p := range w.disk {
		if within(dir, p) {
			delete(w.disk, p)
		}
	}
	w.rebuild()
}

// SetOverlay records the text of an open editor buffer.
func (w *Workspace) SetOverlay(path string, version int32, src []byte) *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	f := w.parse(path, src, w.overlays[path])
	// An embedded profile file opened in the editor (after a go-to-definition)
	// stays one of ours.
	embedded := w.embedded[path] != nil
	if f.Version != version || !f.Open || f.Embedded != embedded {
		copied := *f
		copied.Open, copied.Version, copied.Embedded = true, version, embedded
		f = &copied
	}
	w.overlays[path] = f
	w.rebuild()
	return w.snap
}

// ClearOverlay forgets an editor buffer; the disk content (if any) shows again.
func (w *Workspace) ClearOverlay(path string) *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.overlays, path)
	w.rebuild()
	return w.snap
}

// Refresh re-reads path from disk after it was created, changed or deleted
// outside the editor.
func (w *Workspace) Refresh(path string) *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.forgetMissing()
	src, err := readLimited(path)
	switch {
	case err != nil:
		delete(w.disk, path)
	case w.disk[path] != nil || Detect(src) != NotTOSCA:
		w.disk[path] = w.parse(path, src, w.disk[path])
	}
	w.rebuild()
	return w.snap
}

// Snapshot returns the current snapshot.
func (w *Workspace) Snapshot() *Snapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.snap
}

// parse reuses prev when the content is unchanged.
func (w *Workspace) parse(path string, src []byte, prev *File) *File {
	sum := sha256.Sum256(src)
	if prev != nil && prev.Hash == sum {
		return prev
	}
	return newFile(path, src, sum)
}

// rebuild makes the next snapshot from the current state. Import targets
// not yet known are loaded from disk here.
func (w *Workspace) rebuild() {
	w.nextID++
	s := &Snapshot{
		id:        w.nextID,
		opts:      w.opts,
		folders:   append([]string(nil), w.folders...),
		files:     make(map[string]*File, len(w.embedded)+len(w.extra)+len(w.disk)+len(w.overlays)),
		profiles:  make(map[string]string, len(w.profiles)),
		implicit:  w.implicit,
		links:     map[string][]Link{},
		importers: map[string][]string{},
		fetcher:   w.fetcher,
	}
	for _, m := range []map[string]*File{w.embedded, w.extra, w.disk, w.overlays} {
		for p, f := range m {
			s.files[p] = f
		}
	}
	for n, p := range w.profiles {
		s.profiles[n] = p
	}
	// Profile names declared in the workspace and profile paths win over
	// the embedded copies: the author's own profile is the one they edit.
	for _, m := range []map[string]*File{w.extra, w.disk, w.overlays} {
		for p, f := range m {
			if f.ProfileName != "" {
				s.profiles[f.ProfileName] = p
			}
		}
	}
	// When no file appeared or vanished and profile names are unchanged, an
	// unchanged file's imports resolve as before: a keystroke re-resolves
	// only the edited file.
	prev := w.snap
	sameWorld := !w.relink && prev != nil && sameKeys(prev.files, s.files) && maps.Equal(prev.profiles, s.profiles) && slices.Equal(prev.folders, s.folders)
	queue := make([]string, 0, len(s.files))
	for p := range s.files {
		queue = append(queue, p)
	}
	sort.Strings(queue)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		f := s.files[p]
		if sameWorld && prev.files[p] == f {
			s.links[p] = prev.links[p]
			for _, l := range s.links[p] {
				if l.Path != "" {
					s.importers[l.Path] = appendUnique(s.importers[l.Path], p)
				}
			}
			continue
		}
		links := make([]Link, len(f.Imports))
		for i := range f.Imports {
			imp := &f.Imports[i]
			target, problem := s.resolve(f, imp)
			links[i] = Link{Import: imp, Problem: problem}
			if problem != nil {
				continue
			}
			if s.files[target] == nil && !w.missing[target] {
				if src, err := readLimited(target); err == nil {
					loaded := newFile(target, src, sha256.Sum256(src))
					if loaded.Dialect == NotTOSCA {
						// Imported by a TOSCA file, so read as TOSCA (and told it lacks a version).
						loaded.Dialect = TOSCA
					}
					w.disk[target] = loaded
					s.files[target] = loaded
					queue = append(queue, target)
				} else {
					w.missing[target] = true
				}
			}
			if s.files[target] == nil {
				links[i].Problem = &Problem{Code: "import-not-found", Message: "imported file not found: " + importedName(imp, f.Path, target)}
				continue
			}
			links[i].Path = target
			s.importers[target] = appendUnique(s.importers[target], p)
		}
		s.links[p] = links
	}
	w.snap = s
	w.relink = false
}

// importedName says which file an import wanted, as the author wrote it
// (plus the resolved path when it is relative to the importing file).
func importedName(imp *Import, from, target string) string {
	if rel, err := filepath.Rel(filepath.Dir(from), target); err == nil && filepath.ToSlash(rel) != imp.URL {
		return fmt.Sprintf("%q (%s)", imp.URL, filepath.ToSlash(rel))
	}
	return fmt.Sprintf("%q", imp.URL)
}

func sameKeys(a, b map[string]*File) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			return false
		}
	}
	return true
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// scan walks dir for TOSCA files (by extension, then by content) and
// parses them in parallel.
func scan(ctx context.Context, dir string, progress func(done, total int)) map[string]*File {
	var paths []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || ctx.Err() != nil {
			return filepath.SkipDir
		}
		if d.IsDir() {
			name := d.Name()
			if p != dir && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && HasTOSCAExtension(p) {
			paths = append(paths, p)
		}
		return nil
	})
	out := make(map[string]*File, len(paths))
	var mu sync.Mutex
	var wg sync.WaitGroup
	jobs := make(chan string)
	done := 0
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				var f *File
				if src, err := readTOSCA(p); err == nil && src != nil {
					f = newFile(p, src, sha256.Sum256(src))
				}
				mu.Lock()
				if f != nil {
					out[p] = f
				}
				done++
				if progress != nil {
					progress(done, len(paths))
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range paths {
		if ctx.Err() != nil {
			break
		}
		jobs <- p
	}
	close(jobs)
	wg.Wait()
	return out
}

// readTOSCA reads a file only if its head says it is TOSCA (or Heat): a
// workspace holds many large YAML files that are not, and they are not
// read whole. It returns nil for other files.
func readTOSCA(p string) ([]byte, error) {
	fh, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	head := make([]byte, detectLimit)
	n, err := io.ReadFull(fh, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	if Detect(head[:n]) == NotTOSCA {
		return nil, nil
	}
	if n < detectLimit {
		return head[:n], nil
	}
	return readLimited(p)
}

func readLimited(p string) ([]byte, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fs.ErrInvalid
	}
	if st.Size() > MaxFileSize {
		return nil, fs.ErrInvalid
	}
	return os.ReadFile(p)
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return path.Clean(p)
}
