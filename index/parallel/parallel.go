// Package parallel runs independent jobs on every core.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls do(i) for every i in [0, n), on one goroutine per core, and
// returns when all calls have. Each goroutine gets its own do from worker
// (its state, such as a parse arena, is then its own) and takes the next i
// from a counter: no goroutine waits to be handed a job.
func Each(n int, worker func() (do func(i int))) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do := worker()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				do(i)
			}
		}()
	}
	wg.Wait()
}
