package syntax

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// scanPlain scans a plain scalar (YAML 1.2 §7.3.3) from pos, to end. A
// line after which the scalar cannot continue because it holds a key
// (`name: ...`) ends the scalar; nextKeyCol is then that line's
// indentation, else -1.
func (s *scanner) scanPlain() (value string, end, nextKeyCol int) {
	flow := s.flow()
	start := s.pos
	end = start
	// folded is set once the value differs from the source text and is
	// built in buf.
	buf := s.value[:0]
	folded := false
	breaks, blanks := 0, -1
	absorbed := false
	nextKeyCol = -1
	ends := &plainBlockEnds
	if flow {
		ends = &plainFlowEnds
	}
	for {
		if s.pos == s.lineStart && s.isDocMarker(s.pos) || s.at(s.pos) == '#' {
			break
		}
		run := s.pos
		// The bytes of a run are looked up in a table of those that may
		// end it, in a loop of its own: most are none of them.
		i, src := run, s.src[:s.stop]
		for i < len(src) {
			for i < len(src) && !ends[src[i]] {
				i++
			}
			if i == len(src) || src[i] != ':' {
				break // a blank, a line break or (in a flow) an indicator
			}
			n := s.at(i + 1)
			if flow && isFlowIndicator(n) {
				break
			}
			if isBlankOrZ(n) {
				if flow || s.keys[0].possible {
					break
				}
				// `a: b: c`: the second ': ' cannot start a value, so
				// the value is read as the whole text.
				if !absorbed {
					absorbed = true
					s.errs.syntaxError(start, i, "mapping value not allowed here: quote a value that holds ': '")
				}
			}
			i++
		}
		s.pos = i
		if s.pos == run {
			break
		}
		if breaks > 0 || folded {
			if !folded {
				buf = append(buf, s.str[start:end]...)
				folded = true
			}
			switch {
			case breaks == 1:
				buf = append(buf, ' ')
			case breaks > 1:
				for i := 1; i < breaks; i++ {
					buf = append(buf, '\n')
				}
			default:
				buf = append(buf, s.src[blanks:run]...)
			}
			buf = append(buf, s.src[run:s.pos]...)
		}
		end = s.pos
		breaks = 0
		if c := s.at(s.pos); !isBlank(c) && c != '\n' && c != '\r' {
			break
		}
		blanks = s.pos
		for i = s.pos; i < s.stop; i++ {
			c := s.src[i]
			if c == ' ' {
				i = spacesEnd(s.src[:s.stop], i) - 1
				continue
			}
			if c == '\t' {
				continue
			}
			if c != '\n' && c != '\r' {
				break
			}
			if c == '\r' && i+1 < s.stop && s.src[i+1] == '\n' {
				i++
			}
			s.lineStart = i + 1
			breaks++
		}
		s.pos = i
		if breaks > 0 && s.pos < s.stop {
			spaces := s.leadingSpaces()
			if s.lineStart+spaces == s.pos {
				s.spacedTo = s.pos // no tab to look for (tabIndent)
			}
			if spaces <= s.indent {
				break
			}
			if !flow && s.keyLineAhead() {
				nextKeyCol = s.col()
				break
			}
		}
	}
	if folded {
		s.value = buf[:0]
		return s.copied(buf), end, nextKeyCol
	}
	return s.str[start:end], end, nextKeyCol
}

// The bytes that may end a run of a plain scalar's text: a blank, a line
// break, a ':' (before a blank) and, inside [ ] and { }, a flow indicator.
var plainBlockEnds, plainFlowEnds = func() (block, flow [256]bool) {
	for _, c := range " \t\n\r:" {
		block[c], flow[c] = true, true
	}
	for _, c := range ",[]{}" {
		flow[c] = true
	}
	return block, flow
}()

// keyLineAhead reports whether the rest of the line from pos holds a ': '
// (before any comment): a block plain scalar never continues on it.
func (s *scanner) keyLineAhead() bool {
	for i := s.pos; i < s.stop; i++ {
		switch s.src[i] {
		case '\n', '\r':
			return false
		case ':':
			if isBlankOrZ(s.at(i + 1)) {
				return true
			}
		case '#':
			if i > s.pos && isBlank(s.src[i-1]) {
				return false
			}
		}
	}
	return false
}

