package index

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sync"
	"time"
)

// fetcher downloads remote imports (only when the remoteImports setting is
// on) into a cache folder, once per URL and process: the outcome, success
// or failure, is remembered, so an edit never waits for the network again.
type fetcher struct {
	dir    string
	client *http.Client

	mu      sync.Mutex
	results map[string]fetched
	// origins maps a downloaded file back to its URL, so that relative
	// imports inside it resolve against the URL.
	origins map[string]string
}

type fetched struct {
	path string
	err  error
}

func newFetcher(dir string) *fetcher {
	return &fetcher{
		dir:     dir,
		client:  &http.Client{Timeout: 10 * time.Second},
		results: map[string]fetched{},
		origins: map[string]string{},
	}
}

// fetch returns the local copy of u, downloading it the first time.
func (fe *fetcher) fetch(u string) (string, error) {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	if r, ok := fe.results[u]; ok {
		return r.path, r.err
	}
	p, err := fe.download(u)
	fe.results[u] = fetched{p, err}
	if err == nil {
		fe.origins[p] = u
	}
	return p, err
}

func (fe *fetcher) download(u string) (string, error) {
	parsed, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	if parsed.Scheme != "http" && parsed.Scheme != "https" {
		return "", fmt.Errorf("unsupported scheme %q", parsed.Scheme)
	}
	resp, err := fe.client.Get(u)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s", resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxFileSize+1))
	if err != nil {
		return "", err
	}
	if len(data) > MaxFileSize {
		return "", fmt.Errorf("larger than %d MB", MaxFileSize>>20)
	}
	sum := sha256.Sum256([]byte(u))
	name := hex.EncodeToString(sum[:8]) + "-" + path.Base(parsed.Path)
	if err := os.MkdirAll(fe.dir, 0o755); err != nil {
		return "", err
	}
	target := filepath.Join(fe.dir, name)
	if err := os.WriteFile(target, data, 0o444); err != nil && !os.IsPermission(err) {
		return "", err
	}
	return target, nil
}

// origin returns the URL a downloaded file came from ("" for local files).
func (fe *fetcher) origin(p string) string {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	return fe.origins[p]
}
