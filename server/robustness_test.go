package server_test

import (
	"encoding/json"
	"strings"
	"testing"

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
