package server_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/server"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// Protocol robustness, in process: no single message stops the server.

// sentinel checks that the server still answers a request.
func (e *env) sentinel() {
	e.t.Helper()
	var slept map[string]int
	e.result("tosca/test/sleep", map[string]any{"ms": 0}, &slept)
	if _, ok := slept["slept"]; !ok {
		e.t.Fatalf("sentinel answered %v", slept)
	}
}

// unmatched returns the responses to no pending request received after
// the first n.
func (e *env) unmatched(n int) []*lsptest.Message {
	return e.c.Snapshot().Unmatched[n:]
}

func TestMalformedMessagesKeepServing(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	for _, tc := range server.MalformedBodies {
		t.Run(tc.Name, func(t *testing.T) {
			e := e.in(t)
			seen := len(e.c.Snapshot().Unmatched)
			if err := e.c.Send([]byte(tc.Body)); err != nil {
				t.Fatal(err)
			}
			// The refusal is written before the next message is read, so
			// it has arrived once the sentinel is answered.
			e.sentinel()
			got := e.unmatched(seen)
			if tc.Want == nil {
				if len(got) != 0 {
					t.Fatalf("answered %s, want nothing", raw(got[0]))
				}
				return
			}
			if len(got) != 1 || got[0].Error == nil || got[0].Error.Code != tc.Want.Code ||
				string(got[0].ID) != tc.Want.ID || !strings.Contains(got[0].Error.Message, tc.Want.Message) {
				t.Fatalf("answered %v, want %+v", raws(got), *tc.Want)
			}
		})
	}
}

func TestFramingGarbageKeepsServing(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	seen := len(e.c.Snapshot().Unmatched)
	for _, tc := range server.FramingGarbage {
		t.Run(tc.Name, func(t *testing.T) {
			e := e.in(t)
			if err := e.c.SendRaw([]byte(tc.Input)); err != nil {
				t.Fatal(err)
			}
			e.sentinel()
		})
	}
	if got := e.unmatched(seen); len(got) != 0 {
		t.Errorf("garbage was answered: %v", raws(got))
	}
}

func raw(m *lsptest.Message) string {
	b, _ := json.Marshal(m)
	return string(b)
}

func raws(ms []*lsptest.Message) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = raw(m)
	}
	return out
}

// requestMethods are the requests the server implements (initialize and
// shutdown aside); all take an object as parameters.
var requestMethods = []string{
	"textDocument/completion", "textDocument/hover", "textDocument/signatureHelp",
	"textDocument/definition", "textDocument/typeDefinition", "textDocument/implementation",
	"textDocument/references", "textDocument/documentHighlight", "textDocument/prepareRename",
	"textDocument/rename", "textDocument/documentSymbol", "workspace/symbol",
	"textDocument/codeAction", "textDocument/documentLink", "textDocument/foldingRange",
	"textDocument/semanticTokens/full", "textDocument/semanticTokens/full/delta",
	"textDocument/semanticTokens/range", "textDocument/selectionRange", "textDocument/inlayHint",
	"textDocument/diagnostic", "workspace/diagnostic", "workspace/executeCommand", "tosca/topology",
}

// notificationMethods are the notifications the server implements
// (exit aside).
var notificationMethods = []string{
	"initialized", "$/setTrace", "$/cancelRequest",
	"textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
	"workspace/didChangeConfiguration", "workspace/didChangeWorkspaceFolders", "workspace/didChangeWatchedFiles",
}

// badParams are parameters no method taking an object accepts (nil: none).
var badParams = []any{nil, json.RawMessage(`42`), json.RawMessage(`"x"`), json.RawMessage(`[1,2]`), json.RawMessage(`true`)}

