package index

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRemoteImportBounds: with remote imports enabled, a download runs in
// the background (no edit or request waits for it), within a time limit
// and a size limit, and over TLS from start to end.
func TestRemoteImportBounds(t *testing.T) {
	var plainHits atomic.Int32
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { plainHits.Add(1) }))
	defer plain.Close()
	release := make(chan struct{})
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/slow.yaml":
			<-release
		case "/huge.yaml":
			w.Write([]byte("tosca_definitions_version: tosca_2_0\n"))
			w.Write([]byte(strings.Repeat("# padding\n", MaxFileSize/10+1)))
		case "/downgrade.yaml":
			http.Redirect(w, r, plain.URL+"/types.yaml", http.StatusFound)
		case "/moved.yaml":
			http.Redirect(w, r, "/types.yaml", http.StatusMovedPermanently)
		case "/types.yaml":
			w.Write([]byte("tosca_definitions_version: tosca_2_0\n"))
		}
	}))
	defer srv.Close()
	defer close(release) // before the server closes: it waits for its handlers
	for _, tc := range []struct {
		name, path string
		// problem is a part of the warning; "" when fetched.
		problem string
	}{
		{"a server that never answers", "/slow.yaml", "Timeout exceeded"},
		{"a file over the size limit", "/huge.yaml", "larger than 16 MB"},
		{"a redirect to http", "/downgrade.yaml", "redirected to http:, and only https: is fetched"},
		{"a redirect to https", "/moved.yaml", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, cache := t.TempDir(), t.TempDir()
			write(t, root, map[string]string{"main.yaml": "tosca_definitions_version: tosca_2_0\nimports:\n  - " + srv.URL + tc.path + "\n"})
			main := filepath.Join(root, "main.yaml")
			ws := NewWorkspace(Options{CacheDir: cache, RemoteImports: true})
			defer ws.Close()
			// The test server's certificate, with tosca-ls's own limits.
			ws.fetcher.client.Transport = srv.Client().Transport
			// A second for the server that never answers; the others have
			// time to send 16 MB under the race detector on a busy machine.
			ws.fetcher.client.Timeout = 30 * time.Second
			if tc.path == "/slow.yaml" {
				ws.fetcher.client.Timeout = time.Second
			}
			ws.AddFolder(t.Context(), root, nil)
			if p := ws.Snapshot().Links(main)[0].Problem; tc.path == "/slow.yaml" && (p == nil || !p.Pending) {
				t.Fatalf("indexing waited for the download: %+v", p)
			}
			l := ws.Settle(t.Context()).Links(main)[0]
			if tc.problem == "" {
				if l.Path == "" {
					t.Fatalf("not fetched: %+v", l.Problem)
				}
				// Kept private, in the cache only.
				for p, want := range map[string]os.FileMode{l.Path: 0o400, filepath.Dir(l.Path): 0o700} {
					if st, err := os.Stat(p); err != nil || st.Mode().Perm() != want || filepath.Dir(filepath.Dir(l.Path)) != cache {
						t.Errorf("%s: mode %v (%v), want %v below %s", p, st.Mode().Perm(), err, want, cache)
					}
				}
				return
			}
			if p := l.Problem; l.Path != "" || p == nil || p.Code != importRemote || !p.Warning || !strings.Contains(p.Message, tc.problem) {
				t.Errorf("link %q, problem %+v, want a warning with %q", l.Path, p, tc.problem)
			}
			if entries, _ := os.ReadDir(filepath.Join(cache, "remote")); len(entries) != 0 {
				t.Errorf("%d files kept from a refused download", len(entries))
			}
		})
	}
	if plainHits.Load() != 0 {
		t.Errorf("the plain http server was contacted %d times", plainHits.Load())
	}
}
