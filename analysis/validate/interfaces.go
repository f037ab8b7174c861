package validate

import (
	"path/filepath"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Interfaces, operations, implementations and operation outputs (seed 002).

// interfaceAssignment checks an interface a template assigns: its inputs,
// and that its operations and notifications are those of its interface
// type, with inputs of their types.
func (c *checker) interfaceAssignment(id facts.ID) {
	e := c.f.Entity(id)
	holder := c.f.Entity(e.Parent)
	var typ model.Decl
	if holder.G() == grammar.RequirementRelationshipAssign {
		typ = c.requirementRelationship(holder.Parent)
	} else {
		typ = c.typeOf(e.Parent)
	}
	m, ok := c.v.Member(typ, grammar.SectionInterfaces, e.Name)
	if !ok {
		return
	}
	it := c.v.MemberType(m)
	what := &subject{role: "interface", name: e.Name}
	c.assignments(id, grammar.SectionInputs, c.refinedMember(m, grammar.SectionInputs), what)
	for _, section := range []string{grammar.SectionOperations, grammar.SectionNotifications} {
		for _, op := range c.f.Entries(id, section) {
			oe := c.f.Entity(op)
			if oe.Key() == nil && e.G().ExtraFor(c.vers) == nil {
				continue // written where this version does not allow it: the binder says so
			}
			om, ok := c.v.Member(it, section, oe.Name)
			if !ok {
				if c.isComplete(it) && !c.v.Muted(c.path, oe.Name) {
					d := c.report(oe.NameSpan, diag.Error, diag.UnknownMember, "interface type %q has no %s named %q", c.typeName(it), grammar.Singular(section), oe.Name)
					suggest(d, oe.Name, c.memberNames(it, section))
					c.related(d, it, diag.Name(c.typeName(it))+" is defined here")
				}
				continue
			}
			defs := c.operationDefinitions(m, om, section)
			c.assignments(op, grammar.SectionInputs, func(name string) (schema, bool) {
				return c.entrySchema(defs, grammar.SectionInputs, name)
			}, &subject{role: grammar.Singular(section), name: oe.Name, of: what})
		}
	}
}

// operationDefinitions lists the definitions of an operation (or
// notification) om of interface member m, most derived first: those the
// interface definitions of the holder's type chain write, then those of
// the interface type's chain.
func (c *checker) operationDefinitions(m, om model.Member, section string) []model.Decl {
	var out []model.Decl
	for _, d := range c.v.Definitions(m) {
		if id := c.v.Facts(d.Path).Entry(d.ID, section, om.Name); id != facts.None {
			out = append(out, model.Decl{Path: d.Path, ID: id})
		}
	}
	return append(out, c.v.Definitions(om)...)
}

// entrySchema is the schema of the entry name of section in the first of
// defs that has one, refined by the others.
func (c *checker) entrySchema(defs []model.Decl, section, name string) (schema, bool) {
	var s schema
	for _, d := range defs {
		id := c.v.Facts(d.Path).Entry(d.ID, section, name)
		if id == facts.None {
			continue
		}
		sd := model.Decl{Path: d.Path, ID: id}
		s.defs = append(s.defs, sd)
		if !s.typ.Valid() {
			s.typ = c.v.TypeOf(sd)
		}
	}
	return s, len(s.defs) > 0
}

// artifactFiles warns about implementation and artifact files that do not
// exist where they would be read from. A name that is an artifact of the
// node (an implementation naming an artifact definition) is no file.
func (c *checker) artifactFiles() {
	for i := range c.f.Refs {
		r := &c.f.Refs[i]
		if r.Kind != grammar.ArtifactFile || c.isArtifactName(r) || c.command(r) {
			continue
		}
		target, status := c.v.ArtifactFile(c.path, r)
		if status != model.ArtifactMissing {
			continue
		}
		rel, err := filepath.Rel(filepath.Dir(c.path), target)
		if err != nil {
			rel = target
		}
		c.report(r.Span, diag.Warning, diag.ArtifactNotFound, "the file %q does not exist (looked for %s)", c.f.RefName(r), filepath.ToSlash(rel))
	}
}

// command reports whether an implementation may be a command rather than
// a file: a processor the file is read for says so (Unfurl's
// configurators and command lines).
func (c *checker) command(r *facts.Ref) bool {
	if e := c.f.Entity(r.Entity); e != nil && e.G() == grammar.ArtifactDef && !e.Short() {
		return false // the file of an artifact definition written in full
	}
	for _, p := range c.f.Processors {
		if p.Commands {
			return true
		}
	}
	return false
}

// isArtifactName reports whether an implementation names an artifact of
// its node (or relationship) template or type rather than a file.
func (c *checker) isArtifactName(r *facts.Ref) bool {
	if e := c.f.Entity(r.Entity); e == nil || e.G() == grammar.ArtifactDef && !e.Short() {
		return false // the file of a full artifact definition
	}
	for id := r.Entity; id != facts.None; id = c.f.Entity(id).Parent {
		e := c.f.Entity(id)
		var t model.Decl
		switch {
		case e.G() == grammar.NodeTemplateDef || e.G() == grammar.RelationshipTemplateDef:
			if c.f.Entry(id, grammar.SectionArtifacts, c.f.RefName(r)) != facts.None {
				return true
			}
			t = c.typeOf(id)
		case e.G() != nil && e.G().Declares.IsType():
			t = c.decl(id)
		default:
			continue
		}
		_, ok := c.v.Member(t, grammar.SectionArtifacts, c.f.RefName(r))
		return ok
	}
	return false
}

// operationOutputs checks the outputs of an operation or notification that
// map values onto attributes: `[ SELF | SOURCE | TARGET, capability?,
// attribute, nested… ]` (1.2, 1.3, seed 002), the `mapping` of 2.0 output
// parameters.
func (c *checker) operationOutputs(id facts.ID) {
	for k, v := range c.f.Pairs(c.f.FieldValue(id, grammar.SectionOutputs)) {
		c.outputMapping(id, c.f.Text(k), v)
	}
	for _, out := range c.f.Entries(id, grammar.SectionOutputs) {
		if v := c.f.FieldValue(out, grammar.KeyMapping); v != facts.NoValue {
			c.outputMapping(id, c.f.Entity(out).Name, v)
		}
	}
}

// outputMapping checks one output's attribute mapping.
func (c *checker) outputMapping(op facts.ID, output string, list facts.ValueID) {
	items := c.f.Items(list)
	if len(items) == 0 || c.callAt(list) != nil {
		return
	}
	holder, relationship := c.outputHolder(op)
	if holder == facts.None {
		return
	}
	first := c.f.Text(items[0])
	keywords := []string{grammar.KeywordSelf}
	if relationship {
		keywords = append(keywords, grammar.KeywordSource, grammar.KeywordTarget)
	}
	if !contains(keywords, first) {
		msg := "the output %q maps onto [ SELF, attribute ]: %q does not start it"
		if first == grammar.KeywordSource || first == grammar.KeywordTarget {
			msg = "the output %q is of a node's operation, so it maps onto SELF; %s is an end of a relationship"
			c.report(c.f.Value(items[0]).Span, diag.Error, diag.WrongValueType, msg, output, first)
			return
		}
		c.report(c.f.Value(items[0]).Span, diag.Error, diag.WrongValueType, msg, output, first)
		return
	}
	if len(items) < 2 {
		c.report(c.f.Value(list).Span, diag.Error, diag.WrongValueType, "the output %q names no attribute: [ %s, attribute ]", output, first)
		return
	}
	if first == grammar.KeywordSelf && c.vers.Has(grammar.V2) && len(items) > 2 && contains(grammar.PathStepKeywords, c.f.Text(items[1])) {
		// A final 2.0 mapping through a TOSCA path: `[ SELF, RELATIONSHIP,
		// link, TARGET, id ]` (§9.9 with §10.3).
		for _, s := range c.v.MappingPath(c.path, op, list) {
			if !s.Resolved && (s.Kind == model.StepName || s.Kind == model.StepCapability || s.Kind == model.StepRequirement || s.Kind == model.StepField) {
				c.unknownStep(s)
			}
		}
		return
	}
	t := c.outputType(holder, first)
	if !c.isComplete(t) {
		return
	}
	rest := items[1:]
	self := first == grammar.KeywordSelf
	if len(rest) > 1 {
		if cm, ok := c.v.Member(t, grammar.SectionCapabilities, c.f.Text(rest[0])); ok {
			t, rest, self = c.v.MemberType(cm), rest[1:], false
			if !c.isComplete(t) {
				return
			}
		}
	}
	name := c.f.Text(rest[0])
	_, attr := c.v.Member(t, grammar.SectionAttributes, name)
	_, prop := c.v.Member(t, grammar.SectionProperties, name)
	if !attr && !prop {
		c.noPathMember(c.f.Value(rest[0]).Span, diag.Error, t, grammar.SectionAttributes, name)
		return
	}
	h := c.f.Entity(holder)
	if self && h.G() == grammar.NodeTemplateDef && c.f.Get(c.f.FieldValue(holder, grammar.SectionAttributes), name) != facts.NoValue {
		c.report(c.f.Value(rest[0]).Span, diag.Warning, diag.AttributeSetTwice,
			"node template %q also assigns attribute %q: once the operation ran, its output replaces that value (seed 002 leaves open which wins)", h.Name, name)
	}
}

// outputHolder is the template or type whose interface holds an operation,
// and whether it is a relationship (SOURCE and TARGET are then ends).
func (c *checker) outputHolder(op facts.ID) (facts.ID, bool) {
	for id := c.f.Entity(op).Parent; id != facts.None; id = c.f.Entity(id).Parent {
		switch c.f.Entity(id).G() {
		case grammar.NodeTemplateDef, grammar.NodeTypeDef:
			return id, false
		case grammar.RelationshipTemplateDef, grammar.RelationshipTypeDef, grammar.RequirementRelationshipAssign, grammar.RequirementRelationshipDef:
			return id, true
		case grammar.InterfaceTypeDef, grammar.GroupTypeDef, grammar.GroupDef:
			return facts.None, false
		}
	}
	return facts.None, false
}

// outputType is the type an output's first keyword stands for: the holder
// (SELF), or an end of the relationship it is (SOURCE, TARGET) when known.
func (c *checker) outputType(holder facts.ID, keyword string) model.Decl {
	e := c.f.Entity(holder)
	switch e.G() {
	case grammar.NodeTypeDef, grammar.RelationshipTypeDef:
		if keyword == grammar.KeywordSelf {
			return c.decl(holder)
		}
	case grammar.NodeTemplateDef, grammar.RelationshipTemplateDef:
		if keyword == grammar.KeywordSelf {
			return c.typeOf(holder)
		}
	case grammar.RequirementRelationshipAssign:
		req := e.Parent
		switch keyword {
		case grammar.KeywordSelf:
			return c.requirementRelationship(req)
		case grammar.KeywordSource:
			return c.v.TypeOf(c.decl(c.f.Entity(req).Parent))
		case grammar.KeywordTarget:
			if tgt, ok := c.targetOf(req); ok {
				return tgt.node
			}
		}
	case grammar.RequirementRelationshipDef:
		if keyword == grammar.KeywordSelf {
			return c.typeOf(holder)
		}
	}
	return model.Decl{}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
