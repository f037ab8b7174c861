package analysis

import (
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// This file answers "what is at this offset" for hover, navigation and
// rename: a declared name, a member of a type, an imported file, a
// function, a keyname or a keyword, from the unit's references and
// declarations, the member definitions of its types, its imports and the
// grammar frames of the position.

// navTarget is the thing under the cursor.
type navTarget struct {
	// Span is the name (or key) at the cursor.
	Span text.Span
	// Node is the YAML node written at the cursor.
	Node *syntax.Node
	// Decl is a declared name (type, template, input, …).
	Decl *Decl
	// Member is a member of a type (property, requirement, operation, …).
	Member *Member
	// Ref is the reference under the cursor (nil on a declaration).
	Ref *Ref
	// OnDecl is set when the cursor is on the declaration itself.
	OnDecl bool
	// File is the resolved path of an import under the cursor; Import the
	// import and Link its resolution.
	Import *index.Import
	Link   *index.Link
	// Key and Entity are a keyname under the cursor and the entity it belongs to.
	Key    *grammar.Key
	Entity *grammar.Entity
	// Entry is a named entry (a parameter definition, …) that is neither a
	// declaration nor a member of a type; Entity describes it.
	Entry *syntax.Pair
	// Func is an intrinsic function name under the cursor, Call its call.
	Func *grammar.Function
	Call *syntax.Pair
	// Keyword is SELF, SOURCE, TARGET or HOST in a function call.
	Keyword string
	// Unresolved is set for a reference whose target is unknown.
	Unresolved bool
}

// navIdentity is what references are matched against: a declaration or a
// member (identified by the type that introduced it, its section and name).
type navIdentity struct {
	decl    *Decl
	origin  *Decl
	section string
	name    string
	file    string
}

func (t *navTarget) identity() *navIdentity {
	switch {
	case t == nil:
		return nil
	case t.Decl != nil:
		return &navIdentity{decl: t.Decl}
	case t.Member != nil && t.Member.Origin != nil:
		return &navIdentity{origin: t.Member.Origin, section: t.Member.Section, name: t.Member.Name}
	case t.Link != nil && t.Link.Path != "":
		return &navIdentity{file: t.Link.Path}
	}
	return nil
}

func (id *navIdentity) matchesMember(m *Member) bool {
	return id != nil && id.origin != nil && m != nil && m.Origin == id.origin && m.Section == id.section && m.Name == id.name
}

// navMemberSite is the definition of a member in a type (possibly a refinement).
type navMemberSite struct {
	Key    *syntax.Node
	Node   *syntax.Node
	Member *Member
	Owner  *Decl
}

// navUnitInfo is what this file adds to a unit: references the binder does
// not record (function paths, substitution mappings, capability
// assignments) and the member definitions of the unit's types.
type navUnitInfo struct {
	refs  []*Ref
	sites []navMemberSite
}

var (
	navCacheMu sync.Mutex
	navCache   = map[*Analyzer]map[*Unit]*navUnitInfo{}
	navCacheOf []*Analyzer
)

// navInfo computes (once per analyzer) the extra references and member sites of u.
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
		info.sites = a.navSites(u)
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

// navRefTarget is the declaration a reference names, resolving the
// composite kinds the binder leaves open.
func navRefTarget(u *Unit, r *Ref) *Decl {
	if r.Target != nil {
		return r.Target
	}
	if r.Member != nil || u == nil {
		return nil
	}
	first := func(ds ...*Decl) *Decl {
		for _, d := range ds {
			if d != nil {
				return d
			}
		}
		return nil
	}
	switch r.Kind {
	case grammar.NodeTemplateOrGroup:
		return first(u.Local(grammar.NodeTemplate, r.Name), u.Local(grammar.Group, r.Name))
	case grammar.ModelableEntity:
		if grammar.IsEntityKeyword(r.Name) {
			return nil
		}
		return first(u.Local(grammar.NodeTemplate, r.Name), u.Local(grammar.RelationshipTemplate, r.Name))
	case grammar.NodeOrGroupType:
		if u.Scope != nil {
			return first(u.Scope.Lookup(grammar.NodeType, r.Name), u.Scope.Lookup(grammar.GroupType, r.Name))
		}
	case grammar.NodeOrCapabilityType:
		if u.Scope != nil {
			return first(u.Scope.Lookup(grammar.NodeType, r.Name), u.Scope.Lookup(grammar.CapabilityType, r.Name))
		}
	}
	return nil
}

// navResolve finds what is at off in u.
func (a *Analyzer) navResolve(u *Unit, off int) *navTarget {
	if u == nil || u.File == nil {
		return nil
	}
	f := u.File
	// Imports: the url, file or profile value.
	links := a.snap.Links(f.Path)
	for i := range f.Imports {
		imp := &f.Imports[i]
		if imp.Target.Len() > 0 && imp.Target.Contains(off) {
			t := &navTarget{Span: imp.Target, Import: imp}
			for j := range links {
				if links[j].Import != nil && links[j].Import.Target == imp.Target {
					t.Link = &links[j]
				}
			}
			return t
		}
	}
	if u.Scope == nil {
		return nil
	}
	// References: the innermost one containing the offset.
	var best *Ref
	for _, r := range a.navRefs(u) {
		if r.Node == nil || !r.Node.Span.Contains(off) || r.Kind == grammar.ImportURL || r.Kind == grammar.ProfileName {
			continue
		}
		if best == nil || r.Node.Span.Len() < best.Node.Span.Len() {
			best = r
		}
	}
	if best != nil {
		t := &navTarget{Span: best.Node.Span, Node: best.Node, Ref: best}
		switch {
		case best.Member != nil:
			t.Member = best.Member
		case grammar.IsEntityKeyword(best.Name) && (best.Kind == grammar.ModelableEntity || best.Kind == grammar.NodeTemplate):
			t.Keyword = best.Name
			t.Call = navEnclosingCall(syntax.PathAt(f.Root(), off), u.Versions)
		default:
			if t.Decl = navRefTarget(u, best); t.Decl == nil {
				t.Unresolved = true
			}
		}
		if !t.Unresolved || navIsName(best.Kind) {
			return t
		}
	}
	// Declarations.
	for _, d := range u.Decls {
		if d.Key != nil && d.Key.Span.Contains(off) {
			return &navTarget{Span: d.Key.Span, Node: d.Key, Decl: d, OnDecl: true}
		}
	}
	// Member definitions in the file's types.
	for _, s := range a.navInfo(u).sites {
		if s.Key.Span.Contains(off) {
			return &navTarget{Span: s.Key.Span, Node: s.Key, Member: s.Member, OnDecl: true}
		}
	}
	root := f.Root()
	if root == nil {
		return nil
	}
	// Function names and the keywords of their arguments.
	path := syntax.PathAt(root, off)
	if n := len(path); n > 0 {
		last := path[n-1]
		if last.OnKey && last.Parent != nil && len(last.Parent.Pairs) == 1 {
			if fn := grammar.FunctionNamed(last.Pair.Key.Value, u.Versions); fn != nil {
				return &navTarget{Span: last.Pair.Key.Span, Node: last.Pair.Key, Func: fn, Call: last.Pair}
			}
		}
		if leaf := path.Leaf(); leaf != nil && leaf.Kind == syntax.Scalar && grammar.IsEntityKeyword(leaf.Value) && !last.OnKey {
			if call := navEnclosingCall(path, u.Versions); call != nil {
				return &navTarget{Span: leaf.Span, Node: leaf, Keyword: leaf.Value, Call: call}
			}
		}
	}
	// Keynames and other named entries, from the grammar.
	pos := a.Locate(u, off)
	if pos == nil || !pos.OnKey || len(pos.Frames) < 2 {
		return nil
	}
	inner := pos.Innermost()
	parent := pos.Frames[len(pos.Frames)-2]
	if inner.Pair == nil {
		return nil
	}
	if inner.Key != nil {
		if e := parent.Entity(); e != nil {
			return &navTarget{Span: inner.Pair.Key.Span, Node: inner.Pair.Key, Key: inner.Key, Entity: e}
		}
	}
	if e := entityOf(inner.Value); e != nil {
		return &navTarget{Span: inner.Pair.Key.Span, Node: inner.Pair.Key, Entry: inner.Pair, Entity: e}
	}
	return nil
}

// navIsName reports kinds whose unresolved references are still names
// (so that nothing else is looked for under them).
func navIsName(k grammar.RefKind) bool {
	switch k {
	case grammar.ArtifactFile, grammar.CapabilityTypeOrName, grammar.NoRef:
		return false
	}
	return true
}

// navEnclosingCall is the innermost function call of a path whose arguments hold its leaf.
func navEnclosingCall(path syntax.Path, v grammar.Versions) *syntax.Pair {
	for i := len(path) - 1; i >= 0; i-- {
		s := path[i]
		if s.Pair != nil && !s.OnKey && s.Parent != nil && len(s.Parent.Pairs) == 1 && grammar.IsFunctionName(s.Pair.Key.Value, v) {
			return s.Pair
		}
	}
	return nil
}

// navSites lists the member definitions written in u's types, with the
// operations refined inside their interface definitions.
func (a *Analyzer) navSites(u *Unit) []navMemberSite {
	var out []navMemberSite
	for _, d := range u.Decls {
		if !d.Kind.IsType() {
			continue
		}
		for _, section := range MemberSections {
			for _, p := range sectionEntries(d, section) {
				m := a.Member(d, section, p.Key.Value)
				if m == nil {
					continue
				}
				out = append(out, navMemberSite{Key: p.Key, Node: p.Value, Member: m, Owner: d})
				if section == "interfaces" {
					out = append(out, a.navOperationSites(d, m, p.Value)...)
				}
			}
		}
	}
	return out
}

// navOperationSites are the operations refined in an interface definition
// of a node or relationship type.
func (a *Analyzer) navOperationSites(owner *Decl, iface *Member, def *syntax.Node) []navMemberSite {
	if def == nil || def.Kind != syntax.Mapping {
		return nil
	}
	itype := a.navMemberType(iface)
	if itype == nil {
		return nil
	}
	var entries []*syntax.Pair
	ops := def.Get("operations")
	if ops != nil {
		entries = namedEntries(ops)
	} else {
		for _, p := range def.Pairs {
			if grammar.InterfaceDef.Key(p.Key.Value, owner.Versions) == nil {
				entries = append(entries, p)
			}
		}
	}
	var out []navMemberSite
	for _, p := range entries {
		if m := a.Member(itype, "operations", p.Key.Value); m != nil {
			out = append(out, navMemberSite{Key: p.Key, Node: p.Value, Member: m, Owner: owner})
		}
	}
	return out
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

// navMemberEntity is the grammar entity of the entries of a type's section.
func navMemberEntity(d *Decl, section string) *grammar.Entity {
	if d == nil || d.Entity == nil {
		return nil
	}
	if k := d.Entity.Key(section, d.Versions); k != nil && k.Value != nil && k.Value.Elem != nil {
		return k.Value.Elem.Entity
	}
	if section == "operations" && d.Entity.Extra != nil {
		return d.Entity.Extra.Entity
	}
	return nil
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

// navUnits are the analysed TOSCA files of the snapshot.
func (a *Analyzer) navUnits() []*Unit {
	var out []*Unit
	for _, p := range a.snap.Paths() {
		if u := a.Unit(p); u != nil && u.Scope != nil {
			out = append(out, u)
		}
	}
	return out
}

// navOccurrence is one place a target is written.
type navOccurrence struct {
	Path string
	Node *syntax.Node
	// Name is the name as the declaration spells it (the written text may
	// carry a namespace prefix).
	Name string
	Decl bool
}

// navOccurrences lists the declaration(s) and uses of id across the
// workspace (or in onlyPath when not "").
func (a *Analyzer) navOccurrences(id *navIdentity, onlyPath string) []navOccurrence {
	if id == nil {
		return nil
	}
	var units []*Unit
	switch {
	case onlyPath != "":
		if u := a.Unit(onlyPath); u != nil && u.Scope != nil {
			units = []*Unit{u}
		}
	case id.decl != nil && !id.decl.Kind.IsType():
		// Template-level names are only visible in their own file.
		if u := a.Unit(id.decl.File.Path); u != nil && u.Scope != nil {
			units = []*Unit{u}
		}
	default:
		units = a.navUnits()
	}
	var out []navOccurrence
	for _, u := range units {
		path := u.File.Path
		switch {
		case id.decl != nil:
			if id.decl.File == u.File {
				out = append(out, navOccurrence{Path: path, Node: id.decl.Key, Name: id.decl.Name, Decl: true})
			}
			for _, r := range a.navRefs(u) {
				if r.Member == nil && navRefTarget(u, r) == id.decl {
					out = append(out, navOccurrence{Path: path, Node: r.Node, Name: id.decl.Name})
				}
			}
		case id.origin != nil:
			for _, s := range a.navInfo(u).sites {
				if id.matchesMember(s.Member) {
					out = append(out, navOccurrence{Path: path, Node: s.Key, Name: id.name, Decl: true})
				}
			}
			for _, r := range a.navRefs(u) {
				if id.matchesMember(r.Member) {
					out = append(out, navOccurrence{Path: path, Node: r.Node, Name: id.name})
				}
			}
		case id.file != "":
			for _, l := range a.snap.Links(path) {
				if l.Path == id.file && l.Import != nil {
					out = append(out, navOccurrence{Path: path, Node: &syntax.Node{Kind: syntax.Scalar, Span: l.Import.Target}})
				}
			}
		}
	}
	// Deduplicate (a node may be reached twice) and sort.
	seen := map[string]bool{}
	var uniq []navOccurrence
	for _, o := range out {
		k := o.Path + "\x00" + strconv.Itoa(o.Node.Span.Start) + ":" + strconv.Itoa(o.Node.Span.End)
		if seen[k] {
			continue
		}
		seen[k] = true
		uniq = append(uniq, o)
	}
	sort.SliceStable(uniq, func(i, j int) bool {
		if uniq[i].Path != uniq[j].Path {
			return uniq[i].Path < uniq[j].Path
		}
		return uniq[i].Node.Span.Start < uniq[j].Node.Span.Start
	})
	return uniq
}

// navNameSpan is the span of the text of a scalar written at n inside
// src, without quotes (the whole span when it cannot tell).
func navNameSpan(src []byte, n *syntax.Node) (text.Span, bool) {
	sp := n.Span
	if sp.Start < 0 || sp.End > len(src) || sp.Start > sp.End {
		return sp, false
	}
	raw := string(src[sp.Start:sp.End])
	if raw == n.Value {
		return sp, true
	}
	if len(raw) >= 2 && (raw[0] == '"' || raw[0] == '\'') && raw[len(raw)-1] == raw[0] && raw[1:len(raw)-1] == n.Value {
		return text.Span{Start: sp.Start + 1, End: sp.End - 1}, true
	}
	return sp, false
}

// navSuffixSpan is the span of name at the end of the scalar n (the part
// after a namespace prefix such as `k8s:`), or false.
func navSuffixSpan(src []byte, n *syntax.Node, name string) (text.Span, bool) {
	sp, exact := navNameSpan(src, n)
	if !exact {
		return sp, false
	}
	v := n.Value
	if v == name {
		return sp, true
	}
	if strings.HasSuffix(v, ":"+name) || v == "$"+name {
		return text.Span{Start: sp.End - len(name), End: sp.End}, true
	}
	return sp, false
}

// navWhere says where a file is: its profile, else its path relative to
// the workspace folder holding it.
func navWhere(snap *index.Snapshot, f *index.File) string {
	if f == nil {
		return ""
	}
	if name := navProfileOf(snap, f); name != "" {
		return "profile `" + name + "`"
	}
	return "`" + navRelPath(snap, f.Path) + "`"
}

// navProfileOf is the profile name a file belongs to ("" when none).
func navProfileOf(snap *index.Snapshot, f *index.File) string {
	if f.ProfileName != "" {
		return f.ProfileName
	}
	if !f.Embedded {
		// A workspace file belongs to a profile only by declaring it.
		return ""
	}
	// The embedded profiles spread over several files in one folder.
	dir := filepath.Dir(f.Path)
	best := ""
	for _, name := range snap.ProfileNames() {
		entry := snap.Profile(name)
		if entry == "" || filepath.Dir(entry) != dir {
			continue
		}
		// Prefer a plain name to a URI alias.
		if best == "" || strings.Contains(best, "://") && !strings.Contains(name, "://") {
			best = name
		}
	}
	return best
}

// navRelPath is path relative to the workspace folder holding it (the
// shortest), else as is.
func navRelPath(snap *index.Snapshot, path string) string {
	best := ""
	for _, dir := range snap.Folders() {
		if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
			if best == "" || len(rel) < len(best) {
				best = rel
			}
		}
	}
	if best == "" {
		return path
	}
	return filepath.ToSlash(best)
}

// navSingular is the singular of a member section ("properties" → "property").
func navSingular(section string) string {
	if strings.HasSuffix(section, "ies") {
		return strings.TrimSuffix(section, "ies") + "y"
	}
	return strings.TrimSuffix(section, "s")
}
