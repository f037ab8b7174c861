package syntax

import "github.com/tosca-ls/tosca-ls/index/text"

// An Arena lends parses the memory of trees dropped before them. A
// workspace scan parses thousands of files whose trees die as soon as they
// are bound; fresh memory for each tree costs page faults and collections
// (the nodes alone weigh 20× the source). An arena is used by one goroutine
// at a time, and Reset may be called only once no tree parsed in it since
// the last Reset is used any more.
type Arena struct {
	nodes    slabs[Node]
	pairs    slabs[Pair]
	nodePtrs slabs[*Node]
	pairPtrs slabs[*Pair]
}

// ParseIn is Parse of a string, with the tree's memory lent by an arena.
func ParseIn(src string, a *Arena) *File {
	return parseWith(text.Bytes(src), src, true, a)
}

// Reset takes back the memory of every tree parsed in the arena.
func (a *Arena) Reset() {
	a.nodes.reset()
	a.pairs.reset()
	a.nodePtrs.reset()
	a.pairPtrs.reset()
}

// nodePtrSlabs and pairPtrSlabs are the arena's slabs of item and pair
// lists, or nil without an arena.
func (a *Arena) nodePtrSlabs() *slabs[*Node] {
	if a == nil {
		return nil
	}
	return &a.nodePtrs
}

func (a *Arena) pairPtrSlabs() *slabs[*Pair] {
	if a == nil {
		return nil
	}
	return &a.pairPtrs
}

// slabs are the fixed-size slabs of one element type: those lent since
// the last reset, and those free again.
type slabs[T any] struct {
	lent, free [][]T
}

// next lends a slab, empty, of slabSize capacity.
func (s *slabs[T]) next() []T {
	var slab []T
	if n := len(s.free); n > 0 {
		slab, s.free = s.free[n-1], s.free[:n-1]
	} else {
		slab = make([]T, 0, slabSize)
	}
	s.lent = append(s.lent, slab)
	return slab
}

// reset frees the lent slabs. They are not cleared: newNode zeroes each
// node it hands out, and the other slabs are filled whole by their users
// (a reused slab may keep an old tree's strings alive until overwritten,
// for as long as the arena lives: one scan).
func (s *slabs[T]) reset() {
	for _, slab := range s.lent {
		s.free = append(s.free, slab[:0])
	}
	s.lent = s.lent[:0]
}
