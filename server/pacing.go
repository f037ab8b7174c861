package server

import (
	"os"
	"runtime/debug"
	"sync"
)

// runGCPercent is the collector's GOGC while a workspace run is in flight.
//
// During a run over a large workspace, each collection marks the whole
// index (about 230 MiB live on the OASIS repository: some 90 ms of both
// cores), and at the default 100 one starts every ~300 MiB allocated: with
// an author typing in a 10,000-line template, whose every keystroke
// allocates some 16 MiB (its parse, its diagnostics), every 15–20
// keystrokes. A runtime trace of the slow answers showed each under such a
// mark: the collector's workers take the cores the run's parked workers
// left, the parse and diagnostics of the keystroke wait for them and run
// 2–3.5× slower beside them, and the answer takes 3× its usual time. At
// 300 the collections are half as many or fewer, and the soft memory limit
// the command sets (see cmd/tosca-ls) still bounds the heap; the run itself
// gets faster. A GOGC in the environment is left alone.
const runGCPercent = 300

// gcPacing raises GOGC while any workspace run is in flight, and restores
// it once the last one is done.
type gcPacing struct {
	// setPercent sets GOGC and returns what it was (debug.SetGCPercent).
	setPercent func(int) int

	mu   sync.Mutex
	runs int
	prev int
	// raised is whether the first run raised it.
	raised bool
}

// runPacing is the process's: GOGC is.
var runPacing = &gcPacing{setPercent: debug.SetGCPercent}

// enter marks a run in flight until exit is called.
func (g *gcPacing) enter() (exit func()) {
	g.mu.Lock()
	if g.runs == 0 && os.Getenv("GOGC") == "" {
		g.prev = g.setPercent(runGCPercent)
		g.raised = true
		if g.prev < 0 || g.prev >= runGCPercent {
			// Off or higher already: leave it.
			g.setPercent(g.prev)
			g.raised = false
		}
	}
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
