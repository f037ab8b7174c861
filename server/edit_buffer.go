package server

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// editBuffer holds a document's text while a didChange's edits are applied
// to it, as a sequence of chunks that each know how many line breaks they
// hold: an edit finds its line by counting chunks, not bytes, and rewrites
// one chunk, not the whole text. A batch of 20,000 edits on a 2 MB document
// (multi-cursor, replace all) so costs a pass over the chunks and a chunk
// copy per edit, not a copy and a line table of the whole text per edit.
//
// Chunks never split a "\r\n" nor start inside a UTF-8 sequence, so that
// line breaks and UTF-16 columns count the same per chunk as in the whole
// text. Only the last chunk may end the document; none is empty unless it
// is the only one.
type editBuffer struct {
	chunks []editChunk
	// size is the target chunk size; a piece is cut once it is twice as long.
	size int
}

type editChunk struct {
	text   string
	breaks int // line breaks ("\n", "\r\n" or a lone "\r")
	units  int // UTF-16 code units, -1 until needed
	// loneCR is set when a "\r" not followed by "\n" breaks a line: else
	// every break ends with a "\n", which is quicker to look for.
	loneCR bool
}

// editChunkSize is the chunk size of didChange's buffers: small enough to
// copy per edit, large enough that a 16 MB document is 4,000 chunks.
const editChunkSize = 4 << 10

func newEditBuffer(src string, size int) *editBuffer {
	b := &editBuffer{size: size}
	b.chunks = b.cut(src)
	if len(b.chunks) == 0 {
		b.chunks = []editChunk{{}}
	}
	return b
}

// cut splits s into chunks of about b.size bytes at the seams chunks
// allow.
func (b *editBuffer) cut(s string) []editChunk {
	var out []editChunk
	for len(s) > 0 {
		n := len(s)
		if n >= 2*b.size {
			n = b.size
			for n < len(s) && !seamAt(s[:n], s[n:]) {
				n++
			}
		}
		out = append(out, newEditChunk(s[:n]))
		s = s[n:]
	}
	return out
}

func newEditChunk(s string) editChunk {
	lf, cr, crlf := strings.Count(s, "\n"), strings.Count(s, "\r"), strings.Count(s, "\r\n")
	return editChunk{text: s, breaks: lf + cr - crlf, units: -1, loneCR: cr > crlf}
}

// seamAt reports whether text may be cut between left and right: not
// inside a "\r\n", not before a byte that continues a UTF-8 sequence.
func seamAt(left, right string) bool {
	if left == "" || right == "" {
		return true
	}
	return utf8.RuneStart(right[0]) && !(left[len(left)-1] == '\r' && right[0] == '\n')
}

// pos is a position in the buffer: a chunk and an offset in it, below the
// chunk's length except at the document's end (so each offset of the text
// has one pos).
type pos struct{ chunk, off int }

func (p pos) after(q pos) bool {
	return p.chunk > q.chunk || p.chunk == q.chunk && p.off > q.off
}

func (b *editBuffer) end() pos {
	last := len(b.chunks) - 1
	return pos{last, len(b.chunks[last].text)}
}

// normal moves an offset at a chunk's end to the next chunk's start.
func (b *editBuffer) normal(p pos) pos {
	if p.off == len(b.chunks[p.chunk].text) && p.chunk+1 < len(b.chunks) {
		return pos{p.chunk + 1, 0}
	}
	return p
}

// locate is the position of a 0-based line and UTF-16 column, with the
// clamping of text.Lines.OffsetOfUTF16: columns past the line end clamp to
// it, lines past the end to the document's end, and a column inside a
// surrogate pair rounds down.
func (b *editBuffer) locate(line, char int) pos {
	p, ok := b.lineStart(line)
	if !ok {
		return b.end()
	}
	n := 0
	for {
		c := &b.chunks[p.chunk]
		if p.off == 0 && c.breaks == 0 && n+b.units(p.chunk) <= char {
			// The whole chunk lies inside the line and the column.
			n += c.units
			p.off = len(c.text)
		} else {
			for p.off < len(c.text) {
				if ch := c.text[p.off]; ch == '\n' || ch == '\r' {
					return b.normal(p)
				}
				r, size := utf8.DecodeRuneInString(c.text[p.off:])
				w := utf16.RuneLen(r)
				if n+w > char {
					return b.normal(p)
				}
				n += w
				p.off += size
			}
		}
		if p.chunk+1 == len(b.chunks) {
			return p
		}
		p = pos{p.chunk + 1, 0}
	}
}

// lineStart is the position where line starts; ok is false past the last
// line.
func (b *editBuffer) lineStart(line int) (p pos, ok bool) {
	if line <= 0 {
		return pos{}, true
	}
	seen := 0
	for i := range b.chunks {
		c := &b.chunks[i]
		if seen+c.breaks < line {
			seen += c.breaks
			continue
		}
		// The (line-seen)th break of this chunk ends right before the line.
		off := 0
		for k := line - seen; k > 0; k-- {
			if !c.loneCR {
				off += strings.IndexByte(c.text[off:], '\n') + 1
				continue
			}
			off += strings.IndexAny(c.text[off:], "\r\n")
			if c.text[off] == '\r' && off+1 < len(c.text) && c.text[off+1] == '\n' {
				off++
			}
			off++
		}
		return b.normal(pos{i, off}), true
	}
	return pos{}, false
}

func (b *editBuffer) units(i int) int {
	c := &b.chunks[i]
	if c.units < 0 {
		c.units = 0
		for _, r := range c.text {
			c.units += utf16.RuneLen(r)
		}
	}
	return c.units
}

// replace replaces the text from start to end (start not after end).
func (b *editBuffer) replace(start, end pos, with string) {
	lo, hi := start.chunk, end.chunk+1 // chunks [lo, hi) are rewritten
	middle := b.chunks[start.chunk].text[:start.off] + with + b.chunks[end.chunk].text[end.off:]
	// The rewritten text must meet its neighbours at seams chunks allow.
	if middle == "" && lo > 0 && hi < len(b.chunks) && !seamAt(b.chunks[lo-1].text, b.chunks[hi].text) {
		middle = b.chunks[lo-1].text + b.chunks[hi].text
		lo, hi = lo-1, hi+1
	}
	for lo > 0 && middle != "" && !seamAt(b.chunks[lo-1].text, middle) {
		middle = b.chunks[lo-1].text + middle
		lo--
	}
	for hi < len(b.chunks) && middle != "" && !seamAt(middle, b.chunks[hi].text) {
		middle += b.chunks[hi].text
		hi++
	}
	b.chunks = slices.Replace(b.chunks, lo, hi, b.cut(middle)...)
	if len(b.chunks) == 0 {
		b.chunks = []editChunk{{}}
	}
}

func (b *editBuffer) String() string {
	if len(b.chunks) == 1 {
		return b.chunks[0].text
	}
	n := 0
	for _, c := range b.chunks {
		n += len(c.text)
	}
	var out strings.Builder
	out.Grow(n)
	for _, c := range b.chunks {
		out.WriteString(c.text)
	}
	return out.String()
}
