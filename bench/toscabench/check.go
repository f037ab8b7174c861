package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/goccy/go-yaml/parser"

	"github.com/tosca-ls/tosca-ls/bench/corpus"
)

// readFiles loads the bytes of files of a corpus, so that the raw parse
// measures parsing alone.
func readFiles(c *corpus.Corpus, files []string) ([][]byte, error) {
	out := make([][]byte, 0, len(files))
	for _, f := range files {
		b, err := os.ReadFile(c.Path(f))
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// goccyParse is the yardstick of issue 13's budgets: goccy/go-yaml's
// parser.ParseBytes.
func goccyParse(src []byte) error {
	_, err := parser.ParseBytes(src, 0)
	return err
}

// rawParse is a yardstick: parse over every source, by workers goroutines
// taking the next file in turn. The trees are dropped at once, as a parser
// that only validates would.
func rawParse(srcs [][]byte, workers int, parse func([]byte) error) (time.Duration, error) {
	runtime.GC()
	defer debug.FreeOSMemory()
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	start := time.Now()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(srcs) {
					return
				}
				if err := parse(srcs[i]); err != nil && errs[w] == nil {
					errs[w] = err
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	for _, err := range errs {
		if err != nil {
			return 0, fmt.Errorf("raw parse: %w", err)
		}
	}
	return took, nil
}

// checkResult is one run of `tosca-ls check`.
type checkResult struct {
	wall    time.Duration
	peakRSS int64
	// diagnostics is the number of lines check printed; first the first
	// of them.
	diagnostics int
	first       string
	// failure says why there is no figure (killed, timed out, crashed).
	failure string
}

// runCheck times a cold `tosca-ls check DIR` (a new process) and reads its
// peak RSS from the kernel.
func runCheck(bin string, env []string, dir string, lim limits) (checkResult, error) {
	var out lineCounter
	stderr := &tailBuffer{max: 4096}
	cmd := exec.Command(bin, "check", dir)
	cmd.Env = env
	cmd.Stdout = &out
	cmd.Stderr = stderr
	w, err := startWatched(cmd, lim)
	if err != nil {
		return checkResult{}, err
	}
	err = w.wait(lim.timeout + time.Minute)
	res := checkResult{wall: time.Since(w.start), diagnostics: out.lines, first: out.first}
	if reason := w.killedBecause(); reason != "" {
		res.failure = reason
		return res, nil
	}
	if err != nil {
		// 1 means the corpus has errors: still a measurement.
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			res.failure = fmt.Sprintf("check failed (%v): %s", err, lastLine(stderr.String()))
			return res, nil
		}
	}
	res.peakRSS = w.peakRSS()
	return res, nil
}

// lineCounter counts output lines and keeps the first.
type lineCounter struct {
	lines   int
	first   string
	partial bytes.Buffer
}

func (l *lineCounter) Write(p []byte) (int, error) {
	for _, b := range p {
		if b != '\n' {
			if l.lines == 0 {
				l.partial.WriteByte(b)
			}
			continue
		}
		if l.lines == 0 {
			l.first = l.partial.String()
		}
		l.lines++
	}
	return len(p), nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
