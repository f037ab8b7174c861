package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// TypesNamed lists the types of kind declared as name in any file of the
// snapshot, visible from a given file or not (what an import quick fix
// offers): those of workspace and imported files first, then those of the
// embedded profiles, each group in path order. The table of every type
// name is built once per export generation, on the first call.
func (v *View) TypesNamed(kind grammar.RefKind, name string) []Decl {
	p := v.prog
	p.typesNamedOnce.Do(func() { p.typesNamed = v.typeTable() })
	return p.typesNamed[nameKey{kind, name}]
}

// typeTable maps each type name of the snapshot to its declarations.
func (v *View) typeTable() map[nameKey][]Decl {
	table := map[nameKey][]Decl{}
	for _, embedded := range []bool{false, true} {
		v.Snap.Files(func(file *index.File) bool {
			f := file.Facts
			if file.Embedded != embedded || f == nil || f.Lang != grammar.TOSCA {
				return true
			}
			for id := range f.Declarations() {
				e := f.Entity(id)
				if k := e.Declares(); k.IsType() {
					key := nameKey{k, e.Name}
					table[key] = append(table[key], Decl{file.Path, id})
				}
			}
			return true
		})
	}
	return table
}
