package model

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// The names of members a file writes outside references: the fields of
// complex values, the names node filters and conditions test, the
// attributes operation outputs map onto, the operations workflows call.
// The use index records where they are written (from the facts alone);
// resolving one finds the type whose member it names.

// memberUses records the member names entity id writes in its values.
func (ix *useIndex) memberUses(f *facts.Facts, id facts.ID, calls map[facts.ValueID]bool) {
	e := f.Entity(id)
	switch e.G() {
	case grammar.CallOperationActivityDef:
		ix.callOperation(f, id)
	case grammar.OperationDef, grammar.NotificationDef, grammar.OperationAssign, grammar.NotificationAssign:
		for _, list := range outputMappings(f, id) {
			for i, item := range f.Items(list) {
				if val := f.Value(item); val != nil && val.Kind() == syntax.Scalar {
					ix.uses = append(ix.uses, Use{Kind: UseOutputMapping, Name: f.Text(item), Span: val.Span.Text(), Entity: id, Arg: int32(list), Item: int32(i)})
				}
			}
		}
	case grammar.ConstraintClause, grammar.CapabilityFilterDef:
		if e.Name != "" && testedNames(f, id) {
			ix.uses = append(ix.uses, Use{Kind: UseTestedName, Name: e.Name, Span: e.NameSpan.Text(), Entity: id})
		}
	}
	if e.G() == grammar.ConstraintClause {
		// The operands that are values of the type constrained (`equal`,
		// `in_range`, `valid_values` …).
		for _, fl := range f.FieldsOf(id) {
			switch {
			case fl.Key() == nil:
			case fl.Key().Value.Kind == grammar.AnyValue:
				ix.valueKeys(f, id, fl.Key().Name, facts.NoValue, fl.Value, fl.Value, calls)
			case fl.Key().Value.Kind == grammar.RangeValue || fl.Key().Value.Kind == grammar.ListValue:
				for _, item := range f.Items(fl.Value) {
					ix.valueKeys(f, id, fl.Key().Name, facts.NoValue, item, item, calls)
				}
			}
		}
		return
	}
	for _, fl := range f.FieldsOf(id) {
		switch {
		case fl.Key() == nil:
		case HoldsValues(fl.Key()):
			for k, val := range f.Pairs(fl.Value) {
				ix.valueKeys(f, id, fl.Key().Name, k, val, val, calls)
			}
		case fl.Key().Name == grammar.KeyDefault || fl.Key().Name == grammar.KeyValue:
			ix.valueKeys(f, id, fl.Key().Name, facts.NoValue, fl.Value, fl.Value, calls)
		}
	}
}

// valueKeys records the keys of the mappings in value v (at any depth, but
// not inside function calls) under root, the value of member (the key
// naming it in section of entity id; NoValue when root is the entity's own
// default or value, or an operand of the constraint clause id).
func (ix *useIndex) valueKeys(f *facts.Facts, id facts.ID, section string, member, root, v facts.ValueID, calls map[facts.ValueID]bool) {
	val := f.Value(v)
	if val == nil {
		return
	}
	switch val.Kind() {
	case syntax.Mapping:
		if val.N() == 2 && calls[facts.ValueID(val.First+1)] {
			return
		}
		for k, x := range f.Pairs(v) {
			if kv := f.Value(k); kv.Kind() == syntax.Scalar {
				ix.uses = append(ix.uses, Use{Kind: UseValueKey, Name: f.Text(k), Span: kv.Span.Text(), Entity: id, Section: section, Call: int32(member), Arg: int32(root), Item: int32(k)})
			}
			ix.valueKeys(f, id, section, member, root, x, calls)
		}
	case syntax.Sequence:
		for _, item := range f.Items(v) {
			ix.valueKeys(f, id, section, member, root, item, calls)
		}
	}
}

