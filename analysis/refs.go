package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// alternatives lists, for the references that may name one of several
// kinds, those kinds in lookup order.
var alternatives = map[grammar.RefKind][]grammar.RefKind{
	grammar.NodeOrCapabilityType:       {grammar.NodeType, grammar.CapabilityType},
	grammar.NodeOrGroupType:            {grammar.NodeType, grammar.GroupType},
	grammar.NodeTypeOrTemplate:         {grammar.NodeTemplate, grammar.NodeType},
	grammar.RelationshipTypeOrTemplate: {grammar.RelationshipTemplate, grammar.RelationshipType},
	grammar.NodeTemplateOrGroup:        {grammar.NodeTemplate, grammar.Group},
	grammar.ModelableEntity:            {grammar.NodeTemplate, grammar.RelationshipTemplate},
}

// resolvable are the template-level kinds a reference may name in its own file.
var resolvable = map[grammar.RefKind]bool{
	grammar.NodeTemplate: true, grammar.RelationshipTemplate: true, grammar.Group: true, grammar.Policy: true,
	grammar.Input: true, grammar.Output: true, grammar.Workflow: true,
}

// reference resolves a name the grammar says refers to something.
func (b *binder) reference(n *syntax.Node, kind grammar.RefKind, c walkCtx) {
	name := n.Value
	ref := &Ref{Kind: kind, Name: name, Node: n, Owner: c.owner}
	b.u.Refs = append(b.u.Refs, ref)
	kinds := alternatives[kind]
	switch {
	case kind == grammar.CapabilityTypeOrName:
		b.capabilityReference(ref, c)
		return
	case kind == grammar.ModelableEntity && grammar.IsEntityKeyword(name):
		return
	case kind == grammar.Input && b.workflowInput(name, c):
		return
	case kind == grammar.Repository:
		// Repositories are only checked where imports use them.
		ref.Target = b.u.Local(kind, name)
		return
	case kind.IsType() || resolvable[kind]:
		kinds = []grammar.RefKind{kind}
	case kinds == nil:
		return // file paths, profile names, member names: resolved elsewhere
	}
	allTypes := true
	for _, k := range kinds {
		if ref.Target = b.lookup(k, name); ref.Target != nil {
			return
		}
		allTypes = allTypes && k.IsType()
	}
	if allTypes {
		b.unknownType(n, kinds[0])
		return
	}
	if !allLocal(kinds) && b.u.Scope.Muted(name) {
		return
	}
	var names, what []string
	for _, k := range kinds {
		what = append(what, k.String())
		if k.IsType() {
			names = append(names, b.u.Scope.Names(k)...)
		} else {
			names = append(names, b.u.LocalNames(k)...)
		}
	}
	d := b.report(n.Span, SeverityError, CodeUnknownName, fmt.Sprintf("no %s named %q", strings.Join(what, " or "), name))
	d.Suggestions = suggest(name, names)
	if len(d.Suggestions) > 0 {
		d.Message += fmt.Sprintf("; did you mean %q?", d.Suggestions[0])
	}
}

// workflowInput reports whether name is an input of the workflow holding
// the reference: `$get_input` inside a workflow reads the workflow's own
// inputs (2.0 §13.2).
func (b *binder) workflowInput(name string, c walkCtx) bool {
	return c.owner != nil && c.owner.Kind == grammar.Workflow && c.owner.Node.Get("inputs").GetPair(name) != nil
}

// lookup finds a type visible in the file or a template-level name of the file.
func (b *binder) lookup(kind grammar.RefKind, name string) *Decl {
	if kind.IsType() {
		return b.u.Scope.Lookup(kind, name)
	}
	return b.u.Local(kind, name)
}

func allLocal(kinds []grammar.RefKind) bool {
	for _, k := range kinds {
		if k.IsType() {
			return false
		}
	}
	return true
}

