package syntax

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"unicode/utf8"
)

const (
	// maxKeyChars is YAML 1.2's limit on the length of an implicit key.
	maxKeyChars = 1024
	// keyWindow is how far (in bytes) after its start a simple key is still
	// looked for: four bytes per character at most, so a key the limit
	// rejects is still recognised (and reported) as a key.
	keyWindow = 4 * maxKeyChars
)

// simpleKey is a token that may turn out to be an implicit key once a ':'
// follows it on the same line (libyaml's "simple key").
type simpleKey struct {
	possible bool
	// required: in the block context at the mapping's own indentation the
	// token must be a key.
	required    bool
	tokenNumber int
	pos         int
	lineStart   int
	col         int
}

// scanner turns YAML text into tokens. It works on the original bytes
// (CRLF, lone CR and a BOM included), so every offset is exact, and never
// fails: whatever is wrong is reported to errs and scanning goes on in the
// most likely intended way.
type scanner struct {
	src  []byte
	str  string // src as one string: plain values are substrings of it
	stop int    // scanning ends here (the first byte that is not text)
	errs *errorSink

	pos       int
	lineStart int

	// indent is the current block indentation (-1 outside any block
	// collection); indents holds the enclosing ones.
	indent  int
	indents []int
	// flows are the offsets of the open '[' and '{'.
	flows            []int
	simpleKeyAllowed bool
	// keys holds one possible simple key per flow level; keys[0] is the
	// block context's.
	keys []simpleKey

	// tokens[head:] are the tokens not yet taken by the parser; taken
	// counts those taken.
	tokens      []token
	head, taken int
	// ready is set once tokens[head] is known to be the next token (no
	// key may still be inserted before it): until the parser takes it,
	// peek returns it without asking again.
	ready        bool
	started      bool
	ended        bool
	inDocument   bool
	jsonLikeEnd  int // offset right after a quoted scalar or flow collection
	lastTokenEnd int // end of the last token with text
	lastKind     tokenKind
	// tabLine is the start of the line indented with tabs that is read
	// tabShift columns further than its bytes (see tabIndent), or -1;
	// tabStop is the tab width it was read with.
	tabLine, tabShift, tabStop int
	// spacedTo is the first token of a line found indented with spaces
	// alone (-1 before): tabIndent and checkTabIndent pass it at once.
	spacedTo int
	// value is where a scalar's value that is not its source text is
	// built, before it is copied as its string: its memory serves the
	// next one (and, through the arena, the next parse).
	value []byte
	// texts, when set, are the arena's slabs the copies go to.
	texts *texts
}

// copied is buf as the string of a scalar's value: in the arena's text
// slabs when the parse has them, else on the heap.
func (s *scanner) copied(buf []byte) string {
	if s.texts != nil {
		return s.texts.of(buf)
	}
	return string(buf)
}

// newScanner is a scanner working in the memory sc holds, writing the
// values of scalars that are not their source text in texts (nil: on
// the heap).
func newScanner(src []byte, str string, from, stop int, errs *errorSink, sc *scratch, texts *texts) *scanner {
	s := &sc.scanner
	s.init(src, str, from, stop, errs, append(sc.keys[:0], simpleKey{}))
	s.tokens, s.indents, s.flows, s.value = sc.tokens[:0], sc.indents[:0], sc.flows[:0], sc.value[:0]
	s.texts = texts
	return s
}

// init readies s to scan src from from to stop, keys holding one entry.
func (s *scanner) init(src []byte, str string, from, stop int, errs *errorSink, keys []simpleKey) {
	*s = scanner{
		src: src, str: str, stop: stop, errs: errs,
		pos: from, lineStart: from, lastTokenEnd: -1,
		indent: -1, keys: keys, jsonLikeEnd: -1, tabLine: -1, spacedTo: -1,
	}
}

// peek returns the next token, scanning as far as needed to know whether
// it is preceded by an implicit KEY.
func (s *scanner) peek() *token {
	if !s.ready {
		s.settle()
	}
	return &s.tokens[s.head]
}

// settle scans until the next token is known (peek, kept small enough to
// be inlined where the parser looks at a token again).
func (s *scanner) settle() {
	// More is needed while the queue is empty or a key may still be
	// inserted before its head: mostly, no key is possible.
	for s.head == len(s.tokens) || !(len(s.keys) == 1 && !s.keys[0].possible) && s.keyMayPrecede() {
		s.fetch()
	}
	s.ready = true
}

// skip consumes the token peek returned. STREAM-END is never consumed.
func (s *scanner) skip() {
	if s.tokens[s.head].kind == tokStreamEnd {
		return
	}
	s.head++
	s.taken++
	if s.head == len(s.tokens) {
		s.tokens = s.tokens[:0]
		s.head = 0
		s.ready = false
		return
	}
	// The next token queued is settled when no key is possible (settle's
	// test), as it mostly is: peek then returns it at once.
	s.ready = len(s.keys) == 1 && !s.keys[0].possible
}

