package analysis

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// complCall is a function call around the cursor: `{ name: [ args ] }`.
type complCall struct {
	fn   *grammar.Function
	name string
	// args are the arguments written (the items of the list, or the single
	// scalar argument).
	args []*syntax.Node
	// index is the argument the cursor is on.
	index int
	// frame is the index of the call's mapping in the frames.
	frame int
}

// arg is the text of argument i ("" if absent or not a scalar).
func (k *complCall) arg(i int) string {
	if i < 0 || i >= len(k.args) {
		return ""
	}
	return k.args[i].Text()
}

// span returns the arguments from i to j (clamped).
func (k *complCall) span(i, j int) []*syntax.Node {
	if j > len(k.args) {
		j = len(k.args)
	}
	if i > j {
		return nil
	}
	return k.args[i:j]
}

// callAt finds the innermost function call whose arguments hold the cursor.
func (c *complCtx) callAt(frames []complFrame) *complCall {
	for i := len(frames) - 2; i >= 0; i-- {
		n := frames[i].Node
		if n == nil || n.Kind != syntax.Mapping || len(n.Pairs) != 1 {
			continue
		}
		p := n.Pairs[0]
		fn := grammar.FunctionNamed(p.Key.Value, c.u.Versions)
		if fn == nil || frames[i+1].Pair != p {
			continue
		}
		if e := entityOf(frames[i].Value); e != nil && c.key(e, p.Key.Value) != nil {
			continue // a keyname that happens to be spelled like a function
		}
		call := &complCall{fn: fn, name: p.Key.Value, frame: i}
		v := p.Value
		switch v.Kind {
		case syntax.Sequence:
			call.args = v.Items
		case syntax.Null:
		default:
			call.args = []*syntax.Node{v}
		}
		switch {
		case v.Kind != syntax.Sequence:
			call.index = 0
		case i+2 < len(frames):
			for j, it := range v.Items {
				if it == frames[i+2].Node {
					call.index = j
				}
			}
		case v.Flow:
			call.index = c.commasBefore()
		default:
			for _, it := range v.Items {
				if c.lineOf(it.Span.Start) < c.line {
					call.index++
				}
			}
		}
		return call
	}
	return nil
}

