package shape

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// complexValue is a value of a data type with properties: a map whose keys
// are the type's fields (at any depth: a field's value is a shape again).
type complexValue struct{ base }

func (c *complexValue) block() bool { return true }

// field is the member of the data type a key names.
func (c *complexValue) field(key facts.ValueID) (model.Member, model.ValueDef, bool) {
	return c.e.V.Field(c.def, c.e.F.Text(key))
}

func (c *complexValue) Part(off int) Shape {
	key, val, onKey, ok := c.e.pairAt(c.id, off)
	if !ok || onKey {
		return nil
	}
	_, def, _ := c.field(key)
	return c.child(val, def)
}

// Hover on a key describes the field it names (its type, whether it is
// required, its constraints, where it is defined); elsewhere the value's
// data type.
func (c *complexValue) Hover(off int) *Hover {
	e := c.e
	key, _, onKey, ok := e.pairAt(c.id, off)
	if ok && onKey {
		if m, _, found := c.field(key); found {
			return &Hover{Span: e.F.Value(key).Span.Text(), Member: &m}
		}
		return nil
	}
	if ok || !e.holds(c.id, off) {
		return nil
	}
	var md strings.Builder
	fmt.Fprintf(&md, "**value** of data type `%s`\n\n", e.typeName(c.def.Type))
	e.describeDef(&md, c.def)
	return &Hover{Span: e.F.Value(c.id).Span.Text(), Markdown: md.String()}
}

// Definition on a key locates the field's definition.
func (c *complexValue) Definition(off int) []model.Location {
	if key, _, onKey, ok := c.e.pairAt(c.id, off); ok && onKey {
		if m, _, found := c.field(key); found {
			return []model.Location{c.e.V.Location(m.Def)}
		}
	}
	return nil
}

// Complete offers, where a key is written, the fields not yet given
// (required ones first, each with the snippet of its value) and, in a map
// with no key yet, the functions (a call is the only key of its map).
func (c *complexValue) Complete(q *Query) {
	if !q.Key {
		q.Functions(grammar.ArgAny, false)
		return
	}
	q.Members(c.def.Type, grammar.SectionProperties, q.Present, false, "")
	if len(q.Present) == 0 && !q.NewItem {
		q.Functions(grammar.ArgAny, true)
	}
}

func (c *complexValue) Tokens(func(Token)) {}

// Snippet writes the fields the value must give, each with the snippet of
// its own value (an empty tab stop when there are none).
func (c *complexValue) Snippet(w *Writer) {
	needed := c.e.V.Needed(c.def.Type).Properties
	if w.Flow {
		w.punct("{ ")
	}
	for i, m := range needed {
		switch {
		case i == 0:
		case w.Flow:
			w.punct(", ")
		default:
			w.Line()
		}
		w.Key(w.scalar(m.Name), c.child(facts.NoValue, c.e.V.MemberValue(m)))
	}
	if len(needed) == 0 {
		w.Stop()
	}
	if w.Flow {
		w.punct(" }")
	}
}

// free is a value whose type is not known: only the calls in it are read.
type free struct{ base }

func (f *free) Part(off int) Shape {
	if _, val, onKey, ok := f.e.pairAt(f.id, off); ok && !onKey {
		return f.child(val, model.ValueDef{})
	}
	if it, _, ok := f.e.itemAt(f.id, off); ok {
		return f.child(it, model.ValueDef{})
	}
	return nil
}

func (f *free) Hover(int) *Hover                { return nil }
func (f *free) Definition(int) []model.Location { return nil }
func (f *free) Tokens(func(Token))              {}
func (f *free) Snippet(w *Writer)               { w.Stop() }

// Complete offers the functions: a value may be computed, and a call is
// the only key of its map.
func (f *free) Complete(q *Query) {
	if !q.Key || len(q.Present) == 0 {
		q.Functions(grammar.ArgAny, q.Key)
	}
}

// Needs writes, after a node type's name, what a template of type t must
// give: its properties that have no value of their own, each with the
// snippet of its value, and the requirements it must fulfil, each with a
// placeholder naming what it targets. It reports whether there was any.
func (e *Env) Needs(w *Writer, t model.Decl) bool {
	n := e.V.Needed(t)
	props, reqs := n.Properties, n.Requirements
	if len(props) > 0 {
		w.Section(grammar.SectionProperties, func() {
			for _, m := range props {
				w.Line()
				w.Key(w.scalar(m.Name), e.Of(facts.NoValue, e.V.MemberValue(m)))
			}
		})
	}
	if len(reqs) > 0 {
		w.Section(grammar.SectionRequirements, func() {
			for _, m := range reqs {
				w.Line()
				w.punct("- ")
				w.Text(w.scalar(m.Name))
				w.punct(": ")
				w.Placeholder(e.requirementHint(m))
			}
		})
	}
	return len(props)+len(reqs) > 0
}

// requirementHint is what a placeholder of a requirement's target says:
// the node type its definition names, else the capability it needs.
func (e *Env) requirementHint(m model.Member) string {
	for _, key := range []string{grammar.KeyNode, grammar.KeyCapability} {
		for _, d := range e.V.Definitions(m) {
			if s := e.V.FieldText(d, key); s != "" {
				return s
			}
		}
	}
	return "node_template"
}
