package facts

import (
	"iter"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Accessors of the tables. They never fail: an absent entity, field or
// value reads as empty.

// Entity returns entity id (nil for None or out of range).
func (f *Facts) Entity(id ID) *Entity {
	if f == nil || id < 0 || int(id) >= len(f.Entities) {
		return nil
	}
	return &f.Entities[id]
}

// FieldsOf returns the fields of an entity.
func (f *Facts) FieldsOf(id ID) []Field {
	e := f.Entity(id)
	if e == nil {
		return nil
	}
	end := int32(len(f.Fields))
	if next := int(id) + 1; next < len(f.Entities) {
		end = f.Entities[next].firstField
	}
	if e.firstField == end {
		return nil
	}
	return f.Fields[e.firstField:end]
}

// Field finds the field of an entity written with keyname name.
func (f *Facts) Field(id ID, name string) (Field, bool) {
	for _, fl := range f.FieldsOf(id) {
		if fl.Key() != nil && fl.Key().Name == name {
			return fl, true
		}
	}
	return Field{Value: NoValue}, false
}

// FieldValue is the value of the field name of an entity, or NoValue.
func (f *Facts) FieldValue(id ID, name string) ValueID {
	fl, _ := f.Field(id, name)
	return fl.Value
}

// FieldText is the scalar text of the field name of an entity ("" if the
// field is absent or not a scalar).
func (f *Facts) FieldText(id ID, name string) string {
	return f.ScalarText(f.FieldValue(id, name))
}

// Value returns value v (nil for NoValue).
func (f *Facts) Value(v ValueID) *Value {
	if f == nil || v < 0 || int(v) >= len(f.Values) {
		return nil
	}
	return &f.Values[v]
}

// Text is the text of a scalar value: its decoded value (quotes and escapes
// processed); "" for other values.
func (f *Facts) Text(v ValueID) string {
	val := f.Value(v)
	if val == nil || val.Kind() != syntax.Scalar {
		return ""
	}
	if s, ok := f.decoded[uint32(v)]; ok {
		return s
	}
	return syntax.DecodeScalar(f.Src, int(val.Span.Start), int(val.Span.End), val.Style())
}

// RefName is the name a reference writes, quotes and escapes processed.
func (f *Facts) RefName(r *Ref) string {
	if s, ok := f.refNames[r.Span.Start]; ok {
		return s
	}
	return f.Src[r.Span.Start:r.Span.End]
}

// ScalarText is Text for scalars and "" otherwise.
func (f *Facts) ScalarText(v ValueID) string { return f.Text(v) }

// Items are the children of a sequence value.
func (f *Facts) Items(v ValueID) []ValueID {
	val := f.Value(v)
	if val == nil || val.Kind() != syntax.Sequence {
		return nil
	}
	out := make([]ValueID, val.N())
	for i := range out {
		out[i] = ValueID(val.First) + ValueID(i)
	}
	return out
}

// Pairs iterates over the key and value of each entry of a mapping value.
func (f *Facts) Pairs(v ValueID) iter.Seq2[ValueID, ValueID] {
	return func(yield func(ValueID, ValueID) bool) {
		val := f.Value(v)
		if val == nil || val.Kind() != syntax.Mapping {
			return
		}
		for i := int32(0); i < val.N(); i += 2 {
			if !yield(ValueID(val.First+i), ValueID(val.First+i+1)) {
				return
			}
		}
	}
}

// Get is the value of the entry key of a mapping value, or NoValue.
func (f *Facts) Get(v ValueID, key string) ValueID {
	for k, val := range f.Pairs(v) {
		if f.Text(k) == key {
			return val
		}
	}
	return NoValue
}

// Call returns the function call whose arguments are at v, or nil. A call
// is stored as a one-entry mapping (name, arguments).
func (f *Facts) CallAt(v ValueID) *Call {
	val := f.Value(v)
	if val == nil || val.Kind() != syntax.Mapping || val.N() != 2 {
		return nil
	}
	args := ValueID(val.First + 1)
	for i := range f.Calls {
		if f.Calls[i].Args == args {
			return &f.Calls[i]
		}
	}
	return nil
}

// Children iterates over the direct children of an entity.
func (f *Facts) Children(id ID) iter.Seq[ID] {
	return func(yield func(ID) bool) {
		e := f.Entity(id)
		if e == nil {
			return
		}
		for c := id + 1; c < e.End; c = f.Entities[c].End {
			if !yield(c) {
				return
			}
		}
	}
}

// Entries lists the named entries of an entity's section (the property
// definitions of a type's `properties`), in source order. Entries written
// the way 1.0–1.2 allowed, directly in the entity (operations of an
// interface type), count as entries of the section that holds them now.
func (f *Facts) Entries(id ID, section string) []ID {
	e := f.Entity(id)
	if e == nil || e.G() == nil {
		return nil
	}
	defs := e.G().AnyKey(section).Definitions()
	var out []ID
	for c := range f.Children(id) {
		ce := &f.Entities[c]
		if ce.Name == "" {
			continue
		}
		if k := ce.Key(); k != nil && k.Name == section || k == nil && defs != nil && ce.G() == defs {
			out = append(out, c)
		}
	}
	return out
}

// Entry finds the named entry of an entity's section (None if absent).
func (f *Facts) Entry(id ID, section, name string) ID {
	for _, c := range f.Entries(id, section) {
		if f.Entities[c].Name == name {
			return c
		}
	}
	return None
}

// Sub is the unnamed entity held by keyname key of entity id (an
// `entry_schema`, a requirement's `relationship`), or None.
func (f *Facts) Sub(id ID, key string) ID {
	for c := range f.Children(id) {
		ce := &f.Entities[c]
		if k := ce.Key(); k != nil && k.Name == key && ce.Name == "" {
			return c
		}
	}
	return None
}

// TypeAround returns the type definition id lies in (id itself when it is
// one), or None when it lies in none (in a template, an input, the root).
func (f *Facts) TypeAround(id ID) ID {
	for e := f.Entity(id); e != nil; id, e = e.Parent, f.Entity(e.Parent) {
		if e.Declares().IsType() {
			return id
		}
	}
	return None
}

// Declarations iterates over the entities that declare a name.
func (f *Facts) Declarations() iter.Seq[ID] {
	return func(yield func(ID) bool) {
		for id := range f.Entities {
			if f.Entities[id].Declares() != grammar.NoRef {
				if !yield(ID(id)) {
					return
				}
			}
		}
	}
}

// EntityAt returns the innermost entity whose span (or name) holds offset off.
func (f *Facts) EntityAt(off int) ID {
	o := uint32(off)
	best := None
	id := Root
	for f.Entity(id) != nil {
		best = id
		next := None
		for c := range f.Children(id) {
			ce := &f.Entities[c]
			if within(ce.Span, o) || ce.Name != "" && within(ce.NameSpan, o) {
				next = c
				break
			}
		}
		if next == None {
			break
		}
		id = next
	}
	return best
}

func within(s Span, o uint32) bool { return o >= s.Start && o <= s.End }

// Repository returns the url of repository name declared in the file, and
// its entity (None when the file has no such repository).
func (f *Facts) Repository(name string) (string, ID) {
	for id := range f.Declarations() {
		e := &f.Entities[id]
		if e.G() == grammar.RepositoryDef && e.Name == name {
			return f.FieldText(id, grammar.KeyURL), id
		}
	}
	return "", None
}

// Assignment is a value an entity gives a member of its type (a property
// of a template): the name as written, where, and the value (NoValue when
// a Variability4TOSCA `expression` computes it).
type Assignment struct {
	Name     string
	NameSpan Span
	Value    ValueID
}

// Assignments lists the values an entity assigns in a section: the entries
// of its map, or the conditional assignments a Variability4TOSCA file
// records as entries (several may give one name, as alternatives).
func (f *Facts) Assignments(id ID, section string) []Assignment {
	var out []Assignment
	if m := f.FieldValue(id, section); m != NoValue {
		if val := f.Value(m); val != nil && val.Kind() == syntax.Mapping {
			out = make([]Assignment, 0, val.N()/2)
		}
		for k, v := range f.Pairs(m) {
			out = append(out, Assignment{Name: f.Text(k), NameSpan: f.Value(k).Span, Value: v})
		}
		return out
	}
	for _, e := range f.Entries(id, section) {
		if ent := f.Entity(e); ent.G() == grammar.ConditionalPropertyDef {
			out = append(out, Assignment{Name: ent.Name, NameSpan: ent.NameSpan, Value: f.FieldValue(e, grammar.KeyValue)})
		}
	}
	return out
}

// TypeText is the type an entity's keyname key names as written: the name,
// or the alternatives of a Variability4TOSCA conditional type, `a | b`.
func (f *Facts) TypeText(id ID, key string) string {
	if t := f.FieldText(id, key); t != "" {
		return t
	}
	var alternatives []string
	for _, a := range f.Entries(id, key) {
		alternatives = append(alternatives, f.Entities[a].Name)
	}
	return strings.Join(alternatives, " | ")
}
