package validate

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// value checks value id of the file against schema s. what names the value
// in messages (`property "port"`); key is where a missing field of a
// complex value is reported (the key holding the value).
func (c *checker) value(id facts.ValueID, s schema, what *subject, key facts.Span) {
	val := c.f.Value(id)
	if val == nil || !s.valid() {
		return
	}
	if call := c.callAt(id); call != nil {
		c.result(call, s, what)
		return
	}
	if c.callString(id) || c.v.ImportedCall(c.path, id).Valid() {
		return // a call without arguments, or of a function an import declares: its value is not known here
	}
	k := c.kind(s.typ)
	if k == nil {
		return
	}
	t, p, ok := literal(c.f, id, k, c.vers)
	if !ok {
		at := val.Span
		if at.Start == at.End {
			at = key // `port:` with nothing: the key says where
		}
		if p.msg != "" && !c.brokenLine(at) {
			c.typeProblem(at, p, what)
		}
		return
	}
	switch {
	case k.prim == grammar.PrimList:
		if es, ok := c.sub(s, grammar.KeyEntrySchema); ok {
			for i, item := range c.f.Items(id) {
				c.value(item, es, &subject{role: "entry", index: i, indexed: true, of: what}, c.f.Value(item).Span)
			}
		}
	case k.prim == grammar.PrimMap:
		c.mapEntries(id, s, what)
	case k.prim == grammar.NotPrimitive:
		c.fields(id, s.typ, what, key)
	case k.prim == grammar.PrimScalarUnit && k.number.Valid():
		c.scalarNumber(id, k.number, what)
	}
	c.constraints(t, s, val.Span, what)
}

// scalarNumber checks the number of a scalar value against the constraints
// of its type's data_type (a PositiveInteger's validation, §9.1.2.2).
func (c *checker) scalarNumber(id facts.ValueID, number model.Decl, what *subject) {
	nk := c.kind(number)
	text, _, _, _ := grammar.ParseScalarUnit(c.f.Text(id))
	n, ok := grammar.ParseNumber(text)
	if nk == nil || !ok || !nk.prim.Numeric() {
		return
	}
	_, isInt := grammar.ParseInteger(text)
	c.constraints(typed{prim: nk.prim, num: n, isInt: isInt, f: c.f, id: id}, schema{typ: number}, c.f.Value(id).Span,
		&subject{role: "the number", of: what})
}

// brokenLine reports whether a line a span starts on has a YAML syntax
// error: error recovery blanks what it cannot read, so a value there may
// be broken rather than wrong.
func (c *checker) brokenLine(s facts.Span) bool {
	src := c.f.Src
	start := uint32(strings.LastIndexByte(src[:s.Start], '\n') + 1)
	end := uint32(len(src))
	if i := strings.IndexByte(src[s.Start:], '\n'); i >= 0 {
		end = s.Start + uint32(i)
	}
	for _, d := range c.f.Diags {
		if d.Code == diag.YAMLSyntax && d.Span.Start <= end && d.Span.End >= start {
			return true
		}
	}
	return false
}

// subject names a value in messages, spelled out only when a problem is
// reported: `entry 2 of property "ports" of node template "app"`.
type subject struct {
	// role is what the value is ("property", "entry", "the default" …),
	// name or index which one.
	role    string
	name    string
	index   int
	indexed bool
	of      *subject
}

func (s *subject) String() string {
	var b strings.Builder
	for x := s; x != nil; x = x.of {
		if x != s {
			b.WriteString(" of ")
		}
		b.WriteString(x.role)
		switch {
		case x.indexed:
			fmt.Fprintf(&b, " %d", x.index)
		case x.name != "":
			b.WriteString(" " + diag.Quote(x.name))
		}
	}
	return b.String()
}

// typeProblem reports a value that is not of its type.
func (c *checker) typeProblem(s facts.Span, p problem, what *subject) {
	if p.part.End > 0 {
		s = p.part
	}
	msg := p.msg + " (" + what.String() + ")"
	var d *model.Diagnostic
	switch {
	case p.lenient:
		// Null included: 2.0 gives null only to the nil type (§9.1.1);
		// 1.x processors read an empty value (xOpera a `default: null`).
		d = c.mismatch(s, "%s", msg)
	default:
		d = c.report(s, diag.Error, diag.WrongValueType, "%s", msg)
	}
	d.Suggestions = p.suggestions
}

// mapEntries checks the keys of a map value against its key schema (strings
// when there is none) and its entries against its entry schema.
func (c *checker) mapEntries(id facts.ValueID, s schema, what *subject) {
	ks, typedKeys := c.sub(s, grammar.KeyKeySchema)
	es, typedEntries := c.sub(s, grammar.KeyEntrySchema)
	for k, v := range c.f.Pairs(id) {
		name := c.f.Text(k)
		if typedKeys {
			c.value(k, ks, &subject{role: "key", name: name, of: what}, c.f.Value(k).Span)
		} else if kind := yamlKind(c.f, k); kind != grammar.YAMLString {
			c.mismatch(c.f.Value(k).Span, "the key %s is %s: the keys of %s are strings", name, kind, what)
		}
		if typedEntries {
			c.value(v, es, &subject{role: "entry", name: name, of: what}, c.f.Value(k).Span)
		}
	}
}

