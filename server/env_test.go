package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/uri"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/tosca-ls/tosca-ls/server"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// Test environment shared by the in-process harness tests and the
// end-to-end tests that drive the built binary: a fake client connected to
// a server, and a way to learn how the server ended.

const (
	waitLong  = 20 * time.Second // generous: CI machines are slow and noisy
	waitShort = 5 * time.Second
)

type env struct {
	t    *testing.T
	c    *lsptest.Client
	dir  string                           // workspace folder
	wait func(time.Duration) (int, error) // exit code of the server
	// closeInput simulates the editor closing the server's stdin,
	// closeOutput the editor no longer reading the server's stdout.
	closeInput, closeOutput func()
}

// in is e reporting to t (a subtest).
func (e *env) in(t *testing.T) *env {
	c := *e
	c.t = t
	return &c
}

// startInProcess runs server.Run over pipes for the duration of t.
func startInProcess(t *testing.T) *env {
	t.Helper()
	e, stop := runInProcess(t.TempDir(), t.TempDir(), zaptest.NewLogger(t, zaptest.Level(zap.InfoLevel)))
	e.t = t
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("server shutdown: %v", err)
		}
	})
	return e
}

// runInProcess runs server.Run over pipes with dir as the workspace folder
// and cacheDir for the profiles. The env reports to no test until given
// one with in. stop closes the server's input and waits for its end.
func runInProcess(dir, cacheDir string, log *zap.Logger) (e *env, stop func() error) {
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	level := zap.NewAtomicLevelAt(zap.DebugLevel)
	opts := server.Options{
		Version:   "test",
		Logger:    log,
		Level:     &level,
		CacheDir:  cacheDir,
		TestHooks: true,
	}
	stopped := make(chan struct{})
	var code int
	var runErr error
	go func() {
		err := server.Run(ctx, serverIn, serverOut, opts)
		_ = serverOut.Close()
		switch {
		case err == nil:
		case errors.Is(err, server.ErrExitWithoutShutdown):
			code = 1
		default:
			code, runErr = 1, err
		}
		close(stopped)
	}()
	e = &env{
		c:           lsptest.New(clientIn, clientOut),
		dir:         dir,
		closeInput:  func() { _ = clientOut.Close() },
		closeOutput: func() { _ = clientIn.Close() },
	}
	e.wait = func(timeout time.Duration) (int, error) {
		select {
		case <-stopped:
			return code, runErr
		case <-time.After(timeout):
			return -1, errors.New("server did not stop")
		}
	}
	stop = func() error {
		e.closeInput()
		_, err := e.wait(waitShort)
		cancel()
		return err
	}
	return e, stop
}

func (e *env) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitLong)
	e.t.Cleanup(cancel)
	return ctx
}

func (e *env) uri(rel string) string { return string(uri.File(filepath.Join(e.dir, rel))) }

func (e *env) write(rel, content string) string {
	e.t.Helper()
	p := filepath.Join(e.dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		e.t.Fatal(err)
	}
	return string(uri.File(p))
}

// call sends a request and fails the test on transport errors.
func (e *env) call(method string, params any) *lsptest.Message {
	e.t.Helper()
	m, err := e.c.Call(e.ctx(), method, params)
	if err != nil {
		e.t.Fatalf("%s: %v", method, err)
	}
	return m
}

// result calls and decodes a successful result.
func (e *env) result(method string, params, out any) {
	e.t.Helper()
	m := e.call(method, params)
	if m.Error != nil {
		e.t.Fatalf("%s: unexpected error %v", method, m.Error)
	}
	if out != nil {
		if err := json.Unmarshal(m.Result, out); err != nil {
			e.t.Fatalf("%s: decode %s: %v", method, m.Result, err)
		}
	}
}

func (e *env) notify(method string, params any) {
	e.t.Helper()
	if err := e.c.Notify(method, params); err != nil {
		e.t.Fatalf("%s: %v", method, err)
	}
}

func (e *env) await(what string, cond func(lsptest.Log) bool) lsptest.Log {
	e.t.Helper()
	l, err := e.c.Await(waitLong, cond)
	if err != nil {
		e.t.Fatalf("waiting for %s: %v\nreceived: %s", what, err, dump(l))
	}
	return l
}

func dump(l lsptest.Log) string {
	var b strings.Builder
	for _, m := range l.Notifications {
		raw, _ := json.Marshal(m)
		if len(raw) > 400 {
			raw = append(raw[:400], "…"...)
		}
		b.WriteString("\n  ")
		b.Write(raw)
	}
	return b.String()
}

