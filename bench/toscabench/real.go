package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tosca-ls/tosca-ls/bench/corpus"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// The scenarios of issue 27 measure real repositories, read-only, from
// --corpora (../shared/corpora: see its README): generated corpora said
// the engine was done while the real import graphs said otherwise.
const (
	// realDMTFSet is the DMTF Redfish profile set: 7,374 generated files that
	// import files it does not ship, so its errors are expected.
	realDMTFSet = "tosca-community-contributions/profiles/org/dmtf"
	// oasisRepo is the whole OASIS community repository (the DMTF set
	// included), opened as one workspace folder.
	oasisRepo = "tosca-community-contributions"
	// oasisOpened is the file opened as the server starts: a 2.0 template
	// importing three profiles by name (one of them 8,600 lines), whose
	// diagnostics need the types of all three.
	oasisOpened = "examples/substitutions/microservice/main.yaml"
)

// realCorpus is a folder of real files: the TOSCA (and Heat) files a
// workspace scan would index, by the index's own rule (index.DetectFile).
type realCorpus struct {
	name  string
	dir   string
	files []string // absolute, sorted
	bytes int64
}

// loadReal lists the analysable files under dir, skipping the folders a
// scan skips (hidden ones, node_modules).
func loadReal(name, dir string) (*realCorpus, error) {
	c := &realCorpus{name: name, dir: dir}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !index.HasTOSCAExtension(p) && !index.IsCSARMeta(p) {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if index.DetectFile(p, src) != index.NotTOSCA {
			c.files = append(c.files, p)
			c.bytes += int64(len(src))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(c.files) == 0 {
		return nil, fmt.Errorf("%s: no TOSCA file in %s", name, dir)
	}
	sort.Strings(c.files)
	return c, nil
}

// realCorpora loads the real repositories of the selected scenarios; a
// scenario whose repository is absent is skipped with a note (nil).
func (b *bench) realCorpora(selected map[string]bool) (realDMTF, oasis *realCorpus, err error) {
	load := func(scenario, rel string) (*realCorpus, error) {
		if !selected[scenario] {
			return nil, nil
		}
		dir, err := filepath.Abs(filepath.Join(b.cfg.realCorpora, rel))
		if err != nil {
			return nil, err
		}
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			b.rec.skip(scenario, fmt.Sprintf("%s is absent (--corpora: the real repositories, see ../shared/corpora/README.md)", dir))
			return nil, nil
		}
		return loadReal(scenario, dir)
	}
	if realDMTF, err = load("real-dmtf", realDMTFSet); err != nil {
		return nil, nil, err
	}
	if oasis, err = load("oasis", oasisRepo); err != nil {
		return nil, nil, err
	}
	return realDMTF, oasis, nil
}

// realRawParse measures the yardstick of a real corpus. Real files may be
// YAML goccy rejects; their parse still counts, and a note says how many.
func (b *bench) realRawParse(scenario string, files []string) error {
	srcs := make([][]byte, len(files))
	for i, f := range files {
		var err error
		if srcs[i], err = os.ReadFile(f); err != nil {
			return err
		}
	}
	// Files goccy rejects count with the time their parse took.
	var mu sync.Mutex
	rejected := map[*byte]bool{}
	lenient := func(src []byte) error {
		if goccyParse(src) != nil && len(src) > 0 {
			mu.Lock()
			rejected[&src[0]] = true
			mu.Unlock()
		}
		return nil
	}
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		d, err := steadyRawParse(srcs, workers, lenient)
		if err != nil {
			return err
		}
		if workers == 1 {
			b.rec.add(scenario+".raw.serial", d)
		} else {
			b.rec.add(scenario+".raw.parallel", d)
		}
	}
	if len(rejected) > 0 {
		b.rec.note("%s: goccy rejects %d of its %d files (their parse counts in the yardstick)", scenario, len(rejected), len(files))
	}
	return nil
}

// realDMTFCheck measures a cold `tosca-ls check` of the real DMTF set.
func (b *bench) realDMTFCheck(c *realCorpus) {
	if res, ok := b.measureCheck("real-dmtf.check", c.dir); ok {
		b.rec.note("real-dmtf: check printed %d lines (the set imports files it does not ship: errors expected)", res.diagnostics)
	}
}

