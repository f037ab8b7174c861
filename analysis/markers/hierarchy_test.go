package markers_test

// Markers of the type hierarchy and code lenses (package navigate).
// Locations are written as for navigation (see navigate_test.go).
//
//	#@typehierarchy("loc‸", want…)   prepare: the types at loc (one, or none)
//	#@supertypes("loc‸", want…)      the supertypes of the type at loc
//	#@subtypes("loc‸", want…)        its subtypes
//	#@lenses("loc‸", "title"…)       the titles of the lenses on the name at
//	                                 loc, resolved, in order
//	#@lens("loc‸", "title", want…)   the lens on the name at loc with that
//	                                 title opens these locations

import (
	"context"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
)

func init() {
	handlers["typehierarchy"] = func(env *Env, m Marker) {
		if items, ok := env.prepareTypeHierarchy(m); ok {
			env.compareLocations(m, itemLocations(items), env.wantLocations(m, 1))
		}
	}
	handlers["supertypes"] = typeHierarchyMarker(navigate.Supertypes)
	handlers["subtypes"] = typeHierarchyMarker(navigate.Subtypes)
	handlers["lenses"] = lensesMarker
	handlers["lens"] = lensMarker
}

func (env *Env) prepareTypeHierarchy(m Marker) ([]navigate.TypeItem, bool) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return nil, false
	}
	return navigate.PrepareTypeHierarchy(context.Background(), env.View, env.Abs(m.Path), off), true
}

func itemLocations(items []navigate.TypeItem) []model.Location {
	out := make([]model.Location, len(items))
	for i, it := range items {
		out[i] = model.Location{Path: it.Decl.Path, Span: it.NameSpan}
		if !it.Span.Contains(it.NameSpan.Start) || it.NameSpan.End > it.Span.End {
			out[i].Span = it.Span // shows up as a wrong location
		}
	}
	return out
}

func typeHierarchyMarker(related func(context.Context, *model.View, model.Decl) []navigate.TypeItem) func(env *Env, m Marker) {
	return func(env *Env, m Marker) {
		items, ok := env.prepareTypeHierarchy(m)
		if !ok {
			return
		}
		if len(items) != 1 {
			env.Errorf(m, "prepare found %d types, want 1", len(items))
			return
		}
		env.compareLocations(m, itemLocations(related(context.Background(), env.View, items[0].Decl)), env.wantLocations(m, 1))
	}
}

// resolvedLens is a lens of a fixture file, resolved.
type resolvedLens struct {
	navigate.Lens
	title string
	locs  []model.Location
}

// lensesAt resolves the lenses whose span holds the locator of m.
func (env *Env) lensesAt(m Marker) []resolvedLens {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return nil
	}
	ctx, path := context.Background(), env.Abs(m.Path)
	var out []resolvedLens
	for _, l := range navigate.CodeLenses(ctx, env.View, path) {
		if !l.Span.Contains(off) {
			continue
		}
		title, locs, ok := navigate.ResolveLens(ctx, env.View, path, l)
		if !ok {
			env.Errorf(m, "the lens %+v does not resolve", l)
			continue
		}
		out = append(out, resolvedLens{l, title, locs})
	}
	return out
}

func lensesMarker(env *Env, m Marker) {
	var got []string
	for _, l := range env.lensesAt(m) {
		got = append(got, l.title)
	}
	env.compareLists(m, got, env.Strs(m, 1))
}

func lensMarker(env *Env, m Marker) {
	title := env.Str(m, 1)
	for _, l := range env.lensesAt(m) {
		if l.title == title {
			env.compareLocations(m, l.locs, env.wantLocations(m, 2))
			return
		}
	}
	env.Errorf(m, "no lens %q here", title)
}
