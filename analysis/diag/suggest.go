package diag

import (
	"math/bits"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Suggest returns up to three candidates closest to s, for "did you mean":
// those within a few edits of s (fewer for a short name) and, for a name of
// three letters or more, those holding it (a completed prefix first), case
// ignored. The candidates may come in several lists.
func Suggest(s string, lists ...[]string) []string {
	return NewCandidates(lists...).Suggest(s)
}

// Candidates are names prepared for Suggest, to be asked of many names: a
// file can hold thousands of unknown names, each against the thousands of
// templates or types it may have meant, some of them long. Each candidate
// is lowered, measured and summarised once; a name then costs a search of
// all candidates' text for the ones holding it, and, for the others, a
// comparison of lengths and letters before any edit distance, which is
// computed near its diagonal only and given up at the first row that
// exceeds the threshold.
type Candidates struct {
	names []string
	lower []string
	runes []int32
	// letters has a bit for each bucket of letters a candidate holds.
	letters []uint64
	// byLength lists the candidates by their number of runes.
	byLength []int32
	// joined is every lowered candidate, each between NULs, starting at
	// starts[i].
	joined  string
	starts  []int
	longest int
}

// NewCandidates prepares the names of lists, in order.
func NewCandidates(lists ...[]string) *Candidates {
	c := &Candidates{}
	for _, list := range lists {
		c.names = append(c.names, list...)
	}
	n := len(c.names)
	c.lower, c.runes, c.letters, c.starts = make([]string, n), make([]int32, n), make([]uint64, n), make([]int, n)
	var joined strings.Builder
	joined.WriteByte(0)
	for i, name := range c.names {
		lc := strings.ToLower(name)
		c.lower[i], c.runes[i], c.letters[i] = lc, int32(utf8.RuneCountInString(lc)), lettersOf(lc)
		c.starts[i] = joined.Len()
		joined.WriteString(lc)
		joined.WriteByte(0)
		c.longest = max(c.longest, len(name))
	}
	c.joined = joined.String()
	c.byLength = make([]int32, n)
	for i := range c.byLength {
		c.byLength[i] = int32(i)
	}
	slices.SortStableFunc(c.byLength, func(a, b int32) int { return int(c.runes[a] - c.runes[b]) })
	return c
}

// Suggest returns up to three candidates closest to s (see Suggest), ties
// going to the first.
func (c *Candidates) Suggest(s string) []string {
	type scored struct {
		i    int
		dist int
	}
	var best []scored
	var q query
	c.match(&q, s, func(i, d int) { best = append(best, scored{i, d}) })
	slices.SortFunc(best, func(a, b scored) int {
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		return a.i - b.i
	})
	var out []string
	for k := 0; k < len(best) && len(out) < 3; k++ {
		if name := c.names[best[k].i]; name != s {
			out = append(out, name)
		}
	}
	return out
}

// A Suggester finds the suggestions for one name among several sets of
// candidates: the three closest, ties going to the set added with the
// lower rank, then to the name first in order. Names the sets share are
// suggested once.
type Suggester struct {
	s    string
	q    query
	best []match
}

type match struct {
	name       string
	dist, rank int
}

// NewSuggester starts the search for suggestions for s.
func NewSuggester(s string) *Suggester { return &Suggester{s: s} }

// Add considers the candidates of c.
func (g *Suggester) Add(c *Candidates, rank int) {
	c.match(&g.q, g.s, func(i, d int) { g.best = append(g.best, match{c.names[i], d, rank}) })
}

// Best is the three closest candidates found.
func (g *Suggester) Best() []string {
	slices.SortFunc(g.best, func(a, b match) int {
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return strings.Compare(a.name, b.name)
	})
	var out []string
	for _, m := range g.best {
		if len(out) == 3 {
			break
		}
		if m.name != g.s && !slices.Contains(out, m.name) {
			out = append(out, m.name)
		}
	}
	return out
}

// match calls found with the index and distance of each candidate that may
// be suggested for s; q is prepared for s on first use.
func (c *Candidates) match(q *query, s string, found func(i, dist int)) {
	limit := min(len(s)/3+1, 4)
	// s has at least len(s)/4 runes, a candidate at most as many as bytes:
	// a name of a megabyte is not even lowered when none is that long.
	if c == nil || c.longest < len(s)/utf8.UTFMax-limit {
		return
	}
	if !q.ready {
		*q = query{lower: strings.ToLower(s), limit: limit, ready: true}
		q.runes = []rune(q.lower)
		q.letters = lettersOf(q.lower)
	}
	var holding map[int]bool
	if len(s) >= 3 {
		// Candidates holding the name: found in the text of all of them.
		for at := 0; ; {
			k := strings.Index(c.joined[at:], q.lower)
			if k < 0 {
				break
			}
			at += k
			i := sort.SearchInts(c.starts, at+1) - 1
			end := c.starts[i] + len(c.lower[i])
			if at+len(q.lower) <= end {
				d := int(c.runes[i]) - len(q.runes)
				if at == c.starts[i] {
					d = 1 // a completed prefix is the likeliest meaning
				}
				found(i, d)
				if holding == nil {
					holding = map[int]bool{}
				}
				holding[i] = true
			}
			at = end
		}
	}
	n := int32(len(q.runes))
	from := sort.Search(len(c.byLength), func(k int) bool { return c.runes[c.byLength[k]] >= n-int32(limit) })
	for _, i32 := range c.byLength[from:] {
		i := int(i32)
		if c.runes[i] > n+int32(limit) {
			break
		}
		if holding != nil && holding[i] || max(bits.OnesCount64(q.letters&^c.letters[i]), bits.OnesCount64(c.letters[i]&^q.letters)) > limit {
			continue
		}
		if d := q.distance(c.lower[i]); d <= limit {
			found(i, d)
		}
	}
}

// query is a name to find suggestions for, with the buffers its edit
// distances reuse.
type query struct {
	ready   bool
	lower   string
	runes   []rune
	letters uint64
	limit   int
	cand    []rune
	prev    []int
	cur     []int
}

// distance is the edit distance of candidate lc from the name, or more than
// the limit once it is sure to exceed it. Their lengths differ by at most
// the limit.
func (q *query) distance(lc string) int {
	q.cand = q.cand[:0]
	for _, r := range lc {
		q.cand = append(q.cand, r)
	}
	a, b := q.runes, q.cand
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 || len(b) == 0 {
		return max(len(a), len(b))
	}
	limit, over := q.limit, q.limit+1
	m := len(b)
	q.prev, q.cur = grow(q.prev, m+1), grow(q.cur, m+1)
	prev, cur := q.prev, q.cur
	for j := range prev {
		prev[j] = over
		if j <= limit {
			prev[j] = j
		}
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(m, i+limit)
		cur[lo-1] = over
		if lo == 1 && i <= limit {
			cur[0] = i
		}
		rowMin := cur[lo-1]
		for j := lo; j <= hi; j++ {
			d := prev[j-1]
			if a[i-1] != b[j-1] {
				d++
			}
			d = min(d, prev[j]+1, cur[j-1]+1, over)
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		if hi < m {
			cur[hi+1] = over
		}
		if rowMin > limit {
			return over
		}
		prev, cur = cur, prev
	}
	return prev[m]
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// lettersOf has a bit for each bucket of letters s holds: where a name has
// k buckets the other lacks, they are at least k edits apart (an edit
// brings one letter to either side), and sharing buckets between letters
// only lowers that bound.
func lettersOf(s string) uint64 {
	var m uint64
	for _, r := range s {
		m |= 1 << bucket(r)
	}
	return m
}

func bucket(r rune) int {
	switch {
	case r >= 'a' && r <= 'z':
		return int(r - 'a')
	case r >= '0' && r <= '9':
		return 26 + int(r-'0')
	}
	return 36 + int(r)%28
}