// pullCapabilities are what a client that pulls diagnostics (VS Code's
// Problems panel) announces.
var pullCapabilities = map[string]any{
	"textDocument": map[string]any{"diagnostic": map[string]any{"relatedDocumentSupport": false}},
	"workspace":    map[string]any{"diagnostics": map[string]any{"refreshSupport": true}},
}

// oasis measures the server on the whole OASIS repository, in three
// sessions: a pushing client that opens a file as the server starts; a
// pulling client that asks for every diagnostic of the workspace, then
// again with every result id; and a pulling client typing in a
// 10,000-line template (big/, a second workspace folder) while its
// workspace request is computed.
func (b *bench) oasis(repo *realCorpus, big string) {
	b.oasisOpen(repo)
	b.oasisPull(repo)
	b.oasisTyping(repo, big)
}

// oasisOpen: the file is opened right after `initialized`; its first
// correct diagnostics are the first publish equal to the last one, once
// the server has analysed every file (CPU idle).
func (b *bench) oasisOpen(repo *realCorpus) {
	const key = "oasis.open"
	if b.broken[key] {
		return
	}
	st := b.rec.step("oasis.open.diagnostics", "oasis.server.index", "oasis.server.push")
	s, err := startSessionWith(b.bin, b.env, b.lim, []string{repo.dir}, nil)
	if err == nil {
		err = b.oasisOpenSteps(s, st, repo)
		s.close()
	}
	if err != nil {
		b.broken[key] = true
		st.failRest(err)
	}
}

func (b *bench) oasisOpenSteps(s *session, st *step, repo *realCorpus) error {
	path := filepath.Join(repo.dir, oasisOpened)
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	uri := fileURI(path)
	pubs := s.recordPublishes(uri)
	defer pubs.stop()
	if err := s.c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "tosca", "version": 1, "text": string(raw)}}); err != nil {
		return s.failure(err)
	}
	indexed, err := s.awaitIndexed()
	if err != nil {
		return err
	}
	st.add("oasis.server.index", indexed.Seconds())
	idle, err := s.awaitIdle()
	if err != nil {
		return err
	}
	st.add("oasis.server.push", idle.Seconds())
	first, err := pubs.firstFinal()
	if err != nil {
		return fmt.Errorf("%s: %w", oasisOpened, err)
	}
	st.add("oasis.open.diagnostics", first.Sub(s.proc.start).Seconds())
	return nil
}

// oasisPull: memory after the index, workspace/symbol, then a cold
// workspace/diagnostic streamed as partial results, memory after it, and
// the follow-up with every result id, which nothing changed.
func (b *bench) oasisPull(repo *realCorpus) {
	const key = "oasis.pull"
	if b.broken[key] {
		return
	}
	st := b.rec.step("oasis.server.rss", "oasis.server.symbol.p50", "oasis.server.symbol.p99",
		"oasis.pull.first", "oasis.pull.time", "oasis.pull.rss", "oasis.pull.unchanged")
	s, err := startSessionWith(b.bin, b.env, b.lim, []string{repo.dir}, pullCapabilities)
	if err == nil {
		err = b.oasisPullSteps(s, st)
		s.close()
	}
	if err != nil {
		b.broken[key] = true
		st.failRest(err)
	}
}

func (b *bench) oasisPullSteps(s *session, st *step) error {
	if _, err := s.awaitIndexed(); err != nil {
		return err
	}
	if _, err := s.awaitIdle(); err != nil {
		return err
	}
	rss, _, err := s.memory()
	if err != nil {
		return err
	}
	st.add("oasis.server.rss", float64(rss))
	var lat []float64
	for i := range b.cfg.queries {
		d, _, err := s.timedCall("workspace/symbol", map[string]any{"query": oasisSymbolQueries[i%len(oasisSymbolQueries)]})
		if err != nil {
			return err
		}
		lat = append(lat, d.Seconds())
	}
	st.add("oasis.server.symbol.p50", percentile(lat, 50))
	st.add("oasis.server.symbol.p99", percentile(lat, 99))

	pull, err := s.workspacePull("oasis-1", nil)
	if err != nil {
		return err
	}
	st.add("oasis.pull.first", pull.first.Seconds())
	st.add("oasis.pull.time", pull.took.Seconds())
	if rss, _, err = s.memory(); err != nil {
		return err
	}
	st.add("oasis.pull.rss", float64(rss))
	b.rec.note("oasis: workspace/diagnostic reported on %d files, %d diagnostics", len(pull.ids), pull.diagnostics)

	again, err := s.workspacePull("oasis-2", pull.ids)
	if err != nil {
		return err
	}
	st.add("oasis.pull.unchanged", again.took.Seconds())
	if again.full > 0 {
		b.rec.note("oasis: the follow-up workspace/diagnostic had %d full reports of %d, though nothing changed", again.full, len(again.ids))
	}
	return nil
}

