package server

import (
	"context"
	"crypto/sha256"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sort"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/parallel"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// diagnostics pushes textDocument/publishDiagnostics (to clients that do
// not pull them: see pull_diagnostics.go).
//
// Edits schedule the changed file and its importers (open or inside a
// workspace folder). After a quiet period (diagnosticsDelay) a run takes the
// then-current snapshot and analyses the scheduled files, open documents
// first. Every schedule invalidates the running run: its results are not
// published (each run carries a generation number, checked under the lock
// that serialises publishing), and the files it had not published yet move
// to the next run. So published results always come from a snapshot at
// least as new as every edit before them, and versions per URI never
// decrease. That lock (sendMu) is held only around a publish and its
// staleness check; mu guards the bookkeeping alone, so that scheduling (on
// the index's worker and on the notification path) never waits for a
// write to the client.
//
// A file's diagnostics are published when their content or the document
// version changed since the last publish, always once after didOpen, and
// never as null. Files never published with no diagnostics stay silent.
type diagnostics struct {
	s *Server

	// sendMu serialises publishes; it is taken before mu, never under it.
	sendMu sync.Mutex

	mu        sync.Mutex
	pending   map[string]bool
	force     map[string]bool
	remaining map[string]bool // of the running run
	timer     *time.Timer
	gen       uint64
	cancelRun context.CancelFunc
	published map[string]pubState
	stopped   bool
	// changed is closed (and replaced) when the diagnostics of pulling
	// clients may have changed.
	changed chan struct{}
}

type pubState struct {
	hash    [sha256.Size]byte
	version int32 // -1 when published without a version
}

func newDiagnostics(s *Server) *diagnostics {
	return &diagnostics{
		s:         s,
		pending:   map[string]bool{},
		force:     map[string]bool{},
		published: map[string]pubState{},
		changed:   make(chan struct{}),
	}
}

// affected lists, of paths and the files whose key the snapshot's build
// changed (those reading a file whose exports or imports changed), those
// that deserve diagnostics: open documents and files inside the workspace
// folders (paths themselves always). A file whose key is the same has the
// same diagnostics unless its own text changed.
func (d *diagnostics) affected(snap *index.Snapshot, paths ...string) []string {
	out := slices.Clone(paths)
	if snap == nil {
		return out
	}
	for _, p := range snap.Rekeyed() {
		if d.s.docs.get(p) != nil || snap.InWorkspace(p) {
			out = append(out, p)
		}
	}
	return out
}

// forcePublish makes the next run publish path even if nothing changed
// (once after a document is opened).
func (d *diagnostics) forcePublish(path string) {
	d.mu.Lock()
	d.force[path] = true
	d.mu.Unlock()
}

// schedule queues paths and restarts the quiet period.
func (d *diagnostics) schedule(paths ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopped {
		return
	}
	d.invalidateLocked()
	for _, p := range paths {
		d.pending[p] = true
	}
	d.startTimerLocked()
}

func (d *diagnostics) startTimerLocked() {
	if len(d.pending) == 0 {
		return
	}
	delay := d.s.config().DiagnosticsDelay
	if d.timer == nil {
		d.timer = time.AfterFunc(delay, d.fire)
	} else {
		d.timer.Reset(delay)
	}
}

// invalidateLocked makes the running run stale and requeues what it had
// not published.
func (d *diagnostics) invalidateLocked() {
	d.gen++
	if d.cancelRun != nil {
		d.cancelRun()
		d.cancelRun = nil
	}
	for p := range d.remaining {
		d.pending[p] = true
	}
	d.remaining = nil
}

// clear publishes [] for a closed document that is outside the workspace
// and forgets it.
func (d *diagnostics) clear(path string, u uri.URI) {
	d.sendMu.Lock()
	defer d.sendMu.Unlock()
	d.mu.Lock()
	if d.stopped {
		d.mu.Unlock()
		return
	}
	d.invalidateLocked()
	delete(d.pending, path)
	delete(d.force, path)
	delete(d.published, path)
	d.startTimerLocked()
	d.mu.Unlock()
	d.send(&protocol.PublishDiagnosticsParams{URI: u, Diagnostics: []protocol.Diagnostic{}})
}

// stop ends publishing (shutdown).
func (d *diagnostics) stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stopped = true
	d.invalidateLocked()
	if d.timer != nil {
		d.timer.Stop()
	}
}

func (d *diagnostics) fire() {
	d.mu.Lock()
	if d.stopped || len(d.pending) == 0 {
		d.mu.Unlock()
		return
	}
	d.invalidateLocked()
	if d.s.clientCaps().pullDiagnostics {
		// The client pulls: tell it to, never push.
		d.pending = map[string]bool{}
		d.force = map[string]bool{}
		d.mu.Unlock()
		d.refreshPulled()
		return
	}
	gen := d.gen
	paths := make([]string, 0, len(d.pending))
	d.remaining = make(map[string]bool, len(d.pending))
	for p := range d.pending {
		paths = append(paths, p)
		d.remaining[p] = true
	}
	d.pending = map[string]bool{}
	ctx, cancel := context.WithCancel(d.s.ctx)
	d.cancelRun = cancel
	d.s.bg.Add(1) // under d.mu: stop() cannot have run, so Run has not started waiting
	d.mu.Unlock()

	go func() {
		defer d.s.bg.Done()
		defer d.s.recoverLog("diagnostics")
		defer cancel()
		d.run(ctx, gen, paths)
	}()
}

