package fix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// rewrite is one conversion of a 2020-draft construct to final TOSCA 2.0.
type rewrite struct {
	// The title is "<verb> `from` to `to`", written only when offered.
	verb, from, to string
	// at is where the cursor must be to offer the rewrite alone.
	at    text.Span
	edits []model.TextEdit
}

// wholeFileTitle is the title of the conversion of every draft construct.
const wholeFileTitle = "Convert to final TOSCA 2.0 syntax"

// rewrites offers the conversions to final TOSCA 2.0 of a tosca_2_0 file
// written (at least partly) in the 2020 draft's form: those of the
// constructs under span, in source order, then all of them at once. The
// draft keynames are those the binder recognised, the draft function calls
// those it recorded. (Editors ask at every move of the cursor: the edits of
// the whole file are gathered in one slice.)
func (fx *fixer) rewrites(span text.Span) []Action {
	if fx.versions != grammar.V2 || fx.u.Facts.Form != grammar.FormDraft && fx.u.Facts.Form != grammar.FormMixed {
		return nil
	}
	var here []rewrite
	all := make([]model.TextEdit, 0, len(fx.u.Facts.Calls))
	offer := func(r rewrite) {
		if r.at.Start <= span.Start && span.Start <= r.at.End {
			r.edits = slices.Clone(r.edits)
			here = append(here, r)
		}
	}
	fx.draftKeys(func(p *syntax.Pair, k *grammar.Key, g *grammar.Entity) {
		if r, ok := fx.convertKeyname(p, k, g); ok {
			all = append(all, r.edits...)
			offer(r)
		}
	})
	for i := range fx.u.Facts.Calls {
		c := &fx.u.Facts.Calls[i]
		n := len(all)
		var final string
		var ok bool
		if all, final, ok = fx.convertCall(c, all); ok {
			offer(rewrite{verb: "Convert", from: c.Name, to: final, at: c.NameSpan.Text(), edits: all[n:]})
		}
	}
	if len(all) == 0 {
		return nil
	}
	// What an alias repeats is met again at the same place: converted once.
	slices.SortStableFunc(here, func(a, b rewrite) int { return a.at.Start - b.at.Start })
	here = slices.CompactFunc(here, func(a, b rewrite) bool { return a.at == b.at })
	var out []Action
	for _, r := range here {
		out = append(out, fx.action(fmt.Sprintf("%s `%s` to `%s`", r.verb, r.from, r.to), Rewrite, r.edits...))
	}
	slices.SortFunc(all, func(a, b model.TextEdit) int {
		if a.Span.Start != b.Span.Start {
			return a.Span.Start - b.Span.Start
		}
		return b.Span.End - a.Span.End
	})
	// An edit inside another (a function renamed within converted
	// constraints) is already part of the outer one.
	kept := all[:0]
	end := -1
	for _, e := range all {
		if e.Span.Start < end || len(kept) > 0 && kept[len(kept)-1] == e {
			continue
		}
		kept = append(kept, e)
		end = max(end, e.Span.End)
	}
	return append(out, fx.action(wholeFileTitle, Rewrite, kept...))
}

// draftKeys calls yield, once each, with the entries of the document
// written with a keyname of the 2020 draft, the keyname and the entity it
// belongs to. Candidates come from the facts (the key of a field, the entry
// holding an entity), and the frame of each key confirms it is a keyname:
// the work stays proportional to the file's entities, not to its nodes.
func (fx *fixer) draftKeys(yield func(p *syntax.Pair, k *grammar.Key, g *grammar.Entity)) {
	f := fx.u.Facts
	seen := map[*syntax.Pair]bool{}
	visit := func(p *syntax.Pair) {
		if p == nil || seen[p] {
			return
		}
		seen[p] = true
		k := fx.u.Keyname(p.Key)
		e := f.Entity(fx.u.FrameOf(p.Key).Entity)
		if k != nil && k.FormMarker() == grammar.FormDraft && e != nil && e.G() != nil {
			yield(p, k, e.G())
		}
	}
	for _, fl := range f.Fields {
		if fl.Key() != nil && fl.Key().FormMarker() == grammar.FormDraft && f.KeySpan(fl).End > f.KeySpan(fl).Start {
			if path := fx.u.At(int(f.KeySpan(fl).Start)).Path; len(path) > 0 && path[len(path)-1].OnKey {
				visit(path[len(path)-1].Pair)
			}
		}
	}
	for i := range f.Entities {
		e := &f.Entities[i]
		if e.Key() == nil || e.Key().FormMarker() != grammar.FormDraft {
			continue
		}
		// The entry holding the entity is the innermost one on its path
		// whose key is that keyname.
		path := fx.u.At(int(e.Span.Start)).Path
		for j := len(path) - 1; j >= 0; j-- {
			if p := path[j].Pair; p != nil && !path[j].OnKey && fx.u.Keyname(p.Key) == e.Key() {
				visit(p)
				break
			}
		}
	}
}

