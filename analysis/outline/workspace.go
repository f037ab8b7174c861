package outline

import (
	"container/heap"
	"context"
	"path/filepath"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// WorkspaceSymbol is a declared name anywhere in the workspace or profiles.
type WorkspaceSymbol struct {
	Name string
	Kind SymbolKind
	// Container names where it comes from: the file's base name, or the
	// profile name for the embedded profiles.
	Container string
	Location  model.Location
}

// maxWorkspaceSymbols caps a workspace symbol answer.
const maxWorkspaceSymbols = 200

// Index keeps, for each file, the lower-cased names it declares, read the
// first time a query meets the file's facts: a query then matches names
// without parsing, binding or resolving anything. The server owns one.
type Index struct {
	mu    sync.Mutex
	files map[string]*declaredNames
	// query numbers the queries, to tell the tables a query used from
	// those of files that are gone.
	query uint64
	// folders are the profile folders of the generation foldersOf (see
	// profileFolders).
	folders   map[string]bool
	foldersOf uint64
}

// declaredNames are the names one version of a file declares.
type declaredNames struct {
	facts *facts.Facts
	lower []string
	ids   []facts.ID
	used  uint64
}

// NewIndex makes an empty index.
func NewIndex() *Index { return &Index{files: map[string]*declaredNames{}} }

// namesOf returns the table of the file's current facts (x.mu held).
func (x *Index) namesOf(path string, f *facts.Facts) *declaredNames {
	d := x.files[path]
	if d == nil || d.facts != f {
		d = &declaredNames{facts: f}
		for id := range f.Declarations() {
			d.lower = append(d.lower, strings.ToLower(f.Entity(id).Name))
			d.ids = append(d.ids, id)
		}
		x.files[path] = d
	}
	d.used = x.query
	return d
}

// WorkspaceSymbols finds declared names (types, templates, inputs, …) in
// every file of the view's snapshot, the profiles the workspace uses
// included, by fuzzy match: exact names first, then prefixes, substrings
// and subsequences; the workspace's own names before the profiles'.
func (x *Index) WorkspaceSymbols(ctx context.Context, v *model.View, query string) []WorkspaceSymbol {
	snap := v.Snap
	q := strings.ToLower(strings.TrimSpace(query))
	x.mu.Lock()
	defer x.mu.Unlock()
	x.query++
	best := &candidates{}
	own := false
	match := func(path string, d *declaredNames, embedded bool) {
		for i, lower := range d.lower {
			rank, gaps, ok := fuzzyRank(q, lower)
			if !ok {
				continue
			}
			c := candidate{rank: rank, gaps: gaps, embedded: embedded, name: d.facts.Entity(d.ids[i]).Name, path: path, id: d.ids[i], facts: d.facts}
			if best.Len() < maxWorkspaceSymbols {
				heap.Push(best, c)
			} else if c.before(best.list[0]) {
				best.list[0] = c
				heap.Fix(best, 0)
			}
		}
	}
	// relevant are the folders of the embedded profiles the workspace's
	// files import or see implicitly (by version).
	// The files in path order, one walk of the snapshot (a lookup by path
	// per file cost more than the matching).
	var profiles []*index.File
	i := 0
	snap.Files(func(file *index.File) bool {
		if i++; i%512 == 0 && ctx.Err() != nil {
			return false
		}
		path := file.Path
		if file.Facts == nil {
			return true
		}
		if lang := file.Facts.Lang; lang == grammar.Heat || lang == grammar.HeatEnv {
			// Heat's names (parameters, resources, outputs, conditions,
			// an environment's mappings) see no profile.
			own = true
			match(path, x.namesOf(path, file.Facts), false)
			return true
		}
		if file.Facts.Lang != grammar.TOSCA {
			return true
		}
		if file.Embedded {
			profiles = append(profiles, file)
			return true
		}
		own = true
		match(path, x.namesOf(path, file.Facts), false)
		return true
	})
	if ctx.Err() != nil {
		return nil
	}
	// A 2.0 workspace does not list the 1.x normative types: only the
	// profiles its files import (or see implicitly) are searched, all of
	// them when the workspace has no TOSCA file of its own.
	relevant := x.profileFolders(snap)
	for _, file := range profiles {
		if own && !relevant[filepath.Dir(file.Path)] {
			continue
		}
		match(file.Path, x.namesOf(file.Path, file.Facts), true)
	}
	x.forgetUnused()
	return best.symbols(snap)
}

// profileFolders are the folders of the embedded profiles the workspace's
// files import or see implicitly (by version), worked out once per
// generation of the workspace's exports and imports (x.mu held).
func (x *Index) profileFolders(snap *index.Snapshot) map[string]bool {
	if x.folders != nil && x.foldersOf == snap.Generation() {
		return x.folders
	}
	folders := map[string]bool{}
	versions := map[string]bool{}
	imported := map[string]bool{}
	var embedded []string
	snap.Files(func(file *index.File) bool {
		switch {
		case file.Facts == nil || file.Facts.Lang != grammar.TOSCA:
		case file.Embedded:
			embedded = append(embedded, file.Path)
		default:
			if !versions[file.DefinitionsVersion] {
				versions[file.DefinitionsVersion] = true
				for _, p := range snap.Implicit(file) {
					folders[filepath.Dir(p)] = true
				}
			}
			for _, l := range snap.Links(file.Path) {
				imported[l.Path] = true
			}
		}
		return true
	})
	for _, p := range embedded {
		if imported[p] {
			folders[filepath.Dir(p)] = true
		}
	}
	x.folders, x.foldersOf = folders, snap.Generation()
	return folders
}

// forgetUnused drops the tables of files the last query did not meet
// (x.mu held).
func (x *Index) forgetUnused() {
	for path, d := range x.files {
		if d.used != x.query {
			delete(x.files, path)
		}
	}
}

// candidate is one matching name.
type candidate struct {
	rank, gaps int
	embedded   bool
	name, path string
	id         facts.ID
	facts      *facts.Facts
}

// before orders candidates: better match, workspace before profiles,
// shorter name, then by name, file and place.
func (c candidate) before(o candidate) bool {
	switch {
	case c.rank != o.rank:
		return c.rank < o.rank
	case c.gaps != o.gaps:
		return c.gaps < o.gaps
	case c.embedded != o.embedded:
		return !c.embedded
	case len(c.name) != len(o.name):
		return len(c.name) < len(o.name)
	case c.name != o.name:
		return c.name < o.name
	case c.path != o.path:
		return c.path < o.path
	}
	return c.id < o.id
}

// candidates keeps the best matches seen so far, the worst on top.
type candidates struct{ list []candidate }

func (h *candidates) Len() int           { return len(h.list) }
func (h *candidates) Less(i, j int) bool { return h.list[j].before(h.list[i]) }
func (h *candidates) Swap(i, j int)      { h.list[i], h.list[j] = h.list[j], h.list[i] }
func (h *candidates) Push(x any)         { h.list = append(h.list, x.(candidate)) }
func (h *candidates) Pop() any {
	last := h.list[len(h.list)-1]
	h.list = h.list[:len(h.list)-1]
	return last
}

// symbols empties the heap into the answer, best first.
func (h *candidates) symbols(snap *index.Snapshot) []WorkspaceSymbol {
	out := make([]WorkspaceSymbol, h.Len())
	containers := profileContainers(snap)
	for i := len(out) - 1; i >= 0; i-- {
		c := heap.Pop(h).(candidate)
		e := c.facts.Entity(c.id)
		container := filepath.Base(c.path)
		if name, ok := containers[filepath.Dir(c.path)]; ok && c.embedded {
			container = name
		}
		out[i] = WorkspaceSymbol{Name: c.name, Kind: DeclSymbolKind(e.Declares()), Container: container,
			Location: model.Location{Path: c.path, Span: e.NameSpan.Text()}}
	}
	return out
}

// profileContainers names the folders of the embedded profiles by their
// profile name (the shortest of its aliases).
func profileContainers(snap *index.Snapshot) map[string]string {
	out := map[string]string{}
	for _, name := range snap.ProfileNames() {
		entry := snap.Profile(name)
		if f := snap.File(entry); f == nil || !f.Embedded {
			continue
		}
		dir := filepath.Dir(entry)
		if prev, ok := out[dir]; !ok || len(name) < len(prev) {
			out[dir] = name
		}
	}
	return out
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

// fuzzyRank matches a lower-cased query against a lower-cased name: exact
// > exact last segment (`compute` for tosca.nodes.Compute) > prefix >
// prefix of the last segment > substring > subsequence. gaps orders
// matches of one rank (fewer skipped characters first). An empty query
// matches everything.
func fuzzyRank(q, name string) (rank, gaps int, ok bool) {
	if q == "" {
		return rankSubsequence, 0, true
	}
	seg := name
	if i := strings.LastIndexAny(name, ".:"); i >= 0 {
		seg = name[i+1:]
	}
	switch {
	case name == q:
		return rankExact, 0, true
	case seg == q:
		return rankExactSegment, 0, true
	case strings.HasPrefix(name, q):
		return rankPrefix, len(name) - len(q), true
	case strings.HasPrefix(seg, q):
		return rankSegmentPrefix, len(seg) - len(q), true
	}
	if i := strings.Index(name, q); i >= 0 {
		return rankSubstring, i, true
	}
	// Subsequence: every query character in order.
	i, first, last := 0, -1, -1
	for j := 0; j < len(name) && i < len(q); j++ {
		if name[j] == q[i] {
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
