package model

import (
	"cmp"
	"slices"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// Subtypes lists the types whose derived_from names t, as their own files
// resolve it, across the snapshot (workspace and profiles), by path and
// position. The candidates come from a table of every type by the base
// name of its derived_from (see BaseName), built once per export
// generation on the first call: only the types written as deriving from
// one of t's names are resolved.
func (v *View) Subtypes(t Decl) []Decl {
	kind := v.Kind(t)
	if !kind.IsType() {
		return nil
	}
	p := v.prog
	if out, ok := p.subtypes.get(t); ok {
		return out
	}
	p.derivedOnce.Do(func() { p.derived = v.derivedTable() })
	var out []Decl
	for _, base := range v.UseNames(t) {
		for _, d := range p.derived[nameKey{kind, base}] {
			if d != t && v.Parent(d) == t && !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	slices.SortFunc(out, compareDecls)
	return p.subtypes.put(t, slices.Clip(out))
}

// Descendants lists the types deriving from t directly or not, each once
// (a derivation cycle ends the walk), by path and position.
func (v *View) Descendants(t Decl) []Decl {
	seen := map[Decl]bool{t: true}
	var out []Decl
	for queue := []Decl{t}; len(queue) > 0; queue = queue[1:] {
		for _, d := range v.Subtypes(queue[0]) {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
				queue = append(queue, d)
			}
		}
	}
	slices.SortFunc(out, compareDecls)
	return out
}

// derivedTable files every type of the snapshot that derives from another
// under the kind and base name of the type its derived_from names.
func (v *View) derivedTable() map[nameKey][]Decl {
	table := map[nameKey][]Decl{}
	v.Snap.Files(func(file *index.File) bool {
		f := file.Facts
		if f == nil || f.Lang != grammar.TOSCA {
			return true
		}
		for id := range f.Declarations() {
			k := f.Entity(id).Declares()
			if !k.IsType() {
				continue
			}
			if parent := f.FieldText(id, grammar.KeyDerivedFrom); parent != "" {
				key := nameKey{k, BaseName(parent)}
				table[key] = append(table[key], Decl{file.Path, id})
			}
		}
		return true
	})
	return table
}

// TypedDeclarations lists the template-level declarations of the file at
// path whose type keyname names a type of kind (node templates for node
// types, groups for group types, …; not inputs and outputs, whose data
// types are values' types), by position.
func (v *View) TypedDeclarations(path string, kind grammar.RefKind) []Decl {
	o := v.own(path)
	var out []Decl
	for _, l := range o.local {
		if l.kind == grammar.Input || l.kind == grammar.Output {
			continue
		}
		for _, id := range l.names {
			if e := o.facts.Entity(id); e.G() != nil && e.G().TypeKey != "" && e.G().TypeKind == kind {
				out = append(out, Decl{path, id})
			}
		}
	}
	slices.SortFunc(out, compareDecls)
	return out
}

// compareDecls orders declarations by path, then position in the file.
func compareDecls(a, b Decl) int {
	return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.ID, b.ID))
}
