package index

import (
	"encoding/binary"
	"hash/maphash"
	"maps"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/index/parallel"
)

// Per-file keys. A file's key digests what it shows other files (its own
// digest: its export hash, how its imports resolved, the profile that
// shadows it) and the keys of everything it reads: its imports, its Heat
// edges (heat.go), the file winning its profile name, and the embedded
// profiles, which every file may see implicitly. Two snapshots in which a
// file has the same key give it the same view of every declaration it can
// reach, so what the model computed for it (or for a declaration of it)
// stays valid: gopls keys its packages this way. Keys are worked out at the
// end of each build for the files whose own digest or edges changed and the
// files depending on them, and for no other: typing inside a template
// changes no export, hence no key; an export changed changes the keys of the
// file and its dependents only. Files reading each other (an import cycle,
// an environment and the templates using its names) share the digest of
// their cycle.

// fileKey is the key of one file and its own digest.
type fileKey struct {
	own, key uint64
}

// keySeed seeds the digests of this process (keys are never stored).
var keySeed = maphash.MakeSeed()

// digest accumulates what a key digests, and hashes it at once (sum): a
// file's own digest takes a dozen paths, and hashing each as it comes cost
// more than copying it. A digest is reused from one key to the next.
type digest struct{ buf []byte }

func (d *digest) str(s string) {
	d.buf = append(append(d.buf, s...), 0)
}

func (d *digest) num(x uint64) {
	d.buf = binary.LittleEndian.AppendUint64(d.buf, x)
}

func (d *digest) flag(x bool) {
	if x {
		d.buf = append(d.buf, 1)
	} else {
		d.buf = append(d.buf, 0)
	}
}

// sum hashes what was written since the last sum.
func (d *digest) sum() uint64 {
	h := maphash.Bytes(keySeed, d.buf)
	d.buf = d.buf[:0]
	return h
}

// ownDigest is what the file at path shows the files reading it.
func (b *builder) ownDigest(d *digest, path string, f *File) uint64 {
	d.str(path)
	d.num(uint64(f.Dialect))
	d.flag(f.Embedded)
	d.flag(f.Fallback)
	if f.Facts != nil {
		d.num(f.Facts.ExportHash)
	}
	// The imports' namespaces are in the export hash (reading them from
	// each import cost a trip to memory per import).
	links, _ := b.links.Get(path)
	for _, l := range links {
		d.str(l.Path)
		if p := l.Problem; p != nil {
			d.str(p.Code)
			d.str(p.Message)
			d.flag(p.Warning)
			d.flag(p.Pending)
		}
		d.flag(true)
	}
	shadow, _ := b.shadowed.Get(path)
	d.str(shadow)
	return d.sum()
}

// ownDigests are the files at paths (nil: gone), their own digests, and
// the keys they had, worked out on every core when they are many:
// digesting the links of a scan's thousands of files a path at a time took
// a fifth of its build on one core.
func (b *builder) ownDigests(paths []string) []rekeying {
	out := make([]rekeying, len(paths))
	digestOne := func(d *digest, i int) {
		r := &out[i]
		r.old, r.had = b.keys.Get(paths[i])
		if f, ok := b.peek(paths[i]); ok {
			r.file, r.own = f, b.ownDigest(d, paths[i], f)
		}
	}
	if len(paths) < parallelDigests {
		var d digest
		for i := range paths {
			digestOne(&d, i)
		}
		return out
	}
	// A digest reads the build's maps only, which nothing writes meanwhile.
	parallel.Each(len(paths), func() func(int) {
		var d digest
		return func(i int) { digestOne(&d, i) }
	})
	return out
}

// rekeying is a file (nil: gone), its own digest and the key it had (if
// it had).
type rekeying struct {
	file *File
	own  uint64
	old  fileKey
	had  bool
}

// parallelDigests is the number of files from which their own digests, and
// their edges (see keyComponents), are worked out on every core.
const parallelDigests = 256

// deps calls fn with every file the file at path reads, in order.
func (b *builder) deps(path string, fn func(string)) {
	links, _ := b.links.Get(path)
	for _, l := range links {
		if l.Path != "" {
			fn(l.Path)
		}
	}
	for _, p := range b.s.heat.deps[path] {
		fn(p)
	}
	// A file whose profile name another file wins points at that file's
	// declaration of it (duplicate-profile).
	if w, _ := b.shadowed.Get(path); w != "" {
		fn(w)
	}
}

