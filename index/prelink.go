package index

import (
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/tosca-ls/tosca-ls/index/parallel"
)

// parallelLinks is the number of dirty files from which link resolves
// them on every core (see prelink).
const parallelLinks = 256

// prelinks is what prelink worked out for link's queue: the links of its
// files by index (none for the files link resolves itself: see ok), and
// the paths their links point at, by slot.
type prelinks struct {
	files   []prelinked
	targets []string
}

// ok reports whether prelink worked out the links of the file at index i
// of the queue.
func (p *prelinks) ok(i int) bool {
	return i < len(p.files) && p.files[i].links != nil
}

// prelinked is the links of a file of link's queue as prelink worked
// them out, for link to record (see recordPrelinked): the paths of missing
// files (or not TOSCA) it waits for, whether the sandbox refused one of its
// imports, whether the links are those it had or it had none, and the
// slots of the files they point at, each once, in the order of the links;
// waited tells whether it waited for anything before (see forgetUser), and
// changed whether the build changed it already.
type prelinked struct {
	links           []Link
	wants           []string
	refused         bool
	same, first     bool
	imports         []int32
	waited, changed bool
}

// prelink works out on every core the links of the files of queue whose
// imports are all plain (a scan's files, whose targets its parse workers
// found: see plainTargets). It does what linkFile does for each, in three
// passes: the files' links are made and their targets gathered (on every
// core); the targets the build has not judged yet are judged, and the
// files there loaded, in path order (a few hundred targets for thousands
// of files; a file loaded is linked by link's next round); the links are
// settled (on every core). The passes on every core read the build and
// write nothing of it, so the outcome is linkFile's.
func (b *builder) prelink(queue []string) prelinks {
	out := prelinks{files: make([]prelinked, len(queue))}
	var mu sync.Mutex
	var gathered []map[string]bool
	parallel.Each(len(queue), func() func(int) {
		targets := map[string]bool{}
		mu.Lock()
		gathered = append(gathered, targets)
		mu.Unlock()
		return func(i int) {
			f, ok := b.peek(queue[i])
			if !ok {
				return
			}
			links := b.plainLinks(f)
			if links == nil {
				return
			}
			for _, l := range links {
				targets[l.Path] = true
			}
			out.files[i].links = links
		}
	})
	for _, targets := range gathered {
		for p := range targets {
			out.targets = append(out.targets, p)
		}
	}
	sort.Strings(out.targets)
	out.targets = slices.Compact(out.targets)
	// A target's slot and what the build found there, in one look-up.
	type slot struct {
		index  int32
		target *target
	}
	slots := make(map[string]slot, len(out.targets))
	for i, p := range out.targets {
		t, _ := b.loadTarget(p)
		slots[p] = slot{int32(i), t}
		if t.file != nil {
			out.targets[i] = t.file.Path // the string links share
		}
	}
	parallel.Each(len(queue), func() func(int) {
		// Each core's own: link's are written by one core at a time.
		var names missingNames
		// last[s] is 1 + the index of the last file pointing at slot s.
		last := make([]int, len(out.targets))
		// The slots of the files' imports, one run per file.
		var imports []int32
		return func(i int) {
			e := &out.files[i]
			if e.links == nil {
				return
			}
			start := len(imports)
			from := queue[i]
			dir := filepath.Dir(from)
			for j := range e.links {
				l := &e.links[j]
				path := l.Path
				s := slots[path]
				switch b.settle(dir, l, s.target, &names) {
				case refused:
					e.refused = true
				case wanted:
					e.wants = append(e.wants, path)
				default:
					if last[s.index] != i+1 {
						last[s.index] = i + 1
						imports = append(imports, s.index)
					}
				}
			}
			e.imports = imports[start:len(imports):len(imports)]
			old, had := b.links.Get(from)
			e.same = had && sameLinks(old, e.links)
			e.first = len(old) == 0
			e.waited = b.s.waits(from)
			e.changed = b.changed[from]
		}
	})
	return out
}

// newImporters gathers, by slot of prelinks' targets, the files link
// records for the first time, and adds them to the importers of those
// targets in one append each (see setLinks): the files of a scan import
// a few hundred targets a hundred thousand times.
type newImporters struct {
	b       *builder
	targets []string
	users   [][]string
	touched []int32
}

func (b *builder) newImporters(targets []string) *newImporters {
	return &newImporters{b: b, targets: targets, users: make([][]string, len(targets))}
}

// add records path among the importers of the targets at slots.
func (n *newImporters) add(path string, slots []int32) {
	for _, s := range slots {
		if len(n.users[s]) == 0 {
			n.touched = append(n.touched, s)
		}
		n.users[s] = append(n.users[s], path)
	}
}

// flush adds the files gathered to the build's importers, before any
// other change to them, so that their order is setLinks'.
func (n *newImporters) flush() {
	for _, s := range n.touched {
		t := n.targets[s]
		users := n.b.ownImporters(t)
		n.b.ownedImps[t] = append(users, n.users[s]...)
		n.users[s] = nil
	}
	n.touched = n.touched[:0]
}
