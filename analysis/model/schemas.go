package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// EntrySchema is the schema of the entries of a list or map value defined
// by def (a property definition or a schema), or an invalid Decl.
func (v *View) EntrySchema(def Decl) Decl { return v.schema(def, grammar.KeyEntrySchema) }

// KeySchema is the schema of the keys of a map value defined by def, or an
// invalid Decl (the keys are then strings).
func (v *View) KeySchema(def Decl) Decl { return v.schema(def, grammar.KeyKeySchema) }

// EntryType is the type of the entries of a list or map value defined by def.
func (v *View) EntryType(def Decl) Decl { return v.TypeOf(v.EntrySchema(def)) }

// schema is the schema def gives under key, else the one the chain of its
// type gives (a data type derived from list or map may give it itself).
func (v *View) schema(def Decl, key string) Decl {
	if !def.Valid() {
		return Decl{}
	}
	return v.Schema([]Decl{def}, v.TypeOf(def), key)
}

// Schema is the schema under key (entry_schema, key_schema) of the values
// that definitions defs (the most derived first) and data type t type:
// the first definition that gives one, else the first type of t's chain
// (a data type derived from list or map may give it itself); an invalid
// Decl when none does.
func (v *View) Schema(defs []Decl, t Decl, key string) Decl {
	for _, d := range defs {
		if f := v.Facts(d.Path); d.Valid() && f != nil {
			if sub := f.Sub(d.ID, key); sub != facts.None {
				return Decl{d.Path, sub}
			}
		}
	}
	chain, _ := v.Chain(t)
	for c := range chain.All() {
		if sub := v.Facts(c.Path).Sub(c.ID, key); sub != facts.None {
			return Decl{c.Path, sub}
		}
	}
	return Decl{}
}
