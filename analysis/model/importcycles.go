package model

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
)

// importCycles are the files of the import graph's cycles, with what gives
// each of them a cycle through it: in each strongly connected component
// (see Cycles), the shortest imports from every file to the component's
// first file (its root) and from the root to every file. A cycle through
// a file is then its way to the root and the root's way back to it, read
// off the two breadth-first trees: the whole graph costs two walks of
// each component, however many files and imports it has (a search from
// every import of every file was cubic in 400 files importing each other).
//
// Walks over imports use the components too: once a walk has seen every
// file of a component and every file its plain imports lead to out of it,
// the rest of its files lead nowhere new (400 files importing each other
// made each walk read 160,000 imports; it reads 800).
type importCycles struct {
	files map[string]*cycleFile
	comps []cycleComponent
}

// cycleComponent is a component: its number of files, and the files out of
// it that its imports without a namespace lead to.
type cycleComponent struct {
	size  int
	exits []string
}

// cycleFile is one file of a component.
type cycleFile struct {
	comp int
	root string
	// toRoot is the file it imports on its shortest way to the root (""
	// for the root), toDepth the length of that way.
	toRoot  string
	toDepth int
	// fromDepth is the length of the root's shortest way to the file, and
	// fromFirst the first files of that way after the root, up to
	// diag.MaxListed of them (the file itself last, when that short).
	fromDepth int
	fromFirst []string
}

// importCycles returns the import cycles of the program, found once.
func (v *View) importCycles() *importCycles {
	p := v.prog
	if p.base != nil {
		p = p.base
	}
	p.sccsOnce.Do(func() { p.sccs = v.findImportCycles() })
	return p.sccs
}

func (v *View) findImportCycles() *importCycles {
	imports := func(path string) []string {
		var out []string
		for _, l := range v.Snap.Links(path) {
			if l.Path != "" {
				out = append(out, l.Path)
			}
		}
		return out
	}
	out := &importCycles{files: map[string]*cycleFile{}}
	for i, scc := range Cycles(v.Snap.Paths(), imports, strings.Compare) {
		root := scc[0]
		for _, path := range scc {
			out.files[path] = &cycleFile{comp: i, root: root}
		}
		in := func(path string) bool { f, ok := out.files[path]; return ok && f.root == root }
		comp := cycleComponent{size: len(scc)}
		exits := map[string]bool{}
		for _, path := range scc {
			for _, l := range v.Snap.Links(path) {
				if l.Path != "" && l.Import.Namespace == "" && !in(l.Path) && !exits[l.Path] {
					exits[l.Path] = true
					comp.exits = append(comp.exits, l.Path)
				}
			}
		}
		out.comps = append(out.comps, comp)
		importers := map[string][]string{}
		for _, path := range scc {
			for _, to := range imports(path) {
				if in(to) {
					importers[to] = append(importers[to], path)
				}
			}
		}
		// The ways to the root: backwards from it along the imports.
		seen := map[string]bool{root: true}
		for queue := []string{root}; len(queue) > 0; queue = queue[1:] {
			to := queue[0]
			for _, from := range importers[to] {
				if !seen[from] {
					seen[from] = true
					out.files[from].toRoot, out.files[from].toDepth = to, out.files[to].toDepth+1
					queue = append(queue, from)
				}
			}
		}
		// The ways from the root.
		seen = map[string]bool{root: true}
		for queue := []string{root}; len(queue) > 0; queue = queue[1:] {
			from := out.files[queue[0]]
			for _, to := range imports(queue[0]) {
				if !in(to) || seen[to] {
					continue
				}
				seen[to] = true
				f := out.files[to]
				f.fromDepth, f.fromFirst = from.fromDepth+1, from.fromFirst
				if f.fromDepth <= diag.MaxListed {
					f.fromFirst = append(from.fromFirst[:len(from.fromFirst):len(from.fromFirst)], to)
				}
				queue = append(queue, to)
			}
		}
	}
	return out
}

// cycle returns a cycle of imports through path: the file it imports first
// on it, the cycle's length in files and its first files from path on (at
// most diag.MaxListed); ok is false when path is on no cycle.
func (c *importCycles) cycle(v *View, path string) (next string, n int, first []string, ok bool) {
	f := c.files[path]
	if f == nil {
		return "", 0, nil, false
	}
	if path == f.root {
		// The root's cycle goes through its first import in the component.
		for _, l := range v.Snap.Links(path) {
			if g := c.files[l.Path]; l.Path != "" && g != nil && g.root == f.root {
				next = l.Path
				break
			}
		}
		first = []string{path}
		for x := next; x != "" && x != path && len(first) < diag.MaxListed; x = c.files[x].toRoot {
			first = append(first, x)
		}
		if next == path {
			return next, 1, first, true
		}
		return next, 1 + c.files[next].toDepth, first, true
	}
	for x := path; x != f.root && len(first) < diag.MaxListed; x = c.files[x].toRoot {
		first = append(first, x)
	}
	if len(first) < diag.MaxListed {
		first = append(first, f.root)
		first = append(first, f.fromFirst[:min(len(f.fromFirst), diag.MaxListed-len(first))]...)
	}
	n = f.toDepth + f.fromDepth
	return f.toRoot, n, first[:min(len(first), n)], true
}