// keyMayPrecede reports whether a possible key, still possible, is the
// queued token at the head (none is once the stream has ended).
func (s *scanner) keyMayPrecede() bool {
	if s.ended {
		return false
	}
	s.staleKeys()
	for i := range s.keys {
		if s.keys[i].possible && s.keys[i].tokenNumber == s.taken {
			return true
		}
	}
	return false
}

// push queues a token of kind at [start, end) (a scalar's style is set on
// the token returned). Its fields are stored one by one over a zeroed
// token: a token made whole on the stack and copied into the queue is read
// back wider than it was written, which stalls the copy of every token.
// It is small enough to be inlined.
func (s *scanner) push(kind tokenKind, start, end int, value string) *token {
	if end > start {
		s.lastTokenEnd = end
		s.lastKind = kind
	}
	// The stream's ends and directives leave a document as they find it.
	if kind >= tokDocumentStart {
		s.inDocument = kind != tokDocumentEnd
	}
	s.tokens = append(s.tokens, token{})
	t := &s.tokens[len(s.tokens)-1]
	t.kind, t.start, t.end, t.value = kind, start, end, value
	return t
}

// pushScanned queues a token a scan returned whole.
func (s *scanner) pushScanned(t token) {
	s.push(t.kind, t.start, t.end, t.value).style = t.style
}

// insert puts an empty token of kind at pos before the token numbered
// number (counted from the start of the stream), keeping the possible keys
// pointing at their tokens; nil when that token is no longer queued. Its
// fields are stored one by one, as push's.
func (s *scanner) insert(number int, kind tokenKind, pos int) *token {
	i := number - s.taken + s.head
	if i < s.head || i > len(s.tokens) {
		return nil
	}
	s.tokens = append(s.tokens, token{})
	copy(s.tokens[i+1:], s.tokens[i:])
	t := &s.tokens[i]
	t.set(kind, Plain, pos, pos, "")
	for k := range s.keys {
		if s.keys[k].possible && s.keys[k].tokenNumber >= number {
			s.keys[k].tokenNumber++
		}
	}
	return t
}

func (s *scanner) at(i int) byte {
	if i >= 0 && i < s.stop {
		return s.src[i]
	}
	return 0
}

func (s *scanner) col() int {
	if s.lineStart == s.tabLine {
		return s.pos - s.lineStart + s.tabShift
	}
	return s.pos - s.lineStart
}

func (s *scanner) flow() bool { return len(s.flows) > 0 }

func isBlank(c byte) bool    { return c == ' ' || c == '\t' }
func isBreakOrZ(c byte) bool { return c == '\n' || c == '\r' || c == 0 }
func isBlankOrZ(c byte) bool { return isBlank(c) || isBreakOrZ(c) }
func isFlowIndicator(c byte) bool {
	return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'
}

// skipBreak consumes the line break at pos (\n, \r\n or \r).
func (s *scanner) skipBreak() {
	if s.src[s.pos] == '\r' && s.at(s.pos+1) == '\n' {
		s.pos++
	}
	s.pos++
	s.lineStart = s.pos
}

// isDocMarker reports whether a `---` or `...` line marker starts at i.
func (s *scanner) isDocMarker(i int) bool {
	c := s.at(i)
	return (c == '-' || c == '.') && s.at(i+1) == c && s.at(i+2) == c && isBlankOrZ(s.at(i+3))
}

// lineContentEnd is the end of the line holding i, before a comment.
func (s *scanner) lineContentEnd(i int) int {
	for ; i < s.stop && s.src[i] != '\n' && s.src[i] != '\r'; i++ {
		if s.src[i] == '#' && i > 0 && isBlank(s.src[i-1]) {
			break
		}
	}
	return i
}

// flowLineOutdented reports whether the line just entered in a flow
// collection leaves it: a document marker, or content indented no deeper
// than the enclosing block. A closing bracket aligned with the block's
// keys is let through: the spec wants it deeper, but JSON-style YAML
// writes it so everywhere and other parsers accept it.
func (s *scanner) flowLineOutdented() bool {
	if s.isDocMarker(s.lineStart) {
		return true
	}
	spaces := s.leadingSpaces()
	if c := s.at(s.pos); spaces == s.indent && s.pos == s.lineStart+spaces && (c == ']' || c == '}') {
		return false
	}
	return spaces <= s.indent
}

// leadingSpaces counts the spaces that start the current line.
func (s *scanner) leadingSpaces() int {
	return spacesEnd(s.src[:s.stop], s.lineStart) - s.lineStart
}

