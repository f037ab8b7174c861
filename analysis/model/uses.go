package model

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// UseKind says where a use was found, and so how it resolves.
type UseKind uint8

const (
	// UseRef is a reference the binder recorded (Use.Ref indexes Facts.Refs).
	UseRef UseKind = iota
	// UsePathArg is argument Arg of call Call of a function that reads the
	// model (get_property and friends): a template, a member, a keyword.
	UsePathArg
	// UseFunctionCall is the name of a call of a function declared in a
	// `functions` section (`$name`) or as a scriptlet (Call is the call).
	UseFunctionCall
	// UseMappingItem is item Item of the `mapping` of a substitution
	// mapping entry (Entity): an input, an output, a node template or a
	// member of that template's type.
	UseMappingItem
	// UseCapabilityMember is a property or attribute (Section) assigned in
	// a template's capability assignment (Entity).
	UseCapabilityMember
	// UseValueKey is a key of a mapping written in a value (Item, a value
	// of the file): a field of a complex data type. The value's root is Arg,
	// the value of the member whose name is the value Call in section
	// Section of entity Entity, or (Call is NoValue) the `default` or
	// `value` (Section) of the definition Entity.
	UseValueKey
	// UseTestedName is the name of entity Entity: a property or capability
	// a node filter tests, a property a capability filter tests, an
	// attribute a condition clause asserts.
	UseTestedName
	// UseOutputMapping is item Item of the list Arg an output of operation
	// Entity maps onto an attribute: `[ SELF, capability?, attribute, … ]`.
	UseOutputMapping
	// UseCallOperation is the interface (Item 0) or the operation (Item 1)
	// of the `call_operation` activity Entity.
	UseCallOperation
)

// Use is one name a file writes that refers to something: a reference the
// binder recorded, or a name the model reads out of a value (the steps of a
// function path, the items of a substitution mapping, the properties given
// to a template's capability, the call of one of the file's functions).
type Use struct {
	Kind UseKind
	// Name is the name as written (decoded), Span where it is written.
	Name string
	Span text.Span
	Ref  int32
	Call int32
	Arg  int32
	// Entity, Item and Section locate mapping items, capability members
	// and the other kinds above.
	Entity  facts.ID
	Item    int32
	Section string
}

// useIndex is the uses of one file's content, by position and by name.
type useIndex struct {
	facts *facts.Facts
	// uses are sorted by span start; maxLen is the longest span, which
	// bounds the search back from an offset.
	uses   []Use
	maxLen int
	// The name tables serve references and rename only: they are built on
	// first use, so that position requests after an edit do not pay for them.
	namesOnce sync.Once
	byName    map[string][]int32
	// named lists the entities written with each name (declarations,
	// member definitions, assignments).
	named map[string][]facts.ID
}

// BaseName is the part of a written name that does not depend on where it
// is used: without the namespace prefixes of `my:k8s:Pod` and the `$` of a
// function call. Every use of a declaration has one of its names' base names.
func BaseName(name string) string {
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	return strings.TrimPrefix(name, "$")
}

// uses returns the use index of the file at path, built once per content.
func (v *View) uses(path string) *useIndex {
	f := v.Facts(path)
	if f == nil {
		return &useIndex{}
	}
	e := v.eng
	e.mu.Lock()
	if ix, ok := e.uses[path]; ok && ix.facts == f {
		e.mu.Unlock()
		return ix
	}
	e.mu.Unlock()
	ix := buildUses(f)
	e.mu.Lock()
	e.uses[path] = ix
	e.mu.Unlock()
	return ix
}

