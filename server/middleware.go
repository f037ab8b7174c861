package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
)

// handle is the connection's jsonrpc2 handler: a middleware in front of the
// typed protocol.ServerHandler. It owns ordering, lifecycle, cancellation,
// panic recovery and error codes, working around what go.lsp.dev
// protocol/jsonrpc2 v1.0.1 still gets wrong (each verified on the wire, see
// middleware_test.go):
//
//   - protocol.Handlers = CancelHandler(AsyncHandler(h)) releases every
//     message, notifications included, to run concurrently, so a didChange
//     can be applied before the didOpen or didChange preceding it. Here
//     notifications run inline on the read loop, in arrival order; requests
//     capture the snapshot inline and only then release the loop.
//   - A notification handler that returns an error, or any handler that
//     panics, makes jsonrpc2 close the connection. An unknown notification
//     (e.g. "$/foo") reaches UnimplementedServer.Request, whose error then
//     kills the connection. Here notification errors are logged, panics are
//     recovered (requests get InternalError) and the server keeps serving.
//   - Errors that are not *jsonrpc2.Error go out with code 0, and a request
//     cancelled through $/cancelRequest answers {"code":0,"message":"context
//     canceled"}. Here they become InternalError (-32603) and
//     RequestCancelled (-32800); parameter decode errors become
//     InvalidParams (-32602) instead of ParseError.
//   - A $/cancelRequest id that does not fit int32 fails to decode, which
//     (being a notification error) closes the connection. Here ids are
//     parsed from the raw JSON (any integer or string).
//   - A didChange content change with "range": null decodes as an insert at
//     0:0. Here didChange is decoded with an optional range (text_sync.go).
//   - jsonrpc2's header stream ends the connection on the first body that
//     is not a JSON-RPC message, and allocates whatever Content-Length
//     claims. Here stream.go frames messages: it answers ParseError or
//     InvalidRequest, skips garbage and oversized messages, keeps reading.
//
// Fixed in v1 and relied upon: numeric $/cancelRequest ids, a rangeless
// change decoding as a whole-document change, shutdown with "params": {},
// nil slices encoding as [] (diagnostics, items, data).
func (s *Server) handle(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	if !req.IsCall() {
		s.handleNotification(ctx, req)
		return nil, nil
	}
	return s.handleCall(ctx, req)
}

func (s *Server) handleCall(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	method := strings.Clone(req.Method())
	switch s.state.Load() {
	case stateNew:
		if method != protocol.MethodInitialize {
			return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "server not initialized: "+method)
		}
	case stateInitialized:
		if method == protocol.MethodInitialize {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "server already initialized")
		}
	case stateShutdown:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "server is shut down: "+method)
	}
	if method == protocol.MethodInitialize {
		// Inline: nothing may run before initialize has answered.
		result, err := s.call(ctx, method, req)
		return result, wireError(ctx, err)
	}

	// Note the document versions now, so that the request sees the edits
	// that arrived before it (see snapshot).
	ctx = context.WithValue(ctx, versionsKey{}, s.docs.versions())
	ctx, cancel := context.WithCancel(ctx)
	id := req.ID()
	s.inflightMu.Lock()
	s.inflight[id] = cancel
	s.inflightMu.Unlock()
	defer func() {
		s.inflightMu.Lock()
		delete(s.inflight, id)
		s.inflightMu.Unlock()
		cancel()
	}()

	if method != protocol.MethodWorkspaceDiagnostic {
		// Workspace runs wait while it is answered (see priority).
		end := s.prio.begin()
		defer end()
	}
	jsonrpc2.Async(ctx) // release the read loop; req stays valid (cloned)
	start := time.Now()
	result, err := s.call(ctx, method, req)
	err = wireError(ctx, err)
	if err != nil {
		result = nil
	}
	s.logRequest(ctx, method, id, req.Params(), start, err)
	return result, err
}

// call dispatches one request, turning a panic into InternalError.
func (s *Server) call(ctx context.Context, method string, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic while handling request", zap.String("method", method),
				zap.String("panic", fmt.Sprint(r)), zap.Stack("stack"))
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error handling %s: %v", method, r)
		}
	}()
	if s.opts.TestHooks && strings.HasPrefix(method, "tosca/test/") {
		return s.testHook(ctx, method, req.Params())
	}
	if method == methodTopology {
		return s.topologyRequest(ctx, req.Params())
	}
	if !requests[method] {
		// Never reach protocol.ServerHandler: it decodes the params of
		// unknown methods first (null params → ParseError).
		return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "method not found: "+method)
	}
	return s.inner(ctx, req)
}

