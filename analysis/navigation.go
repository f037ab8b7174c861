package analysis

import (
	"context"
	"sort"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// navAt resolves the target at offset of the file at path.
func navAt(snap *index.Snapshot, path string, offset int) (*Analyzer, *Unit, *navTarget) {
	a := For(snap)
	u := a.Unit(path)
	if u == nil {
		return a, nil, nil
	}
	return a, u, a.navResolve(u, offset)
}

// Definition returns where the name at offset is declared: the type,
// template, input, repository or member it names (through imports,
// namespaces and embedded profiles), or the file an import resolves to.
// On a member definition that refines an inherited one it returns the
// inherited definition.
func Definition(ctx context.Context, snap *index.Snapshot, path string, offset int) []Location {
	a, _, t := navAt(snap, path, offset)
	if t == nil {
		return nil
	}
	switch {
	case t.Link != nil:
		if t.Link.Path == "" {
			return nil
		}
		return []Location{{Path: t.Link.Path}}
	case t.Decl != nil:
		return []Location{t.Decl.Location()}
	case t.Member != nil:
		m := t.Member
		if t.OnDecl && m.Key == t.Node {
			// A refinement leads to what it refines.
			if defs := a.navMemberDefs(m); len(defs) > 1 {
				return []Location{defs[1].Location()}
			}
		}
		return []Location{m.Location()}
	}
	return nil
}

// TypeDefinition returns the type of the thing at offset: a template's or
// input's type, a member's type (a requirement's capability and node
// types), or a type itself.
func TypeDefinition(ctx context.Context, snap *index.Snapshot, path string, offset int) []Location {
	a, _, t := navAt(snap, path, offset)
	if t == nil {
		return nil
	}
	var out []Location
	switch {
	case t.Decl != nil && t.Decl.Kind.IsType():
		out = append(out, t.Decl.Location())
	case t.Decl != nil:
		if typ := a.navDeclType(t.Decl); typ != nil {
			out = append(out, typ.Location())
		}
	case t.Member != nil:
		for _, typ := range a.navMemberTypes(t.Member) {
			out = append(out, typ.Location())
		}
	}
	return out
}

// Implementation returns, for a type, every type deriving from it and
// every template whose type is it or derives from it, across the
// workspace and the profiles.
func Implementation(ctx context.Context, snap *index.Snapshot, path string, offset int) []Location {
	a, _, t := navAt(snap, path, offset)
	if t == nil {
		return nil
	}
	base := t.Decl
	if base == nil || !base.Kind.IsType() {
		return nil
	}
	var out []Location
	for _, u := range a.navUnits() {
		if ctx.Err() != nil {
			return nil
		}
		for _, d := range u.Decls {
			switch {
			case d == base:
			case d.Kind == base.Kind:
				if a.DerivesFrom(d, base) {
					out = append(out, d.Location())
				}
			case d.Entity != nil && d.Entity.TypeKey != "" && d.Entity.TypeKind == base.Kind && !d.Kind.IsType() && d.Kind != grammar.Input && d.Kind != grammar.Output:
				if typ := a.navDeclType(d); typ != nil && a.DerivesFrom(typ, base) {
					out = append(out, d.Location())
				}
			}
		}
	}
	navSortLocations(out)
	return out
}

// References returns every use of the name at offset across the
// workspace; includeDeclaration adds its declaration (and, for members,
// the refinements in derived types).
func References(ctx context.Context, snap *index.Snapshot, path string, offset int, includeDeclaration bool) []Location {
	a, _, t := navAt(snap, path, offset)
	var out []Location
	for _, o := range a.navOccurrences(t.identity(), "") {
		if o.Decl && !includeDeclaration {
			continue
		}
		out = append(out, Location{Path: o.Path, Span: o.Node.Span})
	}
	return out
}

// DocumentHighlights returns the occurrences of the name at offset in
// the same file: its declaration (write) and its uses (read).
func DocumentHighlights(ctx context.Context, snap *index.Snapshot, path string, offset int) []Highlight {
	a, _, t := navAt(snap, path, offset)
	var out []Highlight
	for _, o := range a.navOccurrences(t.identity(), path) {
		kind := HighlightRead
		if o.Decl {
			kind = HighlightWrite
		}
		out = append(out, Highlight{Span: o.Node.Span, Kind: kind})
	}
	return out
}

func navSortLocations(ls []Location) {
	sort.SliceStable(ls, func(i, j int) bool {
		if ls[i].Path != ls[j].Path {
			return ls[i].Path < ls[j].Path
		}
		return ls[i].Span.Start < ls[j].Span.Start
	})
}
