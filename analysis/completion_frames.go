package analysis

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// complFrame is one level of the grammar on the way to the cursor (see
// Frame), with what the model says about it beyond the grammar: which
// type's members apply, which member a value belongs to, which data type a
// value has.
type complFrame struct {
	Frame
	// typed is the type whose members apply inside this frame: a
	// template's type, the capability type of a capability assignment, the
	// interface type of an interface assignment, the parent of a type
	// definition (whose members it may refine).
	typed *Decl
	// section is set when the frame is a member section ("properties",
	// "requirements", …) of sectionOf.
	section   string
	sectionOf *Decl
	// member is the member of a type this frame is the value of.
	member *Member
	// dataType is the data type of a value (a property value, a field of
	// one, an entry of a list or map), valueDef the definition that gave it
	// and defPath the file holding valueDef.
	dataType *Decl
	valueDef *syntax.Node
	defPath  string
}

// complMemberSections are the keynames whose entries name members of the
// enclosing entity's type.
var complMemberSections = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range MemberSections {
		m[s] = true
	}
	return m
}()

// frames maps the steps of a path in the re-parsed tree to grammar frames
// (like Analyzer.Locate, which works on the unit's own tree).
func (c *complCtx) frames(path syntax.Path) []complFrame {
	root := complFrame{Frame: Frame{Node: c.root, Value: fileValue}}
	out := []complFrame{root}
	for _, step := range path {
		cur := out[len(out)-1]
		var child *syntax.Node
		switch {
		case step.Pair != nil:
			if step.OnKey {
				return out
			}
			child = step.Pair.Value
		case step.Parent != nil && step.Index >= 0 && step.Index < len(step.Parent.Items):
			child = step.Parent.Items[step.Index]
		}
		if child == nil {
			return out
		}
		next := complFrame{Frame: Frame{Node: child, Pair: step.Pair, Owner: cur.Owner, Type: cur.Type}}
		next.Value, next.Key = stepValue(cur.Value, cur.Node, step, c.u.Versions, c.key)
		if step.Pair != nil {
			if d := c.declAt(step.Pair.Key); d != nil {
				next.Owner = d
			}
		}
		if e := entityOf(next.Value); e != nil && child.Kind == syntax.Mapping {
			switch {
			case e.TypeKey != "":
				next.Type = c.scope.Lookup(e.TypeKind, child.Get(e.TypeKey).Text())
				next.typed = next.Type
			case e.Declares.IsType():
				next.typed = c.scope.Lookup(e.Declares, child.Get("derived_from").Text())
			}
		}
		c.semantics(&cur, &next, step)
		out = append(out, next)
	}
	return out
}

// key finds a keyname of e, preferring the versions completion offers.
func (c *complCtx) key(e *grammar.Entity, name string) *grammar.Key {
	if k := e.Key(name, c.v); k != nil {
		return k
	}
	return e.Key(name, c.u.Versions)
}

// declAt is the declaration named by a key of the re-parsed tree (matched
// by position with the unit's declarations).
func (c *complCtx) declAt(key *syntax.Node) *Decl {
	for _, d := range c.u.Decls {
		if d.Key.Span == key.Span && d.Name == key.Value {
			return d
		}
	}
	return nil
}

// semantics derives next's model context from cur's.
func (c *complCtx) semantics(cur, next *complFrame, step syntax.Step) {
	name := ""
	if step.Pair != nil {
		name = step.Pair.Key.Value
	}
	switch {
	case step.Pair != nil && name == "node_filter" && next.Key != nil:
		next.typed = c.filteredType(cur)
	case step.Pair != nil && cur.typed != nil && next.Key != nil && complMemberSections[name]:
		next.section, next.sectionOf = name, cur.typed
	case step.Pair != nil && cur.typed != nil && cur.typed.Kind == grammar.InterfaceType && next.Key == nil && entityOf(cur.Value) != nil:
		// 1.0–1.2: operations written directly in an interface.
		next.member = c.a.Member(cur.typed, "operations", name)
	case cur.section != "" && step.Pair == nil:
		// An item of a section written as a list (requirements).
		next.section, next.sectionOf = cur.section, cur.sectionOf
	case cur.section != "" && step.Pair != nil:
		m := c.a.Member(cur.sectionOf, cur.section, name)
		if m == nil {
			return
		}
		next.member = m
		switch cur.section {
		case "properties", "attributes", "inputs":
			next.dataType, next.valueDef, next.defPath = c.valueType(cur.sectionOf, cur.section, name)
		case "capabilities":
			if next.typed == nil {
				next.typed = c.memberType(m, grammar.CapabilityType)
			}
		case "interfaces":
			if next.typed == nil {
				next.typed = c.memberType(m, grammar.InterfaceType)
			}
		case "artifacts":
			if next.typed == nil {
				next.typed = c.memberType(m, grammar.ArtifactType)
			}
		}
	case cur.dataType != nil:
		if step.Pair != nil {
			if grammar.IsFunctionName(name, c.u.Versions) {
				return
			}
			if f := c.a.Member(cur.dataType, "properties", name); f != nil {
				next.member = f
				next.dataType, next.valueDef, next.defPath = c.valueType(cur.dataType, "properties", name)
				return
			}
		}
		next.dataType, next.valueDef, next.defPath = c.entrySchema(cur.dataType, cur.valueDef, cur.defPath)
	}
}

