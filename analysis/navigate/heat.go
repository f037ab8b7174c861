package navigate

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// heatDefinition is where a Heat name at the offset leads: a resource
// type that is a provider template (named by its file or through an
// environment's mapping) opens the template; in an environment file, a
// mapping (its name or its template) opens the template, and a parameter
// the parameters of that name of the templates the environment is used
// with. ok is false for offsets that are none of these.
func heatDefinition(v *model.View, path string, off int) ([]model.Location, bool) {
	f := v.Facts(path)
	if f == nil || f.Lang != grammar.Heat && f.Lang != grammar.HeatEnv {
		return nil, false
	}
	types := v.HeatTypes()
	o := uint32(off)
	for i := range f.Refs {
		r := &f.Refs[i]
		if o < r.Span.Start || o > r.Span.End {
			continue
		}
		switch r.Kind {
		case grammar.HeatResourceType:
			return templateLocation(types, f, path, r.Entity, f.RefName(r))
		case grammar.HeatEnvParameter:
			return envParameters(v, types, path, f.RefName(r)), true
		}
	}
	if f.Lang == grammar.HeatEnv {
		if id := f.EntityAt(off); id != facts.None {
			if e := f.Entity(id); e.G() == grammar.HeatMappingDef && o >= e.NameSpan.Start && o <= e.NameSpan.End {
				return templateLocation(types, f, path, id, e.Name)
			}
		}
	}
	return nil, false
}

// templateLocation is the template a type name written in entity id leads
// to: a resource's type, or an environment's mapping.
func templateLocation(types *model.HeatTypes, f *facts.Facts, path string, id facts.ID, name string) ([]model.Location, bool) {
	var t model.HeatType
	switch e := f.Entity(id); {
	case e != nil && e.G() == grammar.HeatResourceDef:
		t = types.ResourceType(path, id)
	case e != nil && e.G() == grammar.HeatMappingDef:
		target := f.HeatMappingTarget(id)
		if !grammar.IsHeatTemplateName(target) {
			t = types.Resolve(path, target, "")
		} else {
			t = model.HeatType{Template: grammar.HeatTemplatePath(path, target)}
		}
	default:
		return nil, false
	}
	if t.Template == "" {
		return nil, true
	}
	return []model.Location{{Path: t.Template}}, true
}

// envParameters are the declarations of the parameter called name in the
// templates an environment is used with.
func envParameters(v *model.View, types *model.HeatTypes, env, name string) []model.Location {
	var out []model.Location
	for _, p := range types.TemplatesFor(env) {
		if d := v.Local(p, grammar.HeatParameter, name); d.Valid() {
			out = append(out, v.Location(d))
		}
	}
	return out
}
