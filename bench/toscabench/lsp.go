package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// session is one tosca-ls server process driven over stdio like an editor.
type session struct {
	proc   *watched
	c      *lsptest.Client
	stderr *tailBuffer
	lim    limits
	// seen is how many notifications earlier waits have looked at.
	seen int
}

// sessionLifetimes is how many --timeout a server process may live.
const sessionLifetimes = 4

// serverSettings configures the server for measuring: diagnostics are
// computed as soon as a change arrives.
var serverSettings = map[string]any{"diagnosticsDelay": 0}

// startSession starts `tosca-ls serve` on the workspace folder root and
// initializes it as an editor with work-done progress and
// workspace/configuration support would.
func startSession(bin string, env []string, root string, lim limits) (*session, error) {
	return startSessionWith(bin, env, lim, []string{root}, nil)
}

// startSessionWith starts a server on workspace folders for a client that
// announces the capabilities of startSession and, merged into them, extra
// (pullCapabilities for a client that pulls diagnostics).
func startSessionWith(bin string, env []string, lim limits, folders []string, extra map[string]any) (*session, error) {
	cmd := exec.Command(bin, "serve")
	cmd.Env = env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s := &session{stderr: &tailBuffer{max: 8192}, lim: lim}
	cmd.Stderr = s.stderr
	// lim.timeout bounds each wait; the whole session, many waits long,
	// is bounded more loosely.
	if s.proc, err = startWatched(cmd, limits{timeout: sessionLifetimes * lim.timeout, maxRSS: lim.maxRSS}); err != nil {
		return nil, err
	}
	s.c = lsptest.New(stdout, stdin)
	s.c.SetSettings(serverSettings)
	var wsFolders []any
	for _, dir := range folders {
		wsFolders = append(wsFolders, map[string]any{"uri": fileURI(dir), "name": filepath.Base(dir)})
	}
	caps := map[string]any{
		"window":    map[string]any{"workDoneProgress": true},
		"workspace": map[string]any{"configuration": true, "workspaceFolders": true, "symbol": map[string]any{}},
		"textDocument": map[string]any{
			"synchronization":    map[string]any{"didSave": true},
			"completion":         map[string]any{"completionItem": map[string]any{"snippetSupport": true}},
			"hover":              map[string]any{"contentFormat": []string{"markdown", "plaintext"}},
			"definition":         map[string]any{"linkSupport": true},
			"publishDiagnostics": map[string]any{"relatedInformation": true, "versionSupport": true},
		},
	}
	for section, more := range extra {
		for k, v := range more.(map[string]any) {
			caps[section].(map[string]any)[k] = v
		}
	}
	params := map[string]any{
		"processId":             os.Getpid(),
		"rootUri":               fileURI(folders[0]),
		"workspaceFolders":      wsFolders,
		"initializationOptions": serverSettings,
		"capabilities":          caps,
	}
	if _, err := s.call("initialize", params); err != nil {
		s.close()
		return nil, err
	}
	if err := s.c.Notify("initialized", map[string]any{}); err != nil {
		s.close()
		return nil, s.failure(err)
	}
	return s, nil
}

// fileURI is the file: URI of a path, percent-encoded as the server's own
// URI library writes it, so that published URIs compare equal.
func fileURI(path string) string {
	abs, _ := filepath.Abs(path)
	return string(uri.File(abs))
}

// failure turns an error of the conversation into the reason the figures
// are missing: the watch's kill when there was one.
func (s *session) failure(err error) error {
	if s.c.Snapshot().Closed {
		// The output closes a moment before the process is reaped.
		_ = s.proc.wait(2 * time.Second)
	}
	if reason := s.proc.killedBecause(); reason != "" {
		return errors.New(reason)
	}
	if s.proc.exited() {
		return fmt.Errorf("server exited: %s", lastLine(s.stderr.String()))
	}
	return err
}

// call sends a request and waits for its result; an error response is a
// failure too.
func (s *session) call(method string, params any) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.lim.timeout)
	defer cancel()
	m, err := s.c.Call(ctx, method, params)
	if err != nil {
		return nil, s.failure(fmt.Errorf("%s: %w", method, err))
	}
	if m.Error != nil {
		return nil, fmt.Errorf("%s: %w", method, m.Error)
	}
	return m.Result, nil
}

