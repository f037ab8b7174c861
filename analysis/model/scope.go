package model

import (
	"hash/maphash"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/benbjohnson/immutable"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Program holds the cross-file results of one export generation, computed
// on demand: the names each file declares, name lookups through import
// closures, derivation parents and member lists.
type Program struct {
	gen uint64
	// base, in a program memoising apart (see View.Apart), is the engine's
	// program of the same generation: what is computed once for the whole
	// snapshot is asked of it.
	base *Program

	names memo[textKey, *ownNames]
	// scopes are what each file sees of the others (see fileScope).
	scopes memo[textKey, *fileScope]
	// profiles are the profile names of the embedded profiles' files (see
	// View.ProfileOf).
	profiles memo[textKey, string]
	// sccs are the import cycles (see View.importCycles).
	sccs     *importCycles
	sccsOnce sync.Once
	visible  memo[lookupKey, []string]
	members  memo[memberKey, *memberTable]
	// needed are what assignments of each type must give (see Needed).
	needed memo[Decl, *Needs]
	// closureSets are the distinct import closures of the files' scopes,
	// by their starts (see View.closure).
	closureSets closureSets
	// typesNamed maps every type name of the snapshot to its declarations
	// (see View.TypesNamed), built on the first call.
	typesNamed     map[nameKey][]Decl
	typesNamedOnce sync.Once
	builtins       memo[builtinKey, *grammar.BuiltinType]
	// reaches are enumerate's walks by their starts (see View.reach),
	// worked out over the snapshot: not taken over by the next program.
	reaches memo[textKey, *reachSet]
	// derived files every type by the base name of its derived_from (see
	// View.Subtypes), built on the first call; subtypes are the answers.
	derived     map[nameKey][]Decl
	derivedOnce sync.Once
	subtypes    memo[Decl, []Decl]
}

func newProgram(gen uint64) *Program {
	return &Program{gen: gen}
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
	types byKind[facts.ID]
	// typeIDs are the file's types, sorted (see typeTable).
	typeIDs []facts.ID
	// local are template-level names (node templates, inputs, …): the
	// first declaration of each; sorted lists them by kind.
	local  byKind[facts.ID]
	sorted map[grammar.RefKind][]string
	// candidates are the names of each kind prepared for "did you mean":
	// the template-level names (see View.localCandidates) under "", the
	// types under each prefix a file reaches them with (see
	// View.typeCandidates). The types without a prefix, which every file
	// with an unknown name reaching this one asks for, are read without
	// the lock the cores would share.
	candidatesMu sync.Mutex
	candidates   byKind[*diag.Candidates]
	unprefixed   [typeKinds]atomic.Pointer[diag.Candidates]
	// definesNormative is set for a copy of the 1.x normative types (it
	// defines a root type such as tosca.nodes.Root): such files shadow the
	// implicit profile instead of clashing with it.
	definesNormative bool
	// lenient are the short names of an embedded profile's types that are
	// tosca-ls's own leniency, not the text's shorthands (Application for
	// tosca.nodes.Container.Application, whose shorthand is
	// Container.Application).
	lenient map[nameKey]bool
}

// byKind maps names by kind, then name: a map keyed by a string alone is
// probed faster than one keyed by kind and name (the struct's hash showed
// in check's profile), and without hashing while small. A file has names
// of a few kinds.
type byKind[V any] []kindNames[V]

type kindNames[V any] struct {
	kind  grammar.RefKind
	names map[string]V
}

// of is the names of kind (nil if none).
func (t byKind[V]) of(kind grammar.RefKind) map[string]V {
	for _, k := range t {
		if k.kind == kind {
			return k.names
		}
	}
	return nil
}

// get is the value of a name of kind.
func (t byKind[V]) get(kind grammar.RefKind, name string) (V, bool) {
	v, ok := t.of(kind)[name]
	return v, ok
}

// make returns the names of kind, made for size names if there are none.
func (t *byKind[V]) make(kind grammar.RefKind, size int) map[string]V {
	if m := t.of(kind); m != nil {
		return m
	}
	m := make(map[string]V, size)
	*t = append(*t, kindNames[V]{kind, m})
	return m
}

// declaredKinds counts the names of each kind f declares (nil: none), and
// those of every kind that is no type.
func declaredKinds(f *facts.Facts) (count [256]int32, others int) {
	if f == nil {
		return count, 0
	}
	for id := range f.Declarations() {
		k := f.Entity(id).Declares()
		count[k]++
		if !k.IsType() {
			others++
		}
	}
	return count, others
}

// own returns the names the file at path declares.
func (v *View) own(path string) *ownNames {
	vf := v.file(path)
	if o := vf.own.Load(); o != nil {
		return o
	}
	p := v.prog
	f := vf.facts
	if v.reparsed != nil && v.reparsed.Path == path {
		f = v.reparsed.Facts
	}
	if o, ok := p.names.get(textKey(path)); ok && o.facts == f {
		vf.own.Store(o)
		return o
	}
	o := &ownNames{facts: f}
	// The maps are made at their size: a keystroke in a large template
	// reads its names again.
	count, _ := declaredKinds(f)
	types := 0
	for _, k := range grammar.TypeKinds {
		types += int(count[k])
	}
	o.typeIDs = make([]facts.ID, 0, types)
	embedded := false
	if file := v.Snap.File(path); file != nil {
		embedded = file.Embedded
	}
	if f != nil {
		for id := range f.Declarations() {
			e := f.Entity(id)
			k := e.Declares()
			if !k.IsType() {
				local := o.local.make(k, int(count[k]))
				if _, dup := local[e.Name]; !dup {
					local[e.Name] = id
				}
				continue
			}
			o.types.make(k, int(count[k]))[e.Name] = id
			o.typeIDs = append(o.typeIDs, id)
			if isNormativeRoot(e.Name) {
				o.definesNormative = true
			}
		}
		if embedded {
			o.addShortNames(f)
		}
	}
	o.sorted = make(map[grammar.RefKind][]string, len(o.local))
	for _, l := range o.local {
		names := make([]string, 0, len(l.names))
		for name := range l.names {
			names = append(names, name)
		}
		sort.Strings(names)
		o.sorted[l.kind] = names
	}
	p.names.replace(textKey(path), o)
	vf.own.Store(o)
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
			types := o.types.make(k, 0)
			for _, n := range []string{short, "tosca:" + short} {
				if _, dup := types[n]; !dup {
					types[n] = id
					if last {
						if o.lenient == nil {
							o.lenient = map[nameKey]bool{}
						}
						o.lenient[nameKey{k, n}] = true
					}
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
	if id, ok := v.own(path).local.get(kind, name); ok {
		return Decl{path, id}
	}
	return Decl{}
}

// LocalNames lists the template-level names of kind declared in the file, sorted.
func (v *View) LocalNames(path string, kind grammar.RefKind) []string {
	return slices.Clone(v.own(path).sorted[kind])
}

// Lookup finds the type of kind a name means in the file at path: the
// file's own types first, then those its imports bring (qualified by their
// namespaces, transitively), then the profiles its version sees implicitly.
func (v *View) Lookup(path string, kind grammar.RefKind, name string) Decl {
	return v.scope(path).lookup(v, kind, name)
}

// fileScope is what one file sees of the others: the answers of its
// lookups and the closure sets its names are looked up in, memoised by
// name alone, and what its types derive from. A query reaches a file's scope once (the checker holds its
// file's for all its names): keyed by path and name in tables of the whole
// program, each name cost a hash of the long path, probes of a map of
// every file's answers and a lock shared with the other cores.
type fileScope struct {
	path string
	// nameAnswers are the answers of its lookups.
	nameAnswers
	// mu guards closures, the sets by prefix, then way, and the starts
	// they are walked from: the file's imports and the profiles it sees,
	// read from the snapshot once for all its prefixes (an import or a
	// version changed is another generation, or another key).
	mu       sync.Mutex
	closures map[string]closureWays
	starts   *scopeStarts
	// types are what the file's types derive from: keyed by Decl in the
	// program's tables, each step up a chain hashed the long path twice.
	types typeTable
}

// typeTable memoises, by entity, the parents and chain links of a file's
// types. Its slots, one per type the file declares, are made with the first
// entry and read without a lock: a profile's base types are walked up to
// from every file deriving from them, on each core, and their lock's cache
// line went back and forth between the cores. An entity the slots do not
// cover (the file's facts changed within the program) is kept in extra.
type typeTable struct {
	slots atomic.Pointer[typeSlots]
	// mu orders the entries' writes and guards extra.
	mu    sync.Mutex
	extra map[facts.ID]*typeSlot
}

// typeSlots are the slots of a file's types, by their sorted entities.
type typeSlots struct {
	ids  []facts.ID
	slot []typeSlot
}

// typeSlot is one type's entry: parent is written, under the table's lock,
// before parentKnown is set.
type typeSlot struct {
	parentKnown atomic.Bool
	parent      Decl
	link        atomic.Pointer[chainLink]
}

// entry returns id's slot. Given the view and the file's path, it makes the
// slot (and the table's, from the file's types) if none is; else it
// returns nil.
func (t *typeTable) entry(id facts.ID, v *View, path string) *typeSlot {
	if s := t.slots.Load(); s != nil {
		if i, ok := slices.BinarySearch(s.ids, id); ok {
			return &s.slot[i]
		}
	} else if v == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if v != nil && t.slots.Load() == nil {
		sorted := v.own(path).typeIDs
		t.slots.Store(&typeSlots{ids: sorted, slot: make([]typeSlot, len(sorted))})
		if i, ok := slices.BinarySearch(sorted, id); ok {
			return &t.slots.Load().slot[i]
		}
	}
	e := t.extra[id]
	if e == nil && v != nil {
		if t.extra == nil {
			t.extra = map[facts.ID]*typeSlot{}
		}
		e = new(typeSlot)
		t.extra[id] = e
	}
	return e
}

func (t *typeTable) parent(id facts.ID) (Decl, bool) {
	if e := t.entry(id, nil, ""); e != nil && e.parentKnown.Load() {
		return e.parent, true
	}
	return Decl{}, false
}

// putParent memoises d as the parent of id unless one is known, and
// returns the parent known (v and path as for entry).
func (t *typeTable) putParent(id facts.ID, d Decl, v *View, path string) Decl {
	e := t.entry(id, v, path)
	t.mu.Lock()
	defer t.mu.Unlock()
	if e.parentKnown.Load() {
		return e.parent
	}
	e.parent = d
	e.parentKnown.Store(true)
	return d
}

func (t *typeTable) link(id facts.ID) *chainLink {
	if e := t.entry(id, nil, ""); e != nil {
		return e.link.Load()
	}
	return nil
}

// putLink memoises l as the chain link of id unless one is known, and
// returns the link known (v and path as for entry).
func (t *typeTable) putLink(id facts.ID, l *chainLink, v *View, path string) *chainLink {
	e := t.entry(id, v, path)
	if e.link.CompareAndSwap(nil, l) {
		return l
	}
	return e.link.Load()
}

// scopeStarts are where the closures of a file's scope start, by way.
type scopeStarts struct {
	links               []index.Link
	implicit, fallbacks []string
}

// closureWays are the closure sets of one prefix, by way (nil: not found yet).
type closureWays [viaFallbacks + 1]*closureSet

// scope returns the scope of the file at path.
func (v *View) scope(path string) *fileScope {
	f := v.file(path)
	if s := f.scope.Load(); s != nil {
		return s
	}
	p := v.prog
	s, ok := p.scopes.get(textKey(path))
	if !ok {
		s = p.scopes.put(textKey(path), &fileScope{path: path})
	}
	f.scope.Store(s)
	return s
}

// nameAnswers memoise what names mean, by kind, then name: maps keyed by a
// string alone are probed faster than by a struct, without hashing while
// small.
type nameAnswers struct {
	mu    sync.Mutex
	kinds byKind[Decl]
}

// known returns the memoised answer of a lookup.
func (a *nameAnswers) known(kind grammar.RefKind, name string) (Decl, bool) {
	a.mu.Lock()
	d, ok := a.kinds.get(kind, name)
	a.mu.Unlock()
	return d, ok
}

// remember memoises d as the answer of a lookup unless one is known, and
// returns the answer known.
func (a *nameAnswers) remember(kind grammar.RefKind, name string, d Decl) Decl {
	a.mu.Lock()
	defer a.mu.Unlock()
	m := a.kinds.make(kind, 0)
	if got, ok := m[name]; ok {
		return got
	}
	m[name] = d
	return d
}

// sharedAnswers are nameAnswers split in shards, as a memo is, for the
// names looked up in a closure set that several files share.
type sharedAnswers [memoShards]struct {
	nameAnswers
	_ [cacheLine - unsafe.Sizeof(nameAnswers{})]byte
}

func (t *sharedAnswers) shard(name string) *nameAnswers {
	return &t[spreadString(name)%memoShards].nameAnswers
}

// lookup is Lookup in the scope's file.
func (s *fileScope) lookup(v *View, kind grammar.RefKind, name string) Decl {
	if d, ok := s.known(kind, name); ok {
		return d
	}
	d := v.lookupOwn(s.path, kind, name)
	if !d.Valid() {
		d = v.lookupVia(s, viaImports, kind, name)
	}
	if !d.Valid() {
		d = v.lookupVia(s, viaImplicit, kind, name)
	}
	if !d.Valid() {
		d = v.lookupVia(s, viaFallbacks, kind, name)
	}
	return s.remember(kind, name, d)
}

func (v *View) lookupOwn(path string, kind grammar.RefKind, name string) Decl {
	if id, ok := v.own(path).types.get(kind, name); ok {
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
	// The queue keeps every visit made: the first of them are the seen set
	// of a small closure, a map that of a large one.
	var queue []visit
	var seenMap map[visit]bool
	seen := func(s visit) bool {
		if seenMap == nil && len(queue) > 32 {
			seenMap = make(map[visit]bool, 2*len(queue))
			for _, q := range queue {
				seenMap[q] = true
			}
		}
		if seenMap != nil {
			return seenMap[s]
		}
		return slices.Contains(queue, s)
	}
	cycles := v.importCycles()
	done := componentsSeen{cycles: cycles}
	add := func(s visit) {
		if seenMap != nil {
			seenMap[s] = true
		}
		queue = append(queue, s)
		done.add(s)
	}
	for _, s := range start {
		if !seen(s) {
			add(s)
		}
	}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		if fn(cur) {
			return
		}
		if done.exhausted(cur, seen) {
			continue
		}
		for _, l := range v.Snap.Links(cur.path) {
			if l.Path == "" {
				continue
			}
			next := visit{l.Path, cur.rest}
			if ns := l.Import.Namespace; ns != "" {
				if !inNamespace(cur.rest, ns) {
					continue
				}
				next.rest = cur.rest[len(ns)+1:]
			}
			if !seen(next) {
				add(next)
			}
		}
	}
}

// componentsSeen follows, in one walk, how much of each component of the
// import cycles it has seen with names free of namespaces (see
// importCycles).
type componentsSeen struct {
	cycles *importCycles
	comps  map[int]*componentSeen
}

type componentSeen struct {
	files int
	// exits counts the exits seen so far, in order; done is set once every
	// file and exit was.
	exits int
	done  bool
}

func (c *componentsSeen) add(s visit) {
	if f := c.cycles.files[s.path]; f != nil && s.rest == "" {
		if c.comps == nil {
			c.comps = map[int]*componentSeen{}
		}
		st := c.comps[f.comp]
		if st == nil {
			st = &componentSeen{}
			c.comps[f.comp] = st
		}
		st.files++
	}
}

// exhausted reports whether s's imports lead nowhere the walk has not
// seen: every file of its component and every exit of it were seen.
func (c *componentsSeen) exhausted(s visit, seen func(visit) bool) bool {
	f := c.cycles.files[s.path]
	if f == nil || s.rest != "" {
		return false
	}
	st, comp := c.comps[f.comp], &c.cycles.comps[f.comp]
	if st.done || st.files < comp.size {
		return st.done
	}
	for st.exits < len(comp.exits) && seen(visit{comp.exits[st.exits], ""}) {
		st.exits++
	}
	st.done = st.exits == len(comp.exits)
	return st.done
}

// importTargets are the files path imports directly, as walk starts.
func (v *View) importTargets(path, name string) []visit {
	return appendImportTargets(nil, v.Snap.Links(path), name)
}

// appendImportTargets appends the targets of a file's links to out.
func appendImportTargets(out []visit, links []index.Link, name string) []visit {
	for _, l := range links {
		if l.Path == "" {
			continue
		}
		if ns := l.Import.Namespace; ns != "" {
			if inNamespace(name, ns) {
				out = append(out, visit{l.Path, name[len(ns)+1:]})
			}
			continue
		}
		out = append(out, visit{l.Path, name})
	}
	return out
}

func (v *View) lookupImported(path string, kind grammar.RefKind, name string) Decl {
	return v.lookupVia(v.scope(path), viaImports, kind, name)
}

func (v *View) lookupImplicit(path string, kind grammar.RefKind, name string) Decl {
	return v.lookupVia(v.scope(path), viaImplicit, kind, name)
}

// via is one of the ways a file sees the types of other files.
type via uint8

const (
	viaImports   via = iota // its imports, with their namespaces
	viaImplicit             // the profiles its version imports implicitly
	viaFallbacks            // the profiles it sees where nothing else defines a name
)

// lookupVia finds the first type of kind named name in the closure that
// way leads to from the scope's file.
func (v *View) lookupVia(s *fileScope, way via, kind grammar.RefKind, name string) Decl {
	prefix, local := splitPrefix(name)
	return s.closure(v, way, prefix).find(v, nameKey{kind, local})
}

// find finds the first type of a closure with a name: in the table of a
// chain's files, then in the set below them.
func (c *closureSet) find(v *View, key nameKey) Decl {
	if c.table != nil {
		if d, ok := c.table.Get(key); ok {
			return d
		}
		if c = c.below; c == nil {
			return Decl{}
		}
	}
	found := c.found.Load()
	if found == nil {
		return c.lookup(v, key) // Lookup memoises it for the one file
	}
	shard := found.shard(key.name)
	if d, ok := shard.known(key.kind, key.name); ok {
		return d
	}
	return shard.remember(key.kind, key.name, c.lookup(v, key))
}

func (c *closureSet) lookup(v *View, key nameKey) Decl {
	for _, s := range c.visits {
		if d := v.lookupOwn(s.path, key.kind, s.rest+key.name); d.Valid() {
			return d
		}
	}
	return Decl{}
}

// inNamespace reports whether name starts with namespace ns and a colon.
func inNamespace(name, ns string) bool {
	return len(name) > len(ns) && name[len(ns)] == ':' && name[:len(ns)] == ns
}

// splitPrefix splits a name after its last colon: the namespaces it
// carries, and its name within them.
func splitPrefix(name string) (prefix, local string) {
	i := strings.LastIndexByte(name, ':')
	return name[:i+1], name[i+1:]
}

// closureSet is the files a walk over imports reaches from some starts,
// breadth-first, each with the part of the prefix still to resolve there.
// Files whose walks start alike share one set (every 1.3 template shares
// the closure of the 1.3 normative types), and so do the names looked up in
// it once more than one file uses it (found is made for the second user:
// most sets, those of one file's own imports, never need one).
//
// A walk from one file is that file, then the walk from its own imports: a
// chain of files each importing the next (versions of a profile building
// on each other) would make a set as long as the rest of the chain for
// each of them. Such a set holds instead the types of its files up to the
// first that imports several (or none) in a persistent map, each set's on
// top of the next one's, and below that the set walked from there.
type closureSet struct {
	starts []visit
	visits []visit
	users  atomic.Int32
	found  atomic.Pointer[sharedAnswers]
	// kinds, in a set with found, are the types of every kind by name
	// LookupOtherKind asked about (see typesNamed).
	kinds atomic.Pointer[sharedKinds]
	// table and below are set instead of visits for a walk from one file;
	// next is the set of the walk from its file's import.
	table *immutable.Map[nameKey, Decl]
	below *closureSet
	next  *closureSet
	// unresolved is whether a file of the set has an import that did not
	// resolve and may hold the set's names (see Muted): 0 until known, then
	// 1 (no) or 2 (yes).
	unresolved atomic.Int32
}

// isMuted reports whether a file of the set has an import that did not
// resolve and may hold its names. A chain's sets answer from their first
// file and the next set, each once.
func (c *closureSet) isMuted(v *View) bool {
	var todo []*closureSet
	for x := c; x.unresolved.Load() == 0; x = x.next {
		if x.next == nil {
			muted := slices.ContainsFunc(x.visits, v.hasUnresolvedImport)
			x.unresolved.CompareAndSwap(0, boolState(muted))
			break
		}
		todo = append(todo, x)
	}
	for i := len(todo) - 1; i >= 0; i-- {
		x := todo[i]
		muted := v.hasUnresolvedImport(x.starts[0]) || x.next.unresolved.Load() == 2
		x.unresolved.CompareAndSwap(0, boolState(muted))
	}
	return c.unresolved.Load() == 2
}

func boolState(b bool) int32 {
	if b {
		return 2
	}
	return 1
}

// hasUnresolvedImport reports whether a file has an import that did not
// resolve, without a namespace or in one the name still to resolve there
// carries.
func (v *View) hasUnresolvedImport(s visit) bool {
	for _, l := range v.Snap.Links(s.path) {
		if ns := l.Import.Namespace; l.Path == "" && (ns == "" || inNamespace(s.rest, ns)) {
			return true
		}
	}
	return false
}

// closure is the set that way leads a name carrying prefix to from path,
// found once per file, prefix and export generation.
func (v *View) closure(way via, path, prefix string) *closureSet {
	return v.scope(path).closure(v, way, prefix)
}

func (s *fileScope) closure(v *View, way via, prefix string) *closureSet {
	s.mu.Lock()
	c := s.closures[prefix][way]
	from := s.starts
	s.mu.Unlock()
	if c != nil {
		return c
	}
	if from == nil {
		from = &scopeStarts{links: v.Snap.Links(s.path), implicit: v.implicitProfiles(s.path), fallbacks: v.fallbacks(s.path)}
	}
	// The starts are gathered on the stack: most sets are known already
	// (closureFrom copies those it keeps).
	var buf [4]visit
	starts := buf[:0]
	switch way {
	case viaImports:
		starts = appendImportTargets(starts, from.links, prefix)
	case viaImplicit:
		for _, p := range from.implicit {
			starts = append(starts, visit{p, prefix})
		}
	case viaFallbacks:
		for _, fb := range from.fallbacks {
			starts = append(starts, visit{fb, prefix})
		}
	}
	c = v.closureFrom(starts)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.starts == nil {
		s.starts = from
	}
	ways := s.closures[prefix]
	if got := ways[way]; got != nil {
		return got
	}
	if s.closures == nil {
		s.closures = map[string]closureWays{}
	}
	ways[way] = c
	s.closures[prefix] = ways
	c.use()
	return c
}

// use counts one more user of a set: the second one gets it a table of the
// names found in it.
func (c *closureSet) use() {
	if c.users.Add(1) == 2 {
		c.found.Store(new(sharedAnswers))
	}
}

// closureFrom returns the set walked from starts. The set of a walk from
// one file down a chain longer than shortChain is made with those of the
// files it leads to alone, from the last of them (a chain is followed to
// the first file importing several, none, a file of the chain again, or
// one whose set is known).
func (v *View) closureFrom(starts []visit) *closureSet {
	if c := v.prog.closureSets.lookup(starts); c != nil {
		return c
	}
	return v.newClosure(slices.Clone(starts))
}

// newClosure is closureFrom of starts no set is known for.
func (v *View) newClosure(starts []visit) *closureSet {
	sets := &v.prog.closureSets
	if len(starts) != 1 {
		return sets.intern(starts, func() *closureSet { return v.walkedClosure(starts) })
	}
	var chain walk[visit]
	chain.add(starts[0])
	var below *closureSet
	for {
		last := chain.steps[len(chain.steps)-1]
		next := v.importTargets(last.path, last.rest)
		if below = sets.lookup(next); below != nil {
			break
		}
		if len(next) != 1 || chain.index(next[0]) >= 0 {
			below = sets.intern(next, func() *closureSet { return v.walkedClosure(next) })
			break
		}
		chain.add(next[0])
	}
	if len(chain.steps) <= shortChain && below.table == nil {
		// A few files and the set below: listed, as any other walk.
		return sets.intern(starts, func() *closureSet { return v.walkedClosure(starts) })
	}
	for i := len(chain.steps) - 1; i >= 0; i-- {
		s := chain.steps[i]
		c := &closureSet{starts: chain.steps[i : i+1], table: below.table, below: below, next: below}
		if below.table != nil {
			c.below = below.below
		}
		if c.table == nil {
			c.table = immutable.NewMap[nameKey, Decl](nameKeyHasher{})
		}
		for _, t := range v.own(s.path).types {
			for name, id := range t.names {
				if strings.HasPrefix(name, s.rest) {
					c.table = c.table.Set(nameKey{t.kind, name[len(s.rest):]}, Decl{s.path, id})
				}
			}
		}
		if c.below != nil {
			c.below.use()
		}
		below = sets.intern(c.starts, func() *closureSet { return c })
	}
	return below
}

// shortChain is the length up to which a chain of files importing one
// other each is listed like any walk: its table would cost more to make
// than the list to walk.
const shortChain = 8

// walkedClosure is the set of a walk from starts, every file listed.
func (v *View) walkedClosure(starts []visit) *closureSet {
	c := &closureSet{starts: starts}
	v.walkImports(starts, func(s visit) bool {
		c.visits = append(c.visits, s)
		return false
	})
	return c
}

// nameKeyHasher hashes the keys of closure tables.
type nameKeyHasher struct{}

func (nameKeyHasher) Hash(k nameKey) uint32 {
	return uint32(hashString(k.name)) ^ uint32(k.kind)*0x9e3779b1
}

func (nameKeyHasher) Equal(a, b nameKey) bool { return a == b }

// closureSets interns closure sets by their starts.
type closureSets struct {
	byHash memo[startsHash, []*closureSet]
}

type startsHash uint64

func (h startsHash) spread() uint32 { return uint32(h) ^ uint32(h>>32) }

func hashStarts(starts []visit) startsHash {
	var h maphash.Hash
	h.SetSeed(startsSeed)
	for _, s := range starts {
		h.WriteString(s.path)
		h.WriteByte(0)
		h.WriteString(s.rest)
		h.WriteByte(0)
	}
	return startsHash(h.Sum64())
}

// startsSeed seeds hashStarts: its hashes are kept for the process alone.
var startsSeed = maphash.MakeSeed()

// lookup returns the set walking from starts, or nil if none is known.
func (t *closureSets) lookup(starts []visit) *closureSet {
	if bucket, ok := t.byHash.get(hashStarts(starts)); ok {
		if i := slices.IndexFunc(bucket, func(c *closureSet) bool { return slices.Equal(c.starts, starts) }); i >= 0 {
			return bucket[i]
		}
	}
	return nil
}

// intern returns the set walking from starts, made by build if none is known.
func (t *closureSets) intern(starts []visit, build func() *closureSet) *closureSet {
	if c := t.lookup(starts); c != nil {
		return c
	}
	h := hashStarts(starts)
	same := func(c *closureSet) bool { return slices.Equal(c.starts, starts) }
	c := build()
	t.byHash.update(h, func(bucket []*closureSet) []*closureSet {
		if i := slices.IndexFunc(bucket, same); i >= 0 {
			c = bucket[i]
			return bucket
		}
		return append(slices.Clip(bucket), c)
	})
	return c
}

func (v *View) implicitStarts(path, name string) []visit {
	var out []visit
	for _, p := range v.implicitProfiles(path) {
		out = append(out, visit{p, name})
	}
	return out
}

// implicitProfiles are the entry files of the profiles the file at path
// imports implicitly, itself left out.
func (v *View) implicitProfiles(path string) []string {
	f := v.Snap.File(path)
	if f == nil {
		return nil
	}
	return slices.DeleteFunc(v.Snap.Implicit(f), func(p string) bool { return p == path })
}

// fallbacks are the profiles whose types a file sees only where nothing
// else defines the name: for a 2.0 file, the types the drafts of 2.0 had
// built in (range, the scalar-unit types), which the OASIS Standard has
// not and which real 2.0 files and the 2.0 simple profile still use; each
// use is a draft-builtin warning. They are worked out, not memoised: asked
// once per prefix of a file's scope, a memo cost more than they do.
func (v *View) fallbacks(path string) []string {
	if f := v.file(path).facts; f != nil && f.Versions == grammar.V2 {
		if e := v.Snap.EmbeddedProfile(grammar.ProfileBuiltin20Draft); e != "" {
			return []string{e}
		}
	}
	return nil
}

// LookupOtherKind finds a type of another kind with that name (for wrong-type-kind).
func (v *View) LookupOtherKind(path string, kind grammar.RefKind, name string) Decl {
	return v.lookupOtherKind(v.scope(path), kind, name)
}

// lookupOtherKind is LookupOtherKind in a file's scope. The kinds are
// looked up together, through the file's own types, then each closure in
// turn: each kind's lookup of its own (most names the check asks about are
// of no kind) went through every closure again. The answers are not
// memoised: asked of names of the wrong kind or none, they are asked once,
// and a table per kind for each file with such a name cost 40 MB a check of
// the DMTF set.
func (v *View) lookupOtherKind(s *fileScope, kind grammar.RefKind, name string) Decl {
	var kinds kindAnswers
	for _, k := range grammar.TypeKinds {
		if k != kind {
			kinds.add(k)
		}
	}
	for i := range kinds.n {
		kinds.answer[i], kinds.done[i] = s.known(kinds.kind[i], name)
	}
	if d, ok := kinds.first(); ok {
		return d
	}
	own := v.own(s.path).types
	for i := range kinds.n {
		if id, ok := own.get(kinds.kind[i], name); ok && !kinds.done[i] {
			kinds.settle(i, Decl{s.path, id})
		}
	}
	prefix, local := splitPrefix(name)
	for way := viaImports; way <= viaFallbacks; way++ {
		if d, ok := kinds.first(); ok {
			return d
		}
		s.closure(v, way, prefix).findKinds(v, local, &kinds)
	}
	for i := range kinds.n {
		if !kinds.done[i] {
			kinds.settle(i, Decl{})
		}
	}
	d, _ := kinds.first()
	return d
}

// kindAnswers are the answers of one name's lookups in several kinds, in
// order; done marks those settled (found, or known for the file).
type kindAnswers struct {
	n      int
	kind   [typeKinds]grammar.RefKind
	answer [typeKinds]Decl
	done   [typeKinds]bool
}

// typeKinds is the number of type kinds (see grammar.RefKind.IsType).
const typeKinds = grammar.PolicyType - grammar.ArtifactType + 1

func (a *kindAnswers) add(k grammar.RefKind) {
	a.kind[a.n] = k
	a.n++
}

func (a *kindAnswers) settle(i int, d Decl) {
	a.answer[i], a.done[i] = d, true
}

// first returns the answer of the first kind that has one, once every kind
// before it is settled.
func (a *kindAnswers) first() (Decl, bool) {
	for i := range a.n {
		if !a.done[i] {
			return Decl{}, false
		}
		if a.answer[i].Valid() {
			return a.answer[i], true
		}
	}
	return Decl{}, true
}

// index is the place of kind among a's kinds, or -1.
func (a *kindAnswers) index(kind grammar.RefKind) int {
	for i := range a.n {
		if a.kind[i] == kind {
			return i
		}
	}
	return -1
}

// findKinds settles the kinds of a the set has a type named name of: in
// the table of a chain's files, then in the set below them, whose files
// are walked once for all the kinds, or, shared, whose types of every kind
// by that name are memoised (asking each kind's memo in turn, the names
// the check asks about in every other kind cost a probe of a shared table
// per kind and way).
func (c *closureSet) findKinds(v *View, name string, a *kindAnswers) {
	if c.table != nil {
		for i := range a.n {
			if !a.done[i] {
				if d, ok := c.table.Get(nameKey{a.kind[i], name}); ok {
					a.settle(i, d)
				}
			}
		}
		if c = c.below; c == nil {
			return
		}
	}
	if c.found.Load() == nil {
		c.walkKinds(v, name, a)
		return
	}
	for _, t := range c.typesNamed(v, name) {
		if i := a.index(t.kind); i >= 0 && !a.done[i] {
			a.settle(i, t.decl)
		}
	}
}

// walkKinds settles the kinds of a the set's files have a type named name
// of, the first file first.
func (c *closureSet) walkKinds(v *View, name string, a *kindAnswers) {
	for _, s := range c.visits {
		types, qualified := v.own(s.path).types, s.rest+name
		for i := range a.n {
			if !a.done[i] {
				if id, ok := types.get(a.kind[i], qualified); ok {
					a.settle(i, Decl{s.path, id})
				}
			}
		}
	}
}

// kindDecl is the type of one kind a name means.
type kindDecl struct {
	kind grammar.RefKind
	decl Decl
}

// sharedKinds memoise the types of every kind of each name in a shared
// set (nil: none), split in shards as a memo is.
type sharedKinds [memoShards]struct {
	mu sync.Mutex
	m  map[string][]kindDecl
	_  [cacheLine - 16]byte
}

// typesNamed are the types of every kind named name in a shared set, in
// the order of grammar.TypeKinds, memoised for the set.
func (c *closureSet) typesNamed(v *View, name string) []kindDecl {
	t := c.kinds.Load()
	if t == nil {
		c.kinds.CompareAndSwap(nil, new(sharedKinds))
		t = c.kinds.Load()
	}
	shard := &t[spreadString(name)%memoShards]
	shard.mu.Lock()
	got, ok := shard.m[name]
	shard.mu.Unlock()
	if ok {
		return got
	}
	var all kindAnswers
	for _, k := range grammar.TypeKinds {
		all.add(k)
	}
	c.walkKinds(v, name, &all)
	var out []kindDecl
	for i := range all.n {
		if all.done[i] {
			out = append(out, kindDecl{all.kind[i], all.answer[i]})
		}
	}
	shard.mu.Lock()
	defer shard.mu.Unlock()
	if got, ok := shard.m[name]; ok {
		return got
	}
	if shard.m == nil {
		shard.m = map[string][]kindDecl{}
	}
	shard.m[name] = out
	return out
}

// Muted reports whether an unknown name may come from an import that did
// not resolve (a remote one not fetched, a missing file): such names are
// unknown, not wrong, and are not reported.
//
// A name's namespaces decide which imports it may come from, its local part
// none (it holds no colon): the answer is the file's own, then its closure
// set's for the name's prefix, found once for all the names of the set.
func (v *View) Muted(path, name string) bool {
	return v.muted(v.scope(path), name)
}

func (v *View) muted(s *fileScope, name string) bool {
	prefix, _ := splitPrefix(name)
	return v.hasUnresolvedImport(visit{s.path, prefix}) || s.closure(v, viaImports, prefix).isMuted(v)
}

// Names lists the names of kind visible in the file at path, sorted: each
// file of the closure contributes its types under the shortest prefix it is
// reached with.
func (v *View) Names(path string, kind grammar.RefKind) []string {
	return slices.Clone(v.visibleNames(path, kind))
}

// visibleNames is Names, shared: not to be modified.
func (v *View) visibleNames(path string, kind grammar.RefKind) []string {
	key := lookupKey{path, nameKey{kind: kind}}
	p := v.prog
	names, ok := p.visible.get(key)
	if !ok {
		names = p.visible.put(key, v.names(path, kind))
	}
	return names
}

// localCandidates are the template-level names of kind of the file at path,
// prepared once for every unknown name of the file.
func (v *View) localCandidates(path string, kind grammar.RefKind) *diag.Candidates {
	o := v.own(path)
	return o.prepared(kind, "", func() []string { return o.sorted[kind] })
}

// prepared returns the candidates of kind under prefix, prepared from the
// names list gives if none are.
func (o *ownNames) prepared(kind grammar.RefKind, prefix string, list func() []string) *diag.Candidates {
	o.candidatesMu.Lock()
	defer o.candidatesMu.Unlock()
	byPrefix := o.candidates.make(kind, 1)
	c, ok := byPrefix[prefix]
	if !ok {
		c = diag.NewCandidates(list())
		byPrefix[prefix] = c
	}
	return c
}

// typeCandidates are the types of kind the file at path declares, as a file
// reaching it with prefix names them, prepared once (nil: none).
func (v *View) typeCandidates(path string, kind grammar.RefKind, prefix string) *diag.Candidates {
	o := v.own(path)
	if len(o.types.of(kind)) == 0 {
		return nil // most files of a reach have no type of the kind: none is matched
	}
	unprefixed := &o.unprefixed[kind-grammar.ArtifactType]
	if c := unprefixed.Load(); c != nil && prefix == "" {
		return c
	}
	c := o.prepared(kind, prefix, func() []string {
		types := o.types.of(kind)
		names := make([]string, 0, len(types))
		for name := range types {
			names = append(names, qualify(prefix, name))
		}
		sort.Strings(names)
		return names
	})
	if prefix == "" {
		unprefixed.Store(c)
	}
	return c
}

func (v *View) names(path string, kind grammar.RefKind) []string {
	set := map[string]bool{}
	v.enumerate(path, func(prefix string, file string) {
		for name := range v.own(file).types.of(kind) {
			set[qualify(prefix, name)] = true
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
		for name, id := range v.own(file).types.of(kind) {
			if id == d.ID {
				n := qualify(prefix, name)
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
	fn("", path)
	imports, implicit := v.reachStarts(path)
	for _, s := range v.walkReach(imports, implicit) {
		if s.path != path {
			fn(s.prefix, s.path)
		}
	}
}

// reachStarts are where enumerate's walks from the file at path start:
// its imports, then its implicit profiles.
func (v *View) reachStarts(path string) (imports, implicit []scopeFile) {
	for _, l := range v.Snap.Links(path) {
		if l.Path != "" && l.Path != path {
			imports = append(imports, scopeFile{l.Import.Namespace, l.Path})
		}
	}
	for _, s := range v.implicitStarts(path, "") {
		implicit = append(implicit, scopeFile{"", s.path})
	}
	return imports, implicit
}

// walkReach walks breadth-first from imports, then from implicit, each file
// once, with the prefix of the first (shortest) path reaching it. The file
// the starts are read from is not marked seen: the walk is shared by every
// file importing alike, and where it comes back to one of them, that file's
// imports are starts already (enumerate leaves it out).
func (v *View) walkReach(imports, implicit []scopeFile) []scopeFile {
	// A file is marked seen when queued: the queue being first in, first
	// out, its first entry is the one the walk takes, and the files most
	// others import were queued again from each of them.
	var out []scopeFile
	seen := map[string]bool{}
	run := func(starts []scopeFile) {
		head := len(out)
		for _, s := range starts {
			if !seen[s.path] {
				seen[s.path] = true
				out = append(out, s)
			}
		}
		for ; head < len(out); head++ {
			cur := out[head]
			for _, l := range v.Snap.Links(cur.path) {
				if l.Path != "" && !seen[l.Path] {
					seen[l.Path] = true
					out = append(out, scopeFile{qualify(cur.prefix, l.Import.Namespace), l.Path})
				}
			}
		}
	}
	run(imports)
	run(implicit)
	return out
}

// reachSet is the walk of enumerate from some starts, with the type
// candidates of each kind of its files: the files importing alike (the
// versions of one schema) share it, and each file with an unknown name
// lists it once per kind instead of walking its imports.
type reachSet struct {
	files []scopeFile
	mu    sync.Mutex
	kinds map[grammar.RefKind][]*diag.Candidates
}

// reach returns the set of enumerate's walk from the file at path's starts.
func (v *View) reach(path string) *reachSet {
	imports, implicit := v.reachStarts(path)
	lists := [...][]scopeFile{imports, implicit}
	n := len(lists)
	for _, list := range lists {
		for _, s := range list {
			n += len(s.path) + len(s.prefix) + 2
		}
	}
	var key strings.Builder
	key.Grow(n)
	for _, list := range lists {
		for _, s := range list {
			key.WriteString(s.path)
			key.WriteByte(0)
			key.WriteString(s.prefix)
			key.WriteByte(0)
		}
		key.WriteByte(1)
	}
	p := v.prog
	if r, ok := p.reaches.get(textKey(key.String())); ok {
		return r
	}
	return p.reaches.put(textKey(key.String()), &reachSet{files: v.walkReach(imports, implicit)})
}

// candidates are the type candidates of kind of the set's files, in order.
func (r *reachSet) candidates(v *View, kind grammar.RefKind) []*diag.Candidates {
	r.mu.Lock()
	cands, ok := r.kinds[kind]
	r.mu.Unlock()
	if ok {
		return cands
	}
	cands = make([]*diag.Candidates, len(r.files))
	for i, s := range r.files {
		cands[i] = v.typeCandidates(s.path, kind, s.prefix)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if got, ok := r.kinds[kind]; ok {
		return got
	}
	if r.kinds == nil {
		r.kinds = map[grammar.RefKind][]*diag.Candidates{}
	}
	r.kinds[kind] = cands
	return cands
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
// itself a copy of them). normative is set when the name is the shorthand
// of an implicit normative type. Two copies of one file do not clash, nor
// does a type with a short name that only tosca-ls gives a normative type.
func (v *View) Conflict(path string, d Decl) (other Decl, normative bool) {
	e := v.Entity(d)
	if e == nil {
		return Decl{}, false
	}
	kind := e.Declares()
	other = v.lookupImported(path, kind, e.Name)
	if !other.Valid() && !v.own(path).definesNormative {
		other = v.lookupImplicit(path, kind, e.Name)
		if other.Valid() && v.own(other.Path).lenient[nameKey{kind, e.Name}] {
			return Decl{}, false // a short name of tosca-ls's, no shorthand of the text's
		}
		// A shorthand (Compute for tosca.nodes.Compute) is reserved with
		// SHOULD NOT (1.3 §5.2); the type's own name is taken.
		normative = other.Valid() && v.Name(other) != e.Name
	}
	if !other.Valid() || other == d || v.sameContent(other.Path, d.Path) {
		return Decl{}, false
	}
	if f := v.Snap.File(other.Path); f != nil && f.Fallback {
		return Decl{}, false // a fallback only fills gaps
	}
	return other, normative
}

func (v *View) sameContent(a, b string) bool {
	fa, fb := v.Snap.File(a), v.Snap.File(b)
	return fa != nil && fb != nil && fa.SameTextAs(fb)
}