func (d *diagnostics) run(ctx context.Context, gen uint64, paths []string) {
	ws := d.s.workspace()
	if ws == nil {
		return
	}
	snap := ws.Snapshot()
	if !snap.Complete() {
		// The first index of the workspace folders is still being built:
		// imports of files not indexed yet would be refused and names not
		// found. indexFolders schedules everything again when it is done.
		d.requeue(gen)
		return
	}
	// Open documents first, before anything else runs; then the rest on
	// every core, each file published as it is done.
	var open, closed []string
	for _, p := range paths {
		if d.s.docs.get(p) != nil {
			open = append(open, p)
		} else {
			closed = append(closed, p)
		}
	}
	sort.Strings(open)
	sort.Strings(closed)
	view := d.s.engine.View(snap)
	cfg := d.s.config()
	end := d.s.prio.begin()
	for _, p := range open {
		if ctx.Err() != nil {
			break
		}
		if params, ok := d.compute(ctx, view, p, cfg); ok && ctx.Err() == nil {
			d.publish(gen, p, params)
		}
	}
	end()
	d.computeAll(ctx, view, closed, cfg, func(p string, params *protocol.PublishDiagnosticsParams) {
		d.publish(gen, p, params)
	})
}

// computeAll computes the diagnostics of paths on one view, on every core:
// each worker takes the next file, once no request or edit is in flight
// (see priority; within a file, the checks give way too), and hands emit
// its result as soon as it is done (the calls of emit are serialised). The
// run memoises apart from the engine's program (see model.View.Apart), and
// a large one gives its memory back to the system before it returns (see
// runRelease). While it runs, the collector runs less often (see
// runGCPercent).
func (d *diagnostics) computeAll(ctx context.Context, view *model.View, paths []string, cfg Config, emit func(string, *protocol.PublishDiagnosticsParams)) {
	if len(paths) == 0 {
		return
	}
	runRelease.around(func() {
		exit := runPacing.enter()
		d.computeEach(ctx, view.Apart(), paths, cfg, emit)
		exit()
	})
}

// memoryRelease gives the system back the memory a burst of work left
// unused, once the burst allocated at least threshold bytes: an editor's
// server would otherwise hold what a workspace run used until the next
// collection, and the collector keeps what it once needed for the next
// burst. It is judged by what was allocated, not by the time taken: the
// OASIS repository's run came under a second once diagnostics got faster,
// and a release judged by time then left the server holding 510 MiB
// instead of 285 MiB after it.
type memoryRelease struct {
	threshold uint64
	allocated func() uint64 // bytes allocated since the process started
	release   func()
}

// runRelease is the workspace runs': a run over a handful of files
// allocates a few MiB, and forcing a collection after it would cost more
// than the memory is worth.
var runRelease = memoryRelease{threshold: 64 << 20, allocated: allocatedBytes, release: debug.FreeOSMemory}

// around runs burst, then releases memory if it allocated enough.
func (m memoryRelease) around(burst func()) {
	before := m.allocated()
	burst()
	if m.allocated()-before >= m.threshold {
		m.release()
	}
}

// allocatedBytes is the runtime's count of bytes allocated on the heap.
func allocatedBytes() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

