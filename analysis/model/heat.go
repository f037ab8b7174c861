package model

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/grammar/heatreg"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Heat resource types as a template sees them: a type of Heat's registry
// (package heatreg), a provider template named by its file
// (`type: lib/server.yaml`), or a name the workspace's environment files
// map onto a template or another type. A provider template's parameters
// are the type's properties and its outputs its attributes, as Heat's
// TemplateResource makes them.

// HeatTypes resolves resource type names for one request or check: it
// finds the workspace's environment files once.
type HeatTypes struct {
	v    *View
	envs []string
}

// HeatTypes returns a resolver of resource type names.
func (v *View) HeatTypes() *HeatTypes {
	return &HeatTypes{v: v, envs: v.Snap.HeatEnvironments()}
}

// Environments are the paths of the workspace's environment files.
func (h *HeatTypes) Environments() []string { return h.envs }

// HeatType is what a resource type name stands for.
type HeatType struct {
	// Type describes the properties and attributes (nil when unknown: a
	// custom plug-in, a template that cannot be read).
	Type *heatreg.Type
	// Template is the provider template the name leads to ("" for a
	// type of the registry), and Mapping the environment's mapping that
	// leads there (for a name mapped by an environment file).
	Template string
	Mapping  Decl
}

// Resolve returns what the type name means to the template at path, for
// its resource called resource: an environment's mapping of the resource
// or of the name wins, then a template file, then the registry.
func (h *HeatTypes) Resolve(path, name, resource string) HeatType {
	return h.resolve(path, name, resource, 0)
}

// maxMappings bounds how many mappings a name is followed through (an
// environment may map names onto each other in a cycle).
const maxMappings = 8

func (h *HeatTypes) resolve(from, name, resource string, depth int) HeatType {
	if depth > maxMappings {
		return HeatType{}
	}
	if m, ok := h.mapping(name, resource); ok {
		f := h.v.Facts(m.Path)
		target := GlobTarget(f.Entity(m.ID).Name, f.HeatMappingTarget(m.ID), name)
		if target == "" || target == name {
			return h.registry(name)
		}
		if grammar.IsHeatTemplateName(target) {
			t := h.template(m.Path, target)
			t.Mapping = m
			return t
		}
		t := h.resolve(m.Path, target, "", depth+1)
		t.Mapping = m
		return t
	}
	if grammar.IsHeatTemplateName(name) {
		return h.template(from, name)
	}
	return h.registry(name)
}

func (h *HeatTypes) registry(name string) HeatType {
	return HeatType{Type: heatreg.Load().Type(name)}
}

// template is the type a provider template file makes, relative to the
// file that names it (a URL or a template outside the workspace is
// unknown).
func (h *HeatTypes) template(from, name string) HeatType {
	file := grammar.HeatTemplatePath(from, name)
	if file == "" {
		return HeatType{}
	}
	return HeatType{Type: h.v.HeatTemplateType(file), Template: file}
}

// mapping finds the environments' mapping of a name: of the name for the
// resource called resource (`resources: {db: {OS::Trove::Instance: …}}`),
// else of the name itself, else of a glob (`OS::Networking::*`) that
// matches it. Mappings that disagree leave the name unmapped: which
// environment a stack is created with is not known.
func (h *HeatTypes) mapping(name, resource string) (Decl, bool) {
	var found []Decl
	for _, p := range h.envs {
		f := h.v.Facts(p)
		reg := f.Sub(facts.Root, grammar.HeatEnvResourceRegistry)
		if reg == facts.None {
			continue
		}
		if resource != "" {
			if id := f.Entry(reg, grammar.HeatRegistryResources, resource); id != facts.None {
				if m := f.HeatMappingOf(id, name); m != facts.None {
					found = append(found, Decl{p, m})
					continue
				}
			}
		}
		if m := f.HeatMappingOf(reg, name); m != facts.None {
			found = append(found, Decl{p, m})
		}
	}
	if len(found) == 0 {
		return Decl{}, false
	}
	first := h.mappedName(found[0])
	for _, d := range found[1:] {
		if h.mappedName(d) != first {
			return Decl{}, false
		}
	}
	return found[0], true
}

// mappedName is what a mapping leads to, comparable across files.
func (h *HeatTypes) mappedName(d Decl) string {
	target := h.v.Facts(d.Path).HeatMappingTarget(d.ID)
	if grammar.IsHeatTemplateName(target) {
		return grammar.HeatTemplatePath(d.Path, target)
	}
	return target
}

// GlobTarget is the type name a glob mapping (`OS::Networking::*` onto
// `OS::Neutron::*`) gives name; target itself for other mappings.
func GlobTarget(pattern, target, name string) string {
	prefix, glob := strings.CutSuffix(pattern, "*")
	tprefix, tglob := strings.CutSuffix(target, "*")
	if !glob || !tglob {
		return target
	}
	return tprefix + strings.TrimPrefix(name, prefix)
}

