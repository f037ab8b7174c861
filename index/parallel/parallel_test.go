package parallel

import (
	"sync/atomic"
	"testing"
)

// TestEach: every index is done exactly once, each by the worker that
// took it, and Each returns only when all are done.
func TestEach(t *testing.T) {
	for _, n := range []int{0, 1, 7, 1000} {
		done := make([]atomic.Int32, n)
		var workers atomic.Int32
		Each(n, func() func(int) {
			workers.Add(1)
			seen := map[int]bool{} // the worker's own state
			return func(i int) {
				if seen[i] {
					t.Errorf("n=%d: index %d given twice to one worker", n, i)
				}
				seen[i] = true
				done[i].Add(1)
			}
		})
		for i := range done {
			if got := done[i].Load(); got != 1 {
				t.Errorf("n=%d: index %d done %d times", n, i, got)
			}
		}
		if workers.Load() < 1 {
			t.Errorf("n=%d: no worker made", n)
		}
	}
}