// dependents calls fn with every file that reads the file at path.
func (b *builder) dependents(path string, fn func(string)) {
	for _, p := range b.importers(path) {
		fn(p)
	}
	users, _ := b.heatUsers.Get(path)
	for _, p := range users {
		fn(p)
	}
	if f, ok := b.file(path); ok && f.ProfileName != "" {
		if w, _ := b.profiles.Get(f.ProfileName); w == path {
			for _, p := range slices.Sorted(maps.Keys(b.s.shadows[f.ProfileName])) {
				fn(p)
			}
		}
	}
}

// heatMoved keeps the reverse Heat edges when a file's edges change, and
// marks it for a new key.
func (b *builder) heatMoved(path string, before, after []string) {
	b.rekeyAlso(path)
	for _, t := range before {
		if !slices.Contains(after, t) {
			users, _ := b.heatUsers.Get(t)
			users = slices.DeleteFunc(slices.Clone(users), func(u string) bool { return u == path })
			if len(users) == 0 {
				b.heatUsers.Delete(t)
			} else {
				b.heatUsers.Set(t, users)
			}
		}
	}
	for _, t := range after {
		if !slices.Contains(before, t) {
			users, _ := b.heatUsers.Get(t)
			b.heatUsers.Set(t, append(slices.Clip(users), path))
		}
	}
	b.heatEnvsChanged = true
}

// rekeyAlso marks a file whose edges changed without its own digest.
func (b *builder) rekeyAlso(path string) {
	if b.moved == nil {
		b.moved = map[string]bool{}
	}
	b.moved[path] = true
}

// rekey works out the keys of the files whose own digest or edges changed
// in this build, and of the files depending on them.
func (b *builder) rekey() {
	seeds := make(map[string]bool, len(b.changed))
	full := b.prev == nil
	paths := make([]string, 0, len(b.changed))
	for p := range b.changed {
		paths = append(paths, p)
	}
	for i, r := range b.ownDigests(paths) {
		p, f, own, old, had := paths[i], r.file, r.own, r.old, r.had
		if f == nil {
			if had {
				b.keys.Delete(p)
				b.generation ^= old.own
				b.rekeyed = append(b.rekeyed, p)
				seeds[p] = true
				full = full || b.embeddedFile(p)
			}
			continue
		}
		if had && own == old.own && !b.moved[p] {
			continue
		}
		if !had || own != old.own {
			b.generation ^= old.own ^ own
			if f.Embedded || had && b.embeddedFile(p) {
				full = true
			}
		}
		b.keys.Set(p, fileKey{own: own, key: old.key})
		seeds[p] = true
	}
	for p := range b.moved {
		if _, ok := b.file(p); ok {
			seeds[p] = true
		}
	}
	b.moved = nil
	if len(seeds) == 0 && !full {
		return
	}
	var affected []string
	if all := b.files.Map(); full || 2*len(seeds) > all.Len() {
		// Every file: when most are seeds (a scan), walking the dependents
		// of each costs more than keying the few others again, which come
		// out as they were.
		var d digest
		it := all.Iterator()
		for !it.Done() {
			p, f, _ := it.Next()
			if _, ok := b.keys.Get(p); full && !ok {
				b.keys.Set(p, fileKey{own: b.ownDigest(&d, p, f)})
			}
			affected = append(affected, p)
		}
		if full {
			b.embedded = 0
			for _, p := range affected {
				if b.embeddedFile(p) {
					k, _ := b.keys.Get(p)
					b.embedded ^= k.own
				}
			}
		}
	} else {
		// The seeds are the files seen first; the order of the walk does
		// not change the keys.
		queue := make([]string, 0, len(seeds))
		for p := range seeds {
			queue = append(queue, p)
		}
		for i := 0; i < len(queue); i++ {
			b.dependents(queue[i], func(d string) {
				if !seeds[d] {
					seeds[d] = true
					queue = append(queue, d)
				}
			})
		}
		for _, p := range queue {
			if _, ok := b.file(p); ok {
				affected = append(affected, p)
			}
		}
	}
	b.keyComponents(affected)
}

func (b *builder) embeddedFile(path string) bool {
	return b.s.embedded != nil && b.s.embedded.files[path] != nil
}

