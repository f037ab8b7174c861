package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/tosca-ls/tosca-ls/bench/corpus"
)

// recorder collects the samples of every figure over the runs.
type recorder struct {
	samples  map[string][]float64
	failures map[string]string
	// skipped maps the scenarios that could not run to the reason.
	skipped map[string]string
	notes   []string
}

func newRecorder() *recorder {
	return &recorder{samples: map[string][]float64{}, failures: map[string]string{}, skipped: map[string]string{}}
}

func (r *recorder) add(id string, v float64) { r.samples[id] = append(r.samples[id], v) }

// fail records why a figure could not be measured (the first reason wins).
func (r *recorder) fail(id, reason string) {
	if _, ok := r.failures[id]; !ok {
		r.failures[id] = reason
	}
}

// skip records that a scenario could not run at all, and why: its
// figures are reported as skipped, not failed.
func (r *recorder) skip(scenario, reason string) {
	r.skipped[scenario] = reason
	r.note("%s: skipped: %s", scenario, reason)
}

func (r *recorder) note(format string, args ...any) {
	n := fmt.Sprintf(format, args...)
	for _, have := range r.notes {
		if have == n {
			return
		}
	}
	r.notes = append(r.notes, n)
}

// step records the figures of one sequence of measurements in one run;
// when a measurement fails, the figures it had not reached fail with it.
type step struct {
	rec *recorder
	ids []string
	got map[string]bool
}

func (r *recorder) step(ids ...string) *step {
	return &step{rec: r, ids: ids, got: map[string]bool{}}
}

func (s *step) add(id string, v float64) {
	s.got[id] = true
	s.rec.add(id, v)
}

func (s *step) failRest(err error) {
	for _, id := range s.ids {
		if !s.got[id] {
			s.rec.fail(id, err.Error())
		}
	}
}

// bench holds what every run needs.
type bench struct {
	bin     string
	env     []string
	lim     limits
	cfg     config
	rec     *recorder
	corpora map[string]*corpus.Corpus
	// broken are the measurements that failed in an earlier run: they are
	// not repeated, since they would only fail again.
	broken map[string]bool
}

// rawParse measures the yardstick of some files of a scenario's corpus,
// serial and parallel. The files are read for this measurement and dropped
// after it: toscabench's heap then holds what a program parsing them would
// hold, whichever scenarios were selected. (Kept for the whole run, the
// dmtf corpus's 75 MB made the collector run so rarely that a raw parse of
// ws1000 took 39 ms on two workers in a full run and 60 ms when ws1000 ran
// alone.)
func (b *bench) rawParse(scenario string, c *corpus.Corpus, files []string, parallel bool) error {
	srcs, err := readFiles(c, files)
	if err != nil {
		return err
	}
	d, err := steadyRawParse(srcs, 1, goccyParse)
	if err != nil {
		return err
	}
	b.rec.add(scenario+".raw.serial", d)
	if parallel {
		d, err := steadyRawParse(srcs, runtime.GOMAXPROCS(0), goccyParse)
		if err != nil {
			return err
		}
		b.rec.add(scenario+".raw.parallel", d)
	}
	return nil
}

// steadyRawParse repeats a short raw parse until about a second was spent
// (at most maxRepeats times) and returns the median in seconds: the
// yardstick of a small corpus should not hang on one noisy sample.
func steadyRawParse(srcs [][]byte, workers int, parse func([]byte) error) (float64, error) {
	const maxRepeats = 9
	var times []float64
	var spent time.Duration
	for len(times) < maxRepeats && (len(times) == 0 || spent < time.Second) {
		d, err := rawParse(srcs, workers, parse)
		if err != nil {
			return 0, err
		}
		spent += d
		times = append(times, d.Seconds())
	}
	return median(times), nil
}

// check measures a cold `tosca-ls check` of a corpus.
func (b *bench) check(name string) {
	res, ok := b.measureCheck(name+".check", b.corpora[name].Dir)
	if ok && res.diagnostics > 0 {
		b.rec.note("check printed %d lines on %s; the first: %s", res.diagnostics, name, res.first)
	}
}

// measureCheck records the time and peak memory of a cold `tosca-ls check`
// of dir under key (key.time, key.rss); false when it failed (the key is
// then broken for the rest of the run).
func (b *bench) measureCheck(key, dir string) (checkResult, bool) {
	if b.broken[key] {
		return checkResult{}, false
	}
	res, err := runCheck(b.bin, b.env, dir, b.lim)
	if err == nil && res.failure != "" {
		err = errors.New(res.failure)
	}
	if err != nil {
		b.broken[key] = true
		b.rec.step(key+".time", key+".rss").failRest(err)
		return res, false
	}
	b.rec.add(key+".time", res.wall.Seconds())
	b.rec.add(key+".rss", float64(res.peakRSS))
	return res, true
}

