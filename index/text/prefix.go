package text

import "bytes"

// LinesThrough indexes src only as far as the end of the line holding off:
// the line and UTF-16 column of every offset up to off are those of a
// whole-document index. `check` asks a few positions of each of thousands
// of files, most of them near the top (imports), and indexing every line
// of every file cost more than the rest of its output.
func LinesThrough(src []byte, off int) *Lines {
	if off < 0 {
		off = 0
	}
	if off >= len(src) {
		return NewLines(src)
	}
	// The first "\n" at or after off ends off's line, or is the second
	// byte of the "\r\n" ending it, or ends the line after a lone "\r"
	// ending it: in each case every break up to it is whole.
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return NewLines(src[:off+i+1])
	}
	return NewLines(src)
}
