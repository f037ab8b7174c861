package analysis

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// This file holds the grammar walk shared by the structural features
// (document symbols, semantic tokens, folding, code actions): it follows a
// file's tree along the grammar the same way the binder does, and reports
// the keynames, the author-named entries and the function calls it meets.

// grammarWalk visits one file along the grammar.
type grammarWalk struct {
	v grammar.Versions
	// userFuncs are the names (without `$`) of the functions the file declares.
	userFuncs map[string]bool
	// keyword is called for every keyname an entity knows (e is the entity,
	// k its keyname, p the entry).
	keyword func(e *grammar.Entity, k *grammar.Key, p *syntax.Pair)
	// entry is called for every author-named entry of a section (a map of
	// definitions, a list of single-entry maps, an entity's extra keys):
	// section is the keyname holding it ("" for extra keys) and declarer
	// the innermost entity declaring a name around it (a node type, a node
	// template, …; nil at the top).
	entry func(declarer *grammar.Entity, section string, elem *grammar.Value, p *syntax.Pair)
	// call is called for every function call in a free value; fn is nil for
	// user-defined functions.
	call func(p *syntax.Pair, fn *grammar.Function)
}

const maxWalkDepth = 64

// run walks root as a service template.
func (w *grammarWalk) run(root *syntax.Node) {
	w.walk(root, fileValue, nil, "", 0)
}

// isCall reports whether n is a function call: a single-entry map whose key
// is an intrinsic function of the file's version or a declared `$function`.
func (w *grammarWalk) isCall(n *syntax.Node) (*grammar.Function, bool) {
	if n == nil || n.Kind != syntax.Mapping || len(n.Pairs) != 1 {
		return nil, false
	}
	name := n.Pairs[0].Key.Value
	if fn := grammar.FunctionNamed(name, w.v); fn != nil {
		return fn, true
	}
	if w.v.Has(grammar.V2Final) && strings.HasPrefix(name, "$") && w.userFuncs[name[1:]] {
		return nil, true
	}
	return nil, false
}

func (w *grammarWalk) walk(n *syntax.Node, val *grammar.Value, declarer *grammar.Entity, section string, depth int) {
	if n == nil || val == nil || n.Kind == syntax.Null || depth > maxWalkDepth || n.Anchored != nil {
		return
	}
	if _, ok := w.isCall(n); ok && val.Kind != grammar.MapOfValue && val.Kind != grammar.NamedListValue {
		w.value(n, depth+1)
		return
	}
	if n.Kind != syntax.Mapping {
		if s := val.ShortFor(w.v); s != nil && (val.Kind == grammar.EntityValue || val.Kind == grammar.MapOfValue) {
			w.walk(n, s, declarer, section, depth+1)
			return
		}
	}
	switch val.Kind {
	case grammar.AnyValue:
		w.value(n, depth+1)
	case grammar.EntityValue:
		if n.Kind != syntax.Mapping || val.Entity == nil {
			return
		}
		e := val.Entity
		if e.Declares != grammar.NoRef {
			declarer = e
		}
		for _, p := range n.Pairs {
			if p.Merged {
				continue
			}
			k := e.Key(p.Key.Value, w.v)
			if k == nil {
				if extra := e.ExtraFor(w.v); extra != nil {
					if w.entry != nil {
						w.entry(declarer, "", extra, p)
					}
					w.walk(p.Value, extra, declarer, "", depth+1)
				}
				continue
			}
			if w.keyword != nil {
				w.keyword(e, k, p)
			}
			w.walk(p.Value, k.Value, declarer, k.Name, depth+1)
		}
	case grammar.MapOfValue:
		if n.Kind != syntax.Mapping {
			return
		}
		for _, p := range n.Pairs {
			if p.Merged {
				continue
			}
			if w.entry != nil {
				w.entry(declarer, section, val.Elem, p)
			}
			w.walk(p.Value, val.Elem, declarer, section, depth+1)
		}
	case grammar.NamedListValue:
		for _, p := range namedEntries(n) {
			if p.Merged {
				continue
			}
			if w.entry != nil {
				w.entry(declarer, section, val.Elem, p)
			}
			w.walk(p.Value, val.Elem, declarer, section, depth+1)
		}
	case grammar.ListOfValue:
		if n.Kind != syntax.Sequence {
			return
		}
		for _, item := range n.Items {
			w.walk(item, val.Elem, declarer, section, depth+1)
		}
	}
}

// value walks a free-form value looking for function calls.
func (w *grammarWalk) value(n *syntax.Node, depth int) {
	if n == nil || depth > maxWalkDepth || n.Anchored != nil {
		return
	}
	switch n.Kind {
	case syntax.Mapping:
		if fn, ok := w.isCall(n); ok {
			p := n.Pairs[0]
			if w.call != nil {
				w.call(p, fn)
			}
			w.value(p.Value, depth+1)
			return
		}
		for _, p := range n.Pairs {
			if !p.Merged {
				w.value(p.Value, depth+1)
			}
		}
	case syntax.Sequence:
		for _, item := range n.Items {
			w.value(item, depth+1)
		}
	}
}

// userFunctions are the names of the functions a unit declares.
func userFunctions(u *Unit) map[string]bool {
	out := map[string]bool{}
	for _, d := range u.Decls {
		if d.Kind == grammar.UserFunction {
			out[strings.TrimPrefix(d.Name, "$")] = true
		}
	}
	return out
}

// pairSpan covers a mapping entry from its key to the end of its value.
func pairSpan(p *syntax.Pair) text.Span {
	s := text.Span{Start: p.Key.Span.Start, End: p.Key.Span.End}
	if p.Value != nil && p.Value.Anchored == nil && p.Value.Span.End > s.End {
		s.End = p.Value.Span.End
	}
	return s
}

// sameLine reports whether a span stays on one line.
func sameLine(l *text.Lines, s text.Span) bool {
	if s.Len() <= 0 {
		return true
	}
	return l.Line(s.Start) == l.Line(s.End-1)
}

// lineIndent is the leading blanks of the line holding off.
func lineIndent(l *text.Lines, off int) string {
	line := l.LineText(l.Line(off))
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return string(line[:i])
}

// columnOf is the byte column of off in its line.
func columnOf(l *text.Lines, off int) int {
	_, col := l.LineCol(off)
	return col
}

// sourceText is the text of a span.
func sourceText(l *text.Lines, s text.Span) string {
	src := l.Source()
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return ""
	}
	return string(src[s.Start:s.End])
}