// keyComponents works out the keys of the files affected, whose
// dependencies outside affected keep theirs: the strongly connected
// components of the graph of their edges (Tarjan's algorithm, iterative),
// each found after every component it reads.
func (b *builder) keyComponents(affected []string) {
	index := make(map[string]int, len(affected))
	for i, p := range affected {
		index[p] = i
	}
	edges := make([][]int, len(affected))
	outside := make([][]string, len(affected))
	// The keys of the files affected, read once and kept as they change:
	// their edges are read many times.
	keys := make([]fileKey, len(affected))
	read := func(i int) {
		keys[i], _ = b.keys.Get(affected[i])
		b.deps(affected[i], func(d string) {
			if j, ok := index[d]; ok {
				edges[i] = append(edges[i], j)
			} else {
				outside[i] = append(outside[i], d)
			}
		})
	}
	if len(affected) < parallelDigests {
		for i := range affected {
			read(i)
		}
	} else {
		// As ownDigests: the build's maps are only read meanwhile.
		parallel.Each(len(affected), func() func(int) { return read })
	}
	const unvisited = -1
	order := make([]int, len(affected))
	low := make([]int, len(affected))
	onStack := make([]bool, len(affected))
	for i := range order {
		order[i] = unvisited
	}
	var stack []int
	var d digest
	type frame struct{ node, next int }
	var frames []frame
	counter := 0
	for root := range affected {
		if order[root] != unvisited {
			continue
		}
		frames = append(frames, frame{root, 0})
		order[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		onStack[root] = true
		for len(frames) > 0 {
			top := &frames[len(frames)-1]
			v := top.node
			if top.next < len(edges[v]) {
				w := edges[v][top.next]
				top.next++
				switch {
				case order[w] == unvisited:
					order[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					frames = append(frames, frame{w, 0})
				case onStack[w]:
					low[v] = min(low[v], order[w])
				}
				continue
			}
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				u := frames[len(frames)-1].node
				low[u] = min(low[u], low[v])
			}
			if low[v] != order[v] {
				continue
			}
			i := len(stack) - 1
			for stack[i] != v {
				i--
			}
			comp := stack[i:]
			b.keyComponent(&d, affected, keys, comp, edges, outside)
			for _, w := range comp {
				onStack[w] = false
			}
			stack = stack[:i]
		}
	}
}

// keyComponent sets the keys of one component, whose dependencies outside
// it have theirs; keys are those of the files affected.
func (b *builder) keyComponent(d *digest, affected []string, keys []fileKey, comp []int, edges [][]int, outside [][]string) {
	keyOf := func(p string) uint64 {
		k, _ := b.keys.Get(p)
		return k.key
	}
	cyclic := len(comp) > 1 || slices.Contains(edges[comp[0]], comp[0])
	var shared uint64
	if cyclic {
		// By path, so that the digest does not depend on the walk.
		members := slices.Clone(comp)
		slices.SortFunc(members, func(x, y int) int { return strings.Compare(affected[x], affected[y]) })
		in := make(map[int]bool, len(members))
		for _, n := range members {
			in[n] = true
		}
		d.num(b.embedded)
		for _, n := range members {
			d.num(keys[n].own)
		}
		for _, n := range members {
			for _, w := range edges[n] {
				if !in[w] {
					d.num(keys[w].key)
				}
			}
			for _, o := range outside[n] {
				d.str(o)
				d.num(keyOf(o))
			}
		}
		shared = d.sum()
	}
	for _, n := range comp {
		p := affected[n]
		k := keys[n]
		d.num(k.own)
		if cyclic {
			d.num(shared)
		} else {
			d.num(b.embedded)
			for _, w := range edges[n] {
				d.num(keys[w].key)
			}
			for _, o := range outside[n] {
				d.str(o)
				d.num(keyOf(o))
			}
		}
		key := d.sum()
		if key != k.key {
			b.rekeyed = append(b.rekeyed, p)
			keys[n].key = key
			b.keys.Set(p, keys[n])
		}
	}
}

// Key is the key of the file at path (0 when the snapshot does not know
// it): equal in two snapshots when the file sees the same declarations
// through everything it reads.
func (s *Snapshot) Key(path string) uint64 {
	k, _ := s.keys.Get(path)
	return k.key
}

// Generation digests the own digests of every file: equal in two snapshots
// when no file's exports and no import changed.
func (s *Snapshot) Generation() uint64 { return s.generation }

// Rekeyed lists the files whose key changed (or that are gone) in the
// build that made this snapshot, sorted.
func (s *Snapshot) Rekeyed() []string {
	s.sortRekeyed.Do(func() { slices.Sort(s.rekeyed) })
	return s.rekeyed
}

// HeatEnvironments lists the Heat environment files, sorted.
func (s *Snapshot) HeatEnvironments() []string { return s.heatEnvs }
