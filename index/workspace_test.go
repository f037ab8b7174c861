package index

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index/indextest"
)

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	if err := indextest.WriteFiles(root, files); err != nil {
		t.Fatal(err)
	}
}

// TestImportForms resolves every import notation to the right file.
func TestImportForms(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"csar/TOSCA-Metadata/TOSCA.meta": "CSAR-Version: 2.0\nEntry-Definitions: main.yaml\n",
		"csar/main.yaml": `tosca_definitions_version: tosca_2_0
repositories:
  local: ../lib
imports:
  - types/short.yaml
  - url: types/long.yaml
    namespace: long
  - url: /root.yaml
  - url: shared.yaml
    repository: local
  - profile: org.oasis-open.simple:2.0
  - profile: example.com.mine:1.0
  - https://example.com/remote.yaml
  - missing.yaml
`,
		"csar/types/short.yaml": "tosca_definitions_version: tosca_2_0\nimports:\n  - ../../csar/types/long.yaml\n",
		"csar/types/long.yaml":  "tosca_definitions_version: tosca_2_0\n",
		"csar/root.yaml":        "tosca_definitions_version: tosca_2_0\n",
		"lib/shared.yaml":       "tosca_definitions_version: tosca_2_0\n",
		"csar/profile.yaml":     "tosca_definitions_version: tosca_2_0\nprofile: example.com.mine:1.0\n",
		"old/main.yaml": `tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - file: ../csar/types/long.yaml
    namespace_prefix: lp
  - named: ../csar/root.yaml
`,
	})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	snap := ws.Snapshot()
	main := filepath.Join(root, "csar/main.yaml")
	links := snap.Links(main)
	want := []string{
		filepath.Join(root, "csar/types/short.yaml"),
		filepath.Join(root, "csar/types/long.yaml"),
		filepath.Join(root, "csar/root.yaml"),
		filepath.Join(root, "lib/shared.yaml"),
		snap.Profile("org.oasis-open.simple:2.0"),
		filepath.Join(root, "csar/profile.yaml"),
		"",
		"",
	}
	if len(links) != len(want) {
		t.Fatalf("got %d links, want %d", len(links), len(want))
	}
	for i, l := range links {
		if l.Path != want[i] {
			t.Errorf("import %d (%q): resolved to %q, want %q (problem %v)", i, l.Import.URL+l.Import.Profile, l.Path, want[i], l.Problem)
		}
	}
	if p := links[6].Problem; p == nil || p.Code != "import-remote" || !p.Warning {
		t.Errorf("remote import: problem %+v, want an import-remote warning", p)
	}
	if p := links[7].Problem; p == nil || p.Code != "import-not-found" || p.Warning {
		t.Errorf("missing import: problem %+v, want an import-not-found error", p)
	}
	if links[1].Import.Namespace != "long" {
		t.Errorf("namespace = %q", links[1].Import.Namespace)
	}
	old := snap.Links(filepath.Join(root, "old/main.yaml"))
	if len(old) != 2 || old[0].Path != filepath.Join(root, "csar/types/long.yaml") || old[0].Import.Namespace != "lp" || old[1].Path != filepath.Join(root, "csar/root.yaml") {
		t.Errorf("1.x imports: %+v", old)
	}
	if snap.Profile("org.oasis-open.tosca.simple:2.0") == "" {
		t.Error("the 2.0 simple profile alias is not importable")
	}
}