// fields checks the fields of a value of complex type t: each must be a
// property of t, of that property's type; required ones must be there.
func (c *checker) fields(id facts.ValueID, t model.Decl, what *subject, key facts.Span) {
	given := map[string]bool{}
	for k, v := range c.f.Pairs(id) {
		name := c.f.Text(k)
		given[name] = true
		m, ok := c.v.Member(t, grammar.SectionProperties, name)
		if !ok {
			d := c.report(c.f.Value(k).Span, diag.Error, diag.UnknownMember, "data type %q has no property named %q (%s)", c.typeName(t), name, what)
			suggest(d, name, c.memberNames(t, grammar.SectionProperties))
			c.related(d, t, diag.Name(c.typeName(t))+" is defined here")
			continue
		}
		c.value(v, c.memberSchema(m), &subject{role: "field", name: name, of: what}, c.f.Value(k).Span)
	}
	for _, m := range c.v.Members(t, grammar.SectionProperties) {
		if !given[m.Name] && c.v.MustGive(c.v.Definitions(m)) {
			sev := diag.Error
			if c.embedded(m.Origin.Path) {
				sev = diag.Warning // as for templates: the normative types require more than their examples give
			}
			d := c.report(key, sev, diag.MissingRequiredValue, "%s lacks the required field %q of data type %q, which has no default", what, m.Name, c.typeName(t))
			c.related(d, m.Def, diag.Name(m.Name)+" is defined here")
		}
	}
}

// fixedValue returns the definition of a member that fixes its value (2.0
// `value`, or a 2.0 refinement in the short notation), if any.
func (c *checker) fixedValue(m model.Member) (model.Decl, bool) {
	for _, d := range c.v.Definitions(m) {
		f := c.v.Facts(d.Path)
		e := f.Entity(d.ID)
		if e == nil {
			continue
		}
		// 1.x has no short notation: a value alone there (as the texts'
		// Endpoint.Admin writes) is not read as fixed.
		if _, ok := f.Field(d.ID, grammar.KeyValue); ok || e.Short() && e.G() == grammar.PropertyDef && !f.Versions.Has(grammar.V1x) {
			return d, true
		}
	}
	return model.Decl{}, false
}

// callString reports a final 2.0 call without arguments written as a
// string (`$node_index`).
func (c *checker) callString(id facts.ValueID) bool {
	val := c.f.Value(id)
	if val == nil || val.Kind() != syntax.Scalar || !c.f.Versions.Has(grammar.V2Final) {
		return false
	}
	return grammar.IsCallString(c.f.Text(id))
}

// assignments checks a map of values (a template's properties or
// attributes) against the members of section of type t, or of the
// definitions schemaOf finds.
func (c *checker) assignments(owner facts.ID, section string, schemaOf func(name string) (schema, bool), what *subject) {
	for _, a := range c.f.Assignments(owner, section) {
		s, ok := schemaOf(a.Name)
		if !ok || a.Value == facts.NoValue {
			continue // unknown names are the model's unknown-member
		}
		v := a.Value
		if section == grammar.SectionAttributes {
			v = c.extendedAttribute(v, s)
		}
		c.value(v, s, &subject{role: grammar.Singular(section), name: a.Name, of: what}, a.NameSpan)
	}
}

// extendedAttribute returns the value of an attribute assignment written in
// the extended notation of 1.x and the 2020 draft, `{ description: …,
// value: … }` (1.3 §3.6.13.2.2), else v itself. A map or a complex type
// that has such fields takes the map as its value.
func (c *checker) extendedAttribute(v facts.ValueID, s schema) facts.ValueID {
	if !c.vers.Has(grammar.V1x|grammar.V2Draft) || c.f.Value(v) == nil || c.f.Value(v).Kind() != syntax.Mapping {
		return v
	}
	inner := facts.ValueID(-1)
	for key, val := range c.f.Pairs(v) {
		switch c.f.Text(key) {
		case grammar.KeyValue:
			inner = val
		case grammar.KeyDescription:
		default:
			return v
		}
	}
	k := c.kind(s.typ)
	if inner < 0 || k == nil || k.prim == grammar.PrimMap {
		return v
	}
	if k.prim == grammar.NotPrimitive {
		for _, field := range []string{grammar.KeyValue, grammar.KeyDescription} {
			if _, ok := c.v.Member(s.typ, grammar.SectionProperties, field); ok {
				return v
			}
		}
	}
	return inner
}

// memberOf returns a schemaOf for the members of section of type t.
func (c *checker) memberOf(t model.Decl, section string) func(string) (schema, bool) {
	return func(name string) (schema, bool) {
		m, ok := c.v.Member(t, section, name)
		if !ok {
			return schema{}, false
		}
		return c.memberSchema(m), true
	}
}
