package model

import (
	"slices"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// PathContext is what a step of a function path stands on.
type PathContext uint8

const (
	NoContext PathContext = iota
	NodeContext
	RelationshipContext
	CapabilityContext
	// ValueContext is inside a property or attribute value (nested fields).
	ValueContext
)

// StepKind is what one argument of a path call is read as.
type StepKind uint8

const (
	// StepStart is the first argument: a template name or a keyword.
	StepStart StepKind = iota + 1
	// StepKeyword is RELATIONSHIP, CAPABILITY, SOURCE or TARGET in a path.
	StepKeyword
	// StepIndex selects one of several nodes or relationships (or ALL).
	StepIndex
	// StepRequirement and StepCapability name a member the path goes through.
	StepRequirement
	StepCapability
	// StepName is the name the function reads (a property, an attribute,
	// an artifact, an interface or an operation).
	StepName
	// StepField is a field name or list index inside the value read.
	StepField
	// StepValue is an argument that is a value of its own (not a path).
	StepValue
)

// PathStep is one resolved argument of a path call.
type PathStep struct {
	Arg  int
	Kind StepKind
	Name string
	Span text.Span
	// Context and Type are where the step is read: a node of node type
	// Type, a relationship of relationship type Type, …
	Context PathContext
	Type    Decl
	// Section is the member section a name step is looked up in.
	Section string
	// Target is the template a start step names; Member the member a name,
	// requirement or capability step names.
	Target Decl
	Member *Member
	// Also are the other types a name step is looked up in (the target
	// node and capability of the requirement a 1.x path goes through).
	Also []Decl
	// By is the processor whose reading the step is, where the text has
	// none (puccini's index after a requirement).
	By *grammar.Processor
	// Resolved is false when the step's name (or keyword) is not valid here.
	Resolved bool
}

// pathCtx is where a path stands while it is walked.
type pathCtx struct {
	kind PathContext
	typ  Decl
	// source and target are the node types at the ends of a relationship
	// context, where known; capType the capability a relationship targets.
	source, target, capType Decl
	// def is the definition of the value a ValueContext is in.
	def Decl
	// throughRequirement is set where a 1.x path went through a
	// requirement: the name may be read in its relationship, its
	// capability or its target node (the text allows each, see xopera.go).
	throughRequirement bool
	// node is the node template a path stands on, where known.
	node Decl
}

// CallPath resolves each argument of a call of a function that reads the
// model (get_property and friends); nil for other calls.
func (v *View) CallPath(path string, call *facts.Call) []PathStep {
	w := v.pathWalker(path, call)
	if w == nil {
		return nil
	}
	w.run()
	return w.steps
}

// PathExpect is what may be written as one argument of a path call, given
// the arguments before it.
type PathExpect struct {
	// Start is set for the first argument: a template name, or one of Keywords.
	Start bool
	// Keywords are the path keywords that may come here.
	Keywords []string
	// Names are the member sections whose names may come here, each with
	// the type it is read in, most expected first.
	Names []PathNames
}

// PathNames are the member names of one section of a type.
type PathNames struct {
	Type    Decl
	Section string
}

// PathExpect says what argument arg of a path call may be, reading the
// arguments before it as CallPath does; nil when the call reads no path or
// the argument is past the path (a value of its own, or nothing more).
func (v *View) PathExpect(path string, call *facts.Call, arg int) *PathExpect {
	w := v.pathWalker(path, call)
	if w == nil || arg < 0 || arg > len(w.args) {
		return nil
	}
	w.args, w.expecting = w.args[:arg], true
	w.run()
	return w.expect
}

func (v *View) pathWalker(path string, call *facts.Call) *pathWalker {
	spec := grammar.PathOf(call.Fn)
	if spec == nil {
		return nil
	}
	f := v.Facts(path)
	args := f.Items(call.Args)
	if val := f.Value(call.Args); args == nil && val != nil && val.Kind() != syntax.Null {
		args = []facts.ValueID{call.Args}
	}
	return &pathWalker{v: v, path: path, f: f, spec: spec, at: call.Entity, args: args}
}

// MappingPath resolves a final 2.0 parameter mapping, the list value of
// entity at that maps an operation output onto an attribute: `[
// <tosca_path>, attribute, nested… ]` (§9.9), read as the arguments of
// $get_attribute are (§10.3).
func (v *View) MappingPath(path string, at facts.ID, list facts.ValueID) []PathStep {
	f := v.Facts(path)
	w := &pathWalker{v: v, path: path, f: f, spec: grammar.MappingPath, at: at, args: f.Items(list)}
	w.run()
	return w.steps
}

type pathWalker struct {
	v    *View
	path string
	f    *facts.Facts
	spec *grammar.PathSpec
	// at is the entity holding the path (SELF is read from there).
	at    facts.ID
	args  []facts.ValueID
	i     int
	steps []PathStep
	// expecting is set when args end where an argument is being written:
	// the walker then records in expect what that argument may be.
	expecting bool
	expect    *PathExpect
}

// atEnd reports whether the walk just reached the argument being written
// (the first place that finds it records what may come there).
func (w *pathWalker) atEnd() bool { return w.expecting && w.expect == nil && w.i == len(w.args) }

// following reports whether an argument comes after the current one (the
// one being written counts).
func (w *pathWalker) following() bool {
	n := len(w.args)
	if w.expecting {
		n++
	}
	return w.i+1 < n
}

// expectNames records that the names of the sections of the context's
// types may come next, with the keywords that may too.
func (w *pathWalker) expectNames(c pathCtx, keywords []string, sections ...string) {
	e := &PathExpect{Keywords: keywords}
	for _, t := range c.readIn() {
		for _, sec := range sections {
			if t.Valid() {
				e.Names = append(e.Names, PathNames{Type: t, Section: sec})
			}
		}
	}
	w.expect = e
}

func (w *pathWalker) text(i int) string { return w.f.Text(w.args[i]) }

func (w *pathWalker) isScalar(i int) bool {
	val := w.f.Value(w.args[i])
	return val != nil && val.Kind() == syntax.Scalar
}

func (w *pathWalker) step(kind StepKind, c pathCtx) *PathStep {
	val := w.f.Value(w.args[w.i])
	w.steps = append(w.steps, PathStep{Arg: w.i, Kind: kind, Name: w.text(w.i), Span: val.Span.Text(), Context: c.kind, Type: c.typ})
	w.i++
	return &w.steps[len(w.steps)-1]
}

func (w *pathWalker) more() bool { return w.i < len(w.args) && w.isScalar(w.i) }

func (w *pathWalker) run() {
	if w.atEnd() {
		w.expect = &PathExpect{Start: true, Keywords: grammar.PathStarts(w.spec.Style)}
		return
	}
	if len(w.args) == 0 || !w.isScalar(0) {
		return
	}
	c := w.start()
	if w.spec.Style == grammar.ToscaPath {
		c = w.toscaSteps(c)
	} else if w.spec.Through && w.following() {
		c = w.entityStep(c)
	}
	c = w.names(c)
	if w.spec.Nested {
		w.fields(c)
	}
	for ; w.i < len(w.args); w.i++ {
		val := w.f.Value(w.args[w.i])
		w.steps = append(w.steps, PathStep{Arg: w.i, Kind: StepValue, Name: w.text(w.i), Span: val.Span.Text(), Resolved: true})
	}
}

// start reads the first argument: a keyword or a template name.
func (w *pathWalker) start() pathCtx {
	name := w.text(0)
	for _, kw := range grammar.PathStarts(w.spec.Style) {
		if name != kw {
			continue
		}
		c := w.keywordContext(kw)
		s := w.step(StepStart, c)
		s.Resolved = c.kind != NoContext
		return c
	}
	s := w.step(StepStart, pathCtx{})
	if t := w.v.Local(w.path, grammar.NodeTemplate, name); t.Valid() {
		s.Target, s.Resolved = t, true
		c := pathCtx{kind: NodeContext, typ: w.v.TypeOf(t), node: t}
		s.Context, s.Type = c.kind, c.typ
		if w.spec.Style == grammar.ToscaPath && w.more() && grammar.IsIndex(w.text(w.i), w.spec.Style) {
			w.step(StepIndex, c).Resolved = true
		}
		return c
	}
	if t := w.v.Local(w.path, grammar.RelationshipTemplate, name); t.Valid() {
		s.Target, s.Resolved = t, true
		c := w.relationshipOf(w.v.TypeOf(t))
		s.Context, s.Type = c.kind, c.typ
		return c
	}
	return pathCtx{}
}

// keywordContext is what SELF, SOURCE, TARGET or HOST stand for where the call is.
func (w *pathWalker) keywordContext(kw string) pathCtx {
	self := w.selfContext()
	switch kw {
	case grammar.KeywordSelf:
		return self
	case grammar.KeywordSource:
		if self.kind == RelationshipContext {
			return pathCtx{kind: NodeContext, typ: self.source}
		}
	case grammar.KeywordTarget:
		if self.kind == RelationshipContext {
			return pathCtx{kind: NodeContext, typ: self.target}
		}
	case grammar.KeywordHost:
		if self.kind == NodeContext {
			return pathCtx{kind: NodeContext, typ: w.host()}
		}
	}
	return pathCtx{}
}

// selfContext is the element holding the call: the relationship of the
// requirement it sits in, else its template or type.
func (w *pathWalker) selfContext() pathCtx {
	f := w.f
	var req facts.ID = facts.None
	for id := w.at; id != facts.None; id = f.Entity(id).Parent {
		e := f.Entity(id)
		switch {
		case e.G() == grammar.RequirementAssign || e.G() == grammar.RequirementDef:
			req = id
		case e.G() == grammar.NodeTemplateDef || e.G() == grammar.NodeTypeDef:
			node := Decl{w.path, id}
			var tmpl Decl
			if e.G() == grammar.NodeTemplateDef {
				tmpl, node = node, w.v.TypeOf(node)
			}
			if req == facts.None {
				return pathCtx{kind: NodeContext, typ: node, node: tmpl}
			}
			m, _ := w.v.Member(node, grammar.SectionRequirements, f.Entity(req).Name)
			c := w.relationshipOf(w.v.RequirementRelationship(w.path, req, m))
			c.source = node
			c.target = w.v.RequirementNodeType(w.path, req)
			if !c.target.Valid() && m.Def.Valid() {
				c.target = w.v.RequirementNodeType(m.Def.Path, m.Def.ID)
			}
			c.capType = w.v.RequirementCapability(m)
			return c
		case e.G() == grammar.RelationshipTemplateDef:
			return w.relationshipOf(w.v.TypeOf(Decl{w.path, id}))
		case e.G() == grammar.RelationshipTypeDef:
			return w.relationshipOf(Decl{w.path, id})
		case e.G() == grammar.CapabilityTypeDef:
			return pathCtx{kind: CapabilityContext, typ: Decl{w.path, id}}
		}
	}
	return pathCtx{}
}

func (w *pathWalker) relationshipOf(t Decl) pathCtx {
	return pathCtx{kind: RelationshipContext, typ: t}
}

// host is the node type that hosts the node holding the call: the target
// of its `host` requirement.
func (w *pathWalker) host() Decl {
	f := w.f
	for id := w.at; id != facts.None; id = f.Entity(id).Parent {
		e := f.Entity(id)
		if e.G() != grammar.NodeTemplateDef && e.G() != grammar.NodeTypeDef {
			continue
		}
		for _, r := range f.Entries(id, grammar.SectionRequirements) {
			if f.Entity(r).Name == grammar.PathHostRequirement {
				if t := w.v.RequirementNodeType(w.path, r); t.Valid() {
					return t
				}
			}
		}
		node := Decl{w.path, id}
		if e.G() == grammar.NodeTemplateDef {
			node = w.v.TypeOf(node)
		}
		if m, ok := w.v.Member(node, grammar.SectionRequirements, grammar.PathHostRequirement); ok {
			return w.v.RequirementNodeType(m.Def.Path, m.Def.ID)
		}
		return Decl{}
	}
	return Decl{}
}

// toscaKeywords are the keywords a TOSCA path may continue with in each
// context (§10.3): a node leads into the relationship of one of its
// requirements or into one of its capabilities; a relationship to its
// source or target node or to its target capability; a capability to the
// relationships that target it.
var toscaKeywords = map[PathContext][]string{
	NodeContext:         {grammar.KeywordRelationship, grammar.KeywordCapability},
	RelationshipContext: {grammar.KeywordSource, grammar.KeywordTarget, grammar.KeywordCapability},
	CapabilityContext:   {grammar.KeywordRelationship},
}

// toscaSteps follows the relationship steps of a final 2.0 TOSCA path.
func (w *pathWalker) toscaSteps(c pathCtx) pathCtx {
	for w.more() {
		kw := w.text(w.i)
		if !slices.Contains(toscaKeywords[c.kind], kw) {
			return c
		}
		w.step(StepKeyword, c).Resolved = true
		switch {
		case c.kind == NodeContext && kw == grammar.KeywordRelationship:
			m, read := w.keywordMember(c, StepRequirement, grammar.SectionRequirements)
			if !read {
				return pathCtx{}
			}
			w.index(c)
			next := w.relationshipOf(w.v.RequirementRelationship("", facts.None, m))
			next.source, next.target, next.capType = c.typ, w.v.RequirementNodeType(m.Def.Path, m.Def.ID), w.v.RequirementCapability(m)
			c = next
		case c.kind == NodeContext && kw == grammar.KeywordCapability:
			m, read := w.keywordMember(c, StepCapability, grammar.SectionCapabilities)
			if !read {
				return pathCtx{}
			}
			c = pathCtx{kind: CapabilityContext, typ: w.v.MemberType(m)}
		case c.kind == RelationshipContext && (kw == grammar.KeywordSource || kw == grammar.KeywordTarget):
			t := c.source
			if kw == grammar.KeywordTarget {
				t = c.target
			}
			c = pathCtx{kind: NodeContext, typ: t}
		case c.kind == RelationshipContext && kw == grammar.KeywordCapability:
			c = pathCtx{kind: CapabilityContext, typ: c.capType}
		case c.kind == CapabilityContext && kw == grammar.KeywordRelationship:
			w.index(c)
			c = pathCtx{kind: RelationshipContext}
		}
	}
	return c
}

// keywordMember reads the member name that follows a RELATIONSHIP or
// CAPABILITY keyword, a member of section of the node's type; read is
// false when the path ends before it (names are expected at the cursor).
func (w *pathWalker) keywordMember(c pathCtx, kind StepKind, section string) (m Member, read bool) {
	if !w.more() {
		if w.atEnd() {
			w.expectNames(pathCtx{typ: c.typ}, nil, section)
		}
		return Member{}, false
	}
	s := w.step(kind, c)
	s.Section = section
	m, ok := w.v.Member(c.typ, section, s.Name)
	s.Resolved = ok || !c.typ.Valid()
	if ok {
		s.Member = &m
	}
	return m, true
}

// index reads an optional index after a step.
func (w *pathWalker) index(c pathCtx) {
	if w.more() && grammar.IsIndex(w.text(w.i), w.spec.Style) {
		w.step(StepIndex, c).Resolved = true
	}
}

// entityStep reads the optional capability or requirement name of a 1.x
// path: [ entity, capability_or_requirement, name, … ].
func (w *pathWalker) entityStep(c pathCtx) pathCtx {
	name := w.text(w.i)
	if _, ok := w.member(c, name); ok || !c.typ.Valid() {
		return c
	}
	if m, ok := w.v.Member(c.typ, grammar.SectionCapabilities, name); ok {
		s := w.step(StepCapability, c)
		s.Section, s.Member, s.Resolved = grammar.SectionCapabilities, &m, true
		return pathCtx{kind: CapabilityContext, typ: w.v.MemberType(m)}
	}
	if m, ok := w.v.Member(c.typ, grammar.SectionRequirements, name); ok {
		s := w.step(StepRequirement, c)
		s.Section, s.Member, s.Resolved = grammar.SectionRequirements, &m, true
		next := w.relationshipOf(w.v.RequirementRelationship("", facts.None, m))
		next.capType = w.v.RequirementCapability(m)
		next.target = w.requirementTarget(c.node, m)
		next.throughRequirement = true
		if p := w.spec.RequirementIndex; p != nil && w.more() && grammar.IsIndex(w.text(w.i), w.spec.Style) && w.following() {
			s := w.step(StepIndex, next)
			s.Resolved, s.By = true, p
		}
		return next
	}
	return c
}

// requirementTarget is the node type a requirement of a node leads to:
// that of the node its assignment in template node names, else the one
// its definition names.
func (w *pathWalker) requirementTarget(node Decl, m Member) Decl {
	if node.Valid() {
		f := w.v.Facts(node.Path)
		for _, r := range f.Entries(node.ID, grammar.SectionRequirements) {
			if f.Entity(r).Name != m.Name {
				continue
			}
			if t := w.v.RequirementNodeType(node.Path, r); t.Valid() {
				return t
			}
		}
	}
	if m.Def.Valid() {
		return w.v.RequirementNodeType(m.Def.Path, m.Def.ID)
	}
	return Decl{}
}

// readIn are the types a name is read in where the path stands.
func (c pathCtx) readIn() []Decl {
	out := []Decl{c.typ, c.capType}
	if c.throughRequirement {
		out = append(out, c.target)
	}
	return out
}

// member looks up the name a path reads in a context: in the function's
// section of the context's type (an attribute path may also read a
// property); a relationship's requirement also offers its capability's.
func (w *pathWalker) member(c pathCtx, name string) (Member, bool) {
	sections := []string{w.spec.Sections[0]}
	if w.spec.AlsoProperties {
		sections = append(sections, grammar.SectionProperties)
	}
	for _, t := range c.readIn() {
		for _, sec := range sections {
			if m, ok := w.v.Member(t, sec, name); ok {
				return m, true
			}
		}
	}
	return Member{}, false
}

// names reads the names the function reads: one member, or an interface
// then an operation.
func (w *pathWalker) names(c pathCtx) pathCtx {
	if !w.more() {
		if w.atEnd() {
			w.expectFirstName(c)
		}
		return c
	}
	s := w.step(StepName, c)
	s.Section = w.spec.Sections[0]
	if c.throughRequirement {
		for _, t := range c.readIn()[1:] {
			if t.Valid() {
				s.Also = append(s.Also, t)
			}
		}
	}
	m, ok := w.member(c, s.Name)
	// Through a requirement whose target node is not known (any node with
	// the capability), the name may be the target's.
	s.Resolved = ok || !c.typ.Valid() || c.throughRequirement && !c.target.Valid()
	if !ok {
		return pathCtx{}
	}
	// Each step keeps its own copy: m moves on to the next name below.
	first := m
	s.Member, s.Section = &first, m.Section
	for _, sec := range w.spec.Sections[1:] {
		t := w.v.MemberType(m)
		if !w.more() {
			if w.atEnd() {
				w.expectNames(pathCtx{typ: t}, nil, sec)
			}
			return pathCtx{}
		}
		s = w.step(StepName, pathCtx{kind: c.kind, typ: t})
		s.Section = sec
		next, found := w.v.Member(t, sec, s.Name)
		s.Resolved = found || !t.Valid()
		if !found {
			return pathCtx{}
		}
		s.Member, m = &next, next
	}
	vd := w.v.MemberValue(m)
	return pathCtx{kind: ValueContext, typ: vd.Type, def: vd.Def}
}

// expectFirstName records what may come where the name the function reads
// is expected: that name, the keywords the context allows in a TOSCA path,
// and, right after the entity of a path that may go through one, the
// entity's capabilities and requirements.
func (w *pathWalker) expectFirstName(c pathCtx) {
	sections := []string{w.spec.Sections[0]}
	if w.spec.AlsoProperties {
		sections = append(sections, grammar.SectionProperties)
	}
	var keywords []string
	if w.spec.Style == grammar.ToscaPath {
		keywords = toscaKeywords[c.kind]
	}
	if w.spec.Through && w.i == 1 {
		sections = append(sections, grammar.SectionCapabilities, grammar.SectionRequirements)
	}
	w.expectNames(c, keywords, sections...)
}

// fields reads the field names and list indexes into the value read.
func (w *pathWalker) fields(c pathCtx) {
	for w.more() {
		s := w.step(StepField, c)
		vd := ValueDef{Def: c.def, Type: c.typ}
		if grammar.IsIndex(s.Name, grammar.EntityPath) {
			s.Resolved = true
			entry := w.v.Entry(vd)
			c = pathCtx{kind: ValueContext, typ: entry.Type, def: entry.Def}
			continue
		}
		m, field, ok := w.v.Field(vd, s.Name)
		s.Resolved = ok || !c.typ.Valid() || len(w.v.Members(c.typ, grammar.SectionProperties)) == 0
		if !ok {
			c = pathCtx{kind: ValueContext}
			continue
		}
		s.Member, s.Section = &m, grammar.SectionProperties
		c = pathCtx{kind: ValueContext, typ: field.Type, def: field.Def}
	}
	if w.atEnd() {
		w.expectNames(pathCtx{typ: c.typ}, nil, grammar.SectionProperties)
	}
}

// RequirementRelationship is the relationship type of a requirement: the
// one its assignment (entity req of the file at path, if any) names, else
// the one its definition names.
func (v *View) RequirementRelationship(path string, req facts.ID, m Member) Decl {
	if path != "" && req != facts.None {
		f := v.Facts(path)
		if name := f.FieldText(req, grammar.KeyRelationship); name != "" {
			if t := v.Lookup(path, grammar.RelationshipType, name); t.Valid() {
				return t
			}
			if tmpl := v.Local(path, grammar.RelationshipTemplate, name); tmpl.Valid() {
				return v.TypeOf(tmpl)
			}
		}
		if sub := f.Sub(req, grammar.KeyRelationship); sub != facts.None {
			if t := v.TypeOf(Decl{path, sub}); t.Valid() {
				return t
			}
		}
	}
	for _, def := range v.definitions(m) {
		f := v.Facts(def.Path)
		if sub := f.Sub(def.ID, grammar.KeyRelationship); sub != facts.None {
			if t := v.TypeOf(Decl{def.Path, sub}); t.Valid() {
				return t
			}
		}
		if name := f.FieldText(def.ID, grammar.KeyRelationship); name != "" {
			if t := v.Lookup(def.Path, grammar.RelationshipType, name); t.Valid() {
				return t
			}
		}
	}
	return Decl{}
}

// RequirementCapability is the capability type a requirement definition asks for.
func (v *View) RequirementCapability(m Member) Decl {
	for _, def := range v.definitions(m) {
		if name := v.FieldText(def, grammar.KeyCapability); name != "" {
			if t := v.Lookup(def.Path, grammar.CapabilityType, name); t.Valid() {
				return t
			}
		}
	}
	return Decl{}
}