// spaces8 is a word of eight spaces.
const spaces8 = 0x2020202020202020

// spacesEnd is the end of the run of spaces from i in src, found a word at
// a time: YAML is indented with spaces, by more than eight of them in deep
// mappings.
func spacesEnd(src []byte, i int) int {
	for ; i+8 <= len(src); i += 8 {
		if x := binary.LittleEndian.Uint64(src[i:]) ^ spaces8; x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < len(src) && src[i] == ' ' {
		i++
	}
	return i
}

// spacesStart is the start of the run of spaces that ends at i in src.
func spacesStart(src []byte, i int) int {
	for ; i >= 8; i -= 8 {
		if x := binary.LittleEndian.Uint64(src[i-8:]) ^ spaces8; x != 0 {
			return i - bits.LeadingZeros64(x)/8
		}
	}
	for i > 0 && src[i-1] == ' ' {
		i--
	}
	return i
}

func (s *scanner) fetch() {
	if !s.started {
		s.started = true
		s.simpleKeyAllowed = true
		s.push(tokStreamStart, s.pos, s.pos, "")
		return
	}
	// The calls below are skipped where they have nothing to do, as
	// mostly: the scanner is at a token, no key is possible, no block
	// collection ends.
	if c := s.at(s.pos); c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#' || c == 0xEF {
		s.skipToToken()
	}
	if len(s.keys) > 1 || s.keys[0].possible {
		s.staleKeys()
	}
	if s.flow() && s.lineStart > s.lastTokenEnd && s.flowLineOutdented() {
		// Flow content must be indented more than the block around it:
		// the collection was left open on an earlier line.
		s.closeFlows()
	}
	if s.pos >= s.stop {
		s.fetchStreamEnd()
		return
	}
	if !s.flow() && s.lineStart > s.lastTokenEnd && s.lineStart != s.tabLine && s.pos != s.spacedTo {
		s.tabIndent()
	}
	if col := s.col(); s.indent > col {
		s.unrollIndent(col)
	}
	c := s.src[s.pos]
	if s.pos == s.lineStart {
		switch {
		case c == '%' && !s.inDocument:
			s.fetchDirective()
			return
		case s.isDocMarker(s.pos) && c == '-':
			s.fetchDocumentIndicator(tokDocumentStart)
			return
		case s.isDocMarker(s.pos):
			s.fetchDocumentIndicator(tokDocumentEnd)
			return
		}
	}
	next := s.at(s.pos + 1)
	switch c {
	case '[':
		s.fetchFlowStart(tokFlowSequenceStart)
		return
	case '{':
		s.fetchFlowStart(tokFlowMappingStart)
		return
	case ']', '}':
		s.fetchFlowEnd(c)
		return
	case ',':
		s.fetchFlowEntry()
		return
	case '-':
		if isBlankOrZ(next) {
			s.fetchBlockEntry()
			return
		}
	case '?':
		if isBlankOrZ(next) {
			s.fetchKey()
			return
		}
	case ':':
		if isBlankOrZ(next) || s.flow() && (isFlowIndicator(next) || s.jsonLikeEnd == s.lastTokenEnd) {
			s.fetchValue()
			return
		}
	case '*':
		s.fetchAnchor(tokAlias)
		return
	case '&':
		s.fetchAnchor(tokAnchor)
		return
	case '!':
		s.fetchTag()
		return
	case '|', '>':
		if !s.flow() {
			s.fetchBlockScalar(c == '|')
			return
		}
	case '\'', '"':
		s.fetchQuoted(c == '\'')
		return
	}
	if !s.canStartPlain(c, next) {
		s.errs.syntaxError(s.pos, s.pos+1, fmt.Sprintf("%q cannot start a plain value; quote the value", c))
	}
	s.fetchPlain()
}

// canStartPlain is ns-plain-first: any non-indicator, or '-', '?', ':'
// followed by a character that is safe in a plain scalar here.
func (s *scanner) canStartPlain(c, next byte) bool {
	switch c {
	case '-', '?', ':':
		return !isBlankOrZ(next) && !(s.flow() && isFlowIndicator(next))
	case ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	}
	return true
}