// callOperation records the interface and the operation a workflow's
// `call_operation: Interface.operation` names, split at the last dot.
func (ix *useIndex) callOperation(f *facts.Facts, id facts.ID) {
	fl, ok := f.Field(id, grammar.KeyOperation)
	val := f.Value(fl.Value)
	if !ok || val == nil || val.Kind() != syntax.Scalar {
		return
	}
	text := f.Text(fl.Value)
	span := val.Span.Text()
	if raw := f.Src[span.Start:span.End]; raw != text {
		if len(raw) != len(text)+2 || raw[1:len(raw)-1] != text {
			return // escaped: the names are not where the text says
		}
		span.Start++
	}
	dot := strings.LastIndexByte(text, '.')
	if dot <= 0 || dot == len(text)-1 {
		return
	}
	iface, op := span, span
	iface.End = span.Start + dot
	op.Start, op.End = span.Start+dot+1, span.Start+len(text)
	ix.uses = append(ix.uses,
		Use{Kind: UseCallOperation, Name: text[:dot], Span: iface, Entity: id, Item: 0},
		Use{Kind: UseCallOperation, Name: text[dot+1:], Span: op, Entity: id, Item: 1})
}

// outputMappings are the lists an operation maps its outputs onto
// attributes with: the values of its `outputs` (1.2, 1.3), the `mapping`
// of its output parameters (2.0).
func outputMappings(f *facts.Facts, op facts.ID) []facts.ValueID {
	var out []facts.ValueID
	for _, v := range f.Pairs(f.FieldValue(op, grammar.SectionOutputs)) {
		out = append(out, v)
	}
	for _, p := range f.Entries(op, grammar.SectionOutputs) {
		if v := f.FieldValue(p, grammar.KeyMapping); v != facts.NoValue {
			out = append(out, v)
		}
	}
	return out
}

// testedNames reports whether a named constraint clause or capability
// filter names a member: a property or capability a node filter tests, a
// property of a capability filter, an attribute a condition asserts.
func testedNames(f *facts.Facts, id facts.ID) bool {
	switch f.Entity(f.Entity(id).Parent).G() {
	case grammar.NodeFilterDef, grammar.CapabilityFilterDef, grammar.ConditionClauseDef, grammar.AssertionDef:
		return true
	}
	return false
}

// resolveValueKey resolves a key written in a value: the function a
// one-entry map calls (ImportedCall), else the field of the data type the
// value has at that place, found by following the value from its root,
// field by field and entry by entry.
func (v *View) resolveValueKey(path string, f *facts.Facts, u Use) Resolved {
	if d := v.ImportedCall(path, mapHolding(f, facts.ValueID(u.Arg), facts.ValueID(u.Item))); d.Valid() {
		return Resolved{Target: d, Kind: grammar.UserFunction}
	}
	d, ok := v.valueRoot(path, f, u)
	if !ok {
		return Resolved{}
	}
	key := facts.ValueID(u.Item)
	at := f.Value(key).Span
	cur := facts.ValueID(u.Arg)
	for d.Type.Valid() {
		next := facts.NoValue
		for k, x := range f.Pairs(cur) {
			if k == key {
				if m := v.sharedMember(d.Type, grammar.SectionProperties, u.Name); m != nil {
					return Resolved{Member: m, Kind: grammar.NoRef}
				}
				return Resolved{}
			}
			if holds(f.Value(x).Span, at) {
				d, next = v.Follow(d, f.Text(k)), x
				break
			}
		}
		for _, item := range f.Items(cur) {
			if holds(f.Value(item).Span, at) {
				d, next = v.Entry(d), item
				break
			}
		}
		if next == facts.NoValue {
			return Resolved{}
		}
		cur = next
	}
	return Resolved{}
}

// valueRoot is what the root value of a value key follows: the member its
// entity's section assigns, the entity's own definition, or what a
// constraint clause constrains.
func (v *View) valueRoot(path string, f *facts.Facts, u Use) (ValueDef, bool) {
	d := Decl{path, u.Entity}
	switch {
	case facts.ValueID(u.Call) != facts.NoValue:
		m, ok := v.Member(v.SectionType(d), u.Section, f.Text(facts.ValueID(u.Call)))
		if !ok {
			return ValueDef{}, false
		}
		return v.MemberValue(m), true
	case f.Entity(u.Entity).G() == grammar.ConstraintClause:
		return v.constrained(path, f, u.Entity)
	}
	return v.definitionValue(d), true
}

