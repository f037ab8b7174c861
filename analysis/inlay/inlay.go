// Package inlay computes inlay hints: short notes the editor shows inside
// the text of a TOSCA document, read from the model: what an input
// reference evaluates to by default, which capability of its target a
// requirement connects to, where a derivation chain ends, and how many
// relationships lead to a node template.
package inlay

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Kind is a kind of hint; each can be switched off.
type Kind uint8

const (
	// InputDefault follows a get_input call: the input's default value,
	// or that it has none.
	InputDefault Kind = iota
	// Capability follows a requirement's target template: the capability
	// of the target the requirement connects to.
	Capability
	// ChainRoot follows `derived_from: X`: the root of X's chain.
	ChainRoot
	// Incoming follows a node template's name: how many requirement
	// assignments target it.
	Incoming
)

// Kinds lists every kind.
var Kinds = []Kind{InputDefault, Capability, ChainRoot, Incoming}

// Hint is one note, shown at Offset.
type Hint struct {
	Offset int
	Label  string
	Kind   Kind
	// Tooltip explains the label.
	Tooltip string
}

// maxLabel bounds the length of a value shown in a label, in runes.
const maxLabel = 40

// Hints lists the hints of the open document at path whose offset lies in
// span, of the kinds enabled, in offset order.
func Hints(ctx context.Context, v *model.View, path string, span text.Span, enabled func(Kind) bool) []Hint {
	f := v.Facts(path)
	if f == nil || f.Lang != grammar.TOSCA {
		return nil
	}
	c := &collector{v: v, f: f, path: path, span: span}
	if enabled(InputDefault) {
		c.inputDefaults()
	}
	if enabled(Capability) || enabled(Incoming) {
		c.requirements(enabled(Capability), enabled(Incoming))
	}
	if enabled(ChainRoot) {
		c.chainRoots()
	}
	if ctx.Err() != nil {
		return nil
	}
	slices.SortStableFunc(c.out, func(a, b Hint) int { return a.Offset - b.Offset })
	return c.out
}

type collector struct {
	v    *model.View
	f    *facts.Facts
	path string
	span text.Span
	out  []Hint
}

func (c *collector) add(off int, kind Kind, label, tooltip string) {
	if off >= c.span.Start && off <= c.span.End {
		c.out = append(c.out, Hint{Offset: off, Label: label, Kind: kind, Tooltip: tooltip})
	}
}

// inputDefaults notes, after each call reading an input (or a
// Variability4TOSCA variability input), the default value it gets (the
// part of it the call's further arguments select).
func (c *collector) inputDefaults() {
	f := c.f
	for i := range f.Refs {
		r := &f.Refs[i]
		if r.Call() < 0 || r.Arg() != 0 || r.Kind != grammar.Input && r.Kind != grammar.VariabilityInput {
			continue
		}
		call := &f.Calls[r.Call()]
		if call.Fn == nil || len(call.Fn.Params) == 0 || call.Fn.Params[0].Ref != r.Kind {
			continue
		}
		end := int(call.Span.End)
		if !c.inSpan(call.Span) {
			continue
		}
		input := c.v.Resolve(c.path, i).Target
		if !input.Valid() {
			continue
		}
		inf := c.v.Facts(input.Path)
		def, ok := inf.Field(input.ID, grammar.KeyDefault)
		if r.Kind == grammar.VariabilityInput {
			// Variants are chosen when variability is resolved: only a
			// default (or a default expression) is worth a hint.
			if !ok {
				def, ok = inf.Field(input.ID, "default_expression")
			}
			if ok {
				c.add(end, InputDefault, "= "+valueLabel(inf, def.Value), "The default value of the variability input "+f.RefName(r)+".")
			}
			continue
		}
		if !ok {
			if inf.FieldText(input.ID, grammar.KeyRequired) == "false" {
				c.add(end, InputDefault, "optional, no default", "The input "+f.RefName(r)+" is optional and has no default value.")
			} else {
				c.add(end, InputDefault, "required, no default", "The input "+f.RefName(r)+" has no default value: it must be given at deployment.")
			}
			continue
		}
		val := def.Value
		if args := f.Items(call.Args); len(args) > 1 {
			for _, arg := range args[1:] {
				val = index(inf, val, f.Text(arg))
			}
		}
		if val == facts.NoValue {
			continue
		}
		c.add(end, InputDefault, "= "+valueLabel(inf, val), "The default value of the input "+f.RefName(r)+".")
	}
}

