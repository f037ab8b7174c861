package model

import (
	"slices"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Kind is the kind of name a declaration declares (NoRef for a member
// definition or an assignment).
func (v *View) Kind(d Decl) grammar.RefKind {
	if e := v.Entity(d); e != nil {
		return e.Declares()
	}
	return grammar.NoRef
}

// FieldText is the scalar text of a keyname of a declaration.
func (v *View) FieldText(d Decl, key string) string {
	return v.Facts(d.Path).FieldText(d.ID, key)
}

// Parent returns the type d derives from, resolved where d is declared
// (not where it is used), or an invalid Decl.
func (v *View) Parent(d Decl) Decl {
	p := v.prog
	if r, ok := p.parents.get(d); ok {
		return r
	}
	kind := v.Kind(d)
	if !kind.IsType() {
		return Decl{}
	}
	var r Decl
	if name := v.FieldText(d, grammar.KeyDerivedFrom); name != "" {
		r = v.Lookup(d.Path, kind, name)
	}
	return p.parents.put(d, r)
}

// Chain returns d and its ancestors, most derived first. cyclic is set when
// derived_from leads back into the chain (the chain stops there).
// The chain is shared: callers must not modify it.
func (v *View) Chain(d Decl) (chain []Decl, cyclic bool) {
	p := v.prog
	if c, ok := p.chains.get(d); ok {
		return c.chain, c.cyclic
	}
	start := d
	seen := map[Decl]bool{}
	for d.Valid() {
		if seen[d] {
			cyclic = true
			break
		}
		seen[d] = true
		chain = append(chain, d)
		d = v.Parent(d)
	}
	chain = slices.Clip(chain)
	c := p.chains.put(start, chainEntry{chain, cyclic})
	return c.chain, c.cyclic
}

type chainEntry struct {
	chain  []Decl
	cyclic bool
}

// DerivesFrom reports whether d is base or derives from it.
func (v *View) DerivesFrom(d, base Decl) bool {
	chain, _ := v.Chain(d)
	for _, c := range chain {
		if c == base {
			return true
		}
	}
	return false
}

// ChainComplete reports whether every derived_from of t's chain resolved:
// members may come from an ancestor that is not known (an unresolved import).
func (v *View) ChainComplete(t Decl) bool {
	chain, cyclic := v.Chain(t)
	if cyclic || len(chain) == 0 {
		return false
	}
	root := chain[len(chain)-1]
	_, derived := v.Facts(root.Path).Field(root.ID, grammar.KeyDerivedFrom)
	return !derived
}

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
}

// memberFacts are computed on first use: the member's definitions along
// its definer's chain, and the type they name.
type memberFacts struct {
	once sync.Once
	defs []Decl
	typ  Decl
}

// memberFacts fills in and returns the shared facts of a member from a Members
// list (nil for a Member made elsewhere).
func (v *View) memberFacts(m Member) *memberFacts {
	if m.shared != nil {
		m.shared.once.Do(func() {
			m.shared.defs = v.definitionsOf(m)
			m.shared.typ = v.memberType(m.shared.defs)
		})
	}
	return m.shared
}

type memberKey struct {
	d       Decl
	section string
}

// Members lists the members of section in d's whole derivation chain,
// inherited ones first.
func (v *View) Members(d Decl, section string) []Member {
	if !d.Valid() {
		return nil
	}
	key := memberKey{d, section}
	p := v.prog
	if ms, ok := p.members.get(key); ok {
		return ms
	}
	chain, _ := v.Chain(d)
	var out []Member
	index := map[string]int{}
	for i := len(chain) - 1; i >= 0; i-- {
		t := chain[i]
		f := v.Facts(t.Path)
		for _, id := range f.Entries(t.ID, section) {
			name := f.Entity(id).Name
			def := Decl{t.Path, id}
			if j, ok := index[name]; ok {
				out[j].Def, out[j].Definer = def, t
				continue
			}
			index[name] = len(out)
			out = append(out, Member{Name: name, Section: section, Def: def, Definer: t, Origin: t})
		}
	}
	var fresh []memberFacts // one allocation for the members no other type listed
	for i := range out {
		m := &out[i]
		fk := definitionsKey{m.Definer, section, m.Name}
		if mf, ok := p.memberFacts.get(fk); ok {
			m.shared = mf
			continue
		}
		if fresh == nil {
			fresh = make([]memberFacts, len(out)-i)
		}
		m.shared, fresh = p.memberFacts.put(fk, &fresh[0]), fresh[1:]
	}
	return p.members.put(key, out)
}

// Member finds one member of d by name.
func (v *View) Member(d Decl, section, name string) (Member, bool) {
	if m := v.sharedMember(d, section, name); m != nil {
		return *m, true
	}
	return Member{}, false
}

// sharedMember finds one member of d by name, in the memoised list (not to
// be modified): a resolution points at it instead of a copy of its own.
func (v *View) sharedMember(d Decl, section, name string) *Member {
	ms := v.Members(d, section)
	for i := range ms {
		if ms[i].Name == name {
			return &ms[i]
		}
	}
	return nil
}

// TypeOf is the type an entity names with its type keyname (a template's
// type, a member definition's type), resolved where the entity is written.
func (v *View) TypeOf(d Decl) Decl {
	e := v.Entity(d)
	if e == nil || e.G == nil {
		return Decl{}
	}
	key, kind := e.G.TypeKey, e.G.TypeKind
	if key == "" {
		key, kind = memberTypeKey(e.G)
	}
	if key == "" {
		return Decl{}
	}
	name := v.FieldText(d, key)
	if name == "" {
		return Decl{}
	}
	return v.Lookup(d.Path, kind, name)
}

// memberTypeKey is the keyname and type kind of member definitions and
// assignments whose type is written in them (a capability definition's
// `type`, an interface definition's `type`).
func memberTypeKey(e *grammar.Entity) (string, grammar.RefKind) {
	k := e.AnyKey(grammar.KeyType)
	if k == nil || k.Value.Kind != grammar.RefValue || !k.Value.Ref.IsType() {
		return "", grammar.NoRef
	}
	return k.Name, k.Value.Ref
}

// MemberType is the type a member's definition names, following the chain
// of refinements up to the first definition that names one.
func (v *View) MemberType(m Member) Decl {
	if mf := v.memberFacts(m); mf != nil {
		return mf.typ
	}
	return v.memberType(v.definitionsOf(m))
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
	if mf := v.memberFacts(m); mf != nil {
		return mf.defs
	}
	return v.definitionsOf(m)
}

func (v *View) definitionsOf(m Member) []Decl {
	chain, _ := v.Chain(m.Definer)
	var out []Decl
	for _, t := range chain {
		f := v.Facts(t.Path)
		if id := f.Entry(t.ID, m.Section, m.Name); id != facts.None {
			out = append(out, Decl{t.Path, id})
		}
	}
	return slices.Clip(out)
}

type definitionsKey struct {
	definer       Decl
	section, name string
}

// Definitions lists a member's definitions, most derived first (the member
// itself, then the definitions it refines), shared: not to be modified.
func (v *View) Definitions(m Member) []Decl { return v.definitions(m) }
