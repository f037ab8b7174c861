package dialect

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/grammar/heatreg"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// The checks of Heat resources against their types (Heat's registry, or
// a provider template's parameters and outputs): the type itself, the
// properties a resource gives and the attributes get_attr reads. Only
// literal values are judged, the way Heat converts them
// (heat/engine/properties.py); what a function computes is not.

// resourceTypes checks every resource of the template and every get_attr.
func (c *checker) resourceTypes() {
	types := c.v.HeatTypes()
	for id := range c.f.Declarations() {
		if c.f.Entity(id).Declares() == grammar.HeatResource {
			c.resource(types, id)
		}
	}
	for i := range c.f.Calls {
		if call := &c.f.Calls[i]; call.Fn != nil && call.Fn.Name == grammar.HeatGetAttr {
			c.getAttr(types, call)
		}
	}
}

// resource checks one resource's type and properties.
func (c *checker) resource(types *model.HeatTypes, id facts.ID) {
	tv := c.f.FieldValue(id, grammar.KeyType)
	name := c.f.Text(tv)
	if tv == facts.NoValue || name == "" {
		return
	}
	span := c.f.Value(tv).Span
	ht := types.ResourceType(c.path, id)
	t := ht.Type
	switch {
	case t == nil && ht.Template != "":
		c.missingTemplate(span, name, ht.Template)
		return
	case t == nil && !ht.Mapping.Valid():
		c.unknownType(span, name)
		return
	case t == nil:
		return
	}
	t = t.As(name)
	c.support(span, t)
	if t.OpenProperties {
		return
	}
	pv := c.f.FieldValue(id, grammar.HeatProperties)
	if val := c.f.Value(pv); val != nil && val.Kind() != syntax.Mapping && val.Kind() != syntax.Null {
		return // a shape the grammar reports, or a call
	}
	at := c.f.Entity(id).NameSpan
	if fl, ok := c.f.Field(id, grammar.HeatProperties); ok {
		at = c.f.KeySpan(fl)
	}
	c.properties(types, t, t.Properties, pv, at, "")
}

// missingTemplate reports a provider template file that does not exist
// next to the template (URLs and files outside the sandbox are not looked
// at; a file that exists but is not a Heat template of the workspace is
// left unknown).
func (c *checker) missingTemplate(span facts.Span, name, file string) {
	if strings.Contains(name, "://") || !c.v.Snap.InSandbox(file) {
		return
	}
	if _, err := os.Stat(file); err == nil || c.v.Facts(file) != nil {
		return
	}
	where := "template"
	if c.f.Lang == grammar.HeatEnv {
		where = "environment"
	}
	c.report(span, diag.Error, diag.FileNotFound, diag.Sprintf("no template %q next to the %s", name, where))
}

// unknownType reports a type name that is neither in Heat's registry nor
// mapped by an environment of the workspace: an error for a name of
// Heat's own namespaces close to one of its types (a typo), a warning for
// other OS:: and AWS:: names (a plug-in); other names (Custom::, a
// plug-in's namespace) are not reported.
func (c *checker) unknownType(span facts.Span, name string) {
	if !strings.HasPrefix(name, "OS::") && !strings.HasPrefix(name, "AWS::") || grammar.IsHeatTemplateName(name) {
		return
	}
	r := heatreg.Load()
	var names []string
	for _, n := range r.Names() {
		if r.Type(n).Status != heatreg.Hidden {
			names = append(names, n)
		}
	}
	sugg := diag.Suggest(name, names)
	if len(sugg) == 0 {
		c.report(span, diag.Warning, diag.UnknownType, diag.Sprintf("%q is not a resource type of Heat %s (a plug-in's?)", name, r.Heat))
		return
	}
	d := c.report(span, diag.Error, diag.UnknownType, diag.Sprintf("unknown resource type %q; did you mean %q?", name, sugg[0]))
	d.Suggestions = sugg
}

