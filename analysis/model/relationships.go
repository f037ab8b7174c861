package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Relationship is one requirement assignment of a node template seen as an
// edge of the topology: where it starts, what it names and what that
// resolves to.
type Relationship struct {
	// Source is the node template; Entity its requirement assignment (an
	// entity of Source.Path).
	Source Decl
	Entity facts.ID
	// Name is the requirement's name.
	Name string
	// Node is the target as written ("" when the orchestrator is left to
	// find one); Index is set for `[ node_template, index ]`.
	Node  string
	Index string
	// Target is the node template Node names; TargetType the node type of
	// the target (the template's type, or the node type Node names).
	Target, TargetType Decl
	// Capability is the capability of the target the relationship
	// connects to, when one matches (Valid is false on its Def otherwise).
	Capability Member
	// CapabilityName is the requirement's capability as written (in the
	// assignment, else in the requirement definition).
	CapabilityName string
	// RelationshipName is the relationship type or template as written (in
	// the assignment, else in the requirement definition).
	RelationshipName string
}

// Resolved reports whether the target is known: a node template of the
// file, or a node type for the orchestrator to find a node of.
func (r *Relationship) Resolved() bool { return r.Target.Valid() || r.TargetType.Valid() }

// Relationships lists the requirement assignments of every node template
// of the file at path, in source order.
func (v *View) Relationships(path string) []Relationship {
	f := v.Facts(path)
	if f == nil {
		return nil
	}
	var out []Relationship
	for id := range f.Declarations() {
		if f.Entities[id].Declares() != grammar.NodeTemplate {
			continue
		}
		tmpl := Decl{path, id}
		for _, req := range f.Entries(id, grammar.SectionRequirements) {
			out = append(out, v.Relationship(tmpl, req))
		}
	}
	return out
}

// Relationship resolves one requirement assignment req of node template tmpl.
func (v *View) Relationship(tmpl Decl, req facts.ID) Relationship {
	f := v.Facts(tmpl.Path)
	r := Relationship{Source: tmpl, Entity: req, Name: f.Entity(req).Name, Node: v.RequirementNode(tmpl.Path, req)}
	if items := f.Items(f.FieldValue(req, grammar.KeyNode)); len(items) > 1 {
		r.Index = f.Text(items[1])
	}
	if r.Node != "" {
		r.Target = v.Local(tmpl.Path, grammar.NodeTemplate, r.Node)
		r.TargetType = v.RequirementNodeType(tmpl.Path, req)
	}
	defs := v.requirementDefinitions(tmpl, r.Name)
	r.CapabilityName = f.FieldText(req, grammar.KeyCapability)
	r.RelationshipName = relationshipName(f, req)
	for _, d := range defs {
		df := v.Facts(d.Path)
		if r.CapabilityName == "" {
			r.CapabilityName = df.FieldText(d.ID, grammar.KeyCapability)
		}
		if r.RelationshipName == "" {
			r.RelationshipName = relationshipName(df, d.ID)
		}
	}
	if r.TargetType.Valid() {
		r.Capability = v.matchCapability(tmpl.Path, req, r, defs)
	}
	return r
}

// requirementDefinitions are the definitions of requirement name in the
// type of template tmpl, most derived first.
func (v *View) requirementDefinitions(tmpl Decl, name string) []Decl {
	m, ok := v.Member(v.TypeOf(tmpl), grammar.SectionRequirements, name)
	if !ok {
		return nil
	}
	return v.Definitions(m)
}

// relationshipName is the relationship type or template a requirement
// (assignment or definition) names, in its short or extended form.
func relationshipName(f *facts.Facts, id facts.ID) string {
	if sub := f.Sub(id, grammar.KeyRelationship); sub != facts.None {
		return f.FieldText(sub, grammar.KeyType)
	}
	return f.FieldText(id, grammar.KeyRelationship)
}

// matchCapability finds the capability of r's target type the requirement
// connects to: the one its `capability` names, else the first whose type
// is (or derives from) the capability type it asks for.
func (v *View) matchCapability(path string, req facts.ID, r Relationship, defs []Decl) Member {
	if r.CapabilityName == "" {
		return Member{}
	}
	if m, ok := v.Member(r.TargetType, grammar.SectionCapabilities, r.CapabilityName); ok {
		return m
	}
	// The capability type is resolved where it is written.
	want := Decl{}
	if v.Facts(path).FieldText(req, grammar.KeyCapability) != "" {
		want = v.Lookup(path, grammar.CapabilityType, r.CapabilityName)
	}
	for _, d := range defs {
		if want.Valid() {
			break
		}
		if name := v.FieldText(d, grammar.KeyCapability); name != "" {
			want = v.Lookup(d.Path, grammar.CapabilityType, name)
		}
	}
	if !want.Valid() {
		return Member{}
	}
	for _, m := range v.Members(r.TargetType, grammar.SectionCapabilities) {
		if v.DerivesFrom(v.MemberType(m), want) {
			return m
		}
	}
	return Member{}
}