// filteredType is the node type a node filter inside cur selects among:
// the requirement's `node` (as written here, else in the requirement's
// definition), or, for a template's own filter, its type.
func (c *complCtx) filteredType(cur *complFrame) *Decl {
	if target := cur.Node.Get("node").Text(); target != "" {
		return c.nodeTarget(target)
	}
	if m := cur.member; m != nil && m.Section == "requirements" && m.Node.Kind == syntax.Mapping {
		return c.scopeOfPath(m.Definer.File.Path).Lookup(grammar.NodeType, m.Node.Get("node").Text())
	}
	return cur.typed
}

// scopeOfPath is the scope of any file of the snapshot.
func (c *complCtx) scopeOfPath(path string) *Scope {
	if path == c.u.File.Path {
		return c.scope
	}
	c.a.mu.Lock()
	defer c.a.mu.Unlock()
	return c.a.scopeOf(path)
}

// memberTypeName is the type a member definition names: its `type`, or
// its short notation; a refinement without one inherits the origin's.
func memberTypeName(m *Member) (string, *Decl) {
	for _, def := range []struct {
		n *syntax.Node
		d *Decl
	}{{m.Node, m.Definer}, {complOriginNode(m), m.Origin}} {
		if def.n == nil {
			continue
		}
		switch def.n.Kind {
		case syntax.Scalar:
			if m.Section == "capabilities" || m.Section == "requirements" {
				return def.n.Value, def.d
			}
		case syntax.Mapping:
			if t := def.n.Get("type").Text(); t != "" {
				return t, def.d
			}
		}
	}
	return "", nil
}

// complOriginNode is the first definition of a member (in its Origin).
func complOriginNode(m *Member) *syntax.Node {
	if m.Origin == nil || m.Origin == m.Definer {
		return nil
	}
	for _, p := range sectionEntries(m.Origin, m.Section) {
		if p.Key.Value == m.Name {
			return p.Value
		}
	}
	return nil
}

// memberType is the type of kind a member names (navigation resolves
// member types from the grammar, up the chain for refinements).
func (c *complCtx) memberType(m *Member, kind grammar.RefKind) *Decl {
	for _, t := range c.a.navMemberTypes(m) {
		if t.Kind == kind {
			return t
		}
	}
	return nil
}

// valueType is the data type of a property, attribute or input `name` of
// type t: the `type` of its most derived definition that has one.
func (c *complCtx) valueType(t *Decl, section, name string) (*Decl, *syntax.Node, string) {
	chain, _ := c.a.Chain(t)
	for _, d := range chain {
		for _, p := range sectionEntries(d, section) {
			if p.Key.Value != name || p.Value.Kind != syntax.Mapping {
				continue
			}
			if tn := p.Value.Get("type").Text(); tn != "" {
				return c.scopeOfPath(d.File.Path).Lookup(grammar.DataType, tn), p.Value, d.File.Path
			}
		}
	}
	return nil, nil, ""
}

// entrySchema is the data type of the entries of a list or map value: its
// definition's entry_schema, else the data type's own.
func (c *complCtx) entrySchema(dt *Decl, def *syntax.Node, defPath string) (*Decl, *syntax.Node, string) {
	read := func(n *syntax.Node, path string) (*Decl, *syntax.Node, string, bool) {
		es := n.Get("entry_schema")
		if es == nil {
			return nil, nil, "", false
		}
		tn := es.Text()
		if es.Kind == syntax.Mapping {
			tn = es.Get("type").Text()
		}
		if tn == "" {
			return nil, nil, "", false
		}
		var schemaDef *syntax.Node
		if es.Kind == syntax.Mapping {
			schemaDef = es
		}
		return c.scopeOfPath(path).Lookup(grammar.DataType, tn), schemaDef, path, true
	}
	if def != nil {
		if d, n, p, ok := read(def, defPath); ok {
			return d, n, p
		}
	}
	chain, _ := c.a.Chain(dt)
	for _, d := range chain {
		if r, n, p, ok := read(d.Node, d.File.Path); ok {
			return r, n, p
		}
	}
	return nil, nil, ""
}

// templateType is the type of a node (or relationship) template of the file.
func (c *complCtx) templateType(kind grammar.RefKind, name string) *Decl {
	d := c.u.Local(kind, name)
	if d == nil || d.Node == nil {
		return nil
	}
	typeKind := grammar.NodeType
	if kind == grammar.RelationshipTemplate {
		typeKind = grammar.RelationshipType
	}
	return c.scope.Lookup(typeKind, d.Node.Get("type").Text())
}

// nodeTarget resolves a node template name, else a node type name.
func (c *complCtx) nodeTarget(name string) *Decl {
	if t := c.templateType(grammar.NodeTemplate, name); t != nil {
		return t
	}
	return c.scope.Lookup(grammar.NodeType, name)
}
