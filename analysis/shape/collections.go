package shape

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// list is a value of a list type: its entries follow its entry schema.
type list struct{ base }

func (l *list) block() bool { return true }

func (l *list) entry() model.ValueDef { return l.e.V.Entry(l.def) }

func (l *list) Part(off int) Shape {
	if it, _, ok := l.e.itemAt(l.id, off); ok {
		return l.child(it, l.entry())
	}
	return nil
}

// Hover describes the list between its entries (on an entry's dash):
// what its entries follow.
func (l *list) Hover(off int) *Hover {
	if !l.e.holds(l.id, off) {
		return nil
	}
	var md strings.Builder
	fmt.Fprintf(&md, "**list** of `%s`\n\n", l.e.typeName(l.entry().Type))
	l.e.describeEntries(&md, l.def, l.entry())
	return &Hover{Span: l.e.dashSpan(l.id, off), Markdown: md.String()}
}

// Definition between the entries locates the entry schema.
func (l *list) Definition(off int) []model.Location {
	if d := l.entry().Def; l.e.holds(l.id, off) && d.Valid() {
		return []model.Location{l.e.V.Location(d)}
	}
	return nil
}

// Complete offers, for a new entry (or one written in a flow list), what
// an entry may be: the fields of a complex entry, the values of a scalar
// one; a key written where the list goes is a call.
func (l *list) Complete(q *Query) {
	switch {
	case q.NewItem || !q.Key:
		entry := l.child(facts.NoValue, l.entry())
		eq := *q
		eq.Key, eq.NewItem, eq.Present = q.NewItem, false, map[string]bool{}
		if _, ok := entry.(*complexValue); !ok && q.NewItem {
			eq.Key = false
		}
		entry.Complete(&eq)
		q.Items = eq.Items
	case len(q.Present) == 0:
		q.Functions(grammar.ArgAny, true)
	}
}

func (l *list) Tokens(func(Token)) {}

func (l *list) Snippet(w *Writer) {
	entry := l.child(facts.NoValue, l.entry())
	if w.Flow {
		w.punct("[ ")
		entry.Snippet(w)
		w.punct(" ]")
		return
	}
	w.Item(entry)
}

// dict is a value of a map type: its keys follow its key schema (strings
// without one), its values its entry schema.
type dict struct{ base }

func (d *dict) block() bool { return true }

func (d *dict) Part(off int) Shape {
	if _, val, onKey, ok := d.e.pairAt(d.id, off); ok && !onKey {
		return d.child(val, d.e.V.Entry(d.def))
	}
	return nil
}

// Hover on a key says what the map's keys and entries are.
func (d *dict) Hover(off int) *Hover {
	key, _, onKey, ok := d.e.pairAt(d.id, off)
	if !ok || !onKey {
		return nil
	}
	e := d.e
	entry := e.V.Entry(d.def)
	keys := "string"
	if ks := e.V.KeySchema(d.def.Def); ks.Valid() {
		keys = e.typeName(e.V.TypeOf(ks))
	}
	var md strings.Builder
	fmt.Fprintf(&md, "**key** `%s` of a map of `%s` to `%s`\n\n", mdCode(e.F.Text(key)), keys, e.typeName(entry.Type))
	e.describeEntries(&md, d.def, entry)
	return &Hover{Span: e.F.Value(key).Span.Text(), Markdown: md.String()}
}

// Definition on a key locates the entry schema.
func (d *dict) Definition(off int) []model.Location {
	if _, _, onKey, ok := d.e.pairAt(d.id, off); ok && onKey {
		if s := d.e.V.Entry(d.def).Def; s.Valid() {
			return []model.Location{d.e.V.Location(s)}
		}
	}
	return nil
}

// Complete: a key of a map may be anything its key schema allows; a map
// with no key yet may be a call.
func (d *dict) Complete(q *Query) {
	if !q.Key {
		q.Functions(grammar.ArgAny, false)
		return
	}
	if ks := d.e.V.KeySchema(d.def.Def); ks.Valid() {
		d.e.Values(q, model.ValueDef{Def: ks, Type: d.e.V.TypeOf(ks)})
	}
	if len(q.Present) == 0 {
		q.Functions(grammar.ArgAny, true)
	}
}

func (d *dict) Tokens(func(Token)) {}

func (d *dict) Snippet(w *Writer) {
	entry := d.child(facts.NoValue, d.e.V.Entry(d.def))
	if w.Flow {
		w.punct("{ ")
		w.Placeholder("key")
		w.Value(entry)
		w.punct(" }")
		return
	}
	w.Placeholder("key")
	w.Value(entry)
}

// describeEntries says what the entries of a list or map value follow.
func (e *Env) describeEntries(md *strings.Builder, def, entry model.ValueDef) {
	if entry.Def.Valid() {
		fmt.Fprintf(md, "Entries follow the entry schema `%s` of %s\n\n", e.typeName(entry.Type), e.what(def.Def))
	}
	if def.Def.Valid() {
		e.describeDef(md, def)
	}
}

// dashSpan is the dash of a block list's entry at off, else the whole
// value id: what a hover between entries is about.
func (e *Env) dashSpan(id facts.ValueID, off int) text.Span {
	if src := e.F.Src; off < len(src) && src[off] == '-' {
		return text.Span{Start: off, End: off + 1}
	}
	return e.F.Value(id).Span.Text()
}

// operands are the list of operands of a constraint clause (`in_range`,
// `valid_values`): each a value of what the clause constrains.
type operands struct{ base }

func (o *operands) Part(off int) Shape {
	if it, _, ok := o.e.itemAt(o.id, off); ok {
		return o.child(it, o.def)
	}
	return nil
}

func (o *operands) Hover(int) *Hover                { return nil }
func (o *operands) Definition(int) []model.Location { return nil }
func (o *operands) Tokens(func(Token))              {}
func (o *operands) Snippet(w *Writer)               { w.Stop() }
func (o *operands) Complete(q *Query)               { o.e.Values(q, o.def) }