// HeatTemplateType is the resource type the Heat template at path makes
// as a provider template: a property per parameter (required when it has
// no default), an attribute per output, and Heat's `show`. Nil when the
// file is not a Heat template of the workspace.
func (v *View) HeatTemplateType(path string) *heatreg.Type {
	f := v.Facts(path)
	if f == nil || f.Lang != grammar.Heat {
		return nil
	}
	t := &heatreg.Type{Name: filepath.Base(path), Template: path,
		Properties: map[string]*heatreg.Property{}, Attributes: map[string]*heatreg.Attribute{"show": {Type: heatreg.Map}}}
	for id := range f.Declarations() {
		e := f.Entity(id)
		switch e.Declares() {
		case grammar.HeatParameter:
			t.Properties[e.Name] = parameterProperty(f, id)
		case grammar.HeatOutput:
			t.Attributes[e.Name] = &heatreg.Attribute{}
		}
	}
	return t
}

// parameterProperty is the property a template's parameter makes (Heat's
// Schema.from_parameter): json becomes a map and comma_delimited_list a
// list, both also given as a string (a json one as a list too).
func parameterProperty(f *facts.Facts, id facts.ID) *heatreg.Property {
	p := &heatreg.Property{UpdateAllowed: true}
	switch f.FieldText(id, grammar.KeyType) {
	case "string":
		p.Type = heatreg.String
	case "number":
		p.Type = heatreg.Number
	case "boolean":
		p.Type = heatreg.Boolean
	case "comma_delimited_list":
		p.Type, p.Convertible = heatreg.List, true
	case "json":
		p.Type, p.Convertible = heatreg.Map, true
	default:
		p.Type = heatreg.Any
	}
	def := f.Value(f.FieldValue(id, grammar.KeyDefault))
	p.Required = def == nil || def.Kind() == syntax.Null
	for c := range f.Children(id) {
		if f.Entity(c).G() == grammar.HeatConstraintDef {
			if k, ok := constraintOf(f, c); ok {
				p.Constraints = append(p.Constraints, k)
			}
		}
	}
	return p
}

// constraintOf reads one parameter constraint.
func constraintOf(f *facts.Facts, id facts.ID) (heatreg.Constraint, bool) {
	var k heatreg.Constraint
	bounds := func(name string) *heatreg.Bounds {
		b := f.Sub(id, name)
		if b == facts.None {
			return nil
		}
		out := &heatreg.Bounds{}
		if x, ok := LiteralNumber(f.FieldText(b, "min")); ok {
			out.Min = &x
		}
		if x, ok := LiteralNumber(f.FieldText(b, "max")); ok {
			out.Max = &x
		}
		return out
	}
	switch {
	case hasKey(f, id, grammar.HeatRange):
		k.Range = bounds(grammar.HeatRange)
	case hasKey(f, id, grammar.HeatLength):
		k.Length = bounds(grammar.HeatLength)
	case hasKey(f, id, grammar.HeatAllowedPattern):
		s := f.FieldText(id, grammar.HeatAllowedPattern)
		k.AllowedPattern = &s
	case hasKey(f, id, "allowed_values"):
		for _, item := range f.Items(f.FieldValue(id, "allowed_values")) {
			k.AllowedValues = append(k.AllowedValues, LiteralOf(f, item))
		}
	default:
		return k, false
	}
	return k, true
}

func hasKey(f *facts.Facts, id facts.ID, name string) bool {
	if _, ok := f.Field(id, name); ok {
		return true
	}
	return f.Sub(id, name) != facts.None
}

// LiteralOf is a scalar's value as Heat's YAML reads it (a float64 for a
// plain number, a bool for a plain true or false, else its text); nil for
// collections and null.
func LiteralOf(f *facts.Facts, a facts.ValueID) any {
	val := f.Value(a)
	if val == nil || val.Kind() != syntax.Scalar {
		return nil
	}
	s := f.Text(a)
	if val.Style() != syntax.Plain || val.Tagged() {
		return s
	}
	if b, ok := HeatBool(s); ok {
		return b
	}
	if x, ok := LiteralNumber(s); ok {
		return x
	}
	return s
}

// HeatBool reads the plain scalars PyYAML (YAML 1.1, which Heat reads
// templates with) takes for booleans.
func HeatBool(s string) (value, ok bool) {
	switch s {
	case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON":
		return true, true
	case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF":
		return false, true
	}
	return false, false
}