// requests and notifications list the methods routed to the typed
// handlers, each in the only form LSP defines for it. Anything else answers
// MethodNotFound (requests) or is ignored (notifications): a "shutdown" or
// "initialize" sent as a notification must not change the server's state.
var requests = map[string]bool{
	protocol.MethodInitialize:                          true,
	protocol.MethodShutdown:                            true,
	protocol.MethodTextDocumentCompletion:              true,
	protocol.MethodTextDocumentHover:                   true,
	protocol.MethodTextDocumentSignatureHelp:           true,
	protocol.MethodTextDocumentDefinition:              true,
	protocol.MethodTextDocumentDeclaration:             true,
	protocol.MethodTextDocumentPrepareTypeHierarchy:    true,
	protocol.MethodTypeHierarchySupertypes:             true,
	protocol.MethodTypeHierarchySubtypes:               true,
	protocol.MethodTextDocumentCodeLens:                true,
	protocol.MethodCodeLensResolve:                     true,
	protocol.MethodTextDocumentTypeDefinition:          true,
	protocol.MethodTextDocumentImplementation:          true,
	protocol.MethodTextDocumentReferences:              true,
	protocol.MethodTextDocumentDocumentHighlight:       true,
	protocol.MethodTextDocumentPrepareRename:           true,
	protocol.MethodTextDocumentRename:                  true,
	protocol.MethodTextDocumentDocumentSymbol:          true,
	protocol.MethodWorkspaceSymbol:                     true,
	protocol.MethodTextDocumentCodeAction:              true,
	protocol.MethodTextDocumentDocumentLink:            true,
	protocol.MethodTextDocumentFoldingRange:            true,
	protocol.MethodTextDocumentSemanticTokensFull:      true,
	protocol.MethodWorkspaceExecuteCommand:             true,
	protocol.MethodTextDocumentInlayHint:               true,
	protocol.MethodTextDocumentDiagnostic:              true,
	protocol.MethodWorkspaceDiagnostic:                 true,
	protocol.MethodTextDocumentSemanticTokensFullDelta: true,
	protocol.MethodTextDocumentSemanticTokensRange:     true,
	protocol.MethodTextDocumentSelectionRange:          true,
}

var notifications = map[string]bool{
	protocol.MethodInitialized:                        true,
	protocol.MethodSetTrace:                           true,
	protocol.MethodTextDocumentDidOpen:                true,
	protocol.MethodTextDocumentDidChange:              true,
	protocol.MethodTextDocumentDidClose:               true,
	protocol.MethodTextDocumentDidSave:                true,
	protocol.MethodWorkspaceDidChangeConfiguration:    true,
	protocol.MethodWorkspaceDidChangeWorkspaceFolders: true,
	protocol.MethodWorkspaceDidChangeWatchedFiles:     true,
}

func (s *Server) handleNotification(ctx context.Context, req *jsonrpc2.Request) {
	method := strings.Clone(req.Method())
	defer s.recoverLog(method)
	switch method {
	case protocol.MethodCancelRequest:
		s.cancelRequest(req.Params())
		return
	case protocol.MethodExit:
		s.exitOnce.Do(func() { close(s.exitCh) })
		return
	case testStall:
		if s.opts.TestHooks {
			<-s.ctx.Done() // holds the message loop until the server stops
			return
		}
	}
	switch s.state.Load() {
	case stateNew:
		s.log.Debug("dropping notification received before initialize", zap.String("method", method))
		return
	case stateShutdown:
		s.log.Debug("dropping notification received after shutdown", zap.String("method", method))
		return
	}
	if !notifications[method] {
		s.log.Debug("ignoring notification", zap.String("method", method))
		return
	}
	var err error
	switch method {
	case protocol.MethodTextDocumentDidChange:
		err = s.didChangeRaw(ctx, req.Params())
	default:
		_, err = s.inner(ctx, req)
	}
	if err != nil {
		s.log.Warn("notification failed", zap.String("method", method), zap.Error(err))
	}
}

// recoverLog logs a recovered panic with its stack.
func (s *Server) recoverLog(what string) {
	if r := recover(); r != nil {
		s.log.Error("panic recovered", zap.String("in", what),
			zap.String("panic", fmt.Sprint(r)), zap.Stack("stack"))
	}
}

// cancelRequest handles $/cancelRequest with a numeric or string id.
func (s *Server) cancelRequest(params []byte) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(params, &p); err != nil || len(p.ID) == 0 {
		s.log.Debug("malformed $/cancelRequest", zap.ByteString("params", params))
		return
	}
	id, ok := parseID(p.ID)
	if !ok {
		s.log.Debug("malformed $/cancelRequest id", zap.ByteString("id", p.ID))
		return
	}
	s.inflightMu.Lock()
	cancel := s.inflight[id]
	s.inflightMu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// parseID reads the id of a $/cancelRequest: a string or an integer (also
