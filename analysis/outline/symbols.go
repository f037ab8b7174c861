package outline

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// SymbolKind classifies a symbol.
type SymbolKind uint8

const (
	SymbolFile SymbolKind = iota + 1
	SymbolModule
	SymbolNamespace
	SymbolPackage
	SymbolClass
	SymbolMethod
	SymbolProperty
	SymbolField
	SymbolInterface
	SymbolFunction
	SymbolVariable
	SymbolObject
	SymbolKey
	SymbolStruct
	SymbolEvent
)

// Symbol is a node of a file's outline.
type Symbol struct {
	Name   string
	Detail string
	Kind   SymbolKind
	// Span is the whole entry, Selection its name.
	Span, Selection text.Span
	Children        []Symbol
}

// maxSymbolDepth bounds how deep members are listed (type → interface →
// operation → input is 4).
const maxSymbolDepth = 6

// DocumentSymbols returns the outline of a document open in the editor.
// The hierarchy follows the file: the sections whose entries declare names
// (type sections, inputs, node templates, …) become groups ("Node Types"),
// each entry a symbol, and the members of an entry (properties,
// requirements, interfaces and their operations, …) its children. The
// topology (`topology_template` / `service_template`) is one symbol
// holding its own groups.
func DocumentSymbols(ctx context.Context, v *model.View, path string) []Symbol {
	u := v.Unit(path)
	if u == nil || u.Tree == nil || u.Facts.Entity(facts.Root) == nil {
		return nil
	}
	root := u.Tree.Root()
	if root == nil || root.Kind != syntax.Mapping {
		return nil
	}
	b := &symbolBuilder{u: u, f: u.Facts}
	return b.container(root, facts.Root, 0)
}

type symbolBuilder struct {
	u *model.Unit
	f *facts.Facts
}

// container lists the groups of entity id, written as mapping n: one per
// keyname that holds entries or entities.
func (b *symbolBuilder) container(n *syntax.Node, id facts.ID, depth int) []Symbol {
	var out []Symbol
	for _, p := range n.Pairs {
		k := b.u.Keyname(p.Key)
		if p.Merged || k == nil {
			continue
		}
		group := Symbol{Name: sectionTitle(k.Name), Kind: SymbolNamespace, Span: pairSpan(p), Selection: p.Key.Span}
		val := k.Value
		switch {
		case isSection(k):
			group.Children = b.entries(id, group.Span, func(key *grammar.Key) bool { return key == k }, depth+1)
		case val.Kind == grammar.ListOfValue && val.Elem != nil && val.Elem.Entity != nil:
			group.Children = b.listItems(id, k, group.Span)
		case val.Kind == grammar.EntityValue && val.Entity != nil:
			sub := b.f.Sub(id, k.Name)
			if isContainer(val.Entity) {
				group.Kind = SymbolModule
				if sub != facts.None && p.Value.Kind == syntax.Mapping && depth < maxSymbolDepth {
					group.Children = b.container(p.Value, sub, depth+1)
				}
				break
			}
			group.Kind = SymbolObject
			if sub != facts.None {
				group.Detail = b.typeDetail(sub)
				group.Children = b.members(sub, group.Span, depth+1)
			}
		default:
			continue
		}
		if group.Kind == SymbolNamespace && len(group.Children) > 0 {
			group.Detail = countDetail(len(group.Children))
		}
		out = append(out, group)
	}
	return out
}

// isSection reports whether a keyname holds author-named entries (a map,
// or a list of single-entry maps).
func isSection(k *grammar.Key) bool {
	return (k.Value.Kind == grammar.MapOfValue || k.Value.Kind == grammar.NamedListValue) && k.Value.Elem != nil
}

// isContainer reports whether an entity holds sections whose entries
// declare names (the file, the topology): its sections become groups.
func isContainer(e *grammar.Entity) bool {
	for _, k := range e.Keys {
		if d := k.Definitions(); d != nil && d.Declares != grammar.NoRef {
			return true
		}
	}
	return false
}

func countDetail(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return strconv.Itoa(n) + " entries"
}

// members lists the named entries of every section of entity id
// (properties, requirements, operations, …), flattened under it.
func (b *symbolBuilder) members(id facts.ID, limit text.Span, depth int) []Symbol {
	if depth > maxSymbolDepth {
		return nil
	}
	return b.entries(id, limit, func(*grammar.Key) bool { return true }, depth)
}