// LiteralNumber reads a decimal integer or float.
func LiteralNumber(s string) (float64, bool) {
	if s == "" {
		return 0, false
	}
	if strings.ContainsAny(s, " \t_xXoObBnNiI") {
		return 0, false // hexadecimal, octal, inf, nan: not written in templates
	}
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil
}

// ResourceType is what the `type` of the resource id of the template at
// path stands for.
func (h *HeatTypes) ResourceType(path string, id facts.ID) HeatType {
	f := h.v.Facts(path)
	e := f.Entity(id)
	if e == nil || e.G() != grammar.HeatResourceDef {
		return HeatType{}
	}
	name := f.FieldText(id, grammar.KeyType)
	if name == "" {
		return HeatType{}
	}
	return h.Resolve(path, name, e.Name)
}

// TemplatesOf are the templates that use an environment's mappings (a
// resource of theirs has a type the environment maps): those it is
// likely created with, or that are part of such a stack.
func (h *HeatTypes) TemplatesOf(env string) []string {
	f := h.v.Facts(env)
	if f == nil {
		return nil
	}
	reg := f.Sub(facts.Root, grammar.HeatEnvResourceRegistry)
	mapped := map[string]bool{}
	for c := range f.Children(reg) {
		if e := f.Entity(c); e.G() == grammar.HeatMappingDef {
			mapped[e.Name] = true
		}
	}
	var out []string
	for _, p := range h.v.Snap.Paths() {
		tf := h.v.Facts(p)
		if tf == nil || tf.Lang != grammar.Heat {
			continue
		}
		for i := range tf.Refs {
			if r := &tf.Refs[i]; r.Kind == grammar.HeatResourceType && mapped[tf.RefName(r)] {
				out = append(out, p)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// HasParameterDefault reports whether an environment of the workspace
// gives parameters called name a default (parameter_defaults reach the
// templates nested in a stack too).
func (h *HeatTypes) HasParameterDefault(name string) bool {
	for _, p := range h.envs {
		f := h.v.Facts(p)
		for _, v := range f.FieldsOf(facts.Root) {
			if v.Key() != nil && v.Key().Name == grammar.HeatEnvParameterDefs && f.Get(v.Value, name) != facts.NoValue {
				return true
			}
		}
	}
	return false
}

// HeatPropertyPath locates the end of a path inside the properties of a
// Heat resource: the resource, and the names from its `properties` down
// (a list item is "*"; a key the path ends on is the last name). ok is
// false outside properties.
func (u *Unit) HeatPropertyPath(path syntax.Path) (resource facts.ID, names []string, ok bool) {
	for i := 0; i < len(path); i++ {
		n := path[i].Node()
		if path[i].OnKey {
			continue
		}
		fr, found := u.Frames[n]
		if !found || fr.Key == nil || fr.Key.Name != grammar.HeatProperties {
			continue
		}
		if e := u.Facts.Entity(fr.Entity); e == nil || e.G() != grammar.HeatResourceDef {
			return facts.None, nil, false
		}
		for _, s := range path[i+1:] {
			if s.Pair != nil {
				names = append(names, s.Pair.Key.Value)
			} else {
				names = append(names, "*")
			}
		}
		return fr.Entity, names, true
	}
	return facts.None, nil, false
}

// HeatPropertyAt is the property the names lead to in a resource type's
// properties (nil when they lead nowhere known).
func HeatPropertyAt(t *heatreg.Type, names []string) *heatreg.Property {
	if t == nil || len(names) == 0 {
		return nil
	}
	p := t.Properties[names[0]]
	for _, n := range names[1:] {
		switch {
		case p == nil:
			return nil
		case n == "*":
			p = p.Item()
		default:
			p = p.Schema[n]
		}
	}
	return p
}

// TemplatesFor are the templates an environment file is used with: those
// whose resource types it maps, else the Heat templates of its folder.
func (h *HeatTypes) TemplatesFor(env string) []string {
	if out := h.TemplatesOf(env); len(out) > 0 {
		return out
	}
	var out []string
	dir := filepath.Dir(env)
	for _, p := range h.v.Snap.Paths() {
		if f := h.v.Facts(p); f != nil && f.Lang == grammar.Heat && filepath.Dir(p) == dir {
			out = append(out, p)
		}
	}
	return out
}

// MappedTemplates are the templates an environment's mappings name (its
// parameter_defaults reach their parameters too).
func (h *HeatTypes) MappedTemplates(env string) []string {
	f := h.v.Facts(env)
	var out []string
	for id := range f.Declarations() {
		if f.Entity(id).G() != grammar.HeatMappingDef {
			continue
		}
		if t := f.HeatMappingTarget(id); grammar.IsHeatTemplateName(t) {
			out = append(out, grammar.HeatTemplatePath(env, t))
		}
	}
	return out
}
