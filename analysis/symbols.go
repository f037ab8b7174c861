package analysis

import (
	"context"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/profiles"
)

// DocumentSymbols returns the outline of a file. The hierarchy follows the
// grammar: the sections of the file whose entries declare names (type
// sections, inputs, node templates, …) become groups ("Node Types"), each
// entry a symbol, and the members of an entry (properties, requirements,
// interfaces and their operations, …) its children. The topology
// (`topology_template` / `service_template`) is one symbol holding its own
// groups, as in the file.
func DocumentSymbols(ctx context.Context, snap *index.Snapshot, path string) []Symbol {
	f := snap.File(path)
	if f == nil || f.Dialect != index.TOSCA {
		return nil
	}
	root := f.Root()
	if root == nil || root.Kind != syntax.Mapping {
		return nil
	}
	b := &symbolBuilder{f: f, v: versionsOf(f)}
	return b.container(root, grammar.ServiceTemplate, 0)
}

type symbolBuilder struct {
	f *index.File
	v grammar.Versions
}

// maxSymbolDepth bounds how deep members are listed (type → interface →
// operation → input is 4).
const maxSymbolDepth = 6

// isContainer reports whether an entity holds sections whose entries
// declare names (the file root, the topology): its sections become groups.
func isContainer(e *grammar.Entity) bool {
	for _, k := range e.Keys {
		v := k.Value
		if (v.Kind == grammar.MapOfValue || v.Kind == grammar.NamedListValue) && v.Elem != nil && v.Elem.Entity != nil && v.Elem.Entity.Declares != grammar.NoRef {
			return true
		}
	}
	return false
}

// container lists the groups of a container entity.
func (b *symbolBuilder) container(n *syntax.Node, e *grammar.Entity, depth int) []Symbol {
	if n.Anchored != nil {
		return nil
	}
	var out []Symbol
	for _, p := range n.Pairs {
		if p.Merged {
			continue
		}
		k := e.Key(p.Key.Value, b.v)
		if k == nil {
			continue
		}
		val := k.Value
		group := Symbol{
			Name:      sectionTitle(k.Name),
			Kind:      SymbolNamespace,
			Span:      pairSpan(p),
			Selection: p.Key.Span,
		}
		switch {
		case (val.Kind == grammar.MapOfValue || val.Kind == grammar.NamedListValue) && val.Elem != nil:
			group.Children = b.entries(p.Value, val, k.Name, depth+1)
		case val.Kind == grammar.ListOfValue && val.Elem != nil && entityOrShort(val.Elem) != nil:
			group.Children = b.listItems(p.Value, val.Elem, k.Name)
		case val.Kind == grammar.EntityValue && val.Entity != nil && isContainer(val.Entity):
			group.Kind = SymbolModule
			if p.Value.Kind == syntax.Mapping {
				group.Children = b.container(p.Value, val.Entity, depth+1)
			}
		case val.Kind == grammar.EntityValue && val.Entity != nil:
			group.Kind = SymbolObject
			if p.Value.Kind == syntax.Mapping {
				group.Detail = typeDetail(p.Value, val.Entity)
				group.Children = b.members(p.Value, val.Entity, depth+1)
			}
		default:
			continue
		}
		if group.Detail == "" && len(group.Children) > 0 && group.Kind == SymbolNamespace {
			group.Detail = countDetail(len(group.Children))
		}
		out = append(out, group)
	}
	return out
}

func countDetail(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return strconv.Itoa(n) + " entries"
}

// entries lists the author-named entries of a map (or named list) section.
func (b *symbolBuilder) entries(n *syntax.Node, val *grammar.Value, section string, depth int) []Symbol {
	// A mapping where a named list is expected is still listed: the
	// outline shows what is written, diagnostics say what is wrong. The
	// entries of an alias are written at the anchor, not here.
	if n == nil || n.Anchored != nil {
		return nil
	}
	var out []Symbol
	for _, p := range namedEntries(n) {
		if p.Merged {
			continue
		}
		out = append(out, b.entry(p, val.Elem, section, depth))
	}
	return out
}

// listItems lists the items of a list of entities (imports).
func (b *symbolBuilder) listItems(n *syntax.Node, elem *grammar.Value, section string) []Symbol {
	if n == nil || n.Kind != syntax.Sequence {
		return nil
	}
	var out []Symbol
	for _, item := range n.Items {
		if item.Anchored != nil {
			continue
		}
		sym := Symbol{Span: item.Span, Selection: item.Span, Kind: SymbolKey}
		if section == "imports" {
			sym.Kind = SymbolFile
		}
		switch item.Kind {
		case syntax.Scalar:
			sym.Name = item.Value
		case syntax.Mapping:
			e := entityOrShort(elem)
			// The name is the first reference the item holds (an import's
			// url, file or profile); the other scalar keynames are its detail.
			var details []string
			for _, p := range item.Pairs {
				var k *grammar.Key
				if e != nil {
					k = e.Key(p.Key.Value, b.v)
				}
				if k != nil && k.Value.Kind == grammar.RefValue && sym.Name == "" && p.Value.Kind == syntax.Scalar {
					sym.Name = p.Value.Value
					sym.Selection = p.Value.Span
					continue
				}
				if p.Value.Kind == syntax.Scalar && (k == nil || k.Name != "description") {
					details = append(details, p.Key.Value+": "+p.Value.Value)
				}
			}
			if sym.Name == "" && len(item.Pairs) > 0 {
				// 1.0/1.1 named imports: `- name: path`.
				p := item.Pairs[0]
				sym.Name = p.Key.Value
				sym.Selection = p.Key.Span
				details = nil
				if p.Value.Kind == syntax.Scalar {
					details = append(details, p.Value.Value)
				}
			}
			sym.Detail = strings.Join(details, ", ")
		default:
			continue
		}
		if sym.Name == "" {
			sym.Name = "(empty)"
		}
		out = append(out, sym)
	}
	return out
}

