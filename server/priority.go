package server

import (
	"context"
	"sync"
)

// priority lets the work about what the author is looking at go first: a
// request, and the parse and diagnostics of an edit. A workspace run (the
// diagnostics of every file, pulled or pushed) waits between two files
// while any such work is in flight, so that a keystroke is answered on an
// idle machine however long the run: the run only finishes later.
type priority struct {
	mu   sync.Mutex
	busy int
	// free is closed while no urgent work is in flight.
	free chan struct{}
}

func newPriority() *priority {
	p := &priority{free: make(chan struct{})}
	close(p.free)
	return p
}

// begin marks urgent work in flight until end is called (end may be
// called more than once).
func (p *priority) begin() (end func()) {
	p.mu.Lock()
	first := p.busy == 0
	if first {
		p.free = make(chan struct{})
	}
	p.busy++
	p.mu.Unlock()
	if first {
		runPacing.urgent()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			p.mu.Lock()
			p.busy--
			if p.busy == 0 {
				close(p.free)
			}
			p.mu.Unlock()
		})
	}
}

// yield returns once no urgent work is in flight, or ctx is done.
func (p *priority) yield(ctx context.Context) {
	p.mu.Lock()
	free := p.free
	p.mu.Unlock()
	select {
	case <-free:
	case <-ctx.Done():
	}
}
