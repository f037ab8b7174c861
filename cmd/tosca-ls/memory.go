package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// serverMemoryFloor is the server's soft memory limit while its live heap
// is small: the collector then runs before the heap doubles past it. The
// DMTF profile set (7,400 files) lives in about 500 MiB; with GOGC's 2×
// alone the server peaked near 1 GiB after its first analysis, with this
// limit it stays near 800 MiB for the same CPU time.
const serverMemoryFloor = 800 << 20

// batchMemoryFloor is the soft memory limit of a one-shot command (check,
// graph) while its live heap is small: such a command makes no collection
// below it (see batchGC), so it is what bounds the command's peak. A check
// of the DMTF set allocates under 400 MiB in all and keeps most of it to
// the end: it fits, while smaller floors cost one late collection of a
// large live heap for little memory.
const batchMemoryFloor = 448 << 20

// serverMemoryLimit keeps a soft memory limit on a server unless GOMEMLIMIT
// sets one: serverMemoryFloor, raised after each collection to 1.5× the
// live heap, so that a workspace bigger than the floor never makes the
// collector run without end.
func serverMemoryLimit() { followMemoryLimit(serverMemoryFloor) }

// followMemoryLimit keeps a soft memory limit unless GOMEMLIMIT sets one:
// floor, raised after each collection to 1.5× the live heap.
func followMemoryLimit(floor int64) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(memoryLimitFor(floor, liveHeap()))
	afterEachGC(func() { debug.SetMemoryLimit(memoryLimitFor(floor, liveHeap())) })
}

// memoryLimitFor is the soft limit for a live heap of live bytes.
func memoryLimitFor(floor int64, live uint64) int64 {
	return max(floor, int64(live+live/2))
}

func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// afterEachGC calls fn after every collection, from the finalizer of an
// object each call leaves unreachable for the next one.
func afterEachGC(fn func()) {
	sentinel := new([16]byte)
	runtime.SetFinalizer(sentinel, func(*[16]byte) {
		fn()
		afterEachGC(fn)
	})
}