// support reports a type that Heat removed, does not support or deprecates.
func (c *checker) support(span facts.Span, t *heatreg.Type) {
	use := ""
	if t.Use != "" {
		use = "; use " + t.Use
	}
	since := ""
	if t.StatusIn != "" {
		since = " since " + heatreg.ReleaseName(t.StatusIn)
	}
	switch t.Status {
	case heatreg.Hidden:
		c.report(span, diag.Error, diag.UnsupportedType, fmt.Sprintf("%s is no longer available%s%s", t.Name, since, use)).Suggestions = suggestion(t.Use)
	case heatreg.Unsupported:
		c.report(span, diag.Warning, diag.UnsupportedType, fmt.Sprintf("%s is not supported by Heat: use it at your own risk", t.Name))
	case heatreg.Deprecated:
		d := c.report(span, diag.Warning, diag.DeprecatedType, fmt.Sprintf("%s is deprecated%s%s", t.Name, since, use))
		d.Suggestions = suggestion(t.Use)
		d.Tags = []model.Tag{model.TagDeprecated}
	}
}

func suggestion(name string) []string {
	if name == "" {
		return nil
	}
	return []string{name}
}

// properties checks the entries of a map of properties (a resource's, or
// a map property's) against their schema: names, required ones, values.
// at is where a missing one is reported, prefix the path to the map.
func (c *checker) properties(types *model.HeatTypes, t *heatreg.Type, schema map[string]*heatreg.Property, pv facts.ValueID, at facts.Span, prefix string) {
	given := map[string]bool{}
	for k, v := range c.f.Pairs(pv) {
		name := c.f.Text(k)
		given[name] = true
		p := schema[name]
		if p == nil {
			if name == "<<" {
				continue
			}
			d := c.report(c.f.Value(k).Span, diag.Error, diag.UnknownMember, diag.Sprintf("%s has no property %q", what(t, prefix), name))
			suggestInto(d, name, visible(schema))
			continue
		}
		if p.NotImplemented {
			c.report(c.f.Value(k).Span, diag.Error, diag.UnknownMember, diag.Sprintf("Heat does not implement property %q of %s", name, t.Name))
			continue
		}
		c.propertyValue(types, t, p, v, prefix+name)
	}
	if c.f.Value(pv) != nil && c.mergesKeys(pv) {
		return
	}
	var missing []string
	for _, name := range heatreg.Sorted(schema) {
		p := schema[name]
		if p.Required && p.Default == nil && !given[name] && p.Status != heatreg.Hidden &&
			!(t.Template != "" && prefix == "" && types.HasParameterDefault(name)) {
			missing = append(missing, "`"+name+"`")
		}
	}
	if len(missing) > 0 {
		s := "y "
		if len(missing) > 1 {
			s = "ies "
		}
		c.report(at, diag.Error, diag.MissingRequiredValue, fmt.Sprintf("%s needs the propert%s%s", what(t, prefix), s, strings.Join(missing, ", ")))
	}
}

// mergesKeys reports a map written with a YAML merge key, whose entries
// the facts do not all show.
func (c *checker) mergesKeys(pv facts.ValueID) bool {
	for k := range c.f.Pairs(pv) {
		if c.f.Text(k) == "<<" {
			return true
		}
	}
	return false
}

// what names the type (or the map property) whose properties are checked.
func what(t *heatreg.Type, prefix string) string {
	if prefix != "" {
		return "property " + strings.TrimSuffix(prefix, ".") + " of " + t.Name
	}
	return t.Name
}

// visible are the names of a schema a did-you-mean may offer.
func visible(schema map[string]*heatreg.Property) []string {
	var out []string
	for name, p := range schema {
		if p.Status != heatreg.Hidden {
			out = append(out, name)
		}
	}
	return out
}

func suggestInto(d *model.Diagnostic, name string, names []string) {
	d.Suggestions = diag.Suggest(name, names)
	if len(d.Suggestions) > 0 {
		d.Message += diag.Sprintf("; did you mean %q?", d.Suggestions[0])
	}
}

