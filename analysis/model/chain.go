package model

import (
	"iter"
	"slices"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// Chain is a type and the types it derives from, most derived first.
// Chains share their links: a type's chain is one link onto its parent's,
// so a chain thousands of types deep costs one link per type (the slices
// of every chain, each as long as the type is deep, were quadratic).
type Chain struct{ link *chainLink }

// chainLink is one type of a derivation chain.
type chainLink struct {
	decl   Decl
	parent *chainLink
	// jump is an ancestor further up (Myers' skew-binary jumps): any
	// ancestor is reached in a logarithmic number of steps.
	jump  *chainLink
	depth int32
	// cyclic is set when derived_from leads back into the chain; cycle is
	// set on the types of the cycle itself, whose chains stop at
	// themselves (a chain through the cycle would hold every one of its
	// types again for each of them).
	cyclic bool
	cycle  *derivationCycle
}

func newChainLink(d Decl, parent *chainLink) *chainLink {
	l := &chainLink{decl: d, parent: parent}
	if parent == nil {
		l.jump = l
		return l
	}
	l.depth, l.cyclic = parent.depth+1, parent.cyclic
	if j := parent.jump; parent.depth-j.depth == j.depth-j.jump.depth {
		l.jump = j.jump
	} else {
		l.jump = parent
	}
	return l
}

// ancestor is the link of the chain at depth (0 is the root), or nil.
func (l *chainLink) ancestor(depth int32) *chainLink {
	if l == nil || depth < 0 || depth > l.depth {
		return nil
	}
	for l.depth > depth {
		if l.jump.depth >= depth {
			l = l.jump
		} else {
			l = l.parent
		}
	}
	return l
}

// All yields the types of the chain, most derived first.
func (c Chain) All() iter.Seq[Decl] {
	return func(yield func(Decl) bool) {
		for l := c.link; l != nil; l = l.parent {
			if !yield(l.decl) {
				return
			}
		}
	}
}

// Len is the number of types of the chain.
func (c Chain) Len() int {
	if c.link == nil {
		return 0
	}
	return int(c.link.depth) + 1
}

// Root is the last type of the chain (invalid for an empty chain).
func (c Chain) Root() Decl {
	if r := c.link.ancestor(0); r != nil {
		return r.decl
	}
	return Decl{}
}

// Decls lists the types of the chain, most derived first, in a new slice.
func (c Chain) Decls() []Decl { return slices.Collect(c.All()) }

// Chain returns d and its ancestors, most derived first. cyclic is set when
// derived_from leads back into the chain: a chain stops at the first type
// of a cycle it enters.
func (v *View) Chain(d Decl) (chain Chain, cyclic bool) {
	l := v.chainLink(d)
	return Chain{l}, l != nil && l.cyclic
}

// chainLink returns the link of d, making the links of the types above it
// that no chain made before: each type's link is made once, whichever
// chains it is on.
func (v *View) chainLink(d Decl) *chainLink {
	if !d.Valid() {
		return nil
	}
	s := v.scope(d.Path)
	if l := s.types.link(d.ID); l != nil {
		return l
	}
	// Walk up to the first type whose link is known, a root, or a type
	// already on the walk (a cycle).
	var path walk[typeStep]
	var top *chainLink
	for t := (typeStep{d, s}); t.d.Valid(); {
		if t.d != d { // d's link was asked for above
			if l := t.s.types.link(t.d.ID); l != nil {
				top = l
				break
			}
		}
		if i := path.index(t); i >= 0 {
			cycle := &derivationCycle{types: make([]Decl, 0, len(path.steps)-i)}
			for _, c := range path.steps[i:] {
				cycle.types = append(cycle.types, c.d)
			}
			for _, c := range path.steps[i:] {
				l := newChainLink(c.d, nil)
				l.cyclic, l.cycle = true, cycle
				c.s.types.putLink(c.d.ID, l, v, c.d.Path)
			}
			top = t.s.types.link(t.d.ID)
			path.steps = path.steps[:i]
			break
		}
		path.add(t)
		parent := v.parentIn(t.s, t.d)
		t = typeStep{d: parent}
		if parent.Valid() {
			t.s = v.scope(parent.Path)
		}
	}
	for i := len(path.steps) - 1; i >= 0; i-- {
		t := path.steps[i]
		top = t.s.types.putLink(t.d.ID, newChainLink(t.d, top), v, t.d.Path)
	}
	return top
}

// typeStep is a type on a walk up its chain, with its file's scope.
type typeStep struct {
	d Decl
	s *fileScope
}

// walk is the steps of a walk (up a derivation chain, down a chain of
// imports), found by scanning while few and through a map once many.
type walk[T comparable] struct {
	steps []T
	at    map[T]int
}

func (w *walk[T]) add(x T) {
	w.steps = append(w.steps, x)
	if w.at == nil && len(w.steps) > 32 {
		w.at = make(map[T]int, 2*len(w.steps))
		for i, s := range w.steps {
			w.at[s] = i
		}
	} else if w.at != nil {
		w.at[x] = len(w.steps) - 1
	}
}

func (w *walk[T]) index(x T) int {
	if w.at == nil {
		return slices.Index(w.steps, x)
	}
	if i, ok := w.at[x]; ok {
		return i
	}
	return -1
}

// DerivesFrom reports whether d is base or derives from it.
func (v *View) DerivesFrom(d, base Decl) bool {
	l, b := v.chainLink(d), v.chainLink(base)
	if l == nil || b == nil {
		return false
	}
	a := l.ancestor(b.depth)
	return a != nil && a.decl == base
}

// ChainComplete reports whether every derived_from of t's chain resolved:
// members may come from an ancestor that is not known (an unresolved import).
func (v *View) ChainComplete(t Decl) bool {
	chain, cyclic := v.Chain(t)
	if cyclic || chain.Len() == 0 {
		return false
	}
	root := chain.Root()
	_, derived := v.Facts(root.Path).Field(root.ID, grammar.KeyDerivedFrom)
	return !derived
}

// derivationCycle is the types of one derivation cycle, each deriving from
// the next (the last from the first).
type derivationCycle struct {
	types []Decl
	// first holds, for each file, the cycle's first type written there:
	// where the file reports the cycle.
	firstOnce sync.Once
	first     map[string]Decl
}

// reportedAt reports whether the cycle is reported at d: the first of its
// types in d's file.
func (c *derivationCycle) reportedAt(d Decl) bool {
	c.firstOnce.Do(func() {
		c.first = map[string]Decl{}
		for _, t := range c.types {
			if f, ok := c.first[t.Path]; !ok || t.ID < f.ID {
				c.first[t.Path] = t
			}
		}
	})
	return c.first[d.Path] == d
}

// from lists the cycle's types starting at d.
func (c *derivationCycle) from(d Decl) []Decl {
	i := max(slices.Index(c.types, d), 0)
	return append(slices.Clone(c.types[i:]), c.types[:i]...)
}
