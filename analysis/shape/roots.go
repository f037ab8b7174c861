package shape

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Where values start: a value is the value of a keyname of an entity (a
// field), and the keyname says what it follows — the member a template's
// section assigns, the definition whose default it is, the type a
// constraint constrains — or that it is an expression whose `$value` is
// the value a definition types.

// At returns the innermost shape holding off, nil when off is in none of
// the file's values.
func (e *Env) At(off int) Shape {
	s := e.rootAt(off)
	for s != nil {
		p := s.Part(off)
		if p == nil {
			return s
		}
		s = p
	}
	return nil
}

// Find returns the shape of the value written exactly at span (a node a
// completion is about), nil when it is no value or a part of none.
func (e *Env) Find(span text.Span) Shape {
	for s := e.rootAt(span.Start); s != nil; s = s.Part(span.Start) {
		val := e.F.Value(s.Value())
		if val == nil || val.Span.Text() == span {
			return s // a value not written (a null the binder keeps no value of)
		}
	}
	return nil
}

// rootAt is the shape of the field value holding off.
func (e *Env) rootAt(off int) Shape {
	id := e.F.EntityAt(off)
	for _, fl := range e.F.FieldsOf(id) {
		if e.holds(fl.Value, off) {
			return e.fieldRoot(id, fl, off)
		}
	}
	if ent := e.F.Entity(id); ent != nil && ent.G() == grammar.ConditionalPropertyDef && len(e.F.FieldsOf(id)) == 0 && ent.Span.Text().Contains(off) {
		// A conditional value left empty (`- secure:`): the binder keeps
		// its entity but no value.
		return e.Of(facts.NoValue, e.conditionalValue(ent))
	}
	return nil
}

// fieldRoot reads the value of field fl of entity id, which holds off.
func (e *Env) fieldRoot(id facts.ID, fl facts.Field, off int) Shape {
	f, v := e.F, e.V
	d := model.Decl{Path: e.Path, ID: id}
	ent := f.Entity(id)
	k := fl.Key()
	switch {
	case k == nil:
		// The value of an entity written only as a value (a variability
		// expression).
		return e.calls(fl.Value, off)
	case model.HoldsValues(k):
		// A section of values assigned to members (a template's
		// properties): the entry holding off.
		key, val, onKey, ok := e.pairAt(fl.Value, off)
		if !ok || onKey {
			return nil
		}
		return e.Of(val, e.memberValue(v.SectionType(d), k.Name, f.Text(key)))
	case ent.G() == grammar.ConditionalPropertyDef:
		// A Variability4TOSCA conditional value: the member it gives.
		if k.Name != grammar.KeyValue {
			return e.calls(fl.Value, off)
		}
		return e.Of(fl.Value, e.conditionalValue(ent))
	case ent.G() == grammar.ConstraintClause:
		return e.operand(id, fl, off)
	case k.Name == grammar.KeyValidation:
		subject := e.validated(d)
		return e.of(fl.Value, model.ValueDef{}, &subject)
	case k.Name == grammar.KeyDefault || k.Name == grammar.KeyValue:
		return e.Of(fl.Value, e.definitionValue(d))
	}
	return e.calls(fl.Value, off)
}

// calls reads a value no definition types, when it holds a call at off (a
// keyname computed by a function: `count: { $get_input: n }`); nil
// otherwise, as a keyname's own value is the grammar's.
func (e *Env) calls(id facts.ValueID, off int) Shape {
	for i := range e.F.Calls {
		c := &e.F.Calls[i]
		if int(c.Span.Start) <= off && off <= int(c.Span.End) && e.holds(id, int(c.Span.Start)) {
			return e.Of(id, model.ValueDef{})
		}
	}
	if e.callString(id) {
		return e.Of(id, model.ValueDef{})
	}
	return nil
}

// conditionalValue is what a Variability4TOSCA conditional value follows:
// the member of its template's type it gives a value.
func (e *Env) conditionalValue(ent *facts.Entity) model.ValueDef {
	parent := model.Decl{Path: e.Path, ID: ent.Parent}
	return e.memberValue(e.V.SectionType(parent), ent.Key().Name, ent.Name)
}

// memberValue is what the value of member name of section of type t
// follows (nothing known when t has no such member).
func (e *Env) memberValue(t model.Decl, section, name string) model.ValueDef {
	m, ok := e.V.Member(t, section, name)
	if !ok {
		return model.ValueDef{}
	}
	return e.V.MemberValue(m)
}

// definitionValue is what the values of a definition (its default, its
// fixed value) follow: the member it defines or refines, else itself.
func (e *Env) definitionValue(d model.Decl) model.ValueDef {
	if m, ok := e.V.DefinedMember(d); ok {
		return e.V.MemberValue(m)
	}
	return model.ValueDef{Def: d, Type: e.V.TypeOf(d)}
}

// validated is what a validation expression written in entity d checks: a
// value of the data type d declares, or of the definition d.
func (e *Env) validated(d model.Decl) model.ValueDef {
	if e.V.Kind(d) == grammar.DataType {
		return model.ValueDef{Type: d}
	}
	return e.definitionValue(d)
}

// operand reads an operand of a constraint clause: a value of what the
// clause constrains (`equal: 5`), or a list of them (`in_range`,
// `valid_values`).
func (e *Env) operand(id facts.ID, fl facts.Field, off int) Shape {
	def, ok := e.constrained(id)
	if !ok {
		return e.calls(fl.Value, off)
	}
	switch fl.Key().Value.Kind {
	case grammar.AnyValue:
		return e.Of(fl.Value, def)
	case grammar.RangeValue, grammar.ListValue:
		return &operands{base: base{e: e, id: fl.Value, def: def}}
	}
	return nil
}

// constrained is what a constraint clause constrains: the property a node
// or capability filter names it for, the data type or the definition
// holding the clause (through nested `and`, `or`, `not`).
func (e *Env) constrained(id facts.ID) (model.ValueDef, bool) {
	f := e.F
	for {
		ent := f.Entity(id)
		parent := f.Entity(ent.Parent)
		if parent == nil || parent.G() == nil {
			return model.ValueDef{}, false
		}
		pd := model.Decl{Path: e.Path, ID: ent.Parent}
		switch {
		case ent.Name != "" && (parent.G() == grammar.NodeFilterDef || parent.G() == grammar.CapabilityFilterDef):
			def := e.memberValue(e.V.SectionType(pd), grammar.SectionProperties, ent.Name)
			return def, def.Def.Valid()
		case parent.G() == grammar.ConstraintClause:
			id = ent.Parent
		case parent.Declares() == grammar.DataType:
			return model.ValueDef{Type: pd}, true
		default:
			return e.definitionValue(pd), true
		}
	}
}