// timedCall measures a request's round trip.
func (s *session) timedCall(method string, params any) (time.Duration, json.RawMessage, error) {
	start := time.Now()
	res, err := s.call(method, params)
	return time.Since(start), res, err
}

// await waits for the next notification (after those already seen) that
// matches, and returns when it arrived.
func (s *session) await(timeout time.Duration, match func(*lsptest.Message) bool) (time.Time, error) {
	var arrived time.Time
	_, err := s.c.Await(timeout, func(l lsptest.Log) bool {
		for i := s.seen; i < len(l.Notifications); i++ {
			if match(l.Notifications[i]) {
				arrived = time.Now()
				s.seen = i + 1
				return true
			}
		}
		return false
	})
	if err != nil {
		return time.Time{}, s.failure(err)
	}
	return arrived, nil
}

// awaitIndexed waits for the end of the work-done progress of the initial
// index and returns its time since the process started.
func (s *session) awaitIndexed() (time.Duration, error) {
	at, err := s.await(s.lim.timeout, func(m *lsptest.Message) bool {
		if m.Method != "$/progress" {
			return false
		}
		var p struct {
			Value struct {
				Kind string `json:"kind"`
			} `json:"value"`
		}
		return json.Unmarshal(m.Params, &p) == nil && p.Value.Kind == "end"
	})
	if err != nil {
		return 0, err
	}
	return at.Sub(s.proc.start), nil
}

// awaitIdle waits until the server has used (almost) no CPU for a whole
// idleWindow: the background work after indexing (analysing every file,
// publishing what has diagnostics) is done. A clean corpus publishes
// nothing, so the CPU is the only sign. It returns when the idle window
// began, since the process started.
func (s *session) awaitIdle() (time.Duration, error) {
	const (
		poll       = 50 * time.Millisecond
		idleWindow = time.Second
		// idleTicks of CPU time (10 ms each at the usual 100 Hz) in a
		// window still count as idle: the runtime's own housekeeping.
		idleTicks = 2
	)
	type sample struct {
		at    time.Time
		ticks int64
	}
	var history []sample
	deadline := time.Now().Add(s.lim.timeout)
	for time.Now().Before(deadline) {
		ticks, err := s.proc.cpuTicks()
		if err != nil {
			return 0, s.failure(err)
		}
		now := sample{time.Now(), ticks}
		history = append(history, now)
		for len(history) > 1 && now.at.Sub(history[1].at) >= idleWindow {
			history = history[1:]
		}
		if first := history[0]; now.at.Sub(first.at) >= idleWindow && now.ticks-first.ticks <= idleTicks {
			return first.at.Sub(s.proc.start), nil
		}
		time.Sleep(poll)
	}
	return 0, s.failure(fmt.Errorf("server still busy after %s", s.lim.timeout))
}

// awaitPublish waits for the diagnostics of one version of a document.
func (s *session) awaitPublish(uri string, version int) (time.Time, error) {
	return s.await(s.lim.timeout, func(m *lsptest.Message) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p struct {
			URI     string `json:"uri"`
			Version *int   `json:"version"`
		}
		return json.Unmarshal(m.Params, &p) == nil && p.URI == uri && p.Version != nil && *p.Version == version
	})
}

// configure pushes settings to the server (workspace/didChangeConfiguration).
func (s *session) configure(settings map[string]any) error {
	if err := s.c.Notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tosca": settings}}); err != nil {
		return s.failure(err)
	}
	return nil
}

// memory is the server's VmRSS and VmHWM now.
func (s *session) memory() (rss, hwm int64, err error) {
	rss, hwm, err = s.proc.memory()
	if err != nil {
		return 0, 0, s.failure(err)
	}
	return rss, hwm, nil
}

// close shuts the server down politely, then for good.
func (s *session) close() {
	if !s.proc.exited() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if _, err := s.c.Call(ctx, "shutdown", nil); err == nil {
			_ = s.c.Notify("exit", nil)
			_ = s.proc.wait(5 * time.Second)
		}
		cancel()
	}
	s.proc.end()
}