func TestLifecycleErrors(t *testing.T) {
	e := startInProcess(t)
	// Before initialize every request but initialize is refused, and
	// notifications are dropped.
	for _, method := range append([]string{"shutdown", "textDocument/unknownThing", "$/unknownRequest"}, requestMethods...) {
		if m := e.call(method, map[string]any{}); m.Error == nil || m.Error.Code != -32002 {
			t.Errorf("%s before initialize: want ServerNotInitialized (-32002), got %s", method, raw(m))
		}
	}
	for _, method := range append([]string{"$/unknown"}, notificationMethods...) {
		e.notify(method, map[string]any{})
	}
	e.open(e.uri("early.yaml"), "yaml", brokenTOSCA, 1)
	// An initialize with bad parameters is refused and leaves the server
	// waiting for a good one.
	for _, p := range badParams {
		if m := e.call("initialize", p); m.Error == nil || m.Error.Code != -32602 {
			t.Errorf("initialize with params %s: want InvalidParams (-32602), got %s", p, raw(m))
		}
	}
	if m := e.call("textDocument/hover", map[string]any{}); m.Error == nil || m.Error.Code != -32002 {
		t.Fatalf("after a refused initialize: want -32002, got %s", raw(m))
	}
	e.initialize(defaultInitParams(e.dir))
	var doc any
	e.result("tosca/test/document", map[string]any{"uri": e.uri("early.yaml")}, &doc)
	if doc != nil {
		t.Errorf("didOpen before initialize was applied: %v", doc)
	}
	if m := e.call("initialize", defaultInitParams(e.dir)); m.Error == nil || m.Error.Code != -32600 {
		t.Errorf("second initialize: want InvalidRequest (-32600), got %s", raw(m))
	}
	e.sentinel()
}

func TestUnknownMethodsAndBadParams(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	u := e.uri("kept.yaml")
	e.open(u, "yaml", validTOSCA, 1)

	for _, method := range []string{"textDocument/unknownThing", "$/unknownRequest", "textDocument/formatting",
		"textDocument/onTypeFormatting", ""} {
		if m := e.call(method, map[string]any{}); m.Error == nil || m.Error.Code != -32601 {
			t.Errorf("request %q: want MethodNotFound (-32601), got %s", method, raw(m))
		}
	}
	for _, method := range requestMethods {
		for _, p := range badParams {
			if m := e.call(method, p); m.Error == nil || m.Error.Code != -32602 {
				t.Errorf("%s with params %s: want InvalidParams (-32602), got %s", method, p, raw(m))
			}
		}
	}
	// Unknown notifications and known ones with bad parameters are
	// ignored; the open document is untouched.
	for _, method := range append([]string{"$/unknown", "$/progress", "custom/notification", "textDocument/unknown", "shutdown", "initialize"}, notificationMethods...) {
		for _, p := range badParams {
			e.notify(method, p)
		}
	}
	e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": "untitled:x", "type": 1}}})
	e.notify("initialize", defaultInitParams(e.dir))
	e.notify("shutdown", nil)
	if v, text := e.document(u); v != 1 || text != validTOSCA {
		t.Errorf("document changed by bad notifications: %d %q", v, text)
	}
	e.sentinel()
	if m := e.call("shutdown", nil); m.Error != nil {
		t.Fatalf("shutdown: %s", raw(m))
	}
}