// server measures the server on a corpus: indexing, memory and
// workspace/symbol; with big, also editing big/main.yaml in the same
// session.
func (b *bench) server(name string, withIndex, withBig bool) {
	key := name + ".server"
	if b.broken[key] {
		return
	}
	var ids []string
	if withIndex {
		for _, f := range []string{"index", "idle", "rss", "hwm", "symbol.p50", "symbol.p99"} {
			ids = append(ids, key+"."+f)
		}
	}
	if withBig {
		for _, sp := range specs {
			if sp.scenario == "big" && sp.id != bigRawSerial {
				ids = append(ids, sp.id)
			}
		}
	}
	st := b.rec.step(ids...)
	c := b.corpora[name]
	s, err := startSession(b.bin, b.env, c.Dir, b.lim)
	if err == nil {
		err = b.serverSteps(s, st, c, key, withIndex, withBig)
		s.close()
	}
	if err != nil {
		b.broken[key] = true
		st.failRest(err)
	}
}

func (b *bench) serverSteps(s *session, st *step, c *corpus.Corpus, key string, withIndex, withBig bool) error {
	indexed, err := s.awaitIndexed()
	if err != nil {
		return err
	}
	if withIndex {
		st.add(key+".index", indexed.Seconds())
	}
	idle, err := s.awaitIdle()
	if err != nil {
		return err
	}
	if withIndex {
		st.add(key+".idle", idle.Seconds())
		rss, hwm, err := s.memory()
		if err != nil {
			return err
		}
		st.add(key+".rss", float64(rss))
		st.add(key+".hwm", float64(hwm))
		queries := corpus.SymbolQueries(c.Name, b.cfg.corpus)
		var lat []float64
		empty := 0
		for i := range b.cfg.queries {
			d, res, err := s.timedCall("workspace/symbol", map[string]any{"query": queries[i%len(queries)]})
			if err != nil {
				return err
			}
			if string(res) == "null" || string(res) == "[]" {
				empty++
			}
			lat = append(lat, d.Seconds())
		}
		if empty == len(lat) {
			b.rec.note("workspace/symbol on %s answered nothing to every query", c.Name)
		}
		st.add(key+".symbol.p50", percentile(lat, 50))
		st.add(key+".symbol.p99", percentile(lat, 99))
	}
	if withBig {
		return b.big(s, st, c)
	}
	return nil
}

// rssAfterEdits is the edit after which the server's RSS is read.
const rssAfterEdits = 30

