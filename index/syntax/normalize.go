package syntax

import "sort"

// posMap maps offsets in the normalized text (no BOM, LF line breaks) back
// to offsets in the original text. Normalization only ever drops bytes (the
// BOM and the CR of each CRLF); a lone CR is replaced by LF in place.
type posMap struct {
	// at are the normalized offsets in front of which original bytes were
	// dropped, ascending and unique.
	at []int
	// cum[i] is the number of bytes dropped before at[i]; cum has
	// len(at)+1 entries, the last being the total.
	cum []int
}

func (m *posMap) drop(normOff, n int) {
	if k := len(m.at); k > 0 && m.at[k-1] == normOff {
		m.cum[k] += n
		return
	}
	if len(m.cum) == 0 {
		m.cum = append(m.cum, 0)
	}
	m.at = append(m.at, normOff)
	m.cum = append(m.cum, m.cum[len(m.cum)-1]+n)
}

// toOrig maps a normalized offset to the original text. When bytes were
// dropped exactly at x, right selects the offset after them (for the start
// of a span) and !right the offset before them (for the end of a span).
func (m *posMap) toOrig(x int, right bool) int {
	if len(m.at) == 0 {
		return x
	}
	k := sort.SearchInts(m.at, x)
	o := x + m.cum[k]
	if right && k < len(m.at) && m.at[k] == x {
		o += m.cum[k+1] - m.cum[k]
	}
	return o
}

// toNorm maps an original offset to the normalized text; an offset inside
// dropped bytes maps to the position they were dropped at.
func (m *posMap) toNorm(o int) int {
	if len(m.at) == 0 {
		return o
	}
	// The original offset of the first dropped byte at at[i] is at[i]+cum[i].
	k := sort.Search(len(m.at), func(i int) bool { return m.at[i]+m.cum[i] >= o })
	// All runs before k start before o.
	if k == 0 {
		return o
	}
	i := k - 1
	runStart := m.at[i] + m.cum[i]
	runEnd := runStart + m.cum[i+1] - m.cum[i]
	if o < runEnd {
		return m.at[i]
	}
	return o - m.cum[i+1]
}

// normalize strips a UTF-8 BOM and turns CRLF and lone CR into LF. src is
// returned as is (not copied) when there is nothing to do.
func normalize(src []byte) ([]byte, *posMap) {
	pm := &posMap{}
	start := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		start = 3
	}
	hasCR := false
	for _, b := range src[start:] {
		if b == '\r' {
			hasCR = true
			break
		}
	}
	if !hasCR {
		if start > 0 {
			pm.drop(0, start)
		}
		return src[start:], pm
	}
	out := make([]byte, 0, len(src))
	if start > 0 {
		pm.drop(0, start)
	}
	for i := start; i < len(src); i++ {
		b := src[i]
		if b == '\r' {
			if i+1 < len(src) && src[i+1] == '\n' {
				pm.drop(len(out), 1)
				continue
			}
			b = '\n'
		}
		out = append(out, b)
	}
	return out, pm
}

// chunk is the text of one `---` document in the normalized text.
type chunk struct {
	start, end int
}

// splitDocs cuts the normalized text at document markers: a `---` line
// starts a document, a `...` line ends one. Stretches that hold no content
// (only blank, comment or directive lines) and do not start with `---` are
// merged into the following document (or the previous one at the end).
func splitDocs(src []byte) []chunk {
	type piece struct {
		start, end int
		explicit   bool
		content    bool
	}
	var pieces []piece
	cur := piece{}
	for ls := 0; ls < len(src); {
		le := ls
		for le < len(src) && src[le] != '\n' {
			le++
		}
		next := le
		if next < len(src) {
			next++
		}
		line := src[ls:le]
		switch {
		case isMarker(line, '-'):
			if ls > cur.start || cur.explicit {
				cur.end = ls
				pieces = append(pieces, cur)
			}
			cur = piece{start: ls, explicit: true, content: true}
		case isMarker(line, '.'):
			cur.end = next
			pieces = append(pieces, cur)
			cur = piece{start: next}
		default:
			if !cur.content && hasContent(line) {
				cur.content = true
			}
		}
		ls = next
	}
	cur.end = len(src)
	if cur.end > cur.start || cur.explicit || len(pieces) == 0 {
		pieces = append(pieces, cur)
	}
	// Merge content-less implicit pieces.
	var out []chunk
	pendingStart := -1
	for i, p := range pieces {
		if !p.content && !p.explicit {
			if i+1 < len(pieces) {
				if pendingStart < 0 {
					pendingStart = p.start
				}
				continue
			}
			if len(out) > 0 {
				out[len(out)-1].end = p.end
				continue
			}
		}
		c := chunk{start: p.start, end: p.end}
		if pendingStart >= 0 {
			c.start = pendingStart
			pendingStart = -1
		}
		out = append(out, c)
	}
	return out
}

func isMarker(line []byte, c byte) bool {
	if len(line) < 3 || line[0] != c || line[1] != c || line[2] != c {
		return false
	}
	return len(line) == 3 || line[3] == ' ' || line[3] == '\t'
}

// hasContent reports whether a line holds more than blanks, a comment or a
// directive.
func hasContent(line []byte) bool {
	for i, b := range line {
		switch b {
		case ' ', '\t':
			continue
		case '#':
			return false
		case '%':
			return i != 0
		}
		return true
	}
	return false
}
