package analysis

import (
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Decl is a declared name: a type, a template, an input, a repository, …
type Decl struct {
	Kind grammar.RefKind
	Name string
	File *index.File
	// Key is the name as written; Node the definition's value.
	Key    *syntax.Node
	Node   *syntax.Node
	Entity *grammar.Entity
	// Versions is the dialect of the declaring file.
	Versions grammar.Versions
}

// Location is where the name is written.
func (d *Decl) Location() Location { return Location{Path: d.File.Path, Span: d.Key.Span} }

// Scope holds the type names visible in one file: its own, and those of
// every import, qualified by the import's namespace prefix, transitively.
type Scope struct {
	types map[grammar.RefKind]map[string]*Decl
	// mutedPrefixes are namespaces (and "" for unprefixed names) that an
	// unresolved import may fill: unknown names there are not reported.
	mutedPrefixes map[string]bool
	// conflicts are names bound to two different declarations.
	conflicts []conflict
}

type conflict struct {
	name          string
	first, second *Decl
}

func newScope() *Scope {
	return &Scope{types: map[grammar.RefKind]map[string]*Decl{}, mutedPrefixes: map[string]bool{}}
}

func (s *Scope) add(name string, d *Decl) {
	m := s.types[d.Kind]
	if m == nil {
		m = map[string]*Decl{}
		s.types[d.Kind] = m
	}
	if prev, ok := m[name]; ok {
		if prev != d {
			s.conflicts = append(s.conflicts, conflict{name, prev, d})
		}
		return
	}
	m[name] = d
}

// Lookup finds a type of kind by the name used in the file.
func (s *Scope) Lookup(kind grammar.RefKind, name string) *Decl {
	return s.types[kind][name]
}

// LookupOtherKind finds a type of another kind with that name (for wrong-type-kind).
func (s *Scope) LookupOtherKind(kind grammar.RefKind, name string) *Decl {
	for _, k := range grammar.TypeKinds {
		if k != kind {
			if d := s.types[k][name]; d != nil {
				return d
			}
		}
	}
	return nil
}

// Names lists the names of kind visible in the scope, sorted.
func (s *Scope) Names(kind grammar.RefKind) []string {
	out := make([]string, 0, len(s.types[kind]))
	for n := range s.types[kind] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// NamesOf lists every name under which d is visible.
func (s *Scope) NamesOf(d *Decl) []string {
	var out []string
	for n, x := range s.types[d.Kind] {
		if x == d {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) < len(out[j]) || len(out[i]) == len(out[j]) && out[i] < out[j] })
	return out
}

// Muted reports whether an unknown name may come from an unresolved import.
func (s *Scope) Muted(name string) bool {
	if s.mutedPrefixes[""] {
		return true
	}
	for p := range s.mutedPrefixes {
		if p != "" && strings.HasPrefix(name, p+":") {
			return true
		}
	}
	return false
}

// scopeOf builds (once per snapshot) the scope of a file: a breadth-first
// walk over its imports, each file visited once per namespace prefix, so
// cycles of any length terminate and every file sees the same names.
func (a *Analyzer) scopeOf(path string) *Scope {
	if s, ok := a.scopes[path]; ok {
		return s
	}
	s := newScope()
	a.scopes[path] = s
	type visit struct{ path, prefix string }
	queue := []visit{{path, ""}}
	seen := map[visit]bool{queue[0]: true}
	enqueue := func(v visit) {
		if !seen[v] {
			seen[v] = true
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		f := a.snap.File(v.path)
		if f == nil {
			continue
		}
		for _, d := range a.declsOf(f) {
			if d.Kind.IsType() {
				for _, n := range declaredNames(f, d) {
					s.add(qualify(v.prefix, n), d)
				}
			}
		}
		// Implicit imports (normative and built-in types) belong to the
		// file being analysed; imported files do not re-export them.
		if v.prefix == "" {
			for _, target := range a.snap.Implicit(f) {
				enqueue(visit{target, ""})
			}
		}
		for _, l := range a.snap.Links(v.path) {
			prefix := qualify(v.prefix, l.Import.Namespace)
			if l.Path == "" {
				s.mutedPrefixes[prefix] = true
				continue
			}
			enqueue(visit{l.Path, prefix})
		}
	}
	return s
}

// qualify prefixes name with a namespace ("" leaves it as is).
func qualify(prefix, name string) string {
	switch {
	case prefix == "":
		return name
	case name == "":
		return prefix
	}
	return prefix + ":" + name
}

// declaredNames are the names a type is visible under in its own file.
// The 1.x normative types are also known by their short and `tosca:`
// names (`Compute`, `tosca:Compute` for tosca.nodes.Compute).
func declaredNames(f *index.File, d *Decl) []string {
	names := []string{d.Name}
	if f.Embedded && strings.HasPrefix(d.Name, "tosca.") {
		if i := strings.Index(d.Name[len("tosca."):], "."); i >= 0 {
			short := d.Name[len("tosca.")+i+1:]
			names = append(names, short, "tosca:"+short)
		}
	}
	return names
}

// declsOf lists the names a file declares, found by walking the grammar:
// every mapping whose entries the grammar marks as declaring a kind.
func (a *Analyzer) declsOf(f *index.File) []*Decl {
	if ds, ok := a.decls[f.Path]; ok {
		return ds
	}
	var out []*Decl
	v := versionsOf(f)
	var walk func(n *syntax.Node, val *grammar.Value, depth int)
	walk = func(n *syntax.Node, val *grammar.Value, depth int) {
		if n == nil || val == nil || depth > 8 {
			return
		}
		switch val.Kind {
		case grammar.EntityValue:
			if n.Kind != syntax.Mapping {
				return
			}
			for _, p := range n.Pairs {
				if k := val.Entity.Key(p.Key.Value, v); k != nil {
					walk(p.Value, k.Value, depth+1)
				}
			}
		case grammar.MapOfValue, grammar.NamedListValue:
			if val.Elem == nil {
				return
			}
			entries := namedEntries(n)
			if e := val.Elem.Entity; e != nil && e.Declares != grammar.NoRef {
				for _, p := range entries {
					out = append(out, &Decl{Kind: e.Declares, Name: p.Key.Value, File: f, Key: p.Key, Node: p.Value, Entity: e, Versions: v})
				}
				if e.Declares.IsType() {
					return
				}
			}
			for _, p := range entries {
				walk(p.Value, val.Elem, depth+1)
			}
		}
	}
	walk(f.Root(), &grammar.Value{Kind: grammar.EntityValue, Entity: grammar.ServiceTemplate}, 0)
	a.decls[f.Path] = out
	return out
}

// versionsOf is the set of grammar versions a file is checked against.
// A file without a (known) version is read with every version's keynames,
// so that one wrong line does not turn the whole file red.
func versionsOf(f *index.File) grammar.Versions {
	if v, ok := grammar.VersionOf(f.DefinitionsVersion); ok {
		return v
	}
	return grammar.All
}
