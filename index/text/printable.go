package text

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Printable returns s as it may be written into line-oriented text output
// (a terminal, a log, a CI job's output): every character that could end
// a line, move the cursor, recolour the terminal or reorder what is shown
// is written as a Go escape (\n, \r, \t, \x1b, \u2028, \u202e), and so is
// each byte that is not UTF-8. A file name or a YAML key holding such a
// character can then no longer forge a line of the output. Other text,
// backslashes included (Windows paths), is kept as it is.
func Printable(s string) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unprintable(r, size) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case unprintable(r, size):
			// QuoteRune escapes exactly these as \n, \x1b, \u2028…; drop its quotes.
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unprintable reports whether the rune decoded with size bytes must be
// escaped: invalid UTF-8, C0 and C1 controls and DEL, the line and
// paragraph separators, and the bidirectional embedding, override and
// isolate controls (text shown in another order than it is written).
func unprintable(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case r < 0x20, r >= 0x7f && r < 0xa0:
		return true
	case r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return false
}
