//go:build race

package server_test

// raceEnabled builds the e2e binary with -race when the tests run with it.
const raceEnabled = true
