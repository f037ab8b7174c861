package model

import (
	"sync"
	"sync/atomic"
)

// memoShards is the number of independently locked parts of a memo table:
// enough that check's workers (one per core) seldom wait for each other.
const memoShards = 32

// memo is one table of a program's results, safe for concurrent use. It is
// split in shards, each a plain map under its own lock: one mutex over all
// tables kept check's second core waiting, and a sync.Map cost a server
// holding the DMTF profiles 60 MB more than plain maps.
type memo[K memoKey, V any] struct {
	shards [memoShards]memoShard[K, V]
	// from, in the program of an export generation following another, is
	// the same table of the previous program: an entry missing here moves
	// over from it when its file kept its key (see Program.follow).
	from atomic.Pointer[carried[K, V]]
}

// carried is where a table takes the entries of files whose key did not
// change.
type carried[K memoKey, V any] struct {
	prev *memo[K, V]
	// file is the file whose key an entry depends on.
	file func(K) string
	keys *keyChange
}

// memoShard is padded to a cache line: shards sharing one, each core's
// locking of its own shard took the line from the other core.
type memoShard[K memoKey, V any] struct {
	mu sync.Mutex
	m  map[K]V
	_  [cacheLine - 16]byte
}

const cacheLine = 64

// memoKey is a key of a memo table. spread picks its shard: it must be
// cheap (the shard's map hashes the key again) and spread a workspace's
// paths.
type memoKey interface {
	comparable
	spread() uint32
}

func (t *memo[K, V]) shard(k K) *memoShard[K, V] {
	return &t.shards[k.spread()%memoShards]
}

func (t *memo[K, V]) get(k K) (V, bool) {
	v, ok := t.own(k)
	if !ok {
		if c := t.from.Load(); c != nil && c.keys.kept(c.file(k)) {
			if v, ok = c.prev.own(k); ok {
				v = t.put(k, v)
			}
		}
	}
	return v, ok
}

// own returns k's value in this table alone.
func (t *memo[K, V]) own(k K) (V, bool) {
	s := t.shard(k)
	s.mu.Lock()
	v, ok := s.m[k]
	s.mu.Unlock()
	return v, ok
}

// carry makes t take over the entries of prev whose file kept its key, and
// cuts prev from the table before it: a table holds the entries of the
// generation before it at most, those nobody asked for since are dropped
// with it.
func carry[K memoKey, V any](t, prev *memo[K, V], keys *keyChange, file func(K) string) {
	prev.from.Store(nil)
	t.from.Store(&carried[K, V]{prev: prev, file: file, keys: keys})
}

// put stores v unless k already has a value, and returns the value k has.
func (t *memo[K, V]) put(k K, v V) V {
	s := t.shard(k)
	s.mu.Lock()
	defer s.mu.Unlock()
	if got, ok := s.m[k]; ok {
		return got
	}
	if s.m == nil {
		s.m = map[K]V{}
	}
	s.m[k] = v
	return v
}

// update stores what f makes of k's value (the zero value if none), under
// the shard's lock.
func (t *memo[K, V]) update(k K, f func(V) V) {
	s := t.shard(k)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[K]V{}
	}
	s.m[k] = f(s.m[k])
}

// replace stores v for k, whatever k had.
func (t *memo[K, V]) replace(k K, v V) {
	s := t.shard(k)
	s.mu.Lock()
	if s.m == nil {
		s.m = map[K]V{}
	}
	s.m[k] = v
	s.mu.Unlock()
}

// spreadString mixes a string's length with its last 16 bytes, where the
// paths of a workspace differ (app093/types.yaml, app094/types.yaml): a
// shard is picked at a fraction of the cost of hashing the whole string.
func spreadString(s string) uint32 {
	n := len(s)
	h := uint64(n) * 0x9e3779b97f4a7c15
	if n >= 16 {
		h ^= le64(s[n-16:])*0xbf58476d1ce4e5b9 ^ le64(s[n-8:])*0x94d049bb133111eb
	} else {
		for i := 0; i < n; i++ {
			h = (h ^ uint64(s[i])) * 0x100000001b3
		}
	}
	return uint32(h>>32) ^ uint32(h)
}

// le64 reads the first 8 bytes of s as a little-endian number.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// textKey is a path as a memo key.
type textKey string

func (k textKey) spread() uint32 { return spreadString(string(k)) }

func (d Decl) spread() uint32 { return spreadString(d.Path) ^ uint32(d.ID)*0x85ebca6b }

func (k nameKey) spread() uint32 { return spreadString(k.name) ^ uint32(k.kind)*0x27d4eb2f }

func (k lookupKey) spread() uint32 { return spreadString(k.path)*3 ^ k.nameKey.spread() }

func (k memberKey) spread() uint32 { return k.d.spread() ^ spreadString(k.section) }

func (k builtinKey) spread() uint32 { return k.t.spread() ^ uint32(k.vers) }
