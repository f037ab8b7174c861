package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestMemoryLimitFor(t *testing.T) {
	for _, tc := range []struct {
		floor int64
		live  uint64
		want  int64
	}{
		{serverMemoryFloor, 0, serverMemoryFloor},
		{serverMemoryFloor, 500 << 20, serverMemoryFloor},
		{serverMemoryFloor, 600 << 20, 900 << 20},
		{serverMemoryFloor, 2 << 30, 3 << 30},
		{batchMemoryFloor, 200 << 20, batchMemoryFloor},
		{batchMemoryFloor, 400 << 20, 600 << 20},
	} {
		if got := memoryLimitFor(tc.floor, tc.live); got != tc.want {
			t.Errorf("memoryLimitFor(%d MiB) = %d MiB, want %d MiB", tc.live>>20, got>>20, tc.want>>20)
		}
	}
}

// TestAfterEachGC: the hook runs after every collection, not once.
func TestAfterEachGC(t *testing.T) {
	calls := make(chan struct{}, 16)
	afterEachGC(func() {
		select {
		case calls <- struct{}{}:
		default:
		}
	})
	for want := 1; want <= 3; want++ {
		deadline := time.Now().Add(10 * time.Second)
		for len(calls) < want && time.Now().Before(deadline) {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
		if len(calls) < want {
			t.Fatalf("after %d collections the hook ran %d times", want, len(calls))
		}
	}
}

// TestServerMemoryLimitLeavesGOMEMLIMIT: a limit set in the environment is
// kept (the runtime read it at start).
func TestServerMemoryLimitLeavesGOMEMLIMIT(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Setenv("GOMEMLIMIT", "3GiB")
	serverMemoryLimit()
	runtime.GC()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("with GOMEMLIMIT set, the limit became %d MiB", got>>20)
	}
}