// defaultInitParams is a capable client rooted at dir.
func defaultInitParams(dir string) map[string]any {
	root := string(uri.File(dir))
	return map[string]any{
		"processId": nil,
		"rootUri":   root,
		"workspaceFolders": []any{
			map[string]any{"uri": root, "name": filepath.Base(dir)},
		},
		"capabilities": map[string]any{
			"workspace": map[string]any{
				"configuration":         true,
				"workspaceFolders":      true,
				"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true},
				"workspaceEdit":         map[string]any{"documentChanges": true},
			},
			"window": map[string]any{"workDoneProgress": true},
			"textDocument": map[string]any{
				"documentSymbol": map[string]any{"hierarchicalDocumentSymbolSupport": true},
				"completion":     map[string]any{"completionItem": map[string]any{"snippetSupport": true}},
			},
		},
	}
}

// initialize runs initialize + initialized and returns the result.
func (e *env) initialize(params any) map[string]any {
	e.t.Helper()
	var res map[string]any
	e.result("initialize", params, &res)
	e.notify("initialized", map[string]any{})
	return res
}

// awaitIndexed waits for the end of the first indexing progress.
func (e *env) awaitIndexed() {
	e.t.Helper()
	e.await("indexing to finish", func(l lsptest.Log) bool {
		for _, m := range l.Method("$/progress") {
			if strings.Contains(string(m.Params), `"kind":"end"`) {
				return true
			}
		}
		return false
	})
}

func (e *env) open(u, languageID, text string, version int) {
	e.t.Helper()
	e.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": u, "languageId": languageID, "version": version, "text": text,
	}})
}

func pos(line, char int) map[string]any { return map[string]any{"line": line, "character": char} }

func rangeOf(sl, sc, el, ec int) map[string]any {
	return map[string]any{"start": pos(sl, sc), "end": pos(el, ec)}
}

// edit is one content change; a nil range means the whole document.
func edit(r map[string]any, text string) map[string]any {
	if r == nil {
		return map[string]any{"text": text}
	}
	return map[string]any{"range": r, "text": text}
}

func (e *env) change(u string, version int, changes ...map[string]any) {
	e.t.Helper()
	e.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": version},
		"contentChanges": changes,
	})
}

// document reads the server's copy of an open document (test hook).
func (e *env) document(u string) (version int, text string) {
	e.t.Helper()
	var res *struct {
		Version int    `json:"version"`
		Text    string `json:"text"`
	}
	e.result("tosca/test/document", map[string]any{"uri": u}, &res)
	if res == nil {
		e.t.Fatalf("document %s is not open on the server", u)
	}
	return res.Version, res.Text
}

// awaitPublish waits for a publishDiagnostics of u satisfying cond.
func (e *env) awaitPublish(u string, what string, cond func(lsptest.Publish) bool) lsptest.Publish {
	e.t.Helper()
	var found lsptest.Publish
	e.await(what, func(l lsptest.Log) bool {
		for _, p := range l.Publishes(u) {
			if cond(p) {
				found = p
				return true
			}
		}
		return false
	})
	return found
}

func versionIs(v int) func(lsptest.Publish) bool {
	return func(p lsptest.Publish) bool { return p.Version != nil && int(*p.Version) == v }
}

func hasCode(p lsptest.Publish, code string) bool {
	for _, d := range p.Diagnostics {
		if d.CodeString() == code {
			return true
		}
	}
	return false
}

// checkPublishes verifies invariants of every publishDiagnostics: arrays are
// never null, versions per URI never decrease, the source is tosca-ls.
func checkPublishes(t *testing.T, l lsptest.Log) {
	t.Helper()
	last := map[string]int32{}
	for _, p := range l.Publishes("") {
		if p.Null {
			t.Errorf("publishDiagnostics with null diagnostics: %s", p.Raw)
		}
		for _, d := range p.Diagnostics {
			if d.Source != "tosca-ls" {
				t.Errorf("diagnostic source %q, want tosca-ls: %s", d.Source, p.Raw)
			}
		}
		if p.Version != nil {
			if prev, ok := last[p.URI]; ok && *p.Version < prev {
				t.Errorf("version went backwards for %s: %d after %d", p.URI, *p.Version, prev)
			}
			last[p.URI] = *p.Version
		}
	}
}

// Fixtures.
const (
	// brokenTOSCA has an unclosed flow sequence: a yaml-syntax error.
	brokenTOSCA = "tosca_definitions_version: tosca_2_0\ndescription: broken\nnode_types: [\n"
	validTOSCA  = "tosca_definitions_version: tosca_2_0\ndescription: fine\n"
	plainYAML   = "apiVersion: v1\nkind: ConfigMap\nmetadata: [\n"
)

func removeFile(u string) error { return os.Remove(uri.URI(u).FsPath()) }
