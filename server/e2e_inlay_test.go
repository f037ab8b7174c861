package server_test

import (
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

type inlayHint struct {
	Position struct{ Line, Character int } `json:"position"`
	Label    string                        `json:"label"`
	Tooltip  string                        `json:"tooltip"`
}

// Inlay hints through the binary: every kind for the range asked, none
// outside it, and a kind switched off in the settings disappears.
func TestE2EInlayHints(t *testing.T) {
	e := startBinary(t)
	refreshed := make(chan struct{}, 4)
	e.c.Handle("workspace/inlayHint/refresh", func(*lsptest.Message) (any, *lsptest.Error) {
		refreshed <- struct{}{}
		return nil, nil
	})
	res := e.initialize(map[string]any{
		"processId": nil, "rootUri": e.uri(""),
		"capabilities":          map[string]any{"workspace": map[string]any{"inlayHint": map[string]any{"refreshSupport": true}}},
		"initializationOptions": map[string]any{"tosca": map[string]any{"inlayHints": map[string]any{"chainRoots": false}}},
	})
	if !strings.Contains(mustJSON(t, res), `"inlayHintProvider":true`) {
		t.Errorf("inlay hints not advertised: %s", mustJSON(t, res))
	}
	u := e.uri("main.yaml")
	doc := strings.Replace(topologyDoc, "    server:\n", "    server:\n      properties:\n        num_cpus: { $get_input: cpus }\n", 1)
	doc = strings.Replace(doc, "service_template:", "node_types:\n  Big:\n    derived_from: Compute\nservice_template:", 1)
	e.open(u, "yaml", doc, 1)
	hints := func(sl, el int) []inlayHint {
		var out []inlayHint
		e.result("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": u}, "range": rangeOf(sl, 0, el, 0)}, &out)
		return out
	}
	got := map[string]int{}
	for _, h := range hints(0, 30) {
		got[h.Label] = h.Position.Line
		if h.Tooltip == "" {
			t.Errorf("hint %q has no tooltip", h.Label)
		}
	}
	want := map[string]int{"← 1 relationship": 12, "= 2": 14, "→ host": 19}
	for label, line := range want {
		if l, ok := got[label]; !ok || l != line {
			t.Errorf("hint %q: got line %d (present %v), want %d; all: %v", label, l, ok, line, got)
		}
	}
	for label := range got {
		if strings.HasPrefix(label, "⇒") {
			t.Errorf("chain root hint %q shown though switched off", label)
		}
	}
	if len(got) != len(want) {
		t.Errorf("hints %v, want %v", got, want)
	}
	for _, h := range hints(16, 30) {
		if h.Position.Line < 16 {
			t.Errorf("hint %q at line %d is outside the range", h.Label, h.Position.Line)
		}
	}

	// Switching a kind off in the settings asks the client to refresh, and
	// the kind is gone.
	e.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tosca": map[string]any{"inlayHints": map[string]any{"inputDefaults": false}}}})
	select {
	case <-refreshed:
	case <-e.ctx().Done():
		t.Fatal("no workspace/inlayHint/refresh after the settings changed")
	}
	for _, h := range hints(0, 30) {
		if strings.HasPrefix(h.Label, "= ") {
			t.Errorf("input default hint %q shown though switched off", h.Label)
		}
	}
}