// propertyValue checks a literal value against its property: its type as
// Heat converts it, its constraints, and the entries of a map or list
// with a schema. Calls and nulls are not judged.
func (c *checker) propertyValue(types *model.HeatTypes, t *heatreg.Type, p *heatreg.Property, a facts.ValueID, name string) {
	val := c.f.Value(a)
	if val == nil || val.Kind() == syntax.Null || c.callAt(a) != nil {
		return
	}
	if !c.fitsProperty(p, val, a) {
		c.report(val.Span, diag.Error, diag.WrongValueType, fmt.Sprintf("property %s of %s is %s, found %s", name, t.Name, article(p.Type), c.shown(val, a)))
		return
	}
	switch {
	case p.Type == heatreg.Map && val.Kind() == syntax.Mapping && len(p.Schema) > 0:
		c.properties(types, t, p.Schema, a, val.Span, name+".")
	case p.Type == heatreg.List && val.Kind() == syntax.Sequence && p.Item() != nil:
		for i, item := range c.f.Items(a) {
			c.propertyValue(types, t, p.Item(), item, fmt.Sprintf("%s[%d]", name, i))
		}
	}
	c.constraints(t, p, val, a, name)
}

// fitsProperty tells whether Heat converts the value to the property's type.
func (c *checker) fitsProperty(p *heatreg.Property, val *facts.Value, a facts.ValueID) bool {
	scalar := val.Kind() == syntax.Scalar
	plain := scalar && val.Style() == syntax.Plain && !val.Tagged()
	s := c.f.Text(a)
	switch p.Type {
	case heatreg.String:
		// Heat takes integers and booleans as their text; a float it refuses.
		return scalar && !(plain && pythonFloat.MatchString(s))
	case heatreg.Integer:
		_, isNum := model.LiteralNumber(s)
		_, isBool := model.HeatBool(s)
		return scalar && (integer.MatchString(strings.TrimSpace(s)) || plain && (isNum || isBool))
	case heatreg.Number:
		_, isNum := model.LiteralNumber(strings.TrimSpace(s))
		_, isBool := model.HeatBool(s)
		return scalar && (isNum || plain && isBool)
	case heatreg.Boolean:
		_, isBool := model.HeatBool(s)
		return scalar && (strings.EqualFold(s, "true") || strings.EqualFold(s, "false") || plain && isBool)
	case heatreg.Map:
		return val.Kind() == syntax.Mapping || p.Convertible && (scalar || val.Kind() == syntax.Sequence)
	case heatreg.List:
		return val.Kind() == syntax.Sequence || p.Convertible && scalar
	}
	return true
}

var (
	integer = regexp.MustCompile(`^[-+]?[0-9]+$`)
	// pythonFloat is what PyYAML surely reads as a float.
	pythonFloat = regexp.MustCompile(`^[-+]?[0-9]+\.[0-9]*$`)
)

func article(typ string) string {
	switch typ {
	case heatreg.Integer:
		return "an integer"
	case heatreg.Any:
		return "any value"
	}
	return "a " + typ
}

// shown says what a value is, for messages.
func (c *checker) shown(val *facts.Value, a facts.ValueID) string {
	switch val.Kind() {
	case syntax.Mapping:
		return "a map"
	case syntax.Sequence:
		return "a list"
	}
	return diag.Quote(c.f.Text(a))
}

// constraints checks a literal value against a property's constraints:
// allowed values, range, length and pattern (custom constraints ask the
// cloud).
func (c *checker) constraints(t *heatreg.Type, p *heatreg.Property, val *facts.Value, a facts.ValueID, name string) {
	for _, k := range p.Constraints {
		msg := ""
		switch {
		case k.AllowedValues != nil:
			msg = c.allowedValues(p, k.AllowedValues, val, a)
		case k.Range != nil && (p.Type == heatreg.Integer || p.Type == heatreg.Number) && val.Kind() == syntax.Scalar:
			if x, ok := model.LiteralNumber(strings.TrimSpace(c.f.Text(a))); ok && !k.Range.Holds(x) {
				msg = fmt.Sprintf("%s is not %s", c.f.Text(a), k.Range)
			}
		case k.Length != nil:
			if n, ok := c.length(val, a); ok && !k.Length.Holds(float64(n)) {
				msg = fmt.Sprintf("its length %d is not %s", n, k.Length)
			}
		case k.AllowedPattern != nil && val.Kind() == syntax.Scalar:
			if re, err := regexp.Compile(`^(?:` + *k.AllowedPattern + `)`); err == nil {
				s := c.f.Text(a)
				if m := re.FindStringIndex(s); m == nil || m[1] != len(s) {
					msg = diag.Sprintf("%q does not match the pattern %q", s, *k.AllowedPattern)
				}
			}
		}
		if msg != "" {
			c.report(val.Span, diag.Error, diag.ConstraintViolated, fmt.Sprintf("property %s of %s: %s", name, t.Name, msg))
		}
	}
}

