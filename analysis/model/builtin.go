package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// builtinProfiles are the embedded profiles that declare the built-in
// types (string, integer, the scalar units …).
var builtinProfiles = []string{grammar.ProfileBuiltin1x, grammar.ProfileBuiltin20, grammar.ProfileBuiltin20Draft}

type builtinKey struct {
	t    Decl
	vers grammar.Versions
}

// Builtin is the built-in type a data type is or derives from, as a file
// of versions vers reads its values: the first type of t's chain that an
// embedded built-in profile declares (scalar-unit.size before the
// scalar-unit it derives from). It is nil for complex types, for types
// whose chain leads nowhere known and for invalid declarations.
func (v *View) Builtin(t Decl, vers grammar.Versions) *grammar.BuiltinType {
	if !t.Valid() {
		return nil
	}
	key := builtinKey{t, vers}
	p := v.prog
	if b, ok := p.builtins.get(key); ok {
		return b
	}
	var found *grammar.BuiltinType
	chain, _ := v.Chain(t)
	for d := range chain.All() {
		if v.DeclaresBuiltins(d.Path) {
			if found = grammar.BuiltinNamed(v.Name(d), vers); found != nil {
				break
			}
		}
	}
	return p.builtins.put(key, found)
}

// DeclaresBuiltins reports whether the file at path is one of the embedded
// profiles of built-in types.
func (v *View) DeclaresBuiltins(path string) bool {
	f := v.Snap.File(path)
	if f == nil || !f.Embedded {
		return false
	}
	name := v.ProfileOf(path)
	for _, b := range builtinProfiles {
		if name == b {
			return true
		}
	}
	return false
}
