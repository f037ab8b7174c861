//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
)

// raise ends the process by sig, its default action restored.
func raise(sig os.Signal) {
	signal.Reset(sig)
	_ = syscall.Kill(os.Getpid(), sig.(syscall.Signal))
}