// allowedValues checks a value (or each item of a list) against a list of
// allowed values, compared as the property's type.
func (c *checker) allowedValues(p *heatreg.Property, allowed []any, val *facts.Value, a facts.ValueID) string {
	items := []facts.ValueID{a}
	if val.Kind() == syntax.Sequence {
		items = c.f.Items(a)
	}
	var shown []string
	for _, v := range allowed {
		shown = append(shown, fmt.Sprint(v))
	}
	for _, item := range items {
		iv := c.f.Value(item)
		if iv == nil || iv.Kind() != syntax.Scalar || c.callAt(item) != nil {
			continue
		}
		s := c.f.Text(item)
		if !slices.ContainsFunc(allowed, func(v any) bool { return sameValue(p.Type, v, s) }) {
			return diag.Sprintf("%q is not one of %s", s, strings.Join(shown, ", "))
		}
	}
	return ""
}

// sameValue compares an allowed value with a scalar's text as Heat does
// once both are of the property's type.
func sameValue(typ string, allowed any, s string) bool {
	switch typ {
	case heatreg.Integer, heatreg.Number:
		x, ok := model.LiteralNumber(strings.TrimSpace(s))
		if y, isNum := allowed.(float64); ok && isNum {
			return x == y
		}
	case heatreg.Boolean:
		if b, ok := allowed.(bool); ok {
			v, _ := model.HeatBool(s)
			return v == b || strings.EqualFold(s, fmt.Sprint(b))
		}
	}
	return fmt.Sprint(allowed) == s
}

// length is the length Heat measures: characters of a string, items of a
// list, entries of a map.
func (c *checker) length(val *facts.Value, a facts.ValueID) (int, bool) {
	switch val.Kind() {
	case syntax.Scalar:
		return utf8.RuneCountInString(c.f.Text(a)), true
	case syntax.Sequence, syntax.Mapping:
		if val.Kind() == syntax.Mapping {
			return int(val.N() / 2), true
		}
		return int(val.N()), true
	}
	return 0, false
}

// getAttr checks the attribute a get_attr call reads: one the resource's
// type has (the attributes of plug-ins that read them their own way are
// not known), and a path only into a structured attribute.
func (c *checker) getAttr(types *model.HeatTypes, call *facts.Call) {
	args := c.args(call)
	if len(args) < 2 {
		return
	}
	res := c.nameArg(call)
	if !res.Valid() || res.Path != c.path {
		return
	}
	t := types.ResourceType(c.path, res.ID).Type
	av := c.f.Value(args[1])
	if t != nil {
		t = t.As(c.f.FieldText(res.ID, grammar.KeyType))
	}
	if t == nil || t.OpenAttributes || av == nil || av.Kind() != syntax.Scalar || c.callAt(args[1]) != nil {
		return
	}
	name := c.f.Text(args[1])
	a := t.Attributes[name]
	if a == nil {
		if t.Template != "" && strings.HasPrefix(name, "resource.") {
			return // an attribute of a resource of the nested stack
		}
		var names []string
		for n, a := range t.Attributes {
			if a.Status != heatreg.Hidden {
				names = append(names, n)
			}
		}
		d := c.report(av.Span, diag.Error, diag.UnknownPathName, diag.Sprintf("%s has no attribute %q", t.Name, name))
		suggestInto(d, name, names)
		return
	}
	switch a.Type {
	case heatreg.String, heatreg.Integer, heatreg.Boolean:
		if len(args) > 2 {
			c.report(c.f.Value(args[2]).Span, diag.Warning, diag.WrongArguments,
				fmt.Sprintf("attribute %s of %s is %s: a path into it gives null", name, t.Name, article(a.Type)))
		}
	}
}
