// Package navigate answers the editor's navigation requests on the model:
// go to definition, type definition and implementation, find references,
// document highlights, and rename. Every request starts from what the
// offset designates (model.Unit.Target); references and rename look only at
// the uses whose name can match, in the files that can see the target.
package navigate

import (
	"context"
	"slices"
	"sort"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
)

// targetAt is what offset off of the document at path designates.
func targetAt(v *model.View, path string, off int) model.Target {
	u := v.Unit(path)
	if u == nil {
		return model.Target{}
	}
	return u.Target(off)
}

// Definition returns where the name at offset is declared: the type,
// template, input, repository or member it names (through imports,
// namespaces and embedded profiles), or the file an import resolves to.
// On a member definition that refines an inherited one it returns the
// definition refined.
func Definition(ctx context.Context, v *model.View, path string, off int) []model.Location {
	if locs, ok := heatDefinition(v, path, off); ok {
		return locs
	}
	t := targetAt(v, path, off)
	switch t.Kind {
	case model.TargetImport:
		if t.Link != nil && t.Link.Path != "" {
			return []model.Location{{Path: t.Link.Path}}
		}
	case model.TargetDecl:
		return []model.Location{v.Location(t.Decl)}
	case model.TargetMember:
		m := t.Member
		if t.OnDecl && t.Site == m.Def {
			if defs := v.Definitions(m); len(defs) > 1 {
				return []model.Location{v.Location(defs[1])}
			}
		}
		return []model.Location{v.Location(m.Def)}
	case model.NoTarget, model.TargetFunction, model.TargetUnresolved:
		// Not a name the model resolves: a value answers for itself
		// (package shape) — a field of a complex value, `$value`, a list's
		// entry, a literal.
		if env := shape.NewEnv(v, path); env != nil {
			if s := env.At(off); s != nil {
				return s.Definition(off)
			}
		}
	}
	return nil
}

// TypeDefinition returns the type of the thing at offset: a template's or
// input's type, a member's type (a requirement's capability and node
// types), or a type itself.
func TypeDefinition(ctx context.Context, v *model.View, path string, off int) []model.Location {
	t := targetAt(v, path, off)
	var types []model.Decl
	switch t.Kind {
	case model.TargetDecl:
		if v.Kind(t.Decl).IsType() {
			types = []model.Decl{t.Decl}
		} else if typ := v.TypeOf(t.Decl); typ.Valid() {
			types = []model.Decl{typ}
		}
	case model.TargetMember:
		types = memberTypes(v, t.Member)
	}
	out := make([]model.Location, len(types))
	for i, d := range types {
		out[i] = v.Location(d)
	}
	return out
}

// memberTypes are the types a member's definition names — its type, or a
// requirement's capability, node and relationship types — from the most
// derived definition that names any.
func memberTypes(v *model.View, m model.Member) []model.Decl {
	for _, def := range v.Definitions(m) {
		e := v.Entity(def)
		if e == nil || e.G() == nil {
			continue
		}
		var out []model.Decl
		add := func(kind grammar.RefKind, key string) {
			if name := v.FieldText(def, key); name != "" {
				if d := v.Lookup(def.Path, kind, name); d.Valid() && !slices.Contains(out, d) {
					out = append(out, d)
				}
			}
		}
		if e.G().TypeKey != "" {
			add(e.G().TypeKind, e.G().TypeKey)
		}
		for _, k := range e.G().Keys {
			if k.Value == nil || k.Value.Kind != grammar.RefValue || k.Name == e.G().TypeKey {
				continue
			}
			switch r := k.Value.Ref; {
			case r.IsType():
				add(r, k.Name)
			case r == grammar.CapabilityTypeOrName:
				add(grammar.CapabilityType, k.Name)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// Implementation returns, for a type, every type deriving from it and
// every template whose type is it or derives from it, across the
// workspace (and the profiles, for a type of the profiles).
func Implementation(ctx context.Context, v *model.View, path string, off int) []model.Location {
	t := targetAt(v, path, off)
	if t.Kind != model.TargetDecl || !v.Kind(t.Decl).IsType() {
		return nil
	}
	derived := v.Descendants(t.Decl)
	out := append(declLocations(v, derived), declLocations(v, templatesOf(ctx, v, t.Decl, derived))...)
	sortLocations(out)
	return out
}

// filesSeeing lists the files that can see the declarations of the file
// at path: the file and those importing it, or every file for a file of
// the embedded profiles (which files see without importing them).
func filesSeeing(v *model.View, path string) []string {
	if f := v.Snap.File(path); f != nil && f.Embedded {
		return v.Snap.Paths()
	}
	return append([]string{path}, v.Snap.Importers(path)...)
}

func sortLocations(ls []model.Location) {
	sort.SliceStable(ls, func(i, j int) bool {
		if ls[i].Path != ls[j].Path {
			return ls[i].Path < ls[j].Path
		}
		return ls[i].Span.Start < ls[j].Span.Start
	})
}