// oasisSymbolQueries are names of the OASIS profiles (whole, fragments)
// and a miss.
var oasisSymbolQueries = []string{"Compute", "Deployment", "Pod", "ServiceRoot", "Redfish", "Storage", "Endpoint", "Micro", "qqqq", "Root"}

// oasisTyping: big/main.yaml is opened, a cold workspace/diagnostic sent,
// and while it is computed keystrokes are typed in a label, each followed
// by textDocument/diagnostic for the new version (what a pulling editor
// asks), timed from the change to the answer.
func (b *bench) oasisTyping(repo *realCorpus, big string) {
	const key = "oasis.typing"
	if b.broken[key] {
		return
	}
	st := b.rec.step("oasis.keystroke.p50", "oasis.keystroke.p99")
	s, err := startSessionWith(b.bin, b.env, b.lim, []string{repo.dir, big}, pullCapabilities)
	if err == nil {
		err = b.oasisTypingSteps(s, st, big)
		s.close()
	}
	if err != nil {
		b.broken[key] = true
		st.failRest(err)
	}
}

func (b *bench) oasisTypingSteps(s *session, st *step, big string) error {
	path := filepath.Join(big, "main.yaml")
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sites := corpus.FindBigSites(string(raw))
	if len(sites.Labels) == 0 {
		return fmt.Errorf("%s: no label to type in", path)
	}
	if _, err := s.awaitIndexed(); err != nil {
		return err
	}
	if _, err := s.awaitIdle(); err != nil {
		return err
	}
	doc := &document{s: s, uri: fileURI(path), version: 1}
	if err := s.c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": doc.uri, "languageId": "tosca", "version": 1, "text": string(raw)}}); err != nil {
		return s.failure(err)
	}
	if _, _, err := s.timedCall("textDocument/diagnostic", map[string]any{"textDocument": map[string]any{"uri": doc.uri}}); err != nil {
		return err
	}
	pending, err := s.c.Start("workspace/diagnostic", map[string]any{"previousResultIds": []any{}, "partialResultToken": "oasis-typing"})
	if err != nil {
		return s.failure(err)
	}
	var runErr error
	running := make(chan struct{})
	go func() {
		defer close(running)
		ctx, cancel := context.WithTimeout(context.Background(), s.lim.timeout)
		defer cancel()
		m, err := pending.Wait(ctx)
		if err == nil && m.Error != nil {
			err = m.Error
		}
		runErr = err
	}()
	inFlight := func() bool {
		select {
		case <-running:
			return false
		default:
			return true
		}
	}
	label := sites.Labels[len(sites.Labels)/2]
	var keys []float64
	for i := 0; i < b.cfg.edits && inFlight(); i++ {
		at := label.End + i
		start := time.Now()
		if err := doc.change(label.Line, at, label.Line, at, string(rune('a'+i%26))); err != nil {
			return err
		}
		if _, err := s.call("textDocument/diagnostic", map[string]any{"textDocument": map[string]any{"uri": doc.uri}}); err != nil {
			return err
		}
		if inFlight() {
			keys = append(keys, time.Since(start).Seconds())
		}
	}
	<-running
	if runErr != nil {
		return s.failure(fmt.Errorf("workspace/diagnostic: %w", runErr))
	}
	if len(keys) == 0 {
		return errors.New("the workspace run ended before the first keystroke was answered")
	}
	b.rec.note("oasis: %d keystrokes answered while a workspace run was in flight (at most --edits)", len(keys))
	st.add("oasis.keystroke.p50", percentile(keys, 50))
	st.add("oasis.keystroke.p99", percentile(keys, 99))
	return nil
}

