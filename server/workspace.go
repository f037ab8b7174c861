package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/index"
)

// indexFolders scans folders into the index, reporting $/progress, then
// diagnoses the open documents and the workspace's TOSCA files.
func (s *Server) indexFolders(ctx context.Context, folders []string) {
	ws := s.workspace()
	if ws == nil || len(folders) == 0 {
		if ws != nil {
			ws.MarkComplete()
			s.diags.republishAll()
		}
		return
	}
	prog := s.startProgress(ctx, "Indexing TOSCA files")
	start := time.Now()
	for i, dir := range folders {
		if ctx.Err() != nil {
			break
		}
		add := s.startFolderAdd(ctx, dir)
		if add == nil {
			continue // removed meanwhile
		}
		label := filepath.Base(dir)
		ws.AddFolder(add.ctx, dir, func(done, total int) {
			prog.report(fmt.Sprintf("%s: %d/%d files", label, done, total), folderPercent(i, len(folders), done, total))
		})
		s.endFolderAdd(dir, add)
	}
	// Until now a profile name not found yet could still turn up.
	ws.MarkComplete()
	snap := ws.Snapshot()
	var files []string
	for _, p := range snap.Paths() {
		if f := snap.File(p); f != nil && !f.Embedded && f.Dialect != index.NotTOSCA && snap.InWorkspace(p) {
			files = append(files, p)
		}
	}
	prog.end(fmt.Sprintf("%d TOSCA files", len(files)))
	s.returnMemory()
	s.log.Info("indexed workspace", zap.Strings("folders", folders), zap.Int("files", len(files)), zap.Duration("took", time.Since(start)))
	s.diags.republishAll(files...)
}

// folderAdd is the index's add of a folder in progress: its context is
// cancelled when the folder is removed meanwhile, and the index then adds
// nothing (see index.Workspace.AddFolder).
type folderAdd struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// startFolderAdd registers the add of dir; nil when dir is no longer a
// folder of the workspace.
func (s *Server) startFolderAdd(ctx context.Context, dir string) *folderAdd {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !slices.Contains(s.folders, dir) && !s.fallbackFolders[dir] {
		return nil
	}
	add := &folderAdd{}
	add.ctx, add.cancel = context.WithCancel(ctx)
	s.folderAdds[dir] = add
	return add
}

func (s *Server) endFolderAdd(dir string, add *folderAdd) {
	s.mu.Lock()
	if s.folderAdds[dir] == add {
		delete(s.folderAdds, dir)
	}
	s.mu.Unlock()
	add.cancel()
}

func folderPercent(i, n, done, total int) uint32 {
	if n == 0 {
		return 100
	}
	frac := 1.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	return uint32((float64(i) + frac) / float64(n) * 100)
}

// addFallbackFolder gives a document opened without any workspace folder
// (single-file mode, e.g. Neovim without a root) its CSAR root or its own
// folder as workspace, unless that is the home folder or a system folder
// (/, /etc, /proc, /sys, /dev: index.SystemFolder).
func (s *Server) addFallbackFolder(path string) {
	if isVirtual(path) {
		return
	}
	s.mu.Lock()
	single := len(s.folders) == 0
	s.mu.Unlock()
	if !single {
		return
	}
	// The file system is read outside the lock: nothing that may wait
	// runs under it.
	dir := index.CSARRoot(path)
	if dir == "" {
		dir = filepath.Dir(path)
	}
	home, _ := os.UserHomeDir()
	s.mu.Lock()
	if len(s.folders) > 0 || dir == home || index.SystemFolder(dir) || s.fallbackFolders[dir] {
		s.mu.Unlock()
		return
	}
	for d := range s.fallbackFolders {
		if index.Within(d, path) {
			s.mu.Unlock()
			return
		}
	}
	s.fallbackFolders[dir] = true
	s.mu.Unlock()
	s.log.Info("no workspace folder: indexing the document's folder", zap.String("folder", dir))
	// Its imports may read the folder at once, before it is indexed.
	if ws := s.workspace(); ws != nil {
		ws.AllowRoot(dir)
	}
	s.goBackground("index fallback folder", func(ctx context.Context) {
		s.indexFolders(ctx, []string{dir})
	})
}