// definitionValue is what the values of a definition (its default, the
// operands of its constraints) follow.
func (v *View) definitionValue(d Decl) ValueDef {
	if m, ok := v.DefinedMember(d); ok {
		return v.MemberValue(m)
	}
	return ValueDef{Def: d, Type: v.TypeOf(d)}
}

// constrained is what the value a constraint clause constrains follows:
// the member a node filter or condition tests, the data type or the
// definition holding the constraints (through nested `and`, `or`, `not`).
func (v *View) constrained(path string, f *facts.Facts, id facts.ID) (ValueDef, bool) {
	for {
		e := f.Entity(id)
		if e.Name != "" && testedNames(f, id) {
			r := v.resolveTestedName(path, f, Use{Kind: UseTestedName, Name: e.Name, Entity: id})
			if r.Member == nil {
				return ValueDef{}, false
			}
			return v.MemberValue(*r.Member), true
		}
		parent := f.Entity(e.Parent)
		switch {
		case parent == nil || parent.G() == nil:
			return ValueDef{}, false
		case parent.G() == grammar.ConstraintClause:
			id = e.Parent
		case parent.Declares() == grammar.DataType:
			return ValueDef{Type: Decl{path, e.Parent}}, true
		default:
			return v.definitionValue(Decl{path, e.Parent}), true
		}
	}
}

// mapHolding is the mapping of value v (at any depth) whose key is key,
// found by descending into the value holding it (NoValue when none is).
func mapHolding(f *facts.Facts, v, key facts.ValueID) facts.ValueID {
	at := f.Value(key).Span
	for v != facts.NoValue {
		next := facts.NoValue
		for k, x := range f.Pairs(v) {
			if k == key {
				return v
			}
			if holds(f.Value(x).Span, at) {
				next = x
			}
		}
		for _, item := range f.Items(v) {
			if holds(f.Value(item).Span, at) {
				next = item
			}
		}
		v = next
	}
	return facts.NoValue
}

func holds(outer, inner facts.Span) bool { return outer.Start <= inner.Start && inner.End <= outer.End }

// resolveTestedName resolves a name a node filter, a capability filter or
// a condition tests.
func (v *View) resolveTestedName(path string, f *facts.Facts, u Use) Resolved {
	e := f.Entity(u.Entity)
	parent := Decl{path, e.Parent}
	var t Decl
	sections := []string{grammar.SectionProperties}
	switch f.Entity(e.Parent).G() {
	case grammar.NodeFilterDef, grammar.CapabilityFilterDef:
		t = v.SectionType(parent)
		if e.G() == grammar.CapabilityFilterDef {
			sections = []string{grammar.SectionCapabilities}
		}
	default:
		t = v.conditionTarget(path, f, e.Parent)
		sections = []string{grammar.SectionAttributes, grammar.SectionProperties}
	}
	for _, s := range sections {
		if m := v.sharedMember(t, s, u.Name); m != nil {
			return Resolved{Member: m, Kind: grammar.MemberKind(s)}
		}
	}
	return Resolved{}
}

// conditionTarget is the type whose attributes the condition clauses
// around entity id assert: the node type of the template a workflow step
// or precondition targets, or what a policy trigger's target filter
// watches (a node, or one of its capabilities).
func (v *View) conditionTarget(path string, f *facts.Facts, id facts.ID) Decl {
	for ; id != facts.None; id = f.Entity(id).Parent {
		switch f.Entity(id).G() {
		case grammar.StepDef, grammar.PreconditionDef:
			return v.TypeOf(v.Local(path, grammar.NodeTemplate, f.FieldText(id, grammar.KeyTarget)))
		case grammar.TriggerDef:
			filter := f.Sub(id, grammar.KeyTargetFilter)
			if filter == facts.None {
				return Decl{}
			}
			node := f.FieldText(filter, grammar.KeyNode)
			t := v.Lookup(path, grammar.NodeType, node)
			if tmpl := v.Local(path, grammar.NodeTemplate, node); tmpl.Valid() {
				t = v.TypeOf(tmpl)
			}
			if c := f.FieldText(filter, grammar.KeyCapability); c != "" {
				m, _ := v.Member(t, grammar.SectionCapabilities, c)
				return v.MemberType(m)
			}
			return t
		}
	}
	return Decl{}
}

