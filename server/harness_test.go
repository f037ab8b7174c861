package server_test

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// In-process tests: the real server over pipes with real framing.

func TestShutdownWithEmptyParamsThenExit(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	m := e.call("shutdown", json.RawMessage(`{}`))
	if m.Error != nil || string(m.Result) != "null" {
		t.Fatalf("shutdown {}: %+v (result %s)", m.Error, m.Result)
	}
	if m := e.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": e.uri("a.yaml")}, "position": pos(0, 0)}); m.Error == nil || m.Error.Code != -32600 {
		t.Fatalf("request after shutdown: want InvalidRequest, got %+v", m)
	}
	e.notify("exit", json.RawMessage(`{}`))
	if code, err := e.wait(waitShort); code != 0 || err != nil {
		t.Fatalf("exit after shutdown: code %d err %v, want 0", code, err)
	}
}

func TestShutdownWithNullParams(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	if m := e.call("shutdown", json.RawMessage(`null`)); m.Error != nil {
		t.Fatalf("shutdown null: %v", m.Error)
	}
	e.notify("exit", nil)
	if code, _ := e.wait(waitShort); code != 0 {
		t.Fatalf("code %d", code)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	e.notify("exit", nil)
	if code, err := e.wait(waitShort); code != 1 || err != nil {
		t.Fatalf("exit without shutdown: code %d err %v, want 1", code, err)
	}
}

func TestCancelRequest(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	for _, tc := range []struct {
		name string
		id   json.RawMessage
	}{
		{"numeric", json.RawMessage(`4242`)},
		{"string", json.RawMessage(`"sleep-1"`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			p, err := e.c.StartWithID(tc.id, "tosca/test/sleep", map[string]any{"ms": 30000})
			if err != nil {
				t.Fatal(err)
			}
			e.notify("$/cancelRequest", map[string]any{"id": tc.id})
			m, err := p.Wait(e.ctx())
			if err != nil {
				t.Fatal(err)
			}
			if m.Error == nil || m.Error.Code != -32800 {
				t.Fatalf("want RequestCancelled (-32800), got %+v", m)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("cancellation took %v", d)
			}
		})
	}
	// Ids the protocol package cannot decode, or unknown ones, are ignored
	// without closing the connection.
	for _, raw := range []string{`{"id":4000000000}`, `{"id":1.5}`, `{"id":null}`, `{}`, `[]`, `{"id":{"x":1}}`} {
		e.notify("$/cancelRequest", json.RawMessage(raw))
	}
	var slept map[string]int
	e.result("tosca/test/sleep", map[string]any{"ms": 1}, &slept)
	if slept["slept"] != 1 {
		t.Fatalf("sleep result %v", slept)
	}
}

func TestPanicIsRecovered(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	m := e.call("tosca/test/panic", nil)
	if m.Error == nil || m.Error.Code != -32603 {
		t.Fatalf("want InternalError (-32603), got %+v", m)
	}
	e.result("tosca/test/sleep", map[string]any{"ms": 0}, nil)
	// The panic is logged to the client as an error.
	e.await("window/logMessage for the panic", func(l lsptest.Log) bool {
		for _, m := range l.Method("window/logMessage") {
			if strings.Contains(string(m.Params), "panic") && strings.Contains(string(m.Params), `"type":1`) {
				return true
			}
		}
		return false
	})
}

// TestSlowRequestDoesNotDelayEdits: a long request runs concurrently; the
// following notifications are applied in order meanwhile.
func TestSlowRequestDoesNotDelayEdits(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	u := e.uri("slow.yaml")
	slow, err := e.c.Start("tosca/test/sleep", map[string]any{"ms": 30000})
	if err != nil {
		t.Fatal(err)
	}
	e.open(u, "yaml", validTOSCA, 1)
	want := validTOSCA
	for v := 2; v <= 40; v++ {
		e.change(u, v, edit(rangeOf(1, 0, 1, 0), "#"))
		want = want[:len("tosca_definitions_version: tosca_2_0\n")] + "#" + want[len("tosca_definitions_version: tosca_2_0\n"):]
	}
	version, text := e.document(u)
	if version != 40 || text != want {
		t.Fatalf("document version %d text %q, want 40 %q", version, text, want)
	}
	e.notify("$/cancelRequest", map[string]any{"id": json.RawMessage(slow.ID)})
	if m, err := slow.Wait(e.ctx()); err != nil || m.Error == nil || m.Error.Code != -32800 {
		t.Fatalf("slow request: %+v %v", m, err)
	}
}

func TestDocumentSync(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	runDocumentSync(t, e)
}

// runDocumentSync checks incremental edits on UTF-16 positions with
// multi-byte text and CRLF, rangeless and "range": null full replacements.
func runDocumentSync(t *testing.T, e *env) {
	u := e.uri("sync.yaml")
	text := "tosca_definitions_version: tosca_2_0\r\ndescription: \"é中😀\"\r\nnode_types: [\r\n"
	e.open(u, "yaml", text, 1)
	// After the emoji (UTF-16 column 18), insert X.
	e.change(u, 2, edit(rangeOf(1, 18, 1, 18), "X"))
	// Replace "[" with "{}" and then insert a comment line with an emoji,
	// in one notification: the second change sees the first's result.
	e.change(u, 3,
		edit(rangeOf(2, 12, 2, 13), "{}"),
		edit(rangeOf(2, 0, 2, 0), "# 😀 tab\there\r\n"))
	// Delete "中" (one UTF-16 unit, three bytes) and the emoji (two units).
	e.change(u, 4, edit(rangeOf(1, 15, 1, 18), ""))
	want := "tosca_definitions_version: tosca_2_0\r\ndescription: \"éX\"\r\n# 😀 tab\there\r\nnode_types: {}\r\n"
	if v, got := e.document(u); v != 4 || got != want {
		t.Fatalf("after incremental edits: version %d\n got %q\nwant %q", v, got, want)
	}
	// A change without range replaces the whole text.
	e.change(u, 5, edit(nil, validTOSCA))
	if v, got := e.document(u); v != 5 || got != validTOSCA {
		t.Fatalf("rangeless change: version %d text %q", v, got)
	}
	// "range": null too (go.lsp.dev v1.0.1 would insert at 0:0).
	e.notify("textDocument/didChange", json.RawMessage(`{"textDocument":{"uri":"`+u+`","version":6},"contentChanges":[{"range":null,"text":"tosca_definitions_version: tosca_2_0\n"}]}`))
	if v, got := e.document(u); v != 6 || got != "tosca_definitions_version: tosca_2_0\n" {
		t.Fatalf("range null: version %d text %q", v, got)
	}
	// A stale incremental change is dropped rather than corrupting the text.
	e.change(u, 3, edit(rangeOf(0, 0, 0, 0), "STALE"))
	if v, got := e.document(u); v != 6 || strings.Contains(got, "STALE") {
		t.Fatalf("stale change applied: version %d text %q", v, got)
	}
}

func TestDiagnosticsLifecycle(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	runDiagnosticsLifecycle(t, e, true)
}

// runDiagnosticsLifecycle: open → publish (version, non-null) → fix →
// publish [] for the new version → non-TOSCA ignored → close outside the
// workspace → [].
func runDiagnosticsLifecycle(t *testing.T, e *env, closeOutside bool) {
	u := e.uri("broken.yaml")
	e.open(u, "yaml", brokenTOSCA, 1)
	p := e.awaitPublish(u, "diagnostics for version 1", versionIs(1))
	// NEEDS analysis.Diagnostics (yaml-syntax for the unclosed "[").
	if !hasCode(p, "yaml-syntax") {
		t.Errorf("version 1: want a yaml-syntax diagnostic, got %s", p.Raw)
	}
	e.change(u, 2, edit(rangeOf(2, 12, 2, 13), "{}"))
	p = e.awaitPublish(u, "diagnostics for version 2", versionIs(2))
	if len(p.Diagnostics) != 0 {
		t.Errorf("version 2 is valid YAML, got %s", p.Raw)
	}

	// Other YAML is not analysed: no diagnostics, empty results.
	y := e.uri("k8s.yaml")
	e.open(y, "yaml", plainYAML, 1)
	var items struct {
		Items []any `json:"items"`
	}
	e.result("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": y}, "position": pos(0, 0)}, &items)
	if items.Items == nil || len(items.Items) != 0 {
		t.Errorf("completion on plain YAML: %+v", items)
	}
	var syms []any
	e.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": y}}, &syms)
	if syms == nil || len(syms) != 0 {
		t.Errorf("symbols on plain YAML: %v", syms)
	}

	// A document outside the workspace folders gets [] when closed.
	if closeOutside {
		outside := t.TempDir() + "/outside.yaml"
		ou := "file://" + outside
		e.open(ou, "tosca", brokenTOSCA, 7)
		e.awaitPublish(ou, "diagnostics for the outside document", versionIs(7))
		e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": ou}})
		e.awaitPublish(ou, "[] after close", func(p lsptest.Publish) bool { return p.Version == nil && !p.Null && len(p.Diagnostics) == 0 })
	}
	// A forced republish barrier: the plain YAML file never got diagnostics.
	e.open(e.uri("barrier.yaml"), "yaml", validTOSCA, 1)
	l := e.await("barrier publish", func(l lsptest.Log) bool { return len(l.Publishes(e.uri("barrier.yaml"))) > 0 })
	if ps := l.Publishes(y); len(ps) != 0 {
		t.Errorf("plain YAML got diagnostics: %s", ps[0].Raw)
	}
	checkPublishes(t, l)
}

