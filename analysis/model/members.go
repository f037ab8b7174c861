package model

import (
	"sync"
	"sync/atomic"

	"github.com/benbjohnson/immutable"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Member is a property, attribute, capability, requirement, interface,
// artifact, operation, … of a type, with where it comes from.
type Member struct {
	Name string
	// Section is the keyname holding it ("properties", "requirements", …).
	Section string
	// Def is the most derived definition (a refinement, if any); Definer
	// the type holding it, Origin the first type of the chain that
	// introduced the name.
	Def, Definer, Origin Decl
	// shared is what is worked out about the member once, for every type
	// inheriting it (see MemberType); nil for a Member made elsewhere.
	shared *memberFacts
	// pos is the member's place in its type's list.
	pos int32
}

// memberFacts are what is known of one definition of a member, shared by
// every type inheriting it: the definition it refines (the parent type's
// member of that name), and, worked out on first use, every definition
// along the chain and the type they name.
type memberFacts struct {
	def       Decl
	inherited *memberFacts
	defs      atomic.Pointer[[]Decl]
	typOnce   sync.Once
	typDone   atomic.Bool
	typ       Decl
}

// definitions lists the member's definitions, most derived first: its own,
// then those of the member it refines. A list is made from the list of the
// refined member, so each is made once.
func (mf *memberFacts) definitions() []Decl {
	if defs := mf.defs.Load(); defs != nil {
		return *defs
	}
	var todo []*memberFacts
	for x := mf; x != nil && x.defs.Load() == nil; x = x.inherited {
		todo = append(todo, x)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		x := todo[i]
		defs := []Decl{x.def}
		if x.inherited != nil {
			defs = append(defs, *x.inherited.defs.Load()...)
		}
		x.defs.CompareAndSwap(nil, &defs)
	}
	return *mf.defs.Load()
}

// memberTable is the members of one section of a type's chain. A type that
// writes no entry in the section shares its parent's table; one that does
// makes its table from its parent's: a copy while the table is small, else
// a persistent map sharing the parent's (a chain of types each adding a
// member would otherwise hold a list as long as the chain per type).
type memberTable struct {
	n int
	// flat is the members in order, inherited ones first, for a table of
	// at most flatMembers; index holds a larger one by name, and list its
	// members in order once they are asked for.
	flat     []Member
	index    *immutable.Map[string, *Member]
	listOnce sync.Once
	list     []Member
	// names are the members' names prepared for "did you mean", once.
	namesOnce sync.Once
	names     *diag.Candidates
}

// flatMembers is the size up to which a member table is a list: a copy
// and a scan are cheaper than a map of that size.
const flatMembers = 64

var nameHasher = immutable.NewHasher("")

func (t *memberTable) get(name string) *Member {
	switch {
	case t == nil:
		return nil
	case t.index != nil:
		m, _ := t.index.Get(name)
		return m
	}
	for i := range t.flat {
		if t.flat[i].Name == name {
			return &t.flat[i]
		}
	}
	return nil
}

func (t *memberTable) all() []Member {
	if t == nil || t.index == nil {
		if t == nil {
			return nil
		}
		return t.flat
	}
	t.listOnce.Do(func() {
		t.list = make([]Member, t.n)
		for it := t.index.Iterator(); !it.Done(); {
			_, m, _ := it.Next()
			t.list[m.pos] = *m
		}
	})
	return t.list
}

// withOwn makes the table of a type from its parent's and the entries the
// type writes in the section.
func (t *memberTable) withOwn(v *View, d Decl, section string, own []facts.ID) *memberTable {
	next := &memberTable{}
	switch {
	case t != nil && t.index != nil:
		next.n, next.index = t.n, t.index
	case t == nil && len(own) <= flatMembers:
		next.flat = make([]Member, 0, len(own))
	case t == nil:
		next.index = immutable.NewMap[string, *Member](nameHasher)
	case t.n+len(own) <= flatMembers:
		next.n, next.flat = t.n, append(make([]Member, 0, t.n+len(own)), t.flat...)
	default:
		b := immutable.NewMapBuilder[string, *Member](nameHasher)
		for i := range t.flat {
			b.Set(t.flat[i].Name, &t.flat[i])
		}
		next.n, next.index = t.n, b.Map()
	}
	f := v.Facts(d.Path)
	shared := make([]memberFacts, len(own)) // one allocation for the type's definitions
	for k, id := range own {
		name := f.Entity(id).Name
		mf := &shared[k]
		mf.def = Decl{d.Path, id}
		m := Member{Name: name, Section: section, Def: mf.def, Definer: d, Origin: d, shared: mf, pos: int32(next.n)}
		if old := next.get(name); old != nil {
			m.Origin, m.pos = old.Origin, old.pos
			mf.inherited = old.refines(d)
		} else {
			next.n++
		}
		switch {
		case next.index != nil:
			next.index = next.index.Set(name, &m)
		case int(m.pos) < len(next.flat):
			next.flat[m.pos] = m
		default:
			next.flat = append(next.flat, m)
		}
	}
	return next
}

// refines is what a definition of the member in type d refines: the
// member itself, unless d already defined it (a key written twice).
func (m *Member) refines(d Decl) *memberFacts {
	if m.Definer == d {
		return m.shared.inherited
	}
	return m.shared
}

type memberKey struct {
	d       Decl
	section string
}

// memberTable returns the table of section of d, making those of the types
// above it that no chain made before (from the top down: no recursion as
// deep as the chain).
func (v *View) memberTable(d Decl, section string) *memberTable {
	p := v.prog
	if t, ok := p.members.get(memberKey{d, section}); ok {
		return t
	}
	var todo []*chainLink
	var top *memberTable
	for l := v.chainLink(d); l != nil; l = l.parent {
		if t, ok := p.members.get(memberKey{l.decl, section}); ok {
			top = t
			break
		}
		todo = append(todo, l)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		t := todo[i].decl
		if own := v.Facts(t.Path).Entries(t.ID, section); len(own) > 0 {
			top = top.withOwn(v, t, section, own)
		}
		top = p.members.put(memberKey{t, section}, top)
	}
	return top
}

// memberCandidates are the names of d's members of section, prepared for
// "did you mean" once for every template of the type.
func (v *View) memberCandidates(d Decl, section string) *diag.Candidates {
	t := v.memberTable(d, section)
	if t == nil {
		return nil
	}
	t.namesOnce.Do(func() {
		names := make([]string, 0, t.n)
		for _, m := range t.all() {
			names = append(names, m.Name)
		}
		t.names = diag.NewCandidates(names)
	})
	return t.names
}

// Members lists the members of section in d's whole derivation chain,
// inherited ones first (shared: not to be modified).
func (v *View) Members(d Decl, section string) []Member {
	if !d.Valid() {
		return nil
	}
	return v.memberTable(d, section).all()
}

// Member finds one member of d by name.
func (v *View) Member(d Decl, section, name string) (Member, bool) {
	if m := v.sharedMember(d, section, name); m != nil {
		return *m, true
	}
	return Member{}, false
}

// sharedMember finds one member of d by name, in the memoised table (not to
// be modified): a resolution points at it instead of a copy of its own.
func (v *View) sharedMember(d Decl, section, name string) *Member {
	if !d.Valid() {
		return nil
	}
	return v.memberTable(d, section).get(name)
}

// MemberType is the type a member's definition names, following the chain
// of refinements up to the first definition that names one.
func (v *View) MemberType(m Member) Decl {
	if m.shared != nil {
		return v.memberFactsType(m.shared)
	}
	return v.memberType(v.definitionsOf(m))
}

// memberFactsType is the type the definition names, else the one the
// definition it refines names (worked out once for each, from the top).
func (v *View) memberFactsType(mf *memberFacts) Decl {
	if mf.typDone.Load() {
		return mf.typ
	}
	var todo []*memberFacts
	for x := mf; x != nil && !x.typDone.Load(); x = x.inherited {
		todo = append(todo, x)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		x := todo[i]
		x.typOnce.Do(func() {
			x.typ = v.TypeOf(x.def)
			if !x.typ.Valid() && x.inherited != nil {
				x.typ = x.inherited.typ
			}
			x.typDone.Store(true)
		})
	}
	return mf.typ
}

// memberType is the type the first of a member's definitions that names
// one names.
func (v *View) memberType(defs []Decl) Decl {
	for _, t := range defs {
		if d := v.TypeOf(t); d.Valid() {
			return d
		}
	}
	return Decl{}
}

// definitions lists the definitions of a member along the chain of the
// type that holds it, most derived first (shared: not to be modified).
func (v *View) definitions(m Member) []Decl {
	if m.shared != nil {
		return m.shared.definitions()
	}
	return v.definitionsOf(m)
}

func (v *View) definitionsOf(m Member) []Decl {
	chain, _ := v.Chain(m.Definer)
	var out []Decl
	for t := range chain.All() {
		f := v.Facts(t.Path)
		if id := f.Entry(t.ID, m.Section, m.Name); id != facts.None {
			out = append(out, Decl{t.Path, id})
		}
	}
	return out
}

// Definitions lists a member's definitions, most derived first (the member
// itself, then the definitions it refines), shared: not to be modified.
func (v *View) Definitions(m Member) []Decl { return v.definitions(m) }
