package server_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// The server side of issue 15 (safety and robustness): what a huge buffer,
// special files and files outside the workspace do to a running server.

// heapPeak samples the heap until the returned function is called, which
// returns the highest heap seen.
func heapPeak() (stop func() uint64) {
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		var high uint64
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			high = max(high, ms.HeapAlloc)
			select {
			case <-done:
				peak <- high
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 { close(done); return <-peak }
}

// symbols answers workspace/symbol for query.
func (e *env) symbols(query string) []string {
	e.t.Helper()
	var res []struct {
		Name string `json:"name"`
	}
	e.result("workspace/symbol", map[string]any{"query": query}, &res)
	var names []string
	for _, s := range res {
		names = append(names, s.Name)
	}
	return names
}

// TestHugeBufferBlocksNoRequest: a 15 MB TOSCA file (which took 2.65 GB
// and blocked every request for over a minute) opened, typed into or
// changed on disk is parsed in the background: a request about another
// document, edited meanwhile, is answered from a snapshot that does not
// hold the huge file's new text yet (it did not wait for it), a request
// about the huge buffer sees its last text, its diagnostics come for that
// text, and the heap stays bounded (typing 20 keystrokes parsed 20 copies
// at once: 5.5 GB).
func TestHugeBufferBlocksNoRequest(t *testing.T) {
	size := 15 << 20
	if raceEnabled {
		size = 5 << 20 // the race detector makes parsing about ten times slower
	}
	huge := modeltest.HugeTemplate(size)
	const typed = 20
	for _, tc := range []struct {
		name string
		// before prepares the huge file (nil: nothing); arrive makes its
		// new text reach the server; marker is a symbol only that text has.
		before func(e *env, u string)
		arrive func(e *env, u string) (version int)
		marker string
	}{
		{"opened", nil, func(e *env, u string) int {
			e.open(u, "yaml", huge, 1)
			return 1
		}, "server_0"},
		{"typed into", func(e *env, u string) {
			e.open(u, "yaml", huge, 1)
			e.awaitPublish(u, "the huge buffer's diagnostics", versionIs(1))
		}, func(e *env, u string) int {
			for v := 2; v < 2+typed; v++ {
				e.change(u, v, edit(rangeOf(3, 0, 3, 0), fmt.Sprintf("    typed_%d:\n      type: tosca.nodes.Compute\n", v)))
			}
			return 1 + typed
		}, fmt.Sprintf("typed_%d", 1+typed)},
		{"changed on disk", nil, func(e *env, u string) int {
			e.write("huge.yaml", huge)
			e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": u, "type": 1}}})
			return 0
		}, "server_0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := startInProcess(t)
			small := e.write("small.yaml", validTOSCA)
			e.initialize(defaultInitParams(e.dir))
			e.awaitIndexed()
			e.open(small, "yaml", validTOSCA, 1)
			u := e.uri("huge.yaml")
			if tc.before != nil {
				tc.before(e, u)
			}
			runtime.GC()
			peak := heapPeak()
			version := tc.arrive(e, u)
			e.change(small, 2, edit(rangeOf(1, 0, 1, 0), "# edited\n"))
			if m := e.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": small}, "position": pos(0, 3)}); m.Error != nil {
				t.Fatalf("hover on the small file: %s", raw(m))
			}
			if got := e.symbols(tc.marker); len(got) != 0 {
				t.Errorf("workspace/symbol %q found %d symbols: the request waited for the huge file", tc.marker, len(got))
			}
			if v, text := e.document(small); v != 2 || !strings.HasPrefix(text, "tosca_definitions_version: tosca_2_0\n# edited\n") {
				t.Errorf("small file: version %d %q", v, text)
			}
			if version != 0 {
				// A request about the huge buffer itself waits for its text.
				var h struct {
					Contents struct{ Value string } `json:"contents"`
				}
				e.result("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(3, 6)}, &h)
				if !strings.Contains(h.Contents.Value, tc.marker) {
					t.Errorf("hover on the huge buffer's line 4: %q, want %s", h.Contents.Value, tc.marker)
				}
			}
			p := e.awaitPublish(u, "the huge file's diagnostics", func(p lsptest.Publish) bool {
				return (version == 0 || p.Version != nil && int(*p.Version) == version) && hasCode(p, "unknown-keyname")
			})
			if len(p.Diagnostics) != 1 {
				t.Errorf("huge file: %d diagnostics, want the one at its end", len(p.Diagnostics))
			}
			if got := e.symbols(tc.marker); len(got) == 0 {
				t.Errorf("workspace/symbol %q found nothing once the huge file was read", tc.marker)
			}
			if mb := peak() >> 20; mb > 2048 {
				t.Errorf("heap peaked at %d MB", mb)
			} else {
				t.Logf("heap peaked at %d MB", mb)
			}
		})
	}
}