// scanQuoted scans a single- or double-quoted scalar (§7.3.1, §7.3.2).
// A string left open ends at the end of its first line (with an error):
// what follows is more likely the next key than the string's rest.
func (s *scanner) scanQuoted(single bool) token {
	start, startLine := s.pos, s.lineStart
	q := s.src[start]
	style := DoubleQuoted
	if single {
		style = SingleQuoted
	}
	// Most strings close on their line with nothing to decode.
	for i := start + 1; i < s.stop; i++ {
		c := s.src[i]
		if c == q {
			if single && s.at(i+1) == '\'' {
				break
			}
			s.pos = i + 1
			return token{kind: tokScalar, style: style, start: start, end: s.pos, value: s.str[start+1 : i]}
		}
		if c == '\\' && !single || c == '\n' || c == '\r' {
			break
		}
	}
	s.pos = start + 1
	var buf []byte
	breaks, blanks := 0, -1
	escapedBreak := false
	// closeAt is where the string closes once a line indented too little
	// was found to continue it (-1 before).
	closeAt := -1
	// continues reports whether the line just entered may continue the
	// string: indented deeper than the enclosing block, or (a warning)
	// less, when the string closes further on at the end of a line.
	continues := func() bool {
		if s.quotedLineOK() || s.pos < closeAt {
			return true
		}
		if closeAt >= 0 {
			return false
		}
		if closeAt = s.closingQuote(q, single); closeAt < 0 {
			return false
		}
		s.errs.add(Error{Span: text.Span{Start: s.pos, End: s.pos}, Lenient: true,
			Message: "the quoted string continues on a line indented no deeper than its key, which YAML 1.2 does not allow (§7.3): it is read as most YAML parsers read it; indent the line"})
		return true
	}
	// separate writes what stands between the last content and the next.
	separate := func() {
		switch {
		case escapedBreak:
			for ; breaks > 0; breaks-- {
				buf = append(buf, '\n')
			}
		case breaks == 1:
			buf = append(buf, ' ')
		case breaks > 1:
			for i := 1; i < breaks; i++ {
				buf = append(buf, '\n')
			}
		case blanks >= 0:
			buf = append(buf, s.src[blanks:s.pos]...)
		}
		breaks, blanks, escapedBreak = 0, -1, false
	}
	for {
		if s.pos >= s.stop || s.pos == s.lineStart && s.isDocMarker(s.pos) {
			return s.unterminated(start, startLine, style)
		}
		c := s.src[s.pos]
		switch {
		case c == q && single && s.at(s.pos+1) == '\'':
			separate()
			buf = append(buf, '\'')
			s.pos += 2
		case c == q:
			separate()
			s.pos++
			return token{kind: tokScalar, style: style, start: start, end: s.pos, value: s.copied(buf)}
		case c == '\\' && !single && (s.at(s.pos+1) == '\n' || s.at(s.pos+1) == '\r'):
			// An escaped line break joins the lines without a space; the
			// blanks before it are content.
			separate()
			s.pos++
			s.skipBreak()
			escapedBreak = true
			if !continues() {
				return s.unterminated(start, startLine, style)
			}
		case c == '\\' && !single:
			separate()
			buf = s.escape(buf)
		case isBlank(c):
			if breaks == 0 && !escapedBreak && blanks < 0 {
				blanks = s.pos
			}
			s.pos++
		case c == '\n' || c == '\r':
			blanks = -1
			s.skipBreak()
			breaks++
			if !continues() {
				return s.unterminated(start, startLine, style)
			}
		default:
			separate()
			_, n := utf8.DecodeRune(s.src[s.pos:s.stop])
			buf = append(buf, s.src[s.pos:s.pos+n]...)
			s.pos += n
		}
	}
}

// quotedLineOK reports whether the line just entered may continue a
// quoted scalar: blank, or indented deeper than the enclosing block.
func (s *scanner) quotedLineOK() bool {
	i := s.pos
	for i < s.stop && isBlank(s.src[i]) {
		i++
	}
	if i >= s.stop || s.src[i] == '\n' || s.src[i] == '\r' {
		return true
	}
	return s.leadingSpaces() > s.indent
}

