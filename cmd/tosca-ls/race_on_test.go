//go:build race

package main

// raceEnabled: the race detector makes the child processes several times
// slower and larger (see safety_test.go).
const raceEnabled = true
