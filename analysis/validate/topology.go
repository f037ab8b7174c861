package validate

import (
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Node filters, workflows, substitution mappings and repositories.

// nodeFilter checks a 1.x or 2020-draft node filter (or substitution
// filter) against the node type it selects: its properties and
// capabilities exist, and its clauses fit their types. Final 2.0 writes
// filters as expressions, which calls checks.
func (c *checker) nodeFilter(id facts.ID) {
	t := c.filteredType(id)
	if !c.isComplete(t) {
		return
	}
	for child := range c.f.Children(id) {
		e := c.f.Entity(child)
		switch keyName(e) {
		case grammar.SectionProperties:
			c.propertyFilter(child, t)
		case grammar.SectionCapabilities:
			ct := c.filteredCapability(child, t)
			if !c.isComplete(ct) {
				continue
			}
			for pf := range c.f.Children(child) {
				if keyName(c.f.Entity(pf)) == grammar.SectionProperties {
					c.propertyFilter(pf, ct)
				}
			}
		}
	}
}

// filteredType is the node type a node filter selects nodes of.
func (c *checker) filteredType(id facts.ID) model.Decl {
	parent := c.f.Entity(id).Parent
	switch c.f.Entity(parent).G() {
	case grammar.RequirementAssign:
		if tgt, ok := c.targetOf(parent); ok {
			return tgt.node
		}
		if m, ok := c.requirementMember(parent); ok {
			return c.requiredNodeType(m)
		}
	case grammar.RequirementDef:
		if name := c.f.FieldText(parent, grammar.KeyNode); name != "" {
			return c.v.Lookup(c.path, grammar.NodeType, name)
		}
	case grammar.NodeTemplateDef, grammar.SubstitutionMappingsDef:
		return c.typeOf(parent)
	}
	return model.Decl{}
}

// filteredCapability is the capability type a capability filter names: a
// capability of the node type, else a capability type.
func (c *checker) filteredCapability(id facts.ID, t model.Decl) model.Decl {
	e := c.f.Entity(id)
	if cm, ok := c.v.Member(t, grammar.SectionCapabilities, e.Name); ok {
		return c.v.MemberType(cm)
	}
	// A capability type filters the nodes that offer one (a node of a
	// derived type may, when the filtered type does not).
	if ct := c.v.Lookup(c.path, grammar.CapabilityType, e.Name); ct.Valid() || c.v.Muted(c.path, e.Name) {
		return ct
	}
	d := c.report(e.NameSpan, diag.Warning, diag.UnknownPathName, "node type %q has no capability named %q, and no capability type has that name", c.typeName(t), e.Name)
	suggest(d, e.Name, c.memberNames(t, grammar.SectionCapabilities))
	c.related(d, t, diag.Name(c.typeName(t))+" is defined here")
	return model.Decl{}
}

// propertyFilter checks one property filter: the property exists in type
// t and the clauses' operands are values of its type.
func (c *checker) propertyFilter(id facts.ID, t model.Decl) {
	e := c.f.Entity(id)
	if e.Name == "" && isCollectionKey(c.text(e.NameSpan)) {
		c.propertyPathFilter(id, t)
		return
	}
	m, ok := c.v.Member(t, grammar.SectionProperties, e.Name)
	if !ok {
		// A warning: the node selected may be of a type derived from t.
		c.noPathMember(e.NameSpan, diag.Warning, t, grammar.SectionProperties, e.Name)
		return
	}
	if k := c.kind(c.v.MemberType(m)); k != nil {
		c.clauseOperands(id, k)
	}
}

// propertyPathFilter checks a filter on a property inside a complex
// property (seed 003: `[ virtual_cpu, virtual_cpu_pinning, policy ]:`):
// the first name is a property of t, each next one a property of the data
// type of the one before; the clauses fit the last one's type.
func (c *checker) propertyPathFilter(id facts.ID, t model.Decl) {
	key := c.f.Entity(id).NameSpan
	path := syntax.Parse([]byte(c.text(key))).Root()
	if path == nil || path.Kind != syntax.Sequence || len(path.Items) == 0 {
		return
	}
	owner := t
	for _, seg := range path.Items {
		m, ok := c.v.Member(owner, grammar.SectionProperties, seg.Value)
		if !ok || seg.Kind != syntax.Scalar {
			at := facts.Span{Start: key.Start + uint32(seg.Span.Start), End: key.Start + uint32(seg.Span.End)}
			c.noPathMember(at, diag.Warning, owner, grammar.SectionProperties, seg.Value)
			return
		}
		owner = c.v.MemberType(m)
		if !c.isComplete(owner) {
			return
		}
	}
	if k := c.kind(owner); k != nil {
		c.clauseOperands(id, k)
	}
}

// clauseOperands checks the operators of a clause and of the clauses it
// holds against kind k.
func (c *checker) clauseOperands(id facts.ID, k *kindInfo) {
	for _, fl := range c.f.FieldsOf(id) {
		if fl.Key() != nil {
			c.operator(fl, k)
		}
	}
	for child := range c.f.Children(id) {
		if c.f.Entity(child).G() == grammar.ConstraintClause {
			c.clauseOperands(child, k)
		}
	}
}

// inFilter reports whether an entity lies in a node filter, a condition or
// a workflow: there SELF stands for the node filtered or targeted, which
// the model's paths do not follow.
func (c *checker) inFilter(id facts.ID) bool {
	for ; id != facts.None; id = c.f.Entity(id).Parent {
		switch c.f.Entity(id).G() {
		case grammar.NodeFilterDef, grammar.ConditionClauseDef, grammar.TriggerDef, grammar.TriggerConditionDef,
			grammar.PreconditionDef, grammar.StepDef, grammar.WorkflowDef, grammar.PolicyDef, grammar.PolicyTypeDef:
			return true
		}
	}
	return false
}

// workflow checks the steps of an imperative workflow: the steps named in
// on_success and on_failure exist, and a step's target relationship is a
// requirement of its target.
func (c *checker) workflow(id facts.ID) {
	steps := c.f.Entries(id, grammar.KeySteps)
	var names []string
	for _, s := range steps {
		names = append(names, c.f.Entity(s).Name)
	}
	for _, s := range steps {
		c.conditions(s, c.stepTarget(s))
		for _, key := range []string{grammar.KeyOnSuccess, grammar.KeyOnFailure} {
			for _, item := range c.f.Items(c.f.FieldValue(s, key)) {
				name := c.f.Text(item)
				if !contains(names, name) {
					d := c.report(c.f.Value(item).Span, diag.Error, diag.UnknownName, "workflow %q has no step named %q", c.f.Entity(id).Name, name)
					suggest(d, name, names)
				}
			}
		}
		c.targetRelationship(s)
	}
	for child := range c.f.Children(id) {
		if c.f.Entity(child).G() == grammar.PreconditionDef {
			c.targetRelationship(child)
			c.conditions(child, c.stepTarget(child))
		}
	}
}

// trigger checks the condition of a policy trigger against what its
// target filter watches.
func (c *checker) trigger(id facts.ID) {
	filter := c.f.Sub(id, grammar.KeyTargetFilter)
	if filter == facts.None {
		return
	}
	name := c.f.FieldText(filter, grammar.KeyNode)
	t := c.v.Lookup(c.path, grammar.NodeType, name)
	if tmpl := c.v.Local(c.path, grammar.NodeTemplate, name); tmpl.Valid() {
		t = c.v.TypeOf(tmpl)
	}
	if capability := c.f.FieldText(filter, grammar.KeyCapability); capability != "" {
		m, ok := c.v.Member(t, grammar.SectionCapabilities, capability)
		if !ok {
			return
		}
		t = c.v.MemberType(m)
	}
	c.conditions(id, t)
}

// conditions checks the attribute assertions of the condition clauses under
// entity id (preconditions, step filters, trigger conditions) against type
// t: the attributes exist (properties count), and their clauses fit their
// types.
func (c *checker) conditions(id facts.ID, t model.Decl) {
	if !c.isComplete(t) {
		return
	}
	for a := id + 1; a < c.f.Entity(id).End; a++ {
		e := c.f.Entity(a)
		parent := c.f.Entity(e.Parent)
		if e.G() != grammar.ConstraintClause || e.Name == "" || parent.G() != grammar.ConditionClauseDef && parent.G() != grammar.AssertionDef {
			continue
		}
		m, ok := c.v.Member(t, grammar.SectionAttributes, e.Name)
		if !ok {
			m, ok = c.v.Member(t, grammar.SectionProperties, e.Name)
		}
		if !ok {
			c.noPathMember(e.NameSpan, diag.Error, t, grammar.SectionAttributes, e.Name)
			continue
		}
		if k := c.kind(c.v.MemberType(m)); k != nil {
			c.clauseOperands(a, k)
		}
	}
}

// stepTarget is the node type of the node template a step (or
// precondition) targets, if it targets one.
func (c *checker) stepTarget(id facts.ID) model.Decl {
	tmpl := c.v.Local(c.path, grammar.NodeTemplate, c.f.FieldText(id, grammar.KeyTarget))
	if !tmpl.Valid() {
		return model.Decl{}
	}
	return c.v.TypeOf(tmpl)
}

// targetRelationship checks a step's (or precondition's)
// target_relationship: a requirement of the target node.
func (c *checker) targetRelationship(id facts.ID) {
	fl, ok := c.f.Field(id, grammar.KeyTargetRelationship)
	t := c.stepTarget(id)
	if !ok || !c.isComplete(t) {
		return
	}
	name := c.f.Text(fl.Value)
	if _, ok := c.v.Member(t, grammar.SectionRequirements, name); !ok {
		d := c.report(c.f.Value(fl.Value).Span, diag.Error, diag.UnknownMember, "node type %q has no requirement named %q", c.typeName(t), name)
		suggest(d, name, c.memberNames(t, grammar.SectionRequirements))
		c.related(d, t, diag.Name(c.typeName(t))+" is defined here")
	}
}

// activity checks a workflow step's call_operation: the operation, written
// `interface.operation`, is one of the target node's.
func (c *checker) activity(id facts.ID) {
	sub := c.f.Sub(id, grammar.KeyCallOperation)
	step := c.f.Entity(id).Parent
	if sub == facts.None || c.f.Entity(step).G() != grammar.StepDef {
		return
	}
	fl, ok := c.f.Field(sub, grammar.KeyOperation)
	t := c.stepTarget(step)
	if !ok || !c.isComplete(t) {
		return
	}
	text := c.f.Text(fl.Value)
	at := c.f.Value(fl.Value).Span
	// Interface names may hold dots (1.x keys interfaces by type name):
	// try every split.
	for i := strings.LastIndex(text, "."); i > 0; i = strings.LastIndex(text[:i], ".") {
		m, ok := c.v.Member(t, grammar.SectionInterfaces, text[:i])
		if !ok {
			continue
		}
		it := c.v.MemberType(m)
		if _, ok := c.v.Member(it, grammar.SectionOperations, text[i+1:]); ok {
			c.callInputs(sub, step, m, it, text[i+1:])
			return
		}
		if !c.isComplete(it) {
			return
		}
		d := c.report(at, diag.Error, diag.UnknownMember, "interface %q of %q has no operation named %q", text[:i], c.typeName(t), text[i+1:])
		suggest(d, text[i+1:], c.memberNames(it, grammar.SectionOperations))
		return
	}
	d := c.report(at, diag.Error, diag.UnknownMember, "%q is no operation of an interface of %q: write `interface.operation`", text, c.typeName(t))
	var ops []string
	for _, m := range c.v.Members(t, grammar.SectionInterfaces) {
		for _, op := range c.memberNames(c.v.MemberType(m), grammar.SectionOperations) {
			ops = append(ops, m.Name+"."+op)
		}
	}
	suggest(d, text, ops)
}

// callInputs checks the inputs a call_operation activity (sub, in step)
// gives operation op of interface m (of interface type it) of the step's
// target: each of the type its definitions give, and every input the
// operation requires given by them (a value or a default), by the target
// template's interface assignment or by the call (1.3 §3.6, 2.0 §13.2.3).
// What only the normative types require is a warning, as for properties.
func (c *checker) callInputs(sub, step facts.ID, m model.Member, it model.Decl, op string) {
	// The definitions of the operation and of the interface, most derived
	// first: the node type's interface definitions, then the interface
	// type's.
	var opDefs, ifaceDefs []model.Decl
	for _, d := range c.v.Definitions(m) {
		ifaceDefs = append(ifaceDefs, d)
		if id := c.v.Facts(d.Path).Entry(d.ID, grammar.SectionOperations, op); id != facts.None {
			opDefs = append(opDefs, model.Decl{Path: d.Path, ID: id})
		}
	}
	if om, ok := c.v.Member(it, grammar.SectionOperations, op); ok {
		opDefs = append(opDefs, c.v.Definitions(om)...)
	}
	chain, _ := c.v.Chain(it)
	ifaceDefs = append(ifaceDefs, chain.Decls()...)
	schemaOf := func(name string) (schema, bool) {
		s, ok := c.entrySchema(opDefs, grammar.SectionInputs, name)
		if is, iok := c.entrySchema(ifaceDefs, grammar.SectionInputs, name); iok {
			s.defs = append(s.defs, is.defs...)
			if !s.typ.Valid() {
				s.typ = is.typ
			}
			ok = true
		}
		return s, ok
	}
	call := &subject{role: "the call of", name: m.Name + "." + op}
	given := c.f.FieldValue(sub, grammar.SectionInputs)
	c.assignments(sub, grammar.SectionInputs, schemaOf, call)
	if !c.isComplete(it) {
		return
	}
	// What the target template's interface assignment gives.
	tmpl := c.v.Local(c.path, grammar.NodeTemplate, c.f.FieldText(step, grammar.KeyTarget))
	tf := c.v.Facts(tmpl.Path)
	var assigned []facts.ValueID
	if ia := tf.Entry(tmpl.ID, grammar.SectionInterfaces, m.Name); ia != facts.None {
		assigned = append(assigned, tf.FieldValue(ia, grammar.SectionInputs))
		if oa := tf.Entry(ia, grammar.SectionOperations, op); oa != facts.None {
			assigned = append(assigned, tf.FieldValue(oa, grammar.SectionInputs))
		}
	}
	seen := map[string]bool{}
	for _, defs := range [][]model.Decl{opDefs, ifaceDefs} {
		for _, d := range defs {
			f := c.v.Facts(d.Path)
			for _, in := range f.Entries(d.ID, grammar.SectionInputs) {
				name := f.Entity(in).Name
				if seen[name] {
					continue
				}
				seen[name] = true
				if c.f.Get(given, name) != facts.NoValue || slices.ContainsFunc(assigned, func(v facts.ValueID) bool { return tf.Get(v, name) != facts.NoValue }) {
					continue
				}
				s, _ := schemaOf(name)
				if !c.v.MustGive(s.defs) {
					continue
				}
				sev := diag.Error
				if c.embedded(s.defs[0].Path) {
					sev = diag.Warning
				}
				at := c.f.Value(c.f.FieldValue(sub, grammar.KeyOperation)).Span
				dg := c.report(at, sev, diag.MissingRequiredValue, "operation %s.%s needs input %q, which has no value or default, and neither node template %q nor this call gives it", m.Name, op, name, c.v.Name(tmpl))
				c.related(dg, s.defs[0], name+" is defined here")
			}
		}
	}
}

// substitution checks substitution mappings: each maps a member of the
// node type onto something of the topology that exists and fits.
func (c *checker) substitution(id facts.ID) {
	nt := c.typeOf(id)
	if !c.isComplete(nt) {
		return
	}
	for child := range c.f.Children(id) {
		e := c.f.Entity(child)
		section := keyName(e)
		if e.Name == "" {
			continue
		}
		m, ok := c.v.Member(nt, section, e.Name)
		if !ok {
			d := c.report(e.NameSpan, diag.Error, diag.UnknownMember, "node type %q has no %s named %q to map", c.typeName(nt), grammar.Singular(section), e.Name)
			suggest(d, e.Name, c.memberNames(nt, section))
			c.related(d, nt, diag.Name(c.typeName(nt))+" is defined here")
			continue
		}
		mapping := c.mappingValue(child)
		switch section {
		case grammar.SectionProperties:
			c.mappedValue(mapping, grammar.Input, grammar.SectionProperties)
		case grammar.SectionAttributes:
			c.mappedValue(mapping, grammar.Output, grammar.SectionAttributes)
		case grammar.SectionCapabilities, grammar.SectionRequirements:
			c.mappedMember(mapping, m, section)
		}
	}
	c.interfaceMappings(id, nt)
}

// mappingValue is the list a mapping entity maps onto: its `mapping` (or
// `value`), or its short notation.
func (c *checker) mappingValue(id facts.ID) facts.ValueID {
	for _, fl := range c.f.FieldsOf(id) {
		if fl.Key() == nil || fl.Key().Name == grammar.KeyMapping || fl.Key().Name == grammar.KeyValue && c.f.Entity(id).Short() {
			return fl.Value
		}
	}
	return facts.NoValue
}

// mappedValue checks a property (attribute) mapping: `[ input ]` (`[
// output ]`), or in 1.x `[ node_template, property ]`.
func (c *checker) mappedValue(v facts.ValueID, kind grammar.RefKind, section string) {
	items := c.f.Items(v)
	switch {
	case len(items) == 1:
		name := c.f.Text(items[0])
		if c.v.Local(c.path, kind, name).Valid() {
			return
		}
		d := c.report(c.f.Value(items[0]).Span, diag.Error, diag.UnknownName, "no %s named %q", kind, name)
		suggest(d, name, c.v.LocalNames(c.path, kind))
	case len(items) == 2:
		if t, ok := c.mappedTemplate(items[0]); ok {
			c.templateMember(items[1], t, section)
		}
	}
}

// mappedTemplate resolves the node template a mapping names.
func (c *checker) mappedTemplate(item facts.ValueID) (model.Decl, bool) {
	name := c.f.Text(item)
	tmpl := c.v.Local(c.path, grammar.NodeTemplate, name)
	if tmpl.Valid() {
		return c.v.TypeOf(tmpl), true
	}
	d := c.report(c.f.Value(item).Span, diag.Error, diag.UnknownName, "no node template named %q", name)
	suggest(d, name, c.v.LocalNames(c.path, grammar.NodeTemplate))
	return model.Decl{}, false
}

// templateMember checks that the member a mapping names exists in type t.
func (c *checker) templateMember(item facts.ValueID, t model.Decl, section string) (model.Member, bool) {
	name := c.f.Text(item)
	m, ok := c.v.Member(t, section, name)
	if !ok && c.isComplete(t) {
		c.noPathMember(c.f.Value(item).Span, diag.Error, t, section, name)
	}
	return m, ok
}

// mappedMember checks a capability or requirement mapping: `[
// node_template, name ]` (a list of them for requirements in 2.0), the
// inner capability of a type that derives from the substituted one's.
func (c *checker) mappedMember(v facts.ValueID, outer model.Member, section string) {
	items := c.f.Items(v)
	if len(items) > 0 && len(c.f.Items(items[0])) > 0 {
		for _, pair := range items {
			c.mappedMember(pair, outer, section)
		}
		return
	}
	if len(items) != 2 {
		return
	}
	t, ok := c.mappedTemplate(items[0])
	if !ok {
		return
	}
	inner, ok := c.templateMember(items[1], t, section)
	if !ok || section != grammar.SectionCapabilities {
		return
	}
	want, got := c.v.MemberType(outer), c.v.MemberType(inner)
	if c.isComplete(want) && c.isComplete(got) && !c.v.DerivesFrom(got, want) {
		d := c.report(c.f.Value(items[1]).Span, diag.Error, diag.IncompatibleTarget, "capability %q is a %q, but %q of the substituted type is a %q",
			inner.Name, c.typeName(got), outer.Name, c.typeName(want))
		c.related(d, outer.Def, diag.Name(outer.Name)+" is defined here")
	}
}

// interfaceMappings checks `interfaces` mappings: each maps operations of
// an interface of the node type onto workflows.
func (c *checker) interfaceMappings(id facts.ID, nt model.Decl) {
	for k, ops := range c.f.Pairs(c.f.FieldValue(id, grammar.SectionInterfaces)) {
		m, ok := c.templateMember(k, nt, grammar.SectionInterfaces)
		if !ok {
			continue
		}
		if val := c.f.Value(ops); val != nil && val.Kind() == syntax.Sequence {
			if sev, note, report := c.f.Judge(grammar.InterfaceOntoNode, true); report {
				c.report(val.Span, sev, diag.WrongValueShape, "interface %q is mapped onto a node template's interface, as puccini does (and the 2020 draft's table allows): the text maps each operation to a workflow, `%s: { operation: workflow }` (1.3 §3.8.12, 2.0 §15.6)%s", m.Name, m.Name, note)
			}
			continue
		}
		it := c.v.MemberType(m)
		if !c.isComplete(it) {
			continue
		}
		for op := range c.f.Pairs(ops) {
			c.templateMember(op, it, grammar.SectionOperations)
		}
	}
}

// repositories reports artifacts that name a repository the file does not
// declare (imports' repositories are the index's).
func (c *checker) repositories() {
	for i := range c.f.Refs {
		r := &c.f.Refs[i]
		if r.Kind != grammar.Repository || c.f.Entity(r.Entity).G() == grammar.ImportDef {
			continue
		}
		if c.v.Local(c.path, grammar.Repository, c.f.RefName(r)).Valid() || c.v.Muted(c.path, c.f.RefName(r)) {
			continue
		}
		note := ""
		if p := grammar.RepositoryProcessor(c.f.RefName(r)); p != nil {
			refusal, refused := c.f.Refuses(p)
			if !refused {
				continue // the processor provides it
			}
			note = diag.Sprintf(": only %s provides it", p.Title) + refusal
		}
		d := c.report(r.Span, diag.Error, diag.UnknownName, "no repository named %q%s", c.f.RefName(r), note)
		suggest(d, c.f.RefName(r), c.v.LocalNames(c.path, grammar.Repository))
	}
}
