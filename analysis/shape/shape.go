// Package shape reads the values a TOSCA file writes — property, attribute
// and input values, defaults, the operands of constraints, function
// arguments, validation expressions — as the grammar and the model say they
// must be, with one type per shape of value:
//
//   - literal: a scalar of a data type (a string, a number, a scalar value
//     with its unit, a version, a timestamp …);
//   - list and dict: a list or a map of a data type, whose entries follow
//     its entry schema;
//   - complex: a value of a data type with properties, whose keys are its
//     fields;
//   - call: a function call (built in, a dialect's operator, a custom or
//     namespaced function, `$value` in a validation), whose arguments are
//     values again, or the steps of a TOSCA path;
//   - free: a value whose type is not known (only its calls are read);
//   - heat: the value of a Heat resource's property, as Heat's resource
//     registry describes it (a map, a list, a scalar with allowed values).
//
// Each shape answers, for itself, what the editor features ask of a value:
// what is at an offset (Hover, Definition), what may be written at the
// cursor (Complete), the semantic tokens of its names (Tokens), and the
// snippet that writes a new value of it (Snippet). The features find the
// shape at a position (At, Find) and ask it; none of them switches on the
// shape of a value itself. The design follows hcl-lang's decoder, which has
// one type per expression shape, each answering completion, hover, tokens
// and reference targets for its shape.
//
// Shapes are made afresh per request from a file's facts (closed files
// included): they hold a value id and what the value follows, nothing
// else, and cost a walk down the value to the position asked about.
package shape

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Env is one file's values as a view sees them.
type Env struct {
	V    *model.View
	Path string
	F    *facts.Facts
	// Vers are the file's versions, narrowed for TOSCA 2.0 to the form it
	// uses.
	Vers grammar.Versions
	// families memoises family per data type.
	families map[model.Decl]family
}

// NewEnv returns the values of the file at path (nil when the view has no
// facts of a TOSCA file or a Heat template for it).
func NewEnv(v *model.View, path string) *Env {
	f := v.Facts(path)
	if f == nil || f.Lang != grammar.TOSCA && f.Lang != grammar.Heat {
		return nil
	}
	return &Env{V: v, Path: path, F: f, Vers: grammar.NarrowVersions(f.Versions, f.Form), families: map[model.Decl]family{}}
}

// A Shape is one value of a file and what it must be.
type Shape interface {
	// Value is the value read.
	Value() facts.ValueID
	// Def is what the value follows: the definition typing it and its data
	// type (either invalid where not known).
	Def() model.ValueDef
	// Part is the shape of the part of the value that holds off (an
	// entry, a field's value, an argument), nil when none does: off is on
	// the value itself, or on a key of it.
	Part(off int) Shape
	// Hover says what is at off, nil when nothing.
	Hover(off int) *Hover
	// Definition locates what is at off.
	Definition(off int) []model.Location
	// Complete offers what may be written at the cursor of q, which is in
	// the value (or where the value goes).
	Complete(q *Query)
	// Tokens reports the semantic tokens of the names the value writes
	// (not those of its parts).
	Tokens(yield func(Token))
	// Snippet writes a new value of the shape.
	Snippet(w *Writer)
}

// Hover is what a shape says about a position: its own markdown, and a
// declaration, member or keyword it names, which the hover feature
// describes after it as it describes them everywhere.
type Hover struct {
	Span     text.Span
	Markdown string
	Decl     model.Decl
	Member   *model.Member
	// Keyword is a keyword of the call Fn (SELF, RELATIONSHIP, ALL …).
	Keyword string
	Fn      *grammar.Function
}

// TokenKind classifies a name a value writes.
type TokenKind uint8

const (
	// TokenFunction is a function's name.
	TokenFunction TokenKind = iota + 1
	// TokenMember is a member of a type (a property, a requirement, a
	// capability …): Member says which.
	TokenMember
	// TokenKeyword is a keyword of a path (SELF, RELATIONSHIP, ALL …).
	TokenKeyword
	// TokenDecl is a declared name (a template): Decl says which.
	TokenDecl
)

// Token is a name of a value and what it names.
type Token struct {
	Span   text.Span
	Kind   TokenKind
	Member *model.Member
	Decl   model.Decl
	// Builtin marks a function the language provides.
	Builtin bool
	// Fn is the function of a TokenFunction (nil for a custom one).
	Fn *grammar.Function
}

// Of reads value id of the file as def says it must be: a call whatever
// def says, else by the family of def's data type.
func (e *Env) Of(id facts.ValueID, def model.ValueDef) Shape {
	return e.of(id, def, nil)
}