// resolveCallOperation resolves the interface (Item 0) or the operation
// (Item 1) of a call_operation, among the interfaces of the node template
// its step targets.
func (v *View) resolveCallOperation(path string, f *facts.Facts, u Use) Resolved {
	step := f.Entity(f.Entity(u.Entity).Parent).Parent
	if f.Entity(step) == nil || f.Entity(step).G() != grammar.StepDef {
		return Resolved{}
	}
	t := v.TypeOf(v.Local(path, grammar.NodeTemplate, f.FieldText(step, grammar.KeyTarget)))
	text := f.FieldText(u.Entity, grammar.KeyOperation)
	dot := strings.LastIndexByte(text, '.')
	iface := v.sharedMember(t, grammar.SectionInterfaces, text[:dot])
	if iface == nil {
		return Resolved{}
	}
	if u.Item == 0 {
		return Resolved{Member: iface, Kind: grammar.InterfaceName}
	}
	if op := v.sharedMember(v.MemberType(*iface), grammar.SectionOperations, text[dot+1:]); op != nil {
		return Resolved{Member: op}
	}
	return Resolved{}
}

// resolveOutputMapping resolves an item of an operation output's mapping
// `[ SELF | SOURCE | TARGET, capability?, attribute, field… ]`: the
// capability, the attribute (or property) and the fields of its value.
func (v *View) resolveOutputMapping(path string, f *facts.Facts, u Use) Resolved {
	items := f.Items(facts.ValueID(u.Arg))
	if u.Item == 0 || int(u.Item) >= len(items) {
		return Resolved{}
	}
	t := v.outputType(path, f, u.Entity, f.Text(items[0]))
	i := 1
	if len(items) > 2 {
		if c := v.sharedMember(t, grammar.SectionCapabilities, f.Text(items[1])); c != nil {
			if u.Item == 1 {
				return Resolved{Member: c, Kind: grammar.CapabilityName}
			}
			t, i = v.MemberType(*c), 2
		}
	}
	m := v.sharedMember(t, grammar.SectionAttributes, f.Text(items[i]))
	if m == nil {
		m = v.sharedMember(t, grammar.SectionProperties, f.Text(items[i]))
	}
	if m == nil || int(u.Item) == i {
		if m == nil {
			return Resolved{}
		}
		return Resolved{Member: m, Kind: grammar.MemberKind(m.Section)}
	}
	// A field of the attribute's value (of one of its fields …).
	d := v.MemberValue(*m)
	for j := i + 1; j < int(u.Item); j++ {
		d = v.Follow(d, f.Text(items[j]))
	}
	if field := v.sharedMember(d.Type, grammar.SectionProperties, u.Name); field != nil {
		return Resolved{Member: field}
	}
	return Resolved{}
}

// outputType is the type an operation output's first keyword stands for:
// the node or relationship (type or template) whose interface holds the
// operation (SELF), or an end of the relationship it is (SOURCE, TARGET).
func (v *View) outputType(path string, f *facts.Facts, op facts.ID, keyword string) Decl {
	for id := f.Entity(op).Parent; id != facts.None; id = f.Entity(id).Parent {
		d := Decl{path, id}
		switch e := f.Entity(id); e.G() {
		case grammar.NodeTypeDef, grammar.RelationshipTypeDef:
			if keyword == grammar.KeywordSelf {
				return d
			}
			return Decl{}
		case grammar.NodeTemplateDef, grammar.RelationshipTemplateDef, grammar.RequirementRelationshipDef:
			if keyword == grammar.KeywordSelf {
				return v.TypeOf(d)
			}
			return Decl{}
		case grammar.RequirementRelationshipAssign:
			tmpl := Decl{path, f.Entity(e.Parent).Parent}
			switch keyword {
			case grammar.KeywordSelf:
				return v.SectionType(d)
			case grammar.KeywordSource:
				return v.TypeOf(tmpl)
			case grammar.KeywordTarget:
				return v.Relationship(tmpl, e.Parent).TargetType
			}
			return Decl{}
		case grammar.InterfaceTypeDef, grammar.GroupTypeDef, grammar.GroupDef:
			return Decl{}
		}
	}
	return Decl{}
}