func buildUses(f *facts.Facts) *useIndex {
	ix := &useIndex{facts: f, uses: make([]Use, 0, len(f.Refs)+len(f.Calls))}
	for i := range f.Refs {
		r := &f.Refs[i]
		ix.uses = append(ix.uses, Use{Kind: UseRef, Name: f.RefName(r), Span: r.Span.Text(), Ref: int32(i)})
	}
	for ci := range f.Calls {
		c := &f.Calls[ci]
		if c.Fn == nil {
			ix.uses = append(ix.uses, Use{Kind: UseFunctionCall, Name: c.Name, Span: c.NameSpan.Text(), Call: int32(ci)})
		}
		if grammar.PathOf(c.Fn) == nil {
			continue
		}
		args := f.Items(c.Args)
		if args == nil {
			args = []facts.ValueID{c.Args}
		}
		for a, arg := range args {
			if val := f.Value(arg); val != nil && val.Kind() == syntax.Scalar {
				ix.uses = append(ix.uses, Use{Kind: UsePathArg, Name: f.Text(arg), Span: val.Span.Text(), Call: int32(ci), Arg: int32(a)})
			}
		}
	}
	var calls map[facts.ValueID]bool
	if f.Lang == grammar.TOSCA {
		calls = make(map[facts.ValueID]bool, len(f.Calls))
		for i := range f.Calls {
			calls[f.Calls[i].Args] = true
		}
	}
	for id := range f.Entities {
		e := &f.Entities[id]
		if parent := f.Entity(e.Parent); parent != nil && parent.G() == grammar.SubstitutionMappingsDef {
			ix.mappingItems(f, facts.ID(id))
		}
		if e.G() == grammar.CapabilityAssign {
			ix.capabilityMembers(f, facts.ID(id))
		}
		if calls != nil {
			ix.memberUses(f, facts.ID(id), calls)
		}
	}
	// The binder's references come first among uses of one span (a path's
	// template is both a reference and a path argument): keep those.
	slices.SortStableFunc(ix.uses, func(a, b Use) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	kept := ix.uses[:0]
	for _, u := range ix.uses {
		if n := len(kept); n > 0 && kept[n-1].Span == u.Span {
			continue
		}
		kept = append(kept, u)
		ix.maxLen = max(ix.maxLen, u.Span.Len())
	}
	ix.uses = kept
	return ix
}

// names builds the name tables once.
func (ix *useIndex) names() *useIndex {
	ix.namesOnce.Do(func() {
		ix.byName = map[string][]int32{}
		for i, u := range ix.uses {
			base := BaseName(u.Name)
			ix.byName[base] = append(ix.byName[base], int32(i))
		}
		ix.named = map[string][]facts.ID{}
		if ix.facts == nil {
			return
		}
		for id := range ix.facts.Entities {
			if name := ix.facts.Entities[id].Name; name != "" {
				ix.named[name] = append(ix.named[name], facts.ID(id))
			}
		}
	})
	return ix
}

// mappingItems records the names in the `mapping` list of a substitution
// mapping entry.
func (ix *useIndex) mappingItems(f *facts.Facts, id facts.ID) {
	for i, item := range mappingList(f, id) {
		if val := f.Value(item); val != nil && val.Kind() == syntax.Scalar {
			ix.uses = append(ix.uses, Use{Kind: UseMappingItem, Name: f.Text(item), Span: val.Span.Text(), Entity: id, Item: int32(i)})
		}
	}
}

// capabilityMembers records the property and attribute names a capability
// assignment gives values to.
func (ix *useIndex) capabilityMembers(f *facts.Facts, id facts.ID) {
	for _, section := range []string{grammar.SectionProperties, grammar.SectionAttributes} {
		for k := range f.Pairs(f.FieldValue(id, section)) {
			if val := f.Value(k); val != nil && val.Kind() == syntax.Scalar {
				ix.uses = append(ix.uses, Use{Kind: UseCapabilityMember, Name: f.Text(k), Span: val.Span.Text(), Entity: id, Section: section})
			}
		}
	}
}

// UseAt returns the innermost use whose span holds offset off.
func (v *View) UseAt(path string, off int) (Use, bool) {
	ix := v.uses(path)
	i := firstAfter(ix.uses, off+1)
	best := -1
	for j := i - 1; j >= 0 && ix.uses[j].Span.Start >= off-ix.maxLen; j-- {
		if ix.uses[j].Span.Contains(off) && (best < 0 || ix.uses[j].Span.Len() < ix.uses[best].Span.Len()) {
			best = j
		}
	}
	if best < 0 {
		return Use{}, false
	}
	return ix.uses[best], true
}

// firstAfter is the index of the first use starting at off or later.
func firstAfter(uses []Use, off int) int {
	i, _ := slices.BinarySearchFunc(uses, off, func(u Use, off int) int { return cmp.Compare(u.Span.Start, off) })
	return i
}

// UsesIn lists the uses written inside span, by position.
func (v *View) UsesIn(path string, span text.Span) []Use {
	uses := v.uses(path).uses
	i := firstAfter(uses, span.Start)
	var out []Use
	for ; i < len(uses) && uses[i].Span.Start <= span.End; i++ {
		if uses[i].Span.End <= span.End {
			out = append(out, uses[i])
		}
	}
	return out
}

// UsesNamed lists the uses of the file at path whose base name is name
// (see BaseName): the only ones that may refer to a declaration so named.
func (v *View) UsesNamed(path, name string) []Use {
	ix := v.uses(path).names()
	idx := ix.byName[name]
	out := make([]Use, len(idx))
	for i, j := range idx {
		out[i] = ix.uses[j]
	}
	return out
}

// Named lists the entities of the file at path written with that name.
func (v *View) Named(path, name string) []facts.ID { return v.uses(path).names().named[name] }

// ResolveUse returns what a use of the file at path names.
func (v *View) ResolveUse(path string, u Use) Resolved {
	f := v.Facts(path)
	if f == nil {
		return Resolved{}
	}
	switch u.Kind {
	case UseRef:
		return v.Resolve(path, int(u.Ref))
	case UsePathArg:
		return v.resolvePathArg(path, f, u)
	case UseFunctionCall:
		if d := v.LookupFunction(path, strings.TrimPrefix(u.Name, grammar.CallPrefix)); d.Valid() {
			return Resolved{Target: d, Kind: grammar.UserFunction}
		}
	case UseMappingItem:
		return v.resolveMappingItem(path, f, u)
	case UseCapabilityMember:
		return v.resolveCapabilityMember(path, f, u)
	case UseValueKey:
		return v.resolveValueKey(path, f, u)
	case UseTestedName:
		return v.resolveTestedName(path, f, u)
	case UseOutputMapping:
		return v.resolveOutputMapping(path, f, u)
	case UseCallOperation:
		return v.resolveCallOperation(path, f, u)
	}
	return Resolved{}
}

func (v *View) resolvePathArg(path string, f *facts.Facts, u Use) Resolved {
	if int(u.Call) >= len(f.Calls) {
		return Resolved{}
	}
	for _, s := range v.CallPath(path, &f.Calls[u.Call]) {
		if s.Arg != int(u.Arg) {
			continue
		}
		switch {
		case s.Target.Valid():
			return Resolved{Target: s.Target, Kind: v.Kind(s.Target)}
		case s.Member != nil:
			return Resolved{Member: s.Member, Kind: grammar.MemberKind(s.Member.Section)}
		}
	}
	return Resolved{}
}

// resolveMappingItem resolves an item of a substitution mapping: the
// input a property maps to, the output an attribute maps to, or the node
// template and its member a `[ template, member ]` mapping names.
func (v *View) resolveMappingItem(path string, f *facts.Facts, u Use) Resolved {
	e := f.Entity(u.Entity)
	if e == nil || e.Key() == nil {
		return Resolved{}
	}
	section := e.Key().Name
	items := mappingList(f, u.Entity)
	switch {
	case len(items) == 1 && section == grammar.SectionProperties:
		return v.local(path, grammar.Input, u.Name)
	case len(items) == 1 && section == grammar.SectionAttributes:
		return v.local(path, grammar.Output, u.Name)
	case len(items) < 2 || section == grammar.SectionInterfaces:
		return Resolved{}
	case u.Item == 0:
		return v.local(path, grammar.NodeTemplate, u.Name)
	case u.Item == 1:
		tmpl := v.Local(path, grammar.NodeTemplate, f.Text(items[0]))
		if m, ok := v.Member(v.TypeOf(tmpl), section, u.Name); ok {
			return Resolved{Member: &m, Kind: grammar.MemberKind(section)}
		}
	}
	return Resolved{}
}

// mappingList is the items of a substitution mapping entry: its `mapping`,
// or the list it is written as in short.
func mappingList(f *facts.Facts, id facts.ID) []facts.ValueID {
	if f.Entity(id).Short() {
		if fields := f.FieldsOf(id); len(fields) > 0 {
			return f.Items(fields[0].Value)
		}
	}
	return f.Items(f.FieldValue(id, grammar.KeyMapping))
}

func (v *View) local(path string, kind grammar.RefKind, name string) Resolved {
	if d := v.Local(path, kind, name); d.Valid() {
		return Resolved{Target: d, Kind: kind}
	}
	return Resolved{}
}

// resolveCapabilityMember resolves a property or attribute a template
// assigns in one of its capabilities, in the capability's type.
func (v *View) resolveCapabilityMember(path string, f *facts.Facts, u Use) Resolved {
	capability := f.Entity(u.Entity)
	if capability == nil {
		return Resolved{}
	}
	c, ok := v.Member(v.TypeOfEntity(path, capability.Parent), grammar.SectionCapabilities, capability.Name)
	if !ok {
		return Resolved{}
	}
	if m, ok := v.Member(v.MemberType(c), u.Section, u.Name); ok {
		return Resolved{Member: &m}
	}
	return Resolved{}
}

// UseNames lists the base names the uses of declaration d can have: its
// name, and for a type of the embedded profiles the short names it is also
// known by (Compute for tosca.nodes.Compute).
func (v *View) UseNames(d Decl) []string {
	e := v.Entity(d)
	if e == nil {
		return nil
	}
	out := []string{BaseName(e.Name)}
	if !e.Declares().IsType() {
		return out
	}
	seen := map[string]bool{out[0]: true}
	for name, id := range v.own(d.Path).types.of(e.Declares()) {
		if base := BaseName(name); id == d.ID && !seen[base] {
			seen[base] = true
			out = append(out, base)
		}
	}
	slices.Sort(out[1:])
	return out
}
