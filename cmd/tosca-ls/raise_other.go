//go:build !unix

package main

import "os"

// raise: a process cannot send itself a signal here (Windows); the exit
// status its caller falls back to says which one ended it.
func raise(os.Signal) {}
