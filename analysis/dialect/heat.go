package dialect

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	resyntax "regexp/syntax"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// heat checks a Heat template beyond its grammar: functions of later
// template versions, parameter paths, defaults and constraints, parameter
// groups, files read with get_file and dependency cycles.
func (c *checker) heat() {
	c.laterFunctions()
	for i := range c.f.Calls {
		call := &c.f.Calls[i]
		if call.Fn == nil || len(call.Fn.Params) == 0 {
			continue
		}
		switch call.Fn.Params[0].Ref {
		case grammar.HeatParameter:
			c.paramPath(call)
		case grammar.HeatFile:
			c.file(call)
		}
	}
	groups := map[string]string{}
	for id := range c.f.Entities {
		e := &c.f.Entities[id]
		switch e.G() {
		case grammar.HeatParameterDef:
			c.parameterDefault(facts.ID(id))
		case grammar.HeatConstraintDef:
			c.constraint(facts.ID(id))
		case grammar.HeatParameterGroupDef:
			c.group(facts.ID(id), groups)
		}
	}
	c.cycles()
	c.resourceTypes()
}

// laterFunctions warns about calls of functions that the template's version
// does not have yet: Heat reads them as plain maps.
func (c *checker) laterFunctions() {
	for i := range c.f.Values {
		val := &c.f.Values[i]
		if val.Kind() != syntax.Mapping || val.N() != 2 {
			continue
		}
		key := facts.ValueID(val.First)
		fn := grammar.HeatFunctionAnyVersion(c.f.Text(key))
		if fn == nil || fn.In.Has(c.f.Versions) {
			continue
		}
		c.report(c.f.Value(key).Span, diag.Warning, diag.UnavailableFunction,
			fmt.Sprintf("`%s` needs heat_template_version %s or later; in %s it is a plain map", fn.Name, grammar.HeatVersionName(fn.In), c.f.Dialect.Version))
	}
}

// paramPath checks that get_param indexes only into parameters whose value
// has a structure (json, comma_delimited_list).
func (c *checker) paramPath(call *facts.Call) {
	args := c.args(call)
	if len(args) < 2 {
		return
	}
	name := c.f.Text(args[0])
	d := c.nameArg(call)
	typ := c.v.FieldText(d, grammar.KeyType)
	t := grammar.HeatParameterType(typ)
	if !d.Valid() {
		if !grammar.IsBuiltin(grammar.HeatParameter, name) {
			return
		}
		typ, t = "pseudo parameter", grammar.ArgString
	}
	if t != grammar.ArgAny && t != grammar.ArgList {
		c.report(c.f.Value(args[1]).Span, diag.Error, diag.WrongArguments,
			diag.Sprintf("parameter %q is a %s: it has no keys or indexes to follow", name, typ))
	}
}

// file checks that get_file names a file that exists, for a relative path
// below the template that stays inside the sandbox (URLs and other paths
// are the client's to find).
func (c *checker) file(call *facts.Call) {
	args := c.args(call)
	val := c.f.Value(args[0])
	if val == nil || val.Kind() != syntax.Scalar {
		return
	}
	name := c.f.Text(args[0])
	// Only paths inside the template's folder are looked at (no `..`).
	if name == "" || strings.Contains(name, ":") || !filepath.IsLocal(filepath.FromSlash(name)) {
		return
	}
	target := filepath.Join(filepath.Dir(c.path), filepath.FromSlash(name))
	if !c.v.Snap.InSandbox(target) {
		return // a symbolic link leading out of the sandbox: not looked at
	}
	if st, err := os.Stat(target); err == nil && st.Mode().IsRegular() {
		return
	}
	c.report(val.Span, diag.Error, diag.FileNotFound, diag.Sprintf("no file %q next to the template", name))
}

// parameterDefault checks that a parameter's default fits its type.
func (c *checker) parameterDefault(id facts.ID) {
	def := c.f.FieldValue(id, grammar.KeyDefault)
	val := c.f.Value(def)
	typ := c.f.FieldText(id, grammar.KeyType)
	if val == nil || val.Kind() == syntax.Null || c.callAt(def) != nil {
		return
	}
	if !c.fitsParameter(typ, def, true) {
		c.report(val.Span, diag.Error, diag.WrongValueShape, fmt.Sprintf("the default of a %s parameter cannot be %s", typ, c.typeOf(def, 0)))
	}
}

// fitsParameter reports whether a literal value fits a parameter of type
// typ. strict also asks a string or list parameter for a scalar (a
// default must be one; a value an environment gives is converted).
func (c *checker) fitsParameter(typ string, a facts.ValueID, strict bool) bool {
	val := c.f.Value(a)
	got := c.typeOf(a, 0)
	switch want := grammar.HeatParameterType(typ); want {
	case grammar.ArgNumber:
		// Heat converts the text of a number, quoted or not.
		return val.Kind() == syntax.Scalar && isNumber(c.f.Text(a))
	case grammar.ArgBoolean:
		return got == want || val.Kind() == syntax.Scalar && heatBool(c.f.Text(a))
	case grammar.ArgString:
		return !strict || val.Kind() == syntax.Scalar
	case grammar.ArgList:
		return !strict || val.Kind() == syntax.Scalar || val.Kind() == syntax.Sequence
	}
	return true
}

// heatBool reports the strings Heat reads as booleans.
func heatBool(s string) bool {
	switch strings.ToLower(s) {
	case "t", "true", "on", "y", "yes", "1", "f", "false", "off", "n", "no", "0":
		return true
	}
	return false
}

