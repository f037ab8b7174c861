package analysis

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// reference resolves a name the grammar says refers to something.
func (b *binder) reference(n *syntax.Node, kind grammar.RefKind, c walkCtx) {
	name := n.Value
	ref := &Ref{Kind: kind, Name: name, Node: n, Owner: c.owner}
	b.u.Refs = append(b.u.Refs, ref)
	scope := b.u.Scope
	switch {
	case kind.IsType():
		ref.Target = scope.Lookup(kind, name)
		if ref.Target == nil {
			b.unknownType(n, kind)
		}
	case kind == grammar.NodeOrCapabilityType:
		if ref.Target = scope.Lookup(grammar.NodeType, name); ref.Target == nil {
			ref.Target = scope.Lookup(grammar.CapabilityType, name)
		}
		if ref.Target == nil {
			b.unknownType(n, grammar.NodeType)
		}
	case kind == grammar.NodeTypeOrTemplate:
		if ref.Target = b.u.Local(grammar.NodeTemplate, name); ref.Target == nil {
			ref.Target = scope.Lookup(grammar.NodeType, name)
		}
		if ref.Target == nil && !scope.Muted(name) {
			d := b.report(n.Span, SeverityError, CodeUnknownName, fmt.Sprintf("no node template or node type named %q", name))
			d.Suggestions = suggest(name, append(b.u.LocalNames(grammar.NodeTemplate), scope.Names(grammar.NodeType)...))
		}
	case kind == grammar.RelationshipTypeOrTemplate:
		if ref.Target = b.u.Local(grammar.RelationshipTemplate, name); ref.Target == nil {
			ref.Target = scope.Lookup(grammar.RelationshipType, name)
		}
		if ref.Target == nil && !scope.Muted(name) {
			d := b.report(n.Span, SeverityError, CodeUnknownName, fmt.Sprintf("no relationship template or relationship type named %q", name))
			d.Suggestions = suggest(name, append(b.u.LocalNames(grammar.RelationshipTemplate), scope.Names(grammar.RelationshipType)...))
		}
	case kind == grammar.CapabilityTypeOrName:
		b.capabilityReference(ref, c)
	case kind == grammar.NodeOrGroupType:
		if ref.Target = scope.Lookup(grammar.NodeType, name); ref.Target == nil {
			ref.Target = scope.Lookup(grammar.GroupType, name)
		}
		if ref.Target == nil {
			b.unknownType(n, grammar.NodeType)
		}
	case kind == grammar.NodeTemplateOrGroup:
		if ref.Target = b.u.Local(grammar.NodeTemplate, name); ref.Target == nil {
			ref.Target = b.u.Local(grammar.Group, name)
		}
		if ref.Target == nil {
			b.unknownName(n, kind)
		}
	case kind == grammar.ModelableEntity:
		if isEntityKeyword(name) {
			return
		}
		if ref.Target = b.u.Local(grammar.NodeTemplate, name); ref.Target == nil {
			ref.Target = b.u.Local(grammar.RelationshipTemplate, name)
		}
		if ref.Target == nil {
			b.unknownName(n, kind)
		}
	case kind == grammar.NodeTemplate, kind == grammar.RelationshipTemplate, kind == grammar.Group,
		kind == grammar.Policy, kind == grammar.Input, kind == grammar.Output, kind == grammar.Repository,
		kind == grammar.Workflow:
		ref.Target = b.u.Local(kind, name)
		if kind == grammar.Repository && ref.Target == nil {
			return
		}
		if ref.Target == nil {
			b.unknownName(n, kind)
		}
	}
}

// capabilityReference resolves a requirement's `capability`: a capability
// type, or the name of a capability of the requirement's `node`.
func (b *binder) capabilityReference(ref *Ref, c walkCtx) {
	scope := b.u.Scope
	if ref.Target = scope.Lookup(grammar.CapabilityType, ref.Name); ref.Target != nil {
		ref.Kind = grammar.CapabilityType
		return
	}
	node := c.entity.Get("node").Text()
	if node == "" {
		b.unknownType(ref.Node, grammar.CapabilityType)
		return
	}
	target := scope.Lookup(grammar.NodeType, node)
	if tmpl := b.u.Local(grammar.NodeTemplate, node); tmpl != nil {
		target = scope.Lookup(grammar.NodeType, tmpl.Node.Get("type").Text())
	}
	if target == nil {
		return // the node reference reports itself
	}
	ref.Kind = grammar.CapabilityName
	for _, m := range b.a.membersOf(target, "capabilities") {
		if m.Name == ref.Name {
			ref.Member = m
			return
		}
	}
	if scope.Muted(ref.Name) {
		return
	}
	var names []string
	for _, m := range b.a.membersOf(target, "capabilities") {
		names = append(names, m.Name)
	}
	d := b.report(ref.Node.Span, SeverityError, CodeUnknownType, fmt.Sprintf("%q is neither a capability type nor a capability of %s", ref.Name, node))
	d.Suggestions = suggest(ref.Name, append(names, scope.Names(grammar.CapabilityType)...))
}