// goroutines waits until at most n goroutines run and returns how many do.
func goroutines(n int) int {
	deadline := time.Now().Add(waitShort)
	for {
		got := runtime.NumGoroutine()
		if got <= n || time.Now().After(deadline) {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A client that disappears ends the server promptly and cleanly, leaving
// no goroutine behind.
func TestClientDisappears(t *testing.T) {
	for _, tc := range []struct {
		name string
		// gone makes the client disappear; it returns what releases the
		// client's own goroutines once the server has stopped.
		gone func(e *env) (release func())
	}{
		{"stdin EOF", func(e *env) func() {
			e.closeInput()
			return nil
		}},
		{"stdin closed inside a header", func(e *env) func() {
			_ = e.c.SendRaw([]byte("Content-Length: 4"))
			e.closeInput()
			return nil
		}},
		{"stdin closed inside a body", func(e *env) func() {
			_ = e.c.SendRaw([]byte("Content-Length: 400\r\n\r\n" + `{"jsonrpc":"2.0","id":1,`))
			e.closeInput()
			return nil
		}},
		{"client stops reading", func(e *env) func() {
			e.closeOutput()
			// The answer cannot be delivered: the server notices then.
			_ = e.c.Send([]byte(`{"jsonrpc":"2.0","id":"last","method":"tosca/test/sleep","params":{"ms":0}}`))
			return nil
		}},
		{"client stops reading during a long request", func(e *env) func() {
			if _, err := e.c.Start("tosca/test/sleep", map[string]any{"ms": 300}); err != nil {
				e.t.Fatal(err)
			}
			e.closeOutput()
			return nil
		}},
		{"client stops reading while the server awaits its answer", func(e *env) func() {
			// The client never answers workspace/configuration, then stops
			// reading with its end of the server's input still open.
			asked, release := make(chan struct{}), make(chan struct{})
			e.c.Handle("workspace/configuration", func(*lsptest.Message) (any, *lsptest.Error) {
				close(asked)
				<-release
				return nil, nil
			})
			e.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
			select {
			case <-asked:
			case <-time.After(waitLong):
				e.t.Fatal("the server did not pull the configuration")
			}
			e.closeOutput()
			_ = e.c.Send([]byte(`{"jsonrpc":"2.0","id":"last","method":"tosca/test/sleep","params":{"ms":0}}`))
			return func() { close(release) }
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			e := startInProcess(t)
			e.initialize(defaultInitParams(e.dir))
			e.awaitIndexed()
			e.open(e.uri("open.yaml"), "yaml", brokenTOSCA, 1)
			e.sentinel()
			release := tc.gone(e)
			if code, err := e.wait(waitShort); code != 0 || err != nil {
				t.Fatalf("server ended with code %d (%v), want a clean end", code, err)
			}
			if release != nil {
				release()
			}
			e.closeInput()
			e.closeOutput()
			if after := goroutines(before); after > before {
				buf := make([]byte, 1<<20)
				t.Fatalf("%d goroutines before the server, %d after it stopped:\n%s", before, after, buf[:runtime.Stack(buf, true)])
			}
		})
	}
}

// TestCancellationStorm interleaves requests, edits and thousands of
// $/cancelRequest for unknown, finished and in-flight ids: every request
// gets exactly one answer (its result or RequestCancelled), the edits all
// apply in order, nothing panics and nothing stays in flight.
func TestCancellationStorm(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	u := e.uri("storm.yaml")
	e.open(u, "yaml", validTOSCA, 1)
	want := validTOSCA

	const requests = 400
	var pending []*lsptest.Pending
	answers := map[int]*lsptest.Message{}
	answer := func(i int) *lsptest.Message {
		if m, ok := answers[i]; ok {
			return m
		}
		m, err := pending[i].Wait(e.ctx())
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		answers[i] = m
		return m
	}
	var finished []json.RawMessage
	cancel := func(id any) { e.notify("$/cancelRequest", map[string]any{"id": id}) }
	for i := range requests {
		var p *lsptest.Pending
		var err error
		if i%4 == 3 {
			p, err = e.c.Start("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(0, i%30)})
		} else {
			p, err = e.c.Start("tosca/test/sleep", map[string]any{"ms": i % 7 * 40})
		}
		if err != nil {
			t.Fatal(err)
		}
		pending = append(pending, p)
		// Unknown ids, numeric beyond int32 and strings.
		cancel(4_000_000_000 + i)
		cancel(fmt.Sprintf("unknown-%d", i))
		// In-flight ids: this request and an earlier one, perhaps done.
		if i%2 == 0 {
			cancel(p.ID)
		}
		cancel(pending[i/2].ID)
		// Finished ids, again and again.
		for _, id := range finished {
			cancel(id)
		}
		if i%10 == 0 {
			e.change(u, 2+i/10, edit(rangeOf(1, 0, 1, 0), "#"))
			want = want[:len("tosca_definitions_version: tosca_2_0\n")] + "#" + want[len("tosca_definitions_version: tosca_2_0\n"):]
			finished = append(finished[:min(len(finished), 4)], answer(i/2).ID)
		}
	}
	cancelled := 0
	for i := range pending {
		switch m := answer(i); {
		case m.Error == nil:
		case m.Error.Code == -32800:
			cancelled++
		default:
			t.Errorf("request %d: %s, want a result or RequestCancelled", i, raw(m))
		}
	}
	// Sleeps of up to 240 ms cancelled right after they start cannot all
	// finish first, nor can the hovers and the sleeps never cancelled be.
	if cancelled == 0 || cancelled == requests {
		t.Errorf("%d of %d requests cancelled", cancelled, requests)
	}
	if v, text := e.document(u); v != 2+(requests-1)/10 || text != want {
		t.Errorf("document version %d text %q after the storm, want %d %q", v, text, 2+(requests-1)/10, want)
	}
	var inflight struct {
		Count int `json:"count"`
	}
	e.result("tosca/test/inflight", nil, &inflight)
	if inflight.Count != 0 {
		t.Errorf("%d requests still in flight", inflight.Count)
	}
	l := e.c.Snapshot()
	if len(l.Unmatched) != 0 {
		t.Errorf("responses to no pending request (duplicates?): %v", raws(l.Unmatched))
	}
	for _, m := range l.Method("window/logMessage") {
		if strings.Contains(string(m.Params), "panic") {
			t.Errorf("panic during the storm: %s", m.Params)
		}
	}
}