// pullResult is one workspace/diagnostic, streamed.
type pullResult struct {
	// first is when the first partial result (or the answer) arrived, took
	// when the answer did, both since the request was sent.
	first, took time.Duration
	// ids are the result ids of the reports; full counts the reports that
	// were not "unchanged"; diagnostics their diagnostics.
	ids         []map[string]any
	full        int
	diagnostics int
}

// workspacePull sends workspace/diagnostic with a partial-result token and
// the previous result ids, and gathers the streamed reports.
func (s *session) workspacePull(token string, previous []map[string]any) (*pullResult, error) {
	if previous == nil {
		previous = []map[string]any{}
	}
	var partials []json.RawMessage
	var firstAt time.Time
	var mu sync.Mutex
	stopWatch := s.watch(func(at time.Time, m *lsptest.Message) {
		if m.Method != "$/progress" {
			return
		}
		var p struct {
			Token json.RawMessage `json:"token"`
			Value json.RawMessage `json:"value"`
		}
		if json.Unmarshal(m.Params, &p) != nil || !bytes.Equal(p.Token, []byte(`"`+token+`"`)) {
			return
		}
		mu.Lock()
		if firstAt.IsZero() {
			firstAt = at
		}
		partials = append(partials, p.Value)
		mu.Unlock()
	})
	start := time.Now()
	m, err := s.call("workspace/diagnostic", map[string]any{"previousResultIds": previous, "partialResultToken": token})
	took := time.Since(start)
	// Progress sent before the answer is read before it (one stream).
	stopWatch()
	if err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	res := &pullResult{took: took, first: took}
	if !firstAt.IsZero() {
		res.first = firstAt.Sub(start)
	}
	for _, raw := range append(partials, m) {
		var r struct {
			Items []struct {
				Kind     string            `json:"kind"`
				URI      string            `json:"uri"`
				ResultID string            `json:"resultId"`
				Items    []json.RawMessage `json:"items"`
			} `json:"items"`
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, fmt.Errorf("workspace/diagnostic: %w", err)
		}
		for _, it := range r.Items {
			if it.Kind == "full" {
				res.full++
				res.diagnostics += len(it.Items)
			}
			res.ids = append(res.ids, map[string]any{"uri": it.URI, "value": it.ResultID})
		}
	}
	return res, nil
}

// watch calls fn, from a goroutine of its own, with every notification
// that arrives from now on and when it was seen, until stop; stop returns
// once fn has seen every notification that arrived before it.
func (s *session) watch(fn func(at time.Time, m *lsptest.Message)) (stop func()) {
	seen := len(s.c.Snapshot().Notifications)
	read := func(l lsptest.Log) {
		now := time.Now()
		for ; seen < len(l.Notifications); seen++ {
			fn(now, l.Notifications[seen])
		}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			select {
			case <-done:
				read(s.c.Snapshot())
				return
			default:
			}
			_, _ = s.c.Await(20*time.Millisecond, func(l lsptest.Log) bool {
				read(l)
				return l.Closed
			})
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// publishes are the arrivals of the publishDiagnostics of one URI.
type publishes struct {
	mu   sync.Mutex
	seen []publishSeen
	stop func()
}

type publishSeen struct {
	at          time.Time
	diagnostics string
}

// recordPublishes notes, as they arrive, the publishes of uri.
func (s *session) recordPublishes(uri string) *publishes {
	p := &publishes{}
	p.stop = s.watch(func(at time.Time, m *lsptest.Message) {
		if m.Method != "textDocument/publishDiagnostics" {
			return
		}
		var pub struct {
			URI         string          `json:"uri"`
			Diagnostics json.RawMessage `json:"diagnostics"`
		}
		if json.Unmarshal(m.Params, &pub) == nil && pub.URI == uri {
			p.mu.Lock()
			p.seen = append(p.seen, publishSeen{at, string(pub.Diagnostics)})
			p.mu.Unlock()
		}
	})
	return p
}

// firstFinal is when the first publish equal to the last one arrived.
func (p *publishes) firstFinal() (time.Time, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.seen) == 0 {
		return time.Time{}, errors.New("no diagnostics published")
	}
	last := p.seen[len(p.seen)-1].diagnostics
	for _, s := range p.seen {
		if s.diagnostics == last {
			return s.at, nil
		}
	}
	return time.Time{}, errors.New("unreachable")
}