// entry is the symbol of one named entry, with its members as children.
func (b *symbolBuilder) entry(p *syntax.Pair, elem *grammar.Value, section string, depth int) Symbol {
	e := entityOrShort(elem)
	sym := Symbol{
		Name:      p.Key.Value,
		Kind:      symbolKind(e, section),
		Span:      pairSpan(p),
		Selection: p.Key.Span,
	}
	if sym.Name == "" {
		sym.Name = "(empty)"
	}
	n := p.Value
	switch {
	case n.Kind == syntax.Mapping && e != nil:
		sym.Detail = typeDetail(n, e)
		if depth < maxSymbolDepth {
			sym.Children = b.members(n, e, depth+1)
		}
	case n.Kind == syntax.Scalar:
		sym.Detail = shorten(n.Value)
	}
	return sym
}

// members lists the named entries of an entity's sections (properties,
// requirements, operations, …), flattened under the entity.
func (b *symbolBuilder) members(n *syntax.Node, e *grammar.Entity, depth int) []Symbol {
	if n.Anchored != nil {
		return nil
	}
	var out []Symbol
	for _, p := range n.Pairs {
		if p.Merged {
			continue
		}
		k := e.Key(p.Key.Value, b.v)
		if k == nil {
			// 1.0–1.2 interfaces hold their operations directly.
			if extra := e.ExtraFor(b.v); extra != nil {
				out = append(out, b.entry(p, extra, "operations", depth))
			}
			continue
		}
		val := k.Value
		if (val.Kind == grammar.MapOfValue || val.Kind == grammar.NamedListValue) && val.Elem != nil {
			out = append(out, b.entries(p.Value, val, k.Name, depth)...)
		}
	}
	return out
}

// entityOrShort is the entity a value describes, if any.
func entityOrShort(v *grammar.Value) *grammar.Entity {
	if v != nil && v.Kind == grammar.EntityValue {
		return v.Entity
	}
	return nil
}