// TestImportersAndOverlays: editing a type file reaches its dependents;
// open buffers override the disk; closing reverts.
func TestImportersAndOverlays(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"a.yaml": "tosca_definitions_version: tosca_2_0\nimports: [b.yaml]\n",
		"b.yaml": "tosca_definitions_version: tosca_2_0\nimports: [c.yaml]\n",
		"c.yaml": "tosca_definitions_version: tosca_2_0\n",
		"x.yaml": "tosca_definitions_version: tosca_2_0\n",
	})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	c := filepath.Join(root, "c.yaml")
	got := ws.Snapshot().Importers(c)
	want := []string{filepath.Join(root, "a.yaml"), filepath.Join(root, "b.yaml")}
	sort.Strings(want)
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Importers(c) = %v, want %v", got, want)
	}
	before := ws.Snapshot()
	snap := ws.SetOverlay(c, 3, []byte("tosca_definitions_version: tosca_2_0\ndescription: edited\n"))
	if f := snap.File(c); !f.Open || f.Version != 3 || f.Tree().Root().Get("description").Text() != "edited" {
		t.Errorf("overlay not visible: %+v", f)
	}
	if before.File(c).Tree().Root().Get("description") != nil {
		t.Error("an older snapshot changed")
	}
	if b := filepath.Join(root, "b.yaml"); snap.File(b) != before.File(b) {
		t.Error("an unchanged file was parsed again")
	}
	snap = ws.ClearOverlay(c)
	if f := snap.File(c); f.Open || f.Tree().Root().Get("description") != nil {
		t.Error("closing did not revert to the disk content")
	}
	// A file created on disk shows up through Refresh; a deleted one goes.
	nw := filepath.Join(root, "new.yaml")
	write(t, root, map[string]string{"new.yaml": "tosca_definitions_version: tosca_2_0\n"})
	if ws.Refresh(nw).File(nw) == nil {
		t.Error("created file not indexed")
	}
	os.Remove(nw)
	if ws.Refresh(nw).File(nw) != nil {
		t.Error("deleted file still indexed")
	}
}

// TestImportCycleTerminates: cyclic imports resolve without hanging.
func TestImportCycleTerminates(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"a.yaml": "tosca_definitions_version: tosca_2_0\nimports: [b.yaml]\n",
		"b.yaml": "tosca_definitions_version: tosca_2_0\nimports: [a.yaml]\n",
	})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	a := filepath.Join(root, "a.yaml")
	if got := ws.Snapshot().Importers(a); len(got) != 1 {
		t.Errorf("Importers(a) = %v", got)
	}
}

// TestMissingImportAppears: an import that was missing resolves once the
// file is created on disk; while the new file is not TOSCA by its content
// (no version line yet) the import says so, and the file is not analysed.
func TestMissingImportAppears(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"main.yaml": "tosca_definitions_version: tosca_2_0\nimports: [types.yaml]\n"})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	main := filepath.Join(root, "main.yaml")
	if l := ws.Snapshot().Links(main); l[0].Problem == nil {
		t.Fatal("missing import resolved")
	}
	// An edit elsewhere keeps the (still missing) resolution without re-reading.
	ws.SetOverlay(main, 2, []byte("tosca_definitions_version: tosca_2_0\nimports: [types.yaml]\n# typing\n"))
	types := filepath.Join(root, "types.yaml")
	write(t, root, map[string]string{"types.yaml": "node_types: {}\n"})
	snap := ws.Refresh(types)
	if l := snap.Links(main); l[0].Problem == nil || l[0].Problem.Code != diag.ImportNotTOSCA {
		t.Fatalf("import of a file without a version: %+v", l[0])
	}
	if f := snap.File(types); f != nil {
		t.Errorf("a file that is not TOSCA was read: %+v", f)
	}
	write(t, root, map[string]string{"types.yaml": "tosca_definitions_version: tosca_2_0\nnode_types: {}\n"})
	snap = ws.Refresh(types)
	if l := snap.Links(main); l[0].Path != types {
		t.Fatalf("import still unresolved after the file became TOSCA: %+v", l[0].Problem)
	}
	// And back: the file loses its version line on disk.
	write(t, root, map[string]string{"types.yaml": "node_types: {}\n"})
	snap = ws.Refresh(types)
	if l := snap.Links(main); l[0].Problem == nil || l[0].Problem.Code != diag.ImportNotTOSCA || snap.File(types) != nil {
		t.Fatalf("import of a file that lost its version: %+v", l[0])
	}
}

// TestUnchangedFilesKeepLinks: a keystroke re-resolves only the edited file.
func TestUnchangedFilesKeepLinks(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"a.yaml": "tosca_definitions_version: tosca_2_0\nimports: [b.yaml]\n",
		"b.yaml": "tosca_definitions_version: tosca_2_0\n",
	})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	a, b := filepath.Join(root, "a.yaml"), filepath.Join(root, "b.yaml")
	before := ws.Snapshot().Links(a)
	after := ws.SetOverlay(b, 1, []byte("tosca_definitions_version: tosca_2_0\ndescription: x\n")).Links(a)
	if &before[0] != &after[0] {
		t.Error("links of an unchanged file were resolved again")
	}
	if got := ws.Snapshot().Importers(b); len(got) != 1 || got[0] != a {
		t.Errorf("Importers(b) = %v", got)
	}
}