// big edits big/main.yaml the way a user types and asks, in a server that
// has indexed its workspace.
func (b *bench) big(s *session, st *step, c *corpus.Corpus) error {
	path := c.Path(corpus.BigMain)
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sites := corpus.FindBigSites(string(raw))
	if len(sites.Labels) == 0 || len(sites.Types) == 0 || len(sites.Targets) == 0 {
		return fmt.Errorf("%s: no label, type or requirement to work on", path)
	}
	doc := &document{s: s, uri: fileURI(path), version: 1}
	if err := s.c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": doc.uri, "languageId": "tosca", "version": 1, "text": string(raw)}}); err != nil {
		return s.failure(err)
	}
	if _, err := s.awaitPublish(doc.uri, 1); err != nil {
		return err
	}

	// Typing inside a label in the middle of the file, one letter at a
	// time, each answered by the diagnostics of that version.
	label := sites.Labels[len(sites.Labels)/2]
	var keys []float64
	for i := range max(b.cfg.edits, rssAfterEdits) {
		at := label.End + i
		start := time.Now()
		if err := doc.change(label.Line, at, label.Line, at, string(rune('a'+i%26))); err != nil {
			return err
		}
		arrived, err := s.awaitPublish(doc.uri, doc.version)
		if err != nil {
			return err
		}
		keys = append(keys, arrived.Sub(start).Seconds())
		if i+1 == rssAfterEdits {
			rss, _, err := s.memory()
			if err != nil {
				return err
			}
			st.add("big.rss.edits30", float64(rss))
		}
	}
	st.add("big.keystroke.p50", percentile(keys, 50))
	st.add("big.keystroke.p99", percentile(keys, 99))

	// Requests on the settled snapshot, spread over the file; one of each
	// first, unmeasured, to warm what a first request builds.
	n := b.cfg.queries
	spread := func(list []corpus.Site, i int) corpus.Site { return list[i*len(list)/max(n, 1)%len(list)] }
	kinds := []struct {
		id, method string
		at         func(i int) (corpus.Site, int)
	}{
		{"big.completion", "textDocument/completion", func(i int) (corpus.Site, int) {
			t := spread(sites.Types, i)
			return t, t.End
		}},
		{"big.hover", "textDocument/hover", func(i int) (corpus.Site, int) {
			t := spread(sites.Types, i)
			return t, (t.Start + t.End) / 2
		}},
		{"big.definition", "textDocument/definition", func(i int) (corpus.Site, int) {
			if i%2 == 0 {
				t := spread(sites.Types, i)
				return t, t.End - 1
			}
			t := spread(sites.Targets, i)
			return t, t.Start + 1
		}},
	}
	for _, k := range kinds {
		var lat []float64
		for i := -1; i < n; i++ {
			site, col := k.at(max(i, 0))
			d, _, err := s.timedCall(k.method, doc.position(site.Line, col))
			if err != nil {
				return err
			}
			if i >= 0 {
				lat = append(lat, d.Seconds())
			}
		}
		st.add(k.id+".p50", percentile(lat, 50))
		st.add(k.id+".p99", percentile(lat, 99))
	}

	// Completion sent right after an edit: delete the last letter of a type
	// name and ask at the cursor, then type it again and ask; each time the
	// diagnostics of the edit are awaited before the next, so every sample
	// starts from a quiet server.
	lines := strings.Split(string(raw), "\n")
	var after []float64
	for i := range n {
		t := spread(sites.Types, i/2)
		last := lines[t.Line][t.End-1 : t.End]
		var err error
		if i%2 == 0 {
			err = doc.change(t.Line, t.End-1, t.Line, t.End, "")
		} else {
			err = doc.change(t.Line, t.End-1, t.Line, t.End-1, last)
		}
		if err != nil {
			return err
		}
		col := t.End - 1 + i%2
		d, _, err := s.timedCall("textDocument/completion", doc.position(t.Line, col))
		if err != nil {
			return err
		}
		after = append(after, d.Seconds())
		if _, err := s.awaitPublish(doc.uri, doc.version); err != nil {
			return err
		}
	}
	st.add("big.completion-after-edit.p50", percentile(after, 50))
	st.add("big.completion-after-edit.p99", percentile(after, 99))

	// Completion asked again and again while typing goes on at a steady
	// rate, with the server's default diagnostics delay as in an editor.
	if err := s.configure(map[string]any{"diagnosticsDelay": 100}); err != nil {
		return err
	}
	typed := sites.Labels[len(sites.Labels)/3]
	for _, rate := range typingRates {
		lat, err := typeAndComplete(s, doc, typed, sites.Types, rate)
		if err != nil {
			return err
		}
		id := fmt.Sprintf("big.typing%d.completion", rate)
		st.add(id+".p50", percentile(lat, 50))
		st.add(id+".p99", percentile(lat, 99))
		typed.End += rate * int(typingTime/time.Second)
	}
	return s.configure(serverSettings)
}

// typingRates are the keystrokes per second of the typing figures: a
// steady typist, key repeat, and a burst (a paste typed by a macro); each
// goes on for typingTime.
var typingRates = []int{10, 30, 100}

const typingTime = 3 * time.Second

// typeAndComplete types at rate keystrokes a second for typingTime at the
// end of the label at, while completion is asked at type sites, one request
// after another; it returns the completions' latencies, then waits for the
// diagnostics of the last keystroke.
func typeAndComplete(s *session, doc *document, at corpus.Site, types []corpus.Site, rate int) ([]float64, error) {
	typed := make(chan error, 1)
	go func() {
		tick := time.NewTicker(time.Second / time.Duration(rate))
		defer tick.Stop()
		for i := range rate * int(typingTime/time.Second) {
			<-tick.C
			if err := doc.change(at.Line, at.End+i, at.Line, at.End+i, string(rune('a'+i%26))); err != nil {
				typed <- err
				return
			}
		}
		typed <- nil
	}()
	var lat []float64
	for i := 0; ; i++ {
		select {
		case err := <-typed:
			if err != nil {
				return nil, err
			}
			if _, err := s.awaitPublish(doc.uri, doc.version); err != nil {
				return nil, err
			}
			return lat, nil
		default:
		}
		t := types[i*7919%len(types)]
		d, _, err := s.timedCall("textDocument/completion", doc.position(t.Line, t.End))
		if err != nil {
			return nil, err
		}
		lat = append(lat, d.Seconds())
	}
}

// document is the open document of a session.
type document struct {
	s       *session
	uri     string
	version int
}

// change sends one incremental edit as the next version.
func (d *document) change(line1, col1, line2, col2 int, text string) error {
	d.version++
	err := d.s.c.Notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": d.uri, "version": d.version},
		"contentChanges": []any{map[string]any{
			"range": map[string]any{"start": lspPos(line1, col1), "end": lspPos(line2, col2)},
			"text":  text,
		}},
	})
	if err != nil {
		return d.s.failure(err)
	}
	return nil
}

func (d *document) position(line, col int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": d.uri}, "position": lspPos(line, col)}
}

func lspPos(line, col int) map[string]any { return map[string]any{"line": line, "character": col} }