func TestLanguageIDTosca(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	// Content without the header, but the client says it is TOSCA.
	u := e.uri("fragment.yaml")
	e.open(u, "tosca", "node_types: [\n", 1)
	e.awaitPublish(u, "diagnostics for a languageId tosca document", versionIs(1))
}

// TestLanguageIDCompletion: an empty document completes the top-level
// keynames of the language the client gives it, its version keyname first.
func TestLanguageIDCompletion(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	for id, want := range map[string]string{"tosca": "tosca_definitions_version", "heat": "heat_template_version"} {
		u := e.uri("new-" + id + ".yaml")
		e.open(u, id, "", 1)
		var list struct {
			Items []struct {
				Label    string `json:"label"`
				SortText string `json:"sortText"`
			} `json:"items"`
		}
		e.result("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(0, 0)}, &list)
		sort.SliceStable(list.Items, func(i, j int) bool { return list.Items[i].SortText < list.Items[j].SortText })
		if len(list.Items) == 0 || list.Items[0].Label != want {
			t.Errorf("an empty %s document completes %+v, want %s first", id, list.Items, want)
		}
	}
}

func TestRapidEditsNeverPublishStale(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	runRapidEdits(t, e)
}

// runRapidEdits types quickly and checks the diagnostics: versions never go
// back, and the last publish is for the last version with its content.
func runRapidEdits(t *testing.T, e *env) {
	u := e.uri("rapid.yaml")
	e.open(u, "yaml", validTOSCA, 1)
	e.awaitPublish(u, "first publish", versionIs(1))
	const last = 60
	for v := 2; v <= last; v++ {
		text := validTOSCA
		if v%2 == 0 || v == last {
			text = brokenTOSCA // odd versions valid, even (and the last) broken
		}
		e.change(u, v, edit(nil, text))
	}
	p := e.awaitPublish(u, "publish for the last version", versionIs(last))
	// NEEDS analysis.Diagnostics: the last version is broken.
	if !hasCode(p, "yaml-syntax") {
		t.Errorf("last version: want yaml-syntax, got %s", p.Raw)
	}
	// Flush: a new document's first publish comes after anything pending
	// for rapid.yaml (same diagnostics queue), then check the invariants.
	e.open(e.uri("flush.yaml"), "yaml", validTOSCA, 1)
	l := e.await("flush publish", func(l lsptest.Log) bool { return len(l.Publishes(e.uri("flush.yaml"))) > 0 })
	checkPublishes(t, l)
	if lp, _ := l.LastPublish(u); lp.Version == nil || *lp.Version != last {
		t.Fatalf("last publish for %s is %s, want version %d", u, lp.Raw, last)
	}
}

func TestWatchedFilesAndImporters(t *testing.T) {
	e := startInProcess(t)
	runWatchedFiles(t, e, defaultInitParams(e.dir))
}

// runWatchedFiles: a closed workspace file changes on disk; the change
// arrives as workspace/didChangeWatchedFiles and is diagnosed.
func runWatchedFiles(t *testing.T, e *env, initParams any) {
	other := e.write("other.yaml", validTOSCA)
	e.initialize(initParams)
	e.awaitIndexed()
	e.write("other.yaml", brokenTOSCA)
	e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": other, "type": 2}}})
	// NEEDS analysis.Diagnostics: only non-empty results are published for
	// a file never published before.
	p := e.awaitPublish(other, "diagnostics after the disk change", func(p lsptest.Publish) bool { return len(p.Diagnostics) > 0 })
	if p.Version != nil {
		t.Errorf("closed file published with a version: %s", p.Raw)
	}
	e.write("other.yaml", validTOSCA)
	e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": other, "type": 2}}})
	e.awaitPublish(other, "[] after the fix on disk", func(p lsptest.Publish) bool { return !p.Null && len(p.Diagnostics) == 0 })
	// Deleting a file clears its diagnostics.
	n := len(e.c.Snapshot().Publishes(other))
	e.write("other.yaml", brokenTOSCA)
	e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": other, "type": 2}}})
	e.await("broken again", func(l lsptest.Log) bool {
		ps := l.Publishes(other)
		return len(ps) > n && len(ps[len(ps)-1].Diagnostics) > 0
	})
	if err := removeFile(other); err != nil {
		t.Fatal(err)
	}
	e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": other, "type": 3}}})
	e.await("[] after delete", func(l lsptest.Log) bool {
		ps := l.Publishes(other)
		return len(ps) > n+1 && !ps[len(ps)-1].Null && len(ps[len(ps)-1].Diagnostics) == 0
	})
}

func TestConfigurationOverrides(t *testing.T) {
	e := startInProcess(t)
	// Pulled settings turn yaml-syntax into a warning.
	e.c.SetSettings(map[string]any{"diagnosticsDelay": 10, "diagnostics": map[string]string{"yaml-syntax": "warning"}})
	e.initialize(defaultInitParams(e.dir))
	e.await("workspace/configuration pull", func(l lsptest.Log) bool {
		return len(l.RequestsFor("workspace/configuration")) > 0
	})
	e.awaitIndexed()
	u := e.uri("cfg.yaml")
	e.open(u, "yaml", brokenTOSCA, 1)
	// NEEDS analysis.Diagnostics.
	p := e.awaitPublish(u, "diagnostics", versionIs(1))
	for _, d := range p.Diagnostics {
		if d.CodeString() == "yaml-syntax" && d.Severity != 2 {
			t.Errorf("severity override not applied: %s", p.Raw)
		}
	}
	if !hasCode(p, "yaml-syntax") {
		t.Errorf("want yaml-syntax: %s", p.Raw)
	}
	// Pushed settings (VS Code style) turn it off.
	e.c.SetSettings(nil)
	e.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tosca": map[string]any{"diagnostics": map[string]string{"yaml-syntax": "off"}}}})
	e.awaitPublish(u, "republish without the disabled code", func(p lsptest.Publish) bool {
		return !hasCode(p, "yaml-syntax") && p.Version != nil && *p.Version == 1
	})
	// Invalid settings are reported to the client.
	e.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tosca": map[string]any{"diagnosticsDelay": "soon"}}})
	e.await("warning about the invalid setting", func(l lsptest.Log) bool {
		for _, m := range l.Method("window/logMessage") {
			if strings.Contains(string(m.Params), "diagnosticsDelay") {
				return true
			}
		}
		return false
	})
}

func TestSetTrace(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	e.notify("$/setTrace", map[string]any{"value": "verbose"})
	e.result("tosca/test/sleep", map[string]any{"ms": 0}, nil)
	e.await("$/logTrace", func(l lsptest.Log) bool {
		for _, m := range l.Method("$/logTrace") {
			if strings.Contains(string(m.Params), "tosca/test/sleep") && strings.Contains(string(m.Params), "verbose") {
				return true
			}
		}
		return false
	})
}

func TestProgressAndWatcherRegistration(t *testing.T) {
	e := startInProcess(t)
	e.write("a.yaml", validTOSCA)
	e.write("sub/b.yml", validTOSCA)
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	l := e.c.Snapshot()
	if len(l.RequestsFor("window/workDoneProgress/create")) == 0 {
		t.Error("no window/workDoneProgress/create")
	}
	var begin bool
	for _, m := range l.Method("$/progress") {
		begin = begin || strings.Contains(string(m.Params), `"kind":"begin"`)
	}
	if !begin {
		t.Error("no $/progress begin")
	}
	regs := l.RequestsFor("client/registerCapability")
	if len(regs) == 0 {
		t.Fatal("no client/registerCapability")
	}
	for _, glob := range []string{`**/*.{yaml,yml,tosca}`, `**/TOSCA-Metadata/TOSCA.meta`} {
		if !strings.Contains(string(regs[0].Params), glob) {
			t.Errorf("registration lacks %s: %s", glob, regs[0].Params)
		}
	}
	if !strings.Contains(string(regs[0].Params), "workspace/didChangeWatchedFiles") {
		t.Errorf("registration: %s", regs[0].Params)
	}
}

func TestWorkspaceFoldersChange(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	extra := t.TempDir()
	e.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
		"added":   []any{map[string]any{"uri": "file://" + extra, "name": "extra"}},
		"removed": []any{map[string]any{"uri": e.uri(""), "name": "ws"}},
	}})
	e.await("indexing of the added folder", func(l lsptest.Log) bool {
		n := 0
		for _, m := range l.Method("$/progress") {
			if strings.Contains(string(m.Params), `"kind":"end"`) {
				n++
			}
		}
		return n >= 2
	})
}