// TestRemoteImports: not fetched unless enabled (a warning says so); when
// enabled, fetched once over HTTP, with relative imports inside the
// downloaded file resolved against its URL.
func TestRemoteImports(t *testing.T) {
	var hits atomic.Int32 // the server's handlers run concurrently
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/lib/types.yaml":
			fmt.Fprint(w, "tosca_definitions_version: tosca_2_0\nimports: [more.yaml]\n")
		case "/lib/more.yaml":
			fmt.Fprint(w, "tosca_definitions_version: tosca_2_0\n")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	root := t.TempDir()
	write(t, root, map[string]string{"main.yaml": "tosca_definitions_version: tosca_2_0\nimports:\n  - " + srv.URL + "/lib/types.yaml\n  - " + srv.URL + "/missing.yaml\n"})
	main := filepath.Join(root, "main.yaml")

	off := NewWorkspace(Options{CacheDir: t.TempDir()})
	off.AddFolder(context.Background(), root, nil)
	if p := off.Snapshot().Links(main)[0].Problem; p == nil || p.Code != "import-remote" || !p.Warning || !strings.Contains(p.Message, "enable the remoteImports setting") {
		t.Errorf("disabled: problem %+v", p)
	}
	if hits.Load() != 0 {
		t.Errorf("fetched %d times while disabled", hits.Load())
	}

	on := NewWorkspace(Options{CacheDir: t.TempDir(), RemoteImports: true})
	on.fetcher.client = srv.Client() // trusts the test server's certificate
	on.AddFolder(context.Background(), root, nil)
	snap := on.Settle(context.Background())
	links := snap.Links(main)
	if links[0].Path == "" {
		t.Fatalf("enabled: not fetched: %+v", links[0].Problem)
	}
	if inner := snap.Links(links[0].Path); len(inner) != 1 || inner[0].Path == "" {
		t.Errorf("relative import inside the remote file: %+v", inner)
	}
	if p := links[1].Problem; p == nil || p.Code != "import-remote" || !strings.Contains(p.Message, "404") {
		t.Errorf("missing remote file: %+v", p)
	}
	before := hits.Load()
	on.SetOverlay(main, 2, []byte("tosca_definitions_version: tosca_2_0\nimports:\n  - "+srv.URL+"/lib/types.yaml\n"))
	if hits.Load() != before {
		t.Errorf("an edit fetched again (%d → %d requests)", before, hits.Load())
	}
}

// TestOpenEmbeddedProfile: a profile file opened in the editor after a
// go-to-definition stays marked as embedded.
func TestOpenEmbeddedProfile(t *testing.T) {
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	entry := ws.Snapshot().Profile("org.oasis-open.simple:2.0")
	f := ws.Snapshot().File(entry)
	if f == nil || !f.Embedded {
		t.Fatalf("profile entry %q: %+v", entry, f)
	}
	opened := ws.SetOverlay(entry, 1, []byte(f.Text())).File(entry)
	if !opened.Open || !opened.Embedded {
		t.Errorf("opened profile file: open %v embedded %v", opened.Open, opened.Embedded)
	}
}

// TestRemoteImportsOnlyHTTPS: with remote imports enabled, a plain http
// URL is not fetched (a warning says why): nothing travels unencrypted.
func TestRemoteImportsOnlyHTTPS(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	root := t.TempDir()
	write(t, root, map[string]string{"main.yaml": "tosca_definitions_version: tosca_2_0\nimports:\n  - " + srv.URL + "/types.yaml\n"})
	ws := NewWorkspace(Options{CacheDir: t.TempDir(), RemoteImports: true})
	ws.AddFolder(context.Background(), root, nil)
	snap := ws.Settle(context.Background())
	if p := snap.Links(filepath.Join(root, "main.yaml"))[0].Problem; p == nil || p.Code != "import-remote" || !strings.Contains(p.Message, "only https") {
		t.Errorf("http import: problem %+v", p)
	}
	if hits.Load() != 0 {
		t.Errorf("the http server was contacted %d times", hits.Load())
	}
}