func (d *diagnostics) computeEach(ctx context.Context, view *model.View, paths []string, cfg Config, emit func(string, *protocol.PublishDiagnosticsParams)) {
	// Within a file too, between the steps of its checks (see model.Yield).
	ctx = model.Yielding(ctx, d.s.prio.yield)
	var mu sync.Mutex
	parallel.Each(len(paths), func() func(int) {
		return func(i int) {
			if ctx.Err() != nil {
				return
			}
			d.s.prio.yield(ctx)
			if ctx.Err() != nil {
				return
			}
			params, ok := d.compute(ctx, view, paths[i], cfg)
			if !ok || ctx.Err() != nil {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			emit(paths[i], params)
		}
	})
}

// requeue puts back what run gen was to publish, unless a newer run took it.
func (d *diagnostics) requeue(gen uint64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if gen != d.gen {
		return
	}
	for p := range d.remaining {
		d.pending[p] = true
	}
	d.remaining = nil
}

// compute analyses one file. ok is false when the analysis panicked.
func (d *diagnostics) compute(ctx context.Context, view *model.View, path string, cfg Config) (params *protocol.PublishDiagnosticsParams, ok bool) {
	snap := view.Snap
	defer func() {
		if r := recover(); r != nil {
			d.s.log.Error("panic computing diagnostics", zap.String("path", path), zap.Any("panic", r), zap.Stack("stack"))
			params, ok = nil, false
		}
	}()
	params = &protocol.PublishDiagnosticsParams{URI: d.s.uriFor(path), Diagnostics: []protocol.Diagnostic{}}
	f := snap.File(path)
	if f == nil {
		return params, true
	}
	if f.Open {
		params.Version = protocol.NewOptional(f.Version)
	}
	if !d.s.analysed(path, f) {
		return params, true
	}
	var lines *text.Lines // made once for all of the file's diagnostics
	for _, ad := range d.s.engine.Diagnostics(ctx, view, path) {
		if ad.Path == "" {
			ad.Path = path
		}
		if ad.Path != path {
			continue
		}
		if lines == nil {
			lines = f.Lines()
		}
		if pd, keep := d.s.toDiagnostic(snap, lines, ad, cfg); keep {
			params.Diagnostics = append(params.Diagnostics, pd)
		}
	}
	return params, true
}

// toDiagnostic converts an analysis diagnostic of the file whose line
// index is lines, applying the severity overrides of the settings; keep is
// false when the code is turned off or its file is unknown.
func (s *Server) toDiagnostic(snap *index.Snapshot, lines *text.Lines, ad model.Diagnostic, cfg Config) (pd protocol.Diagnostic, keep bool) {
	sev := ad.Severity
	if o, set := cfg.Diagnostics[ad.Code]; set {
		if o == overrideOff {
			return pd, false
		}
		sev = diag.Severity(o)
	}
	if lines == nil {
		return pd, false
	}
	pd = protocol.Diagnostic{
		Range:    toRange(lines, ad.Span),
		Severity: lspSeverity(sev),
		Source:   protocol.NewOptional("tosca-ls"),
		Message:  protocol.String(ad.Message),
	}
	if ad.Code != "" {
		pd.Code = protocol.String(ad.Code)
	}
	if len(ad.Tags) > 0 {
		tags := make([]protocol.DiagnosticTag, len(ad.Tags))
		for i, t := range ad.Tags {
			tags[i] = lspTag(t)
		}
		pd.Tags = protocol.NewDiagnosticTags(tags...)
	}
	for _, r := range ad.Related {
		if loc, found := s.location(snap, r.Location); found {
			pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{Location: loc, Message: r.Message})
		}
	}
	return pd, true
}

// publish sends params unless the run is stale or nothing changed.
func (d *diagnostics) publish(gen uint64, path string, params *protocol.PublishDiagnosticsParams) {
	raw, err := protocol.Marshal(params.Diagnostics)
	if err != nil {
		d.s.log.Error("marshal diagnostics", zap.Error(err))
		return
	}
	st := pubState{hash: sha256.Sum256(raw), version: -1}
	if v, ok := params.Version.Get(); ok {
		st.version = v
	}

	d.sendMu.Lock()
	defer d.sendMu.Unlock()
	if !d.record(gen, path, st, len(params.Diagnostics) == 0) {
		return
	}
	d.send(params)
}

// record notes that run gen publishes st for path, and reports whether it
// is to be sent: not when the run is stale or nothing changed.
func (d *diagnostics) record(gen uint64, path string, st pubState, empty bool) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if gen != d.gen || d.stopped {
		return false // a newer edit arrived: these results are stale
	}
	delete(d.remaining, path)
	force := d.force[path]
	delete(d.force, path)
	prev, had := d.published[path]
	switch {
	case force:
	case had && prev == st:
		return false
	case !had && empty:
		return false
	}
	d.published[path] = st
	return true
}

// send writes one publishDiagnostics (under sendMu, never under mu).
func (d *diagnostics) send(params *protocol.PublishDiagnosticsParams) {
	if d.s.clientCaps().pullDiagnostics {
		return
	}
	if params.Diagnostics == nil {
		params.Diagnostics = []protocol.Diagnostic{}
	}
	if err := d.s.conn.Notify(d.s.ctx, protocol.MethodTextDocumentPublishDiagnostics, params); err != nil {
		d.s.log.Debug("publishDiagnostics failed", zap.Error(err))
	}
}

// republishAll schedules every open document and every file published
// before (settings changed, folders changed, index ready).
func (d *diagnostics) republishAll(extra ...string) {
	d.mu.Lock()
	paths := make([]string, 0, len(d.published)+len(extra))
	for p := range d.published {
		paths = append(paths, p)
	}
	d.mu.Unlock()
	paths = append(paths, d.s.docs.paths()...)
	paths = append(paths, extra...)
	d.schedule(paths...)
}

// lspSeverity maps tosca-ls's severities to LSP's.
func lspSeverity(s diag.Severity) protocol.DiagnosticSeverity {
	switch s {
	case diag.Warning:
		return protocol.DiagnosticSeverityWarning
	case diag.Information:
		return protocol.DiagnosticSeverityInformation
	case diag.Hint:
		return protocol.DiagnosticSeverityHint
	}
	return protocol.DiagnosticSeverityError
}

// lspTag maps tosca-ls's diagnostic tags to LSP's.
func lspTag(t model.Tag) protocol.DiagnosticTag {
	if t == model.TagDeprecated {
		return protocol.DiagnosticTagDeprecated
	}
	return protocol.DiagnosticTagUnnecessary
}