// of reads value id; subject is what `$value` stands for where the value
// is (a validation expression), nil elsewhere.
func (e *Env) of(id facts.ValueID, def model.ValueDef, subject *model.ValueDef) Shape {
	b := base{e: e, id: id, def: def, subject: subject}
	if c := e.F.CallAt(id); c != nil {
		return &call{base: b, c: c, name: c.Name}
	}
	if e.callString(id) {
		return &call{base: b, name: e.F.Text(id)}
	}
	switch fam := e.family(def.Type); fam.kind {
	case famList:
		return &list{base: b}
	case famMap:
		return &dict{base: b}
	case famComplex:
		return &complexValue{base: b}
	case famPrimitive:
		return &literal{base: b, prim: fam.prim}
	}
	return &free{base: b}
}

// callString reports a final 2.0 call without arguments written as a
// string (`$node_index`, `$value`).
func (e *Env) callString(id facts.ValueID) bool {
	val := e.F.Value(id)
	return val != nil && val.Kind() == syntax.Scalar && val.Style() == syntax.Plain && e.F.Versions.Has(grammar.V2Final) && grammar.IsCallString(e.F.Text(id))
}

// family is how values of a data type are written.
type family struct {
	kind famKind
	prim grammar.Primitive
}

type famKind uint8

const (
	// famUnknown: the type is not known (no type, or a chain nobody can
	// see, or a type that says nothing of its values).
	famUnknown famKind = iota
	famPrimitive
	famList
	famMap
	famComplex
)

// family reads data type t: the family of the built-in type it derives
// from, else complex when it has properties.
func (e *Env) family(t model.Decl) family {
	if !t.Valid() {
		return family{}
	}
	if f, ok := e.families[t]; ok {
		return f
	}
	var f family
	if b := e.V.Builtin(t, e.Vers); b != nil {
		switch b.Kind {
		case grammar.PrimList:
			f.kind = famList
		case grammar.PrimMap:
			f.kind = famMap
		case grammar.NotPrimitive:
		default:
			f = family{kind: famPrimitive, prim: b.Kind}
		}
	} else if len(e.V.Members(t, grammar.SectionProperties)) > 0 {
		f.kind = famComplex
	}
	e.families[t] = f
	return f
}

// base is what every shape holds: the value and what it follows.
type base struct {
	e   *Env
	id  facts.ValueID
	def model.ValueDef
	// subject is what `$value` stands for (see Env.of).
	subject *model.ValueDef
}

// child reads a part of the value.
func (b *base) child(id facts.ValueID, def model.ValueDef) Shape { return b.e.of(id, def, b.subject) }

func (b *base) Value() facts.ValueID { return b.id }
func (b *base) Def() model.ValueDef  { return b.def }

// span is where the value is written.
func (b *base) span() text.Span {
	if val := b.e.F.Value(b.id); val != nil {
		return val.Span.Text()
	}
	return text.Span{}
}

// holds reports whether value id of the file holds off.
func (e *Env) holds(id facts.ValueID, off int) bool {
	val := e.F.Value(id)
	return val != nil && int(val.Span.Start) <= off && off <= int(val.Span.End)
}

// pairAt is the pair of mapping id whose key (onKey) or value holds off.
func (e *Env) pairAt(id facts.ValueID, off int) (key, val facts.ValueID, onKey, ok bool) {
	for k, v := range e.F.Pairs(id) {
		if e.holds(k, off) {
			return k, v, true, true
		}
		if e.holds(v, off) {
			return k, v, false, true
		}
	}
	return facts.NoValue, facts.NoValue, false, false
}

// itemAt is the item of sequence id that holds off.
func (e *Env) itemAt(id facts.ValueID, off int) (facts.ValueID, int, bool) {
	for i, it := range e.F.Items(id) {
		if e.holds(it, off) {
			return it, i, true
		}
	}
	return facts.NoValue, -1, false
}

// nameAt resolves the name the model's use index has at off (a
// reference, a step of a path, a custom function's name).
func (e *Env) nameAt(off int) (text.Span, model.Resolved, bool) {
	use, ok := e.V.UseAt(e.Path, off)
	if !ok {
		return text.Span{}, model.Resolved{}, false
	}
	r := e.V.ResolveUse(e.Path, use)
	return use.Span, r, r.Member != nil || r.Target.Valid()
}

// nameHover describes the name at off: the declaration or member it
// resolves to.
func (e *Env) nameHover(off int) *Hover {
	span, r, ok := e.nameAt(off)
	switch {
	case !ok:
		return nil
	case r.Member != nil:
		m := *r.Member
		return &Hover{Span: span, Member: &m}
	}
	return &Hover{Span: span, Decl: r.Target}
}

// nameDefinition locates what the name at off resolves to.
func (e *Env) nameDefinition(off int) []model.Location {
	_, r, ok := e.nameAt(off)
	switch {
	case !ok:
		return nil
	case r.Member != nil:
		return []model.Location{e.V.Location(r.Member.Def)}
	}
	return []model.Location{e.V.Location(r.Target)}
}