// TestOverlayReopenedWhileParsing: a buffer closed and opened again with
// the same version while its old text is still being parsed never shows
// its old text again, not even in passing.
func TestOverlayReopenedWhileParsing(t *testing.T) {
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	path := filepath.Join(t.TempDir(), "doc.yaml")
	var mu sync.Mutex
	sawOld := false
	ws.Subscribe(func(snap *Snapshot, _ []string) {
		if f := snap.File(path); f != nil && strings.Contains(f.Text(), "description: old") {
			mu.Lock()
			sawOld = true
			mu.Unlock()
		}
	})
	old := "tosca_definitions_version: tosca_2_0\ndescription: old\nmetadata:\n" + strings.Repeat("  key: value\n", 1<<19)
	ws.UpdateOverlay(path, 1, old)     // about half a second to parse:
	time.Sleep(100 * time.Millisecond) // closed while it is being parsed
	ws.CloseOverlay(path)
	ws.UpdateOverlay(path, 1, "tosca_definitions_version: tosca_2_0\ndescription: new\n")
	snap, err := ws.WaitFor(t.Context(), path, 1)
	if err != nil {
		t.Fatal(err)
	}
	if f := snap.File(path); f == nil || !strings.Contains(f.Text(), "description: new") {
		t.Fatalf("the reopened buffer shows %.60q", f.Text())
	}
	mu.Lock()
	defer mu.Unlock()
	if sawOld {
		t.Error("a snapshot showed the closed buffer's old text as the reopened one's")
	}
}

// TestMarkCompleteRelinksOnlyUnknownProfiles: after the first index, an
// import of a profile name that resolved stays as it was (the file is not
// reported changed), and one of a name still unknown turns from pending
// into a problem.
func TestMarkCompleteRelinksOnlyUnknownProfiles(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"known.yaml":   "tosca_definitions_version: tosca_2_0\nimports:\n  - profile: org.oasis-open.simple:2.0\n",
		"unknown.yaml": "tosca_definitions_version: tosca_2_0\nimports:\n  - profile: com.example.nowhere:1.0\n",
	})
	known, unknown := filepath.Join(root, "known.yaml"), filepath.Join(root, "unknown.yaml")
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	before := ws.Snapshot()
	if p := before.Links(unknown)[0].Problem; p == nil || !p.Pending {
		t.Fatalf("before MarkComplete, the unknown profile is not pending: %+v", p)
	}
	var changed []string
	ws.Subscribe(func(_ *Snapshot, paths []string) { changed = append(changed, paths...) })
	ws.MarkComplete()
	after := ws.Snapshot()
	if p := after.Links(unknown)[0].Problem; p == nil || p.Pending {
		t.Errorf("after MarkComplete, the unknown profile is still pending: %+v", p)
	}
	if got := after.Links(known); &got[0] != &before.Links(known)[0] {
		t.Error("an import of a known profile was linked again")
	}
	if len(changed) != 1 || changed[0] != unknown {
		t.Errorf("changed = %v, want only %s", changed, unknown)
	}
}

// TestBulkIndex: a folder of more files than a build changes in place (its
// maps are filled by builders) links and reverses imports like a small one,
// and the next edit shares the snapshot's maps again.
func TestBulkIndex(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{"shared.yaml": "tosca_definitions_version: tosca_2_0\n"}
	const n = 3 * batchAfter
	for i := range n {
		files[fmt.Sprintf("f%03d.yaml", i)] = "tosca_definitions_version: tosca_2_0\nimports: [shared.yaml]\n"
	}
	write(t, root, files)
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	shared := filepath.Join(root, "shared.yaml")
	snap := ws.Snapshot()
	if got := snap.Importers(shared); len(got) != n {
		t.Fatalf("Importers(shared) has %d files, want %d", len(got), n)
	}
	for i := range n {
		p := filepath.Join(root, fmt.Sprintf("f%03d.yaml", i))
		if l := snap.Links(p); len(l) != 1 || l[0].Path != shared {
			t.Fatalf("%s links %+v", p, l)
		}
	}
	first := filepath.Join(root, "f000.yaml")
	next := ws.SetOverlay(first, 1, []byte("tosca_definitions_version: tosca_2_0\n"))
	if got := next.Importers(shared); len(got) != n-1 || slices.Contains(got, first) {
		t.Errorf("after dropping an import, Importers(shared) has %d files", len(got))
	}
	if got := snap.Importers(shared); len(got) != n {
		t.Errorf("the earlier snapshot changed: %d importers", len(got))
	}
}

