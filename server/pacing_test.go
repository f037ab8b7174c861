package server

import "testing"

// TestRunPacing: while workspace runs are in flight the collector runs at
// runGCPercent, and at what it was before once the last is done; a GOGC
// the environment sets, or a higher one, is left alone.
func TestRunPacing(t *testing.T) {
	t.Setenv("GOGC", "")
	percent := 100
	g := &gcPacing{setPercent: func(p int) int {
		percent, p = p, percent
		return p
	}}
	gcPercent := func() int { return percent }

	first := g.enter()
	second := g.enter()
	if got := gcPercent(); got != runGCPercent {
		t.Fatalf("GOGC %d during two runs, want %d", got, runGCPercent)
	}
	first()
	if got := gcPercent(); got != runGCPercent {
		t.Fatalf("GOGC %d while a run is still in flight, want %d", got, runGCPercent)
	}
	second()
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC %d after the runs, want 100 as before", got)
	}

	percent = 1000
	exit := g.enter()
	if got := gcPercent(); got != 1000 {
		t.Errorf("GOGC %d during a run, want 1000 (higher already) left alone", got)
	}
	exit()

	percent = 50
	t.Setenv("GOGC", "50")
	exit = g.enter()
	if got := gcPercent(); got != 50 {
		t.Errorf("GOGC %d during a run, want the environment's 50", got)
	}
	exit()
	if got := gcPercent(); got != 50 {
		t.Errorf("GOGC %d after a run, want the environment's 50", got)
	}
}
