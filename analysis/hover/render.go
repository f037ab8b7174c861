package hover

import (
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
		if fl.Key() != nil {
			items = append(items, keyItem{pos: f.KeySpan(fl).Start, key: fl.Key(), name: fl.Key().Name, field: fl.Value})
		}
	}
	groups := map[*grammar.Key]int{}
	for c := range f.Children(id) {
		ce := f.Entity(c)
		pos := ce.Span.Start
		if ce.Name != "" {
			pos = ce.NameSpan.Start
		}
		if ce.Key() == nil {
			items = append(items, keyItem{pos: pos, name: ce.Name, field: facts.NoValue, entities: []facts.ID{c}})
			continue
		}
		if i, ok := groups[ce.Key()]; ok {
			items[i].entities = append(items[i].entities, c)
			continue
		}
		groups[ce.Key()] = len(items)
		items = append(items, keyItem{pos: pos, key: ce.Key(), name: ce.Key().Name, field: facts.NoValue, entities: []facts.ID{c}})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].pos < items[j].pos })
	return items
}

// flowItem renders the value of a keyname written in an entity.
func flowItem(f *facts.Facts, it keyItem) string {
	w := newFlowWriter(f)
	w.item(it)
	return w.String()
}

// flowValue renders a value.
func flowValue(f *facts.Facts, v facts.ValueID) string {
	w := newFlowWriter(f)
	w.Value(v)
	return w.String()
}

func isScalar(f *facts.Facts, v facts.ValueID) bool {
	val := f.Value(v)
	return val != nil && val.Kind() == syntax.Scalar
}

// flowWriter writes values, and the keynames of entities, in flow style.
type flowWriter struct {
	facts.FlowWriter
}

func newFlowWriter(f *facts.Facts) *flowWriter {
	return &flowWriter{facts.FlowWriter{F: f, Limit: maxFlow}}
}

// String is what was written, with backquotes turned into quotes so that
// it fits in markdown code.
func (w *flowWriter) String() string {
	return strings.ReplaceAll(w.FlowWriter.String(), "`", "'")
}

// item writes a keyname's value: its field, or the entities it holds.
func (w *flowWriter) item(it keyItem) {
	if it.field != facts.NoValue {
		w.Value(it.field)
		return
	}
	kind := grammar.EntityValue
	if it.key != nil && it.key.Value != nil {
		kind = it.key.Value.Kind
	}
	switch kind {
	case grammar.ListOfValue:
		w.WriteString("[")
		for i, c := range it.entities {
			if i > 0 {
				w.WriteString(", ")
			}
			w.entity(c)
		}
		w.WriteString("]")
	case grammar.MapOfValue, grammar.NamedListValue:
		w.WriteString("{")
		for i, c := range it.entities {
			if i > 0 {
				w.WriteString(", ")
			}
			w.WriteString(w.F.Entity(c).Name)
			w.WriteString(": ")
			w.entity(c)
		}
		w.WriteString("}")
	default:
		w.entity(it.entities[0])
	}
}

// entity writes an entity: its short value, or its keynames as a mapping.
func (w *flowWriter) entity(id facts.ID) {
	if w.Full() {
		return
	}
	if w.F.Entity(id).Short() {
		if fields := w.F.FieldsOf(id); len(fields) > 0 {
			w.Value(fields[0].Value)
			return
		}
	}
	w.WriteString("{")
	first := true
	for _, it := range writtenKeys(w.F, id) {
		w.Sep(&first)
		w.WriteString(it.name)
		w.WriteString(": ")
		w.item(it)
	}
	w.WriteString("}")
}
