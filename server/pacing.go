package server

import (
	"os"
	"runtime/debug"
	"sync"
)

// runGCPercent is the collector's GOGC while a workspace run is in flight
// and the author is at work (a request or an edit came since it started).
//
// During a run over a large workspace, each collection marks the whole
// index (about 230 MiB live on the OASIS repository: some 90 ms of both
// cores), and at the default 100 one starts every ~300 MiB allocated. An
// author typing in a 10,000-line template allocates 16 MiB a keystroke
// (its new snapshot, its diagnostics; 88% of what is allocated then):
// one collection every 15–20 keystrokes. A runtime trace of the slow
// answers showed three of four under such a mark (the fourth under a
// stall of the whole process): the collector's workers take the
// cores the run's parked workers left, and the keystroke's parse and
// diagnostics run 2–3.5× slower beside them. At 300 the collections under
// keystrokes are half as many, and the soft memory limit the command sets
// (see cmd/tosca-ls) still bounds the heap. A run nobody works beside keeps
// the default: the larger heap costs it page faults and a longer release
// of the memory at its end. A GOGC in the environment is left alone.
const runGCPercent = 300

// gcPacing raises GOGC once urgent work comes while any workspace run is
// in flight, and restores it when the last run is done.
type gcPacing struct {
	// setPercent sets GOGC and returns what it was (debug.SetGCPercent).
	setPercent func(int) int

	mu   sync.Mutex
	runs int
	prev int
	// raised is whether urgent work during the runs raised it.
	raised bool
}

// runPacing is the process's: GOGC is.
var runPacing = &gcPacing{setPercent: debug.SetGCPercent}

// enter marks a run in flight until exit is called.
func (g *gcPacing) enter() (exit func()) {
	g.mu.Lock()
	g.runs++
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.runs--; g.runs == 0 && g.raised {
			g.setPercent(g.prev)
			g.raised = false
		}
	}
}

// urgent notes that urgent work began (see priority).
func (g *gcPacing) urgent() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.runs == 0 || g.raised || os.Getenv("GOGC") != "" {
		return
	}
	if g.prev = g.setPercent(runGCPercent); g.prev < 0 || g.prev >= runGCPercent {
		// Off or higher already: leave it.
		g.setPercent(g.prev)
		return
	}
	g.raised = true
}
