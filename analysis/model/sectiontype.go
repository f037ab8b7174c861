package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// SectionType is the type whose members the member sections of entity d
// name (its `properties`, `capabilities`, `interfaces`, …):
//   - a template's or typed definition's own type;
//   - for a type definition, the type it derives from (its sections refine
//     the parent's members or add new ones);
//   - for an assignment or a definition written without a type, the type
//     of the member it stands for in the enclosing entity's type: a node
//     template's capability assignment `host` is the node type's capability
//     host, an interface assignment the interface it assigns;
//   - for a node filter, the node type it selects among: the requirement's
//     target node, or the template's own type;
//   - for a relationship written in a requirement assignment without a
//     type, the requirement's relationship.
func (v *View) SectionType(d Decl) Decl {
	return v.sectionType(d, 0)
}

// maxSectionDepth bounds the walk up through nested assignments (an
// operation inside an interface inside a template is three levels).
const maxSectionDepth = 8

func (v *View) sectionType(d Decl, depth int) Decl {
	f := v.Facts(d.Path)
	e := f.Entity(d.ID)
	if e == nil || e.G() == nil || depth > maxSectionDepth {
		return Decl{}
	}
	parent := Decl{d.Path, e.Parent}
	switch {
	case e.Declares().IsType():
		return v.Parent(d)
	case e.G() == grammar.NodeFilterDef:
		return v.filteredType(parent)
	}
	if t := v.TypeOf(d); t.Valid() {
		return t
	}
	if e.Name != "" && e.Key() != nil && parent.ID != facts.None {
		if m, ok := v.Member(v.sectionType(parent, depth+1), e.Key().Name, e.Name); ok {
			return v.MemberType(m)
		}
		if e.G() == grammar.CapabilityFilterDef {
			// A capability filter may name a capability type instead.
			return v.Lookup(d.Path, grammar.CapabilityType, e.Name)
		}
	}
	if e.G() == grammar.RequirementRelationshipAssign {
		req := f.Entity(e.Parent)
		owner := Decl{d.Path, req.Parent}
		m, _ := v.Member(v.sectionType(owner, depth+1), grammar.SectionRequirements, req.Name)
		return v.RequirementRelationship(d.Path, e.Parent, m)
	}
	return Decl{}
}

// filteredType is the node type a node filter selects among: the target
// node its requirement names (in the assignment, else in the requirement's
// definition), or the type of the template that holds the filter.
func (v *View) filteredType(holder Decl) Decl {
	h := v.Entity(holder)
	if h == nil {
		return Decl{}
	}
	switch h.G() {
	case grammar.RequirementAssign, grammar.RequirementDef:
		if t := v.RequirementNodeType(holder.Path, holder.ID); t.Valid() {
			return t
		}
		owner := Decl{holder.Path, h.Parent}
		if m, ok := v.Member(v.SectionType(owner), grammar.SectionRequirements, h.Name); ok {
			return v.RequirementNodeType(m.Def.Path, m.Def.ID)
		}
		return Decl{}
	}
	return v.TypeOf(holder)
}
