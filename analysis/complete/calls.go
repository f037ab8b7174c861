package complete

import (
	"fmt"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// call is a function call around the cursor: `{ name: [ args ] }`, or
// `{ name: { arg: … } }` for a function whose arguments are named.
type call struct {
	fn *grammar.Function
	// key is the function name as written.
	key *syntax.Node
	// args are the arguments written (the items of the list, or the
	// single argument; the argument map of a Named function).
	args []*syntax.Node
	// index is the argument the cursor is on (for a Named function the
	// parameter it names, -1 when none does).
	index int
	// naming is set when the cursor is where a Named function's argument
	// name is written; names are the names written elsewhere.
	naming bool
	names  map[string]bool
}

// arg is the text of argument i ("" if absent or not a scalar).
func (c *call) arg(i int) string {
	if i < 0 || i >= len(c.args) || c.args[i].Kind != syntax.Scalar {
		return ""
	}
	return c.args[i].Value
}

// enterExpression finds the expression the end of path lies in (a
// Variability4TOSCA condition) and sets the request's operators and
// expression root from it; it returns the type the expression's value must
// have (conditions are boolean, as the dialect check says).
func (r *request) enterExpression(path syntax.Path) (want grammar.ArgKind) {
	for i := len(path); i >= 0; i-- {
		n := r.u.Tree.Root()
		if i > 0 {
			n = path[i-1].Node()
		}
		fr, ok := r.u.Frames[n]
		if !ok || fr.Value == nil {
			continue
		}
		val := fr.Value
		if s := val.ShortFor(r.u.Versions()); s != nil && s.Kind == grammar.ExpressionValue {
			val = s
		}
		switch val.Kind {
		case grammar.ExpressionValue:
			r.ops, r.exprRoot = val.Ops, i
			if fr.Key != nil && fr.Key.Name == grammar.KeyConditions {
				return grammar.ArgBoolean
			}
			return grammar.ArgAny
		case grammar.AnyValue:
			// Inside a value: the expression, if any, is further up.
		default:
			return grammar.ArgAny
		}
	}
	return grammar.ArgAny
}

// functionAt is the function or operator a key at depth i of the path
// calls: an operator of the expression around, else a function of the
// file's version (nil if none).
func (r *request) functionAt(name string, i int) *grammar.Function {
	if r.ops == nil || i < r.exprRoot {
		return grammar.FunctionNamed(name, r.u.Versions())
	}
	for _, op := range r.ops {
		if op.Name == name {
			return op
		}
	}
	return nil
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
		if i > 0 && r.namedArgs(path[i-1], i-1) {
			continue // an argument of a function whose arguments are named
		}
		name := step.Pair.Key.Value
		fn := r.functionAt(name, i)
		if fn == nil {
			continue
		}
		if fr, ok := r.u.Frames[n]; ok && fr.Value != nil && fr.Value.Kind == grammar.EntityValue && fr.Value.Entity.Key(name, r.u.Versions()) != nil {
			continue // a keyname spelled like a function
		}
		c := &call{fn: fn, key: step.Pair.Key}
		v := step.Pair.Value
		if fn.Named && (v.Kind == syntax.Mapping || v.Kind == syntax.Null) {
			r.namedCall(c, v, path[i+1:])
			return c
		}
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

// namedArgs reports whether step goes through a call (at depth i) of a
// function whose arguments are named: the map below it holds arguments.
func (r *request) namedArgs(step syntax.Step, i int) bool {
	n := step.Parent
	if n == nil || n.Kind != syntax.Mapping || len(n.Pairs) != 1 || step.Pair != n.Pairs[0] || step.OnKey {
		return false
	}
	fn := r.functionAt(step.Pair.Key.Value, i)
	return fn != nil && fn.Named
}

// namedCall reads the argument map args of a Named function's call c;
// rest is the path below it to the cursor.
func (r *request) namedCall(c *call, args *syntax.Node, rest syntax.Path) {
	c.index, c.names = -1, map[string]bool{}
	c.naming = len(rest) == 0 || rest[0].OnKey
	for _, p := range args.Pairs {
		c.args = append(c.args, p.Value)
		if !p.Key.Span.Contains(r.off) {
			c.names[p.Key.Value] = true
		}
	}
	for _, p := range args.Pairs {
		// The argument whose name or value holds the cursor.
		if len(rest) > 0 && rest[0].Pair == p || p.Key.Span.Contains(r.off) {
			c.index = c.fn.ParamIndex(p.Key.Value)
		}
	}
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

// callItems completes the argument of a function call at the cursor;
// asKey tells that a key is written there (a nested call is then one).
func (r *request) callItems(c *call, t target, asKey bool) {
	fn, idx := c.fn, c.index
	if grammar.PathOf(fn) != nil {
		if fc := r.factsCall(c); fc != nil {
			r.pathArgItems(r.v.PathExpect(r.u.Path, fc, idx))
		}
		return
	}
	if c.naming {
		r.argNameItems(c)
		return
	}
	p, ok := paramAt(fn, idx)
	switch {
	case c.names == nil && idx > 0 && len(fn.Params) > 0 && fn.Params[0].Ref == grammar.Input:
		// The fields of a structured input, after its name.
		in := r.v.Local(r.u.Path, grammar.Input, c.arg(0))
		vd := model.ValueDef{Def: in, Type: r.v.TypeOf(in)}
		for i := 1; i < idx; i++ {
			vd = r.v.Follow(vd, c.arg(i))
		}
		r.memberItems(vd.Type, grammar.SectionProperties, nil, true)
	case fn.Name == grammar.HeatGetAttr && idx == 1 && !asKey:
		r.heatAttributeItems(c.arg(0))
	case ok && p.Section != "" && idx > 0 && !asKey:
		r.entryItems(fn.Params[0].Ref, c.arg(0), p.Section)
	case ok && (p.Ref != grammar.NoRef || len(p.Keywords) > 0) && !asKey:
		// A name, or a keyword instead (a Variability4TOSCA presence
		// operator's SELF, CONTAINER).
		r.keywordItems(p.Keywords)
		if p.Ref != grammar.NoRef {
			r.refItems(t, p.Ref, nil)
		}
	case asKey && len(r.presentKeys(t.node)) > 0:
		// A key among others: a literal map, not a call.
	default:
		// Any other argument is a value: a nested call.
		r.functionItems(asKey, p.Kind)
	}
}

// entryItems offers the names of the entries of a section of the element
// of kind called owner (the requirement assignments of a node template a
// Variability4TOSCA presence operator names).
func (r *request) entryItems(kind grammar.RefKind, owner, section string) {
	d := r.v.Local(r.u.Path, kind, owner)
	if !d.Valid() {
		return
	}
	f := r.v.Facts(d.Path)
	seen := map[string]bool{}
	for _, id := range f.Entries(d.ID, section) {
		name := f.Entity(id).Name
		if seen[name] {
			continue
		}
		seen[name] = true
		r.add(Item{Label: name, Kind: entryKind(section), Detail: grammar.Singular(section) + " of " + owner, SortText: "0"})
	}
}

func entryKind(section string) Kind {
	switch section {
	case grammar.SectionRequirements:
		return KindRequirement
	case grammar.SectionArtifacts:
		return KindArtifact
	case grammar.SectionProperties:
		return KindProperty
	}
	return KindName
}

// keywordItems offers the keywords a parameter takes instead of a name.
func (r *request) keywordItems(keywords []string) {
	for i, k := range keywords {
		r.add(Item{Label: k, Kind: KindKeyword, Detail: "keyword", Documentation: grammar.KeywordDoc(k), SortText: fmt.Sprintf("0%d", i)})
	}
}

// argNameItems offers the argument names of a Named function not yet
// given, mandatory ones first.
func (r *request) argNameItems(c *call) {
	for i, p := range c.fn.Params {
		if c.names[p.Name] {
			continue
		}
		group, detail := "0", "argument of "+c.fn.Name
		if p.Optional {
			group, detail = "1", "optional "+detail
		}
		text := p.Name + ": "
		if r.colonAfter {
			text = p.Name
		}
		r.add(Item{Label: p.Name, Kind: KindProperty, Detail: detail, Documentation: p.Doc,
			Edit: model.TextEdit{Span: r.word, NewText: text}, SortText: fmt.Sprintf("%s%03d", group, i)})
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
	case idx < 0:
	case idx < len(fn.Params):
		return fn.Params[idx], true
	case fn.Variadic && len(fn.Params) > 0:
		return fn.Params[len(fn.Params)-1], true
	}
	return grammar.Param{}, false
}
