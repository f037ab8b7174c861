package analysis

import (
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Hover, navigation and rename moved onto the model (packages model,
// navigate and hover). What remains here is what completion and semantic
// tokens of this package still read: the references the binder does not
// record and the types a member names. It goes when they move too.

// navUnitInfo is what this file adds to a unit: references the binder does
// not record (function paths, substitution mappings, capability
// assignments).
type navUnitInfo struct {
	refs []*Ref
}

var (
	navCacheMu sync.Mutex
	navCache   = map[*Analyzer]map[*Unit]*navUnitInfo{}
	navCacheOf []*Analyzer
)

// navInfo computes (once per analyzer) the extra references of u.
func (a *Analyzer) navInfo(u *Unit) *navUnitInfo {
	navCacheMu.Lock()
	if m := navCache[a]; m != nil {
		if info := m[u]; info != nil {
			navCacheMu.Unlock()
			return info
		}
	}
	navCacheMu.Unlock()

	info := &navUnitInfo{}
	if u != nil && u.Scope != nil {
		info.refs = a.navExtraRefs(u)
	}

	navCacheMu.Lock()
	defer navCacheMu.Unlock()
	m := navCache[a]
	if m == nil {
		m = map[*Unit]*navUnitInfo{}
		navCache[a] = m
		navCacheOf = append(navCacheOf, a)
		if len(navCacheOf) > keptAnalyzers {
			delete(navCache, navCacheOf[0])
			navCacheOf = navCacheOf[1:]
		}
	}
	if prev := m[u]; prev != nil {
		return prev
	}
	m[u] = info
	return info
}

// navRefs are every reference of u: the binder's and this file's extras.
func (a *Analyzer) navRefs(u *Unit) []*Ref {
	extra := a.navInfo(u).refs
	if len(extra) == 0 {
		return u.Refs
	}
	out := make([]*Ref, 0, len(u.Refs)+len(extra))
	out = append(out, u.Refs...)
	return append(out, extra...)
}

// navScope is the scope of the file at path.
func (a *Analyzer) navScope(path string) *Scope {
	if u := a.Unit(path); u != nil {
		return u.Scope
	}
	return nil
}

// navDeclType is the type a template, input, … names in its type keyname.
func (a *Analyzer) navDeclType(d *Decl) *Decl {
	if d == nil || d.Entity == nil || d.Entity.TypeKey == "" || d.Node == nil {
		return nil
	}
	name := d.Node.Get(d.Entity.TypeKey).Text()
	if name == "" {
		return nil
	}
	s := a.navScope(d.File.Path)
	if s == nil {
		return nil
	}
	return s.Lookup(d.Entity.TypeKind, name)
}

// navMemberValue is the grammar value of the entries of a type's section.
func navMemberValue(d *Decl, section string) *grammar.Value {
	if d == nil || d.Entity == nil {
		return nil
	}
	if k := d.Entity.Key(section, d.Versions); k != nil && k.Value != nil {
		return k.Value.Elem
	}
	if section == "operations" {
		return d.Entity.Extra
	}
	return nil
}

// navMemberTypes are the types a member names (its type; for a
// requirement the capability type and node type), resolved where the
// member is defined, looking up the chain for refinements that omit it.
func (a *Analyzer) navMemberTypes(m *Member) []*Decl {
	if m == nil {
		return nil
	}
	var out []*Decl
	seen := map[*Decl]bool{}
	add := func(d *Decl) {
		if d != nil && !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, def := range a.navMemberDefs(m) {
		val := navMemberValue(def.Definer, m.Section)
		if val == nil {
			continue
		}
		s := a.navScope(def.Definer.File.Path)
		if s == nil {
			continue
		}
		n := def.Node
		if n != nil && n.Kind == syntax.Scalar {
			if short := val.ShortFor(def.Definer.Versions); short != nil && short.Kind == grammar.RefValue && short.Ref.IsType() {
				add(s.Lookup(short.Ref, n.Value))
			}
		} else if e := val.Entity; e != nil && n != nil && n.Kind == syntax.Mapping {
			if e.TypeKey != "" {
				add(s.Lookup(e.TypeKind, n.Get(e.TypeKey).Text()))
			}
			for _, k := range e.Keys {
				if k.Value == nil || k.Value.Kind != grammar.RefValue || e.TypeKey == k.Name {
					continue
				}
				name := n.Get(k.Name).Text()
				if name == "" {
					continue
				}
				switch r := k.Value.Ref; {
				case r.IsType():
					add(s.Lookup(r, name))
				case r == grammar.CapabilityTypeOrName:
					add(s.Lookup(grammar.CapabilityType, name))
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return out
}

// navMemberType is the first type a member names.
func (a *Analyzer) navMemberType(m *Member) *Decl {
	if ts := a.navMemberTypes(m); len(ts) > 0 {
		return ts[0]
	}
	return nil
}

// navMemberDefs are the definitions of a member up the chain, most derived first.
func (a *Analyzer) navMemberDefs(m *Member) []*Member {
	out := []*Member{m}
	chain, _ := a.Chain(m.Definer)
	for _, t := range chain[min(1, len(chain)):] {
		pm := a.Member(t, m.Section, m.Name)
		if pm == nil {
			break
		}
		if pm.Definer != out[len(out)-1].Definer {
			out = append(out, pm)
		}
	}
	return out
}

// navExtraRefs finds the references the binder does not record: the
// template and member names of get_property-like function paths, the
// names in substitution mappings and the capability properties of
// templates.
func (a *Analyzer) navExtraRefs(u *Unit) []*Ref {
	root := u.File.Root()
	if root == nil {
		return nil
	}
	x := &navExtras{a: a, u: u, known: map[*syntax.Node]bool{}}
	for _, r := range u.Refs {
		x.known[r.Node] = true
	}
	declByKey := map[*syntax.Node]*Decl{}
	for _, d := range u.Decls {
		declByKey[d.Key] = d
	}
	var walk func(n *syntax.Node, owner *Decl, depth int)
	walk = func(n *syntax.Node, owner *Decl, depth int) {
		if n == nil || n.Anchored != nil || depth > 64 {
			return
		}
		switch n.Kind {
		case syntax.Mapping:
			if len(n.Pairs) == 1 {
				key := n.Pairs[0].Key
				if fn := grammar.FunctionNamed(key.Value, u.Versions); fn != nil {
					x.call(fn, n.Pairs[0], owner)
				} else if strings.HasPrefix(key.Value, "$") {
					// A call of a function of the file's `functions`.
					if d := u.Local(grammar.UserFunction, key.Value[1:]); d != nil {
						x.add(&Ref{Kind: grammar.UserFunction, Name: key.Value, Node: key, Target: d, Owner: owner})
					}
				}
			}
			for _, p := range n.Pairs {
				if p.Merged {
					continue
				}
				o := owner
				if d := declByKey[p.Key]; d != nil {
					o = d
				}
				walk(p.Value, o, depth+1)
			}
		case syntax.Sequence:
			for _, it := range n.Items {
				walk(it, owner, depth+1)
			}
		}
	}
	walk(root, nil, 0)
	x.substitutionMappings(root)
	x.capabilityAssignments()
	return x.out
}

type navExtras struct {
	a     *Analyzer
	u     *Unit
	known map[*syntax.Node]bool
	out   []*Ref
}

func (x *navExtras) add(r *Ref) {
	if r.Node == nil || x.known[r.Node] {
		return
	}
	x.known[r.Node] = true
	x.out = append(x.out, r)
}

func (x *navExtras) member(n *syntax.Node, t *Decl, section string, owner *Decl) *Member {
	if n == nil || n.Kind != syntax.Scalar || t == nil {
		return nil
	}
	m := x.a.Member(t, section, n.Value)
	if m != nil {
		x.add(&Ref{Kind: memberKind(section), Name: m.Name, Node: n, Member: m, Owner: owner})
	}
	return m
}

func (x *navExtras) template(n *syntax.Node, owner *Decl, kinds ...grammar.RefKind) *Decl {
	if n == nil || n.Kind != syntax.Scalar {
		return nil
	}
	for _, k := range kinds {
		if d := x.u.Local(k, n.Value); d != nil {
			x.add(&Ref{Kind: k, Name: n.Value, Node: n, Target: d, Owner: owner})
			return d
		}
	}
	return nil
}

// entityType is the type an entity argument (SELF or a template name) stands for.
func (x *navExtras) entityType(arg *syntax.Node, owner *Decl) *Decl {
	if arg == nil || arg.Kind != syntax.Scalar {
		return nil
	}
	if arg.Value == "SELF" {
		switch {
		case owner == nil:
			return nil
		case owner.Kind.IsType():
			return owner
		default:
			return x.a.navDeclType(owner)
		}
	}
	if grammar.IsEntityKeyword(arg.Value) {
		return nil
	}
	return x.a.navDeclType(x.template(arg, owner, grammar.NodeTemplate, grammar.RelationshipTemplate))
}

// call links the names in the path of get_property, get_attribute,
// get_operation_output and get_artifact calls.
func (x *navExtras) call(fn *grammar.Function, p *syntax.Pair, owner *Decl) {
	args := []*syntax.Node{p.Value}
	if p.Value.Kind == syntax.Sequence {
		args = p.Value.Items
	}
	// Arguments naming a type (get_nodes_of_type).
	for i, param := range fn.Params {
		if i < len(args) && param.Ref.IsType() && args[i].Kind == syntax.Scalar {
			if d := x.u.Scope.Lookup(param.Ref, args[i].Value); d != nil {
				x.add(&Ref{Kind: param.Ref, Name: args[i].Value, Node: args[i], Target: d, Owner: owner})
			}
		}
	}
	if len(fn.Params) == 0 || fn.Params[0].Ref != grammar.ModelableEntity {
		return
	}
	t := x.entityType(args[0], owner)
	if t == nil || len(args) < 2 {
		return
	}
	rest := args[1:]
	switch strings.TrimPrefix(fn.Name, "$") {
	case "get_property", "get_attribute":
		section := "properties"
		if strings.HasSuffix(fn.Name, "get_attribute") {
			section = "attributes"
		}
		if rest[0].Text() == "CAPABILITY" || rest[0].Text() == "REQUIREMENT" {
			// Final 2.0 TOSCA path: [SELF, CAPABILITY, name, property].
			if len(rest) >= 3 {
				if m := x.member(rest[1], t, navPluralOf(rest[0].Text()), owner); m != nil {
					x.member(rest[2], x.a.navMemberType(m), section, owner)
				}
			}
			return
		}
		if x.member(rest[0], t, section, owner) != nil {
			return
		}
		if section == "attributes" && x.member(rest[0], t, "properties", owner) != nil {
			return
		}
		for _, s := range []string{"capabilities", "requirements"} {
			if m := x.member(rest[0], t, s, owner); m != nil {
				if len(rest) > 1 {
					ct := x.a.navMemberType(m)
					if x.member(rest[1], ct, section, owner) == nil && section == "attributes" {
						x.member(rest[1], ct, "properties", owner)
					}
				}
				return
			}
		}
	case "get_operation_output":
		if m := x.member(rest[0], t, "interfaces", owner); m != nil && len(rest) > 1 {
			x.member(rest[1], x.a.navMemberType(m), "operations", owner)
		}
	case "get_artifact":
		x.member(rest[0], t, "artifacts", owner)
	}
}

func navPluralOf(keyword string) string {
	if keyword == "CAPABILITY" {
		return "capabilities"
	}
	return "requirements"
}

// substitutionMappings links the names of substitution mappings: the
// node type's members (keys) and the inputs, outputs, templates and their
// members the mappings point at.
func (x *navExtras) substitutionMappings(root *syntax.Node) {
	var sm *syntax.Node
	for _, k := range []string{"topology_template", "service_template"} {
		if n := root.Get(k).Get("substitution_mappings"); n != nil {
			sm = n
		}
	}
	if sm == nil || sm.Kind != syntax.Mapping {
		return
	}
	nt := x.u.Scope.Lookup(grammar.NodeType, sm.Get("node_type").Text())
	for _, section := range []string{"properties", "attributes", "capabilities", "requirements", "interfaces"} {
		for _, p := range namedEntries(sm.Get(section)) {
			x.member(p.Key, nt, section, nil)
			list := p.Value
			if list.Kind == syntax.Mapping {
				list = list.Get("mapping")
			}
			if list == nil || list.Kind != syntax.Sequence {
				continue
			}
			items := list.Items
			switch {
			case section == "properties" && len(items) == 1:
				x.template(items[0], nil, grammar.Input)
			case section == "attributes" && len(items) == 1:
				x.template(items[0], nil, grammar.Output)
			case section != "interfaces" && len(items) >= 2:
				tmpl := x.template(items[0], nil, grammar.NodeTemplate)
				x.member(items[1], x.a.navDeclType(tmpl), section, nil)
			}
		}
	}
}

// capabilityAssignments links the property and attribute names assigned
// to a template's capabilities to the capability type's members.
func (x *navExtras) capabilityAssignments() {
	for _, r := range x.u.Refs {
		if r.Member == nil || r.Member.Section != "capabilities" || r.Owner == nil || r.Owner.Kind.IsType() {
			continue
		}
		var val *syntax.Node
		for _, p := range namedEntries(r.Owner.Node.Get("capabilities")) {
			if p.Key == r.Node {
				val = p.Value
			}
		}
		if val == nil || val.Kind != syntax.Mapping {
			continue
		}
		ct := x.a.navMemberType(r.Member)
		for _, section := range []string{"properties", "attributes"} {
			for _, p := range namedEntries(val.Get(section)) {
				x.member(p.Key, ct, section, r.Owner)
			}
		}
	}
}
