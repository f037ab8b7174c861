package validate

import (
	"math"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Requirements: the node a requirement assignment targets must be of the
// node type its definition asks for and offer a capability of the
// capability type it asks for; the relationship must accept that
// capability and those nodes; no more assignments than its occurrences
// (count_range) allow.

// target is what a requirement assignment connects to.
type target struct {
	// node is the target node type (of the template named, or the type
	// named for the orchestrator to find a node of); named is the template
	// or type named, at where it is written.
	node, named model.Decl
	at          facts.Span
}

// requirementAssignment checks one requirement assignment of a node template.
func (c *checker) requirementAssignment(id facts.ID) {
	m, ok := c.requirementMember(id)
	if !ok {
		return
	}
	tgt, ok := c.targetOf(id)
	if !ok || !c.isComplete(tgt.node) {
		return
	}
	if want := c.requiredNodeType(m); want.Valid() && c.isComplete(want) && !c.v.DerivesFrom(tgt.node, want) {
		var d *model.Diagnostic
		got, needed := c.typeNames(tgt.node, want)
		if tgt.named == tgt.node {
			d = c.report(tgt.at, diag.Error, diag.IncompatibleTarget, "node type %s does not derive from %s, which requirement %q needs",
				got, needed, m.Name)
		} else {
			d = c.report(tgt.at, diag.Error, diag.IncompatibleTarget, "%s %q is of type %s, but requirement %q needs a %s",
				c.v.Kind(tgt.named), c.v.Name(tgt.named), got, m.Name, needed)
		}
		c.related(d, m.Def, "the requirement is defined here")
		c.versionImport(d, tgt.node, want)
		return
	}
	caps := c.targetCapabilities(id, m, tgt)
	if len(caps) == 0 {
		return // unknown, or reported by targetCapabilities
	}
	c.relationshipFits(id, m, tgt, caps)
	if len(caps) == 1 && tgt.named != tgt.node {
		c.capabilityCount(id, tgt, caps[0])
	}
}

// capabilityCount counts the relationships the file's requirement
// assignments make to one capability of a node template, and reports the
// one beyond the upper bound of the capability's occurrences (1.3, 2020
// draft): the template's capability assignment, else its definition.
func (c *checker) capabilityCount(req facts.ID, tgt target, cm model.Member) {
	key := capabilityUse{tgt.named, cm.Name}
	remember(&c.capabilityUses, key, c.capabilityUses[key]+c.assignmentCount(req))
	upper, at := c.capabilityBound(tgt.named, cm)
	if c.capabilityUses[key] > upper {
		d := c.report(tgt.at, diag.Error, diag.CountOutOfRange, "capability %q of %q takes at most %g relationships, and this is one more", cm.Name, c.v.Name(tgt.named), upper)
		c.related(d, at, "the bound is given here")
	}
}

// capabilityUse is a capability of a node template.
type capabilityUse struct {
	tmpl model.Decl
	name string
}

// assignmentCount is how many relationships a requirement assignment
// stands for: its `count` (`occurrences` in 1.3), one by default.
func (c *checker) assignmentCount(req facts.ID) float64 {
	for _, key := range []string{grammar.KeyCount, grammar.KeyOccurrences} {
		if v, ok := grammar.ParseInteger(c.f.FieldText(req, key)); ok {
			return float64(v)
		}
	}
	return 1
}

// capabilityBound is the upper bound of the relationships a capability of a
// node template accepts (+Inf when unbounded or unsaid) and where it is given.
func (c *checker) capabilityBound(tmpl model.Decl, cm model.Member) (float64, model.Decl) {
	f := c.v.Facts(tmpl.Path)
	if assigned := f.Entry(tmpl.ID, grammar.SectionCapabilities, cm.Name); assigned != facts.None {
		if n, ok := grammar.ParseInteger(f.FieldText(assigned, grammar.KeyOccurrences)); ok {
			return float64(n), model.Decl{Path: tmpl.Path, ID: assigned}
		}
	}
	for _, d := range c.v.Definitions(cm) {
		if n, ok := c.rangeUpper(d, grammar.KeyOccurrences); ok {
			return n, d
		}
	}
	return math.Inf(1), model.Decl{}
}

// rangeUpper reads the upper bound of a [min, max] keyname of a
// declaration (+Inf for UNBOUNDED).
func (c *checker) rangeUpper(d model.Decl, key string) (float64, bool) {
	f := c.v.Facts(d.Path)
	items := f.Items(f.FieldValue(d.ID, key))
	if len(items) != 2 {
		return 0, false
	}
	if f.Text(items[1]) == grammar.KeywordUnbounded {
		return math.Inf(1), true
	}
	if n, ok := grammar.ParseInteger(f.Text(items[1])); ok {
		return float64(n), true
	}
	return math.Inf(1), true
}

// targetOf reads the `node` of a requirement assignment: a node template
// (or `[ template, index ]`) or a node type.
func (c *checker) targetOf(req facts.ID) (target, bool) {
	v := c.f.FieldValue(req, grammar.KeyNode)
	if v == facts.NoValue {
		return target{}, false
	}
	at := c.f.Value(v).Span
	if items := c.f.Items(v); len(items) == 2 {
		at = c.f.Value(items[0]).Span
	} else if len(items) > 0 {
		return target{}, false // a shape the binder reports
	}
	name := c.v.RequirementNode(c.path, req)
	if tmpl := c.v.Local(c.path, grammar.NodeTemplate, name); tmpl.Valid() {
		return target{node: c.typeOfDecl(tmpl), named: tmpl, at: at}, true
	}
	if t := c.v.Lookup(c.path, grammar.NodeType, name); t.Valid() {
		return target{node: t, named: t, at: at}, true
	}
	return target{}, false
}

// requiredNodeType is the node type a requirement definition asks for.
func (c *checker) requiredNodeType(m model.Member) model.Decl {
	for _, d := range c.v.Definitions(m) {
		if name := c.v.FieldText(d, grammar.KeyNode); name != "" {
			return c.v.Lookup(d.Path, grammar.NodeType, name)
		}
	}
	return model.Decl{}
}

// requiredCapability is what a requirement definition asks its target to
// offer: a capability type, or (2.0) the name of a capability of its node type.
func (c *checker) requiredCapability(m model.Member) (typ model.Decl, name string, known bool) {
	for _, d := range c.v.Definitions(m) {
		text := c.v.FieldText(d, grammar.KeyCapability)
		if text == "" {
			continue
		}
		if t := c.v.Lookup(d.Path, grammar.CapabilityType, text); t.Valid() {
			return t, "", true
		}
		if node := c.requiredNodeType(m); node.Valid() {
			if cm, ok := c.v.Member(node, grammar.SectionCapabilities, text); ok {
				return c.v.MemberType(cm), text, true
			}
		}
		return model.Decl{}, "", false
	}
	return model.Decl{}, "", false
}

// targetCapabilities lists the capabilities of the target that can take
// the requirement: the one the assignment names, else those of the type
// the definition asks for. It reports when there is none, and returns nil
// when nothing can be judged.
func (c *checker) targetCapabilities(req facts.ID, m model.Member, tgt target) []model.Member {
	want, wantName, known := c.requiredCapability(m)
	if !known || want.Valid() && !c.isComplete(want) {
		return nil
	}
	fl, named := c.f.Field(req, grammar.KeyCapability)
	if named {
		text := c.f.Text(fl.Value)
		at := c.f.Value(fl.Value).Span
		if cm, ok := c.v.Member(tgt.node, grammar.SectionCapabilities, text); ok {
			ct := c.v.MemberType(cm)
			if want.Valid() && c.isComplete(ct) && !c.v.DerivesFrom(ct, want) {
				got, needed := c.typeNames(ct, want)
				d := c.report(at, diag.Error, diag.IncompatibleTarget, "capability %q of %q is a %s, but requirement %q needs a %s",
					text, c.typeName(tgt.node), got, m.Name, needed)
				c.related(d, m.Def, "the requirement is defined here")
				c.versionImport(d, ct, want)
				return []model.Member{}
			}
			return []model.Member{cm}
		}
		ct := c.v.Lookup(c.path, grammar.CapabilityType, text)
		if !ct.Valid() || !c.isComplete(ct) {
			return nil // an unknown name is the model's
		}
		if want.Valid() && !c.v.DerivesFrom(ct, want) {
			d := c.report(at, diag.Error, diag.IncompatibleTarget, "capability type %q does not derive from %q, which requirement %q needs",
				text, c.typeName(want), m.Name)
			c.related(d, m.Def, "the requirement is defined here")
			return []model.Member{}
		}
		want, wantName = ct, ""
	}
	var out []model.Member
	if wantName != "" && !named {
		if cm, ok := c.v.Member(tgt.node, grammar.SectionCapabilities, wantName); ok {
			out = append(out, cm)
		}
	} else if out = c.offers(tgt.node, want); out == nil {
		return nil
	}
	if len(out) == 0 {
		need := diag.Sprintf("a capability of type %q", c.typeName(want))
		if wantName != "" && !named {
			need = diag.Sprintf("the capability %q", wantName)
		}
		d := c.report(tgt.at, diag.Error, diag.IncompatibleTarget, "%s %q (%s) offers no %s, which requirement %q needs",
			c.v.Kind(tgt.named), c.v.Name(tgt.named), c.typeName(tgt.node), need[2:], m.Name)
		c.related(d, m.Def, "the requirement is defined here")
	}
	return out
}

// offers lists the capabilities of node type t of capability type want
// (or derived from it): empty when none, nil when that cannot be known.
func (c *checker) offers(t, want model.Decl) []model.Member {
	key := [2]model.Decl{t, want}
	if out, ok := c.offered[key]; ok {
		return out
	}
	out := []model.Member{}
	for _, cm := range c.v.Members(t, grammar.SectionCapabilities) {
		ct := c.v.MemberType(cm)
		if !c.isComplete(ct) {
			out = nil
			break
		}
		if c.v.DerivesFrom(ct, want) {
			out = append(out, cm)
		}
	}
	remember(&c.offered, key, out)
	return out
}

// relationshipFits checks the relationship of a requirement assignment
// against the target: valid_target_types (1.x), valid_capability_types and
// valid_target_node_types (2.0) of the relationship type, the source node
// types the relationship and the capability accept, and the relationship
// types the capability accepts.
func (c *checker) relationshipFits(req facts.ID, m model.Member, tgt target, caps []model.Member) {
	rel := c.v.RequirementRelationship(c.path, req, m)
	source := c.typeOf(c.f.Entity(req).Parent)
	// Reported on the relationship when the assignment names one, else on
	// the capability it names, else on the target.
	at := tgt.at
	if fl, ok := c.f.Field(req, grammar.KeyRelationship); ok {
		at = c.f.Value(fl.Value).Span
	} else if sub := c.f.Sub(req, grammar.KeyRelationship); sub != facts.None {
		at = c.f.Entity(sub).Span
	} else if fl, ok := c.f.Field(req, grammar.KeyCapability); ok {
		at = c.f.Value(fl.Value).Span
	}
	problem := func(format string, args ...any) {
		d := c.report(at, diag.Error, diag.IncompatibleTarget, format, args...)
		c.related(d, m.Def, "the requirement is defined here")
	}
	if c.isComplete(rel) {
		if allowed := c.restriction(rel, grammar.KeyValidTargetTypes, grammar.CapabilityType); len(allowed) > 0 || c.hasList(rel, grammar.KeyValidTargetTypes) {
			nodes := c.restriction(rel, grammar.KeyValidTargetTypes, grammar.NodeType)
			if len(allowed)+len(nodes) > 0 && !c.fitsAny(tgt.node, nodes) && !c.someCapability(caps, allowed) {
				problem("relationship type %q does not accept %q as a target (valid_target_types)", c.typeName(rel), c.typeName(tgt.node))
				return
			}
		}
		if allowed := c.restriction(rel, grammar.KeyValidCapabilityTypes, grammar.CapabilityType); len(allowed) > 0 && !c.someCapability(caps, allowed) {
			problem("relationship type %q ends only at capabilities of the types in its valid_capability_types, and %q offers none", c.typeName(rel), c.typeName(tgt.node))
			return
		}
		if allowed := c.restriction(rel, grammar.KeyValidTargetNodeTypes, grammar.NodeType); len(allowed) > 0 && !c.fitsAny(tgt.node, allowed) {
			problem("relationship type %q does not end at nodes of type %q (valid_target_node_types)", c.typeName(rel), c.typeName(tgt.node))
			return
		}
		if allowed := c.restriction(rel, grammar.KeyValidSourceNodeTypes, grammar.NodeType); len(allowed) > 0 && c.isComplete(source) && !c.fitsAny(source, allowed) {
			problem("relationship type %q does not start at nodes of type %q (valid_source_node_types)", c.typeName(rel), c.typeName(source))
			return
		}
	}
	// The capability may restrict its sources (valid_source_types,
	// valid_source_node_types) and, in 2.0, its relationships.
	for _, cm := range caps {
		if !c.acceptsSource(cm, source) {
			continue
		}
		if allowed, _ := c.allowedTypes(c.v.MemberType(cm), grammar.KeyValidRelationshipTypes, grammar.RelationshipType); len(allowed) > 0 && c.isComplete(rel) && !c.fitsAny(rel, allowed) {
			continue
		}
		return // one capability takes the relationship
	}
	problem("no capability of %q that requirement %q can use accepts a relationship from a %q", c.typeName(tgt.node), m.Name, c.typeName(source))
}

// restriction is what a relationship type's chain allows under key (a
// list of types of kind). A restriction a workspace relationship type
// inherits from the embedded normative types is not enforced: types
// derived from DependsOn or HostedOn commonly retarget them.
func (c *checker) restriction(rel model.Decl, key string, kind grammar.RefKind) []model.Decl {
	allowed, at := c.allowedTypes(rel, key, kind)
	if at != rel && c.embedded(at.Path) && !c.embedded(rel.Path) {
		return nil
	}
	return allowed
}

// embedded reports whether the file at path is one of the embedded profiles.
func (c *checker) embedded(path string) bool {
	e, ok := c.embeddedFiles[path]
	if !ok {
		f := c.v.Snap.File(path)
		e = f != nil && f.Embedded
		remember(&c.embeddedFiles, path, e)
	}
	return e
}

// fitsAny reports whether t is or derives from one of allowed.
func (c *checker) fitsAny(t model.Decl, allowed []model.Decl) bool {
	for _, a := range allowed {
		if c.v.DerivesFrom(t, a) {
			return true
		}
	}
	return false
}

// acceptsSource reports whether a capability accepts relationships from
// nodes of type source: the valid source types its most derived
// definition (else its type's chain) lists, if any.
func (c *checker) acceptsSource(cm model.Member, source model.Decl) bool {
	key := sourceKey{cm.Definer, cm.Name, source}
	ok, known := c.sources[key]
	if !known {
		ok = c.readAcceptsSource(cm, source)
		remember(&c.sources, key, ok)
	}
	return ok
}

type sourceKey struct {
	definer    model.Decl
	capability string
	source     model.Decl
}

func (c *checker) readAcceptsSource(cm model.Member, source model.Decl) bool {
	keys := []string{grammar.KeyValidSourceTypes, grammar.KeyValidSourceNodeTypes}
	for _, d := range c.v.Definitions(cm) {
		for _, key := range keys {
			if allowed, ok := c.allowedAt(d, key, grammar.NodeType); ok && len(allowed) > 0 {
				return !c.isComplete(source) || c.fitsAny(source, allowed)
			}
		}
	}
	for _, key := range keys {
		if allowed, _ := c.allowedTypes(c.v.MemberType(cm), key, grammar.NodeType); len(allowed) > 0 {
			return !c.isComplete(source) || c.fitsAny(source, allowed)
		}
	}
	return true
}

// someCapability reports whether one of caps is of one of the types allowed.
func (c *checker) someCapability(caps []model.Member, allowed []model.Decl) bool {
	for _, cm := range caps {
		ct := c.v.MemberType(cm)
		for _, a := range allowed {
			if c.v.DerivesFrom(ct, a) {
				return true
			}
		}
	}
	return false
}

// hasList reports whether a type of t's chain writes keyname key.
func (c *checker) hasList(t model.Decl, key string) bool {
	chain, _ := c.v.Chain(t)
	for d := range chain.All() {
		if c.v.Facts(d.Path).FieldValue(d.ID, key) != facts.NoValue {
			return true
		}
	}
	return false
}

// allowedAt reads a list of type names written by one declaration (a type
// or a definition), as types of kind.
func (c *checker) allowedAt(d model.Decl, key string, kind grammar.RefKind) ([]model.Decl, bool) {
	f := c.v.Facts(d.Path)
	list := f.FieldValue(d.ID, key)
	if list == facts.NoValue {
		return nil, false
	}
	var out []model.Decl
	for _, item := range f.Items(list) {
		a := c.v.Lookup(d.Path, kind, f.Text(item))
		if !a.Valid() {
			return nil, false
		}
		out = append(out, a)
	}
	return out, true
}

// requirementCounts reports the assignments of a requirement beyond the
// upper bound of its occurrences (count_range in final 2.0): each counts
// its `count` (`occurrences` in 1.3), one by default. Fewer is fine at
// edit time: the orchestrator fulfils what is not assigned.
func (c *checker) requirementCounts(tmpl facts.ID, nt model.Decl) {
	if !c.isComplete(nt) {
		return
	}
	counted := map[string]float64{}
	byName := map[string][]facts.ID{}
	var names []string
	for _, req := range c.f.Entries(tmpl, grammar.SectionRequirements) {
		e := c.f.Entity(req)
		m, ok := c.v.Member(nt, grammar.SectionRequirements, e.Name)
		if !ok {
			continue
		}
		if c.f.Versions.Has(grammar.V4T) {
			if byName[e.Name] == nil {
				names = append(names, e.Name)
			}
			byName[e.Name] = append(byName[e.Name], req)
			continue
		}
		counted[e.Name] += c.assignmentCount(req)
		b := c.upperBound(m)
		switch {
		case counted[e.Name] <= b.upper:
		case b.implied:
			// The bound nobody wrote: puccini does not enforce it, and its
			// examples assign such a requirement twice.
			d := c.report(e.NameSpan, diag.Warning, diag.CountOutOfRange, "requirement %q of %q is assigned %g times, but a requirement definition without occurrences allows one ([ 1, 1 ], 1.3 §3.7.3; puccini does not enforce it)", e.Name, c.f.Entity(tmpl).Name, counted[e.Name])
			c.related(d, b.at, "the requirement is defined here")
		default:
			d := c.report(e.NameSpan, diag.Error, diag.CountOutOfRange, "requirement %q of %q is assigned %g times, but its definition allows at most %g", e.Name, c.f.Entity(tmpl).Name, counted[e.Name], b.upper)
			c.related(d, b.at, "the bound is given here")
		}
	}
	for _, name := range names {
		c.alternativeCount(tmpl, nt, name, byName[name])
	}
}

// alternativeCount reports, in a Variability4TOSCA template, a requirement
// whose assignments present in one variant exceed its upper bound: the
// assignments of one requirement under conditions are alternatives, and
// what counts is the largest set of them whose conditions hold together
// (two under `is_dev` and `not is_dev` are one).
func (c *checker) alternativeCount(tmpl facts.ID, nt model.Decl, name string, reqs []facts.ID) {
	m, _ := c.v.Member(nt, grammar.SectionRequirements, name)
	limit := c.upperBound(m)
	upper, at := limit.upper, limit.at
	msg := "requirement %q of %q is assigned %g times, but its definition allows at most %g"
	together, alternatives := 0.0, false
	for _, r := range reqs {
		together += c.assignmentCount(r)
		_, conditional := c.f.Field(r, grammar.KeyConditions)
		alternatives = alternatives || conditional || c.f.FieldText(r, grammar.KeyDefaultAlternative) == "true"
	}
	if alternatives && len(reqs) > 1 && together > upper {
		msg = "requirement %q of %q is assigned %g times in one variant (the conditions of these assignments hold together), but its definition allows at most %g"
		if c.variants == nil {
			c.variants = c.v.Variants(c.path)
		}
		var ok bool
		if together, ok = c.variants.Together(reqs, c.assignmentCount); !ok {
			return
		}
	}
	if together <= upper {
		return
	}
	last := c.f.Entity(reqs[len(reqs)-1])
	d := c.report(last.NameSpan, diag.Error, diag.CountOutOfRange, msg, name, c.f.Entity(tmpl).Name, together, upper)
	c.related(d, at, "the bound is given here")
}

// upperBound is the upper bound of a requirement's occurrences or
// count_range (+Inf for UNBOUNDED), and where it is given. Without one, 1.x
// and the 2020 draft allow one relationship ([1, 1], implied), final 2.0
// any number ([0, UNBOUNDED], §8.4).
func (c *checker) upperBound(m model.Member) bound {
	key := memberRef{m.Definer, m.Name}
	if b, ok := c.bounds[key]; ok {
		return b
	}
	b := c.readUpperBound(m)
	remember(&c.bounds, key, b)
	return b
}

// memberRef names a member by the type defining it and its name.
type memberRef struct {
	definer model.Decl
	name    string
}

type bound struct {
	upper float64
	at    model.Decl
	// implied is set for the [ 1, 1 ] of 1.x and the 2020 draft that no
	// definition writes.
	implied bool
}

func (c *checker) readUpperBound(m model.Member) bound {
	for _, d := range c.v.Definitions(m) {
		for _, key := range []string{grammar.KeyCountRange, grammar.KeyOccurrences} {
			if n, ok := c.rangeUpper(d, key); ok {
				return bound{upper: n, at: d}
			}
		}
	}
	if len(c.v.Definitions(m)) == 0 {
		return bound{upper: math.Inf(1)}
	}
	if f := c.v.Facts(m.Origin.Path); f != nil && f.Versions.Has(grammar.V2Final) {
		return bound{upper: math.Inf(1)}
	}
	return bound{upper: 1, at: m.Def, implied: true}
}
