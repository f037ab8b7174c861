package dialect

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// variability checks a Variability4TOSCA file: its expressions (only
// operators, conditions and constraints that are boolean, implications of
// one or two conditions), the arguments presence operators take, its
// presets (values that fit the inputs they set), group members naming
// requirement assignments, weights, and the inputs and expressions nothing
// uses.
func (c *checker) variability() {
	for id := range c.f.Entities {
		e := &c.f.Entities[id]
		for _, fl := range c.f.FieldsOf(facts.ID(id)) {
			switch {
			case e.G() == grammar.VariabilityExpressionDef && fl.Key() == nil:
				c.operators(fl.Value)
			case fl.Key() != nil && fl.Key().Name == grammar.KeyImplies:
				c.implications(fl.Value)
			case fl.Key() != nil && fl.Key().Value.Kind == grammar.ExpressionValue:
				c.operators(fl.Value)
				if fl.Key().Name == grammar.KeyConditions {
					c.conditions(fl.Value)
				}
			case fl.Key() != nil && fl.Key().Name == grammar.KeyConstraints && e.G() == grammar.VariabilityDef:
				for _, item := range c.f.Items(fl.Value) {
					c.operators(item)
					c.logic(item)
				}
			case fl.Key() != nil && fl.Key().Name == grammar.KeyWeight:
				c.weight(fl.Value)
			}
		}
		switch e.G() {
		case grammar.VariabilityPresetDef:
			c.preset(facts.ID(id))
		case grammar.GroupDef:
			c.groupMembers(facts.ID(id))
		case grammar.TopologyTemplateDef:
			if c.f.Sub(facts.ID(id), grammar.KeyVariability) == facts.None && e.Parent == facts.Root {
				c.noVariability(facts.ID(id))
			}
		}
	}
	c.operatorCalls()
	c.unused()
}

// noVariability warns about a topology template without a variability
// definition: the specification makes it mandatory ("Topology Template"),
// Vintner resolves such a topology with its options' defaults.
func (c *checker) noVariability(id facts.ID) {
	e := c.f.Entity(id)
	s := facts.Span{Start: e.Span.Start, End: e.Span.Start}
	if e.Key() != nil {
		// The keyname, written before its value.
		if i := strings.LastIndex(c.f.Src[:e.Span.Start], e.Key().Name); i >= 0 {
			s = facts.Span{Start: uint32(i), End: uint32(i + len(e.Key().Name))}
		}
	}
	c.report(s, diag.Warning, diag.MissingKeyname,
		"a variable topology template has a `variability` definition (Variability4TOSCA, Topology Template); without one, Vintner resolves it with the default options")
}

// operators reports the single-entry maps of an expression whose key is
// no operator: in an expression every map is a call.
func (c *checker) operators(a facts.ValueID) {
	val := c.f.Value(a)
	if val == nil {
		return
	}
	switch val.Kind() {
	case syntax.Sequence:
		for _, item := range c.f.Items(a) {
			c.operators(item)
		}
	case syntax.Mapping:
		if call := c.callAt(a); call != nil {
			for _, arg := range c.args(call) {
				c.operators(arg)
			}
			return
		}
		for k := range c.f.Pairs(a) {
			name := c.f.Text(k)
			var names []string
			for _, op := range grammar.VariabilityOperators {
				names = append(names, op.Name)
			}
			d := c.report(c.f.Value(k).Span, diag.Error, diag.UnknownOperator, diag.Sprintf("%q is not an operator or function of variability expressions", name))
			if d.Suggestions = diag.Suggest(name, names); len(d.Suggestions) > 0 {
				d.Message += diag.Sprintf("; did you mean %q?", d.Suggestions[0])
			}
		}
	}
}

// conditions checks that a `conditions` value (one condition or a list of
// them) is made of logic expressions.
func (c *checker) conditions(a facts.ValueID) {
	items := []facts.ValueID{a}
	if val := c.f.Value(a); val.Kind() == syntax.Sequence {
		items = c.f.Items(a)
	}
	for _, item := range items {
		c.logic(item)
	}
}

// logic checks that an expression returns a boolean.
func (c *checker) logic(a facts.ValueID) {
	if t := c.typeOf(a, 0); !fits(grammar.ArgBoolean, t, c.f, a) {
		c.report(c.f.Value(a).Span, diag.Error, diag.WrongExpressionType, fmt.Sprintf("a condition must be a logic expression (a boolean), found %s", t))
	}
}

