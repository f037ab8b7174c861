package model

import "context"

// Work of the engine that may wait (a workspace run's diagnostics) gives
// way to work that may not (a keystroke's) between steps, not only
// between files: the largest profile file takes tens of milliseconds to
// check. The steps are the checks' loops, outside any lock or memo in the
// making, so that the urgent work never waits for the work giving way.

type yieldKey struct{}

// YieldEvery is how many names, types or entities a check's loop takes
// between two yields: one resolved through a cold closure may take a
// millisecond.
const YieldEvery = 32

// Yielding returns a context whose work calls yield between its steps;
// yield returns when the work may go on.
func Yielding(ctx context.Context, yield func(context.Context)) context.Context {
	return context.WithValue(ctx, yieldKey{}, yield)
}

// Yield gives way, when ctx is Yielding, to the work that may not wait.
func Yield(ctx context.Context) {
	if yield, ok := ctx.Value(yieldKey{}).(func(context.Context)); ok {
		yield(ctx)
	}
}