// commasBefore counts the commas between the innermost open `[` and the word.
func (c *complCtx) commasBefore() int {
	depth, n := 0, 0
	for i := c.word.Start - 1; i >= 0; i-- {
		switch c.src[i] {
		case ']', '}':
			depth++
		case '[', '{':
			if depth == 0 {
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		}
	}
	return n
}

// callItems completes the argument of a function call at the cursor.
func (c *complCtx) callItems(call *complCall, frames []complFrame) {
	base := strings.TrimPrefix(call.name, "$")
	final := strings.HasPrefix(call.name, "$")
	idx := call.index
	switch base {
	case "get_input":
		if idx == 0 {
			c.localItems(grammar.Input, "0", nil, nil)
			return
		}
		in := c.u.Local(grammar.Input, call.arg(0))
		if in == nil {
			return
		}
		dt := c.scope.Lookup(grammar.DataType, in.Node.Get("type").Text())
		c.fieldItems(dt, in.Node, c.u.File.Path, call.span(1, idx))
		return
	case "get_property", "get_attribute":
		if idx == 0 {
			c.entityItems(frames, call.fn.Params[0].Keywords)
			return
		}
		section := "properties"
		if base == "get_attribute" {
			section = "attributes"
		}
		t := c.entityType(call.arg(0), frames)
		if final {
			c.toscaPathItems(t, section, call, frames)
			return
		}
		if idx == 1 {
			c.withSort("0", func() { c.memberItems(t, section, nil, true) })
			c.withSort("1", func() { c.memberItems(t, "capabilities", nil, true) })
			c.withSort("2", func() { c.memberItems(t, "requirements", nil, true) })
			return
		}
		if cp := c.a.Member(t, "capabilities", call.arg(1)); cp != nil {
			ct := c.memberType(cp, grammar.CapabilityType)
			if idx == 2 {
				c.memberItems(ct, section, nil, true)
				return
			}
			dt, def, path := c.valueType(ct, section, call.arg(2))
			c.fieldItems(dt, def, path, call.span(3, idx))
			return
		}
		dt, def, path := c.valueType(t, section, call.arg(1))
		c.fieldItems(dt, def, path, call.span(2, idx))
		return
	case "get_operation_output":
		t := c.entityType(call.arg(0), frames)
		switch idx {
		case 0:
			c.entityItems(frames, call.fn.Params[0].Keywords)
		case 1:
			c.memberItems(t, "interfaces", nil, true)
		case 2:
			it := c.memberType(c.a.Member(t, "interfaces", call.arg(1)), grammar.InterfaceType)
			c.memberItems(it, "operations", nil, true)
		}
		return
	case "get_artifact":
		switch idx {
		case 0:
			c.entityItems(frames, call.fn.Params[0].Keywords)
		case 1:
			c.memberItems(c.entityType(call.arg(0), frames), "artifacts", nil, true)
		}
		return
	case "available_allocation":
		if idx == 0 {
			c.entityItems(frames, call.fn.Params[0].Keywords)
			return
		}
		// [ SELF, CAPABILITY, capability, property ] (§10.2.1.8).
		c.toscaPathItems(c.entityType(call.arg(0), frames), "properties", call, frames)
		return
	}
	if p, ok := complParamAt(call.fn, idx); ok && p.Ref != grammar.NoRef {
		c.refItems(frames, p.Ref, nil)
		return
	}
	// Any other argument is a value: a nested call.
	c.functionItems(false)
}

// complParamAt is the parameter argument idx binds to.
func complParamAt(fn *grammar.Function, idx int) (grammar.Param, bool) {
	switch {
	case idx < len(fn.Params):
		return fn.Params[idx], true
	case fn.Variadic && len(fn.Params) > 0:
		return fn.Params[len(fn.Params)-1], true
	}
	return grammar.Param{}, false
}

// fieldItems offers the fields of a structured value of type dt after
// following the field names in path (list and map indexes pass through
// entry schemas).
func (c *complCtx) fieldItems(dt *Decl, def *syntax.Node, defPath string, path []*syntax.Node) {
	for _, step := range path {
		if dt == nil {
			return
		}
		name := step.Text()
		if f := c.a.Member(dt, "properties", name); f != nil {
			dt, def, defPath = c.valueType(dt, "properties", name)
			continue
		}
		dt, def, defPath = c.entrySchema(dt, def, defPath)
	}
	if dt != nil {
		c.memberItems(dt, "properties", nil, true)
	}
}

// toscaPathItems completes the TOSCA path of a final 2.0 $get_property or
// $get_attribute after its first argument:
// `[ SELF, CAPABILITY, cap, prop, … ]`, `[ SELF, RELATIONSHIP, req, prop ]`
// or `[ SELF, prop, field, … ]`.
func (c *complCtx) toscaPathItems(t *Decl, section string, call *complCall, frames []complFrame) {
	mode := ""
	var dt *Decl
	var def *syntax.Node
	defPath := ""
	inValue := false
	for i := 1; i < call.index; i++ {
		tok := call.arg(i)
		switch {
		case inValue:
			if f := c.a.Member(dt, "properties", tok); f != nil {
				dt, def, defPath = c.valueType(dt, "properties", tok)
			} else {
				dt, def, defPath = c.entrySchema(dt, def, defPath)
			}
		case mode == "CAPABILITY":
			t = c.memberType(c.a.Member(t, "capabilities", tok), grammar.CapabilityType)
			mode = ""
		case mode == "RELATIONSHIP":
			t = c.requirementRelationship(c.a.Member(t, "requirements", tok))
			mode = ""
		case tok == "CAPABILITY" || tok == "RELATIONSHIP":
			mode = tok
		default:
			dt, def, defPath = c.valueType(t, section, tok)
			inValue = true
		}
	}
	switch {
	case inValue:
		if dt != nil {
			c.memberItems(dt, "properties", nil, true)
		}
	case mode == "CAPABILITY":
		c.memberItems(t, "capabilities", nil, true)
	case mode == "RELATIONSHIP":
		c.memberItems(t, "requirements", nil, true)
	default:
		for i, k := range grammar.PathKeywords {
			// The steps this completion follows (SOURCE, TARGET and indexes are typed by hand).
			if k.Name == "CAPABILITY" || k.Name == "RELATIONSHIP" {
				c.add(CompletionItem{Label: k.Name, Kind: CompletionKeyword, Detail: "TOSCA path keyword", SortText: fmt.Sprintf("1%d", i),
					Documentation: k.Doc})
			}
		}
		c.withSort("0", func() { c.memberItems(t, section, nil, true) })
	}
}

// requirementRelationship is the relationship type a requirement definition forms.
func (c *complCtx) requirementRelationship(m *Member) *Decl {
	if m == nil || m.Node.Kind != syntax.Mapping {
		return nil
	}
	r := m.Node.Get("relationship")
	name := r.Text()
	if r != nil && r.Kind == syntax.Mapping {
		name = r.Get("type").Text()
	}
	return c.scopeOfPath(m.Definer.File.Path).Lookup(grammar.RelationshipType, name)
}

// entityType is the type of the entity a get_property-like call starts
// from: SELF (the enclosing template or type), HOST, SOURCE and TARGET
// where they can be told, or a template of the file.
func (c *complCtx) entityType(name string, frames []complFrame) *Decl {
	owner := frames[len(frames)-1].Owner
	self := c.selfType(owner)
	var req *complFrame
	for i := len(frames) - 1; i >= 0; i-- {
		if m := frames[i].member; m != nil && m.Section == "requirements" {
			req = &frames[i]
			break
		}
	}
	switch name {
	case "SELF":
		return self
	case "SOURCE":
		if req != nil {
			return self
		}
		return nil
	case "TARGET":
		if req != nil && req.Node != nil {
			target := req.Node.Text()
			if req.Node.Kind == syntax.Mapping {
				target = req.Node.Get("node").Text()
			}
			return c.nodeTarget(target)
		}
		return nil
	case "HOST":
		if owner != nil && owner.Kind == grammar.NodeTemplate {
			for _, p := range namedEntries(owner.Node.Get("requirements")) {
				if p.Key.Value == "host" {
					target := p.Value.Text()
					if p.Value.Kind == syntax.Mapping {
						target = p.Value.Get("node").Text()
					}
					if t := c.templateType(grammar.NodeTemplate, target); t != nil {
						return t
					}
				}
			}
		}
		if m := c.a.Member(self, "requirements", "host"); m != nil && m.Node.Kind == syntax.Mapping {
			return c.scopeOfPath(m.Definer.File.Path).Lookup(grammar.NodeType, m.Node.Get("node").Text())
		}
		return nil
	}
	if t := c.templateType(grammar.NodeTemplate, name); t != nil {
		return t
	}
	return c.templateType(grammar.RelationshipTemplate, name)
}

// selfType is the type SELF stands for inside owner.
func (c *complCtx) selfType(owner *Decl) *Decl {
	switch {
	case owner == nil:
		return nil
	case owner.Kind == grammar.NodeTemplate || owner.Kind == grammar.RelationshipTemplate:
		return c.templateType(owner.Kind, owner.Name)
	case owner.Kind.IsType():
		return owner
	}
	return nil
}