// closingQuote finds, from pos, the quote q that closes a quoted string
// before the end of the document; it counts only when nothing but blanks or
// a comment follows it on its line (an opening quote of a later value does
// not). -1 when there is none.
func (s *scanner) closingQuote(q byte, single bool) int {
	for i := s.pos; i < s.stop; i++ {
		c := s.src[i]
		switch {
		case (i == 0 || s.src[i-1] == '\n') && s.isDocMarker(i):
			return -1
		case c == '\\' && !single:
			i++
		case c == q && single && s.at(i+1) == '\'':
			i++
		case c == q:
			for j := i + 1; j < s.stop; j++ {
				switch s.src[j] {
				case ' ', '\t':
					continue
				case '\n', '\r', '#':
					return i
				}
				return -1
			}
			return i
		}
	}
	return -1
}

// unterminated ends a quoted scalar left open at the end of its first line.
func (s *scanner) unterminated(start, startLine int, style Style) token {
	e := start + 1
	for e < s.stop && s.src[e] != '\n' && s.src[e] != '\r' {
		e++
	}
	s.pos, s.lineStart = e, startLine
	for e > start+1 && isBlank(s.src[e-1]) {
		e--
	}
	what := "double-quoted"
	if style == SingleQuoted {
		what = "single-quoted"
	}
	s.errs.syntaxError(start, e, fmt.Sprintf("unterminated %s string: the closing %c is missing", what, s.src[start]))
	return token{kind: tokScalar, style: style, start: start, end: e, value: s.str[start+1 : e]}
}

// escape decodes the double-quoted escape sequence at pos (§5.7).
func (s *scanner) escape(buf []byte) []byte {
	c := s.at(s.pos + 1)
	digits := 0
	var r rune
	switch c {
	case '0':
		r = 0
	case 'a':
		r = '\a'
	case 'b':
		r = '\b'
	case 't', '\t':
		r = '\t'
	case 'n':
		r = '\n'
	case 'v':
		r = '\v'
	case 'f':
		r = '\f'
	case 'r':
		r = '\r'
	case 'e':
		r = 0x1b
	case ' ', '"', '/', '\\':
		r = rune(c)
	case 'N':
		r = 0x85
	case '_':
		r = 0xa0
	case 'L':
		r = 0x2028
	case 'P':
		r = 0x2029
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		_, n := utf8.DecodeRune(s.src[s.pos+1 : s.stop])
		s.errs.syntaxError(s.pos, s.pos+1+n, fmt.Sprintf("invalid escape sequence %q", s.src[s.pos:s.pos+1+n]))
		buf = append(buf, s.src[s.pos:s.pos+1+n]...)
		s.pos += 1 + n
		return buf
	}
	start := s.pos
	s.pos += 2
	if digits == 0 {
		return utf8.AppendRune(buf, r)
	}
	for i := 0; i < digits; i++ {
		d := hexValue(s.at(s.pos))
		if d < 0 {
			s.errs.syntaxError(start, s.pos, fmt.Sprintf("escape \\%c needs %d hexadecimal digits", c, digits))
			return append(buf, s.src[start:s.pos]...)
		}
		r = r<<4 | rune(d)
		s.pos++
	}
	if !utf8.ValidRune(r) {
		s.errs.syntaxError(start, s.pos, fmt.Sprintf("escape %s is not a valid character", s.src[start:s.pos]))
		r = utf8.RuneError
	}
	return utf8.AppendRune(buf, r)
}

func (s *scanner) allBlank(from, to int) bool {
	for i := from; i < to; i++ {
		if !isBlank(s.src[i]) {
			return false
		}
	}
	return true
}

