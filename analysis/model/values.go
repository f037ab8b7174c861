package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Values: which definition a value written in a file follows — the
// property, attribute or input definition it assigns, the field of a data
// type it fills, the entry schema of the list or map it is an entry of —
// and so which data type it has.

// ValueDef is what a value follows: the definition that types it (a
// property, attribute, input or parameter definition, or a schema) and its
// data type, resolved where that definition is written. Either may be
// unknown (invalid).
type ValueDef struct {
	Def  Decl
	Type Decl
}

// MemberValue is what the values of a property, attribute or input member
// follow: its most derived definition that names a type (a refinement may
// leave the type out).
func (v *View) MemberValue(m Member) ValueDef {
	for _, def := range v.definitions(m) {
		if t := v.TypeOf(def); t.Valid() {
			return ValueDef{Def: def, Type: t}
		}
	}
	return ValueDef{Def: m.Def}
}

// Field is the field called name of a value of a complex data type: the
// member of the data type, and what the field's values follow.
func (v *View) Field(d ValueDef, name string) (Member, ValueDef, bool) {
	m, ok := v.Member(d.Type, grammar.SectionProperties, name)
	if !ok {
		return Member{}, ValueDef{}, false
	}
	return m, v.MemberValue(m), true
}

// Entry is what the entries of a list or map value follow: its entry schema.
func (v *View) Entry(d ValueDef) ValueDef {
	schema := v.Schema([]Decl{d.Def}, d.Type, grammar.KeyEntrySchema)
	if !schema.Valid() {
		return ValueDef{}
	}
	return ValueDef{Def: schema, Type: v.TypeOf(schema)}
}

// Follow is what the part of a value under key name follows: the field
// of that name of its data type, else (a key of a map value, an index of a
// list) an entry.
func (v *View) Follow(d ValueDef, name string) ValueDef {
	if _, field, ok := v.Field(d, name); ok {
		return field
	}
	return v.Entry(d)
}

// HoldsValues reports whether a keyname's entries are values assigned to
// members (a template's properties, an operation's inputs), possibly
// wrapped with conditions (Variability4TOSCA).
func HoldsValues(k *grammar.Key) bool {
	elem := k.Value.Elem
	switch k.Value.Kind {
	case grammar.MapOfValue:
		return elem != nil && elem.Kind == grammar.AnyValue
	case grammar.NamedListValue:
		return elem != nil && elem.Wrapper
	}
	return false
}

// ValidValues lists the values a value may take when its definition or
// its data type's chain enumerates them: a `valid_values` constraint
// clause (1.x, 2020 draft) or a `$valid_values` validation (final 2.0).
func (v *View) ValidValues(d ValueDef) []string {
	var out []string
	collect := func(def Decl) {
		if !def.Valid() {
			return
		}
		f := v.Facts(def.Path)
		for c := range f.Children(def.ID) {
			if e := f.Entity(c); e.Key() != nil && e.Key().Name == grammar.KeyConstraints {
				out = append(out, scalarItems(f, f.FieldValue(c, grammar.ConstraintValidValues))...)
			}
		}
		if call := f.CallAt(f.FieldValue(def.ID, grammar.KeyValidation)); call != nil && call.Name == grammar.FunctionValidValues {
			if args := f.Items(call.Args); len(args) == 2 {
				out = append(out, scalarItems(f, args[1])...)
			}
		}
	}
	collect(d.Def)
	chain, _ := v.Chain(d.Type)
	for t := range chain.All() {
		collect(t)
	}
	return out
}

// scalarItems are the texts of the scalar items of a sequence value.
func scalarItems(f *facts.Facts, list facts.ValueID) []string {
	var out []string
	for _, it := range f.Items(list) {
		if val := f.Value(it); val.Kind() == syntax.Scalar {
			out = append(out, f.Text(it))
		}
	}
	return out
}

// DerivesFromBuiltin reports whether a data type is the built-in type
// named (grammar.TypeBoolean, TypeList, …) or derives from it.
func (v *View) DerivesFromBuiltin(t Decl, name string) bool {
	chain, _ := v.Chain(t)
	for c := range chain.All() {
		if v.Name(c) == name {
			return true
		}
	}
	return false
}
