package complete

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
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

// callItems completes the argument of a function call at the cursor, as
// the call's shape says; asKey tells that a key is written there (a
// nested call is then one).
func (r *request) callItems(c *call, t target, asKey bool) {
	env := r.shapes()
	if env == nil {
		return
	}
	q := r.query(t, asKey, false)
	q.Arg, q.Naming, q.Named = c.index, c.naming, c.names
	q.Args = make([]string, len(c.args))
	for i := range c.args {
		q.Args[i] = c.arg(i)
	}
	r.offer(env.CallOf(c.fn, r.factsCall(c)), q)
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