func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// scanBlockScalar scans a literal (|) or folded (>) scalar (§8.1). Its
// span runs from the indicator to the end of its last content line.
func (s *scanner) scanBlockScalar(literal bool) token {
	start := s.pos
	style := Folded
	if literal {
		style = Literal
	}
	s.pos++
	chomp, increment := 0, 0
	for range 2 {
		switch c := s.at(s.pos); {
		case (c == '+' || c == '-') && chomp == 0:
			chomp = 1
			if c == '-' {
				chomp = -1
			}
			s.pos++
		case c >= '1' && c <= '9' && increment == 0:
			increment = int(c - '0')
			s.pos++
		case c == '0' && increment == 0:
			s.errs.syntaxError(s.pos, s.pos+1, "a block scalar's indentation indicator is 1 to 9")
			s.pos++
		}
	}
	end := s.pos
	s.expectLineEnd("the block scalar indicator")
	if s.pos < s.stop {
		s.skipBreak()
	}
	parent := s.indent
	indent := -1 // detected from the first content line
	if increment > 0 {
		indent = increment + parent
	}
	buf := s.value[:0]
	first := -1 // where the first content line's text starts
	trailing := 0
	leadingBreak, leadingBlank := false, false
	s.blockBreaks(&indent, parent, &trailing)
	for s.pos < s.stop && s.col() == indent && !(s.pos == s.lineStart && s.isDocMarker(s.pos)) {
		trailingBlank := isBlank(s.src[s.pos])
		switch {
		case !literal && leadingBreak && !leadingBlank && !trailingBlank:
			// Folding: a line break between two text lines is a space.
			if trailing == 0 {
				buf = append(buf, ' ')
			}
		case leadingBreak:
			buf = append(buf, '\n')
		}
		for ; trailing > 0; trailing-- {
			buf = append(buf, '\n')
		}
		leadingBlank = trailingBlank
		ls := s.pos
		if first < 0 {
			first = ls
		}
		s.pos = s.lineEnd(ls)
		buf = append(buf, s.src[ls:s.pos]...)
		end = s.pos
		if s.pos >= s.stop {
			// A last line of blanks ends as if with a line break (as the
			// YAML test suite reads it); a last line of text does not.
			leadingBreak = s.allBlank(s.lineStart, s.pos)
			break
		}
		s.skipBreak()
		leadingBreak = true
		s.blockBreaks(&indent, parent, &trailing)
	}
	if s.pos < s.stop && s.src[s.pos] == '\t' && s.col() < indent {
		s.errs.syntaxError(s.pos, s.pos+1, "tab character cannot be used for indentation")
	}
	if chomp != -1 && leadingBreak {
		buf = append(buf, '\n')
	}
	if chomp == 1 {
		for ; trailing > 0; trailing-- {
			buf = append(buf, '\n')
		}
	}
	s.value = buf[:0]
	return token{kind: tokScalar, style: style, start: start, end: end, value: s.sourceOr(buf, first)}
}

// lineEnd is the offset of the line break (or stop) ending the line that
// holds i: the search goes a vector at a time, block scalars' lines being
// long.
func (s *scanner) lineEnd(i int) int {
	line := s.src[i:s.stop]
	if n := bytes.IndexByte(line, '\n'); n >= 0 {
		line = line[:n]
	}
	if n := bytes.IndexByte(line, '\r'); n >= 0 {
		line = line[:n]
	}
	return i + len(line)
}

// sourceOr is the value in buf, as the source text from first when it
// reads the same there: a description on one line (`description: >-`, a
// line of text) costs no copy.
func (s *scanner) sourceOr(buf []byte, first int) string {
	if first >= 0 && first+len(buf) <= len(s.str) && string(buf) == s.str[first:first+len(buf)] {
		return s.str[first : first+len(buf)]
	}
	return s.copied(buf)
}

// blockBreaks skips the indentation and the empty lines before the next
// line of a block scalar, counting the empty lines in trailing, and fixes
// the indentation from the first content line when it is still unknown.
func (s *scanner) blockBreaks(indent *int, parent int, trailing *int) {
	widest := 0
	for {
		// The spaces up to the indentation (all of them while it is not
		// known), the column growing with the offset on a line.
		stop := s.stop
		if *indent >= 0 {
			stop = min(stop, s.pos+max(*indent-s.col(), 0))
		}
		s.pos = spacesEnd(s.src[:stop], s.pos)
		widest = max(widest, s.col())
		if c := s.at(s.pos); c != '\n' && c != '\r' {
			if c == 0 && s.pos > s.lineStart && s.allBlank(s.lineStart, s.pos) {
				*trailing++ // a last line of blanks (see scanBlockScalar)
			}
			break
		}
		s.skipBreak()
		*trailing++
	}
	if *indent < 0 {
		*indent = max(widest, parent+1)
		if s.pos < s.stop && s.col() < *indent && s.col() > parent && *trailing > 0 {
			s.errs.syntaxError(s.pos, s.pos+1, "this first line of a block scalar is less indented than the empty lines before it")
		}
	}
}
