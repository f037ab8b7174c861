//go:build race

package syntax

// raceEnabled: the parser runs on one goroutine, and the race detector
// makes the differential test over real files several times slower.
const raceEnabled = true
