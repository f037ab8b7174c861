package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/tosca-ls/tosca-ls/index"
)

// extractions are the folders a command (check, graph) unpacks CSAR
// archives into. They are removed on every exit: when the command is
// done (remove), and on SIGINT, SIGTERM or SIGHUP, after which the process
// ends as the signal would have ended it. A signal first stops the
// extraction under way and waits for it, so that nothing is written into
// a folder once it is removed.
type extractions struct {
	mu      sync.Mutex
	dirs    []string
	stop    context.CancelFunc
	ctx     context.Context
	writing sync.WaitGroup
	signals chan os.Signal
	done    chan struct{}
}

var errInterrupted = errors.New("interrupted")

func newExtractions() *extractions {
	e := &extractions{signals: make(chan os.Signal, 1), done: make(chan struct{})}
	e.ctx, e.stop = context.WithCancel(context.Background())
	signal.Notify(e.signals, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go e.onSignal()
	return e
}

// extract unpacks archive into a new private folder of the temporary
// folder.
func (e *extractions) extract(archive string) (string, error) {
	e.mu.Lock()
	if e.ctx.Err() != nil {
		e.mu.Unlock()
		return "", errInterrupted
	}
	dir, err := os.MkdirTemp("", "tosca-ls-csar-")
	if err != nil {
		e.mu.Unlock()
		return "", err
	}
	e.dirs = append(e.dirs, dir)
	e.writing.Add(1)
	e.mu.Unlock()
	defer e.writing.Done()
	if err := index.ExtractCSAR(e.ctx, archive, dir); err != nil {
		if e.ctx.Err() != nil {
			err = errInterrupted
		}
		return "", err
	}
	return dir, nil
}

// onSignal removes the folders on the first signal and ends the process
// by that signal.
func (e *extractions) onSignal() {
	var sig os.Signal
	select {
	case sig = <-e.signals:
	case <-e.done:
		return
	}
	e.mu.Lock()
	e.stop() // no extraction starts or goes on
	e.mu.Unlock()
	e.writing.Wait()
	e.removeAll()
	raise(sig)
	// The signal's default action ends the process while this waits (its
	// delivery is asynchronous); should it not, the shell's convention.
	time.Sleep(time.Second)
	os.Exit(128 + int(sig.(syscall.Signal)))
}

// remove removes the folders when the command is done. After a signal it
// does not return: the signal's handler ends the process.
func (e *extractions) remove() {
	signal.Stop(e.signals)
	close(e.done)
	e.mu.Lock()
	interrupted := e.ctx.Err() != nil
	e.mu.Unlock()
	if interrupted {
		select {}
	}
	e.removeAll()
}

func (e *extractions) removeAll() {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, d := range e.dirs {
		os.RemoveAll(d)
	}
	e.dirs = nil
}
