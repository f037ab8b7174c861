// Package index owns the files tosca-ls knows: it scans workspace folders
// for TOSCA by content, parses and binds each file once per content (its
// facts; documents open in the editor also keep their tree), overlays open
// editor buffers on the disk, resolves imports (paths, repositories, CSAR
// roots, profile names, embedded profiles, remote URLs) and keeps the
// reverse import graph.
//
// Readers get immutable snapshots. One worker goroutine owns the mutable
// state and builds each next snapshot; parsing happens before a change
// reaches it, so an edit of a large file does not hold up others, and no
// reader ever waits for a writer.
package index

import (
	"context"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/benbjohnson/immutable"
	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/parallel"
	"github.com/tosca-ls/tosca-ls/index/text"
	"github.com/tosca-ls/tosca-ls/profiles"
)

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
	// AllowedPaths are folders (or files) outside the workspace that imports
	// may read nevertheless.
	AllowedPaths []string
	// Processor is the processor setting TOSCA files are read with ("":
	// auto).
	Processor grammar.ProcessorSetting
	Logger    *zap.Logger
}

// Workspace is the mutable index. All methods are safe for concurrent use.
type Workspace struct {
	log     *zap.Logger
	fetcher *fetcher
	snap    atomic.Pointer[Snapshot]
	// queue holds the jobs for the worker, in submission order; kick wakes it.
	qmu   sync.Mutex
	queue []job
	kick  chan struct{}
	done  chan struct{}

	// The state below belongs to the worker goroutine.
	st state

	// Overlays being parsed: the newest text submitted per path, the paths
	// a parse runs for, and the newest text waiting for that parse to end
	// (see UpdateOverlay); submissions numbers them.
	omu         sync.Mutex
	inflight    map[string]overlayText
	parsing     map[string]bool
	waiting     map[string]overlayText
	submissions uint64
	// reads counts the disk reads started per path (see Reload);
	// reloading counts the Reloads not yet committed.
	reads     map[string]uint64
	reloading sync.WaitGroup
	// setting is the processor setting files are read with (read by the
	// parses that run off the worker).
	setting atomic.Value
	// changed is closed (and replaced) whenever a snapshot is published;
	// ready once the first snapshot is.
	changed chan struct{}
	ready   chan struct{}

	listenMu  sync.Mutex
	listeners []func(*Snapshot, []string)
}

// state is what the worker keeps between snapshots.
type state struct {
	opts     Options
	folders  []string
	disk     map[string]*File // scanned or imported files as on disk
	overlays map[string]*File // open editor buffers
	extra    map[string]*File // files of the profile paths
	embedded *embeddedSet
	nextID   uint64
	complete bool
	// wanted maps a path no file exists at to the files whose imports
	// name it: they are linked again when it appears.
	wanted users
	// profileUsers maps a profile name to the files importing it, remoteUsers
	// a URL to the files importing it.
	profileUsers users
	remoteUsers  users
	// declarers maps a profile name to the files (not embedded) that
	// declare it; shadows a name to those of them it does not resolve to.
	declarers map[string]map[string]bool
	shadows   map[string]map[string]bool
	// csarRoots caches the CSAR root of each folder (see CSARRoot).
	csarRoots map[string]string
	// profileRoots are the folders AddProfileRoot scanned.
	profileRoots []string
	// refusedUsers are the files with an import the sandbox refused: they
	// are linked again when the allowed folders change.
	refusedUsers map[string]bool
	// sandbox is the set of folders imports may read (nil: rebuild it).
	sandbox *sandbox
	// heat holds the Heat files' edges (see heat.go).
	heat heatGraph
}

type job func(s *state, b *builder)

// users maps keys (a path, a profile name, a URL) to the files waiting for
// them, and each file to its keys, so that a file linked again or removed
// leaves nothing behind: an editor's untitled buffers, or an import typed
// a letter at a time, would otherwise each stay registered for good.
type users struct {
	byKey  map[string]map[string]bool
	byFile map[string][]string
}

func newUsers() users {
	return users{byKey: map[string]map[string]bool{}, byFile: map[string][]string{}}
}

func (u users) add(key, file string) {
	if u.under(key, file) {
		u.byFile[file] = append(u.byFile[file], key)
	}
}

// addAll is add for several keys of one file.
func (u users) addAll(keys []string, file string) {
	var added []string
	for _, key := range keys {
		if u.under(key, file) {
			added = append(added, key)
		}
	}
	if added != nil {
		u.byFile[file] = append(u.byFile[file], added...)
	}
}

// under records file among the users of key, and reports whether it was
// not yet.
func (u users) under(key, file string) bool {
	set := u.byKey[key]
	if set == nil {
		set = map[string]bool{}
		u.byKey[key] = set
	}
	n := len(set)
	set[file] = true
	return len(set) > n
}

// dropKey forgets key (the files' lists keep it until they are dropped).
func (u users) dropKey(key string) {
	delete(u.byKey, key)
}

// dropFile forgets what file waits for.
func (u users) dropFile(file string) {
	for _, key := range u.byFile[file] {
		if set := u.byKey[key]; set != nil {
			delete(set, file)
			if len(set) == 0 {
				delete(u.byKey, key)
			}
		}
	}
	delete(u.byFile, file)
}

// forgetUser drops every registration of path as a user (it is linked
// again, or gone).
func (s *state) forgetUser(path string) {
	s.wanted.dropFile(path)
	s.profileUsers.dropFile(path)
	s.remoteUsers.dropFile(path)
	delete(s.refusedUsers, path)
}

// waits reports whether path is registered as a user anywhere (see
// forgetUser).
func (s *state) waits(path string) bool {
	return s.wanted.byFile[path] != nil || s.profileUsers.byFile[path] != nil || s.remoteUsers.byFile[path] != nil || s.refusedUsers[path]
}

