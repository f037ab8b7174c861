// Package text maps byte offsets in a document to lines and columns.
//
// Everything inside tosca-ls addresses text by byte offset. Lines and
// UTF-16 columns (what LSP speaks) are computed only at the boundaries:
// the language server and the `check` command's output.
package text

import (
	"bytes"
	"sort"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Span is a half-open byte range [Start, End) in a document.
type Span struct {
	Start, End int
}

// Contains reports whether off lies inside the span; the end offset counts
// as inside so that a cursor just after a name still touches it.
func (s Span) Contains(off int) bool { return off >= s.Start && off <= s.End }

// Len is the span's length in bytes.
func (s Span) Len() int { return s.End - s.Start }

// Lines indexes the line starts of a document. Line breaks are "\n", "\r\n"
// and a lone "\r", as in both YAML and LSP. The starts are found at the
// first question: every parse makes a line index, and those of the files
// a workspace scan parses, bound and dropped, are never asked.
type Lines struct {
	src    []byte
	once   sync.Once
	starts []int
}

// NewLines indexes src. src is retained, not copied.
func NewLines(src []byte) *Lines { return &Lines{src: src} }

// lineStarts are the offsets at which the lines start, found once.
func (l *Lines) lineStarts() []int {
	l.once.Do(func() { l.starts = lineStarts(l.src) })
	return l.starts
}

// lineStarts are the line starts of src.
func lineStarts(src []byte) []int {
	if bytes.IndexByte(src, '\r') >= 0 {
		return anyBreakStarts(src)
	}
	// Only "\n" breaks, the usual case: found by the vectorised search, in a
	// table of the exact size.
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	return starts
}

// anyBreakStarts are the line starts of src, whose breaks may be "\r\n" or
// a lone "\r".
func anyBreakStarts(src []byte) []int {
	starts := make([]int, 1, len(src)/32+1)
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return starts
}

// Count is the number of lines (a document always has at least one).
func (l *Lines) Count() int { return len(l.lineStarts()) }

// Source is the indexed text.
func (l *Lines) Source() []byte { return l.src }

func (l *Lines) clamp(off int) int {
	if off < 0 {
		return 0
	}
	if off > len(l.src) {
		return len(l.src)
	}
	return off
}

// Line is the 0-based line holding off.
func (l *Lines) Line(off int) int {
	off = l.clamp(off)
	starts := l.lineStarts()
	return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1
}

// LineStart is the offset of the first byte of line (clamped to the document).
func (l *Lines) LineStart(line int) int {
	if line < 0 {
		return 0
	}
	starts := l.lineStarts()
	if line >= len(starts) {
		return len(l.src)
	}
	return starts[line]
}

// LineEnd is the offset of the line break ending line (or the document end).
func (l *Lines) LineEnd(line int) int {
	if line < 0 {
		line = 0
	}
	starts := l.lineStarts()
	if line+1 >= len(starts) {
		return len(l.src)
	}
	end := starts[line+1] - 1
	if end > 0 && l.src[end] == '\n' && l.src[end-1] == '\r' {
		end--
	}
	return end
}

// LineText is the text of line without its line break.
func (l *Lines) LineText(line int) []byte {
	return l.src[l.LineStart(line):l.LineEnd(line)]
}

// LineCol is the 0-based line and 0-based byte column of off.
func (l *Lines) LineCol(off int) (line, col int) {
	off = l.clamp(off)
	line = l.Line(off)
	return line, off - l.lineStarts()[line]
}

// Offset is the byte offset of a 0-based line and byte column, clamped to the line.
func (l *Lines) Offset(line, col int) int {
	start, end := l.LineStart(line), l.LineEnd(line)
	if line >= len(l.lineStarts()) {
		return len(l.src)
	}
	if col < 0 {
		col = 0
	}
	if start+col > end {
		return end
	}
	return start + col
}

// UTF16 is the 0-based line and UTF-16 column of off, as LSP counts them.
// An offset inside a multi-byte character counts from that character's
// start, one inside a "\r\n" line break from the line's end.
func (l *Lines) UTF16(off int) (line, char int) {
	off = l.clamp(off)
	line = l.Line(off)
	off = min(off, l.LineEnd(line))
	for i := l.lineStarts()[line]; i < off; {
		r, size := utf8.DecodeRune(l.src[i:])
		if i+size > off {
			break
		}
		char += utf16Len(r)
		i += size
	}
	return line, char
}

// OffsetOfUTF16 is the byte offset of a 0-based line and UTF-16 column.
// Columns past the line end clamp to it, lines past the end clamp to the
// document end, and a column inside a surrogate pair rounds down.
func (l *Lines) OffsetOfUTF16(line, char int) int {
	if line < 0 {
		return 0
	}
	starts := l.lineStarts()
	if line >= len(starts) {
		return len(l.src)
	}
	off, end := starts[line], l.LineEnd(line)
	for n := 0; off < end; {
		r, size := utf8.DecodeRune(l.src[off:end])
		w := utf16Len(r)
		if n+w > char {
			break
		}
		n += w
		off += size
	}
	return off
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// Bytes views a string as bytes without copying it. Texts in tosca-ls are
// immutable strings (one copy per file version, shared by the editor buffer,
// the facts and the tree); parsers and line indexes read them as bytes
// through this view and must never write to it.
func Bytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// Owned turns bytes just read into the file's text without copying them:
// the caller hands them over and must never write to them again.
func Owned(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
