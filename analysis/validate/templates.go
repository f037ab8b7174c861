package validate

import (
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Templates and what they assign: property and attribute values against
// their definitions, required properties, fixed values, copies, group
// members and policy targets.

// abstractDirectives make a node template stand for a node found or
// substituted elsewhere: its properties need not all be given.
var abstractDirectives = slices.Concat(grammar.SelectDirectives, grammar.SubstituteDirectives)

// template checks a node or relationship template, a group or a policy.
func (c *checker) template(id facts.ID) {
	e := c.f.Entity(id)
	what := &subject{role: e.G().Name, name: e.Name}
	t := c.typeOf(id)
	if t.Valid() {
		c.assignments(id, grammar.SectionProperties, c.memberOf(t, grammar.SectionProperties), what)
		c.assignments(id, grammar.SectionAttributes, c.memberOf(t, grammar.SectionAttributes), what)
		c.fixedAssigned(id, t, what)
		c.requiredProperties(id, t, what)
	}
	c.copyOf(id)
	switch e.G() {
	case grammar.NodeTemplateDef:
		c.requirementCounts(id, t)
		c.nodeFilterSelects(id)
	case grammar.GroupDef:
		c.groupMembers(id, t)
	case grammar.PolicyDef:
		c.policyTargets(id, t)
	}
}

// nodeFilterSelects warns about the node_filter of a 2.0 node template
// without the select directive: only selecting a node reads it, and the
// text says it should then not be there (CSD07 §7.2.1).
func (c *checker) nodeFilterSelects(id facts.ID) {
	filter := c.f.Sub(id, grammar.KeyNodeFilter)
	if filter == facts.None || !c.strict {
		return
	}
	for _, d := range c.f.Items(c.f.FieldValue(id, grammar.KeyDirectives)) {
		if slices.Contains(grammar.SelectDirectives, c.f.Text(d)) {
			return
		}
	}
	c.report(c.keyBefore(c.f.Entity(filter).Span, grammar.KeyNodeFilter), diag.Warning, diag.UnknownKeyname,
		"node_filter is read only when the node template has the select directive (§7.2.1): add `directives: [ select ]`, or leave it out")
}

// keyBefore is where keyname key is written before the value at s (the
// value's start when it cannot be found there).
func (c *checker) keyBefore(s facts.Span, key string) facts.Span {
	before := c.f.Src[:s.Start]
	i := strings.LastIndex(before, key)
	if i < 0 || strings.TrimLeft(before[i+len(key):], ": \t\r\n") != "" {
		return facts.Span{Start: s.Start, End: s.Start}
	}
	return facts.Span{Start: uint32(i), End: uint32(i + len(key))}
}

// requiredProperties reports the required properties of t a template
// gives no value (and no default exists for), and, for a node template,
// those of the types of its capabilities (as its node type's capability
// definitions refine them) that its capability assignments do not give:
// the same rule (1.3 §3.8.1, 2.0 §8.3). Templates made with copy, and node
// templates the orchestrator selects or substitutes, are exempt.
func (c *checker) requiredProperties(id facts.ID, t model.Decl, what *subject) {
	if !c.isComplete(t) || c.f.FieldValue(id, grammar.KeyCopy) != facts.NoValue {
		return
	}
	for _, d := range c.f.Items(c.f.FieldValue(id, grammar.KeyDirectives)) {
		if slices.Contains(abstractDirectives, c.f.Text(d)) {
			return
		}
	}
	e := c.f.Entity(id)
	if c.unreadable(e.Span) {
		return
	}
	c.requiredOf(e.NameSpan, id, t, nil, what)
	if e.G() != grammar.NodeTemplateDef {
		return
	}
	for _, cm := range c.v.Members(t, grammar.SectionCapabilities) {
		ct := c.v.MemberType(cm)
		if len(c.v.Needed(ct).Properties) == 0 || !c.isComplete(ct) {
			continue // most capability types require nothing
		}
		at, assign := e.NameSpan, c.f.Entry(id, grammar.SectionCapabilities, cm.Name)
		if assign != facts.None {
			at = c.f.Entity(assign).NameSpan
		}
		c.requiredOf(at, assign, ct, c.v.Definitions(cm), &subject{role: "capability", name: cm.Name, of: what})
	}
}

// requiredOf reports the required properties of type t that entity assign
// of the file (None for none) does not give, refinements (the definitions
// of a capability that refine its type's properties) considered. What only
// the normative types require is a warning: their own examples leave some
// of it out (BlockStorage's name since 1.2).
func (c *checker) requiredOf(at facts.Span, assign facts.ID, t model.Decl, refinements []model.Decl, what *subject) {
	needed := c.v.Needed(t).Properties
	if len(needed) == 0 {
		return
	}
	var given []facts.Assignment
	if assign != facts.None {
		given = c.f.Assignments(assign, grammar.SectionProperties)
	}
	var own, normative []model.Member
	// The type's own needs are worked out once per type: a refinement only
	// adds definitions, which must give nothing either (MustGive of
	// definitions is that of each part).
	for _, m := range needed {
		// A property of an unknown type is reported as such, not as missing.
		if assigns(given, m.Name) || !c.v.MemberType(m).Valid() {
			continue
		}
		refined, _ := c.entrySchema(refinements, grammar.SectionProperties, m.Name)
		if !c.v.MustGive(refined.defs) {
			continue
		}
		if c.embedded(m.Origin.Path) && len(refined.defs) == 0 {
			normative = append(normative, m)
		} else {
			own = append(own, m)
		}
	}
	c.missing(at, diag.Error, own, what, t)
	c.missing(at, diag.Warning, normative, what, t)
}

// assigns reports whether assignments give a value to name.
func assigns(given []facts.Assignment, name string) bool {
	for _, a := range given {
		if a.Name == name {
			return true
		}
	}
	return false
}

// missing reports the required properties of type t a template leaves out.
func (c *checker) missing(at facts.Span, sev diag.Severity, missing []model.Member, what *subject, t model.Decl) {
	if len(missing) == 0 {
		return
	}
	names := make([]string, len(missing))
	for i, m := range missing {
		names[i] = m.Name
	}
	msg := diag.Sprintf("%s does not give the required property %s of %s %q, which has no default", what, quoteList(names), c.v.Kind(t), c.typeName(t))
	if len(missing) > 1 {
		msg = diag.Sprintf("%s does not give the required properties %s of %s %q, which have no default", what, quoteList(names), c.v.Kind(t), c.typeName(t))
	}
	d := c.report(at, sev, diag.MissingRequiredValue, "%s", msg)
	for _, m := range missing {
		c.related(d, m.Def, diag.Name(m.Name)+" is defined here")
	}
}

// unreadable reports whether the binder could not read all of a span: a
// misspelt keyname (`proprties`), a duplicate key or broken YAML in it, so
// that what seems missing may only be misspelt.
func (c *checker) unreadable(s facts.Span) bool {
	for _, d := range c.f.Diags {
		switch d.Code {
		case diag.UnknownKeyname, diag.DuplicateKey, diag.YAMLSyntax:
			if d.Span.Start >= s.Start && d.Span.Start <= s.End {
				return true
			}
		}
	}
	return false
}

// fixedAssigned reports values given to properties whose value their
// definitions fix (2.0 `value`): a fixed value cannot be assigned (§9.3).
func (c *checker) fixedAssigned(id facts.ID, t model.Decl, what *subject) {
	for _, a := range c.f.Assignments(id, grammar.SectionProperties) {
		m, ok := c.v.Member(t, grammar.SectionProperties, a.Name)
		if !ok {
			continue
		}
		if at, fixed := c.fixedValue(m); fixed {
			d := c.report(a.NameSpan, diag.Error, diag.InvalidRefinement, "property %q has a fixed value in %s %q: %s cannot assign it", m.Name, c.v.Kind(m.Definer), c.typeName(m.Definer), what)
			c.related(d, at, "the value is fixed here")
		}
	}
}

// copyOf checks `copy`: the template copied must not itself be a copy
// (1.3 §3.8.3, 2.0 §7.2, §7.4). puccini resolves copies of copies, and its
// examples write them: a warning.
func (c *checker) copyOf(id facts.ID) {
	fl, ok := c.f.Field(id, grammar.KeyCopy)
	if !ok {
		return
	}
	kind := c.f.Entity(id).G().Declares
	src := c.v.Local(c.path, kind, c.f.Text(fl.Value))
	if !src.Valid() || src.ID == id {
		return // an unknown name is the model's
	}
	if _, isCopy := c.f.Field(src.ID, grammar.KeyCopy); isCopy {
		sev, note, report := c.f.Judge(grammar.CopyOfCopy, true)
		if !report {
			return
		}
		d := c.report(c.f.Value(fl.Value).Span, sev, diag.IncompatibleTarget, "%s %q is itself made with copy: the specification copies only a template that is not a copy (puccini copies the copy)%s", kind, c.v.Name(src), note)
		c.related(d, src, diag.Name(c.v.Name(src))+" is defined here")
	}
}

// capabilityAssignment checks the values a node template gives one of its
// capabilities, against the capability's definitions and type.
func (c *checker) capabilityAssignment(id facts.ID) {
	e := c.f.Entity(id)
	nt := c.typeOf(e.Parent)
	m, ok := c.v.Member(nt, grammar.SectionCapabilities, e.Name)
	if !ok {
		return
	}
	holder := c.f.Entity(e.Parent)
	what := &subject{role: "capability", name: e.Name, of: &subject{role: holder.G().Name, name: holder.Name}}
	for _, section := range []string{grammar.SectionProperties, grammar.SectionAttributes} {
		c.assignments(id, section, c.refinedMember(m, section), what)
	}
}

// refinedMember returns a schemaOf for the members of section of the type
// of member m (a capability, an interface), taking the refinements its
// definitions write first (a capability definition refining a property of
// its capability type).
func (c *checker) refinedMember(m model.Member, section string) func(string) (schema, bool) {
	defs := c.v.Definitions(m)
	typ := c.v.MemberType(m)
	return func(name string) (schema, bool) {
		s, _ := c.entrySchema(defs, section, name)
		if tm, ok := c.v.Member(typ, section, name); ok {
			ts := c.memberSchema(tm)
			s.defs = append(s.defs, ts.defs...)
			if !s.typ.Valid() {
				s.typ = ts.typ
			}
		}
		return s, len(s.defs) > 0
	}
}

// relationshipAssignment checks the values the relationship of a
// requirement assignment is given, against its relationship type.
func (c *checker) relationshipAssignment(id facts.ID) {
	req := c.f.Entity(id).Parent
	rel := c.requirementRelationship(req)
	if !rel.Valid() {
		return
	}
	what := &subject{role: "the relationship", of: &subject{role: "requirement", name: c.f.Entity(req).Name}}
	for _, section := range []string{grammar.SectionProperties, grammar.SectionAttributes} {
		c.assignments(id, section, c.memberOf(rel, section), what)
	}
}

// requirementMember is the requirement definition a requirement assignment
// of a node template assigns.
func (c *checker) requirementMember(req facts.ID) (model.Member, bool) {
	e := c.f.Entity(req)
	nt := c.typeOf(e.Parent)
	return c.v.Member(nt, grammar.SectionRequirements, e.Name)
}

// requirementRelationship is the relationship type of a requirement
// assignment (its own, else its definition's).
func (c *checker) requirementRelationship(req facts.ID) model.Decl {
	m, _ := c.requirementMember(req)
	return c.v.RequirementRelationship(c.path, req, m)
}

// artifact checks the property values of an artifact against its type.
func (c *checker) artifact(id facts.ID) {
	t := c.typeOf(id)
	if !t.Valid() {
		return
	}
	e := c.f.Entity(id)
	c.assignments(id, grammar.SectionProperties, c.memberOf(t, grammar.SectionProperties), &subject{role: "artifact", name: e.Name})
}

// definition checks the default and fixed values of a property, attribute,
// parameter, input or output definition against its type, and its
// validation expression against the type it validates.
func (c *checker) definition(id facts.ID) {
	e := c.f.Entity(id)
	if c.definesValues(id) {
		c.definitionValues(id, e)
	}
	c.abstractType(id)
	if e.G() == grammar.PropertyDef && e.Short() && e.Name != "" {
		c.shortProperty(id)
	}
}

// definesValues reports whether a definition writes a value or a
// validation: most have neither, and need not have their schema worked out.
func (c *checker) definesValues(id facts.ID) bool {
	for _, key := range []string{grammar.KeyDefault, grammar.KeyValue, grammar.KeyValidation} {
		if _, ok := c.f.Field(id, key); ok {
			return true
		}
	}
	return false
}

// definitionValues checks a definition's default and fixed values and its
// validation expression against its schema.
func (c *checker) definitionValues(id facts.ID, e *facts.Entity) {
	var s schema // worked out when a value needs it
	for _, key := range []string{grammar.KeyDefault, grammar.KeyValue} {
		if fl, ok := c.f.Field(id, key); ok {
			what := &subject{role: grammar.Singular(keyName(e)), name: e.Name}
			if e.Name == "" {
				what = &subject{role: e.G().Name}
			}
			if s.defs == nil {
				s = c.defSchema(c.decl(id))
			}
			c.value(fl.Value, s, &subject{role: "the " + key, of: what}, c.f.KeySpan(fl))
		}
	}
	if v := c.f.FieldValue(id, grammar.KeyValidation); v != facts.NoValue {
		t := s.typ
		if s.defs == nil {
			t = c.defType(id)
		}
		c.validationTypes(v, c.kind(t))
	}
}

// shortProperty judges a property definition written as a value alone:
// final 2.0 allows it only to refine a property defined before (§9.3); 1.x
// has no such notation, yet its texts' own normative types refine so
// (Endpoint.Admin's `secure: true`): a warning. A section that only
// refines (a capability definition's properties) or a type whose chain is
// not fully known is given the benefit of the doubt.
func (c *checker) shortProperty(id facts.ID) {
	e := c.f.Entity(id)
	if c.brokenLine(e.Span) {
		return
	}
	inherited := e.Key() != nil && e.Key().Refines
	if !inherited {
		holder := c.decl(e.Parent)
		if !c.f.Entity(e.Parent).Declares().IsType() || !c.isComplete(holder) {
			return
		}
		_, inherited = c.v.Member(c.v.Parent(holder), grammar.SectionProperties, e.Name)
	}
	v1 := c.vers.Has(grammar.V1x)
	switch {
	case inherited && v1:
		c.report(e.Span, diag.Warning, diag.WrongValueShape, "a 1.x property definition is a map: the value alone is read as the value of the inherited property %q, as the texts' own Endpoint.Admin writes `secure: true`", e.Name)
	case !inherited && v1:
		c.report(e.Span, diag.Error, diag.WrongValueShape, "expected a map of property definition keynames: %q is no property the type inherits, which a value alone could refine", e.Name)
	case !inherited:
		c.report(e.Span, diag.Error, diag.WrongValueShape, "%q is a new property: the short notation, a value alone, only refines a property defined before (§9.3); give it a type", e.Name)
	}
}

// abstractType reports a definition typed by an abstract base, `scalar`
// itself, which types no value (§9.1.2.2): a scalar type derived from it
// does.
func (c *checker) abstractType(id facts.ID) {
	fl, ok := c.f.Field(id, grammar.KeyType)
	if !ok || !mayNameAbstract(c.f.Text(fl.Value)) {
		return // the common case, answered without resolving the name
	}
	t := c.typeOf(id)
	if b := c.builtin(t); b == nil || !b.Abstract {
		return
	}
	if k := c.kind(t); k != nil && k.abstract {
		e := c.f.Entity(id)
		c.report(c.f.Value(fl.Value).Span, diag.Error, diag.WrongTypeKind, "%s is abstract: a %s is typed by a scalar type derived from it, which gives the units (§9.1.2.2)", k.name, strings.TrimSuffix(e.G().Name, " definition"))
	}
}

// mayNameAbstract reports whether a type name may name an abstract base. A
// name finds a type by the type's name, or in the 1.x profiles by a short
// name that ends it, behind namespace prefixes (model.View.Lookup); and
// the abstract types of the built-in profiles are the abstract built-in
// types themselves, not types derived from them
// (TestAbstractBuiltinsNamedSo). So the name's last part ends the name of
// an abstract built-in type.
func mayNameAbstract(name string) bool {
	local := name[strings.LastIndexByte(name, ':')+1:]
	for _, a := range abstractNames {
		if strings.HasSuffix(a, local) {
			return true
		}
	}
	return false
}

// abstractNames are the names of the abstract built-in types.
var abstractNames = func() (names []string) {
	for _, b := range grammar.BuiltinTypes {
		if b.Abstract {
			names = append(names, b.Name)
		}
	}
	return names
}()

// keyName is the keyname an entity is the value (or an entry) of.
func keyName(e *facts.Entity) string {
	if e.Key() == nil {
		return ""
	}
	return e.Key().Name
}

// groupMembers checks that the members of a group are node templates of
// the types its group type allows (`members`).
func (c *checker) groupMembers(id facts.ID, t model.Decl) {
	allowed, at := c.allowedTypes(t, grammar.KeyMembers, grammar.NodeType)
	if len(allowed) == 0 {
		return
	}
	for _, item := range c.f.Items(c.f.FieldValue(id, grammar.KeyMembers)) {
		tmpl := c.v.Local(c.path, grammar.NodeTemplate, c.f.Text(item))
		if !tmpl.Valid() {
			continue // a group, or an unknown name the model reports
		}
		c.fits(item, tmpl, c.v.TypeOf(tmpl), allowed, at, "members of group type "+c.typeName(t))
	}
}

// policyTargets checks that the targets of a policy are node templates or
// groups of the types its policy type allows (`targets`).
func (c *checker) policyTargets(id facts.ID, t model.Decl) {
	nodeTypes, at := c.allowedTypes(t, grammar.KeyTargets, grammar.NodeType)
	groupTypes, _ := c.allowedTypes(t, grammar.KeyTargets, grammar.GroupType)
	if len(nodeTypes)+len(groupTypes) == 0 {
		return
	}
	allowed := append(nodeTypes, groupTypes...)
	for _, item := range c.f.Items(c.f.FieldValue(id, grammar.KeyTargets)) {
		name := c.f.Text(item)
		if tmpl := c.v.Local(c.path, grammar.NodeTemplate, name); tmpl.Valid() {
			c.fits(item, tmpl, c.v.TypeOf(tmpl), allowed, at, "targets of policy type "+c.typeName(t))
		} else if g := c.v.Local(c.path, grammar.Group, name); g.Valid() {
			c.fits(item, g, c.v.TypeOf(g), allowed, at, "targets of policy type "+c.typeName(t))
		}
	}
}

// allowedTypes reads a list of type names (valid_target_types, members,
// targets …) from the most derived type of t's chain that gives it, as
// types of kind; at is where the list is written. None when no type of the
// chain restricts, or a name does not resolve (then nothing is judged).
func (c *checker) allowedTypes(t model.Decl, key string, kind grammar.RefKind) ([]model.Decl, model.Decl) {
	k := allowedKey{t, key, kind}
	if l, ok := c.allowed[k]; ok {
		return l.types, l.at
	}
	types, at := c.readAllowed(t, key, kind)
	remember(&c.allowed, k, allowedList{types, at})
	return types, at
}

type allowedKey struct {
	t    model.Decl
	key  string
	kind grammar.RefKind
}

type allowedList struct {
	types []model.Decl
	at    model.Decl
}

func (c *checker) readAllowed(t model.Decl, key string, kind grammar.RefKind) (allowed []model.Decl, at model.Decl) {
	chain, _ := c.v.Chain(t)
	for d := range chain.All() {
		f := c.v.Facts(d.Path)
		list := f.FieldValue(d.ID, key)
		if list == facts.NoValue {
			continue
		}
		for _, item := range f.Items(list) {
			name := f.Text(item)
			if a := c.v.Lookup(d.Path, kind, name); a.Valid() {
				allowed = append(allowed, a)
			} else if other := c.v.LookupOtherKind(d.Path, kind, name); !other.Valid() {
				return nil, model.Decl{} // an unresolved name: the list is not known
			}
		}
		return allowed, d
	}
	return nil, model.Decl{}
}

// fits reports a name (at value item) whose type is none of allowed.
func (c *checker) fits(item facts.ValueID, named, typ model.Decl, allowed []model.Decl, at model.Decl, what string) {
	if !c.isComplete(typ) {
		return
	}
	for _, a := range allowed {
		if c.v.DerivesFrom(typ, a) {
			return
		}
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = c.typeName(a)
	}
	d := c.report(c.f.Value(item).Span, diag.Error, diag.IncompatibleTarget, "%s %q is of type %q, which is none of the %s (%s)",
		c.v.Kind(named), c.v.Name(named), c.typeName(typ), what, quoteList(names))
	c.related(d, at, "the allowed types are listed here")
}
