// Package server is the tosca-ls language server: it speaks LSP over
// JSON-RPC (go.lsp.dev/protocol and jsonrpc2 v1), keeps the open documents,
// and routes every request to the analysis package. It knows no TOSCA:
// it converts between LSP positions (UTF-16) and the byte offsets the
// index and analysis packages use, and between URIs and file paths.
//
// Message handling (see middleware.go): notifications are applied in
// arrival order on the read loop; each request captures the current
// snapshot when it arrives and then runs concurrently, cancellable by
// $/cancelRequest; panics are recovered per message.
package server

import (
	"context"
	"errors"
	"io"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index"
)

// Options configure a server run.
type Options struct {
	// Version is reported in the initialize result's serverInfo.
	Version string
	// Logger receives the server's logs (nil: discard). Warnings and
	// errors are also sent to the client as window/logMessage.
	Logger *zap.Logger
	// Level, when set, is the level of Logger; the logLevel setting changes it.
	Level *zap.AtomicLevel
	// CacheDir is where the index extracts the embedded profiles ("" = default).
	CacheDir string
	// TestHooks enables the custom requests tosca/test/panic and
	// tosca/test/sleep (the binary sets it from TOSCA_LS_TEST_HOOKS=1).
	TestHooks bool
}

// ErrExitWithoutShutdown is returned by Run when the client sent `exit`
// without a preceding `shutdown`; the process should exit with code 1.
var ErrExitWithoutShutdown = errors.New("exit received without shutdown")

// lifecycle states
const (
	stateNew int32 = iota
	stateInitialized
	stateShutdown
)

// Server implements protocol.Server. Methods not overridden answer
// MethodNotFound through the embedded UnimplementedServer.
type Server struct {
	protocol.UnimplementedServer

	opts Options
	log  *zap.Logger
	// ctx lives as long as the connection; background work derives from it.
	ctx    context.Context
	cancel context.CancelFunc

	conn   jsonrpc2.Conn
	client protocol.Client
	inner  jsonrpc2.Handler // typed dispatch into this Server

	state    atomic.Int32
	exitOnce sync.Once
	exitCh   chan struct{}

	inflightMu sync.Mutex
	inflight   map[jsonrpc2.ID]context.CancelFunc

	trace atomic.Pointer[protocol.TraceValue]

	wsReady chan struct{}
	ws      *index.Workspace

	docs  *documentStore
	diags *diagnostics
	// prio lets requests and edits go before workspace runs.
	prio *priority
	// engine keeps the model's results across snapshots.
	engine *model.Engine
	// symbols keeps the names each file declares, for workspace/symbol.
	symbols *outline.Index
	// tokens are the semantic tokens last sent per document.
	tokens tokenResults

	bg sync.WaitGroup // background jobs (indexing, configuration)

	mu        sync.Mutex
	caps      clientCaps
	initLayer *configLayer
	wsLayer   *configLayer
	cfg       Config
	folders   []string
	// fallbackFolders are folders added for files opened without any
	// workspace folder (single-file mode).
	fallbackFolders map[string]bool
	// folderAdds are the folders being added to the index.
	folderAdds  map[string]*folderAdd
	progressSeq int
}

// clientCaps are the client capabilities the server acts on.
type clientCaps struct {
	dynamicWatchedFiles bool
	relativePatterns    bool
	configuration       bool
	workDoneProgress    bool
	documentChanges     bool
	hierarchicalSymbols bool
	snippets            bool
	markdownHover       bool
	workspaceFolders    bool
	// pullDiagnostics is set for clients that pull diagnostics (they get
	// no push); diagnosticRefresh when they accept refresh requests.
	pullDiagnostics   bool
	diagnosticRefresh bool
	// inlayHintRefresh is set for clients that accept
	// workspace/inlayHint/refresh.
	inlayHintRefresh bool
}

func newServer(ctx context.Context, opts Options) *Server {
	log := opts.Logger
	if log == nil {
		log = zap.NewNop()
	}
	ctx, cancel := context.WithCancel(ctx)
	s := &Server{
		opts:            opts,
		log:             log,
		ctx:             ctx,
		cancel:          cancel,
		exitCh:          make(chan struct{}),
		inflight:        map[jsonrpc2.ID]context.CancelFunc{},
		wsReady:         make(chan struct{}),
		docs:            newDocumentStore(),
		prio:            newPriority(),
		engine:          analysis.NewEngine(),
		symbols:         outline.NewIndex(),
		cfg:             defaultConfig(),
		fallbackFolders: map[string]bool{},
		folderAdds:      map[string]*folderAdd{},
	}
	off := protocol.TraceValueOff
	s.trace.Store(&off)
	s.diags = newDiagnostics(s)
	return s
}

