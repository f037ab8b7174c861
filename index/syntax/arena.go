package syntax

import (
	"unsafe"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// An Arena lends parses the memory of trees dropped before them. A
// workspace scan parses thousands of files whose trees die as soon as they
// are bound; fresh memory for each tree costs page faults and collections
// (the nodes alone weigh 20× the source). An arena is used by one goroutine
// at a time, and Reset may be called only once no tree parsed in it since
// the last Reset is used any more: that includes the strings of its nodes,
// which a caller keeping one past the Reset must copy (the values of
// scalars that are not their source text are written in the arena's
// memory too).
type Arena struct {
	nodes    slabs[Node]
	pairs    slabs[Pair]
	nodePtrs slabs[*Node]
	pairPtrs slabs[*Pair]
	texts    texts
	// scratch is the working memory of the last parse, for the next one.
	scratch scratch
	// own marks the arena a lone Parse makes for itself: its slabs are
	// sized to the text left, as nothing reuses them.
	own bool
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
	a.texts.reset()
}

// slabs are the slabs of one element type: those lent since the last
// reset, and those free again (all of slabSize capacity).
type slabs[T any] struct {
	lent, free [][]T
}

// next lends an empty slab: a free one, else a new one of the capacity
// given (a free slab holds at least as much as any caller asks for).
func (s *slabs[T]) next(capacity int) []T {
	var slab []T
	if n := len(s.free); n > 0 {
		slab, s.free = s.free[n-1], s.free[:n-1]
	} else {
		slab = make([]T, 0, capacity)
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

// texts are the slabs the values of an arena's scalars that are not their
// source text are written in (the folded descriptions of a profile: a
// tenth of what a scan of the DMTF set allocated, dropped with each tree).
type texts struct {
	// cur is the slab being filled; lent are all those lent since the
	// last reset (cur among them), free those free again.
	cur        []byte
	lent, free [][]byte
}

// textSlabSize is the size of a text slab; a longer value gets a slab of
// its own size, kept for the next parse like the others.
const textSlabSize = 64 << 10

// of is buf as a string in the slabs.
func (t *texts) of(buf []byte) string {
	if len(buf) == 0 {
		return ""
	}
	if cap(t.cur)-len(t.cur) < len(buf) {
		t.cur = t.slab(len(buf))
	}
	l := len(t.cur)
	t.cur = append(t.cur, buf...)
	return unsafe.String(&t.cur[l], len(buf))
}

// slab lends an empty slab that holds n bytes: a free one, else a new one.
func (t *texts) slab(n int) []byte {
	var slab []byte
	for i, free := range t.free {
		if cap(free) >= n {
			slab = free
			t.free = append(t.free[:i], t.free[i+1:]...)
			break
		}
	}
	if slab == nil {
		slab = make([]byte, 0, max(n, textSlabSize))
	}
	t.lent = append(t.lent, slab)
	return slab
}

func (t *texts) reset() {
	for _, slab := range t.lent {
		t.free = append(t.free, slab[:0])
	}
	t.lent, t.cur = t.lent[:0], nil
}

// scratch is the working memory of a parse: the scanner's token queue and
// stacks, the parser's states, the builder's open collections and their
// children. None of it outlives the parse, so an arena hands it from one
// parse to the next: a workspace scan would grow each of them again for
// every file. Like a reused slab, it may keep an old file's strings alive
// until overwritten, for as long as the arena lives.
type scratch struct {
	// The scanner, the builder and the error sink of the last parse, not
	// allocated for each.
	scanner scanner
	builder builder
	errs    errorSink

	tokens         []token
	indents, flows []int
	keys           []simpleKey
	states         []pstate
	stack          []frame
	kids           []*Node
	keyTexts       []string
	value          []byte
}

// keep takes back the scanner's and the parser's working memory.
func (sc *scratch) keep(p *parser) {
	sc.tokens, sc.indents, sc.flows, sc.keys, sc.value = p.s.tokens[:0], p.s.indents[:0], p.s.flows[:0], p.s.keys[:0], p.s.value[:0]
	sc.states = p.states[:0]
}
