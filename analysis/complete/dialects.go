package complete

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/grammar/heatreg"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Heat's resource types, their properties and attributes, from Heat's
// registry (package heatreg), the provider templates and the mappings of
// the workspace's environment files.

// resourceTypeItems offers the resource types: those of Heat's registry
// the template's version has (not the removed ones; deprecated ones
// marked), the names the workspace's environments map, and the other
// names (a plug-in's) the workspace's templates use. The name being typed
// at the cursor does not count.
func (r *request) resourceTypeItems(present map[string]bool) {
	reg := heatreg.Load()
	version := ""
	if d := r.u.Facts.Dialect; d != nil && r.u.Facts.Lang == grammar.Heat {
		version = d.Version
	}
	for _, name := range reg.Names() {
		t := reg.Type(name)
		if present[name] || t.Status == heatreg.Hidden || version != "" && !heatreg.AvailableIn(t.Since, version) {
			continue
		}
		detail := "resource type"
		switch {
		case t.Status == heatreg.Unsupported:
			detail += " · unsupported"
		case t.Since != "":
			detail += " · since " + heatreg.ReleaseName(t.Since)
		}
		r.add(Item{Label: name, Kind: KindType, Detail: detail, Documentation: t.Markdown(),
			Deprecated: t.Status == heatreg.Deprecated, SortText: "0" + name})
	}
	types := r.v.HeatTypes()
	for _, env := range types.Environments() {
		f := r.v.Facts(env)
		for id := range f.Declarations() {
			e := f.Entity(id)
			if e.G() != grammar.HeatMappingDef || present[e.Name] || strings.HasSuffix(e.Name, "*") || reg.Type(e.Name) != nil {
				continue
			}
			r.add(Item{Label: e.Name, Kind: KindType, SortText: "0" + e.Name,
				Detail: fmt.Sprintf("resource type · %s in %s", f.HeatMappingTarget(id), filepath.Base(env))})
		}
	}
	r.usedTypeItems(present)
}

// usedTypeItems offers the names of types outside the registry (a
// plug-in's) that the workspace's Heat templates use.
func (r *request) usedTypeItems(present map[string]bool) {
	reg := heatreg.Load()
	users := map[string]int{}
	for _, path := range r.v.Snap.Paths() {
		f := r.v.Facts(path)
		if f == nil || f.Lang != grammar.Heat {
			continue
		}
		seen := map[string]bool{}
		for i := range f.Refs {
			ref := &f.Refs[i]
			name := f.RefName(ref)
			if ref.Kind != grammar.HeatResourceType || seen[name] || !strings.Contains(name, "::") || reg.Type(name) != nil {
				continue
			}
			if path == r.u.Path && ref.Span.Text().Contains(r.off) {
				continue
			}
			seen[name] = true
			users[name]++
		}
	}
	names := make([]string, 0, len(users))
	for name := range users {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if present[name] {
			continue
		}
		detail := "resource type · used in 1 template"
		if n := users[name]; n > 1 {
			detail = fmt.Sprintf("resource type · used in %d templates", n)
		}
		r.add(Item{Label: name, Kind: KindType, Detail: detail, SortText: "1" + name})
	}
}

// heatPropertyAt is the resource type of the resource whose properties
// hold the end of path, and the property there (nil at `properties`
// itself).
func (r *request) heatPropertyAt(path syntax.Path) (*heatreg.Type, []string, bool) {
	if r.u.Facts.Lang != grammar.Heat {
		return nil, nil, false
	}
	id, names, ok := r.u.HeatPropertyPath(path)
	if !ok {
		return nil, nil, false
	}
	t := r.v.HeatTypes().ResourceType(r.u.Path, id).Type
	return t, names, t != nil && !t.OpenProperties
}

// heatPropertyKeyItems offers, in the properties of a resource (or in a
// map property, or an item of a list of maps), the property names not yet
// written: required ones first, each inserted with the shape of its value.
func (r *request) heatPropertyKeyItems(t target) bool {
	typ, names, ok := r.heatPropertyAt(t.path)
	if !ok {
		return false
	}
	schema, of := typ.Properties, typ.Name
	if len(names) > 0 {
		p := model.HeatPropertyAt(typ, names)
		if p != nil && p.Type == heatreg.List && p.Item() != nil && names[len(names)-1] != "*" {
			p = p.Item()
		}
		if p == nil || p.Type != heatreg.Map {
			return false // a call, or a map Heat does not describe
		}
		schema, of = p.Schema, of+" "+strings.Join(names, ".")
	}
	present := r.presentKeys(t.node)
	if len(names) > 0 && len(present) == 0 {
		// The value of a map property may be computed: a call is the
		// only key of its map.
		r.functionItems(true, grammar.ArgAny)
	}
	for _, name := range heatreg.Sorted(schema) {
		p := schema[name]
		if present[name] || p.Status == heatreg.Hidden || p.NotImplemented {
			continue
		}
		group, detail := "1", p.TypeName()
		if p.Required && p.Default == nil {
			group, detail = "0", detail+" · required"
		}
		var text string
		var snippet bool
		if r.colonAfter {
			text = r.scalarText(name)
		} else {
			text, snippet = r.keyText(r.scalarText(name), r.shapes().Heat(facts.NoValue, name, p))
		}
		r.add(Item{Label: name, Kind: KindProperty, Detail: detail, Documentation: p.Markdown(name, of),
			Deprecated: p.Status == heatreg.Deprecated, SortText: group + name,
			Edit: model.TextEdit{Span: r.word, NewText: text}, Snippet: snippet})
	}
	return true
}

// heatPropertyValueItems offers, for the value of a property, what its
// shape allows (true and false for a boolean, its allowed values, the
// functions).
func (r *request) heatPropertyValueItems(t target) bool {
	typ, names, ok := r.heatPropertyAt(t.path)
	if !ok || len(names) == 0 || t.node != nil && t.node.Kind != syntax.Scalar && t.node.Kind != syntax.Null {
		return false
	}
	p := model.HeatPropertyAt(typ, names)
	if p == nil || r.shapes() == nil {
		return false
	}
	r.offer(r.shapes().Heat(facts.NoValue, names[len(names)-1], p), r.query(t, false, false))
	return true
}

// heatEnvParameterItems offers, in an environment file, the parameters of
// the templates it is used with (those whose resource types it maps, else
// those of its folder); for parameter_defaults, of the templates its
// mappings name too.
func (r *request) heatEnvParameterItems(t target, present map[string]bool) {
	types := r.v.HeatTypes()
	templates := types.TemplatesFor(r.u.Path)
	if k := t.frame.Key; k != nil && k.Name == grammar.HeatEnvParameterDefs {
		templates = append(templates, types.MappedTemplates(r.u.Path)...)
	}
	for _, p := range templates {
		f := r.v.Facts(p)
		if f == nil {
			continue
		}
		for id := range f.Declarations() {
			e := f.Entity(id)
			if e.Declares() != grammar.HeatParameter || present[e.Name] {
				continue
			}
			detail := "parameter of " + filepath.Base(p)
			if typ := f.FieldText(id, grammar.KeyType); typ != "" {
				detail = typ + " · " + detail
			}
			r.add(Item{Label: e.Name, Kind: KindName, Detail: detail, SortText: "0" + e.Name})
		}
	}
}
