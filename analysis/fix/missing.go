package fix

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// missingKeys adds the mandatory keynames a missing-keyname diagnostic
// names to the mapping it is about, with placeholder values of the right
// shape.
func (fx *fixer) missingKeys(d model.Diagnostic) (Action, bool) {
	n := fx.entityNode(d.Span)
	if n == nil || n.Kind != syntax.Mapping {
		return Action{}, false
	}
	e := fx.u.Facts.Entity(fx.u.FrameOf(n).Entity)
	if e == nil || e.G() == nil || e.Span.Text() != n.Span {
		return Action{}, false
	}
	keys := missingNamed(e.G(), n, fx.versions, d.Message)
	if len(keys) == 0 {
		return Action{}, false
	}
	entries := make([]string, len(keys))
	names := make([]string, len(keys))
	for i, k := range keys {
		entries[i] = k.Name + ": " + placeholder(k.Value, fx.versions, n.Flow)
		names[i] = k.Name
	}
	var edit model.TextEdit
	switch {
	case n.Flow && len(n.Pairs) == 0:
		at := n.Span.Start + 1 // after the `{`
		edit = model.TextEdit{Span: text.Span{Start: at, End: at}, NewText: " " + strings.Join(entries, ", ") + " "}
	case n.Flow:
		at := pairSpan(n.Pairs[len(n.Pairs)-1]).End
		edit = model.TextEdit{Span: text.Span{Start: at, End: at}, NewText: ", " + strings.Join(entries, ", ")}
	case len(n.Pairs) > 0:
		indent := strings.Repeat(" ", fx.column(n.Pairs[0].Key.Span.Start))
		var b strings.Builder
		for _, e := range entries {
			b.WriteString(fx.eol() + indent + e)
		}
		at := fx.lastLineEnd(n.Span)
		edit = model.TextEdit{Span: text.Span{Start: at, End: at}, NewText: b.String()}
	default:
		return Action{}, false
	}
	title := "Add missing keyname " + backquoted(names)
	if len(names) > 1 {
		title = "Add missing keynames " + backquoted(names)
	}
	return fx.quickFix(d, title, edit), true
}

// entityNode is the node a diagnostic about an entity is reported on: the
// value of the named entry or keyname whose key it spans, else the node it
// spans.
func (fx *fixer) entityNode(s text.Span) *syntax.Node {
	pos := fx.u.At(s.Start)
	for i := len(pos.Path) - 1; i >= 0; i-- {
		st := pos.Path[i]
		if st.Pair != nil && st.Pair.Key.Span == s {
			return st.Pair.Value
		}
		if st.Parent.Span == s {
			return st.Parent
		}
	}
	return nil
}

// missingNamed lists the mandatory keynames of g that n lacks, as message
// names them. The binder reports the keynames mandatory in every
// definition, and the model those mandatory in new definitions only,
// apart or together (facts.MissingMessage): the set inserted is the one
// whose message is the diagnostic's.
func missingNamed(g *grammar.Entity, n *syntax.Node, v grammar.Versions, message string) []*grammar.Key {
	var all, always, newOnly []*grammar.Key
	seen := map[string]bool{}
	for _, k := range g.Keys {
		if !k.Required.Has(v) || seen[k.Name] || n.GetPair(k.Name) != nil || anyPresent(n, k.RequiredUnless) {
			continue
		}
		seen[k.Name] = true
		all = append(all, k)
		if k.NewOnly {
			newOnly = append(newOnly, k)
		} else {
			always = append(always, k)
		}
	}
	for _, keys := range [][]*grammar.Key{all, always, newOnly} {
		names := make([]string, len(keys))
		for i, k := range keys {
			names[i] = k.Name
		}
		if len(keys) > 0 && facts.MissingMessage(g, names) == message {
			return keys
		}
	}
	return nil
}

// anyPresent reports whether n has one of the keynames that waive a
// mandatory one.
func anyPresent(n *syntax.Node, names []string) bool {
	for _, name := range names {
		if n.GetPair(name) != nil {
			return true
		}
	}
	return false
}

// placeholder is a value of the right shape for a keyname being added.
func placeholder(v *grammar.Value, ver grammar.Versions, flow bool) string {
	switch v.Kind {
	case grammar.BoolValue:
		return "false"
	case grammar.IntValue, grammar.NumberValue:
		return "0"
	case grammar.RangeValue:
		return "[ 1, 1 ]"
	case grammar.EntityValue:
		if s := v.ShortFor(ver); s != nil {
			return placeholder(s, ver, flow)
		}
		return "{}"
	case grammar.MapOfValue, grammar.MapValue:
		return "{}"
	case grammar.ListOfValue, grammar.ListValue, grammar.NamedListValue:
		return "[]"
	case grammar.StringValue:
		if len(v.Enum) > 0 {
			return grammar.StringScalar(v.Enum[0], flow)
		}
	}
	return `""`
}
