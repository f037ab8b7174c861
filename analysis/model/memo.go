package model

import "sync"

// memo is one table of a program's results. Any number of queries read it
// at once without locking (check diagnoses files on every core, and one
// mutex over all tables was its hottest spot); a key computed by two
// queries at once keeps the first result stored.
type memo[K comparable, V any] struct{ m sync.Map }

func (t *memo[K, V]) get(k K) (V, bool) {
	v, ok := t.m.Load(k)
	if !ok {
		var zero V
		return zero, false
	}
	return v.(V), true
}

// put stores v unless k already has a value, and returns the value k has.
func (t *memo[K, V]) put(k K, v V) V {
	got, _ := t.m.LoadOrStore(k, v)
	return got.(V)
}

// replace stores v for k, whatever k had.
func (t *memo[K, V]) replace(k K, v V) { t.m.Store(k, v) }