// TestAllFeaturesRouted calls every advertised feature on a TOSCA document
// and checks each answers without error.
func TestAllFeaturesRouted(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	u := e.uri("features.yaml")
	src := "tosca_definitions_version: tosca_2_0\nnode_types:\n  My:\n    derived_from: tosca.nodes.Root\nservice_template:\n  node_templates:\n    a:\n      type: My\n      properties:\n        p: { get_input: x }\n"
	e.open(u, "yaml", src, 1)
	td := map[string]any{"uri": u}
	at := map[string]any{"textDocument": td, "position": pos(7, 13)}
	for _, c := range []struct {
		method string
		params any
	}{
		{"textDocument/completion", at},
		{"textDocument/hover", at},
		{"textDocument/definition", at},
		{"textDocument/declaration", at},
		{"textDocument/prepareTypeHierarchy", at},
		{"textDocument/codeLens", map[string]any{"textDocument": td}},
		{"textDocument/typeDefinition", at},
		{"textDocument/implementation", at},
		{"textDocument/references", map[string]any{"textDocument": td, "position": pos(2, 3), "context": map[string]any{"includeDeclaration": true}}},
		{"textDocument/documentHighlight", at},
		{"textDocument/prepareRename", at},
		{"textDocument/documentSymbol", map[string]any{"textDocument": td}},
		{"workspace/symbol", map[string]any{"query": "My"}},
		{"textDocument/codeAction", map[string]any{"textDocument": td, "range": rangeOf(0, 0, 9, 0), "context": map[string]any{"diagnostics": []any{}}}},
		{"textDocument/documentLink", map[string]any{"textDocument": td}},
		{"textDocument/foldingRange", map[string]any{"textDocument": td}},
		{"textDocument/semanticTokens/full", map[string]any{"textDocument": td}},
		{"textDocument/signatureHelp", map[string]any{"textDocument": td, "position": pos(9, 22)}},
	} {
		m := e.call(c.method, c.params)
		if m.Error != nil {
			t.Errorf("%s: %v", c.method, m.Error)
		}
	}
	// rename may legitimately refuse; it must answer RequestFailed then.
	m := e.call("textDocument/rename", map[string]any{"textDocument": td, "position": pos(2, 3), "newName": "Mine"})
	if m.Error != nil && m.Error.Code != -32803 {
		t.Errorf("rename: %v", m.Error)
	}
	var tokens struct {
		Data []int `json:"data"`
	}
	e.result("textDocument/semanticTokens/full", map[string]any{"textDocument": td}, &tokens)
	if tokens.Data == nil || len(tokens.Data)%5 != 0 {
		t.Errorf("semantic tokens data %v", tokens.Data)
	}
}

