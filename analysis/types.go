package analysis

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Parent returns the type d derives from, resolved where d is declared
// (not where it is used), or nil.
func (a *Analyzer) Parent(d *Decl) *Decl {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.parent(d)
}

func (a *Analyzer) parent(d *Decl) *Decl {
	if d == nil || !d.Kind.IsType() {
		return nil
	}
	name := d.Node.Get("derived_from").Text()
	if name == "" {
		return nil
	}
	return a.scopeOf(d.File.Path).Lookup(d.Kind, name)
}

// Chain returns d and its ancestors, most derived first. cyclic is set when
// derived_from leads back into the chain (the chain stops there).
func (a *Analyzer) Chain(d *Decl) (chain []*Decl, cyclic bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.chain(d)
}

func (a *Analyzer) chain(d *Decl) ([]*Decl, bool) {
	seen := map[*Decl]bool{}
	var out []*Decl
	for d != nil {
		if seen[d] {
			return out, true
		}
		seen[d] = true
		out = append(out, d)
		d = a.parent(d)
	}
	return out, false
}

// DerivesFrom reports whether d is base or derives from it.
func (a *Analyzer) DerivesFrom(d, base *Decl) bool {
	chain, _ := a.Chain(d)
	for _, c := range chain {
		if c == base {
			return true
		}
	}
	return false
}

// Member is a property, attribute, capability, requirement, interface,
// artifact, operation, … of a type, with where it comes from.
type Member struct {
	Name string
	// Section is the keyname holding it ("properties", "requirements", …).
	Section string
	// Key and Node are the most derived definition (a refinement, if any).
	Key  *syntax.Node
	Node *syntax.Node
	// Definer is the type holding that definition; Origin the first type
	// in the chain that introduced the name.
	Definer *Decl
	Origin  *Decl
}

// Location is where the most derived definition is written.
func (m *Member) Location() Location { return Location{Path: m.Definer.File.Path, Span: m.Key.Span} }

type memberKey struct {
	decl    *Decl
	section string
}

// MemberSections are the sections of type definitions that hold named
// member definitions (properties, requirements, operations, …), as the
// grammar describes them.
var MemberSections = func() []string {
	var out []string
	seen := map[string]bool{}
	// Node types first: their sections are the ones templates assign, and
	// the ones an interface's operations sit under come after them.
	kinds := append([]grammar.RefKind{grammar.NodeType}, grammar.TypeKinds...)
	for _, kind := range kinds {
		for _, k := range grammar.TypeEntity(kind).Keys {
			if memberDefinitions(k) != nil && !seen[k.Name] {
				seen[k.Name] = true
				out = append(out, k.Name)
			}
		}
	}
	return out
}()

// memberDefinitions is the entity of the named entries a keyname holds
// (a map or a list of single-entry maps of definitions), or nil.
func memberDefinitions(k *grammar.Key) *grammar.Entity {
	if k == nil || k.Value.Elem == nil || (k.Value.Kind != grammar.MapOfValue && k.Value.Kind != grammar.NamedListValue) {
		return nil
	}
	return k.Value.Elem.Entity
}

// typeSection is the keyname of type definitions of kind called section
// when it holds named members, else nil.
func typeSection(kind grammar.RefKind, section string) *grammar.Key {
	e := grammar.TypeEntity(kind)
	if e == nil {
		return nil
	}
	if k := e.AnyKey(section); memberDefinitions(k) != nil {
		return k
	}
	return nil
}

// Members lists the members of section in d's whole derivation chain,
// inherited ones first, each with the type that introduced it and the one
// that last refined it.
func (a *Analyzer) Members(d *Decl, section string) []*Member {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.membersOf(d, section)
}

func (a *Analyzer) membersOf(d *Decl, section string) []*Member {
	if d == nil {
		return nil
	}
	key := memberKey{d, section}
	if ms, ok := a.members[key]; ok {
		return ms
	}
	a.members[key] = nil // a derivation cycle sees an empty list
	chain, _ := a.chain(d)
	var out []*Member
	index := map[string]int{}
	for i := len(chain) - 1; i >= 0; i-- {
		t := chain[i]
		for _, p := range sectionEntries(t, section) {
			if j, ok := index[p.Key.Value]; ok {
				out[j] = &Member{Name: p.Key.Value, Section: section, Key: p.Key, Node: p.Value, Definer: t, Origin: out[j].Origin}
				continue
			}
			index[p.Key.Value] = len(out)
			out = append(out, &Member{Name: p.Key.Value, Section: section, Key: p.Key, Node: p.Value, Definer: t, Origin: t})
		}
	}
	a.members[key] = out
	return out
}

// Member finds one member by name (nil if none).
func (a *Analyzer) Member(d *Decl, section, name string) *Member {
	for _, m := range a.Members(d, section) {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// sectionEntries are the named entries of a section of a type definition,
// read as a map whatever its notation (requirements are a list of
// single-entry maps; 1.0–1.2 interface types hold operations directly).
func sectionEntries(d *Decl, section string) []*syntax.Pair {
	if d.Node == nil || d.Node.Kind != syntax.Mapping {
		return nil
	}
	if section == "operations" && d.Kind == grammar.InterfaceType && d.Node.Get("operations") == nil {
		var out []*syntax.Pair
		for _, p := range d.Node.Pairs {
			if d.Entity.Key(p.Key.Value, d.Versions) == nil {
				out = append(out, p)
			}
		}
		return out
	}
	return namedEntries(d.Node.Get(section))
}

// namedEntries reads a map, or a list of single-entry maps, as pairs.
func namedEntries(n *syntax.Node) []*syntax.Pair {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case syntax.Mapping:
		return n.Pairs
	case syntax.Sequence:
		var out []*syntax.Pair
		for _, item := range n.Items {
			if item.Kind == syntax.Mapping && len(item.Pairs) == 1 {
				out = append(out, item.Pairs[0])
			}
		}
		return out
	}
	return nil
}
