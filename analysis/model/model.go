// Package model is the cross-file view of TOSCA: it answers, from the
// files' facts alone, which declaration a name means in a file (scopes
// over import closures, namespaces included), what a type derives from and
// which members it has, and which problems a file has once its names are
// resolved. Results are memoised per export generation of the workspace: an
// edit that leaves every file's exports unchanged (typing inside a template)
// reuses every scope, chain and member list already computed, and one that
// changes some recomputes those of the files whose key changed alone.
//
// The model knows TOSCA through the grammar package and nothing of LSP.
// Feature packages (completion, hover, navigation, …) build on it and never
// on each other.
package model

import (
	"context"
	"hash/maphash"
	"sync"
	"sync/atomic"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Decl is a declaration (or definition) of some file: an entity of its
// facts. Declarations are compared by value; they stay valid while the
// file's exports are unchanged.
type Decl struct {
	Path string
	ID   facts.ID
}

// Valid reports whether d names a declaration.
func (d Decl) Valid() bool { return d.Path != "" && d.ID >= 0 }

// Location is a span in a file.
type Location struct {
	Path string
	Span text.Span
}

// Related points at another place that explains a diagnostic.
type Related struct {
	Location
	Message string
}

// Tag marks diagnostics editors render specially.
type Tag uint8

const (
	TagUnnecessary Tag = iota + 1
	TagDeprecated
)

// Diagnostic is one problem found in a file.
type Diagnostic struct {
	Path     string
	Span     text.Span
	Severity diag.Severity
	// Code is stable across releases (see package diag).
	Code    string
	Message string
	Related []Related
	Tags    []Tag
	// Suggestions are replacement texts for Span ("did you mean").
	Suggestions []string
}

// Engine keeps what the model computed, across snapshots: the program of
// the latest export generation and the diagnostics of each file. A server
// (or one run of the check command) owns one engine.
type Engine struct {
	mu   sync.Mutex
	prog *Program
	// keys tell which files kept their key since the program before prog.
	keys  *keyChange
	diags map[string]diagEntry
	// checks are the checks of other packages (deep validation) that run
	// after the model's own, memoised with them.
	checks []Check
	// uses indexes each file's uses by name, per content (see uses.go).
	uses map[string]*useIndex
}

type diagEntry struct {
	facts *facts.Facts
	key   uint64
	out   []Diagnostic
}

// Check reports more problems of a file of a view (deep validation lives in
// its own package: the server and the check command hand it to the engine).
type Check func(ctx context.Context, v *View, path string) []Diagnostic

// NewEngine makes an empty engine running the given checks after its own.
func NewEngine(checks ...Check) *Engine {
	return &Engine{diags: map[string]diagEntry{}, uses: map[string]*useIndex{}, checks: checks}
}

// View is a snapshot seen through the program of its export generation.
type View struct {
	Snap *index.Snapshot
	prog *Program
	eng  *Engine
	// reparsed, when set, replaces the snapshot's reading of one open
	// document (see Reparsed).
	reparsed *Unit
	// files caches what the view reads of each file by path: queries ask
	// for them at every step of a lookup, and a snapshot's sorted map costs
	// a string comparison per level. The table is read without a lock the
	// other cores share; filesMu orders the files added.
	files   atomic.Pointer[fileTable]
	filesMu sync.Mutex
}

// viewFile is what a view reads of one file: its facts, and, once asked,
// its scope and its own names.
type viewFile struct {
	path  string
	facts *facts.Facts
	scope atomic.Pointer[fileScope]
	own   atomic.Pointer[ownNames]
}

// file returns what the view reads of the file at path.
func (v *View) file(path string) *viewFile {
	if f := v.files.Load().find(path); f != nil {
		return f
	}
	v.filesMu.Lock()
	defer v.filesMu.Unlock()
	t := v.files.Load()
	if f := t.find(path); f != nil {
		return f
	}
	f := &viewFile{path: path}
	if file := v.Snap.File(path); file != nil {
		f.facts = file.Facts
	}
	if t == nil || 2*(t.n+1) > len(t.slots) {
		t = t.grown()
		v.files.Store(t)
	}
	t.add(f)
	return f
}

// fileTable is a view's files by path, open-addressed and read without a
// lock: a sync.Map's trie showed in check's profile. The whole path is
// hashed (the paths of a workspace may end alike and have one length:
// a hash of their ends would probe a run as long as the table). It is at
// most half full; files are added under the view's filesMu.
type fileTable struct {
	slots []atomic.Pointer[viewFile]
	n     int
}

// find returns the file at path, or nil if the table (which may be nil)
// has none.
func (t *fileTable) find(path string) *viewFile {
	if t == nil {
		return nil
	}
	mask := uint32(len(t.slots) - 1)
	for i := pathHash(path) & mask; ; i = (i + 1) & mask {
		if f := t.slots[i].Load(); f == nil || f.path == path {
			return f
		}
	}
}

// add stores f in the first free slot of its probe sequence.
func (t *fileTable) add(f *viewFile) {
	mask := uint32(len(t.slots) - 1)
	i := pathHash(f.path) & mask
	for t.slots[i].Load() != nil {
		i = (i + 1) & mask
	}
	t.slots[i].Store(f)
	t.n++
}

// pathHash is the hash of a path in file tables.
func pathHash(path string) uint32 { return uint32(maphash.String(pathSeed, path)) }

// pathSeed seeds pathHash: its hashes are kept for the process alone.
var pathSeed = maphash.MakeSeed()

// grown returns a table of twice the size (64 slots for none) holding t's
// files: readers go on reading t until the new one is stored.
func (t *fileTable) grown() *fileTable {
	size := 64
	if t != nil {
		size = 2 * len(t.slots)
	}
	g := &fileTable{slots: make([]atomic.Pointer[viewFile], size)}
	if t != nil {
		for i := range t.slots {
			if f := t.slots[i].Load(); f != nil {
				g.add(f)
			}
		}
	}
	return g
}

// View returns the view of a snapshot, reusing the program of the previous
// snapshot when no file's exports and no import changed (the index keeps
// that digest: a view costs the same whatever the size of the workspace).
// When they did, the new program takes over, as they are asked for, the
// results of the files whose key is unchanged: an edit recomputes those of
// the edited file and of the files reading it alone.
func (e *Engine) View(snap *index.Snapshot) *View {
	gen := snap.Generation()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.prog == nil || e.prog.gen != gen {
		prog, keys := newProgram(gen), &keyChange{}
		if e.prog != nil {
			keys.before = e.keys.latest.Load()
			prog.follow(e.prog, keys)
		}
		e.prog, e.keys = prog, keys
	}
	// Any snapshot of the generation has its keys: the latest is kept, so
	// that the older ones are not held.
	e.keys.latest.Store(snap)
	return &View{Snap: snap, prog: e.prog, eng: e}
}

// keyChange compares the keys of the files in the last snapshot of one
// export generation and in a snapshot of the next.
type keyChange struct {
	before *index.Snapshot
	latest atomic.Pointer[index.Snapshot]
}

// kept reports whether the file at path has the same key in both.
func (k *keyChange) kept(path string) bool {
	return k.before != nil && k.before.Key(path) == k.latest.Load().Key(path)
}

// follow makes p, the program of the generation following old's, take over
// old's results of the files whose key did not change: what each depends on
// is the file of its key, whose key covers everything it reads. What is
// worked out over the whole snapshot (import cycles, subtypes, every type
// by name) is not taken over. A table of the program keyed by a file's
// results belongs here.
func (p *Program) follow(old *Program, keys *keyChange) {
	carry(&p.names, &old.names, keys, textFile)
	carry(&p.profiles, &old.profiles, keys, textFile)
	carry(&p.scopes, &old.scopes, keys, textFile)
	carry(&p.visible, &old.visible, keys, func(k lookupKey) string { return k.path })
	carry(&p.needed, &old.needed, keys, declFile)
	carry(&p.members, &old.members, keys, func(k memberKey) string { return k.d.Path })
	carry(&p.builtins, &old.builtins, keys, func(k builtinKey) string { return k.t.Path })
}

func declFile(d Decl) string { return d.Path }

func textFile(k textKey) string { return string(k) }

// Apart returns a view of the same snapshot whose results are memoised in
// tables of its own, dropped with it; diagnostics are still memoised in the
// engine. A run over the whole workspace takes one: in the engine's program
// it would leave the scopes and members of every file held long after (200
// MB on the OASIS repository), while requests ask about the open files.
// What is worked out once for the whole snapshot (its import cycles) is
// still the engine's program's.
func (v *View) Apart() *View {
	base := v.prog
	if base.base != nil {
		base = base.base
	}
	prog := newProgram(base.gen)
	prog.base = base
	return &View{Snap: v.Snap, prog: prog, eng: v.eng, reparsed: v.reparsed}
}

// Facts returns the facts of the file at path (nil if unknown).
func (v *View) Facts(path string) *facts.Facts {
	if v.reparsed != nil && v.reparsed.Path == path {
		return v.reparsed.Facts
	}
	return v.file(path).facts
}

// Entity returns the entity a declaration names (nil if gone).
func (v *View) Entity(d Decl) *facts.Entity {
	return v.Facts(d.Path).Entity(d.ID)
}

// Name is the name a declaration is written with.
func (v *View) Name(d Decl) string {
	if e := v.Entity(d); e != nil {
		return e.Name
	}
	return ""
}

// Location is where a declaration's name is written (its value for an
// unnamed entity).
func (v *View) Location(d Decl) Location {
	e := v.Entity(d)
	if e == nil {
		return Location{Path: d.Path}
	}
	if e.Name == "" {
		return Location{Path: d.Path, Span: e.Span.Text()}
	}
	return Location{Path: d.Path, Span: e.NameSpan.Text()}
}

func hashString(s string) uint64 {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
