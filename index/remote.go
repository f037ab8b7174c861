package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
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
// on) into a cache folder, once per URL and process, in the background:
// the outcome, success or failure, is remembered, so an edit never waits
// for the network.
type fetcher struct {
	wg     sync.WaitGroup
	dir    string
	client *http.Client
	// done is told the URL of each download that ended.
	done func(url string)

	mu      sync.Mutex
	results map[string]*fetched
	// origins maps a downloaded file back to its URL, so that relative
	// imports inside it resolve against the URL.
	origins map[string]string
}

type fetched struct {
	path     string
	err      error
	finished bool
}

func newFetcher(dir string, done func(string)) *fetcher {
	return &fetcher{
		dir:     dir,
		client:  &http.Client{Timeout: 10 * time.Second, CheckRedirect: httpsOnly},
		done:    done,
		results: map[string]*fetched{},
		origins: map[string]string{},
	}
}

// httpsOnly follows a redirect only to another https: URL: a download
// never leaves TLS on the way.
func httpsOnly(req *http.Request, via []*http.Request) error {
	if req.URL.Scheme != "https" {
		return fmt.Errorf("redirected to %s:, and only https: is fetched", req.URL.Scheme)
	}
	if len(via) >= 10 {
		return errors.New("more than 10 redirects")
	}
	return nil
}

// wait waits for the downloads in flight.
func (fe *fetcher) wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { fe.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// busy reports whether a download is in flight.
func (fe *fetcher) busy() bool {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	for _, r := range fe.results {
		if !r.finished {
			return true
		}
	}
	return false
}

// get returns the local copy of u once downloaded; the first call starts
// the download and reports it unfinished.
func (fe *fetcher) get(u string) (path string, err error, finished bool) {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	if r, ok := fe.results[u]; ok {
		return r.path, r.err, r.finished
	}
	r := &fetched{}
	fe.results[u] = r
	fe.wg.Add(1)
	go func() {
		defer fe.wg.Done()
		p, err := fe.download(u)
		fe.mu.Lock()
		r.path, r.err, r.finished = p, err, true
		if err == nil {
			fe.origins[p] = u
		}
		fe.mu.Unlock()
		if fe.done != nil {
			fe.done(u)
		}
	}()
	return "", nil, false
}

func (fe *fetcher) download(u string) (string, error) {
	parsed, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	if parsed.Scheme != "https" {
		// Only over TLS: a plain http download could be altered on the way.
		return "", fmt.Errorf("only https: imports are fetched, not %s:", parsed.Scheme)
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
	if err := os.MkdirAll(fe.dir, 0o700); err != nil {
		return "", err
	}
	target := filepath.Join(fe.dir, name)
	if err := os.WriteFile(target, data, 0o400); err != nil && !os.IsPermission(err) {
		return "", err
	}
	return target, nil
}

// origin returns the URL a downloaded file came from ("" for local files).
// Downloads are saved in the fetcher's folder: a file elsewhere is answered
// without the lock, which a build linking thousands of files on every core
// would otherwise take for each.
func (fe *fetcher) origin(p string) string {
	if filepath.Dir(p) != fe.dir {
		return ""
	}
	fe.mu.Lock()
	defer fe.mu.Unlock()
	return fe.origins[p]
}