// entries lists, in source order, the named entries of the sections of
// entity id that keep accepts: the entities declared there and the entries
// of sections whose values are not entities (a template's property
// values). Entries copied from elsewhere (merge keys, aliases) are written
// at their anchor, not here: only those inside limit are listed.
func (b *symbolBuilder) entries(id facts.ID, limit text.Span, keep func(*grammar.Key) bool, depth int) []Symbol {
	f := b.f
	var out []Symbol
	for c := range f.Children(id) {
		e := f.Entity(c)
		if e.Name == "" || e.Merged() || !keep(e.Key()) || !within(e.NameSpan.Text(), limit) {
			continue
		}
		section := grammar.SectionOperations // 1.0–1.2 operations written directly in an interface
		if e.Key() != nil {
			section = e.Key().Name
		}
		out = append(out, b.entity(c, section, depth))
	}
	for _, fl := range f.FieldsOf(id) {
		if fl.Key() == nil || !isSection(fl.Key()) || !keep(fl.Key()) {
			continue
		}
		for key, val := range namedValues(f, fl.Value) {
			name := f.Value(key).Span.Text()
			if !within(name, limit) {
				continue
			}
			sym := Symbol{Name: f.Text(key), Kind: symbolKind(nil, fl.Key().Name), Span: name, Selection: name}
			if v := f.Value(val); v != nil {
				sym.Span.End = max(sym.Span.End, int(v.Span.End))
				if v.Kind() == syntax.Scalar {
					sym.Detail = shorten(f.Text(val))
				}
			}
			if sym.Name == "" {
				sym.Name = "(empty)"
			}
			out = append(out, sym)
		}
	}
	slices.SortStableFunc(out, func(x, y Symbol) int { return x.Selection.Start - y.Selection.Start })
	return out
}

// namedValues iterates over the entries of a map value, or of a list of
// single-entry maps, as key and value.
func namedValues(f *facts.Facts, v facts.ValueID) func(yield func(facts.ValueID, facts.ValueID) bool) {
	return func(yield func(facts.ValueID, facts.ValueID) bool) {
		if val := f.Value(v); val != nil && val.Kind() == syntax.Sequence {
			for _, item := range f.Items(v) {
				if it := f.Value(item); it.Kind() != syntax.Mapping || it.N() != 2 {
					continue
				}
				for k, val := range f.Pairs(item) {
					if !yield(k, val) {
						return
					}
				}
			}
			return
		}
		for k, val := range f.Pairs(v) {
			if !yield(k, val) {
				return
			}
		}
	}
}

// entity is the symbol of a named entity of section, with its members.
func (b *symbolBuilder) entity(id facts.ID, section string, depth int) Symbol {
	e := b.f.Entity(id)
	sym := Symbol{Name: e.Name, Kind: symbolKind(e.G(), section), Span: e.NameSpan.Text(), Selection: e.NameSpan.Text()}
	sym.Span.End = max(sym.Span.End, int(e.Span.End))
	if e.Short() {
		sym.Detail = shorten(b.shortText(id))
		return sym
	}
	sym.Detail = b.typeDetail(id)
	sym.Children = b.members(id, sym.Span, depth+1)
	return sym
}

// shortText is the scalar an entity was written as in its short notation
// ("" when it was not a scalar).
func (b *symbolBuilder) shortText(id facts.ID) string {
	for _, fl := range b.f.FieldsOf(id) {
		return b.f.ScalarText(fl.Value)
	}
	return ""
}

// typeDetail is what an entity is: the parent of a type, the type of a
// template or definition, else its first reference (a requirement's
// capability or node).
func (b *symbolBuilder) typeDetail(id facts.ID) string {
	g := b.f.Entity(id).G()
	if g == nil {
		return ""
	}
	if g.Declares.IsType() {
		return b.f.FieldText(id, grammar.KeyDerivedFrom)
	}
	if g.TypeKey != "" {
		if t := b.f.TypeText(id, g.TypeKey); t != "" {
			return t
		}
	}
	for _, k := range g.Keys {
		if k.Value.Kind == grammar.RefValue {
			if t := b.f.FieldText(id, k.Name); t != "" {
				return t
			}
		}
	}
	return ""
}

