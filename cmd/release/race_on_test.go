//go:build race

package main

// raceEnabled: the tests that cross-build every platform do not run under
// the race detector (nothing of the build runs concurrently).
const raceEnabled = true