// convertKeyname converts the draft keyname k of an entity described by g,
// written as entry p: constraints become a validation expression, other
// keynames are renamed when their value reads the same under the final one.
func (fx *fixer) convertKeyname(p *syntax.Pair, k *grammar.Key, g *grammar.Entity) (rewrite, bool) {
	final := replacementOf(g, k)
	if final == nil {
		return rewrite{}, false
	}
	if k.Name == grammar.KeyConstraints {
		expr, ok := fx.validationOf(p.Value)
		if !ok {
			return rewrite{}, false
		}
		return rewrite{verb: "Convert", from: k.Name, to: final.Name, at: pairSpan(p),
			edits: []model.TextEdit{{Span: pairSpan(p), NewText: final.Name + ": " + expr}}}, true
	}
	if !sameShape(k.Value, final.Value) {
		return rewrite{}, false
	}
	return rewrite{verb: "Rename", from: k.Name, to: final.Name, at: p.Key.Span,
		edits: []model.TextEdit{{Span: p.Key.Span, NewText: final.Name}}}, true
}

// replacementOf is the final 2.0 keyname of g that replaces the draft keyname k.
func replacementOf(g *grammar.Entity, k *grammar.Key) *grammar.Key {
	for _, r := range g.Keys {
		if r.Replaces == k.Name && r.In.Has(grammar.V2Final) {
			return r
		}
	}
	return nil
}

// sameShape reports whether a value written for a can be kept as is for b,
// so that renaming the keyname is the whole conversion.
func sameShape(a, b *grammar.Value) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.Ref != b.Ref {
		return false
	}
	switch a.Kind {
	case grammar.EntityValue:
		// b has every keyname of a (the service template definition has
		// the topology template's and more).
		if a.Entity == b.Entity {
			return true
		}
		for _, k := range a.Entity.Keys {
			if k.In.Has(grammar.V2) && !slices.Contains(b.Entity.Keys, k) {
				return false
			}
		}
		return len(a.Entity.Keys) > 0
	case grammar.MapOfValue, grammar.ListOfValue, grammar.NamedListValue:
		return sameShape(a.Elem, b.Elem)
	}
	return true
}

// convertCall converts a draft function call to its final `$` form: the
// name, and for a path (get_property …) the steps final 2.0 writes
// differently: `SOURCE, …` becomes `SELF, SOURCE, …` and a capability
// named second is reached through `CAPABILITY` (§10.3). The edits are
// appended to into; ok is false (and into returned as it was) when the
// conversion is not mechanical (HOST, a requirement or an unknown name
// second).
func (fx *fixer) convertCall(c *facts.Call, into []model.TextEdit) (edits []model.TextEdit, final string, ok bool) {
	fn := c.Fn.Final()
	if fn == nil || c.Fn.FormMarker() != grammar.FormDraft {
		return into, "", false
	}
	edits = append(into, model.TextEdit{Span: c.NameSpan.Text(), NewText: fn.Name})
	if grammar.PathOf(c.Fn) == nil {
		return edits, fn.Name, true
	}
	f := fx.u.Facts
	args := f.Items(c.Args)
	if len(args) == 0 {
		return edits, fn.Name, true
	}
	list := f.Value(c.Args)
	insert := func(arg int, word string) {
		at := int(f.Value(args[arg]).Span.Start)
		sep := ", "
		if !list.Flow() {
			sep = fx.eol() + strings.Repeat(" ", fx.column(int(list.Span.Start))) + "- "
		}
		edits = append(edits, model.TextEdit{Span: text.Span{Start: at, End: at}, NewText: word + sep})
	}
	switch f.Text(args[0]) {
	case grammar.KeywordHost:
		return into, "", false
	case grammar.KeywordSource, grammar.KeywordTarget:
		insert(0, grammar.KeywordSelf)
	}
	if len(args) <= 2 {
		return edits, fn.Name, true
	}
	steps := fx.v.CallPath(fx.path, c)
	second := slices.IndexFunc(steps, func(s model.PathStep) bool { return s.Arg == 1 })
	switch {
	case second < 0:
		return into, "", false
	case steps[second].Kind == model.StepCapability:
		insert(1, grammar.KeywordCapability)
	case steps[second].Kind != model.StepName || steps[second].Member == nil:
		return into, "", false
	}
	return edits, fn.Name, true
}

