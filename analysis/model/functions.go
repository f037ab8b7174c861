package model

import (
	"sort"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// LookupFunction finds the definition of a custom function the file at
// path calls (its name without the `$`): one of the file's own
// `functions` (or scriptlets), else one its imports bring, qualified by
// their namespaces as types are. An invalid Decl when none defines it.
func (v *View) LookupFunction(path, name string) Decl {
	return v.LookupDeclared(path, grammar.UserFunction, name)
}

// LookupDeclared finds a name of kind (a custom function, a custom
// constraint) the file at path sees: its own declaration, else one its
// imports bring. What the imports bring is kept for the export generation,
// as Lookup's answers are (validation asks it of every one-entry map of a
// 1.x value, ImportedCall); the file's own declarations are read each time
// (a function inside service_template is not among its exports).
func (v *View) LookupDeclared(path string, kind grammar.RefKind, name string) Decl {
	return v.lookupDeclared(v.scope(path), kind, name)
}

func (v *View) lookupDeclared(s *fileScope, kind grammar.RefKind, name string) Decl {
	if d := v.Local(s.path, kind, name); d.Valid() {
		return d
	}
	if d, ok := s.known(kind, name); ok {
		return d
	}
	var found Decl
	v.walkImports(v.importTargets(s.path, name), func(s visit) bool {
		found = v.Local(s.path, kind, s.rest)
		return found.Valid()
	})
	return s.remember(kind, name, found)
}

// ImportedCall is the function a value calls when it is a one-entry map
// whose key names a custom function the file at path sees without
// declaring it (a puccini scriptlet an import declares): the binder, which
// reads one file, could not know the map is a call. Final 2.0 calls are
// written `$name` and always known. An invalid Decl for any other value.
func (v *View) ImportedCall(path string, id facts.ValueID) Decl {
	f := v.Facts(path)
	val := f.Value(id)
	if val == nil || val.Kind() != syntax.Mapping || val.N() != 2 || f.Versions.Has(grammar.V2Final) {
		return Decl{}
	}
	return v.LookupFunction(path, f.Text(facts.ValueID(val.First)))
}

// FunctionNames lists the custom functions visible in the file at path,
// with the namespace prefixes they are reached with, sorted.
func (v *View) FunctionNames(path string) []string {
	return v.DeclaredNames(path, grammar.UserFunction)
}

// DeclaredNames lists the names of kind visible in the file at path (see
// LookupDeclared), with their namespace prefixes, sorted.
func (v *View) DeclaredNames(path string, kind grammar.RefKind) []string {
	set := map[string]bool{}
	v.enumerate(path, func(prefix, file string) {
		for _, n := range v.LocalNames(file, kind) {
			set[qualify(prefix, n)] = true
		}
	})
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
