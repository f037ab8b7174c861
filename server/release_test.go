package server

import "testing"

// TestMemoryRelease: memory is given back after a burst that allocated
// its threshold, whatever the time it took, and not after a smaller one.
func TestMemoryRelease(t *testing.T) {
	for _, tc := range []struct {
		allocated uint64
		want      bool
	}{{0, false}, {99, false}, {100, true}, {5000, true}} {
		var counter uint64 = 1 << 40
		released := false
		m := memoryRelease{threshold: 100, allocated: func() uint64 { return counter }, release: func() { released = true }}
		m.around(func() { counter += tc.allocated })
		if released != tc.want {
			t.Errorf("burst of %d bytes: released %v, want %v", tc.allocated, released, tc.want)
		}
	}
}

var sink []byte

// TestAllocatedBytesCounts: the runtime's count grows by what is allocated.
func TestAllocatedBytesCounts(t *testing.T) {
	before := allocatedBytes()
	sink = make([]byte, 8<<20)
	if got := allocatedBytes() - before; got < 8<<20 {
		t.Errorf("allocating 8 MiB advanced the count by %d bytes", got)
	}
}
