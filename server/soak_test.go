package server_test

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/index/indextest"
	"github.com/tosca-ls/tosca-ls/index/text"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// TestSoak sends thousands of mixed requests and edits, a few in flight at
// once, to a server working on the example projects, as a long editing
// session would: every request is answered with a result (never an error,
// never a panic), the server's copy of each document equals the client's,
// the heap stays bounded, nothing is written into the workspace, and once
// the server ends no goroutine is left.
func TestSoak(t *testing.T) {
	ops := 2500
	if testing.Short() {
		ops = 400
	}
	before := runtime.NumGoroutine()
	e, stop := runInProcess(t.TempDir(), t.TempDir(), nil)
	e.t = t
	var docs []string
	for _, project := range []string{"tosca-1.3-webapp", "tosca-2.0-k8s"} {
		src := filepath.Join("..", "testdata", "examples", project)
		err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			u := e.write(filepath.Join(project, rel), string(data))
			if strings.HasSuffix(p, ".yaml") {
				docs = append(docs, u)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	files, err := indextest.Tree(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	texts := map[string]string{}
	versions := map[string]int{}
	for _, u := range docs {
		data := readURI(t, u)
		texts[u], versions[u] = string(data), 1
		e.open(u, "yaml", texts[u], 1)
	}

	r := rand.New(rand.NewSource(7))
	requests := []string{"textDocument/hover", "textDocument/completion", "textDocument/definition",
		"textDocument/references", "textDocument/documentSymbol", "textDocument/semanticTokens/full",
		"textDocument/foldingRange", "textDocument/documentHighlight", "textDocument/signatureHelp",
		"textDocument/codeAction", "workspace/symbol", "textDocument/documentLink", "textDocument/prepareRename"}
	var inflight []*lsptest.Pending
	var methods []string
	check := func(p *lsptest.Pending, method string) {
		m, err := p.Wait(e.ctx())
		if err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		if m.Error != nil && method != "textDocument/prepareRename" {
			t.Fatalf("%s answered an error: %s", method, raw(m))
		}
	}
	start := time.Now()
	for i := 0; i < ops; i++ {
		u := docs[r.Intn(len(docs))]
		lines := text.NewLines([]byte(texts[u]))
		line := r.Intn(lines.Count())
		l, c := lines.UTF16(lines.LineStart(line) + r.Intn(lines.LineEnd(line)-lines.LineStart(line)+1))
		if r.Intn(4) == 0 {
			// An edit: typing, deleting, pasting a line, multi-byte text.
			off := lines.OffsetOfUTF16(l, c)
			ins := []string{"x", "é", "😀", "\n    ", "  name: v\n", "- ", ":", ""}[r.Intn(8)]
			end := off
			if ins == "" {
				end = min(off+r.Intn(5), lines.LineEnd(line))
			}
			el, ec := lines.UTF16(end)
			end = lines.OffsetOfUTF16(el, ec) // never inside a character
			versions[u]++
			e.change(u, versions[u], edit(rangeOf(l, c, el, ec), ins))
			texts[u] = texts[u][:off] + ins + texts[u][end:]
			continue
		}
		method := requests[r.Intn(len(requests))]
		params := map[string]any{"textDocument": map[string]any{"uri": u}, "position": pos(l, c)}
		switch method {
		case "workspace/symbol":
			params = map[string]any{"query": []string{"", "web", "Compute", "k8s:"}[r.Intn(4)]}
		case "textDocument/references":
			params["context"] = map[string]any{"includeDeclaration": true}
		case "textDocument/codeAction":
			params = map[string]any{"textDocument": map[string]any{"uri": u}, "range": rangeOf(l, 0, l, c), "context": map[string]any{"diagnostics": []any{}}}
		case "textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange", "textDocument/documentLink":
			delete(params, "position")
		}
		p, err := e.c.Start(method, params)
		if err != nil {
			t.Fatal(err)
		}
		inflight, methods = append(inflight, p), append(methods, method)
		if len(inflight) == 4 {
			for j, p := range inflight {
				check(p, methods[j])
			}
			inflight, methods = inflight[:0], methods[:0]
		}
	}
	for j, p := range inflight {
		check(p, methods[j])
	}
	for _, u := range docs {
		if v, got := e.document(u); v != versions[u] || got != texts[u] {
			t.Fatalf("%s: the server holds version %d (%d bytes), the client version %d (%d bytes)", u, v, len(got), versions[u], len(texts[u]))
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("%d operations in %v; heap %d MB", ops, time.Since(start).Round(time.Millisecond), ms.HeapAlloc>>20)
	if ms.HeapAlloc > 256<<20 {
		t.Errorf("heap %d MB after the session", ms.HeapAlloc>>20)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if after, err := indextest.Tree(e.dir); err != nil || fmt.Sprint(after) != fmt.Sprint(files) {
		t.Errorf("the workspace changed (%v):\nbefore %v\nafter  %v", err, files, after)
	}
	deadline := time.Now().Add(waitShort)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+2 {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines left after the server ended (%d before):\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

func readURI(t *testing.T, u string) []byte {
	data, err := os.ReadFile(strings.TrimPrefix(u, "file://"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}
