package model

import (
	"slices"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Constraint is a constraint clause (1.x, the 2020 draft) or a validation
// expression (final 2.0) that applies to values: Clause is the clause's
// entity of the file at At.Path (facts.None for an expression), Expr the
// expression's value (facts.NoValue for a clause); At is the clause, or
// the definition or type the expression is written in.
type Constraint struct {
	At     Decl
	Clause facts.ID
	Expr   facts.ValueID
}

// Constraints lists what constrains the values that definitions defs (a
// member's, most derived first) and data type t type: the definitions'
// clauses and validation, then those of t's chain (a derived type adds to
// its parent's, 2.0 §9.2).
func (v *View) Constraints(defs []Decl, t Decl) []Constraint {
	var out []Constraint
	chain, _ := v.Chain(t)
	for _, d := range slices.AppendSeq(slices.Clone(defs), chain.All()) {
		f := v.Facts(d.Path)
		if f == nil {
			continue
		}
		for child := range f.Children(d.ID) {
			if e := f.Entity(child); e.G() == grammar.ConstraintClause && e.Key() != nil && e.Key().Name == grammar.KeyConstraints {
				out = append(out, Constraint{At: Decl{d.Path, child}, Clause: child, Expr: facts.NoValue})
			}
		}
		if x := f.FieldValue(d.ID, grammar.KeyValidation); x != facts.NoValue {
			out = append(out, Constraint{At: d, Clause: facts.None, Expr: x})
		}
	}
	return out
}