// implications checks an `implies` list: each entry is `[ target ]` or
// `[ target, condition ]`, both logic expressions.
func (c *checker) implications(a facts.ValueID) {
	for _, item := range c.f.Items(a) {
		parts := c.f.Items(item)
		if len(parts) < 1 || len(parts) > 2 {
			c.report(c.f.Value(item).Span, diag.Error, diag.WrongValueShape,
				"an implication is `[ target ]` or `[ target, condition ]`: a list of one or two conditions")
			continue
		}
		for _, p := range parts {
			c.operators(p)
			c.logic(p)
		}
	}
}

// weight checks the weight of an element: a non-negative number or a
// boolean.
func (c *checker) weight(a facts.ValueID) {
	val := c.f.Value(a)
	if val == nil || val.Kind() == syntax.Null {
		return
	}
	if val.Kind() == syntax.Scalar && val.Style() == syntax.Plain {
		txt := c.f.Text(a)
		if txt == "true" || txt == "false" {
			return
		}
		if n, err := strconv.ParseFloat(txt, 64); err == nil && n >= 0 {
			return
		}
	}
	c.report(val.Span, diag.Error, diag.WrongValueShape, "a weight is a non-negative number or a boolean, found "+describe(c.f, a))
}

func describe(f *facts.Facts, a facts.ValueID) string {
	switch f.Value(a).Kind() {
	case syntax.Mapping:
		return "a map"
	case syntax.Sequence:
		return "a list"
	}
	return strconv.Quote(f.Text(a))
}

// operatorCalls checks what the operators' signatures do not say: a
// logic_expression (get_variability_condition) names an expression that
// returns a boolean, keyword-only arguments are one of their keywords, an
// operator without parameters takes an empty list, and the requirement
// assignment or artifact a presence operator names exists.
func (c *checker) operatorCalls() {
	for i := range c.f.Calls {
		call := &c.f.Calls[i]
		fn := call.Fn
		if fn == nil || fn.In != grammar.V4T {
			continue
		}
		if _, boolean := fn.ReadsExpression(); boolean {
			c.logicExpression(call)
		}
		args := c.args(call)
		if len(fn.Params) == 0 {
			if items := c.f.Items(call.Args); len(items) > 0 || c.f.Value(call.Args).Kind() != syntax.Sequence {
				c.report(c.f.Value(call.Args).Span, diag.Error, diag.WrongArguments, fmt.Sprintf("`%s` takes no arguments: write `%s: []`", fn.Name, fn.Name))
			}
			continue
		}
		for j, a := range args {
			if j >= len(fn.Params) {
				break
			}
			p := fn.Params[j]
			val := c.f.Value(a)
			if p.Ref == grammar.NoRef && len(p.Keywords) > 0 && val.Kind() == syntax.Scalar && !slices.Contains(p.Keywords, c.f.Text(a)) {
				c.report(val.Span, diag.Error, diag.WrongArguments, diag.Sprintf("`%s` of `%s` is one of %s, found %q", p.Name, fn.Name, quoteAll(p.Keywords), c.f.Text(a)))
			}
		}
		if len(args) >= 2 && len(fn.Params) >= 2 && fn.Params[1].Section != "" {
			c.memberArg(fn, args[0], args[1])
		}
	}
}

func quoteAll(names []string) string {
	var out string
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += "`" + n + "`"
	}
	return out
}

// logicExpression checks that a call reading an expression as a condition
// names one that returns a boolean.
func (c *checker) logicExpression(call *facts.Call) {
	d := c.nameArg(call)
	if !d.Valid() {
		return
	}
	fl := c.f.FieldsOf(d.ID)
	if len(fl) == 0 {
		return
	}
	if t := c.typeOf(fl[0].Value, 0); !fits(grammar.ArgBoolean, t, c.f, fl[0].Value) {
		reader := grammar.OpValueExpression
		if call.Fn == grammar.GetVariabilityCondition {
			reader = grammar.GetVariabilityExpression.Name
		}
		c.report(c.f.Value(call.Args).Span, diag.Error, diag.WrongExpressionType,
			diag.Sprintf("expression %q returns %s, not a boolean: read it with %s", c.v.Name(d), t, reader))
	}
}

// memberArg checks the entry of a section (a requirement assignment, an
// artifact, a technology) a presence operator names in the element its
// first argument names: by name, or by index. A property is not judged:
// the type may give it a default.
func (c *checker) memberArg(fn *grammar.Function, owner, entry facts.ValueID) {
	section := fn.Params[1].Section
	if section == grammar.SectionProperties || c.f.Value(owner).Kind() != syntax.Scalar || c.f.Value(entry).Kind() != syntax.Scalar {
		return
	}
	d := c.v.Local(c.path, fn.Params[0].Ref, c.f.Text(owner))
	if !d.Valid() {
		return // SELF, CONTAINER, or an unknown name the model reports
	}
	c.entryArg(d, section, grammar.Singular(section), entry)
}

