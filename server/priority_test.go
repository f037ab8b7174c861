package server

import (
	"context"
	"testing"
)

// TestPriority: work that gives way waits while urgent work is in flight,
// however many pieces of it and however often each is ended, and goes on
// once the last is done (or its own context is).
func TestPriority(t *testing.T) {
	p := newPriority()
	p.yield(context.Background()) // nothing urgent: no wait

	first, second := p.begin(), p.begin()
	resumed := make(chan struct{})
	go func() {
		p.yield(context.Background())
		close(resumed)
	}()
	first()
	first() // ended twice: counted once
	select {
	case <-p.free:
		t.Fatal("work may go on while urgent work is still in flight")
	default:
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	p.yield(cancelled) // its own context is done: no wait
	second()
	<-resumed
	p.yield(context.Background())
}