// skipToToken skips blanks, comments and line breaks.
func (s *scanner) skipToToken() {
	for s.pos < s.stop {
		switch c := s.src[s.pos]; {
		case c == ' ':
			indentation := s.pos == s.lineStart
			s.pos = spacesEnd(s.src[:s.stop], s.pos)
			if indentation {
				s.spacedTo = s.pos // no tab to look for (tabIndent)
			}
		case c == '\t':
			s.pos++
		case c == '\n' || c == '\r':
			s.skipBreak()
			if !s.flow() {
				s.simpleKeyAllowed = true
			}
		case c == '#':
			if s.pos == s.lastTokenEnd {
				s.errs.syntaxError(s.pos, s.pos+1, "a comment needs a space before its '#'")
			}
			for s.pos < s.stop && s.src[s.pos] != '\n' && s.src[s.pos] != '\r' {
				s.pos++
			}
		case c == 0xEF && s.pos == s.lineStart && s.at(s.pos+1) == 0xBB && s.at(s.pos+2) == 0xBF:
			// A byte order mark may start the stream and each document.
			s.pos += 3
			s.lineStart = s.pos
		default:
			return
		}
	}
}

// staleKeys drops the possible keys that can no longer be followed by
// their ':' (the line changed or the key grew too long). A required one is
// a key whose ':' is missing: it becomes a key with a null value.
func (s *scanner) staleKeys() {
	for i := range s.keys {
		k := &s.keys[i]
		if k.possible && (k.lineStart < s.lineStart || s.pos > k.pos+keyWindow) {
			if k.required {
				s.keyWithoutColon(k)
			}
			k.possible = false
		}
	}
}

// keyWithoutColon turns the possible key k into a key with no value: a word
// typed alone on its line in a mapping is a key being written.
func (s *scanner) keyWithoutColon(k *simpleKey) {
	k.possible = false
	i := k.tokenNumber - s.taken + s.head
	if i < s.head || i >= len(s.tokens) {
		return
	}
	t := s.tokens[i]
	s.errs.syntaxError(t.start, max(t.end, t.start+1), "missing ':' after the key")
	if t := s.insert(k.tokenNumber, tokKey, k.pos); t != nil {
		t.missingColon = true
	}
	s.rollIndent(k.col, k.tokenNumber, tokBlockMappingStart, k.pos)
}

func (s *scanner) saveSimpleKey() {
	if !s.simpleKeyAllowed {
		return
	}
	k := &s.keys[len(s.keys)-1]
	if k.possible {
		s.removeSimpleKey()
	}
	// Field by field, as push stores a token.
	col := s.col()
	k.possible, k.required = true, !s.flow() && s.indent == col
	k.tokenNumber, k.pos, k.lineStart, k.col = s.taken+len(s.tokens)-s.head, s.pos, s.lineStart, col
}

func (s *scanner) removeSimpleKey() {
	k := &s.keys[len(s.keys)-1]
	if k.possible && k.required {
		s.keyWithoutColon(k)
	}
	k.possible = false
}

// unrollIndent closes the block collections indented deeper than col.
func (s *scanner) unrollIndent(col int) {
	if s.flow() {
		return
	}
	for s.indent > col {
		s.push(tokBlockEnd, s.pos, s.pos, "")
		s.indent = s.indents[len(s.indents)-1]
		s.indents = s.indents[:len(s.indents)-1]
	}
}

// rollIndent opens a block collection at col when it is deeper than the
// current one; number places its start token (-1: at the end of the queue).
func (s *scanner) rollIndent(col, number int, kind tokenKind, pos int) {
	if s.flow() || s.indent >= col {
		return
	}
	s.indents = append(s.indents, s.indent)
	s.indent = col
	if number < 0 {
		s.push(kind, pos, pos, "")
	} else {
		s.insert(number, kind, pos)
	}
}

// checkTabIndent reports a tab in the blanks before a block indicator or
// key at pos: block indentation is made of spaces only.
func (s *scanner) checkTabIndent(pos int) {
	if s.flow() || pos == s.spacedTo {
		return
	}
	// Most indentation is spaces alone: the run is passed over once.
	last := spacesStart(s.src, pos) - 1
	if last < 0 || s.src[last] != '\t' {
		return
	}
	first := last
	for i := last - 1; i >= 0 && isBlank(s.src[i]); i-- {
		if s.src[i] == '\t' {
			first = i
		}
	}
	s.errs.syntaxError(first, last+1, "tab character cannot be used for indentation")
}

// tabIndent reads the line whose first token is at pos, when tabs indent
// it, at the column they most likely mean. YAML forbids tabs in
// indentation (§6.1): the line keeps one error (here, or at its key or
// block indicator: checkTabIndent), but a tab counted as one column would
// take the line, and every key after it, out of the block it was written
// in. Tabs after the spaces a value needs are separation, not indentation
// (§6.2: `\t{}` at the top, a value line under `k:` after one space).
func (s *scanner) tabIndent() {
	blanks := s.src[s.lineStart:s.pos]
	first := -1
	// The few blanks are looked at here: a call to search them costs more.
	for i, c := range blanks {
		if c == '\t' {
			first = i
			break
		}
	}
	if first < 0 {
		s.spacedTo = s.pos
		return
	}
	if first <= s.indent {
		last := bytes.LastIndexByte(blanks, '\t')
		s.errs.syntaxError(s.lineStart+first, s.lineStart+last+1, "tab character cannot be used for indentation")
	}
	s.tabLine, s.tabShift = s.lineStart, s.tabColumn(blanks)-len(blanks)
}