// TestSpecialFilesNeverRead: imports of files outside the workspace, of
// special files (even in a path the settings allow) and of /proc are
// refused with a diagnostic on the import that quotes nothing of them, and
// file events naming them leave the server serving (a named pipe froze it
// once: it was read under the workspace lock).
func TestSpecialFilesNeverRead(t *testing.T) {
	e := startInProcess(t)
	passwd, err := os.ReadFile("/etc/passwd")
	if err != nil {
		t.Skip("no /etc/passwd to refuse")
	}
	firstLine, _, _ := strings.Cut(string(passwd), "\n")
	if err := syscall.Mkfifo(filepath.Join(e.dir, "pipe.yaml"), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(e.dir, "socket.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := os.Symlink("/etc", filepath.Join(e.dir, "etc")); err != nil {
		t.Fatal(err)
	}
	escape := strings.Repeat("../", strings.Count(e.dir, "/")) + "etc/passwd"
	main := e.write("main.yaml", "tosca_definitions_version: tosca_2_0\nimports:\n"+
		"  - pipe.yaml\n  - socket.yaml\n  - file:///dev/zero\n  - file:///dev/urandom\n"+
		"  - etc/passwd\n  - "+escape+"\n  - file:///proc/self/environ\n")
	params := defaultInitParams(e.dir)
	params["initializationOptions"] = map[string]any{"allowedPaths": []string{"/dev/zero", "/dev/urandom"}}
	e.initialize(params)
	e.awaitIndexed()
	special := "refused: not a regular file (devices, pipes and sockets are never read)"
	outside := "refused: it lies outside the workspace folders, the CSAR root, the profile folders and the profile cache (add it to the allowedPaths setting to allow it)"
	want := []string{
		`2: import "pipe.yaml" ` + special,
		`3: import "socket.yaml" ` + special,
		`4: import "file:///dev/zero" ` + special,
		`5: import "file:///dev/urandom" ` + special,
		`6: import "etc/passwd" ` + outside,
		`7: import "` + escape + `" ` + outside,
		`8: import "file:///proc/self/environ" ` + outside,
	}
	p := e.awaitPublish(main, "the refused imports", func(p lsptest.Publish) bool { return len(p.Diagnostics) == len(want) })
	for i, d := range p.Diagnostics {
		got := fmt.Sprintf("%d: %s", d.Range.Start.Line, d.Message)
		if got != want[i] || d.CodeString() != "import-refused" {
			t.Errorf("diagnostic %d: %s [%s], want %s [import-refused]", i, got, d.CodeString(), want[i])
		}
		if strings.Contains(d.Message, firstLine) || strings.Contains(d.Message, "PATH=") {
			t.Errorf("diagnostic %d quotes a refused file: %s", i, d.Message)
		}
	}
	// Events naming them: read (or not) off the request path, never blocking.
	var changes []any
	for _, name := range []string{e.uri("pipe.yaml"), e.uri("socket.yaml"), e.uri("etc/passwd"), "file:///dev/zero", "file:///dev/urandom", "file:///proc/self/environ"} {
		changes = append(changes, map[string]any{"uri": name, "type": 2})
	}
	e.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": changes})
	e.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": e.uri("pipe.yaml")}})
	e.open(main, "yaml", "tosca_definitions_version: tosca_2_0\nimports:\n  - pipe.yaml\n", 2)
	p = e.awaitPublish(main, "the edited imports", versionIs(2))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Message != `import "pipe.yaml" `+special {
		t.Errorf("after the events: %+v", p.Diagnostics)
	}
	e.sentinel()
}

// TestBinaryStartsNoProcess: tosca-ls never executes anything a template
// names (artifacts, scripts, implementations): the binary holds no code
// that could start a process.
func TestBinaryStartsNoProcess(t *testing.T) {
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	out, err := exec.Command("go", "tool", "nm", binPath).Output()
	if err != nil {
		t.Fatal(err)
	}
	symbols := map[string]bool{}
	for line := range strings.Lines(string(out)) {
		if f := strings.Fields(line); len(f) >= 3 {
			symbols[f[2]] = true
		}
	}
	if !symbols["os.OpenFile"] {
		t.Fatal("no os.OpenFile in the symbol table: not the binary expected")
	}
	for sym := range symbols {
		for _, starts := range []string{"os.StartProcess", "syscall.StartProcess", "syscall.forkExec", "syscall.Exec", "os/exec.", "plugin."} {
			if strings.HasPrefix(sym, starts) {
				t.Errorf("the binary holds %s", sym)
			}
		}
	}
}

// TestBufferOverSizeLimit: a buffer over 16 MB is kept, not analysed, and
// says so on its first line ("not a TOSCA file" once); the requests about
// it answer, empty.
func TestBufferOverSizeLimit(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	u := e.uri("huge.yaml")
	e.open(u, "yaml", "tosca_definitions_version: tosca_2_0\ndescription: "+strings.Repeat("x", 17<<20)+"\n", 1)
	p := e.awaitPublish(u, "the huge buffer's diagnostics", versionIs(1))
	if len(p.Diagnostics) != 1 {
		t.Fatalf("%d diagnostics: %+v", len(p.Diagnostics), p.Diagnostics)
	}
	d := p.Diagnostics[0]
	if d.CodeString() != "file-too-large" || d.Severity != 2 || d.Message != "the file is larger than 16 MB and is not analysed" ||
		d.Range.Start.Line != 0 || d.Range.End.Line != 0 || d.Range.End.Character != 36 {
		t.Errorf("diagnostic %+v", d)
	}
	for _, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange"} {
		if m := e.call(method, map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(1, 20)}); m.Error != nil {
			t.Errorf("%s: %s", method, raw(m))
		}
	}
}