// Run serves one LSP client reading from in and writing to out until the
// client sends `exit`, in reaches EOF or a write to out fails. It returns
// nil after a clean end (exit after shutdown, EOF, a client gone) and
// ErrExitWithoutShutdown when `exit` came without `shutdown`. in and out
// are closed on return when they are io.Closers, which ends a pending
// read.
func Run(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	s := newServer(ctx, opts)
	defer s.cancel()

	logs := make(chan protocol.LogMessageParams, 64)
	var level zapcore.LevelEnabler = zapcore.WarnLevel
	if opts.Level != nil {
		level = opts.Level
	}
	s.log = zap.New(zapcore.NewTee(s.log.Core(), &clientCore{level: level, out: logs}))

	input := newReadAhead(in)
	stream := newStream(&stdio{in: input, out: out}, s.log)
	s.conn = jsonrpc2.NewConn(stream, jsonrpc2.WithCodec(lspCodec{}))
	s.client = protocol.ClientDispatcher(s.conn)
	s.inner = protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler)
	go s.forwardLogs(s.ctx, logs)
	s.conn.Go(s.ctx, s.handle)

	var err error
	ended := input.ended
	var stuck <-chan time.Time
	for running := true; running; {
		select {
		case <-s.exitCh:
			if s.state.Load() != stateShutdown {
				err = ErrExitWithoutShutdown
			}
			running = false
		case <-s.conn.Done():
			s.log.Info("connection closed", zap.Error(s.conn.Err()))
			running = false
		case <-stream.writeFailed:
			// The client stopped reading: it is gone even if its end of our
			// input stays open.
			s.log.Info("client stopped reading; stopping")
			running = false
		case <-ended:
			// The client closed our input. What it sent before is handled
			// first (an exit among it decides the status), unless a
			// handler holds the message loop: the server must not outlive
			// its editor.
			ended = nil
			stuck = time.After(inputEndGrace)
		case <-stuck:
			s.log.Warn("input ended while a message handler is still running; stopping")
			running = false
		case <-ctx.Done():
			running = false
		}
	}
	s.cancel() // cancels in-flight requests and background jobs
	s.diags.stop()
	select {
	case <-s.wsReady:
		s.ws.Close() // stops the index's worker
	default:
	}
	closed := make(chan struct{})
	go func() { _ = s.conn.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(2 * time.Second):
		s.log.Warn("connection did not close in time")
	}
	waitTimeout(&s.bg, 2*time.Second)
	return err
}

// inputEndGrace is how long the messages read before the input's end may
// take to be handled.
const inputEndGrace = 2 * time.Second

func waitTimeout(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// stdio joins the two halves of the transport; Close closes both when they
// can be closed, which unblocks a pending read.
type stdio struct {
	in  io.Reader
	out io.Writer
}

func (s *stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s *stdio) Write(p []byte) (int, error) { return s.out.Write(p) }
func (s *stdio) Close() error {
	var errs []error
	if c, ok := s.in.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	if c, ok := s.out.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// lspCodec marshals payloads with go.lsp.dev/protocol's union-aware codec,
// as protocol.NewServer does (its codec is unexported).
type lspCodec struct{}

func (lspCodec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case *jsonrpc2.RawMessage:
		if m == nil || *m == nil {
			return []byte("null"), nil
		}
		return *m, nil
	}
	return protocol.Marshal(v)
}

func (lspCodec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

// workspace returns the index once initialize has created it.
func (s *Server) workspace() *index.Workspace {
	select {
	case <-s.wsReady:
		return s.ws
	case <-s.ctx.Done():
		return nil
	}
}

// versionsKey carries the document versions a request saw on arrival.
type versionsKey struct{}

// snapshot returns a snapshot holding every document version that arrived
// before the request (the index may still be parsing the latest ones: the
// request waits for them, not for anything later). A large buffer of
// another document than path (the one the request is about; "" for the
// workspace) is not waited for: it is seen at its previous version, so that
// typing in a huge file holds up no request about the others.
func (s *Server) snapshot(ctx context.Context, path string) *index.Snapshot {
	ws := s.workspace()
	if ws == nil {
		return nil
	}
	snap := ws.Snapshot()
	versions, _ := ctx.Value(versionsKey{}).(map[string]seenVersion)
	for p, v := range versions {
		if v.large && p != path {
			continue
		}
		next, err := ws.WaitFor(ctx, p, v.version)
		if err != nil {
			return snap
		}
		snap = next
	}
	return snap
}

// onSnapshot schedules diagnostics for what a new snapshot changed: the
// changed files and the files importing them, open or in the workspace.
// The engine forgets the files that are gone (a closed untitled buffer, a
// deleted file). It runs on the index's worker: it only queues work.
func (s *Server) onSnapshot(snap *index.Snapshot, changed []string) {
	var paths []string
	for _, p := range changed {
		f := snap.File(p)
		if f == nil {
			s.engine.Forget(p)
		}
		if f == nil || !f.Embedded {
			paths = append(paths, p)
		}
	}
	if len(paths) > 0 {
		s.diags.schedule(s.diags.affected(snap, paths...)...)
	}
}

func (s *Server) config() Config {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg
}

func (s *Server) clientCaps() clientCaps {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

// returnMemory gives the system back, in the background, the memory a
// burst of work (a folder indexed, a workspace run) left unused: the
// collector would otherwise keep it for the next burst, and an editor's
// server would hold twice what it needs between them.
func (s *Server) returnMemory() {
	s.goBackground("return memory", func(context.Context) { debug.FreeOSMemory() })
}

// goBackground runs f as a background job bound to the server's lifetime.
func (s *Server) goBackground(name string, f func(ctx context.Context)) {
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		defer s.recoverLog(name)
		f(s.ctx)
	}()
}