// NewWorkspace creates an empty workspace holding the embedded profiles.
func NewWorkspace(opts Options) *Workspace {
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	w := &Workspace{
		log:      opts.Logger,
		kick:     make(chan struct{}, 1),
		done:     make(chan struct{}),
		inflight: map[string]overlayText{},
		parsing:  map[string]bool{},
		waiting:  map[string]overlayText{},
		reads:    map[string]uint64{},
		changed:  make(chan struct{}),
		ready:    make(chan struct{}),
	}
	w.fetcher = newFetcher(filepath.Join(cacheDir(opts), "remote"), w.fetched)
	w.setting.Store(setting(opts))
	w.st = state{
		opts: opts, disk: map[string]*File{}, overlays: map[string]*File{}, extra: map[string]*File{},
		wanted: newUsers(), profileUsers: newUsers(), remoteUsers: newUsers(),
		csarRoots: map[string]string{}, refusedUsers: map[string]bool{},
		declarers: map[string]map[string]bool{}, shadows: map[string]map[string]bool{},
		heat: newHeatGraph(),
	}
	// The embedded profiles are parsed on the worker while the caller goes
	// on (a check walks and parses its folders meanwhile); the first
	// snapshot holds them.
	go func() {
		w.st.embedded = loadEmbedded(cacheDir(opts), w.log)
		w.st.extra = scanFolders(context.Background(), opts.ProfilePaths, setting(opts), nil).files
		b := w.newBuilder(nil)
		b.addAll(w.st.embedded.files)
		b.addAll(w.st.extra)
		w.snap.Store(b.finish())
		close(w.ready)
		w.run()
	}()
	return w
}

// Close stops the worker. Snapshots stay readable.
func (w *Workspace) Close() {
	select {
	case <-w.done:
	default:
		close(w.done)
	}
	// The first snapshot's loading writes the embedded profiles into the
	// cache: it ends before Close returns.
	<-w.ready
}

// setting is the processor setting of opts, auto when unset.
func setting(opts Options) grammar.ProcessorSetting {
	if s, ok := grammar.ParseProcessorSetting(string(opts.Processor)); ok {
		return s
	}
	return grammar.ProcessorAuto
}

// reading is the processor setting files are read with now.
func (w *Workspace) reading() grammar.ProcessorSetting {
	return w.setting.Load().(grammar.ProcessorSetting)
}

func cacheDir(opts Options) string {
	if opts.CacheDir != "" {
		return opts.CacheDir
	}
	return profiles.DefaultCacheDir()
}

// Subscribe registers fn to be called (from the worker) with every new
// snapshot and the paths whose file changed in it.
func (w *Workspace) Subscribe(fn func(snap *Snapshot, changed []string)) {
	w.listenMu.Lock()
	defer w.listenMu.Unlock()
	w.listeners = append(w.listeners, fn)
}

// Snapshot returns the current snapshot.
func (w *Workspace) Snapshot() *Snapshot {
	<-w.ready
	return w.snap.Load()
}

func (w *Workspace) run() {
	for {
		select {
		case <-w.done:
			return
		case <-w.kick:
		}
		for {
			w.qmu.Lock()
			if len(w.queue) == 0 {
				w.qmu.Unlock()
				break
			}
			j := w.queue[0]
			w.queue = w.queue[1:]
			w.qmu.Unlock()
			b := w.newBuilder(w.snap.Load())
			j(&w.st, b)
			snap := b.finish()
			w.publish(snap, b.changedPaths)
			if b.onFinish != nil {
				b.onFinish(snap)
			}
		}
	}
}

// publish makes snap the current snapshot and tells the listeners the
// paths changed lists, worked out (and sorted) only when some listen: a
// scan changes thousands of paths, and a command listens to none.
func (w *Workspace) publish(snap *Snapshot, changed func() []string) {
	w.omu.Lock()
	w.snap.Store(snap)
	close(w.changed)
	w.changed = make(chan struct{})
	w.omu.Unlock()
	w.listenMu.Lock()
	ls := slices.Clone(w.listeners)
	w.listenMu.Unlock()
	if len(ls) == 0 {
		return
	}
	paths := changed()
	for _, fn := range ls {
		fn(snap, paths)
	}
}

// do runs a job on the worker and returns the snapshot it built.
func (w *Workspace) do(j job) *Snapshot {
	var snap *Snapshot
	finished := make(chan struct{})
	w.submit(func(s *state, b *builder) {
		j(s, b)
		b.onFinish = func(next *Snapshot) { snap = next; close(finished) }
	})
	select {
	case <-finished:
		return snap
	case <-w.done:
		return w.Snapshot()
	}
}