// TestUntitledDocument: non-file URIs are served under a virtual key.
func TestUntitledDocument(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	u := "untitled:Untitled-1"
	e.open(u, "yaml", brokenTOSCA, 1)
	e.awaitPublish(u, "diagnostics for untitled", versionIs(1))
	e.change(u, 2, edit(rangeOf(0, 0, 0, 0), "# c\n"))
	if v, text := e.document(u); v != 2 || !strings.HasPrefix(text, "# c\n") {
		t.Fatalf("untitled doc: %d %q", v, text)
	}
	e.result("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(1, 2)}, nil)
	e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": u}})
	e.awaitPublish(u, "[] after closing untitled", func(p lsptest.Publish) bool { return p.Version == nil && len(p.Diagnostics) == 0 && !p.Null })
}

// TestUntitledDocumentsAreForgotten opens and closes thousands of distinct
// untitled documents with long URIs, TOSCA and not: once closed, nothing of
// them is kept (each distinct non-file URI used to be remembered for good,
// 125 MB per 100,000; the index kept who waited for a missing import, the
// engine the results of a file gone).
func TestUntitledDocumentsAreForgotten(t *testing.T) {
	e, stop := runInProcess(t.TempDir(), t.TempDir(), zap.NewNop())
	e.t = t
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	params := defaultInitParams(e.dir)
	params["initializationOptions"] = map[string]any{"diagnosticsDelay": 0}
	e.initialize(params)
	e.awaitIndexed()
	long := strings.Repeat("x", 2000)
	cycle := func(from, to int) {
		for i := from; i < to; i++ {
			u := fmt.Sprintf("untitled:%s-%d", long, i)
			if i%2 == 0 {
				// Imports of a file and a profile that do not exist: the
				// index remembers who waits for them while it is open.
				e.open(u, "tosca", validTOSCA+"imports: [missing-"+long+".yaml, {profile: missing.profile:"+long+"}]\n", 1)
				// Diagnosed: the engine holds its results while it is open.
				e.awaitPublish(u, "diagnostics of an untitled document", versionIs(1))
				e.c.Forget()
			} else {
				e.open(u, "yaml", plainYAML, 1)
			}
			e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": u}})
		}
		// Settled: a document opened last is seen by a request once the
		// index committed everything queued before it.
		u := fmt.Sprintf("untitled:settle-%d", to)
		e.open(u, "tosca", validTOSCA, 1)
		e.result("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(0, 1)}, nil)
		e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": u}})
		e.result("tosca/test/sleep", map[string]any{"ms": 0}, nil)
		e.c.Forget()
	}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	const n = 5000
	cycle(0, 200) // what a first document builds
	before := heap()
	cycle(200, 200+n)
	// Diagnostics of the closed documents may still be pending (they wait
	// for a quiet period): the heap is read again until they ran.
	var after uint64
	for end := time.Now().Add(waitShort); ; {
		after = heap()
		if int64(after)-int64(before) < 4<<20 || time.Now().After(end) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	grown := int64(after) - int64(before)
	t.Logf("heap %d MB before, %d MB after %d untitled documents of %d-byte URIs", before>>20, after>>20, n, len(long))
	// Each URI is 2 kB: keeping them (and their keys) would be 20 MB.
	if grown > 4<<20 {
		t.Errorf("the heap grew by %d MB over %d documents opened and closed", grown>>20, n)
	}
}

// TestRequestAnsweredWhileTyping: a request about a document that keeps
// being edited, faster than it is parsed, is answered while the edits go
// on (it waits for the version it saw, not for typing to stop).
func TestRequestAnsweredWhileTyping(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	u := e.uri("big.yaml")
	src := "tosca_definitions_version: tosca_2_0\nnode_types:\n  T:\n    derived_from: Root\nmetadata:\n" + strings.Repeat("  key: value\n", 50000)
	e.open(u, "tosca", src, 1)
	stop := make(chan struct{})
	typed := make(chan error, 1)
	go func() {
		for v := 2; ; v++ {
			select {
			case <-stop:
				typed <- nil
				return
			case <-time.After(time.Millisecond): // faster than a parse
			}
			if err := e.c.Notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": u, "version": v},
				"contentChanges": []any{edit(rangeOf(4, 9, 4, 9), "x")},
			}); err != nil {
				typed <- err
				return
			}
		}
	}()
	m, err := e.c.Call(e.ctx(), "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(3, 20)})
	close(stop)
	if err := <-typed; err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatalf("hover while typing went on: %v", err)
	}
	if m.Error != nil {
		t.Fatalf("hover: %v", m.Error)
	}
}
