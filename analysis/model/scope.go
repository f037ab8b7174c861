package model

import (
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Program holds the cross-file results of one export generation, computed
// on demand: the names each file declares, name lookups through import
// closures, derivation parents and member lists.
type Program struct {
	gen uint64

	mu      sync.Mutex
	names   map[string]*ownNames
	lookups map[lookupKey]Decl
	// fallbacks are the fallback profiles of each file (see View.fallbacks).
	fallbacks map[string][]string
	parents   map[Decl]Decl
	members   map[memberKey][]Member
	builtins  map[builtinKey]*grammar.BuiltinType
	chains    map[Decl]chainEntry
	// definitions are the definitions of each member along its chain,
	// memberTypes the type the most derived of them names.
	definitions map[definitionsKey][]Decl
	memberTypes map[definitionsKey]Decl
}

func newProgram(gen uint64) *Program {
	return &Program{
		gen:       gen,
		names:     map[string]*ownNames{},
		lookups:   map[lookupKey]Decl{},
		fallbacks: map[string][]string{},
		parents:   map[Decl]Decl{},
		members:   map[memberKey][]Member{},
		builtins:  map[builtinKey]*grammar.BuiltinType{},
		chains:    map[Decl]chainEntry{},

		definitions: map[definitionsKey][]Decl{},
		memberTypes: map[definitionsKey]Decl{},
	}
}

type nameKey struct {
	kind grammar.RefKind
	name string
}

type lookupKey struct {
	path string
	nameKey
}

// ownNames are the names a file declares itself.
type ownNames struct {
	// facts are the facts the names were read from: an edit inside a
	// template changes no export (the program is kept) but does change the
	// template-level names and their entity ids.
	facts *facts.Facts
	types map[nameKey]facts.ID
	// local are template-level names (node templates, inputs, …): the
	// first declaration of each.
	local map[nameKey]facts.ID
	// definesNormative is set for a copy of the 1.x normative types (it
	// defines a root type such as tosca.nodes.Root): such files shadow the
	// implicit profile instead of clashing with it.
	definesNormative bool
}

// own returns the names the file at path declares.
func (v *View) own(path string) *ownNames {
	p := v.prog
	f := v.Facts(path)
	p.mu.Lock()
	if o, ok := p.names[path]; ok && o.facts == f {
		p.mu.Unlock()
		return o
	}
	p.mu.Unlock()
	o := &ownNames{facts: f, types: map[nameKey]facts.ID{}, local: map[nameKey]facts.ID{}}
	embedded := false
	if file := v.Snap.File(path); file != nil {
		embedded = file.Embedded
	}
	if f != nil {
		for id := range f.Declarations() {
			e := f.Entity(id)
			k := e.Declares()
			if !k.IsType() {
				if _, dup := o.local[nameKey{k, e.Name}]; !dup {
					o.local[nameKey{k, e.Name}] = id
				}
				continue
			}
			o.types[nameKey{k, e.Name}] = id
			if isNormativeRoot(e.Name) {
				o.definesNormative = true
			}
		}
		if embedded {
			o.addShortNames(f)
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if prev, ok := p.names[path]; ok && prev.facts == f {
		return prev
	}
	p.names[path] = o
	return o
}

// addShortNames makes the 1.x normative types of an embedded profile file
// visible under their short and `tosca:` names as well: tosca.nodes.Compute
// is Compute and tosca:Compute, tosca.datatypes.network.PortInfo is
// network.PortInfo and PortInfo (and tosca: + each). Where two types share
// a last segment (tosca.nodes.Compute, tosca.nodes.Abstract.Compute), the
// shorter full name keeps it.
func (o *ownNames) addShortNames(f *facts.Facts) {
	for _, last := range []bool{false, true} {
		for id := range f.Declarations() {
			e := f.Entity(id)
			k := e.Declares()
			if !k.IsType() || !strings.HasPrefix(e.Name, "tosca.") || strings.Count(e.Name, ".") < 2 {
				continue
			}
			short := e.Name[len("tosca."):]
			short = short[strings.Index(short, ".")+1:]
			if last {
				short = e.Name[strings.LastIndex(e.Name, ".")+1:]
			}
			for _, n := range []string{short, "tosca:" + short} {
				if _, dup := o.types[nameKey{k, n}]; !dup {
					o.types[nameKey{k, n}] = id
				}
			}
		}
	}
}

// isNormativeRoot reports a root type of the 1.x normative types (tosca.nodes.Root, …).
func isNormativeRoot(name string) bool {
	return strings.HasPrefix(name, "tosca.") && strings.HasSuffix(name, ".Root") && strings.Count(name, ".") == 2
}

// Local finds a template-level name (node template, input, …) declared in
// the file at path.
func (v *View) Local(path string, kind grammar.RefKind, name string) Decl {
	if id, ok := v.own(path).local[nameKey{kind, name}]; ok {
		return Decl{path, id}
	}
	return Decl{}
}

// LocalNames lists the template-level names of kind declared in the file, sorted.
func (v *View) LocalNames(path string, kind grammar.RefKind) []string {
	var out []string
	for k := range v.own(path).local {
		if k.kind == kind {
			out = append(out, k.name)
		}
	}
	sort.Strings(out)
	return out
}

// Lookup finds the type of kind a name means in the file at path: the
// file's own types first, then those its imports bring (qualified by their
// namespaces, transitively), then the profiles its version sees implicitly.
func (v *View) Lookup(path string, kind grammar.RefKind, name string) Decl {
	key := lookupKey{path, nameKey{kind, name}}
	p := v.prog
	p.mu.Lock()
	if d, ok := p.lookups[key]; ok {
		p.mu.Unlock()
		return d
	}
	p.mu.Unlock()
	d := v.lookupOwn(path, kind, name)
	if !d.Valid() {
		d = v.lookupImported(path, kind, name)
	}
	if !d.Valid() {
		d = v.lookupImplicit(path, kind, name)
	}
	if !d.Valid() {
		d = v.lookupFallback(path, kind, name)
	}
	p.mu.Lock()
	p.lookups[key] = d
	p.mu.Unlock()
	return d
}

func (v *View) lookupOwn(path string, kind grammar.RefKind, name string) Decl {
	if id, ok := v.own(path).types[nameKey{kind, name}]; ok {
		return Decl{path, id}
	}
	return Decl{}
}

// visit is one step of a walk over an import closure: a file, and the part
// of the looked-up name still to resolve there (its namespaces stripped).
type visit struct{ path, rest string }

// walkImports visits the import closure of path breadth-first, calling fn
// for each file with the name as that file sees it. A namespaced import is
// followed only for names carrying its prefix (which is then stripped), so
// every step either shortens the name or follows an unprefixed import:
// with the visited set, every import graph (cycles through namespaces
// included) is walked in time linear in its size. fn returns true to stop.
func (v *View) walkImports(start []visit, fn func(visit) bool) {
	seen := map[visit]bool{}
	queue := slices.Clone(start)
	for _, s := range start {
		seen[s] = true
	}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if fn(cur) {
			return
		}
		for _, l := range v.Snap.Links(cur.path) {
			if l.Path == "" {
				continue
			}
			next := visit{l.Path, cur.rest}
			if ns := l.Import.Namespace; ns != "" {
				if !strings.HasPrefix(cur.rest, ns+":") {
					continue
				}
				next.rest = cur.rest[len(ns)+1:]
			}
			if !seen[next] {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
}

// importTargets are the files path imports directly, as walk starts.
func (v *View) importTargets(path, name string) []visit {
	var out []visit
	for _, l := range v.Snap.Links(path) {
		if l.Path == "" {
			continue
		}
		if ns := l.Import.Namespace; ns != "" {
			if strings.HasPrefix(name, ns+":") {
				out = append(out, visit{l.Path, name[len(ns)+1:]})
			}
			continue
		}
		out = append(out, visit{l.Path, name})
	}
	return out
}

func (v *View) lookupImported(path string, kind grammar.RefKind, name string) Decl {
	var found Decl
	v.walkImports(v.importTargets(path, name), func(s visit) bool {
		found = v.lookupOwn(s.path, kind, s.rest)
		return found.Valid()
	})
	return found
}

func (v *View) implicitStarts(path, name string) []visit {
	f := v.Snap.File(path)
	if f == nil {
		return nil
	}
	var out []visit
	for _, p := range v.Snap.Implicit(f) {
		if p != path {
			out = append(out, visit{p, name})
		}
	}
	return out
}

func (v *View) lookupImplicit(path string, kind grammar.RefKind, name string) Decl {
	var found Decl
	v.walkImports(v.implicitStarts(path, name), func(s visit) bool {
		found = v.lookupOwn(s.path, kind, s.rest)
		return found.Valid()
	})
	return found
}

// fallbacks are the profiles whose types a file sees only where nothing
// else defines the name: the 2020 draft's built-ins for a 2.0 file not
// written in the final form alone, and the profiles a profile of its import
// closure assumes (the 2.0 simple profile uses range and the size units as
// if they were still built in).
func (v *View) fallbacks(path string) []string {
	p := v.prog
	p.mu.Lock()
	if fb, ok := p.fallbacks[path]; ok {
		p.mu.Unlock()
		return fb
	}
	p.mu.Unlock()
	var out []string
	if f := v.Snap.File(path); f != nil && f.Facts != nil && f.Facts.Versions == grammar.V2 && f.Facts.Form != grammar.FormFinal {
		if e := v.Snap.EmbeddedProfile(grammar.ProfileBuiltin20Draft); e != "" {
			out = append(out, e)
		}
	}
	v.enumerate(path, func(_, file string) {
		for _, a := range v.Snap.Assumed(file) {
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	})
	p.mu.Lock()
	p.fallbacks[path] = out
	p.mu.Unlock()
	return out
}

func (v *View) lookupFallback(path string, kind grammar.RefKind, name string) Decl {
	var starts []visit
	for _, p := range v.fallbacks(path) {
		starts = append(starts, visit{p, name})
	}
	var found Decl
	v.walkImports(starts, func(s visit) bool {
		found = v.lookupOwn(s.path, kind, s.rest)
		return found.Valid()
	})
	return found
}

// LookupOtherKind finds a type of another kind with that name (for wrong-type-kind).
func (v *View) LookupOtherKind(path string, kind grammar.RefKind, name string) Decl {
	for _, k := range grammar.TypeKinds {
		if k != kind {
			if d := v.Lookup(path, k, name); d.Valid() {
				return d
			}
		}
	}
	return Decl{}
}

// Muted reports whether an unknown name may come from an import that did
// not resolve (a remote one not fetched, a missing file): such names are
// unknown, not wrong, and are not reported.
func (v *View) Muted(path, name string) bool {
	muted := false
	check := func(s visit) bool {
		for _, l := range v.Snap.Links(s.path) {
			if l.Path != "" {
				continue
			}
			if ns := l.Import.Namespace; ns == "" || strings.HasPrefix(s.rest, ns+":") {
				muted = true
				return true
			}
		}
		return false
	}
	v.walkImports([]visit{{path, name}}, check)
	return muted
}

// Names lists the names of kind visible in the file at path, sorted: each
// file of the closure contributes its types under the shortest prefix it is
// reached with.
func (v *View) Names(path string, kind grammar.RefKind) []string {
	set := map[string]bool{}
	v.enumerate(path, func(prefix string, file string) {
		for k := range v.own(file).types {
			if k.kind == kind {
				set[qualify(prefix, k.name)] = true
			}
		}
	})
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// NamesOf lists every name under which d is visible in the file at path,
// shortest first.
func (v *View) NamesOf(path string, d Decl) []string {
	kind := v.Entity(d).Declares()
	var out []string
	v.enumerate(path, func(prefix string, file string) {
		if file != d.Path {
			return
		}
		for k, id := range v.own(file).types {
			if k.kind == kind && id == d.ID {
				n := qualify(prefix, k.name)
				if v.Lookup(path, kind, n) == d {
					out = append(out, n)
				}
			}
		}
	})
	sort.Slice(out, func(i, j int) bool {
		return len(out[i]) < len(out[j]) || len(out[i]) == len(out[j]) && out[i] < out[j]
	})
	return slices.Compact(out)
}

// enumerate visits the file at path, its import closure and the implicit
// profiles, each file once, with the namespace prefix of the first (shortest)
// path reaching it.
func (v *View) enumerate(path string, fn func(prefix, file string)) {
	seen := map[string]bool{}
	type step struct{ path, prefix string }
	run := func(starts []step) {
		queue := starts
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			if seen[cur.path] {
				continue
			}
			seen[cur.path] = true
			fn(cur.prefix, cur.path)
			for _, l := range v.Snap.Links(cur.path) {
				if l.Path != "" && !seen[l.Path] {
					queue = append(queue, step{l.Path, qualify(cur.prefix, l.Import.Namespace)})
				}
			}
		}
	}
	run([]step{{path, ""}})
	var implicit []step
	for _, s := range v.implicitStarts(path, "") {
		implicit = append(implicit, step{s.path, ""})
	}
	run(implicit)
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

// Conflict returns the imported declaration a type of the file at path
// clashes with: another type of the same kind and name that the file's
// imports bring, or that the implicit profiles define (unless the file is
// itself a copy of them). Two copies of one file do not clash.
func (v *View) Conflict(path string, d Decl) Decl {
	e := v.Entity(d)
	if e == nil {
		return Decl{}
	}
	kind := e.Declares()
	other := v.lookupImported(path, kind, e.Name)
	if !other.Valid() && !v.own(path).definesNormative {
		other = v.lookupImplicit(path, kind, e.Name)
	}
	if !other.Valid() || other == d || v.sameContent(other.Path, d.Path) {
		return Decl{}
	}
	if f := v.Snap.File(other.Path); f != nil && f.Fallback {
		return Decl{} // a fallback only fills gaps
	}
	return other
}

func (v *View) sameContent(a, b string) bool {
	fa, fb := v.Snap.File(a), v.Snap.File(b)
	return fa != nil && fb != nil && fa.Hash == fb.Hash
}