// DidChangeWorkspaceFolders adds and removes folders. The index is told
// after the server's lock is released, and never waited for: its worker
// takes that lock to schedule diagnostics when it publishes.
func (s *Server) DidChangeWorkspaceFolders(ctx context.Context, params *protocol.DidChangeWorkspaceFoldersParams) error {
	ws := s.workspace()
	if ws == nil {
		return nil
	}
	var added, removed []string
	var cancelled []*folderAdd
	s.mu.Lock()
	for _, f := range params.Event.Removed {
		if p := folderPath(f.URI); p != "" && slices.Contains(s.folders, p) {
			s.folders = slices.DeleteFunc(s.folders, func(x string) bool { return x == p })
			removed = append(removed, p)
			if add := s.folderAdds[p]; add != nil {
				delete(s.folderAdds, p)
				cancelled = append(cancelled, add)
			}
		}
	}
	for _, f := range params.Event.Added {
		if p := folderPath(f.URI); p != "" && !slices.Contains(s.folders, p) {
			s.folders = append(s.folders, p)
			added = append(added, p)
		}
	}
	s.mu.Unlock()
	// An add still scanning a removed folder is cancelled before the
	// removal is queued: the index then has it either added and removed,
	// or never added.
	for _, add := range cancelled {
		add.cancel()
	}
	for _, p := range removed {
		ws.RemoveFolder(p)
	}
	for _, p := range added {
		ws.AllowRoot(p)
	}
	if len(added) == 0 {
		s.diags.republishAll()
		return nil
	}
	s.goBackground("index added folders", func(ctx context.Context) {
		s.indexFolders(ctx, added)
	})
	return nil
}

// DidChangeWatchedFiles has the index re-read changed files from disk in
// the background; the files that changed and their importers are
// re-diagnosed once that is committed (a change to a CSAR's TOSCA.meta
// resolves every import again).
func (s *Server) DidChangeWatchedFiles(ctx context.Context, params *protocol.DidChangeWatchedFilesParams) error {
	ws := s.workspace()
	if ws == nil {
		return nil
	}
	var paths []string
	for _, ev := range params.Changes {
		if path := pathFromURI(ev.URI); path != "" && !isVirtual(path) {
			paths = append(paths, path)
		}
	}
	ws.Reload(paths...)
	return nil
}

// progress reports work-done progress when the client supports it.
type progress struct {
	s      *Server
	ctx    context.Context
	token  protocol.ProgressToken
	active bool
	last   atomic.Int64 // unix nanos of the last report
}

func (s *Server) startProgress(ctx context.Context, title string) *progress {
	p := &progress{s: s, ctx: ctx}
	if !s.clientCaps().workDoneProgress {
		return p
	}
	s.mu.Lock()
	s.progressSeq++
	p.token = protocol.String(fmt.Sprintf("tosca-ls/progress/%d", s.progressSeq))
	s.mu.Unlock()
	if err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: p.token}); err != nil {
		s.log.Debug("window/workDoneProgress/create failed", zap.Error(err))
		return p
	}
	p.active = true
	zero := uint32(0)
	p.send(&protocol.WorkDoneProgressBegin{Kind: "begin", Title: title, Percentage: &zero})
	return p
}

func (p *progress) send(v any) {
	raw, err := protocol.Marshal(v)
	if err != nil {
		return
	}
	_ = p.s.conn.Notify(p.ctx, protocol.MethodProgress, &protocol.ProgressParams{Token: p.token, Value: raw})
}

// report sends at most ten updates a second.
func (p *progress) report(msg string, pct uint32) {
	if !p.active {
		return
	}
	now := time.Now().UnixNano()
	last := p.last.Load()
	if now-last < int64(100*time.Millisecond) || !p.last.CompareAndSwap(last, now) {
		return
	}
	if pct > 100 {
		pct = 100
	}
	p.send(&protocol.WorkDoneProgressReport{Kind: "report", Message: &msg, Percentage: &pct})
}

func (p *progress) end(msg string) {
	if !p.active {
		return
	}
	p.active = false
	p.send(&protocol.WorkDoneProgressEnd{Kind: "end", Message: &msg})
}