// tabStops are the widths of a tab that tabColumn tries, in this order
// (editors' usual settings) unless an earlier line settled the width.
var tabStops = [...]int{4, 8, 2}

// tabColumn chooses the column of a line indented with blanks among their
// widths at the tab stops. Where the line may open a nested block (after
// `key:` or `- `), the first width deeper than the block, preferring the
// indentation of the next line written with spaces (its sibling). Else the
// width of the tab stop an earlier line was read with, when it meets an
// open block; the block of the line above (its sibling); that of the next
// line; the first open block met.
func (s *scanner) tabColumn(blanks []byte) int {
	stops := tabStops
	if s.tabStop > 0 {
		i := slices.Index(stops[:], s.tabStop)
		stops[0], stops[i] = stops[i], stops[0]
	}
	var widths [len(tabStops)]int
	for i, stop := range stops {
		for _, c := range blanks {
			if c == '\t' {
				widths[i] += stop - widths[i]%stop
			} else {
				widths[i]++
			}
		}
	}
	pick := func(i int) int {
		s.tabStop = stops[i]
		return widths[i]
	}
	next := s.nextLineIndent()
	switch s.lastKind {
	case tokStreamStart, tokDocumentStart, tokValue, tokBlockEntry, tokKey, tokAnchor, tokTag:
		if i := slices.Index(widths[:], next); next > s.indent && i >= 0 {
			return pick(i)
		}
		for i, w := range widths {
			if w > s.indent {
				return pick(i)
			}
		}
	}
	if s.tabStop > 0 && s.isOpen(widths[0]) {
		return pick(0)
	}
	for _, want := range [...]int{s.indent, next} {
		if i := slices.Index(widths[:], want); i >= 0 && s.isOpen(want) {
			return pick(i)
		}
	}
	for i, w := range widths {
		if s.isOpen(w) {
			return pick(i)
		}
	}
	return max(s.indent, 0)
}

// isOpen reports whether col is the indentation of an open block
// collection.
func (s *scanner) isOpen(col int) bool {
	_, found := slices.BinarySearch(s.indents, col) // they only grow inwards
	return col >= 0 && (col == s.indent || found)
}

// nextLineIndent is the indentation of the next line after pos's that
// holds more than blanks and a comment, when it is made of spaces (-1 if
// tabs indent it too, or there is none).
func (s *scanner) nextLineIndent() int {
	i := s.pos
	for i < s.stop && s.src[i] != '\n' && s.src[i] != '\r' {
		i++
	}
	for i < s.stop {
		i++ // a line break (a CR LF's LF is then an empty line)
		start, tabbed := i, false
		for i < s.stop && isBlank(s.src[i]) {
			tabbed = tabbed || s.src[i] == '\t'
			i++
		}
		switch c := s.at(i); {
		case c == '#':
			for i < s.stop && s.src[i] != '\n' && s.src[i] != '\r' {
				i++
			}
		case c == '\n' || c == '\r':
		case c == 0 || tabbed:
			return -1
		default:
			return i - start
		}
	}
	return -1
}

// closeFlows ends the flow collections left open; each ends at the end of
// the line of the last token. The outermost open bracket of each line is
// reported, with all the closing brackets the text lacks up to it.
func (s *scanner) closeFlows() {
	end := s.lineContentEnd(max(s.lastTokenEnd, 0))
	n := len(s.flows)
	closers := make([]byte, n) // innermost first
	for i, open := range s.flows {
		closers[n-1-i] = ']'
		if s.src[open] == '{' {
			closers[n-1-i] = '}'
		}
	}
	for i, open := range s.flows {
		if i > 0 && !bytes.ContainsAny(s.src[s.flows[i-1]:open], "\r\n") {
			continue
		}
		what := "flow sequence"
		if s.src[open] == '{' {
			what = "flow mapping"
		}
		s.errs.syntaxError(open, open+1, fmt.Sprintf("%s is not closed: '%s' is missing", what, closers[:n-i]))
	}
	for _, c := range closers {
		kind := tokFlowSequenceEnd
		if c == '}' {
			kind = tokFlowMappingEnd
		}
		s.flows = s.flows[:len(s.flows)-1]
		s.keys = s.keys[:len(s.keys)-1]
		s.tokens = append(s.tokens, token{kind: kind, start: end, end: end})
	}
	s.simpleKeyAllowed = s.lineStart > s.lastTokenEnd
}

