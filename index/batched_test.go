package index

import (
	"fmt"
	"maps"
	"testing"

	"github.com/benbjohnson/immutable"
)

// TestBatched checks a batched map against a Go map through more writes
// than batchAfter, and that the map it started from is left as it was.
func TestBatched(t *testing.T) {
	start := immutable.NewSortedMap[string, int](nil)
	for i := range 10 {
		start = start.Set(fmt.Sprint("k", i), i)
	}
	want := map[string]int{}
	for it := start.Iterator(); !it.Done(); {
		k, v, _ := it.Next()
		want[k] = v
	}
	before := maps.Clone(want)
	m := newBatchedSortedMap(start)
	for i := range 4 * batchAfter {
		k := fmt.Sprint("k", i%(2*batchAfter))
		if i%3 == 0 {
			m.Delete(k)
			delete(want, k)
		} else {
			m.Set(k, i)
			want[k] = i
		}
		if v, ok := m.Get(k); ok != (i%3 != 0) || ok && v != i {
			t.Fatalf("write %d: Get(%s) = %d, %v", i, k, v, ok)
		}
	}
	got := map[string]int{}
	prev := ""
	for it := m.Map().Iterator(); !it.Done(); {
		k, v, _ := it.Next()
		if k <= prev {
			t.Errorf("keys out of order: %s after %s", k, prev)
		}
		prev = k
		got[k] = v
	}
	if !maps.Equal(got, want) {
		t.Errorf("batched map holds %v, want %v", got, want)
	}
	after := map[string]int{}
	for it := start.Iterator(); !it.Done(); {
		k, v, _ := it.Next()
		after[k] = v
	}
	if !maps.Equal(after, before) {
		t.Errorf("the starting map changed: %v", after)
	}
}
