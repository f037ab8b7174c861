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
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
)

func init() {
	handlers["typehierarchy"] = typeHierarchyMarker("")
	handlers["supertypes"] = typeHierarchyMarker("supertypes")
	handlers["subtypes"] = typeHierarchyMarker("subtypes")
	handlers["lenses"] = lensesMarker
	handlers["lens"] = lensMarker
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

// typeHierarchyMarker checks the types prepared at the locator, or those
// related to the one prepared ("supertypes", "subtypes").
func typeHierarchyMarker(related string) func(env *Env, m Marker) {
	return func(env *Env, m Marker) {
		off, _, ok := env.Locate(m, 0)
		if !ok {
			return
		}
		prepared, answer := env.typeHierarchy(env.Abs(m.Path), off, related)
		switch {
		case related == "":
			answer = prepared
		case len(prepared) != 1:
			env.Errorf(m, "prepare found %d types, want 1", len(prepared))
			return
		}
		env.compareLocations(m, itemLocations(answer), env.wantLocations(m, 1))
	}
}

// resolvedLens is a lens of a fixture file, resolved.
type resolvedLens struct {
	navigate.Lens
	title string
	locs  []model.Location
	ok    bool
}

// lensesAt resolves the lenses whose span holds the locator of m.
func (env *Env) lensesAt(m Marker) []resolvedLens {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return nil
	}
	var out []resolvedLens
	for _, l := range env.codeLenses(env.Abs(m.Path)) {
		switch {
		case !l.Span.Contains(off):
		case !l.ok:
			env.Errorf(m, "the lens %+v does not resolve", l.Lens)
		default:
			out = append(out, l)
		}
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
