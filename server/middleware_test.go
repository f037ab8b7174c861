package server

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// These tests pin the behaviour of go.lsp.dev protocol/jsonrpc2 v1.0.1
// that middleware.go and text_sync.go work around, by running the stock
// protocol.NewServer wiring. If one fails after an upgrade, upstream fixed
// the quirk and the corresponding workaround can be simplified.

type quirkServer struct{ protocol.UnimplementedServer }

func (quirkServer) Initialize(context.Context, *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	return &protocol.InitializeResult{}, nil
}

func (quirkServer) Shutdown(context.Context) error { return nil }

func (quirkServer) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	switch p.Position.Line {
	case 1:
		return nil, errors.New("plain go error")
	case 2:
		panic("boom")
	case 3:
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return nil, nil
}

func stockServer(t *testing.T) (*lsptest.Client, jsonrpc2.Conn) {
	t.Helper()
	a, b := net.Pipe()
	_, conn, _ := protocol.NewServer(context.Background(), quirkServer{}, jsonrpc2.NewStream(b))
	c := lsptest.New(a, a)
	t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
	return c, conn
}

func hoverAt(line int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": "file:///a.yaml"}, "position": map[string]any{"line": line, "character": 0}}
}

func connDies(t *testing.T, conn jsonrpc2.Conn) bool {
	t.Helper()
	select {
	case <-conn.Done():
		return true
	case <-time.After(2 * time.Second):
		return false
	}
}

func TestUpstreamErrorCodes(t *testing.T) {
	c, _ := stockServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	m, err := c.Call(ctx, "textDocument/hover", hoverAt(1))
	if err != nil {
		t.Fatal(err)
	}
	if m.Error == nil || m.Error.Code != 0 {
		t.Fatalf("plain errors: upstream now sends %+v (was code 0): simplify wireError", m.Error)
	}
	// Numeric cancel ids work (fixed in v1), but the reply has code 0.
	p, _ := c.StartWithID(json.RawMessage(`9`), "textDocument/hover", hoverAt(3))
	_ = c.Notify("$/cancelRequest", map[string]any{"id": 9})
	m, err = p.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if m.Error == nil || m.Error.Code != 0 || m.Error.Message != "context canceled" {
		t.Fatalf("cancelled request: upstream now sends %+v (was code 0): simplify wireError", m.Error)
	}
	// shutdown with {} params is accepted (fixed in v1).
	if m, _ := c.Call(ctx, "shutdown", json.RawMessage(`{}`)); m == nil || m.Error != nil {
		t.Fatalf("shutdown {}: %+v", m)
	}
}

func TestUpstreamUnknownNotificationClosesConnection(t *testing.T) {
	c, conn := stockServer(t)
	_ = c.Notify("$/unknown", map[string]any{})
	if !connDies(t, conn) {
		t.Fatal("upstream now survives unknown notifications: the notifications[] filter is no longer needed for that")
	}
}

func TestUpstreamPanicClosesConnection(t *testing.T) {
	c, conn := stockServer(t)
	p, _ := c.Start("textDocument/hover", hoverAt(2))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if m, err := p.Wait(ctx); err != nil || m.Error == nil || m.Error.Code != int(jsonrpc2.InternalError) {
		t.Fatalf("panic reply: %+v %v", m, err)
	}
	if !connDies(t, conn) {
		t.Fatal("upstream now survives handler panics")
	}
}

func TestUpstreamLargeCancelIDClosesConnection(t *testing.T) {
	c, conn := stockServer(t)
	_ = c.Notify("$/cancelRequest", map[string]any{"id": 4000000000})
	if !connDies(t, conn) {
		t.Fatal("upstream now accepts cancel ids beyond int32")
	}
}

func TestUpstreamMalformedBodyClosesConnection(t *testing.T) {
	c, conn := stockServer(t)
	_ = c.Send([]byte("hello"))
	if !connDies(t, conn) {
		t.Fatal("upstream now survives a body that is not JSON: stream.go could be simplified")
	}
}

func TestUpstreamDidChangeDecoding(t *testing.T) {
	decode := func(change string) protocol.TextDocumentContentChangeEvent {
		var p protocol.DidChangeTextDocumentParams
		raw := `{"textDocument":{"uri":"file:///a","version":2},"contentChanges":[` + change + `]}`
		if err := protocol.Unmarshal([]byte(raw), &p); err != nil {
			t.Fatal(err)
		}
		return p.ContentChanges[0]
	}
	if _, ok := decode(`{"text":"x"}`).(*protocol.TextDocumentContentChangeWholeDocument); !ok {
		t.Error("rangeless change no longer decodes as a whole-document change")
	}
	if c, ok := decode(`{"range":null,"text":"x"}`).(*protocol.TextDocumentContentChangePartial); !ok || c.Range != (protocol.Range{}) {
		t.Error(`upstream now decodes "range": null differently; didChangeRaw may be unnecessary`)
	}
	// nil slices encode as [] (fixed in v1).
	raw, _ := protocol.Marshal(&protocol.PublishDiagnosticsParams{URI: "file:///a"})
	if string(raw) != `{"uri":"file:///a","diagnostics":[]}` {
		t.Errorf("nil diagnostics encode as %s", raw)
	}
}

type orderServer struct {
	protocol.UnimplementedServer
	seen chan int32
}

func (s orderServer) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	if p.TextDocument.Version == 2 {
		time.Sleep(300 * time.Millisecond)
	}
	s.seen <- p.TextDocument.Version
	return nil
}

// TestUpstreamNotificationsRunConcurrently: with protocol.NewServer a slow
// didChange lets the next one overtake it.
func TestUpstreamNotificationsRunConcurrently(t *testing.T) {
	a, b := net.Pipe()
	t.Cleanup(func() { _ = a.Close(); _ = b.Close() })
	srv := orderServer{seen: make(chan int32, 2)}
	protocol.NewServer(context.Background(), srv, jsonrpc2.NewStream(b))
	c := lsptest.New(a, a)
	for _, v := range []int{2, 3} {
		_ = c.Notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": "file:///a", "version": v},
			"contentChanges": []any{map[string]any{"text": "x"}},
		})
	}
	first := <-srv.seen
	<-srv.seen
	if first != 3 {
		t.Fatal("upstream now applies notifications in order; the inline notification path could be simplified")
	}
}
