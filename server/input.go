package server

import (
	"io"
	"sync"
)

// readAhead reads the client's input on a goroutine of its own, ahead of
// the message loop, so that the end of the input is seen even while a
// handler holds the loop: an editor that exits closes the server's stdin,
// and the server must not outlive it (see Run). It holds at most about
// readAheadBytes read and not yet consumed; past that it stops reading
// until the loop catches up.
type readAhead struct {
	src io.Reader

	mu      sync.Mutex
	cond    *sync.Cond
	pending []byte // read; consumed up to off
	off     int
	err     error // src's error (io.EOF at its end), once pending is drained
	closed  bool
	// ended is closed when src has ended (or failed).
	ended chan struct{}
}

// readAheadBytes bounds the input held unread: one message of the largest
// size the stream keeps.
const readAheadBytes = maxMessageBytes

func newReadAhead(src io.Reader) *readAhead {
	r := &readAhead{src: src, ended: make(chan struct{})}
	r.cond = sync.NewCond(&r.mu)
	go r.fill()
	return r
}

func (r *readAhead) fill() {
	buf := make([]byte, readBufferSize)
	for {
		n, err := r.src.Read(buf)
		r.mu.Lock()
		for r.unread()+n > readAheadBytes && r.unread() > 0 && !r.closed {
			r.cond.Wait()
		}
		if r.closed {
			r.mu.Unlock()
			return
		}
		if r.off > 0 && len(r.pending)+n > cap(r.pending) {
			// Move what is left to the front rather than grow.
			r.pending = r.pending[:copy(r.pending, r.pending[r.off:])]
			r.off = 0
		}
		r.pending = append(r.pending, buf[:n]...)
		if err != nil {
			r.err = err
			close(r.ended)
		}
		r.cond.Broadcast()
		r.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// Read returns input read ahead, waiting for some when there is none; the
// source's error once everything before it was read.
func (r *readAhead) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for r.unread() == 0 && r.err == nil && !r.closed {
		r.cond.Wait()
	}
	switch {
	case r.closed:
		return 0, io.ErrClosedPipe
	case r.unread() == 0:
		return 0, r.err
	}
	n := copy(p, r.pending[r.off:])
	r.off += n
	if r.unread() == 0 {
		r.off = 0
		r.pending = r.pending[:0]
		if cap(r.pending) > keptBodyBuffer {
			r.pending = nil // a large message made it large
		}
	}
	r.cond.Broadcast()
	return n, nil
}

func (r *readAhead) unread() int { return len(r.pending) - r.off }

// Close stops reading and closes the source when it can be closed (which
// ends a read in progress on a pipe).
func (r *readAhead) Close() error {
	r.mu.Lock()
	r.closed = true
	r.pending, r.off = nil, 0
	r.cond.Broadcast()
	r.mu.Unlock()
	if c, ok := r.src.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