// TestRemoveFolder: removing a workspace folder drops its files (not those
// of a folder inside it that stays) and the right to read it; an add
// cancelled during its scan adds nothing.
func TestRemoveFolder(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"a/a.yaml":       "tosca_definitions_version: tosca_2_0\n",
		"a/inner/b.yaml": "tosca_definitions_version: tosca_2_0\n",
		"c/c.yaml":       "tosca_definitions_version: tosca_2_0\nimports: [../a/a.yaml]\n",
	})
	a, inner, c := filepath.Join(root, "a"), filepath.Join(root, "a", "inner"), filepath.Join(root, "c")
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	for _, dir := range []string{a, inner, c} {
		ws.AllowRoot(dir)
		ws.AddFolder(t.Context(), dir, nil)
	}
	ws.RemoveFolder(a)
	snap := ws.Settle(t.Context())
	if snap.File(filepath.Join(a, "a.yaml")) != nil {
		t.Error("a file of the removed folder is still known")
	}
	if snap.File(filepath.Join(inner, "b.yaml")) == nil {
		t.Error("a file of a folder inside the removed one, still a workspace folder, was dropped")
	}
	if snap.InSandbox(filepath.Join(a, "a.yaml")) {
		t.Error("the removed folder can still be read")
	}
	if l := snap.Links(filepath.Join(c, "c.yaml")); len(l) != 1 || l[0].Problem == nil {
		t.Errorf("an import into the removed folder still resolves: %+v", l)
	}

	// An add cancelled while the folder is being scanned (the folder was
	// removed meanwhile) adds nothing.
	ctx, cancel := context.WithCancel(t.Context())
	ws.AddFolder(ctx, a, func(done, total int) { cancel() })
	snap = ws.Settle(t.Context())
	if ctx.Err() == nil {
		t.Fatal("the scan reported no progress")
	}
	if slices.Contains(snap.Folders(), a) || snap.File(filepath.Join(a, "a.yaml")) != nil {
		t.Errorf("a folder whose add was cancelled while scanning was added: folders %v", snap.Folders())
	}
	// Added again afterwards, it is.
	ws.AddFolder(t.Context(), a, nil)
	if snap := ws.Snapshot(); snap.File(filepath.Join(a, "a.yaml")) == nil {
		t.Error("a folder added again after its removal is missing")
	}
}

// TestOverlayFollowsTyping: while versions keep arriving faster than a
// parse (typing in a large buffer), the snapshot still advances, so that a
// request waiting for the version it saw is answered while typing goes on.
// Each parse used to be dropped when a newer version arrived meanwhile: no
// version was committed until typing stopped.
func TestOverlayFollowsTyping(t *testing.T) {
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	path := filepath.Join(t.TempDir(), "doc.yaml")
	text := "tosca_definitions_version: tosca_2_0\nmetadata:\n" + strings.Repeat("  key: value\n", 20000)
	texts := []string{text + "# a\n", text + "# ab\n"}
	stop := make(chan struct{})
	submitted := make(chan int32, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for v := int32(1); ; v++ {
			ws.UpdateOverlay(path, v, texts[v%2])
			if v == 10 {
				submitted <- v
			}
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	v := <-submitted
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	snap, err := ws.WaitFor(ctx, path, v)
	close(stop)
	<-done
	if err != nil {
		t.Fatalf("version %d was not committed while typing went on: %v", v, err)
	}
	if f := snap.File(path); f == nil || f.Version < v {
		t.Fatalf("WaitFor(%d) returned a snapshot without it", v)
	}
}
