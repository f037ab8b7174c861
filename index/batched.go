package index

import (
	"hash/maphash"

	"github.com/benbjohnson/immutable"
)

// batchAfter is the number of writes after which a build stops changing a
// persistent map in place and fills a builder instead.
const batchAfter = 64

// batched is one of a snapshot's persistent maps while a build changes it.
// The first writes are made on the map itself, sharing structure with the
// previous snapshot (an edit changes a few entries); past batchAfter, the
// entries go to a mutable builder (indexing thousands of files at once
// would copy tree nodes at every write).
type batched[K comparable, V any, M persistentMap[K, V, M]] struct {
	m      M
	b      mapBuilder[K, V, M]
	writes int
	// builder makes a builder holding the entries of a map of M's kind.
	builder func(M) mapBuilder[K, V, M]
}

// persistentMap is what batched needs of immutable.Map and SortedMap.
type persistentMap[K, V, M any] interface {
	Get(K) (V, bool)
	Set(K, V) M
	Delete(K) M
}

// mapBuilder is what batched needs of immutable.MapBuilder and
// SortedMapBuilder.
type mapBuilder[K, V, M any] interface {
	Get(K) (V, bool)
	Set(K, V)
	Delete(K)
	Map() M
}

type (
	batchedMap[K comparable, V any]       = batched[K, V, *immutable.Map[K, V]]
	batchedSortedMap[K comparable, V any] = batched[K, V, *immutable.SortedMap[K, V]]
)

// pathHasher hashes the keys of a snapshot's hash maps (paths, profile
// names) with the runtime's string hash: the library's default multiplies
// a byte at a time, and indexing a workspace looks up the target of every
// import in them.
type pathHasher struct{}

var pathSeed = maphash.MakeSeed()

func (pathHasher) Hash(s string) uint32   { return uint32(maphash.String(pathSeed, s)) }
func (pathHasher) Equal(a, b string) bool { return a == b }

// newPathMap is an empty hash map keyed by path (or profile name).
func newPathMap[V any]() *immutable.Map[string, V] {
	return immutable.NewMap[string, V](pathHasher{})
}

func newBatchedMap[V any](m *immutable.Map[string, V]) *batchedMap[string, V] {
	return &batchedMap[string, V]{m: m, builder: func(m *immutable.Map[string, V]) mapBuilder[string, V, *immutable.Map[string, V]] {
		b := immutable.NewMapBuilder[string, V](pathHasher{})
		fill(b, m.Iterator())
		return b
	}}
}

func newBatchedSortedMap[K comparable, V any](m *immutable.SortedMap[K, V]) *batchedSortedMap[K, V] {
	return &batchedSortedMap[K, V]{m: m, builder: func(m *immutable.SortedMap[K, V]) mapBuilder[K, V, *immutable.SortedMap[K, V]] {
		b := immutable.NewSortedMapBuilder[K, V](nil)
		fill(b, m.Iterator())
		return b
	}}
}

// fill sets in b the entries an iterator of either map kind yields.
func fill[K, V any](b interface{ Set(K, V) }, it interface {
	Done() bool
	Next() (K, V, bool)
}) {
	for !it.Done() {
		k, v, _ := it.Next()
		b.Set(k, v)
	}
}

func (t *batched[K, V, M]) Get(k K) (V, bool) {
	if t.b != nil {
		return t.b.Get(k)
	}
	return t.m.Get(k)
}

func (t *batched[K, V, M]) Set(k K, v V) {
	if t.batch() {
		t.b.Set(k, v)
		return
	}
	t.m = t.m.Set(k, v)
}

func (t *batched[K, V, M]) Delete(k K) {
	if t.batch() {
		t.b.Delete(k)
		return
	}
	t.m = t.m.Delete(k)
}

// batch counts a write and tells whether it goes to the builder.
func (t *batched[K, V, M]) batch() bool {
	t.writes++
	if t.b == nil && t.writes > batchAfter {
		t.b = t.builder(t.m)
	}
	return t.b != nil
}

// Map returns the persistent map with every write made so far.
func (t *batched[K, V, M]) Map() M {
	if t.b != nil {
		t.m, t.b = t.b.Map(), nil
	}
	t.writes = 0
	return t.m
}