// capabilityReference resolves a requirement's `capability`: a capability
// type, or the name of a capability of the requirement's `node`.
func (b *binder) capabilityReference(ref *Ref, c walkCtx) {
	scope := b.u.Scope
	if ref.Target = scope.Lookup(grammar.CapabilityType, ref.Name); ref.Target != nil {
		ref.Kind = grammar.CapabilityType
		return
	}
	node := targetName(c.entity.Get("node"))
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

// targetName is the node a requirement's `node` names: the name itself,
// or the template of `[ node_template, index ]` (2.0 §8.7.1).
func targetName(n *syntax.Node) string {
	if n != nil && n.Kind == syntax.Sequence && len(n.Items) > 0 {
		return n.Items[0].Text()
	}
	return n.Text()
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

// pathCallFits checks a call of a function whose arguments start with a
// TOSCA path (final 2.0 §10.3): the path starts with SELF or a template
// name (HOST is gone, SOURCE and TARGET follow SELF), and the arguments
// after it are those §10.2.1 gives the function. It reports what does not
// fit and whether the call is worth resolving further.
func (b *binder) pathCallFits(p *syntax.Pair, fn *grammar.Function, args []*syntax.Node) bool {
	if len(fn.Params) == 0 || !fn.Params[0].Path {
		return true
	}
	if len(args) > 0 && args[0].Kind == syntax.Scalar && grammar.IsEntityKeyword(args[0].Value) && !slices.Contains(fn.Params[0].Keywords, args[0].Value) {
		first := args[0]
		b.report(first.Span, SeverityError, CodeWrongValueShape, fmt.Sprintf("%q does not start a TOSCA path: it starts with %s or a template name (2.0 §10.3)", first.Value, strings.Join(fn.Params[0].Keywords, ", ")))
		return false
	}
	if !fn.MatchArgs(pathArgs(args, b.v)) {
		path := "the TOSCA path of 2.0 §10.3"
		if ends := fn.Params[0].Ends; len(ends) > 0 {
			names := make([]string, len(ends))
			for i, e := range ends {
				names[i] = e.String()
			}
			path += " leading to a " + strings.Join(names, " or ")
		}
		b.report(p.Value.Span, SeverityError, CodeWrongValueShape, fmt.Sprintf("the arguments do not fit `%s`, with %s", fn.Signature(), path))
	}
	return true
}

// pathArgs are call arguments as the TOSCA path matcher reads them.
func pathArgs(args []*syntax.Node, v grammar.Versions) []grammar.PathArg {
	out := make([]grammar.PathArg, len(args))
	for i, a := range args {
		out[i] = grammar.PathArg{Word: a.Value, Computed: a.Kind != syntax.Scalar || isCallString(a.Value, v)}
	}
	return out
}

// isFunctionCall reports whether n is a TOSCA function call: a single-entry
// map whose key names a function of the file's version.
// In final 2.0 every `$name` key is a call (user functions included; a
// literal `$` key is written `$$`).
func isFunctionCall(n *syntax.Node, v grammar.Versions) bool {
	if n == nil || n.Kind != syntax.Mapping || len(n.Pairs) != 1 {
		return false
	}
	name := n.Pairs[0].Key.Value
	return isCallString(name, v) || grammar.IsFunctionName(name, v)
}

// isCallString reports whether s names a final 2.0 function: `$name`, but
// not the escaped literal `$$name` (§10.1). As a key it is a call with
// arguments, as a string value a call without.
func isCallString(s string, v grammar.Versions) bool {
	return v.Has(grammar.V2Final) && len(s) > 1 && s[0] == '$' && s[1] != '$'
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
		b.form = b.form.Merge(grammar.FormFinal)
	} else if b.v.Has(grammar.V2Draft) {
		b.form = b.form.Merge(grammar.FormDraft)
	}
	args := []*syntax.Node{p.Value}
	if p.Value.Kind == syntax.Sequence {
		args = p.Value.Items
	}
	if fn != nil && !b.pathCallFits(p, fn, args) {
		return
	}
	for i, arg := range args {
		if fn != nil && i < len(fn.Params) && arg.Kind == syntax.Scalar {
			switch ref := fn.Params[i].Ref; ref {
			case grammar.Input, grammar.ModelableEntity:
				b.reference(arg, ref, c)
			case grammar.NodeTemplate:
				if !grammar.IsEntityKeyword(arg.Value) {
					b.reference(arg, grammar.NodeTemplate, c)
				}
			}
			continue
		}
		b.walkValue(arg, c)
	}
}