// validationOf converts a list of constraint clauses to a validation
// expression, when every clause is an operator with one (see
// grammar.Function.Validation) and an argument of the shape it expects,
// written on one line.
func (fx *fixer) validationOf(n *syntax.Node) (string, bool) {
	if n == nil || n.Kind != syntax.Sequence || len(n.Items) == 0 {
		return "", false
	}
	var exprs []string
	for _, item := range n.Items {
		if item.Kind != syntax.Mapping || len(item.Pairs) != 1 || item.Anchored != nil {
			return "", false
		}
		p := item.Pairs[0]
		op := grammar.ConstraintOperatorNamed(p.Key.Value, grammar.V2Draft)
		if op == nil || op.Validation == "" || !argumentFits(grammar.ConstraintClause.Key(op.Name, grammar.V2Draft).Value, p.Value) {
			return "", false
		}
		arg, ok := fx.flow(p.Value, 0)
		if !ok {
			return "", false
		}
		exprs = append(exprs, fmt.Sprintf(op.Validation, arg))
	}
	if len(exprs) == 1 {
		return exprs[0], true
	}
	return fmt.Sprintf(grammar.ValidationAll, strings.Join(exprs, ", ")), true
}

// argumentFits reports whether a clause's argument has the shape its
// expression takes: two bounds for a range, a list of values for a list.
func argumentFits(want *grammar.Value, n *syntax.Node) bool {
	switch want.Kind {
	case grammar.RangeValue:
		return n.Kind == syntax.Sequence && len(n.Items) == 2
	case grammar.ListValue:
		return n.Kind == syntax.Sequence
	}
	return true
}

// maxFlowDepth bounds the nesting of values written on one line.
const maxFlowDepth = 64

// flow writes a value on one line in flow style, from its source text;
// draft function calls inside become final ones when that is a plain
// rename. ok is false for values that cannot be written so (text on
// several lines, aliases).
func (fx *fixer) flow(n *syntax.Node, depth int) (string, bool) {
	if n == nil || n.Anchored != nil || depth > maxFlowDepth {
		return "", false
	}
	switch n.Kind {
	case syntax.Null:
		return "null", true
	case syntax.Scalar:
		return fx.flowScalar(n)
	case syntax.Sequence:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			s, ok := fx.flow(it, depth+1)
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		if len(parts) == 0 {
			return "[]", true
		}
		return "[ " + strings.Join(parts, ", ") + " ]", true
	case syntax.Mapping:
		parts := make([]string, len(n.Pairs))
		for i, p := range n.Pairs {
			if p.Merged {
				return "", false
			}
			key, ok := fx.flowScalar(p.Key)
			if len(n.Pairs) == 1 {
				if c := fx.callNamedAt(p.Key.Span); c != nil {
					if edits, final, converts := fx.convertCall(c, nil); converts && len(edits) == 1 {
						key = final
					}
				}
			}
			v, vok := fx.flow(p.Value, depth+1)
			if !ok || !vok {
				return "", false
			}
			parts[i] = key + ": " + v
		}
		if len(parts) == 0 {
			return "{}", true
		}
		return "{ " + strings.Join(parts, ", ") + " }", true
	}
	return "", false
}

// flowScalar writes a scalar of the source inside a flow collection: a
// plain one as it reads there, a quoted one as written. ok is false for
// text on several lines.
func (fx *fixer) flowScalar(n *syntax.Node) (string, bool) {
	if n.Kind != syntax.Scalar || n.Style == syntax.Literal || n.Style == syntax.Folded || !fx.oneLine(n.Span) {
		return "", false
	}
	if n.Style == syntax.Plain {
		return grammar.PlainScalarInFlow(n.Value), true
	}
	return fx.text(n.Span), true
}

// callNamedAt is the call whose function name is written at s, or nil.
func (fx *fixer) callNamedAt(s text.Span) *facts.Call {
	calls := fx.u.Facts.Calls
	for i := range calls {
		if calls[i].NameSpan.Text() == s {
			return &calls[i]
		}
	}
	return nil
}