// typeDetail is what an entry is: the parent of a type, the type of a
// template or definition, else its first reference (a requirement's
// capability or node).
func typeDetail(n *syntax.Node, e *grammar.Entity) string {
	if e.Declares.IsType() {
		return n.Get("derived_from").Text()
	}
	if e.TypeKey != "" {
		if t := n.Get(e.TypeKey).Text(); t != "" {
			return t
		}
	}
	for _, k := range e.Keys {
		if k.Value.Kind == grammar.RefValue {
			if t := n.Get(k.Name).Text(); t != "" {
				return t
			}
		}
	}
	return ""
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

// symbolKind maps what an entry declares (or the section holding it) to a
// symbol kind.
func symbolKind(e *grammar.Entity, section string) SymbolKind {
	if e != nil && e.Declares != grammar.NoRef {
		return declKind(e.Declares)
	}
	switch section {
	case "properties":
		return SymbolProperty
	case "attributes":
		return SymbolField
	case "requirements":
		return SymbolField
	case "capabilities":
		return SymbolEvent
	case "interfaces":
		return SymbolInterface
	case "operations":
		return SymbolMethod
	case "notifications":
		return SymbolEvent
	case "artifacts":
		return SymbolFile
	case "inputs", "outputs":
		return SymbolVariable
	case "steps":
		return SymbolFunction
	case "triggers":
		return SymbolEvent
	}
	return SymbolKey
}

// declKind is the symbol kind of a declared name.
func declKind(k grammar.RefKind) SymbolKind {
	switch k {
	case grammar.DataType:
		return SymbolStruct
	case grammar.InterfaceType:
		return SymbolInterface
	case grammar.ArtifactType, grammar.CapabilityType, grammar.RelationshipType, grammar.NodeType, grammar.GroupType, grammar.PolicyType:
		return SymbolClass
	case grammar.NodeTemplate, grammar.RelationshipTemplate, grammar.Group, grammar.Policy:
		return SymbolObject
	case grammar.Input, grammar.Output:
		return SymbolVariable
	case grammar.Repository:
		return SymbolPackage
	case grammar.Workflow, grammar.UserFunction:
		return SymbolFunction
	}
	return SymbolKey
}

// maxWorkspaceSymbols caps a workspace symbol answer.
const maxWorkspaceSymbols = 200

// WorkspaceSymbols finds declared names (types, templates, inputs, …) in
// every file of the snapshot, profiles included, by fuzzy match: exact
// names first, then prefixes, substrings and subsequences.
func WorkspaceSymbols(ctx context.Context, snap *index.Snapshot, query string) []WorkspaceSymbol {
	a := For(snap)
	q := strings.ToLower(strings.TrimSpace(query))
	type candidate struct {
		sym      WorkspaceSymbol
		rank     int
		gaps     int
		embedded bool
	}
	var found []candidate
	relevant := relevantProfileDirs(snap)
	for _, path := range snap.Paths() {
		if ctx.Err() != nil {
			return nil
		}
		f := snap.File(path)
		if f == nil || f.Dialect != index.TOSCA {
			continue
		}
		if f.Embedded && relevant != nil && !relevant[filepath.Dir(path)] {
			continue
		}
		a.mu.Lock()
		decls := a.declsOf(f)
		a.mu.Unlock()
		if len(decls) == 0 {
			continue
		}
		container := ""
		for _, d := range decls {
			rank, gaps, ok := fuzzyRank(q, d.Name)
			if !ok {
				continue
			}
			if container == "" {
				container = fileContainer(f)
			}
			found = append(found, candidate{
				sym:      WorkspaceSymbol{Name: d.Name, Kind: declKind(d.Kind), Container: container, Location: d.Location()},
				rank:     rank,
				gaps:     gaps,
				embedded: f.Embedded,
			})
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		x, y := found[i], found[j]
		switch {
		case x.rank != y.rank:
			return x.rank < y.rank
		case x.gaps != y.gaps:
			return x.gaps < y.gaps
		case x.embedded != y.embedded:
			return !x.embedded
		case len(x.sym.Name) != len(y.sym.Name):
			return len(x.sym.Name) < len(y.sym.Name)
		case x.sym.Name != y.sym.Name:
			return x.sym.Name < y.sym.Name
		}
		return x.sym.Location.Path < y.sym.Location.Path
	})
	if len(found) > maxWorkspaceSymbols {
		found = found[:maxWorkspaceSymbols]
	}
	out := make([]WorkspaceSymbol, len(found))
	for i, c := range found {
		out[i] = c.sym
	}
	return out
}

// relevantProfileDirs are the folders of the embedded profiles the
// workspace uses (imported, or implicit for the TOSCA versions of its
// files), so that a 2.0 workspace does not list the 1.x normative types.
// nil means every profile (a workspace without TOSCA files of its own).
func relevantProfileDirs(snap *index.Snapshot) map[string]bool {
	dirs := map[string]bool{}
	own := false
	for _, path := range snap.Paths() {
		f := snap.File(path)
		if f == nil || f.Embedded || f.Dialect != index.TOSCA {
			continue
		}
		own = true
		for _, p := range snap.Implicit(f) {
			dirs[filepath.Dir(p)] = true
		}
		for _, l := range snap.Links(path) {
			if t := snap.File(l.Path); t != nil && t.Embedded {
				dirs[filepath.Dir(l.Path)] = true
			}
		}
	}
	if !own {
		return nil
	}
	return dirs
}

// fileContainer names the file a workspace symbol comes from: the profile
// name for the embedded profiles, else the file's base name.
func fileContainer(f *index.File) string {
	if f.Embedded {
		dir := filepath.Base(filepath.Dir(f.Path))
		for _, p := range profiles.All() {
			if p.Dir == dir {
				return p.Name
			}
		}
	}
	return filepath.Base(f.Path)
}

// Match ranks, best first.
const (
	rankExact = iota
	rankExactSegment
	rankPrefix
	rankSegmentPrefix
	rankSubstring
	rankSubsequence
)

// fuzzyRank matches a lower-cased query against a name, case-insensitively:
// exact > exact last segment (`compute` for tosca.nodes.Compute) > prefix >
// prefix of the last segment > substring > subsequence. gaps orders
// subsequence matches (fewer skipped characters first). An empty query
// matches everything.
func fuzzyRank(q, name string) (rank, gaps int, ok bool) {
	if q == "" {
		return rankSubsequence, 0, true
	}
	lower := strings.ToLower(name)
	seg := lower
	if i := strings.LastIndexAny(lower, ".:"); i >= 0 {
		seg = lower[i+1:]
	}
	switch {
	case lower == q:
		return rankExact, 0, true
	case seg == q:
		return rankExactSegment, 0, true
	case strings.HasPrefix(lower, q):
		return rankPrefix, len(lower) - len(q), true
	case strings.HasPrefix(seg, q):
		return rankSegmentPrefix, len(seg) - len(q), true
	case strings.Contains(lower, q):
		return rankSubstring, strings.Index(lower, q), true
	}
	// Subsequence: every query character in order.
	i, first, last := 0, -1, -1
	for j := 0; j < len(lower) && i < len(q); j++ {
		if lower[j] == q[i] {
			if first < 0 {
				first = j
			}
			last = j
			i++
		}
	}
	if i < len(q) {
		return 0, 0, false
	}
	return rankSubsequence, (last - first + 1) - len(q), true
}
