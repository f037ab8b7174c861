package analysis

import (
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/profiles"
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

// add binds name to d. A weak binding (from an implicit import) never
// replaces or clashes with another.
func (s *Scope) add(name string, d *Decl, weak bool) {
	m := s.types[d.Kind]
	if m == nil {
		m = map[string]*Decl{}
		s.types[d.Kind] = m
	}
	prev, ok := m[name]
	switch {
	case !ok:
		m[name] = d
	case prev != d && !weak && prev.File.Hash != d.File.Hash && !s.clashes(prev, d):
		// (Two copies of one file, e.g. an embedded profile file checked
		// from disk, define the same names without clashing.)
		s.conflicts = append(s.conflicts, conflict{name, prev, d})
	}
}

// clashes reports whether the pair is already recorded (under another of
// their names).
func (s *Scope) clashes(a, b *Decl) bool {
	for _, c := range s.conflicts {
		if c.first == a && c.second == b || c.first == b && c.second == a {
			return true
		}
	}
	return false
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
// cycles of any length terminate and every file sees the same names. The
// implicit imports (normative and built-in types) come last and only fill
// gaps: a file that defines those types itself (a copy of a profile in the
// workspace) shadows them instead of clashing with them.
func (a *Analyzer) scopeOf(path string) *Scope {
	if s, ok := a.scopes[path]; ok {
		return s
	}
	s := newScope()
	a.scopes[path] = s
	type visit struct{ path, prefix string }
	seen := map[visit]bool{}
	// assumed are fallback profiles: those a visited profile relies on
	// (the 2.0 simple profile, index.Snapshot.Assumed) and the 2020 draft's
	// built-ins for 2.0 files not in the final form (see draftBuiltins).
	var assumed []string
	walk := func(start string, implicit bool) {
		queue := []visit{{start, ""}}
		if seen[queue[0]] {
			return
		}
		seen[queue[0]] = true
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
						s.add(qualify(v.prefix, n), d, implicit || f.Fallback)
					}
				}
			}
			assumed = append(assumed, a.snap.Assumed(v.path)...)
			for _, l := range a.snap.Links(v.path) {
				prefix := qualify(v.prefix, l.Import.Namespace)
				if l.Path == "" {
					s.mutedPrefixes[prefix] = true
					continue
				}
				if next := (visit{l.Path, prefix}); !seen[next] {
					seen[next] = true
					queue = append(queue, next)
				}
			}
		}
	}
	walk(path, false)
	if f := a.snap.File(path); f != nil {
		// A copy of the normative types (its files define the root types
		// themselves) shadows the implicit ones; any other file redefining
		// a normative type clashes with it.
		shadow := definesNormativeRoot(s)
		for _, target := range a.snap.Implicit(f) {
			walk(target, shadow)
		}
		if a.draftBuiltins(f) {
			assumed = append(assumed, a.snap.Profile(profiles.Builtin20Draft))
		}
	}
	for i := 0; i < len(assumed); i++ {
		walk(assumed[i], true)
	}
	return s
}

// draftBuiltins reports whether a file sees the types the 2020 draft of
// TOSCA 2.0 had built in (range, the size, frequency and bitrate units):
// the 2024 text has none of them (Appendix D), so a 2.0 file sees them
// unless it is written in the final form alone.
func (a *Analyzer) draftBuiltins(f *index.File) bool {
	if v, _ := grammar.VersionOf(f.DefinitionsVersion); v != grammar.V2 {
		return false
	}
	return f.Facts.Form != grammar.FormFinal
}

// definesNormativeRoot reports whether a scope's own names include a root
// type of the 1.x normative types (tosca.nodes.Root, …).
func definesNormativeRoot(s *Scope) bool {
	for _, m := range s.types {
		for name := range m {
			if strings.HasPrefix(name, "tosca.") && strings.HasSuffix(name, ".Root") && strings.Count(name, ".") == 2 {
				return true
			}
		}
	}
	return false
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
	walk(f.Root(), fileValue, 0)
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
