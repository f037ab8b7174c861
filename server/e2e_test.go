package server_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/server"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// End-to-end tests: TestMain builds the real tosca-ls binary and the tests
// drive it over stdin/stdout exactly as an editor does.

var (
	binPath  string
	buildErr error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tosca-ls-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binPath = filepath.Join(dir, "tosca-ls")
	args := []string{"build", "-o", binPath}
	if raceEnabled {
		args = append(args, "-race")
	}
	cmd := exec.Command("go", append(args, "./cmd/tosca-ls")...)
	cmd.Dir = ".." // module root
	if out, err := cmd.CombinedOutput(); err != nil {
		buildErr = fmt.Errorf("go build ./cmd/tosca-ls: %v\n%s", err, out)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// syncBuffer collects the server's stderr.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startBinary starts the built server as a child process.
func startBinary(t *testing.T, args ...string) *env {
	t.Helper()
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	if len(args) == 0 {
		args = []string{"serve", "--log-level", "debug"}
	}
	cmd := exec.Command(binPath, args...)
	cmd.Env = append(os.Environ(), "TOSCA_LS_TEST_HOOKS=1", "XDG_CACHE_HOME="+t.TempDir())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	e := &env{
		t:           t,
		c:           lsptest.New(stdout, stdin),
		dir:         t.TempDir(),
		closeInput:  func() { _ = stdin.Close() },
		closeOutput: func() { _ = stdout.Close() },
	}
	e.wait = func(timeout time.Duration) (int, error) {
		select {
		case <-exited:
		case <-time.After(timeout):
			return -1, errors.New("server process did not exit")
		}
		var ee *exec.ExitError
		if errors.As(waitErr, &ee) {
			return ee.ExitCode(), nil
		}
		return cmd.ProcessState.ExitCode(), waitErr
	}
	t.Cleanup(func() {
		_ = stdin.Close()
		if _, err := e.wait(waitShort); err != nil {
			_ = cmd.Process.Kill()
		}
		if t.Failed() {
			t.Logf("server stderr:\n%s", stderr.String())
		}
		if strings.Contains(stderr.String(), "DATA RACE") {
			t.Errorf("race detected in the server:\n%s", stderr.String())
		}
	})
	return e
}

// loadPayload reads a captured initialize payload and points its folders
// at dir; payloads with null folders (Neovim) stay in single-file mode.
func loadPayload(t *testing.T, name, dir string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "initialize", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	root := string(uri.File(dir))
	if p["rootUri"] != nil {
		p["rootUri"] = root
	}
	if p["rootPath"] != nil {
		p["rootPath"] = dir
	}
	if p["workspaceFolders"] != nil {
		p["workspaceFolders"] = []any{map[string]any{"uri": root, "name": filepath.Base(dir)}}
	}
	p["processId"] = os.Getpid()
	return p
}

func checkCapabilities(t *testing.T, res map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(res)
	var r struct {
		Capabilities struct {
			TextDocumentSync struct {
				OpenClose bool `json:"openClose"`
				Change    int  `json:"change"`
				Save      any  `json:"save"`
			} `json:"textDocumentSync"`
			CompletionProvider struct {
				TriggerCharacters []string `json:"triggerCharacters"`
			} `json:"completionProvider"`
			SignatureHelpProvider struct {
				TriggerCharacters []string `json:"triggerCharacters"`
			} `json:"signatureHelpProvider"`
			RenameProvider struct {
				PrepareProvider bool `json:"prepareProvider"`
			} `json:"renameProvider"`
			CodeActionProvider struct {
				CodeActionKinds []string `json:"codeActionKinds"`
			} `json:"codeActionProvider"`
			SemanticTokensProvider struct {
				Legend struct {
					TokenTypes     []string `json:"tokenTypes"`
					TokenModifiers []string `json:"tokenModifiers"`
				} `json:"legend"`
				Full  any `json:"full"`
				Range any `json:"range"`
			} `json:"semanticTokensProvider"`
			CodeLensProvider *struct {
				ResolveProvider bool `json:"resolveProvider"`
			} `json:"codeLensProvider"`
			Workspace struct {
				WorkspaceFolders struct {
					Supported           bool `json:"supported"`
					ChangeNotifications any  `json:"changeNotifications"`
				} `json:"workspaceFolders"`
			} `json:"workspace"`
		} `json:"capabilities"`
		ServerInfo struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	c := r.Capabilities
	if !c.TextDocumentSync.OpenClose || c.TextDocumentSync.Change != 2 || c.TextDocumentSync.Save == nil {
		t.Errorf("textDocumentSync: %+v", c.TextDocumentSync)
	}
	if !reflect.DeepEqual(c.CompletionProvider.TriggerCharacters, []string{":", " ", ".", "$", "/"}) {
		t.Errorf("completion triggers %q", c.CompletionProvider.TriggerCharacters)
	}
	if !reflect.DeepEqual(c.SignatureHelpProvider.TriggerCharacters, []string{"[", ",", " "}) {
		t.Errorf("signature triggers %q", c.SignatureHelpProvider.TriggerCharacters)
	}
	if !c.RenameProvider.PrepareProvider {
		t.Error("rename without prepareProvider")
	}
	if c.CodeLensProvider == nil || !c.CodeLensProvider.ResolveProvider {
		t.Error("code lenses without resolveProvider (they are counted lazily)")
	}
	if !reflect.DeepEqual(c.CodeActionProvider.CodeActionKinds, []string{"quickfix", "refactor.rewrite"}) {
		t.Errorf("code action kinds %q", c.CodeActionProvider.CodeActionKinds)
	}
	// One legend entry per token type and modifier of the outline, in order.
	types := []string{"type", "class", "variable", "function", "property", "keyword", "namespace", "parameter"}
	modifiers := []string{"declaration", "defaultLibrary", "deprecated"}
	if !reflect.DeepEqual(c.SemanticTokensProvider.Legend.TokenTypes, types) || len(types) != len(outline.TokenTypes) ||
		!reflect.DeepEqual(c.SemanticTokensProvider.Legend.TokenModifiers, modifiers) || len(modifiers) != len(outline.Modifiers) ||
		!reflect.DeepEqual(c.SemanticTokensProvider.Full, map[string]any{"delta": true}) || c.SemanticTokensProvider.Range != true {
		t.Errorf("semantic tokens: %+v", c.SemanticTokensProvider)
	}
	if !c.Workspace.WorkspaceFolders.Supported || c.Workspace.WorkspaceFolders.ChangeNotifications != true {
		t.Errorf("workspace folders: %+v", c.Workspace.WorkspaceFolders)
	}
	for _, key := range []string{"hoverProvider", "definitionProvider", "typeDefinitionProvider", "implementationProvider",
		"referencesProvider", "documentHighlightProvider", "documentSymbolProvider", "workspaceSymbolProvider",
		"documentLinkProvider", "foldingRangeProvider", "inlayHintProvider", "executeCommandProvider", "selectionRangeProvider",
		"declarationProvider", "typeHierarchyProvider"} {
		if !strings.Contains(string(raw), `"`+key+`"`) {
			t.Errorf("capability %s missing", key)
		}
	}
	// Nothing unimplemented is advertised, and pull diagnostics only to
	// clients that pull.
	for _, key := range []string{"documentFormattingProvider", "diagnosticProvider", "callHierarchyProvider"} {
		if strings.Contains(string(raw), `"`+key+`"`) {
			t.Errorf("capability %s advertised but not implemented", key)
		}
	}
	if r.ServerInfo.Name != "tosca-ls" {
		t.Errorf("serverInfo %+v", r.ServerInfo)
	}
}

// TestE2EClients replays the initialize payloads of three real editors and
// runs a full editing session against the binary.
func TestE2EClients(t *testing.T) {
	for _, client := range []string{"vscode", "neovim", "eglot"} {
		t.Run(client, func(t *testing.T) {
			t.Parallel()
			e := startBinary(t)
			other := e.write("other.yaml", validTOSCA)
			service := e.write("service.yaml", brokenTOSCA)

			// Requests before initialize are refused.
			if m := e.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": service}, "position": pos(0, 0)}); m.Error == nil || m.Error.Code != -32002 {
				t.Fatalf("before initialize: want -32002, got %+v", m)
			}

			params := loadPayload(t, client, e.dir)
			// This session is about push: the pulling variant of these
			// clients is TestE2EClientsPull.
			delete(params["capabilities"].(map[string]any)["textDocument"].(map[string]any), "diagnostic")
			res := e.initialize(params)
			checkCapabilities(t, res)
			singleFile := client == "neovim" // rootUri and workspaceFolders are null
			dynamicWatch := client != "neovim"

			e.await("workspace/configuration pull", func(l lsptest.Log) bool {
				return len(l.RequestsFor("workspace/configuration")) > 0
			})
			if !singleFile {
				e.awaitIndexed()
			}

			// Open the broken file from disk: diagnostics for version 1.
			e.open(service, "yaml", brokenTOSCA, 1)
			if singleFile {
				e.awaitIndexed() // the document's folder becomes the workspace
			}
			p := e.awaitPublish(service, "diagnostics after open", versionIs(1))
			// NEEDS analysis.Diagnostics (yaml-syntax).
			if !hasCode(p, "yaml-syntax") {
				t.Errorf("after open: want yaml-syntax, got %s", p.Raw)
			}

			// Incremental edits with multi-byte text and CRLF.
			runDocumentSync(t, e)

			// Fix the service: the latest version gets [] diagnostics.
			e.change(service, 2, edit(rangeOf(2, 12, 2, 13), "{}"))
			e.change(service, 3, edit(rangeOf(1, 13, 1, 19), "fixé 中 😀"))
			p = e.awaitPublish(service, "diagnostics for version 3", versionIs(3))
			if len(p.Diagnostics) != 0 {
				t.Errorf("version 3 is valid, got %s", p.Raw)
			}
			if _, text := e.document(service); text != "tosca_definitions_version: tosca_2_0\ndescription: fixé 中 😀\nnode_types: {}\n" {
				t.Errorf("service text %q", text)
			}

			runRapidEdits(t, e)

			if dynamicWatch {
				e.await("watcher registration", func(l lsptest.Log) bool {
					return len(l.RequestsFor("client/registerCapability")) > 0
				})
				e.write("other.yaml", brokenTOSCA)
				e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": other, "type": 2}}})
				// NEEDS analysis.Diagnostics.
				e.awaitPublish(other, "diagnostics after the disk change", func(p lsptest.Publish) bool {
					return p.Version == nil && hasCode(p, "yaml-syntax")
				})
			} else if regs := e.c.Snapshot().RequestsFor("client/registerCapability"); len(regs) != 0 {
				t.Errorf("registered watchers although the client cannot: %s", regs[0].Params)
			}

			// Closing a workspace file: the disk content (still broken) takes over.
			e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": service}})
			e.awaitPublish(service, "disk diagnostics after close", func(p lsptest.Publish) bool {
				return p.Version == nil && hasCode(p, "yaml-syntax")
			})
			runDiagnosticsLifecycle(t, e, !singleFile)

			if m := e.call("shutdown", json.RawMessage(`{}`)); m.Error != nil {
				t.Fatalf("shutdown: %v", m.Error)
			}
			e.notify("exit", nil)
			if code, err := e.wait(waitShort); code != 0 || err != nil {
				t.Fatalf("exit code %d (%v), want 0", code, err)
			}
			if err := e.c.WaitClosed(waitShort); err != nil {
				t.Fatal(err)
			}
			checkPublishes(t, e.c.Snapshot())
		})
	}
}

func TestE2EExitWithoutShutdown(t *testing.T) {
	e := startBinary(t)
	e.initialize(defaultInitParams(e.dir))
	e.notify("exit", nil)
	if code, err := e.wait(waitShort); code != 1 || err != nil {
		t.Fatalf("exit without shutdown: code %d (%v), want 1", code, err)
	}
}

func TestE2EStdinEOF(t *testing.T) {
	e := startBinary(t, "--stdio")
	e.initialize(defaultInitParams(e.dir))
	e.closeInput()
	if code, err := e.wait(waitShort); code != 0 || err != nil {
		t.Fatalf("stdin EOF: code %d (%v), want 0", code, err)
	}
}

func TestE2ECancelPanicAndRangeless(t *testing.T) {
	e := startBinary(t)
	e.initialize(defaultInitParams(e.dir))

	// Cancellation with a numeric id.
	p, err := e.c.StartWithID(json.RawMessage(`77`), "tosca/test/sleep", map[string]any{"ms": 60000})
	if err != nil {
		t.Fatal(err)
	}
	e.notify("$/cancelRequest", map[string]any{"id": 77})
	m, err := p.Wait(e.ctx())
	if err != nil || m.Error == nil || m.Error.Code != -32800 {
		t.Fatalf("numeric cancel: %+v %v", m, err)
	}

	// A panic answers InternalError and the server keeps serving.
	if m := e.call("tosca/test/panic", nil); m.Error == nil || m.Error.Code != -32603 {
		t.Fatalf("panic: %+v", m)
	}
	e.result("tosca/test/sleep", map[string]any{"ms": 1}, nil)

	// A rangeless didChange replaces the text.
	u := e.uri("r.yaml")
	e.open(u, "yaml", brokenTOSCA, 1)
	e.change(u, 2, edit(nil, validTOSCA))
	if v, text := e.document(u); v != 2 || text != validTOSCA {
		t.Fatalf("rangeless change: %d %q", v, text)
	}
	e.awaitPublish(u, "diagnostics for the replaced text", func(p lsptest.Publish) bool {
		return p.Version != nil && *p.Version == 2 && len(p.Diagnostics) == 0
	})

	if m := e.call("shutdown", nil); m.Error != nil {
		t.Fatal(m.Error)
	}
	e.notify("exit", nil)
	if code, _ := e.wait(waitShort); code != 0 {
		t.Fatalf("exit code %d", code)
	}
}

func TestE2ECommandLine(t *testing.T) {
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	out, err := exec.Command(binPath, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "tosca-ls ") {
		t.Fatalf("version: %q %v", out, err)
	}
	for _, args := range [][]string{{"bogus"}, {"serve", "--log-level", "loud"}, {"serve", "extra"}} {
		err := exec.Command(binPath, args...).Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 {
			t.Errorf("%v: want exit code 2, got %v", args, err)
		}
	}
	logFile := filepath.Join(t.TempDir(), "ls.log")
	e := startBinary(t, "serve", "--log-file", logFile, "--log-level", "info")
	e.initialize(defaultInitParams(e.dir))
	e.call("shutdown", nil)
	e.notify("exit", nil)
	if code, _ := e.wait(waitShort); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	if raw, err := os.ReadFile(logFile); err != nil || !strings.Contains(string(raw), "initialize") {
		t.Fatalf("log file: %q %v", raw, err)
	}
	if st, err := os.Stat(logFile); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("log file created with mode %v (%v), want 0600", st.Mode().Perm(), err)
	}
}

// TestE2EGarbageThenRequest pipes garbage into the binary: it answers what
// deserves an answer, skips the rest, serves the next request and exits
// cleanly.
func TestE2EGarbageThenRequest(t *testing.T) {
	e := startBinary(t)
	garbage := "Starting...\r\nnot a header\r\n" + server.Frame("not JSON") + "Content-Length: -1\r\n\r\n" + server.Frame(`[1]`)
	if err := e.c.SendRaw([]byte(garbage)); err != nil {
		t.Fatal(err)
	}
	e.initialize(defaultInitParams(e.dir))
	var codes []int
	for _, m := range e.c.Snapshot().Unmatched {
		if m.Error != nil && string(m.ID) == "null" {
			codes = append(codes, m.Error.Code)
		}
	}
	if !reflect.DeepEqual(codes, []int{-32700, -32600}) {
		t.Errorf("answers to the garbage: %v, want ParseError then InvalidRequest", raws(e.c.Snapshot().Unmatched))
	}
	if m := e.call("shutdown", nil); m.Error != nil {
		t.Fatal(m.Error)
	}
	e.notify("exit", nil)
	if code, err := e.wait(waitShort); code != 0 || err != nil {
		t.Fatalf("exit code %d (%v), want 0", code, err)
	}
}

// TestE2EClientStopsReading: when the editor closes the server's stdout
// but not its stdin, the next write fails and the server exits cleanly
// instead of dying of SIGPIPE or waiting forever.
func TestE2EClientStopsReading(t *testing.T) {
	e := startBinary(t)
	e.initialize(defaultInitParams(e.dir))
	e.closeOutput()
	// The request makes the server write. It may have written already (its
	// own requests after initialize) and stopped: then the pipe to it is
	// closed too, which is the outcome wanted.
	if err := e.c.Send([]byte(`{"jsonrpc":"2.0","id":"x","method":"tosca/test/sleep","params":{"ms":0}}`)); err != nil && !errors.Is(err, syscall.EPIPE) {
		t.Fatal(err)
	}
	if code, err := e.wait(waitShort); code != 0 || err != nil {
		t.Fatalf("exit code %d (%v), want 0", code, err)
	}
}
