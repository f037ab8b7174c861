package hover

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Hovers show the values written in a definition on one line each, in YAML
// flow style, read from the file's facts (so closed files render too).

// maxFlow bounds the bytes of one rendered value.
const maxFlow = 100

// keyItem is one keyname written in an entity: a field, the entities held
// by one keyname, or an entry written directly in the entity (key nil).
type keyItem struct {
	pos      uint32
	key      *grammar.Key
	name     string
	field    facts.ValueID
	entities []facts.ID
}

// writtenKeys lists the keynames written in entity id, in source order.
func writtenKeys(f *facts.Facts, id facts.ID) []keyItem {
	var items []keyItem
	for _, fl := range f.FieldsOf(id) {
		if fl.Key != nil {
			items = append(items, keyItem{pos: fl.KeySpan.Start, key: fl.Key, name: fl.Key.Name, field: fl.Value})
		}
	}
	groups := map[*grammar.Key]int{}
	for c := range f.Children(id) {
		ce := f.Entity(c)
		pos := ce.Span.Start
		if ce.Name != "" {
			pos = ce.NameSpan.Start
		}
		if ce.Key == nil {
			items = append(items, keyItem{pos: pos, name: ce.Name, field: facts.NoValue, entities: []facts.ID{c}})
			continue
		}
		if i, ok := groups[ce.Key]; ok {
			items[i].entities = append(items[i].entities, c)
			continue
		}
		groups[ce.Key] = len(items)
		items = append(items, keyItem{pos: pos, key: ce.Key, name: ce.Key.Name, field: facts.NoValue, entities: []facts.ID{c}})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].pos < items[j].pos })
	return items
}

// flowItem renders the value of a keyname written in an entity.
func flowItem(f *facts.Facts, it keyItem) string {
	w := &flowWriter{f: f}
	w.item(it)
	return w.String()
}

// flowValue renders a value.
func flowValue(f *facts.Facts, v facts.ValueID) string {
	w := &flowWriter{f: f}
	w.value(v)
	return w.String()
}

func isScalar(f *facts.Facts, v facts.ValueID) bool {
	val := f.Value(v)
	return val != nil && val.Kind == syntax.Scalar
}

// flowWriter writes values in flow style and stops once past maxFlow bytes.
type flowWriter struct {
	f *facts.Facts
	b strings.Builder
}

func (w *flowWriter) full() bool { return w.b.Len() > maxFlow }

// String is what was written, cut at maxFlow bytes (on a rune boundary),
// with backquotes turned into quotes so that it fits in markdown code.
func (w *flowWriter) String() string {
	s := w.b.String()
	if len(s) > maxFlow {
		cut := maxFlow
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strings.ReplaceAll(s, "`", "'")
}

func (w *flowWriter) value(v facts.ValueID) {
	if w.full() {
		return
	}
	val := w.f.Value(v)
	switch {
	case val == nil || val.Kind == syntax.Null:
		w.b.WriteString("null")
	case val.Kind == syntax.Scalar:
		s := w.f.Text(v)
		if s == "" || strings.ContainsAny(s, ",:{}[]\n") && val.Style != syntax.Plain {
			fmt.Fprintf(&w.b, "%q", s)
		} else {
			w.b.WriteString(strings.ReplaceAll(s, "\n", " "))
		}
	case val.Kind == syntax.Mapping:
		w.b.WriteString("{")
		first := true
		for k, x := range w.f.Pairs(v) {
			w.sep(&first)
			w.b.WriteString(w.f.Text(k))
			w.b.WriteString(": ")
			w.value(x)
		}
		w.b.WriteString("}")
	case val.Kind == syntax.Sequence:
		w.b.WriteString("[")
		for i, x := range w.f.Items(v) {
			if i > 0 {
				w.b.WriteString(", ")
			}
			w.value(x)
		}
		w.b.WriteString("]")
	}
}

func (w *flowWriter) sep(first *bool) {
	if !*first {
		w.b.WriteString(", ")
	}
	*first = false
}

// item writes a keyname's value: its field, or the entities it holds.
func (w *flowWriter) item(it keyItem) {
	if it.field != facts.NoValue {
		w.value(it.field)
		return
	}
	kind := grammar.EntityValue
	if it.key != nil && it.key.Value != nil {
		kind = it.key.Value.Kind
	}
	switch kind {
	case grammar.ListOfValue:
		w.b.WriteString("[")
		for i, c := range it.entities {
			if i > 0 {
				w.b.WriteString(", ")
			}
			w.entity(c)
		}
		w.b.WriteString("]")
	case grammar.MapOfValue, grammar.NamedListValue:
		w.b.WriteString("{")
		for i, c := range it.entities {
			if i > 0 {
				w.b.WriteString(", ")
			}
			w.b.WriteString(w.f.Entity(c).Name)
			w.b.WriteString(": ")
			w.entity(c)
		}
		w.b.WriteString("}")
	default:
		w.entity(it.entities[0])
	}
}

// entity writes an entity: its short value, or its keynames as a mapping.
func (w *flowWriter) entity(id facts.ID) {
	if w.full() {
		return
	}
	if w.f.Entity(id).Short {
		if fields := w.f.FieldsOf(id); len(fields) > 0 {
			w.value(fields[0].Value)
			return
		}
	}
	w.b.WriteString("{")
	first := true
	for _, it := range writtenKeys(w.f, id) {
		w.sep(&first)
		w.b.WriteString(it.name)
		w.b.WriteString(": ")
		w.item(it)
	}
	w.b.WriteString("}")
}
