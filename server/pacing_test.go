package server

import "testing"

// TestRunPacing: once urgent work comes while workspace runs are in
// flight the collector runs at runGCPercent, and at what it was before once
// the last run is done; a run alone, urgent work alone, a GOGC the
// environment sets or a higher one leave it alone.
func TestRunPacing(t *testing.T) {
	t.Setenv("GOGC", "")
	percent := 100
	g := &gcPacing{setPercent: func(p int) int {
		percent, p = p, percent
		return p
	}}
	want := func(step string, p int) {
		t.Helper()
		if percent != p {
			t.Fatalf("%s: GOGC %d, want %d", step, percent, p)
		}
	}

	g.urgent()
	want("urgent work, no run", 100)
	first := g.enter()
	want("a run alone", 100)
	second := g.enter()
	g.urgent()
	want("urgent work during two runs", runGCPercent)
	g.urgent()
	first()
	want("a run still in flight", runGCPercent)
	second()
	want("after the runs", 100)

	percent = 1000
	exit := g.enter()
	g.urgent()
	want("higher already", 1000)
	exit()
	want("after a run, higher", 1000)

	percent = 50
	t.Setenv("GOGC", "50")
	exit = g.enter()
	g.urgent()
	want("the environment's", 50)
	exit()
	want("after a run, the environment's", 50)
}