func (b *binder) unknownType(n *syntax.Node, kind grammar.RefKind) {
	name := n.Value
	scope := b.u.Scope
	if other := scope.LookupOtherKind(kind, name); other != nil {
		d := b.report(n.Span, SeverityError, CodeWrongTypeKind, fmt.Sprintf("%q is a %s, but a %s is expected here", name, other.Kind, kind))
		d.Related = []Related{{Location: other.Location(), Message: name + " is defined here"}}
		return
	}
	if scope.Muted(name) {
		return
	}
	d := b.report(n.Span, SeverityError, CodeUnknownType, fmt.Sprintf("unknown %s %q", kind, name))
	d.Suggestions = suggest(name, scope.Names(kind))
	if len(d.Suggestions) > 0 {
		d.Message += fmt.Sprintf("; did you mean %q?", d.Suggestions[0])
	}
}

func (b *binder) unknownName(n *syntax.Node, kind grammar.RefKind) {
	d := b.report(n.Span, SeverityError, CodeUnknownName, fmt.Sprintf("no %s named %q", kind, n.Value))
	d.Suggestions = suggest(n.Value, b.u.LocalNames(kind))
	if len(d.Suggestions) > 0 {
		d.Message += fmt.Sprintf("; did you mean %q?", d.Suggestions[0])
	}
}

// isFunctionCall reports whether n is a TOSCA function call: a single-entry
// map whose key names a function of the file's version.
func isFunctionCall(n *syntax.Node, v grammar.Versions) bool {
	return n != nil && n.Kind == syntax.Mapping && len(n.Pairs) == 1 && grammar.IsFunctionName(n.Pairs[0].Key.Value, v)
}

// walkValue looks through a free-form value (a property value, an input
// default, …) for function calls and checks the names they use.
func (b *binder) walkValue(n *syntax.Node, c walkCtx) {
	if n == nil {
		return
	}
	switch n.Kind {
	case syntax.Mapping:
		if isFunctionCall(n, b.v) {
			b.functionCall(n.Pairs[0], c)
			return
		}
		for _, p := range n.Pairs {
			b.walkValue(p.Value, c)
		}
	case syntax.Sequence:
		for _, item := range n.Items {
			b.walkValue(item, c)
		}
	}
}

func (b *binder) functionCall(p *syntax.Pair, c walkCtx) {
	name := p.Key.Value
	fn := grammar.FunctionNamed(name, b.v)
	if strings.HasPrefix(name, "$") {
		b.noteFormMarker(grammar.FormFinal)
	} else if b.v.Has(grammar.V2Draft) {
		b.noteFormMarker(grammar.FormDraft)
	}
	args := []*syntax.Node{p.Value}
	if p.Value.Kind == syntax.Sequence {
		args = p.Value.Items
	}
	for i, arg := range args {
		if fn != nil && i < len(fn.Params) && arg.Kind == syntax.Scalar {
			switch ref := fn.Params[i].Ref; ref {
			case grammar.Input, grammar.ModelableEntity:
				b.reference(arg, ref, c)
			case grammar.NodeTemplate:
				if !isEntityKeyword(arg.Value) {
					b.reference(arg, grammar.NodeTemplate, c)
				}
			}
			continue
		}
		b.walkValue(arg, c)
	}
}

// isEntityKeyword reports the keywords that stand for a template in
// get_property/get_attribute paths.
func isEntityKeyword(s string) bool {
	switch s {
	case "SELF", "SOURCE", "TARGET", "HOST":
		return true
	}
	return false
}

func (b *binder) noteFormMarker(m grammar.Form) {
	switch {
	case b.form == grammar.FormUnknown:
		b.form = m
	case b.form != m:
		b.form = grammar.FormMixed
	}
}