// constraint checks one parameter constraint: exactly one kind, that
// applies to the parameter's type, with its bounds and a pattern that
// compiles.
func (c *checker) constraint(id facts.ID) {
	e := c.f.Entity(id)
	var kinds []string
	for _, k := range grammar.HeatConstraintDef.Keys {
		if k.Name != grammar.KeyDescription && (c.f.Sub(id, k.Name) != facts.None || hasField(c.f, id, k.Name)) {
			kinds = append(kinds, k.Name)
		}
	}
	switch {
	case len(kinds) == 0 && !c.unknownKeyIn(e.Span):
		var names []string
		for _, k := range grammar.HeatConstraintDef.KeysIn(c.f.Versions) {
			if k.Name != grammar.KeyDescription {
				names = append(names, "`"+k.Name+"`")
			}
		}
		last := len(names) - 1
		c.report(e.Span, diag.Error, diag.MissingKeyname, "a parameter constraint needs one of "+strings.Join(names[:last], ", ")+" or "+names[last])
		return
	case len(kinds) == 0:
		return // its kind is a keyname of another version, reported as such
	case len(kinds) > 1:
		c.report(e.Span, diag.Error, diag.WrongValueShape, fmt.Sprintf("a parameter constraint has one kind, found %s", strings.Join(kinds, " and ")))
		return
	}
	kind := kinds[0]
	typ := c.f.FieldText(e.Parent, grammar.KeyType)
	if types, ok := grammar.HeatConstraintTypes[kind]; ok && typ != "" && !slices.Contains(types, typ) {
		c.report(e.Span, diag.Error, diag.WrongValueShape, fmt.Sprintf("the %s constraint does not apply to a %s parameter", kind, typ))
	}
	if bounds := c.f.Sub(id, kind); bounds != facts.None && c.f.Entity(bounds).G() == grammar.HeatBoundsDef && len(c.f.FieldsOf(bounds)) == 0 {
		c.report(c.f.Entity(bounds).Span, diag.Error, diag.MissingKeyname, fmt.Sprintf("the %s constraint needs `min` or `max`", kind))
	}
	if kind == grammar.HeatAllowedPattern {
		c.pattern(c.f.FieldValue(id, kind))
	}
}

// unknownKeyIn reports whether the binder found an unknown keyname within s.
func (c *checker) unknownKeyIn(s facts.Span) bool {
	for _, d := range c.f.Diags {
		if d.Code == diag.UnknownKeyname && d.Span.Start >= s.Start && d.Span.End <= s.End {
			return true
		}
	}
	return false
}

func hasField(f *facts.Facts, id facts.ID, name string) bool {
	_, ok := f.Field(id, name)
	return ok
}

// pattern checks that an allowed_pattern compiles. Heat uses Python's
// regular expressions: what only Go's engine lacks (look-arounds,
// back-references) is not reported.
func (c *checker) pattern(a facts.ValueID) {
	val := c.f.Value(a)
	if val == nil || val.Kind() != syntax.Scalar {
		return
	}
	_, err := regexp.Compile(c.f.Text(a))
	var re *resyntax.Error
	if err == nil || errors.As(err, &re) && (re.Code == resyntax.ErrInvalidPerlOp || re.Code == resyntax.ErrInvalidEscape) {
		return
	}
	c.report(val.Span, diag.Error, diag.InvalidPattern, "invalid regular expression: "+strings.TrimPrefix(err.Error(), "error parsing regexp: "))
}

// group reports the parameters a group lists that another group already has.
func (c *checker) group(id facts.ID, seen map[string]string) {
	label := c.f.FieldText(id, grammar.HeatLabel)
	if label == "" {
		label = fmt.Sprintf("#%d", len(seen))
	}
	for i := range c.f.Refs {
		r := &c.f.Refs[i]
		if r.Entity != id || r.Kind != grammar.HeatParameter {
			continue
		}
		if other, dup := seen[c.f.RefName(r)]; dup {
			c.report(r.Span, diag.Error, diag.DuplicateName, diag.Sprintf("parameter %q is already in group %q: a parameter belongs to one group", c.f.RefName(r), other))
			continue
		}
		seen[c.f.RefName(r)] = label
	}
}

// cycles reports the resources that depend on each other in a cycle,
// through depends_on or the get_resource and get_attr calls in their
// properties (Heat orders creation by both): once for each group of
// resources that depend on each other, at its first resource, with a
// shortest cycle through it.
func (c *checker) cycles() {
	deps := map[facts.ID][]facts.ID{}
	var resources []facts.ID
	for id := range c.f.Declarations() {
		if c.f.Entity(id).Declares() == grammar.HeatResource {
			resources = append(resources, id)
		}
	}
	for i := range c.f.Refs {
		r := &c.f.Refs[i]
		if r.Kind != grammar.HeatResource {
			continue
		}
		if owner := c.f.Entity(r.Owner); owner != nil && owner.Declares() == grammar.HeatResource {
			if d := c.v.Resolve(c.path, i).Target; d.Valid() {
				deps[r.Owner] = append(deps[r.Owner], d.ID)
			}
		}
	}
	edges := func(n facts.ID) []facts.ID { return deps[n] }
	for _, scc := range model.Cycles(resources, edges, cmp.Compare) {
		first := scc[0]
		cycle := model.ShortestCycle(first, edges, func(n facts.ID) bool { _, ok := slices.BinarySearch(scc, n); return ok })
		name := func(i int) string { return c.f.Entity(cycle[i]).Name }
		d := c.report(c.f.Entity(first).NameSpan, diag.Error, diag.DependencyCycle,
			fmt.Sprintf("resource %s depends on itself: %s", diag.Quote(name(0)), diag.Cycle(len(cycle), name)))
		for _, id := range cycle[1:min(len(cycle), diag.MaxListed+1)] {
			e := c.f.Entity(id)
			d.Related = append(d.Related, model.Related{Location: model.Location{Path: c.path, Span: e.NameSpan.Text()}, Message: "part of the cycle"})
		}
	}
}
