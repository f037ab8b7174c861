package dialect

import (
	"fmt"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// variability checks a Variability4TOSCA file: its expressions (only
// operators, conditions that are boolean), its presets (values that fit
// the inputs they set), group members naming requirement assignments, and
// the inputs and expressions nothing uses.
func (c *checker) variability() {
	for id := range c.f.Entities {
		e := &c.f.Entities[id]
		for _, fl := range c.f.FieldsOf(facts.ID(id)) {
			switch {
			case e.G == grammar.VariabilityExpressionDef && fl.Key == nil:
				c.operators(fl.Value)
			case fl.Key != nil && fl.Key.Value.Kind == grammar.ExpressionValue:
				c.operators(fl.Value)
				if fl.Key.Name == grammar.KeyConditions {
					c.conditions(fl.Value)
				}
			}
		}
		switch e.G {
		case grammar.VariabilityPresetDef:
			c.preset(facts.ID(id))
		case grammar.GroupDef:
			c.groupMembers(facts.ID(id))
		}
	}
	c.conditionCalls()
	c.unused()
}

// operators reports the single-entry maps of an expression whose key is
// no operator: in an expression every map is a call.
func (c *checker) operators(a facts.ValueID) {
	val := c.f.Value(a)
	if val == nil {
		return
	}
	switch val.Kind {
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
			d := c.report(c.f.Value(k).Span, diag.Error, diag.UnknownOperator, fmt.Sprintf("%q is not an operator or function of variability expressions", name))
			if d.Suggestions = diag.Suggest(name, names); len(d.Suggestions) > 0 {
				d.Message += fmt.Sprintf("; did you mean %q?", d.Suggestions[0])
			}
		}
	}
}

// conditions checks that a `conditions` value (one condition or a list of
// them) is made of boolean expressions.
func (c *checker) conditions(a facts.ValueID) {
	items := []facts.ValueID{a}
	if val := c.f.Value(a); val.Kind == syntax.Sequence {
		items = c.f.Items(a)
	}
	for _, item := range items {
		if t := c.typeOf(item, 0); !fits(grammar.ArgBoolean, t, c.f, item) {
			c.report(c.f.Value(item).Span, diag.Error, diag.WrongExpressionType, fmt.Sprintf("a condition must be a boolean expression, found %s", t))
		}
	}
}

// conditionCalls checks that get_variability_condition names an
// expression that returns a boolean.
func (c *checker) conditionCalls() {
	for i := range c.f.Calls {
		call := &c.f.Calls[i]
		if call.Fn != grammar.GetVariabilityCondition {
			continue
		}
		d := c.nameArg(call)
		if !d.Valid() {
			continue
		}
		fl := c.f.FieldsOf(d.ID)
		if len(fl) == 0 {
			continue
		}
		if t := c.typeOf(fl[0].Value, 0); !fits(grammar.ArgBoolean, t, c.f, fl[0].Value) {
			c.report(c.f.Value(call.Args).Span, diag.Error, diag.WrongExpressionType,
				fmt.Sprintf("expression %q returns %s, not a boolean: read it with get_variability_expression", c.v.Name(d), t))
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
				fmt.Sprintf("variability input %q is of type %s: expected %s, found %s", c.f.Text(k), typ, want, got))
		}
	}
}

// groupMembers checks the `[ node_template, requirement ]` members of a
// group: the node template has a requirement assignment of that name.
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
		req := c.f.Text(pair[1])
		var names []string
		for _, r := range c.f.Entries(node.ID, grammar.SectionRequirements) {
			names = append(names, c.f.Entity(r).Name)
		}
		if !contains(names, req) {
			d := c.report(c.f.Value(pair[1]).Span, diag.Error, diag.UnknownName,
				fmt.Sprintf("node template %q has no requirement assignment named %q", c.v.Name(node), req))
			if d.Suggestions = diag.Suggest(req, names); len(d.Suggestions) > 0 {
				d.Message += fmt.Sprintf("; did you mean %q?", d.Suggestions[0])
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// unused hints at the variability inputs and expressions no condition,
// expression or value reads (a preset setting an input does not read it).
func (c *checker) unused() {
	used := map[model.Decl]bool{}
	for i := range c.f.Refs {
		r := &c.f.Refs[i]
		if r.Key != nil && r.Key.Value.KeyRef != grammar.NoRef {
			continue
		}
		if d := c.v.Resolve(c.path, i).Target; d.Valid() {
			used[d] = true
		}
	}
	for id := range c.f.Declarations() {
		e := c.f.Entity(id)
		k := e.Declares()
		if k != grammar.VariabilityInput && k != grammar.VariabilityExpression || used[model.Decl{Path: c.path, ID: id}] {
			continue
		}
		d := c.report(e.NameSpan, diag.Hint, diag.UnusedName, fmt.Sprintf("%s %q is never used", k, e.Name))
		d.Tags = []model.Tag{model.TagUnnecessary}
	}
}