// listItems lists the items of a list of entities (imports): each is named
// by the first name it refers to (an import's url, file or profile), its
// other scalar keynames being its detail.
func (b *symbolBuilder) listItems(parent facts.ID, k *grammar.Key, limit text.Span) []Symbol {
	f := b.f
	kind := SymbolKey
	if k.Name == grammar.KeyImports {
		kind = SymbolFile
	}
	var out []Symbol
	for c := range f.Children(parent) {
		e := f.Entity(c)
		span := e.Span.Text()
		if e.Key() != k || e.Merged() || !within(span, limit) {
			continue
		}
		sym := Symbol{Kind: kind, Span: span, Selection: span}
		var details []string
		for _, fl := range f.FieldsOf(c) {
			val := f.Value(fl.Value)
			if fl.Key() == nil || val == nil || val.Kind() != syntax.Scalar {
				continue
			}
			if sym.Name == "" && fl.Key().Value.Kind == grammar.RefValue {
				sym.Name, sym.Selection = f.Text(fl.Value), val.Span.Text()
				continue
			}
			if !e.Short() && fl.Key().Name != grammar.KeyDescription {
				details = append(details, fl.Key().Name+": "+f.Text(fl.Value))
			}
		}
		if sym.Name == "" {
			// 1.0/1.1 named import: `- name: path` or `- name: {file: …}`.
			for named := range f.Children(c) {
				if ne := f.Entity(named); ne.Name != "" {
					sym.Name, sym.Selection = ne.Name, ne.NameSpan.Text()
					details = nil
					if ne.Short() {
						details = append(details, b.shortText(named))
					}
					break
				}
			}
		}
		sym.Detail = strings.Join(details, ", ")
		if sym.Name == "" {
			sym.Name = "(empty)"
		}
		out = append(out, sym)
	}
	return out
}

// shorten keeps a value readable in an outline.
func shorten(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i] + "…"
	}
	if utf8.RuneCountInString(s) > 60 {
		r := []rune(s)
		s = string(r[:59]) + "…"
	}
	return s
}

// sectionTitle turns a keyname into a group title: node_types → "Node Types".
func sectionTitle(key string) string {
	words := strings.FieldsFunc(key, func(r rune) bool { return r == '_' || r == '-' })
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// sectionKinds are the symbol kinds of the entries of member sections.
var sectionKinds = map[string]SymbolKind{
	grammar.SectionProperties:    SymbolProperty,
	grammar.SectionAttributes:    SymbolField,
	grammar.SectionRequirements:  SymbolField,
	grammar.SectionCapabilities:  SymbolEvent,
	grammar.SectionInterfaces:    SymbolInterface,
	grammar.SectionOperations:    SymbolMethod,
	grammar.SectionNotifications: SymbolEvent,
	grammar.SectionArtifacts:     SymbolFile,
	grammar.SectionInputs:        SymbolVariable,
	grammar.SectionOutputs:       SymbolVariable,
	grammar.KeySteps:             SymbolFunction,
	grammar.SectionTriggers:      SymbolEvent,
}

// symbolKind is the kind of an entry: by what it declares, else by the
// section holding it.
func symbolKind(e *grammar.Entity, section string) SymbolKind {
	if e != nil && e.Declares != grammar.NoRef {
		return DeclSymbolKind(e.Declares)
	}
	if k, ok := sectionKinds[section]; ok {
		return k
	}
	return SymbolKey
}

// DeclSymbolKind is the symbol kind of a declared name (of its
// declaration in the outline, and of a type in the type hierarchy).
func DeclSymbolKind(k grammar.RefKind) SymbolKind {
	switch k {
	case grammar.DataType:
		return SymbolStruct
	case grammar.InterfaceType:
		return SymbolInterface
	case grammar.NodeTemplate, grammar.RelationshipTemplate, grammar.Group, grammar.Policy:
		return SymbolObject
	case grammar.Input, grammar.Output, grammar.VariabilityInput, grammar.HeatParameter, grammar.HeatOutput:
		return SymbolVariable
	case grammar.HeatResource:
		return SymbolObject
	case grammar.VariabilityExpression, grammar.HeatCondition:
		return SymbolFunction
	case grammar.Repository:
		return SymbolPackage
	case grammar.HeatResourceType:
		return SymbolClass
	case grammar.Workflow, grammar.UserFunction:
		return SymbolFunction
	}
	if k.IsType() {
		return SymbolClass
	}
	return SymbolKey
}
