package navigate

import (
	"context"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// TypeItem is a type as the type hierarchy shows it.
type TypeItem struct {
	Decl model.Decl
	// Name is the type's name as declared, Kind its kind.
	Name string
	Kind grammar.RefKind
	// Detail says what and where it is: `node type · k8s.yaml`.
	Detail string
	// Span covers the whole definition, NameSpan its name.
	Span, NameSpan text.Span
}

// PrepareTypeHierarchy returns the type at offset (its declaration or a
// use of it), of any of the eight kinds, as the root of a type hierarchy.
func PrepareTypeHierarchy(ctx context.Context, v *model.View, path string, off int) []TypeItem {
	t := targetAt(v, path, off)
	if t.Kind != model.TargetDecl || !v.Kind(t.Decl).IsType() {
		return nil
	}
	return []TypeItem{typeItem(v, t.Decl)}
}

// Supertypes returns the type d derives from (TOSCA types have one parent).
func Supertypes(ctx context.Context, v *model.View, d model.Decl) []TypeItem {
	if p := v.Parent(d); p.Valid() && p != d {
		return []TypeItem{typeItem(v, p)}
	}
	return nil
}

// Subtypes returns the types deriving directly from d, across the
// workspace and the profiles.
func Subtypes(ctx context.Context, v *model.View, d model.Decl) []TypeItem {
	var out []TypeItem
	for _, s := range v.Subtypes(d) {
		out = append(out, typeItem(v, s))
	}
	return out
}

// TypeNamed finds again the type an item of an earlier answer stands for:
// the type of kind declared as name in the file at path (invalid when the
// file no longer declares it).
func TypeNamed(v *model.View, path string, kind grammar.RefKind, name string) model.Decl {
	if !kind.IsType() {
		return model.Decl{}
	}
	if d := v.Lookup(path, kind, name); d.Path == path && v.Name(d) == name {
		return d
	}
	return model.Decl{}
}

func typeItem(v *model.View, d model.Decl) TypeItem {
	name, kind := v.Name(d), v.Kind(d)
	loc := v.Location(d)
	span := loc.Span
	if e := v.Entity(d); e != nil && int(e.Span.End) > span.End {
		span.End = int(e.Span.End)
	}
	return TypeItem{Decl: d, Name: name, Kind: kind, Detail: kind.String() + " · " + plainWhere(v, d.Path), Span: span, NameSpan: loc.Span}
}
