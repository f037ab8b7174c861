package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// Scalar is what a scalar type declares along its derivation chain: the
// OASIS Standard's types derived from `scalar` (CSD07 §9.1.2.2) and the
// scalar-unit types of 1.x and the drafts.
type Scalar struct {
	// Base is the built-in type the chain reaches (`scalar`, `scalar-unit`,
	// scalar-unit.size, …).
	Base *grammar.BuiltinType
	// Number is the data type of the numbers (data_type), invalid when no
	// type of the chain names one: the standard's default is float.
	Number Decl
	// NumberName is the name data_type gives, "" when none does.
	NumberName string
	// Units and Prefixes are the entries of `units` and `prefixes` along
	// the chain, root first (derived types add to them); a name written
	// again keeps its first multiplier.
	Units, Prefixes []grammar.Unit
	// Canonical is the canonical_unit the chain writes, "" when none does.
	Canonical string
	// Table is every unit a value may be written in: the built-in table of
	// a draft's type, else each unit after each prefix (the prefix "" lets
	// a unit be written alone), or each unit alone when there are none.
	Table []grammar.Unit
}

// DefaultCanonical is the unit values are computed in: canonical_unit, else
// the one unit of multiplier 1 (§9.1.2.2); "" when neither tells.
func (s *Scalar) DefaultCanonical() string {
	if s.Canonical != "" {
		return s.Canonical
	}
	unit := ""
	for _, u := range s.Units {
		if u.Factor == 1 {
			if unit != "" {
				return ""
			}
			unit = u.Symbol
		}
	}
	return unit
}

// ScalarType reads the scalar type t as a file of versions vers sees it,
// or returns nil when t is no scalar type.
func (v *View) ScalarType(t Decl, vers grammar.Versions) *Scalar {
	b := v.Builtin(t, vers)
	if b == nil || b.Kind != grammar.PrimScalarUnit {
		return nil
	}
	s := &Scalar{Base: b, Table: b.Units}
	chain, _ := v.Chain(t)
	decls := chain.Decls()
	seen := map[string]bool{}
	for i := len(decls) - 1; i >= 0; i-- {
		d := decls[i]
		f := v.Facts(d.Path)
		add := func(key string, to *[]grammar.Unit) {
			for k, val := range f.Pairs(f.FieldValue(d.ID, key)) {
				name := key + "\x00" + f.Text(k)
				if seen[name] {
					continue
				}
				seen[name] = true
				factor, _ := grammar.ParseNumber(f.Text(val))
				*to = append(*to, grammar.Unit{Symbol: f.Text(k), Factor: factor})
			}
		}
		add(grammar.KeyUnits, &s.Units)
		add(grammar.KeyPrefixes, &s.Prefixes)
		if name := f.FieldText(d.ID, grammar.KeyDataType); name != "" {
			s.NumberName, s.Number = name, v.Lookup(d.Path, grammar.DataType, name)
		}
		if c := f.FieldText(d.ID, grammar.KeyCanonicalUnit); c != "" && s.Canonical == "" {
			s.Canonical = c
		}
	}
	if len(s.Units) > 0 {
		s.Table = nil
		for _, u := range s.Units {
			if len(s.Prefixes) == 0 {
				s.Table = append(s.Table, u)
			}
			for _, p := range s.Prefixes {
				s.Table = append(s.Table, grammar.Unit{Symbol: p.Symbol + u.Symbol, Factor: p.Factor * u.Factor})
			}
		}
	}
	return s
}

// IntegerNumbers reports whether the numbers of s are integers: data_type
// is integer or derives from it.
func (v *View) IntegerNumbers(s *Scalar, vers grammar.Versions) bool {
	b := v.Builtin(s.Number, vers)
	return b != nil && b.Kind == grammar.PrimInteger
}

// OutsideBase reports whether data type t is known not to derive from the
// built-in type base: its chain is complete and reaches another built-in
// type (b, nil for none), or none.
func (v *View) OutsideBase(t Decl, base string, vers grammar.Versions) (b *grammar.BuiltinType, outside bool) {
	if !v.ChainComplete(t) {
		return nil, false
	}
	b = v.Builtin(t, vers)
	return b, b == nil || b.Name != base
}
