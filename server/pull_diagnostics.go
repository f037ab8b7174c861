package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/index"
)

// Pull diagnostics (LSP 3.17), for clients that announce
// textDocument.diagnostic: they ask for the diagnostics of a document
// (textDocument/diagnostic) and of the whole workspace
// (workspace/diagnostic), and the server never pushes to them (push stays
// for every other client: a client never gets both). After an edit the
// server asks them to pull again (workspace/diagnostic/refresh) when they
// allow it, and answers a held workspace request.
//
// A result id is a digest of the report's diagnostics, so it is the same
// for the same diagnostics whenever they are computed: a client sending it
// back gets an "unchanged" report.

// workspacePullHold is how long a workspace request in which nothing
// changed is held open, waiting for a change (the long poll of LSP 3.17);
// then it is answered as it stands and the client asks again.
const workspacePullHold = 30 * time.Second

// partialBatch is how many file reports one partial result carries.
const partialBatch = 50

// diagnosticOptions is what the server offers to pulling clients.
func diagnosticOptions() *protocol.DiagnosticOptions {
	return &protocol.DiagnosticOptions{Identifier: ptr("tosca-ls"), InterFileDependencies: true, WorkspaceDiagnostics: true}
}

// Diagnostic answers textDocument/diagnostic.
func (s *Server) Diagnostic(ctx context.Context, params *protocol.DocumentDiagnosticParams) (protocol.DocumentDiagnosticReport, error) {
	path := pathFromURI(params.TextDocument.URI)
	snap := s.snapshot(ctx, path)
	items := []protocol.Diagnostic{}
	if snap != nil {
		if p, ok := s.diags.compute(ctx, s.engine.View(snap), path, s.config()); ok {
			items = p.Diagnostics
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	id := s.resultID(items)
	if prev := params.PreviousResultID; prev != nil && *prev == id {
		return &protocol.RelatedUnchangedDocumentDiagnosticReport{
			UnchangedDocumentDiagnosticReport: protocol.UnchangedDocumentDiagnosticReport{Kind: "unchanged", ResultID: id},
		}, nil
	}
	return &protocol.RelatedFullDocumentDiagnosticReport{
		FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", ResultID: &id, Items: items},
	}, nil
}

// resultID digests a report's diagnostics.
func (s *Server) resultID(items []protocol.Diagnostic) string {
	raw, err := protocol.Marshal(items)
	if err != nil {
		s.log.Error("marshal diagnostics", zap.Error(err))
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:12])
}

// DiagnosticWorkspace answers workspace/diagnostic: a report for every
// TOSCA file of the workspace folders and every open document, unchanged
// ones as such. The files are analysed on every core, after any request or
// edit in flight (see priority); with a partial-result token, the reports
// that changed are streamed as they are done, and the unchanged ones
// follow at the end. When every report is unchanged nothing is sent and
// the request is held until something changes (or workspacePullHold
// passes).
func (s *Server) DiagnosticWorkspace(ctx context.Context, params *protocol.WorkspaceDiagnosticParams) (*protocol.WorkspaceDiagnosticReport, error) {
	prev := map[string]protocol.PreviousResultId{}
	for _, p := range params.PreviousResultIds {
		prev[pathFromURI(p.URI)] = p
	}
	hold := time.NewTimer(workspacePullHold)
	defer hold.Stop()
	for {
		changed := s.diags.changes()
		out := &pullStream{s: s, ctx: ctx, token: params.PartialResultToken}
		unchanged := s.workspaceReports(ctx, prev, out)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if out.fresh {
			return out.finish(unchanged), nil
		}
		select {
		case <-changed:
		case <-hold.C:
			return out.finish(unchanged), nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// workspaceReports computes the report of every file, handing out those
// that changed as they are done, and returns the unchanged ones.
func (s *Server) workspaceReports(ctx context.Context, prev map[string]protocol.PreviousResultId, out *pullStream) (unchanged []protocol.WorkspaceDocumentDiagnosticReport) {
	snap := s.snapshot(ctx, "")
	if snap == nil {
		return nil
	}
	paths := s.pulledPaths(snap)
	s.diags.computeAll(ctx, s.engine.View(snap), paths, s.config(), func(path string, p *protocol.PublishDiagnosticsParams) {
		var version *int32
		if v, ok := p.Version.Get(); ok {
			version = &v
		}
		id := s.resultID(p.Diagnostics)
		if prev[path].Value == id {
			unchanged = append(unchanged, &protocol.WorkspaceUnchangedDocumentDiagnosticReport{
				UnchangedDocumentDiagnosticReport: protocol.UnchangedDocumentDiagnosticReport{Kind: "unchanged", ResultID: id},
				URI:                               p.URI, Version: version,
			})
			return
		}
		out.add(&protocol.WorkspaceFullDocumentDiagnosticReport{
			FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", ResultID: &id, Items: p.Diagnostics},
			URI:                          p.URI, Version: version,
		})
	})
	// Files the client knows of that are gone: an empty report, under the
	// URI the client gave, clears them.
	seen := make(map[string]bool, len(paths))
	for _, p := range paths {
		seen[p] = true
	}
	for _, path := range slices.Sorted(maps.Keys(prev)) {
		if !seen[path] {
			out.add(&protocol.WorkspaceFullDocumentDiagnosticReport{
				FullDocumentDiagnosticReport: protocol.FullDocumentDiagnosticReport{Kind: "full", Items: []protocol.Diagnostic{}},
				URI:                          prev[path].URI,
			})
		}
	}
	return unchanged
}

// pullStream sends the reports of one workspace/diagnostic: as partial
// results in batches of partialBatch when the client gave a token (from
// the first fresh report on), else all in the answer.
type pullStream struct {
	s     *Server
	ctx   context.Context
	token protocol.ProgressToken
	// fresh is set once a report that is not unchanged was added.
	fresh bool
	batch []protocol.WorkspaceDocumentDiagnosticReport
	// failed is set when a partial result could not be sent: the rest goes
	// in the answer.
	failed bool
}

func (p *pullStream) add(r protocol.WorkspaceDocumentDiagnosticReport) {
	p.fresh = true
	p.batch = append(p.batch, r)
	if p.token != nil && !p.failed && len(p.batch) >= partialBatch {
		p.flush()
	}
}

// flush sends the reports gathered as one partial result.
func (p *pullStream) flush() {
	raw, err := protocol.Marshal(&protocol.WorkspaceDiagnosticReportPartialResult{Items: p.batch})
	if err != nil {
		p.s.log.Error("marshal partial diagnostics", zap.Error(err))
		p.failed = true
		return
	}
	if err := p.s.conn.Notify(p.ctx, protocol.MethodProgress, &protocol.ProgressParams{Token: p.token, Value: raw}); err != nil {
		p.failed = true
		return
	}
	p.batch = p.batch[:0]
}

// finish sends what is left, the unchanged reports too, and returns the
// answer: empty when everything went as partial results.
func (p *pullStream) finish(unchanged []protocol.WorkspaceDocumentDiagnosticReport) *protocol.WorkspaceDiagnosticReport {
	for _, r := range unchanged {
		p.batch = append(p.batch, r)
		if p.token != nil && !p.failed && len(p.batch) >= partialBatch {
			p.flush()
		}
	}
	if p.token != nil && !p.failed && len(p.batch) > 0 {
		p.flush()
	}
	if p.token != nil && !p.failed {
		return &protocol.WorkspaceDiagnosticReport{Items: []protocol.WorkspaceDocumentDiagnosticReport{}}
	}
	items := slices.Clone(p.batch)
	if items == nil {
		items = []protocol.WorkspaceDocumentDiagnosticReport{}
	}
	return &protocol.WorkspaceDiagnosticReport{Items: items}
}

// pulledPaths are the files workspace diagnostics cover: the analysed files
// of the workspace folders and the open documents, sorted.
func (s *Server) pulledPaths(snap *index.Snapshot) []string {
	var out []string
	for _, p := range snap.Paths() {
		f := snap.File(p)
		if f == nil || f.Embedded || !s.analysed(p, f) {
			continue
		}
		if snap.InWorkspace(p) || s.docs.get(p) != nil {
			out = append(out, p)
		}
	}
	return out
}

// refreshPulled tells a pulling client that diagnostics changed: held
// workspace requests are answered, and the client is asked to pull again
// when it allows it.
func (d *diagnostics) refreshPulled() {
	d.mu.Lock()
	close(d.changed)
	d.changed = make(chan struct{})
	d.mu.Unlock()
	if d.s.clientCaps().diagnosticRefresh {
		d.s.goBackground("diagnostic refresh", func(ctx context.Context) {
			if err := d.s.client.DiagnosticRefresh(ctx); err != nil {
				d.s.log.Debug("workspace/diagnostic/refresh failed", zap.Error(err))
			}
		})
	}
}

// changes returns a channel closed at the next change of diagnostics.
func (d *diagnostics) changes() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.changed
}
