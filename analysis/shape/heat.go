package shape

import (
	"fmt"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/grammar/heatreg"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// heatValue is the value of a property of a Heat resource, as Heat's
// resource registry describes it (its own schema language, not TOSCA data
// types): a map of described keys, a list of described items, a scalar
// with the values its constraints allow. The hovers of Heat's names are
// package hover's, read from the registry.
type heatValue struct {
	base
	name string
	p    *heatreg.Property
}

// Heat reads value id of property name, which p describes (an entry of a
// map property, an item of a list property).
func (e *Env) Heat(id facts.ValueID, name string, p *heatreg.Property) Shape {
	return &heatValue{base: base{e: e, id: id}, name: name, p: p}
}

func (h *heatValue) block() bool {
	item := h.p.Item()
	return h.p.Type == heatreg.Map || h.p.Type == heatreg.List && item != nil && item.Type == heatreg.Map
}

// Part is the entry of a map or the item of a list holding off, as the
// registry describes it.
func (h *heatValue) Part(off int) Shape {
	switch h.p.Type {
	case heatreg.Map:
		if key, val, onKey, ok := h.e.pairAt(h.id, off); ok && !onKey {
			if p := h.p.Schema[h.e.F.Text(key)]; p != nil {
				return h.e.Heat(val, h.e.F.Text(key), p)
			}
		}
	case heatreg.List:
		if it, _, ok := h.e.itemAt(h.id, off); ok && h.p.Item() != nil {
			return h.e.Heat(it, h.name, h.p.Item())
		}
	}
	return nil
}

func (h *heatValue) Hover(int) *Hover                { return nil }
func (h *heatValue) Definition(int) []model.Location { return nil }
func (h *heatValue) Tokens(func(Token))              {}

// Complete offers, for a scalar, true and false (a boolean) and the values
// the constraints allow, then the functions; the keys of a map are the
// registry's property names, which completion lists with their
// documentation.
func (h *heatValue) Complete(q *Query) {
	if q.Key {
		return
	}
	if h.p.Type == heatreg.Boolean {
		q.bools()
	}
	for i, v := range allowedValues(h.p) {
		q.add(Candidate{Label: v, Text: v, Kind: CandidateValue, Detail: "allowed value of " + h.name, Sort: fmt.Sprintf("0%03d", i)})
	}
	q.Functions(grammar.ArgAny, false)
}

// Snippet writes a map as a block to fill, a list of maps as its first
// item, another list in flow style, a scalar as a choice of its allowed
// values (nothing to choose from: left to the author).
func (h *heatValue) Snippet(w *Writer) {
	switch h.p.Type {
	case heatreg.Map:
		if w.Flow {
			w.punct("{ ")
			w.Stop()
			w.punct(" }")
			return
		}
		w.Stop()
		return
	case heatreg.List:
		if h.block() && !w.Flow {
			w.Item(h.e.Heat(facts.NoValue, h.name, h.p.Item()))
			return
		}
		w.punct("[ ")
		w.Stop()
		w.punct(" ]")
		return
	}
	if vs := allowedValues(h.p); len(vs) > 0 {
		w.Choice(vs)
		return
	}
	if !w.Bare || w.open > 0 {
		w.Stop()
	}
}

// allowedValues are the values a property's constraints allow, as written.
func allowedValues(p *heatreg.Property) []string {
	var out []string
	for _, c := range p.Constraints {
		for _, v := range c.AllowedValues {
			out = append(out, fmt.Sprint(v))
		}
	}
	return out
}
