package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Resolved is what one reference of a file names.
type Resolved struct {
	// Target is the declaration named (a type, a template, an input, …).
	Target Decl
	// Member is set for names of a type's members (a property assigned in
	// a node template, a capability named by a requirement); it may be
	// shared, and is not to be modified.
	Member *Member
	// Kind is the kind resolved (for composite kinds, the one found).
	Kind grammar.RefKind
}

// resolvable are the template-level kinds a reference may name in its own file.
var resolvable = map[grammar.RefKind]bool{
	grammar.NodeTemplate: true, grammar.RelationshipTemplate: true, grammar.Group: true, grammar.Policy: true,
	grammar.Input: true, grammar.Output: true, grammar.Workflow: true, grammar.Repository: true,
	// Variability4TOSCA's names are local to the topology, Heat's to the template.
	grammar.VariabilityInput: true, grammar.VariabilityExpression: true,
	grammar.HeatParameter: true, grammar.HeatResource: true, grammar.HeatOutput: true, grammar.HeatCondition: true,
}

// Kinds lists the kinds a reference kind may name, in lookup order (nil for
// references resolved elsewhere: file paths, profile names, member names).
func Kinds(kind grammar.RefKind) []grammar.RefKind {
	if kind.IsType() || resolvable[kind] {
		return []grammar.RefKind{kind}
	}
	if kind == grammar.CapabilityTypeOrName {
		return nil
	}
	return grammar.Alternatives(kind)
}

// LookupKind finds a name of one kind as the file at path sees it: a type
// through its scope, a custom function or constraint through its imports,
// a template-level name among its own declarations.
func (v *View) LookupKind(path string, kind grammar.RefKind, name string) Decl {
	return v.lookupKind(v.scope(path), kind, name)
}

func (v *View) lookupKind(s *fileScope, kind grammar.RefKind, name string) Decl {
	switch {
	case kind.IsType():
		return s.lookup(v, kind, name)
	case kind.Imported():
		return v.lookupDeclared(s, kind, name)
	}
	return v.Local(s.path, kind, name)
}

// Resolve returns what reference i of the file at path names.
func (v *View) Resolve(path string, i int) Resolved {
	return v.resolve(v.scope(path), v.Facts(path), i)
}

// resolve is Resolve in a file's scope, with its facts.
func (v *View) resolve(s *fileScope, f *facts.Facts, i int) Resolved {
	path := s.path
	if f == nil || i < 0 || i >= len(f.Refs) {
		return Resolved{}
	}
	r := &f.Refs[i]
	if r.Flags&facts.RefMember != 0 {
		return v.resolveMember(path, f, r)
	}
	if r.Kind == grammar.CapabilityTypeOrName {
		return v.resolveCapability(s, f, r)
	}
	if r.Kind == grammar.ModelableEntity && grammar.IsEntityKeyword(f.RefName(r)) || grammar.IsBuiltin(r.Kind, f.RefName(r)) {
		return Resolved{}
	}
	if r.Kind == grammar.CustomConstraint {
		if d := v.lookupDeclared(s, r.Kind, f.RefName(r)); d.Valid() {
			return Resolved{Target: d, Kind: r.Kind}
		}
		return Resolved{}
	}
	if r.Kind == grammar.Input {
		if d := v.workflowInput(path, f, r); d.Valid() {
			return Resolved{Target: d, Kind: grammar.Input}
		}
	}
	for _, k := range Kinds(r.Kind) {
		if d := v.lookupKind(s, k, f.RefName(r)); d.Valid() {
			return Resolved{Target: d, Kind: k}
		}
	}
	return Resolved{}
}

// TypeOfEntity is the type of the typed entity id of the file at path (a
// template, an assignment).
func (v *View) TypeOfEntity(path string, id facts.ID) Decl {
	return v.TypeOf(Decl{path, id})
}

// resolveMember resolves the name of a member assigned in an entity (a
// node template's property) or of an operation of an assigned interface.
func (v *View) resolveMember(path string, f *facts.Facts, r *facts.Ref) Resolved {
	var t Decl
	if r.Parent() >= 0 {
		parent := v.Resolve(path, int(r.Parent()))
		if parent.Member == nil {
			return Resolved{}
		}
		t = v.MemberType(*parent.Member)
	} else {
		t = v.TypeOfEntity(path, r.Entity)
	}
	if !t.Valid() || r.Key() == nil {
		return Resolved{}
	}
	if m := v.sharedMember(t, r.Key().Name, f.RefName(r)); m != nil {
		return Resolved{Member: m, Kind: r.Kind}
	}
	return Resolved{}
}

// resolveCapability resolves a requirement's `capability`: a capability
// type, or the name of a capability of the requirement's `node`.
func (v *View) resolveCapability(s *fileScope, f *facts.Facts, r *facts.Ref) Resolved {
	if d := s.lookup(v, grammar.CapabilityType, f.RefName(r)); d.Valid() {
		return Resolved{Target: d, Kind: grammar.CapabilityType}
	}
	target := v.RequirementNodeType(s.path, r.Entity)
	if !target.Valid() {
		return Resolved{}
	}
	if m := v.sharedMember(target, grammar.SectionCapabilities, f.RefName(r)); m != nil {
		return Resolved{Member: m, Kind: grammar.CapabilityName}
	}
	return Resolved{}
}

// workflowInput is the input of the workflow holding an input reference:
// `$get_input` inside a workflow reads the workflow's own inputs (2.0 §13.2).
func (v *View) workflowInput(path string, f *facts.Facts, r *facts.Ref) Decl {
	owner := f.Entity(r.Owner)
	if owner == nil || owner.Declares() != grammar.Workflow {
		return Decl{}
	}
	if id := f.Entry(r.Owner, grammar.SectionInputs, f.RefName(r)); id != facts.None {
		return Decl{path, id}
	}
	return Decl{}
}

// RequirementNode is the name a requirement's `node` gives: the name
// itself, or the template of `[ node_template, index ]` (2.0 §8.5.1).
func (v *View) RequirementNode(path string, req facts.ID) string {
	return RequirementNodeIn(v.Facts(path), req)
}

// RequirementNodeIn is RequirementNode read from a file's facts.
func RequirementNodeIn(f *facts.Facts, req facts.ID) string {
	n := f.FieldValue(req, grammar.KeyNode)
	if items := f.Items(n); len(items) > 0 {
		return f.Text(items[0])
	}
	return f.Text(n)
}

// RequirementNodeType is the node type a requirement (definition or
// assignment) names with `node`: the type of the node template named, or
// the node type named.
func (v *View) RequirementNodeType(path string, req facts.ID) Decl {
	node := v.RequirementNode(path, req)
	if node == "" {
		return Decl{}
	}
	if tmpl := v.Local(path, grammar.NodeTemplate, node); tmpl.Valid() {
		return v.TypeOf(tmpl)
	}
	return v.Lookup(path, grammar.NodeType, node)
}