// submit queues a job for the worker without waiting for it. Jobs run in
// the order they are submitted.
func (w *Workspace) submit(j job) {
	w.qmu.Lock()
	w.queue = append(w.queue, j)
	w.qmu.Unlock()
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// AllowRoot is AddRoot in the background (ordered before any later change).
func (w *Workspace) AllowRoot(dir string) {
	dir = absPath(dir)
	w.submit(func(s *state, b *builder) {
		s.profileRoots = append(s.profileRoots, dir)
		b.rootsChanged()
	})
}

// SetOptions replaces the settings and resolves every import again; a
// new processor setting reads every TOSCA file again.
func (w *Workspace) SetOptions(opts Options) {
	if opts.Logger == nil {
		opts.Logger = w.log
	}
	next := setting(opts)
	w.setting.Store(next)
	extra := scanFolders(context.Background(), opts.ProfilePaths, next, nil).files
	w.do(func(s *state, b *builder) {
		s.opts = opts
		s.sandbox = nil
		for p, f := range s.disk {
			s.disk[p] = f.readWith(next)
			if s.overlays[p] == nil {
				b.put(s.disk[p])
			}
		}
		for p, f := range s.overlays {
			s.overlays[p] = f.readWith(next)
			b.put(s.overlays[p])
		}
		for p := range s.extra {
			if extra[p] == nil {
				b.remove(p)
			}
		}
		s.extra = extra
		b.addAll(extra)
		b.relinkAll()
	})
}

// AddFolder scans dir for TOSCA files and adds it to the workspace.
// progress, when set, is called as files are parsed. Nothing is added when
// ctx ends before the scan is committed: a RemoveFolder submitted after
// the caller cancels it finds the folder either added or never added.
func (w *Workspace) AddFolder(ctx context.Context, dir string, progress func(done, total int)) {
	dir = absPath(dir)
	w.addScanned(ctx, dir, scanFolders(ctx, []string{dir}, w.reading(), progress))
}

// addScanned adds the folder dir, given what its scan found.
func (w *Workspace) addScanned(ctx context.Context, dir string, found scan) {
	w.do(func(s *state, b *builder) {
		if ctx.Err() != nil {
			return
		}
		if !slices.Contains(s.folders, dir) {
			s.folders = append(s.folders, dir)
			sort.Strings(s.folders)
			b.rootsChanged()
		}
		b.plain, b.plainTargets = found.plain, found.plainTargets
		s.disk = withRoom(s.disk, len(found.files))
		b.reserve(len(found.files))
		// Read again only when the setting changed meanwhile: asking each
		// file costs a trip to memory per file.
		reread := found.setting != w.reading()
		shown := make([]*File, 0, len(found.walked))
		for _, f := range found.walked {
			if reread {
				f = f.readWith(w.reading())
			}
			s.disk[f.Path] = f
			if s.overlays[f.Path] == nil {
				shown = append(shown, f)
			}
		}
		b.putAll(shown)
	})
}

// AddProfileRoot makes the profiles declared anywhere under root importable
// by name (and by path) without making root a workspace folder: the check
// of one folder of a repository finds the profiles its siblings declare.
func (w *Workspace) AddProfileRoot(ctx context.Context, root string) {
	root = absPath(root)
	files := scanProfiles(ctx, []string{root}, w.reading())
	w.do(func(s *state, b *builder) {
		s.profileRoots = append(s.profileRoots, root)
		b.rootsChanged()
		for p, f := range files {
			if s.disk[p] == nil && s.overlays[p] == nil {
				f = f.readWith(w.reading())
				s.extra[p] = f
				b.put(f)
			}
		}
	})
}

// AddRoot lets imports read the files under dir (the folder of a file
// checked on its own) without scanning it.
func (w *Workspace) AddRoot(dir string) {
	dir = absPath(dir)
	w.do(func(s *state, b *builder) {
		s.profileRoots = append(s.profileRoots, dir)
		b.rootsChanged()
	})
}

// RemoveFolder drops a workspace folder, the files only it held and the
// right to read it (AllowRoot), in the background: it returns at once and
// is ordered before any later change.
func (w *Workspace) RemoveFolder(dir string) {
	dir = absPath(dir)
	w.submit(func(s *state, b *builder) {
		s.folders = slices.DeleteFunc(s.folders, func(f string) bool { return f == dir })
		s.profileRoots = slices.DeleteFunc(s.profileRoots, func(f string) bool { return f == dir })
		b.rootsChanged()
		for p := range s.disk {
			if Within(dir, p) && !b.inWorkspace(p) {
				delete(s.disk, p)
				if s.overlays[p] == nil {
					b.remove(p)
				}
			}
		}
	})
}

// MarkComplete records that the first index of the workspace folders is
// built: profile names not found until then are reported from now on.
func (w *Workspace) MarkComplete() {
	w.do(func(s *state, b *builder) {
		s.complete = true
		// Only an import of a profile name still unknown reads otherwise
		// now (its problem is no longer pending).
		for name, users := range s.profileUsers.byKey {
			if _, known := b.profiles.Get(name); known {
				continue
			}
			for p := range users {
				b.relink(p)
			}
		}
	})
}

// SetOverlay records the text of an open editor buffer and returns the
// snapshot holding it.
func (w *Workspace) SetOverlay(path string, version int32, src []byte) *Snapshot {
	f := w.parseOverlay(path, string(src))
	return w.do(func(s *state, b *builder) { w.commitOverlay(s, b, path, version, f) })
}

// UpdateOverlay records the text of an open editor buffer in the
// background: it is parsed off the caller's goroutine, and a newer version
// submitted meanwhile supersedes it. WaitFor returns a snapshot holding it.
//
// One parse runs per document at a time: versions submitted while it runs
// wait, and only the newest of them is parsed next. Typing in a huge buffer
// so costs one parse at a time, not one per keystroke all at once (a 15 MB
// buffer takes about a second and 300 MB to parse).
func (w *Workspace) UpdateOverlay(path string, version int32, content string) {
	w.omu.Lock()
	w.submissions++
	text := overlayText{version, content, w.submissions, w.submissions}
	if open, ok := w.inflight[path]; ok {
		text.opened = open.opened
	}
	w.inflight[path] = text
	w.waiting[path] = text
	busy := w.parsing[path]
	w.parsing[path] = true
	w.omu.Unlock()
	if !busy {
		go w.parseOverlays(path)
	}
}

// overlayText is one version of an editor buffer submitted to be parsed,
// numbered by seq; opened is the seq of the first version since the buffer
// was opened, which tells its versions from those of the buffer closed and
// opened again.
type overlayText struct {
	version int32
	content string
	seq     uint64
	opened  uint64
}

// parseOverlays parses the texts waiting for path, the newest each time,
// until none is left. Each parse is committed even when newer versions
// arrived meanwhile (they wait for the next parse): the snapshot follows
// fast typing one parse behind, and a request waits for at most the parse
// running when it arrived and the next one, never for typing to stop.
func (w *Workspace) parseOverlays(path string) {
	for {
		w.omu.Lock()
		next, ok := w.waiting[path]
		delete(w.waiting, path)
		if !ok {
			delete(w.parsing, path)
		}
		w.omu.Unlock()
		if !ok {
			return
		}
		f := w.parseOverlay(path, next.content)
		w.submit(func(s *state, b *builder) {
			w.omu.Lock()
			newest, open := w.inflight[path]
			w.omu.Unlock()
			if !open || newest.opened != next.opened {
				return // closed while parsing
			}
			w.commitOverlay(s, b, path, next.version, f)
		})
	}
}

// WaitFor returns a snapshot that holds version (or a newer one) of the
// buffer at path, once its parse is committed; immediately when no such
// version was submitted.
func (w *Workspace) WaitFor(ctx context.Context, path string, version int32) (*Snapshot, error) {
	<-w.ready
	for {
		w.omu.Lock()
		snap, ch := w.snap.Load(), w.changed
		submitted, pending := w.inflight[path]
		w.omu.Unlock()
		f := snap.File(path)
		if !pending || submitted.version < version || f != nil && f.Open && f.Version >= version {
			return snap, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return snap, ctx.Err()
		}
	}
}

func (w *Workspace) parseOverlay(path, content string) *File {
	// The tables of the buffer's previous version size the new one's.
	var sized *facts.Scratch
	if snap := w.snap.Load(); snap != nil {
		if prev := snap.File(path); prev != nil && prev.Open && prev.Facts != nil {
			sized = facts.SizedLike(prev.Facts, prev.Frames)
		}
	}
	return newFileIn(path, content, DetectFile(path, text.Bytes(content)), w.reading(), true, nil, sized)
}

func (w *Workspace) commitOverlay(s *state, b *builder, path string, version int32, f *File) {
	f = f.readWith(w.reading()) // the setting changed while it was parsed
	f.Version = version
	// An embedded profile file opened in the editor (after a
	// go-to-definition) stays one of ours.
	f.Embedded = s.embedded.files[path] != nil
	s.overlays[path] = f
	b.put(f)
}

// ClearOverlay forgets an editor buffer; the disk content (if any) shows
// again, read anew (the editor may have saved before closing).
func (w *Workspace) ClearOverlay(path string) *Snapshot {
	w.forgetOverlay(path)
	return w.do(func(s *state, b *builder) { w.clearOverlay(s, b, path) })
}

// forgetOverlay drops the versions of path submitted and not yet parsed.
func (w *Workspace) forgetOverlay(path string) {
	w.omu.Lock()
	delete(w.inflight, path)
	delete(w.waiting, path)
	w.omu.Unlock()
}

func (w *Workspace) clearOverlay(s *state, b *builder, path string) {
	{
		delete(s.overlays, path)
		switch {
		case s.embedded.files[path] != nil:
			b.put(s.embedded.files[path])
		case s.extra[path] != nil:
			b.put(s.extra[path])
		case s.disk[path] != nil || b.inWorkspace(path):
			w.reload(s, b, path)
		default:
			b.remove(path)
		}
	}
}

// CloseOverlay is ClearOverlay in the background.
func (w *Workspace) CloseOverlay(path string) {
	w.forgetOverlay(path)
	w.submit(func(s *state, b *builder) { w.clearOverlay(s, b, path) })
}

// Reload is Refresh in the background, for several paths at once. The
// files are read and parsed off the worker, so that a huge one holds up no
// edit queued behind it; a path reloaded again before its read is committed
// takes the newest read.
func (w *Workspace) Reload(paths ...string) {
	gens := w.nextReads(paths)
	w.reloading.Add(1)
	go func() {
		defer w.reloading.Done()
		reads := make([]diskRead, len(paths))
		for i, p := range paths {
			reads[i] = w.readDisk(p)
		}
		w.submit(func(s *state, b *builder) {
			for i, p := range paths {
				if w.newestRead(p, gens[i]) {
					w.commitRead(s, b, p, reads[i])
				}
			}
		})
	}()
}

// nextReads starts a read of each path and returns their generations.
func (w *Workspace) nextReads(paths []string) []uint64 {
	w.omu.Lock()
	defer w.omu.Unlock()
	gens := make([]uint64, len(paths))
	for i, p := range paths {
		w.reads[p]++
		gens[i] = w.reads[p]
	}
	return gens
}

// newestRead reports whether the read of path of generation gen is the
// newest one started.
func (w *Workspace) newestRead(path string, gen uint64) bool {
	w.omu.Lock()
	defer w.omu.Unlock()
	if w.reads[path] != gen {
		return false
	}
	delete(w.reads, path)
	return true
}

// Refresh re-reads path from disk after it was created, changed or deleted
// outside the editor.
func (w *Workspace) Refresh(path string) *Snapshot {
	gen := w.nextReads([]string{path})[0] // a Reload still reading it is older
	return w.do(func(s *state, b *builder) {
		w.newestRead(path, gen)
		w.reload(s, b, path)
	})
}

// diskRead is the content of a file as read from disk, parsed when it is
// TOSCA (or Heat) by content or already known.
type diskRead struct {
	src  []byte
	err  error
	lang Dialect
	file *File // nil when not parsed (yet)
}

// readDisk reads path and, when it may be TOSCA and differs from the
// snapshot's file, parses it. A path outside the sandbox (an editor may
// report any file changed), or among the system's files, is not read: it
// is as good as gone.
func (w *Workspace) readDisk(path string) diskRead {
	if !w.Snapshot().InSandbox(path) || onSystemFiles(path) {
		return diskRead{err: errOutside}
	}
	src, err := readFile(path, MaxFileSize)
	r := diskRead{src: src, err: err}
	if err != nil {
		return r
	}
	r.lang = DetectFile(path, src)
	prev := w.Snapshot().File(path)
	if prev != nil && !prev.Open && prev.SameText(text.Owned(src)) {
		return r // unchanged
	}
	if r.lang != NotTOSCA {
		r.file = newFile(path, string(src), r.lang, w.reading(), false)
	}
	return r
}

// reload reads path from disk into the state (a TOSCA or Heat file), or
// drops it when it is gone or not TOSCA.
func (w *Workspace) reload(s *state, b *builder, path string) {
	w.commitRead(s, b, path, w.readDisk(path))
}

// commitRead records what was read of path: a TOSCA (or Heat) file is
// (re)placed; a file gone, or no longer TOSCA by its content, is dropped
// (the files importing it are told so; see builder.check).
func (w *Workspace) commitRead(s *state, b *builder, path string, r diskRead) {
	if filepath.Base(path) == grammar.CSARMetaFile {
		s.csarRoots = map[string]string{}
		b.relinkAll()
	}
	// The files wanting it (missing or not TOSCA) learn what it is now.
	for user := range s.wanted.byKey[path] {
		b.relink(user)
	}
	switch {
	case r.err != nil || r.lang == NotTOSCA:
		delete(s.disk, path)
	default:
		if prev := s.disk[path]; prev == nil || !prev.SameText(text.Owned(r.src)) {
			f := r.file
			if f == nil {
				f = newFile(path, string(r.src), r.lang, w.reading(), false)
			}
			s.disk[path] = f.readWith(w.reading())
		}
	}
	if s.overlays[path] != nil {
		return
	}
	if f := s.disk[path]; f != nil {
		b.put(f)
	} else if s.embedded.files[path] == nil && s.extra[path] == nil {
		b.remove(path)
	}
}

// Settle waits until the downloads and disk reads in flight have ended
// and what they brought is committed (the check command reports once
// everything it can know is known).
func (w *Workspace) Settle(ctx context.Context) *Snapshot {
	for {
		if err := w.fetcher.wait(ctx); err != nil {
			return w.Snapshot()
		}
		w.reloading.Wait() // Reload submits its job before it is done
		snap := w.do(func(*state, *builder) {})
		if !w.fetcher.busy() {
			return snap
		}
	}
}

// fetched is called by the fetcher when a download ends: files importing
// that URL are linked again.
func (w *Workspace) fetched(u string) {
	w.do(func(s *state, b *builder) {
		for p := range s.remoteUsers.byKey[u] {
			b.relink(p)
		}
	})
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return path.Clean(p)
}

// builder makes the next snapshot from the previous one and the state.
type builder struct {
	w     *Workspace
	s     *state
	prev  *Snapshot
	files *batchedSortedMap[string, *File]
	// known holds the files the build asked about or set, by path (nil:
	// none there), in front of the sorted files (see file).
	known    map[string]*File
	links    *batchedMap[string, []Link]
	imps     *batchedMap[string, []string]
	profiles *immutable.Map[string, string]
	// dirty are the files whose imports must be resolved again, dirtied
	// the same in the order they were marked (see markDirty); changed the
	// files that changed.
	dirty   map[string]bool
	dirtied []string
	changed map[string]bool
	// onFinish is told the snapshot once it is published.
	onFinish func(*Snapshot)
	// targets memoise what the build found at the paths imports resolve
	// to, realDirs the real paths of folders (see realDir).
	targets  map[string]*target
	realDirs map[string]string
	// joined memoises the paths of relative imports, names how imports of
	// missing files are reported.
	joined joinedPaths
	names  missingNames
	// ownedImps are the importer lists this build changed, by target (see
	// ownImporters), written into imps when it finishes.
	ownedImps map[string][]string
	// plain are the folders and regular files a scan committed by this
	// build met below its root, with their kind: no system call is needed
	// to know their real paths.
	plain map[string]entryKind
	// plainTargets are the targets of the plain imports of that scan's
	// files, by file (see plainTargets).
	plainTargets map[*File][]string
	// foreign are the files imports name that this build read and left
	// out, not being TOSCA, with their language (see load).
	foreign map[string]Dialect
	// shadowed maps the files whose profile name resolves to another file
	// to that file; profileNames are the names to settle again (their
	// declarations changed), relinked whether links changed since the
	// names were last settled (see settleProfiles).
	shadowed     *immutable.Map[string, string]
	profileNames map[string]bool
	relinked     bool
	// keys are the files' keys and heatUsers the reverse Heat edges (see
	// keys.go); moved are the files whose Heat edges changed, rekeyed
	// those whose key did; generation and embedded digest the own digests
	// of every file and of the embedded ones.
	keys            *batchedMap[string, fileKey]
	heatUsers       *batchedMap[string, []string]
	moved           map[string]bool
	rekeyed         []string
	generation      uint64
	embedded        uint64
	heatEnvsChanged bool
}

func (w *Workspace) newBuilder(prev *Snapshot) *builder {
	b := &builder{w: w, s: &w.st, prev: prev, dirty: map[string]bool{}, changed: map[string]bool{}}
	if prev == nil {
		b.files = newBatchedSortedMap(immutable.NewSortedMap[string, *File](nil))
		b.links = newBatchedMap(newPathMap[[]Link]())
		b.imps = newBatchedMap(newPathMap[[]string]())
		b.profiles = newPathMap[string]()
		b.shadowed = newPathMap[string]()
		b.keys = newBatchedMap(newPathMap[fileKey]())
		b.heatUsers = newBatchedMap(newPathMap[[]string]())
		for _, p := range profiles.All() {
			entry := b.s.embedded.entry(p)
			for _, n := range append([]string{p.Name}, p.Aliases...) {
				b.profiles = b.profiles.Set(n, entry)
				b.profiles = b.profiles.Set(embeddedKey+n, entry)
			}
		}
	} else {
		b.files, b.links, b.imps = newBatchedSortedMap(prev.files), newBatchedMap(prev.links), newBatchedMap(prev.importers)
		b.profiles, b.shadowed = prev.profiles, prev.shadowed
		b.keys, b.heatUsers = newBatchedMap(prev.keys), newBatchedMap(prev.heatUsers)
		b.generation, b.embedded = prev.generation, prev.embedded
	}
	return b
}

// put sets the file at its path.
func (b *builder) put(f *File) {
	prev, _ := b.file(f.Path)
	b.replace(prev, f)
}

// putAll puts files, whose paths differ. The files they replace are looked
// up on every core first when they are many (a scan's).
func (b *builder) putAll(files []*File) {
	prevs := make([]*File, len(files))
	lookup := func(i int) { prevs[i], _ = b.peek(files[i].Path) }
	if len(files) < parallelLinks {
		for i := range files {
			lookup(i)
		}
	} else {
		parallel.Each(len(files), func() func(int) { return lookup })
	}
	for i, f := range files {
		b.replace(prevs[i], f)
	}
}

// replace sets f at its path in place of prev, the file there (nil: none).
func (b *builder) replace(prev, f *File) {
	if prev == f {
		return
	}
	b.files.Set(f.Path, f)
	b.know(f.Path, f)
	delete(b.targets, f.Path)
	b.changed[f.Path] = true
	b.profileChanged(prev, f)
	b.s.heat.changed(f.Path, f, b.heatMoved)
	if prev == nil || !sameImports(prev, f) {
		b.markDirty(f.Path)
	} else if links, ok := b.links.Get(f.Path); ok {
		// Same imports: the same resolution, pointing at the new file's imports.
		rebased := slices.Clone(links)
		imports := f.Imports()
		for i := range rebased {
			rebased[i].Import = &imports[i]
		}
		b.links.Set(f.Path, rebased)
	}
	if prev == nil || prev.Dialect != f.Dialect {
		// Files that wanted it (missing, or not TOSCA) may import it now.
		for user := range b.s.wanted.byKey[f.Path] {
			b.markDirty(user)
		}
		b.s.wanted.dropKey(f.Path)
	}
}

// reserve makes room in the build's tables of files for n more: a scan
// puts thousands, and growing a table a step at a time moves its entries
// again at each step.
func (b *builder) reserve(n int) {
	b.known, b.changed, b.dirty = withRoom(b.known, n), withRoom(b.changed, n), withRoom(b.dirty, n)
}

// withRoom is m, or a copy of it with room for n more entries when it is
// much smaller.
func withRoom[V any](m map[string]V, n int) map[string]V {
	if n <= 2*len(m) {
		return m
	}
	out := make(map[string]V, len(m)+n)
	maps.Copy(out, m)
	return out
}

func (b *builder) addAll(files map[string]*File) {
	for _, f := range files {
		b.put(f)
	}
}

// remove drops the file at path; files importing it are linked again.
func (b *builder) remove(path string) {
	prev, ok := b.file(path)
	if !ok {
		return
	}
	b.files.Delete(path)
	b.know(path, nil)
	delete(b.targets, path)
	b.s.forgetUser(path)
	b.changed[path] = true
	b.profileChanged(prev, nil)
	b.s.heat.changed(path, nil, b.heatMoved)
	b.setLinks(path, nil)
	b.links.Delete(path)
	for _, u := range b.importers(path) {
		b.markDirty(u)
	}
}

func (b *builder) relinkUsers(profile string) {
	for u := range b.s.profileUsers.byKey[profile] {
		b.markDirty(u)
	}
}

// markDirty marks the file at path for resolving its imports again.
func (b *builder) markDirty(path string) {
	n := len(b.dirty)
	b.dirty[path] = true
	if len(b.dirty) > n {
		b.dirtied = append(b.dirtied, path)
	}
}

// relink marks a file for resolving its imports again.
func (b *builder) relink(path string) {
	if _, ok := b.file(path); ok {
		b.markDirty(path)
	}
}

// rootsChanged makes the sandbox's folders be computed again and links
// again the files with a refused import.
func (b *builder) rootsChanged() {
	b.s.sandbox = nil
	for p := range b.s.refusedUsers {
		b.relink(p)
	}
	b.s.refusedUsers = map[string]bool{}
}

// relinkAll marks every file.
func (b *builder) relinkAll() {
	it := b.files.Map().Iterator()
	for !it.Done() {
		p, _, _ := it.Next()
		b.markDirty(p)
	}
}

func (b *builder) inWorkspace(path string) bool {
	for _, dir := range b.s.folders {
		if Within(dir, path) {
			return true
		}
	}
	return false
}

// finish resolves the imports of the dirty files (loading the files they
// import that are not known yet), settles the profile names, and makes the
// snapshot.
func (b *builder) finish() *Snapshot {
	b.link()
	// A profile name that now resolves elsewhere links its importers again;
	// which file a name resolves to depends on links in turn only through
	// the imports among the files declaring it (see members), so this
	// settles at once but in contrived cases, which the bound cuts short.
	for round := 0; round < 3 && b.settleProfiles(); round++ {
		b.link()
	}
	for t, users := range b.ownedImps {
		if len(users) == 0 {
			b.imps.Delete(t)
		} else {
			b.imps.Set(t, users)
		}
	}
	b.ownedImps = nil
	b.rekey()
	b.s.nextID++
	snap := &Snapshot{
		id: b.s.nextID, opts: b.s.opts, folders: slices.Clone(b.s.folders), files: b.files.Map(),
		links: b.links.Map(), importers: b.imps.Map(), profiles: b.profiles, shadowed: b.shadowed,
		complete: b.s.complete, sandbox: b.sandbox(),
		keys: b.keys.Map(), heatUsers: b.heatUsers.Map(), generation: b.generation, embedded: b.embedded,
		rekeyed: b.rekeyed,
	}
	switch {
	case b.heatEnvsChanged || b.prev == nil:
		snap.heatEnvs = b.s.heat.environments()
	default:
		snap.heatEnvs = b.prev.heatEnvs
	}
	return snap
}

// link resolves the imports of the dirty files, in path order, until none
// is left (a file loaded for an import is linked in turn, and so are the
// files that wanted it). A scan's thousands of files are resolved on
// every core first (see prelink); what is left here is to record them.
func (b *builder) link() {
	for len(b.dirty) > 0 {
		// In the order they were marked, which is nearly path order when a
		// scan's files are (sorted at a fraction of the cost of hash order).
		queue := b.dirtied
		b.dirtied = nil
		sort.Strings(queue)
		var early prelinks
		var fresh *newImporters
		if len(queue) >= parallelLinks {
			early = b.prelink(queue)
			fresh = b.newImporters(early.targets)
		}
		for i := 0; i < len(queue); i++ {
			p := queue[i]
			delete(b.dirty, p)
			if early.ok(i) {
				b.recordPrelinked(p, &early.files[i], fresh)
				continue
			}
			f, ok := b.file(p)
			if !ok {
				continue
			}
			// What it waited for is registered again as it is resolved.
			b.s.forgetUser(p)
			links := b.linkFile(f, &queue)
			if old, ok := b.links.Get(p); ok && sameLinks(old, links) {
				continue // linked again as before: nothing it reports changes
			}
			if fresh != nil {
				fresh.flush()
			}
			b.setLinks(p, links)
			b.relinked = true
			// Resolved again: what it reports about its imports may change.
			b.changed[p] = true
		}
		if fresh != nil {
			fresh.flush()
		}
	}
}

// recordPrelinked records the links prelink worked out for the file at
// path, as link records those of linkFile; a file linked for the first
// time joins the importers of its targets through fresh.
func (b *builder) recordPrelinked(path string, e *prelinked, fresh *newImporters) {
	if e.waited {
		b.s.forgetUser(path)
	}
	b.s.wanted.addAll(e.wants, path)
	if e.refused {
		b.s.refusedUsers[path] = true
	}
	if e.same {
		return
	}
	if e.first {
		fresh.add(path, e.imports)
		b.links.Set(path, e.links)
	} else {
		fresh.flush()
		b.setLinks(path, e.links)
	}
	b.relinked = true
	if !e.changed {
		b.changed[path] = true
	}
}

// linkFile resolves the imports of f and settles them (see settle),
// loading the files they name that the build does not know yet; those
// are added to queue, to be linked in turn.
func (b *builder) linkFile(f *File, queue *[]string) []Link {
	links := b.resolveAll(f)
	dir := filepath.Dir(f.Path)
	for i := range links {
		path := links[i].Path
		if path == "" {
			continue
		}
		t, loaded := b.loadTarget(path)
		if loaded {
			*queue = append(*queue, path)
		}
		switch b.settle(dir, &links[i], t, &b.names) {
		case refused:
			b.s.refusedUsers[f.Path] = true
		case wanted:
			b.s.wanted.add(path, f.Path)
		}
	}
	return links
}

// loadTarget returns what the build knows at path, after loading the file
// there when imports may read it and the build knows nothing there yet;
// loaded reports a file this call put, to be linked in turn.
func (b *builder) loadTarget(path string) (t *target, loaded bool) {
	t = b.target(path)
	if t.access != readable || t.file != nil || t.unread || b.isForeign(path) {
		return t, false
	}
	f := b.load(path)
	if f == nil {
		t.unread = true
		return t, false
	}
	b.put(f)
	return b.target(path), true // put forgot it
}

// settlement is what settle made of a link.
type settlement uint8

const (
	linked  settlement = iota // to the TOSCA file at its target, or left as resolve made it
	refused                   // the sandbox refused its target
	wanted                    // no TOSCA file there: the importer waits for the path
)

// settle points a link of a file in dir to the file at its target t, or
// turns it into a problem when imports may not read it, no file could be
// loaded there, or the file is not TOSCA by its content; names reports the
// imports of missing files. A wanted link is linked again when such a file
// appears or changes its language (the caller registers it in wanted). It
// writes nothing of the build's: a pass on every core settles links at
// once (see prelink).
func (b *builder) settle(dir string, l *Link, t *target, names *missingNames) settlement {
	if problem := t.access.refusal(l.Import.URL); problem != nil {
		l.Path, l.Problem = "", problem
		return refused
	}
	// The file there, else what load found there.
	var lang Dialect
	var known bool
	if f := t.file; f != nil {
		lang, known = f.Dialect, true
	} else {
		lang, known = b.foreign[l.Path]
	}
	if known && lang == TOSCA {
		// The file's own path string: thousands of imports of one
		// profile file share it instead of a copy each.
		l.Path = t.file.Path
		return linked
	}
	m := names.of(l.Import, dir, l.Path)
	if known {
		l.Problem = notTOSCA(m.name, lang)
	} else {
		l.Problem = m.notFound
	}
	l.Path = ""
	return wanted
}

// notTOSCA is the problem of an import of a file in another language. The
// file is never analysed, and the message never quotes it: a workspace
// file importing .env or a password file would show their lines.
func notTOSCA(name string, lang Dialect) *Problem {
	msg := "imported file " + name + " is not TOSCA: it has no top-level tosca_definitions_version, which every TOSCA file starts with; it is not analysed"
	switch lang {
	case Heat:
		msg = "imported file " + name + " is a Heat template, not TOSCA; it is not analysed as an import"
	case CSARMeta:
		msg = "imported file " + name + " is a CSAR's metadata, not TOSCA"
	}
	return &Problem{Code: diag.ImportNotTOSCA, Message: msg}
}

// load reads a file some import names and that the index does not know. A
// file that is not TOSCA by its content (Detect) is not kept: its
// language is noted for the build (see check).
func (b *builder) load(path string) *File {
	src, err := readFile(path, MaxFileSize)
	if err != nil {
		return nil
	}
	if lang := DetectFile(path, src); lang != TOSCA {
		if b.foreign == nil {
			b.foreign = map[string]Dialect{}
		}
		b.foreign[path] = lang
		return nil
	}
	f := newFile(path, string(src), TOSCA, b.w.reading(), false)
	b.s.disk[path] = f
	return f
}

// file returns the file at path in this build. A build asks about each
// file several times (put, link, the targets of imports, keys): a hash map
// answers in front of the sorted files.
func (b *builder) file(path string) (*File, bool) {
	if f, ok := b.known[path]; ok {
		return f, f != nil
	}
	f, ok := b.files.Get(path)
	b.know(path, f)
	return f, ok
}

// peek is file without noting what it found: it writes nothing, so that
// passes on every core may call it.
func (b *builder) peek(path string) (*File, bool) {
	if f, ok := b.known[path]; ok {
		return f, f != nil
	}
	return b.files.Get(path)
}

// know records the file at path (nil: none) for file.
func (b *builder) know(path string, f *File) {
	if b.known == nil {
		b.known = map[string]*File{}
	}
	b.known[path] = f
}

// target is what a build found at a path imports resolve to. A workspace's
// imports name a few hundred paths a hundred thousand times: each path is
// judged once, and looked up in a hash map instead of the sorted files and
// the sandbox's folders.
type target struct {
	// file is the file there (nil: none known yet).
	file *File
	// access is what the sandbox says of reading it.
	access access
	// unread is set when load found nothing there it could read.
	unread bool
}

// target returns what the build knows of path (put and remove forget it).
func (b *builder) target(path string) *target {
	if t, ok := b.targets[path]; ok {
		return t
	}
	t := &target{access: b.judge(path)}
	t.file, _ = b.file(path)
	if b.targets == nil {
		b.targets = map[string]*target{}
	}
	b.targets[path] = t
	return t
}

func (b *builder) isForeign(path string) bool {
	_, ok := b.foreign[path]
	return ok
}

// setLinks records a file's links and updates the reverse graph.
func (b *builder) setLinks(path string, links []Link) {
	old, _ := b.links.Get(path)
	if len(old) == 0 {
		// Linked for the first time (the files of a scan): the file is
		// among no importers yet, and is the last one added to those of a
		// target it imports twice.
		for _, l := range links {
			if l.Path == "" {
				continue
			}
			if users := b.ownImporters(l.Path); len(users) == 0 || users[len(users)-1] != path {
				b.ownedImps[l.Path] = append(users, path)
			}
		}
		if links != nil {
			b.links.Set(path, links)
		}
		return
	}
	oldTargets, newTargets := targets(old), targets(links)
	for t := range oldTargets {
		if !newTargets[t] {
			b.ownedImps[t] = slices.DeleteFunc(b.ownImporters(t), func(u string) bool { return u == path })
		}
	}
	for t := range newTargets {
		if !oldTargets[t] {
			b.ownedImps[t] = append(b.ownImporters(t), path)
		}
	}
	if links != nil {
		b.links.Set(path, links)
	}
}

// sameLinks reports whether two resolutions of the same imports agree.
func sameLinks(a, b []Link) bool {
	return slices.EqualFunc(a, b, func(x, y Link) bool {
		return x.Import == y.Import && x.Path == y.Path && (x.Problem == y.Problem || x.Problem != nil && y.Problem != nil && *x.Problem == *y.Problem)
	})
}

// ownImporters returns the importers of t as a slice this build may change
// in place: copied from the previous snapshot once per build, not once per
// importer (a profile imported by thousands of files would cost a square),
// and kept in a hash map until the build finishes instead of the persistent
// one at each change.
func (b *builder) ownImporters(t string) []string {
	if users, ok := b.ownedImps[t]; ok {
		return users
	}
	if b.ownedImps == nil {
		b.ownedImps = map[string][]string{}
	}
	users, _ := b.imps.Get(t)
	users = slices.Clone(users)
	b.ownedImps[t] = users
	return users
}

// importers returns the files importing t in this build.
func (b *builder) importers(t string) []string {
	if users, ok := b.ownedImps[t]; ok {
		return users
	}
	users, _ := b.imps.Get(t)
	return users
}

func targets(links []Link) map[string]bool {
	out := make(map[string]bool, len(links))
	for _, l := range links {
		if l.Path != "" {
			out[l.Path] = true
		}
	}
	return out
}

func (b *builder) changedPaths() []string {
	out := make([]string, 0, len(b.changed))
	for p := range b.changed {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