// entryArg checks that a template has an entry of section named (or at
// the index) the argument says.
func (c *checker) entryArg(node model.Decl, section, what string, arg facts.ValueID) {
	var names []string
	for _, r := range c.f.Entries(node.ID, section) {
		names = append(names, c.f.Entity(r).Name)
	}
	name := c.f.Text(arg)
	if i, err := strconv.Atoi(name); err == nil {
		if i < 0 || i >= len(names) {
			c.report(c.f.Value(arg).Span, diag.Error, diag.UnknownName,
				diag.Sprintf("%s %q has no %s at index %d (it has %d)", c.v.Kind(node), c.v.Name(node), what, i, len(names)))
		}
		return
	}
	if !slices.Contains(names, name) {
		d := c.report(c.f.Value(arg).Span, diag.Error, diag.UnknownName,
			diag.Sprintf("%s %q has no %s named %q", c.v.Kind(node), c.v.Name(node), what, name))
		if d.Suggestions = diag.Suggest(name, names); len(d.Suggestions) > 0 {
			d.Message += diag.Sprintf("; did you mean %q?", d.Suggestions[0])
		}
	}
}

// preset checks that each value a preset gives fits its input's type.
func (c *checker) preset(id facts.ID) {
	for k, val := range c.f.Pairs(c.f.FieldValue(id, grammar.SectionInputs)) {
		input := c.v.Local(c.path, grammar.VariabilityInput, c.f.Text(k))
		if !input.Valid() {
			continue // the model reports the unknown name
		}
		typ := c.v.FieldText(input, grammar.KeyType)
		want := grammar.ToscaExprType(typ)
		if got := c.typeOf(val, 0); !fits(want, got, c.f, val) {
			c.report(c.f.Value(val).Span, diag.Error, diag.WrongValueShape,
				diag.Sprintf("variability input %q is of type %s: expected %s, found %s", c.f.Text(k), typ, want, got))
		}
	}
}

// groupMembers checks the `[ node_template, requirement ]` members of a
// group: the node template has a requirement assignment of that name (or
// that many).
func (c *checker) groupMembers(id facts.ID) {
	for _, item := range c.f.Items(c.f.FieldValue(id, grammar.KeyMembers)) {
		pair := c.f.Items(item)
		if len(pair) != 2 {
			continue
		}
		node := c.v.Local(c.path, grammar.NodeTemplate, c.f.Text(pair[0]))
		if !node.Valid() {
			continue // the model reports the unknown name
		}
		c.entryArg(node, grammar.SectionRequirements, "requirement", pair[1])
	}
}

// unused hints at the variability inputs and expressions no condition,
// expression or value reads (a preset setting an input does not read it).
// An input named like an element's identifier is read by that element
// unless the option enrich_input_condition is off; one that relates to
// other inputs (`requires`, `alternatives`, …) constrains the variants.
func (c *checker) unused() {
	used := map[model.Decl]bool{}
	for i := range c.f.Refs {
		r := &c.f.Refs[i]
		if r.Key() != nil && r.Key().Value.KeyRef != grammar.NoRef {
			continue
		}
		if d := c.v.Resolve(c.path, i).Target; d.Valid() {
			used[d] = true
		}
	}
	enriched := true
	for id := range c.f.Entities {
		if c.f.Entities[id].G() == grammar.VariabilityOptionsDef && c.f.FieldText(facts.ID(id), "enrich_input_condition") == "false" {
			enriched = false
		}
	}
	for id := range c.f.Declarations() {
		e := c.f.Entity(id)
		k := e.Declares()
		if k != grammar.VariabilityInput && k != grammar.VariabilityExpression || used[model.Decl{Path: c.path, ID: id}] ||
			k == grammar.VariabilityInput && (enriched && grammar.ElementIdentifier(e.Name) || c.featureModel(id)) {
			continue
		}
		d := c.report(e.NameSpan, diag.Hint, diag.UnusedName, diag.Sprintf("%s %q is never used", k, e.Name))
		d.Tags = []model.Tag{model.TagUnnecessary}
	}
}

// featureModel reports whether a variability input relates to others as a
// feature of a feature model does.
func (c *checker) featureModel(id facts.ID) bool {
	for _, fl := range c.f.FieldsOf(id) {
		if fl.Key() != nil && fl.Key().Value.Ref == grammar.VariabilityInput || fl.Key() != nil && fl.Key().Value.Elem != nil && fl.Key().Value.Elem.Ref == grammar.VariabilityInput {
			return true
		}
	}
	return false
}
