package navigate

import (
	"context"
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// LensKind says what a code lens counts.
type LensKind uint8

const (
	// LensSubtypes counts the types deriving from a type, directly or not.
	LensSubtypes LensKind = iota + 1
	// LensTemplates counts the templates (groups, policies) whose type is
	// a type or derives from it.
	LensTemplates
	// LensIncoming counts the requirement assignments targeting a node
	// template.
	LensIncoming
)

// Lens is a code lens before it is resolved: what it counts, about which
// declaration (its kind and name, which find it again when the lens is
// resolved), shown on the declaration's name.
type Lens struct {
	Kind     LensKind
	Span     text.Span
	DeclKind grammar.RefKind
	Name     string
}

// CodeLenses lists the lenses of the TOSCA file at path: on each type, its
// derived types and (for the kinds templates have) its templates; on each
// node template, the requirements targeting it. Nothing is counted here:
// each lens is resolved on its own (ResolveLens), when the editor shows it.
func CodeLenses(ctx context.Context, v *model.View, path string) []Lens {
	f := v.Facts(path)
	if f == nil || f.Lang != grammar.TOSCA {
		return nil
	}
	var out []Lens
	for id := range f.Declarations() {
		e := f.Entity(id)
		k := e.Declares()
		span := e.NameSpan.Text()
		switch {
		case k.IsType():
			out = append(out, Lens{Kind: LensSubtypes, Span: span, DeclKind: k, Name: e.Name})
			if typedKind(k) != grammar.NoRef {
				out = append(out, Lens{Kind: LensTemplates, Span: span, DeclKind: k, Name: e.Name})
			}
		case k == grammar.NodeTemplate:
			out = append(out, Lens{Kind: LensIncoming, Span: span, DeclKind: k, Name: e.Name})
		}
	}
	return out
}

// ResolveLens counts what a lens of the file at path counts: its title and
// the places it opens. ok is false when the declaration is gone.
func ResolveLens(ctx context.Context, v *model.View, path string, l Lens) (title string, locs []model.Location, ok bool) {
	switch l.Kind {
	case LensSubtypes, LensTemplates:
		t := TypeNamed(v, path, l.DeclKind, l.Name)
		if !t.Valid() {
			return "", nil, false
		}
		derived := v.Descendants(t)
		if l.Kind == LensSubtypes {
			return count(len(derived), "derived type", "derived types"), declLocations(v, derived), true
		}
		k := typedKind(l.DeclKind)
		templates := templatesOf(ctx, v, t, derived)
		return count(len(templates), k.String(), strings.ReplaceAll(grammar.SectionOf(k), "_", " ")), declLocations(v, templates), true
	case LensIncoming:
		tmpl := v.Local(path, grammar.NodeTemplate, l.Name)
		if !tmpl.Valid() {
			return "", nil, false
		}
		locs := incoming(v, tmpl)
		return "targeted by " + count(len(locs), "requirement", "requirements"), locs, true
	}
	return "", nil, false
}

// count writes n things: "no requirement", "1 requirement", "3 requirements".
func count(n int, one, many string) string {
	switch n {
	case 0:
		return "no " + one
	case 1:
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// typedKind is the kind of the declarations of a topology typed by types
// of kind (node templates for node types, groups for group types …), as
// the grammar's topology template says; NoRef for the kinds no template
// is of (data, capability, interface and artifact types).
func typedKind(kind grammar.RefKind) grammar.RefKind {
	for _, k := range grammar.TopologyTemplateDef.Keys {
		d := k.Definitions()
		if d != nil && d.TypeKey != "" && d.TypeKind == kind && d.Declares != grammar.Input && d.Declares != grammar.Output {
			return d.Declares
		}
	}
	return grammar.NoRef
}

// templatesOf lists the declarations typed by t or by one of derived (its
// descendants), in the files that can see t, by path and position.
func templatesOf(ctx context.Context, v *model.View, t model.Decl, derived []model.Decl) []model.Decl {
	types := make(map[model.Decl]bool, len(derived)+1)
	types[t] = true
	for _, d := range derived {
		types[d] = true
	}
	kind := v.Kind(t)
	var out []model.Decl
	for _, p := range filesSeeing(v, t.Path) {
		if ctx.Err() != nil {
			return nil
		}
		for _, d := range v.TypedDeclarations(p, kind) {
			if types[v.TypeOf(d)] {
				out = append(out, d)
			}
		}
	}
	return out
}

// incoming lists the requirement assignments of the topology whose target
// is the node template tmpl: where each writes its requirement's name.
func incoming(v *model.View, tmpl model.Decl) []model.Location {
	f := v.Facts(tmpl.Path)
	var out []model.Location
	for _, u := range v.UsesNamed(tmpl.Path, v.Name(tmpl)) {
		if u.Kind != model.UseRef {
			continue
		}
		r := &f.Refs[u.Ref]
		req := f.Entity(r.Entity)
		if req == nil || req.G() != grammar.RequirementAssign || r.Key() == nil || r.Key().Name != grammar.KeyNode {
			continue
		}
		if v.ResolveUse(tmpl.Path, u).Target == tmpl {
			out = append(out, model.Location{Path: tmpl.Path, Span: requirementName(f, r.Entity)})
		}
	}
	return out
}

// requirementName is where a requirement assignment writes its name.
func requirementName(f *facts.Facts, id facts.ID) text.Span {
	e := f.Entity(id)
	if e.Name != "" {
		return e.NameSpan.Text()
	}
	return e.Span.Text()
}

func declLocations(v *model.View, ds []model.Decl) []model.Location {
	out := make([]model.Location, len(ds))
	for i, d := range ds {
		out[i] = v.Location(d)
	}
	return out
}