// written as 4.0 or 4e0 by some clients).
func parseID(raw json.RawMessage) (jsonrpc2.ID, bool) {
	if id, ok := requestID(raw); ok {
		return id, true
	}
	raw = bytes.TrimSpace(raw)
	if f, err := strconv.ParseFloat(string(raw), 64); err == nil && f == float64(int64(f)) {
		return jsonrpc2.NewNumberID(int64(f)), true
	}
	return jsonrpc2.ID{}, false
}

// wireError maps err to the JSON-RPC error the client gets.
func wireError(ctx context.Context, err error) error {
	if err == nil {
		if ctx.Err() != nil {
			return protocol.ErrRequestCancelled
		}
		return nil
	}
	if ctx.Err() != nil || errors.Is(err, context.Canceled) {
		return protocol.ErrRequestCancelled
	}
	var je *jsonrpc2.Error
	if errors.As(err, &je) {
		switch je.Code {
		case protocol.CodeRequestCancelled:
			return protocol.ErrRequestCancelled
		case jsonrpc2.ParseError:
			// Params that do not decode: the message was valid JSON-RPC.
			return &jsonrpc2.Error{Code: jsonrpc2.InvalidParams, Message: err.Error()}
		case 0:
		default:
			if je.Error() == err.Error() {
				return je
			}
			return &jsonrpc2.Error{Code: je.Code, Message: err.Error(), Data: je.Data}
		}
	}
	return &jsonrpc2.Error{Code: jsonrpc2.InternalError, Message: err.Error()}
}

func (s *Server) logRequest(ctx context.Context, method string, id jsonrpc2.ID, params []byte, start time.Time, err error) {
	d := time.Since(start)
	if err != nil {
		s.log.Debug("request failed", zap.String("method", method), zap.Stringer("id", idString(id)), zap.Duration("took", d), zap.Error(err))
	} else {
		s.log.Debug("request", zap.String("method", method), zap.Stringer("id", idString(id)), zap.Duration("took", d))
	}
	verbose := ""
	if len(params) > 0 && len(params) < 64<<10 {
		verbose = "Params: " + string(params)
	}
	s.logTrace(ctx, fmt.Sprintf("Handled request '%s - (%v)' in %dms.", method, id, d.Milliseconds()), verbose)
}

type idString jsonrpc2.ID

func (i idString) String() string { return fmt.Sprint(jsonrpc2.ID(i)) }

// testHook serves the custom requests enabled by Options.TestHooks:
//
//	tosca/test/panic                 panics inside the handler
//	tosca/test/sleep {"ms": N}       sleeps N ms, honouring cancellation; result {"slept": N}
//	tosca/test/document {"uri": U}   the open document's {"version", "text", "analysed"} (null if not open)
//	tosca/test/inflight              {"count": N}: the requests in flight besides this one
//
// and, as a notification, tosca/test/stall, which holds the message loop
// until the server stops (a handler stuck for good).
func (s *Server) testHook(ctx context.Context, method string, params []byte) (any, error) {
	switch method {
	case "tosca/test/panic":
		panic("tosca/test/panic: deliberate panic")
	case "tosca/test/sleep":
		var p struct {
			MS int `json:"ms"`
		}
		if len(params) > 0 {
			if err := json.Unmarshal(params, &p); err != nil {
				return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "tosca/test/sleep: %v", err)
			}
		}
		t := time.NewTimer(time.Duration(p.MS) * time.Millisecond)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
		return map[string]int{"slept": p.MS}, nil
	case "tosca/test/document":
		var p struct {
			URI string `json:"uri"`
		}
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "tosca/test/document: %v", err)
		}
		d := s.docs.get(pathFromURI(uri.URI(p.URI)))
		if d == nil {
			return nil, nil
		}
		return map[string]any{"version": d.Version, "text": string(d.Text), "analysed": d.Analyse}, nil
	case "tosca/test/inflight":
		s.inflightMu.Lock()
		defer s.inflightMu.Unlock()
		return map[string]int{"count": len(s.inflight) - 1}, nil
	}
	return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "unknown test hook "+method)
}

const testStall = "tosca/test/stall"

// Request receives methods protocol.Server does not know.
func (s *Server) Request(ctx context.Context, method string, params any) (any, error) {
	return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "method not found: "+method)
}