func (s *scanner) fetchStreamEnd() {
	if s.flow() {
		s.closeFlows()
	}
	s.removeSimpleKey()
	s.unrollIndent(-1)
	s.simpleKeyAllowed = false
	s.ended = true
	s.push(tokStreamEnd, s.stop, s.stop, "")
}

func (s *scanner) fetchDocumentIndicator(kind tokenKind) {
	if s.flow() {
		s.closeFlows()
	}
	s.removeSimpleKey()
	s.unrollIndent(-1)
	s.simpleKeyAllowed = false
	start := s.pos
	s.pos += 3
	s.push(kind, start, s.pos, "")
	if kind == tokDocumentEnd {
		s.expectLineEnd("'...'")
	}
}

// expectLineEnd skips blanks and a comment to the end of the line,
// reporting anything else after what (and skipping it).
func (s *scanner) expectLineEnd(what string) {
	for s.pos < s.stop && isBlank(s.src[s.pos]) {
		s.pos++
	}
	if s.pos < s.stop && !isBreakOrZ(s.src[s.pos]) && !(s.src[s.pos] == '#' && isBlank(s.src[s.pos-1])) {
		end := s.lineContentEnd(s.pos)
		s.errs.syntaxError(s.pos, end, "unexpected text after "+what)
	}
	for s.pos < s.stop && s.src[s.pos] != '\n' && s.src[s.pos] != '\r' {
		s.pos++
	}
}

func (s *scanner) fetchFlowStart(kind tokenKind) {
	s.saveSimpleKey()
	s.flows = append(s.flows, s.pos)
	s.keys = append(s.keys, simpleKey{})
	s.simpleKeyAllowed = true
	s.push(kind, s.pos, s.pos+1, "")
	s.pos++
}

func (s *scanner) fetchFlowEnd(c byte) {
	if !s.flow() {
		s.errs.syntaxError(s.pos, s.pos+1, fmt.Sprintf("%q without an opening bracket", c))
		s.pos++
		return
	}
	open := s.flows[len(s.flows)-1]
	kind, want := tokFlowSequenceEnd, byte(']')
	if s.src[open] == '{' {
		kind, want = tokFlowMappingEnd, '}'
	}
	if c != want {
		s.errs.syntaxError(s.pos, s.pos+1, fmt.Sprintf("%q closes the %q opened before it: %q is expected", c, s.src[open], want))
	}
	s.removeSimpleKey()
	s.flows = s.flows[:len(s.flows)-1]
	s.keys = s.keys[:len(s.keys)-1]
	s.simpleKeyAllowed = false
	s.push(kind, s.pos, s.pos+1, "")
	s.pos++
	s.jsonLikeEnd = s.pos
}

func (s *scanner) fetchFlowEntry() {
	if !s.flow() {
		s.errs.syntaxError(s.pos, s.pos+1, "',' outside a flow collection; quote the value")
		s.pos++
		return
	}
	s.removeSimpleKey()
	s.simpleKeyAllowed = true
	s.push(tokFlowEntry, s.pos, s.pos+1, "")
	s.pos++
}

func (s *scanner) fetchBlockEntry() {
	switch {
	case s.flow():
		s.errs.syntaxError(s.pos, s.pos+1, "'- ' list items cannot appear inside [ ] or { }")
		s.pos++
		return
	case !s.blockIndicator(tokBlockSequenceStart, "a '- ' list item cannot start here"):
		return
	}
	s.removeSimpleKey()
	s.simpleKeyAllowed = true
	s.push(tokBlockEntry, s.pos, s.pos+1, "")
	s.pos++
}

// blockIndicator handles a block indicator ('-', '?', ':') at pos: where no
// key may start it is reported and skipped (false); else it opens a block
// collection of the given kind when it is deeper than the current one.
func (s *scanner) blockIndicator(kind tokenKind, misplaced string) bool {
	if !s.simpleKeyAllowed {
		s.errs.syntaxError(s.pos, s.pos+1, misplaced)
		s.pos++
		return false
	}
	s.checkTabIndent(s.pos)
	s.rollIndent(s.col(), -1, kind, s.pos)
	return true
}

func (s *scanner) fetchKey() {
	if !s.flow() && !s.blockIndicator(tokBlockMappingStart, "an explicit key '? ' cannot start here") {
		return
	}
	s.removeSimpleKey()
	s.simpleKeyAllowed = !s.flow()
	s.push(tokKey, s.pos, s.pos+1, "")
	s.pos++
}

func (s *scanner) fetchValue() {
	k := &s.keys[len(s.keys)-1]
	if k.possible {
		s.keyFound(k)
		s.insert(k.tokenNumber, tokKey, k.pos)
		s.rollIndent(k.col, k.tokenNumber, tokBlockMappingStart, k.pos)
		s.simpleKeyAllowed = false
	} else {
		if !s.flow() && !s.blockIndicator(tokBlockMappingStart, "mapping value not allowed here: a key and its ':' must be on one line") {
			return
		}
		s.simpleKeyAllowed = !s.flow()
	}
	s.push(tokValue, s.pos, s.pos+1, "")
	s.pos++
}

