package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// Kind is the kind of name a declaration declares (NoRef for a member
// definition or an assignment).
func (v *View) Kind(d Decl) grammar.RefKind {
	if e := v.Entity(d); e != nil {
		return e.Declares()
	}
	return grammar.NoRef
}

// FieldText is the scalar text of a keyname of a declaration.
func (v *View) FieldText(d Decl, key string) string {
	return v.Facts(d.Path).FieldText(d.ID, key)
}

// Parent returns the type d derives from, resolved where d is declared
// (not where it is used), or an invalid Decl.
func (v *View) Parent(d Decl) Decl {
	if !d.Valid() {
		return Decl{}
	}
	return v.parentIn(v.scope(d.Path), d)
}

// parentIn is Parent of a type of the scope's file, memoised in its table
// of types.
func (v *View) parentIn(s *fileScope, d Decl) Decl {
	if r, ok := s.types.parent(d.ID); ok {
		return r
	}
	kind := v.Kind(d)
	if !kind.IsType() {
		return Decl{}
	}
	var r Decl
	if name := v.FieldText(d, grammar.KeyDerivedFrom); name != "" {
		r = s.lookup(v, kind, name)
	} else if _, derived := v.Facts(d.Path).Field(d.ID, grammar.KeyDerivedFrom); !derived {
		if f := v.Snap.File(d.Path); f != nil && f.Refines {
			// A restated type adds to the one its profile sees (profiles.Profile.Refines).
			r = v.lookupVia(s, viaImplicit, kind, v.Name(d))
		}
	}
	return s.types.putParent(d.ID, r, v, d.Path)
}

// TypeOf is the type an entity names with its type keyname (a template's
// type, a member definition's type), resolved where the entity is written.
func (v *View) TypeOf(d Decl) Decl {
	e := v.Entity(d)
	if e == nil || e.G() == nil {
		return Decl{}
	}
	key, kind := e.G().TypeKey, e.G().TypeKind
	if key == "" {
		key, kind = memberTypeKey(e.G())
	}
	if key == "" {
		return Decl{}
	}
	name := v.FieldText(d, key)
	if name == "" {
		return Decl{}
	}
	return v.Lookup(d.Path, kind, name)
}

// memberTypeKey is the keyname and type kind of member definitions and
// assignments whose type is written in them (a capability definition's
// `type`, an interface definition's `type`).
func memberTypeKey(e *grammar.Entity) (string, grammar.RefKind) {
	k := e.AnyKey(grammar.KeyType)
	if k == nil || k.Value.Kind != grammar.RefValue || !k.Value.Ref.IsType() {
		return "", grammar.NoRef
	}
	return k.Name, k.Value.Ref
}

// OpenType reports whether a processor the file at path is read for lets
// templates of type t assign properties t does not define: a type of its
// chain says so in its metadata (Unfurl's additionalProperties).
func (v *View) OpenType(path string, t Decl) bool {
	f := v.Facts(path)
	if f == nil {
		return false
	}
	for _, p := range f.Processors {
		if p.OpenMetadata == "" {
			continue
		}
		chain, _ := v.Chain(t)
		for d := range chain.All() {
			df := v.Facts(d.Path)
			if yes, _ := grammar.BooleanLiteral(df.Text(df.Get(df.FieldValue(d.ID, grammar.KeyMetadata), p.OpenMetadata)), grammar.V1x); yes {
				return true
			}
		}
	}
	return false
}
