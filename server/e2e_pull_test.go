package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// A client that pulls diagnostics.
func pullInitParams(dir string) map[string]any {
	p := defaultInitParams(dir)
	caps := p["capabilities"].(map[string]any)
	caps["textDocument"].(map[string]any)["diagnostic"] = map[string]any{"relatedDocumentSupport": false}
	caps["workspace"].(map[string]any)["diagnostics"] = map[string]any{"refreshSupport": true}
	return p
}

type workspaceReport struct {
	Kind     string            `json:"kind"`
	ResultID string            `json:"resultId"`
	URI      string            `json:"uri"`
	Version  *int              `json:"version"`
	Items    []json.RawMessage `json:"items"`
}

// Pull diagnostics through the binary: document reports with result ids
// and unchanged reports; workspace reports for files that are not open
// (streamed as partial results), a held workspace request answered by an
// edit, a refresh request after it; and never a push.
func TestE2EPullDiagnostics(t *testing.T) {
	e := startBinary(t)
	refreshed := make(chan struct{}, 8)
	e.c.Handle("workspace/diagnostic/refresh", func(*lsptest.Message) (any, *lsptest.Error) {
		refreshed <- struct{}{}
		return nil, nil
	})
	e.write("types.yaml", "tosca_definitions_version: tosca_2_0\nnode_types:\n  Box:\n    derived_from: Rooot\n")
	mainText := "tosca_definitions_version: tosca_2_0\nimports:\n  - url: types.yaml\nservice_template:\n  node_templates:\n    a:\n      type: Box\n"
	e.write("main.yaml", mainText)
	res := e.initialize(pullInitParams(e.dir))
	if !strings.Contains(mustJSON(t, res), `"diagnosticProvider":{"identifier":"tosca-ls","interFileDependencies":true,"workspaceDiagnostics":true}`) {
		t.Fatalf("pull diagnostics not advertised: %s", mustJSON(t, res))
	}
	e.awaitIndexed()
	main := e.uri("main.yaml")
	e.open(main, "yaml", mainText, 1)

	var doc workspaceReport
	td := map[string]any{"uri": main}
	e.result("textDocument/diagnostic", map[string]any{"textDocument": td}, &doc)
	if doc.Kind != "full" || doc.ResultID == "" || len(doc.Items) != 0 {
		t.Fatalf("document report: %+v", doc)
	}
	var again workspaceReport
	e.result("textDocument/diagnostic", map[string]any{"textDocument": td, "previousResultId": doc.ResultID}, &again)
	if again.Kind != "unchanged" || again.ResultID != doc.ResultID {
		t.Errorf("second pull: %+v", again)
	}

	// The whole workspace, streamed: the closed types.yaml has its error.
	var final struct{ Items []workspaceReport }
	e.result("workspace/diagnostic", map[string]any{"previousResultIds": []any{}, "partialResultToken": "pull-1"}, &final)
	if len(final.Items) != 0 {
		t.Errorf("with partial results the final report is empty, got %+v", final.Items)
	}
	var reports []workspaceReport
	for _, m := range e.c.Snapshot().Method("$/progress") {
		var p struct {
			Token string
			Value struct{ Items []workspaceReport }
		}
		if json.Unmarshal(m.Params, &p) == nil && p.Token == "pull-1" {
			reports = append(reports, p.Value.Items...)
		}
	}
	byURI := map[string]workspaceReport{}
	for _, r := range reports {
		byURI[r.URI] = r
	}
	types := e.uri("types.yaml")
	if r := byURI[types]; r.Kind != "full" || len(r.Items) != 1 || r.Version != nil || !strings.Contains(string(r.Items[0]), "unknown-type") {
		t.Errorf("types.yaml report: %+v (all: %+v)", r, reports)
	}
	if r := byURI[main]; r.Kind != "full" || r.Version == nil || *r.Version != 1 {
		t.Errorf("main.yaml report: %+v", r)
	}

	// Nothing changed: the request is held until an edit breaks main.yaml.
	var prev []any
	for u, r := range byURI {
		prev = append(prev, map[string]any{"uri": u, "value": r.ResultID})
	}
	pending, err := e.c.Start("workspace/diagnostic", map[string]any{"previousResultIds": prev})
	if err != nil {
		t.Fatal(err)
	}
	e.change(main, 2, edit(nil, strings.Replace(mainText, "type: Box", "type: Boxx", 1)))
	m, err := pending.Wait(e.ctx())
	if err != nil || m.Error != nil {
		t.Fatalf("held workspace request: %v %+v", err, m)
	}
	var held struct{ Items []workspaceReport }
	if err := json.Unmarshal(m.Result, &held); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, r := range held.Items {
		kinds[r.URI] = r.Kind
		if r.URI == main && (len(r.Items) != 1 || *r.Version != 2) {
			t.Errorf("main.yaml after the edit: %+v", r)
		}
	}
	if kinds[main] != "full" || kinds[types] != "unchanged" {
		t.Errorf("held request answered %v", kinds)
	}
	select {
	case <-refreshed:
	case <-e.ctx().Done():
		t.Error("no workspace/diagnostic/refresh after the edit")
	}
	// Closing a document pushes nothing either (the quiet period is 100 ms).
	e.notify("textDocument/didClose", map[string]any{"textDocument": td})
	e.result("tosca/test/sleep", map[string]any{"ms": 400}, nil)
	if pubs := e.c.Snapshot().Method("textDocument/publishDiagnostics"); len(pubs) != 0 {
		t.Errorf("a pulling client got %d pushes", len(pubs))
	}
}

// The recorded VS Code and Neovim clients announce pull diagnostics: they
// are offered them, pull the broken file's problems and get no push.
func TestE2EClientsPull(t *testing.T) {
	for _, client := range []string{"vscode", "neovim"} {
		t.Run(client, func(t *testing.T) {
			e := startBinary(t)
			service := e.write("service.yaml", brokenTOSCA)
			res := e.initialize(loadPayload(t, client, e.dir))
			if !strings.Contains(mustJSON(t, res), `"diagnosticProvider"`) {
				t.Fatalf("pull diagnostics not offered: %s", mustJSON(t, res))
			}
			e.open(service, "yaml", brokenTOSCA, 1)
			var doc workspaceReport
			e.result("textDocument/diagnostic", map[string]any{"textDocument": map[string]any{"uri": service}}, &doc)
			if doc.Kind != "full" || len(doc.Items) == 0 || !strings.Contains(string(doc.Items[0]), "yaml-syntax") {
				t.Errorf("pulled report: %+v", doc)
			}
			e.result("tosca/test/sleep", map[string]any{"ms": 400}, nil)
			if pubs := e.c.Snapshot().Method("textDocument/publishDiagnostics"); len(pubs) != 0 {
				t.Errorf("%d pushes to a pulling client", len(pubs))
			}
		})
	}
}
