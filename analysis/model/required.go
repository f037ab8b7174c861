package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// What an assignment must give: the properties without a value of their
// own, the requirements that must be fulfilled.

// MustGive reports whether a property whose definitions are defs (the most
// derived first) must be given a value: it is required (the default) and
// none of them gives a default or a fixed value (2.0 `value`, or a
// refinement in the short notation).
func (v *View) MustGive(defs []Decl) bool {
	required := true
	for _, d := range defs {
		f := v.Facts(d.Path)
		e := f.Entity(d.ID)
		if e == nil || e.G() == grammar.AttributeDef || e.Short() {
			return false
		}
		if _, ok := f.Field(d.ID, grammar.KeyDefault); ok {
			return false
		}
		if _, ok := f.Field(d.ID, grammar.KeyValue); ok {
			return false
		}
		if txt := f.FieldText(d.ID, grammar.KeyRequired); txt != "" && required {
			required, _ = grammar.BooleanLiteral(txt, grammar.All)
		}
	}
	return required
}

// Needs are what an assignment of a type must give: its properties that
// must be given a value (MustGive) and its requirements whose occurrences
// (count_range in final 2.0) start above 0 — by default one in 1.x and the
// 2020 draft ([1, 1]), none in final 2.0 ([0, UNBOUNDED], §8.4); each in
// the type's order.
type Needs struct {
	Properties, Requirements []Member
}

// Needed works out what an assignment of type t must give, once per type
// and generation.
func (v *View) Needed(t Decl) *Needs {
	if !t.Valid() {
		return &Needs{}
	}
	if n, ok := v.prog.needed.get(t); ok {
		return n
	}
	n := &Needs{}
	for _, m := range v.Members(t, grammar.SectionProperties) {
		if v.MustGive(v.definitions(m)) {
			n.Properties = append(n.Properties, m)
		}
	}
	for _, m := range v.Members(t, grammar.SectionRequirements) {
		if v.lowerBound(m, v.definitions(m)) > 0 {
			n.Requirements = append(n.Requirements, m)
		}
	}
	return v.prog.needed.put(t, n)
}

// lowerBound is the lower bound of a requirement's occurrences or
// count_range, or its default.
func (v *View) lowerBound(m Member, defs []Decl) int64 {
	for _, d := range defs {
		f := v.Facts(d.Path)
		for _, key := range []string{grammar.KeyCountRange, grammar.KeyOccurrences} {
			if items := f.Items(f.FieldValue(d.ID, key)); len(items) == 2 {
				n, _ := grammar.ParseInteger(f.Text(items[0]))
				return n
			}
		}
	}
	if f := v.Facts(m.Origin.Path); f == nil || f.Versions.Has(grammar.V2Final) {
		return 0
	}
	return 1
}
