package dialect

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// environment checks a Heat environment file beyond its grammar: what its
// mappings lead to, its hooks and restricted actions, and the parameters
// it sets against the templates it is used with (those whose resource
// types it maps), where that is known.
func (c *checker) environment() {
	types := c.v.HeatTypes()
	for id := range c.f.Entities {
		e := &c.f.Entities[id]
		switch e.G() {
		case grammar.HeatMappingDef:
			c.mapping(types, facts.ID(id))
		case grammar.HeatRegistryResourceDef:
			c.enumOrList(facts.ID(id), grammar.HeatHooks, grammar.HeatHookValues)
			c.enumOrList(facts.ID(id), grammar.HeatRestrictedActions, grammar.HeatRestrictedValues)
		}
	}
	roots := types.TemplatesOf(c.path)
	if len(roots) == 0 {
		return
	}
	c.envParameters(grammar.HeatEnvParameters, roots, true)
	c.envParameters(grammar.HeatEnvParameterDefs, append(roots, types.MappedTemplates(c.path)...), false)
}

// mapping checks what a mapping of the resource registry leads to: a
// template that exists, or a type Heat (or another mapping) knows.
func (c *checker) mapping(types *model.HeatTypes, id facts.ID) {
	fl := c.f.FieldsOf(id)
	if len(fl) == 0 {
		return
	}
	val := c.f.Value(fl[0].Value)
	target := c.f.Text(fl[0].Value)
	if val == nil || val.Kind() != syntax.Scalar || target == "" {
		return
	}
	if grammar.IsHeatTemplateName(target) {
		c.missingTemplate(val.Span, target, grammar.HeatTemplatePath(c.path, target))
		return
	}
	name := model.GlobTarget(c.f.Entity(id).Name, target, target)
	if strings.HasSuffix(name, "*") || types.Resolve(c.path, name, "").Type != nil {
		return
	}
	c.unknownType(val.Span, name)
}

// enumOrList checks a value that is one of values or a list of them.
func (c *checker) enumOrList(id facts.ID, key string, values []string) {
	a := c.f.FieldValue(id, key)
	items := []facts.ValueID{a}
	if val := c.f.Value(a); val == nil {
		return
	} else if val.Kind() == syntax.Sequence {
		items = c.f.Items(a)
	}
	for _, item := range items {
		val := c.f.Value(item)
		if val.Kind() != syntax.Scalar || !slices.Contains(values, c.f.Text(item)) {
			d := c.report(val.Span, diag.Error, diag.WrongValueShape, fmt.Sprintf("`%s` takes %s, or a list of them", key, strings.Join(values, ", ")))
			d.Suggestions = diag.Suggest(c.f.Text(item), values)
		}
	}
}

// envParameters checks the parameters a section sets against the
// templates: a value must fit the type of the parameter of that name;
// with unknown set, a name no template declares is a warning (Heat refuses
// it for the template the stack is created with, which may be another).
func (c *checker) envParameters(section string, templates []string, unknown bool) {
	fl, ok := c.f.Field(facts.Root, section)
	if !ok {
		return
	}
	for k, a := range c.f.Pairs(fl.Value) {
		name := c.f.Text(k)
		var decls []model.Decl
		var names []string
		for _, p := range templates {
			if d := c.v.Local(p, grammar.HeatParameter, name); d.Valid() {
				decls = append(decls, d)
			}
			names = append(names, c.v.LocalNames(p, grammar.HeatParameter)...)
		}
		if len(decls) == 0 {
			if unknown {
				d := c.report(c.f.Value(k).Span, diag.Warning, diag.UnknownName,
					diag.Sprintf("no parameter %q in %s, the template%s this environment maps types for", name, shortNames(templates), plural(len(templates))))
				suggestInto(d, name, names)
			}
			continue
		}
		typ := c.v.FieldText(decls[0], grammar.KeyType)
		if val := c.f.Value(a); val != nil && val.Kind() != syntax.Null && !c.fitsParameter(typ, a, false) {
			c.report(val.Span, diag.Error, diag.WrongValueType, fmt.Sprintf("parameter %s is a %s parameter, found %s", name, typ, c.typeOf(a, 0)))
		}
	}
}

func shortNames(paths []string) string {
	var out []string
	for _, p := range paths {
		out = append(out, filepath.Base(p))
	}
	return strings.Join(out, ", ")
}