// keyFound reports what is wrong with the possible key k, its ':' found
// at pos, and takes it as a key.
func (s *scanner) keyFound(k *simpleKey) {
	// A key has no more characters than bytes: most are not counted.
	if s.pos-k.pos > maxKeyChars {
		if n := utf8.RuneCount(s.src[k.pos:s.pos]); n > maxKeyChars {
			s.errs.syntaxError(k.pos, s.pos, fmt.Sprintf("an implicit key is limited to %d characters (this one has %d); use '? ' for a longer key", maxKeyChars, n))
		}
	}
	if !s.flow() {
		s.checkTabIndent(k.pos)
	}
	k.possible = false
}

func (s *scanner) fetchAnchor(kind tokenKind) {
	s.saveSimpleKey()
	s.simpleKeyAllowed = false
	start := s.pos
	s.pos++
	for s.pos < s.stop && !isBlankOrZ(s.src[s.pos]) && !isFlowIndicator(s.src[s.pos]) {
		s.pos++
	}
	if s.pos == start+1 {
		what := "anchor"
		if kind == tokAlias {
			what = "alias"
		}
		s.errs.syntaxError(start, start+1, fmt.Sprintf("%q without an %s name", s.src[start], what))
	} else if c := s.at(s.pos); !isBlankOrZ(c) && !(s.flow() && (c == ',' || c == ']' || c == '}')) {
		s.errs.syntaxError(start, s.pos+1, "a space is needed after an anchor or alias name")
	}
	s.push(kind, start, s.pos, s.str[start+1:s.pos])
}

// isWordChar is ns-word-char, the characters of a tag handle.
func isWordChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-'
}

// isTagChar is ns-tag-char: a URI character other than '!' and the flow
// indicators (non-ASCII bytes are let through; they are percent-encoded
// when the tag is resolved).
func isTagChar(c byte) bool {
	if isWordChar(c) || c >= utf8.RuneSelf {
		return true
	}
	switch c {
	case '%', '#', ';', '/', '?', ':', '@', '&', '=', '+', '$', '_', '.', '~', '*', '\'', '(', ')':
		return true
	}
	return false
}

func (s *scanner) fetchTag() {
	s.saveSimpleKey()
	s.simpleKeyAllowed = false
	start := s.pos
	s.pos++
	if s.at(s.pos) == '<' {
		// Verbatim: !<uri>
		s.pos++
		for s.pos < s.stop && (isTagChar(s.src[s.pos]) || s.src[s.pos] == '!' || s.src[s.pos] == ',' || s.src[s.pos] == '[' || s.src[s.pos] == ']') {
			s.pos++
		}
		if s.at(s.pos) != '>' || s.pos == start+2 {
			s.errs.syntaxError(start, s.pos, "a verbatim tag is written !<uri>")
		} else {
			s.pos++
		}
	} else {
		w := s.pos
		for w < s.stop && isWordChar(s.src[w]) {
			w++
		}
		if s.at(w) == '!' {
			s.pos = w + 1 // a named handle !name! or !!
		}
		for s.pos < s.stop && isTagChar(s.src[s.pos]) {
			s.pos++
		}
	}
	if c := s.at(s.pos); !isBlankOrZ(c) && !(s.flow() && isFlowIndicator(c)) {
		end := s.pos
		for end < s.stop && !isBlankOrZ(s.src[end]) {
			end++
		}
		s.errs.syntaxError(start, end, "a tag must be followed by a space")
	}
	s.push(tokTag, start, s.pos, s.str[start:s.pos])
}

func (s *scanner) fetchBlockScalar(literal bool) {
	s.removeSimpleKey()
	s.simpleKeyAllowed = true
	s.pushScanned(s.scanBlockScalar(literal))
}

func (s *scanner) fetchQuoted(single bool) {
	s.saveSimpleKey()
	s.simpleKeyAllowed = false
	t := s.scanQuoted(single)
	if !s.pushKey(t.start, t.end, t.value, t.style) {
		s.pushScanned(t)
	}
	s.jsonLikeEnd = t.end
}

