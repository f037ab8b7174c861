package complete

import (
	"fmt"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// call is a function call around the cursor: `{ name: [ args ] }`.
type call struct {
	fn *grammar.Function
	// key is the function name as written.
	key *syntax.Node
	// args are the arguments written (the items of the list, or the
	// single argument).
	args []*syntax.Node
	// index is the argument the cursor is on.
	index int
}

// arg is the text of argument i ("" if absent or not a scalar).
func (c *call) arg(i int) string {
	if i < 0 || i >= len(c.args) || c.args[i].Kind != syntax.Scalar {
		return ""
	}
	return c.args[i].Value
}

// callAt finds the innermost function call whose arguments hold the end
// of path.
func (r *request) callAt(path syntax.Path) *call {
	for i := len(path) - 1; i >= 0; i-- {
		step := path[i]
		n := step.Parent
		if n == nil || n.Kind != syntax.Mapping || len(n.Pairs) != 1 || step.Pair != n.Pairs[0] || step.OnKey {
			continue
		}
		name := step.Pair.Key.Value
		fn := grammar.FunctionNamed(name, r.u.Versions())
		if fn == nil {
			continue
		}
		if fr, ok := r.u.Frames[n]; ok && fr.Value != nil && fr.Value.Kind == grammar.EntityValue && fr.Value.Entity.Key(name, r.u.Versions()) != nil {
			continue // a keyname spelled like a function
		}
		c := &call{fn: fn, key: step.Pair.Key}
		v := step.Pair.Value
		switch v.Kind {
		case syntax.Sequence:
			c.args = v.Items
		case syntax.Null:
		default:
			c.args = []*syntax.Node{v}
		}
		switch {
		case v.Kind != syntax.Sequence:
		case i+1 < len(path):
			c.index = path[i+1].Index
		case v.Flow:
			c.index = r.commasBefore()
		default:
			for _, it := range v.Items {
				if r.before(it.Span.Start) {
					c.index++
				}
			}
		}
		return c
	}
	return nil
}

// factsCall is the call the binder recorded for c (nil when the call is
// written where the binder records none).
func (r *request) factsCall(c *call) *facts.Call {
	start := uint32(c.key.Span.Start)
	for i := range r.u.Facts.Calls {
		if r.u.Facts.Calls[i].NameSpan.Start == start {
			return &r.u.Facts.Calls[i]
		}
	}
	return nil
}

// callItems completes the argument of a function call at the cursor.
func (r *request) callItems(c *call, t target) {
	fn, idx := c.fn, c.index
	if grammar.PathOf(fn) != nil {
		if fc := r.factsCall(c); fc != nil {
			r.pathArgItems(r.v.PathExpect(r.u.Path, fc, idx))
		}
		return
	}
	p, ok := paramAt(fn, idx)
	switch {
	case idx > 0 && len(fn.Params) > 0 && fn.Params[0].Ref == grammar.Input:
		// The fields of a structured input, after its name.
		in := r.v.Local(r.u.Path, grammar.Input, c.arg(0))
		vd := model.ValueDef{Def: in, Type: r.v.TypeOf(in)}
		for i := 1; i < idx; i++ {
			vd = r.v.Follow(vd, c.arg(i))
		}
		r.memberItems(vd.Type, grammar.SectionProperties, nil, true)
	case ok && p.Ref != grammar.NoRef:
		r.refItems(t, p.Ref, nil)
	default:
		// Any other argument is a value: a nested call.
		r.functionItems(false)
	}
}

// pathArgItems offers what a path argument may be.
func (r *request) pathArgItems(e *model.PathExpect) {
	if e == nil {
		return
	}
	if e.Start {
		r.entityItems(e.Keywords)
		return
	}
	for i, names := range e.Names {
		r.withSort(fmt.Sprint(i), func() { r.memberItems(names.Type, names.Section, nil, true) })
	}
	for i, k := range grammar.PathKeywords {
		for _, allowed := range e.Keywords {
			if k.Name == allowed {
				r.add(Item{Label: k.Name, Kind: KindKeyword, Detail: "TOSCA path keyword", Documentation: k.Doc, SortText: fmt.Sprintf("9%d", i)})
			}
		}
	}
}

// paramAt is the parameter argument idx binds to.
func paramAt(fn *grammar.Function, idx int) (grammar.Param, bool) {
	switch {
	case idx < len(fn.Params):
		return fn.Params[idx], true
	case fn.Variadic && len(fn.Params) > 0:
		return fn.Params[len(fn.Params)-1], true
	}
	return grammar.Param{}, false
}
