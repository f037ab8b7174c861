package server_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// TestE2EWorkspaceFoldersAddRemove adds and removes workspace folders
// (VS Code removing a folder of a multi-root workspace) while requests and
// edits keep coming: every request is answered within a bounded wait, and
// in the end the workspace holds exactly the folders still added. Removing
// a folder once hung the server for good: the removal waited for the
// index under the server's lock, which the index needed to publish.
func TestE2EWorkspaceFoldersAddRemove(t *testing.T) {
	e := startBinary(t)
	e.write("main.yaml", validTOSCA)
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	main := e.uri("main.yaml")
	e.open(main, "tosca", validTOSCA, 1)

	folder := func(name string) string {
		dir := filepath.Join(t.TempDir(), name)
		files := map[string]string{
			"types.yaml":    "tosca_definitions_version: tosca_2_0\nnode_types:\n  " + name + "Type:\n    derived_from: Root\n",
			"template.yaml": "tosca_definitions_version: tosca_2_0\nimports:\n  - types.yaml\nservice_template:\n  node_templates:\n    " + name + "Node:\n      type: " + name + "Type\n",
		}
		for rel, content := range files {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, rel), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	change := func(added, removed []string) {
		entry := func(dirs []string) []any {
			out := []any{}
			for _, d := range dirs {
				out = append(out, map[string]any{"uri": string(uri.File(d)), "name": filepath.Base(d)})
			}
			return out
		}
		e.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
			"added": entry(added), "removed": entry(removed),
		}})
	}

	// Requests run throughout, each bounded by e.ctx().
	stop := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			method, params := "workspace/symbol", any(map[string]any{"query": "Type"})
			if i%2 == 1 {
				method, params = "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": main}, "position": pos(0, 3)}
			}
			if _, err := e.c.Call(e.ctx(), method, params); err != nil {
				errs <- fmt.Errorf("%s during folder changes: %w", method, err)
				return
			}
		}
	}()

	adds := 0
	var kept string
	for round := range 5 {
		dir := folder(fmt.Sprintf("f%d", round))
		change([]string{dir}, nil)
		adds++
		e.change(main, round+2, edit(rangeOf(1, 0, 1, 0), "#"))
		if round%2 == 0 {
			// The removal comes after the folder is indexed (as in the
			// report, seconds after the add) or while it is.
			e.await("indexing of an added folder", progressEnds(1+adds))
		}
		change(nil, []string{dir})
	}
	kept = folder("kept")
	gone := folder("gone")
	change([]string{kept, gone}, nil)
	change(nil, []string{gone})
	adds++
	e.await("indexing of every added folder", progressEnds(1+adds))
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	var syms []struct {
		Name     string `json:"name"`
		Location struct {
			URI string `json:"uri"`
		} `json:"location"`
	}
	e.result("workspace/symbol", map[string]any{"query": "Type"}, &syms)
	var names []string
	for _, s := range syms {
		if strings.HasSuffix(s.Name, "Type") {
			names = append(names, s.Name)
		}
	}
	if len(names) != 1 || names[0] != "keptType" {
		t.Errorf("workspace symbols after the folder changes: %v, want only keptType (of the one folder still added)", names)
	}

	if m := e.call("shutdown", nil); m.Error != nil {
		t.Fatalf("shutdown: %v", m.Error)
	}
	e.notify("exit", nil)
	if code, err := e.wait(waitShort); code != 0 || err != nil {
		t.Fatalf("exit: code %d (%v)", code, err)
	}
}

// progressEnds holds once n work-done progresses have ended.
func progressEnds(n int) func(lsptest.Log) bool {
	return func(l lsptest.Log) bool {
		ends := 0
		for _, m := range l.Method("$/progress") {
			var p struct {
				Value struct {
					Kind string `json:"kind"`
				} `json:"value"`
			}
			if json.Unmarshal(m.Params, &p) == nil && p.Value.Kind == "end" {
				ends++
			}
		}
		return ends >= n
	}
}

// TestE2EStdinEOFWithStuckHandler: the editor closing the server's stdin
// ends the process even while a message handler holds the message loop for
// good (as the folder deadlock did), instead of leaving it behind.
func TestE2EStdinEOFWithStuckHandler(t *testing.T) {
	e := startBinary(t)
	e.initialize(defaultInitParams(e.dir))
	e.notify("tosca/test/stall", nil)
	e.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": e.uri("a.yaml"), "languageId": "tosca", "version": 1, "text": validTOSCA,
	}})
	e.closeInput()
	if _, err := e.wait(waitLong); err != nil {
		t.Fatalf("stdin closed while a handler is stuck: %v", err)
	}
}