// pushKey queues the scalar just scanned, from start to end, with the KEY
// and ':' around it, when it is the block context's possible key followed
// at once by its ':' and nothing is queued before it: the next fetch would
// find the ':' at once and put the KEY before the scalar, so most keys are
// settled in one fetch, their tokens queued in order. False when the
// scalar is not such a key (it is not queued).
func (s *scanner) pushKey(start, end int, value string, style Style) bool {
	if s.flow() || s.head != len(s.tokens) {
		return false
	}
	k := &s.keys[0]
	if !k.possible || k.pos != start || k.lineStart != s.lineStart || s.pos > k.pos+keyWindow ||
		s.pos >= s.stop || s.src[s.pos] != ':' || !isBlankOrZ(s.at(s.pos+1)) {
		return false
	}
	// As fetchValue does with the scalar queued, the KEY inserted
	// before it.
	s.keyFound(k)
	s.rollIndent(k.col, -1, tokBlockMappingStart, k.pos)
	// The three tokens are pushed at once: the queue is grown once, and
	// what push notes of them is the VALUE's.
	n := len(s.tokens)
	s.tokens = slices.Grow(s.tokens, 3)[:n+3]
	q := s.tokens[n : n+3 : n+3]
	q[0].set(tokKey, Plain, k.pos, k.pos, "")
	q[1].set(tokScalar, style, start, end, value)
	q[2].set(tokValue, Plain, s.pos, s.pos+1, "")
	s.lastTokenEnd, s.lastKind, s.inDocument = s.pos+1, tokValue, true
	s.simpleKeyAllowed = false
	// The spaces before the value are passed here, as the next fetch would
	// at once.
	s.pos = spacesEnd(s.src[:s.stop], s.pos+1)
	return true
}

func (s *scanner) fetchPlain() {
	s.saveSimpleKey()
	k := &s.keys[len(s.keys)-1]
	keyHere := k.possible && k.pos == s.pos
	s.simpleKeyAllowed = false
	start := s.pos
	value, end, nextKeyCol := s.scanPlain()
	if keyHere && s.pushKey(start, end, value, Plain) {
		return
	}
	s.push(tokScalar, start, end, value)
	if s.lineStart > end && !s.flow() {
		s.simpleKeyAllowed = true
	}
	if keyHere && k.possible && nextKeyCol >= k.col {
		// A word alone on its line followed by a key at the same (or a
		// deeper) indentation: a key whose ':' is not typed yet.
		s.keyWithoutColon(k)
	}
}

// fetchDirective scans a %YAML or %TAG line; other directives are
// reserved and ignored.
func (s *scanner) fetchDirective() {
	s.removeSimpleKey()
	s.unrollIndent(-1)
	s.simpleKeyAllowed = false
	start := s.pos
	s.pos++
	nameStart := s.pos
	for s.pos < s.stop && !isBlankOrZ(s.src[s.pos]) {
		s.pos++
	}
	name := s.str[nameStart:s.pos]
	word := func() (int, int) {
		for s.pos < s.stop && isBlank(s.src[s.pos]) {
			s.pos++
		}
		b := s.pos
		for s.pos < s.stop && !isBlankOrZ(s.src[s.pos]) {
			s.pos++
		}
		return b, s.pos
	}
	switch name {
	case "YAML":
		b, e := word()
		v := s.str[b:e]
		if !isVersion(v) {
			s.errs.syntaxError(start, max(e, s.pos), "a %YAML directive needs a version such as 1.2")
			s.expectLineEnd("%YAML")
			return
		}
		s.push(tokVersionDirective, start, e, v)
		s.expectLineEnd("the %YAML version")
	case "TAG":
		hb, he := word()
		pb, pe := word()
		handle, prefix := s.str[hb:he], s.str[pb:pe]
		if !isTagHandle(handle) || prefix == "" {
			s.errs.syntaxError(start, max(pe, s.pos), "a %TAG directive is written %TAG !handle! prefix")
			s.expectLineEnd("%TAG")
			return
		}
		s.push(tokTagDirective, start, pe, handle)
		s.expectLineEnd("the %TAG prefix")
	default:
		// Reserved directives are ignored (YAML 1.2 §6.8).
		if name == "" {
			s.errs.syntaxError(start, start+1, "'%' without a directive name")
		}
		for s.pos < s.stop && s.src[s.pos] != '\n' && s.src[s.pos] != '\r' {
			s.pos++
		}
		s.push(tokReservedDirective, start, s.pos, "")
	}
}

func isVersion(v string) bool {
	dot := 0
	digits := 0
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '.':
			dot++
			if digits == 0 {
				return false
			}
			digits = 0
		case v[i] >= '0' && v[i] <= '9':
			digits++
		default:
			return false
		}
	}
	return dot == 1 && digits > 0
}

func isTagHandle(h string) bool {
	if h == "!" || h == "!!" {
		return true
	}
	if len(h) < 3 || h[0] != '!' || h[len(h)-1] != '!' {
		return false
	}
	for i := 1; i < len(h)-1; i++ {
		if !isWordChar(h[i]) {
			return false
		}
	}
	return true
}