// index selects a field of a mapping value or an item of a list value.
func index(f *facts.Facts, v facts.ValueID, key string) facts.ValueID {
	if items := f.Items(v); items != nil {
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= len(items) {
			return facts.NoValue
		}
		return items[i]
	}
	return f.Get(v, key)
}

// valueLabel shows a value on one line: a scalar as it reads, a
// collection as its source text with the blanks squeezed, cut to maxLabel.
func valueLabel(f *facts.Facts, v facts.ValueID) string {
	val := f.Value(v)
	s := f.Text(v)
	if val.Kind() != syntax.Scalar {
		s = strings.Join(strings.Fields(f.Src[val.Span.Start:val.Span.End]), " ")
	} else if s == "" {
		s = `""`
	}
	if r := []rune(s); len(r) > maxLabel {
		s = string(r[:maxLabel-1]) + "…"
	}
	return s
}

// requirements notes, after the target template of each requirement
// assignment, the capability of the target it connects to, and after each
// node template's name, how many requirement assignments target it. Only
// the assignments in the span are resolved in full; every one is counted.
func (c *collector) requirements(capabilities, incoming bool) {
	f := c.f
	// Only the templates named in the span are counted for.
	shown := map[string]facts.ID{}
	for id := range f.Declarations() {
		if e := &f.Entities[id]; incoming && e.Declares() == grammar.NodeTemplate && c.inSpan(e.NameSpan) {
			shown[e.Name] = id
		}
	}
	count := make(map[facts.ID]int, len(shown))
	for id := range f.Declarations() {
		if f.Entities[id].Declares() != grammar.NodeTemplate {
			continue
		}
		for _, req := range f.Entries(id, grammar.SectionRequirements) {
			if t, ok := shown[model.RequirementNodeIn(f, req)]; ok {
				count[t]++
			}
			node := f.Value(f.FieldValue(req, grammar.KeyNode))
			if !capabilities || node == nil || !c.inSpan(node.Span) {
				continue
			}
			r := c.v.Relationship(model.Decl{Path: c.path, ID: id}, req)
			if r.Target.Valid() && r.Capability.Def.Valid() {
				c.add(int(node.Span.End), Capability, "→ "+r.Capability.Name,
					fmt.Sprintf("The requirement %s connects to the capability %s of %s.", r.Name, r.Capability.Name, r.Node))
			}
		}
	}
	for id, n := range count {
		e := f.Entity(id)
		label := "← 1 relationship"
		if n > 1 {
			label = fmt.Sprintf("← %d relationships", n)
		}
		c.add(int(e.NameSpan.End), Incoming, label, fmt.Sprintf("%d requirement assignments of this topology target %s.", n, e.Name))
	}
}

// inSpan reports whether a value span meets the requested span.
func (c *collector) inSpan(s facts.Span) bool {
	return int(s.End) >= c.span.Start && int(s.Start) <= c.span.End
}

// chainRoots notes, after `derived_from: X`, the root of X's chain when X
// is not the root itself.
func (c *collector) chainRoots() {
	for id := range c.f.Declarations() {
		e := &c.f.Entities[id]
		if !e.Declares().IsType() {
			continue
		}
		fl, ok := c.f.Field(id, grammar.KeyDerivedFrom)
		val := c.f.Value(fl.Value)
		if !ok || val == nil || !c.inSpan(val.Span) {
			continue
		}
		chain, cyclic := c.v.Chain(model.Decl{Path: c.path, ID: id})
		if cyclic || chain.Len() < 3 {
			continue
		}
		root := chain.Root()
		name := c.v.Name(root)
		if names := c.v.NamesOf(c.path, root); len(names) > 0 {
			name = names[0]
		}
		c.add(int(val.Span.End), ChainRoot, "⇒ "+name, fmt.Sprintf("%s derives, in %d steps, from %s.", e.Name, chain.Len()-1, name))
	}
}
