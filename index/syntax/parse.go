package syntax

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// Parse parses src (any YAML, possibly broken, possibly CRLF/BOM) and never
// panics. Errors holds what is wrong; the documents hold everything that
// could be read around it.
func Parse(src []byte) *File { return parse(src, true) }

// ParseForCompletion parses src for a completion request at offset cursor.
// The tree is the one Parse builds, which already reads the half-typed
// states of a line (a bare word is a key, an open bracket ends with its
// line); the syntax errors of the cursor's line are left out, as that line
// is being typed.
func ParseForCompletion(src []byte, cursor int) *File { return typing(Parse(src), cursor) }

// ParseMetaForCompletion is ParseForCompletion for a CSAR's TOSCA.meta,
// read with ParseMeta.
func ParseMetaForCompletion(src []byte, cursor int) *File { return typing(ParseMeta(src), cursor) }

// typing leaves out of f the syntax errors of the cursor's line, which is
// being typed.
func typing(f *File, cursor int) *File {
	line := f.Lines.Line(cursor)
	kept := f.Errors[:0]
	for _, e := range f.Errors {
		if e.Duplicate || e.Lenient || f.Lines.Line(e.Span.Start) != line {
			kept = append(kept, e)
		}
	}
	f.Errors = kept
	return f
}

// testHookDocument, when set, runs at the start of each document with the
// text from there to the end (tests inject panics).
var testHookDocument func(rest []byte)

// parse parses src; merge tells whether merge keys are expanded.
func parse(src []byte, merge bool) *File { return parseWith(src, "", merge, nil) }

// parseWith is parse with the slabs lent by arena (nil: a parse's own).
// srcText, when not empty, is src as a string (the same bytes): scalars
// are cut from it instead of from a copy.
func parseWith(src []byte, srcText string, merge bool, arena *Arena) *File {
	if arena == nil {
		arena = &Arena{own: true}
	}
	sc := &arena.scratch
	f := &File{Src: src, Lines: text.NewLines(src)}
	errs := &sc.errs
	*errs = errorSink{lines: f.Lines}
	stop := len(src)
	if off, end, msg := firstNonText(src); off >= 0 {
		stop = off
		errs.add(Error{Span: text.Span{Start: off, End: end}, Message: msg})
	}
	str := srcText[:min(stop, len(srcText))]
	if len(str) != stop {
		str = string(src[:stop])
	}
	b := &sc.builder
	*b = builder{f: f, src: src, str: str, errs: errs, merge: merge, arena: arena,
		stack: sc.stack[:0], kids: sc.kids[:0], keyTexts: sc.keyTexts[:0]}
	for from := 0; from >= 0; {
		from = parseFrom(b, from, stop)
	}
	sc.stack, sc.kids, sc.keyTexts = b.stack[:0], b.kids[:0], b.keyTexts[:0]
	if n := len(f.Docs); n == 0 {
		f.Docs = append(f.Docs, &Document{Span: text.Span{End: len(src)}})
	} else {
		f.Docs[n-1].Span.End = len(src)
	}
	f.Errors = errs.sorted()
	return f
}

// parseFrom parses the documents from offset from. A panic (a bug) costs
// the document it happens in, reported at its first line: it returns the
// offset of the next document marker to go on from, or -1 when done.
func parseFrom(b *builder, from, stop int) (next int) {
	sc := &b.arena.scratch
	var texts *texts
	if !b.arena.own {
		texts = &b.arena.texts
	}
	p := &parser{s: newScanner(b.src, b.str, from, stop, b.errs, sc, texts), b: b, docStart: from, states: sc.states[:0]}
	defer func() {
		sc.keep(p)
		r := recover()
		if r == nil {
			return
		}
		start := p.docStart
		end := b.f.Lines.LineEnd(b.f.Lines.Line(start))
		b.errs.add(Error{Span: text.Span{Start: start, End: end}, Message: fmt.Sprintf("YAML parser failure: %v", r)})
		if b.doc != nil && b.doc.Span.Start >= start {
			b.doc.Root = nil
		} else {
			b.beginDocument(start, start, nil)
		}
		b.stack, b.kids, b.discardNext = b.stack[:0], b.kids[:0], false
		next = nextDocumentMarker(b.src[:stop], end)
		b.doc.Span.End = max(next, start)
		if next < 0 {
			b.doc.Span.End = len(b.src)
		}
	}()
	p.run()
	return -1
}

// nextDocumentMarker is the offset of the first `---` line at or after
// from, or -1.
func nextDocumentMarker(src []byte, from int) int {
	for i := from; i < len(src); {
		j := bytes.Index(src[i:], []byte("---"))
		if j < 0 {
			return -1
		}
		at := i + j
		if (at == 0 || src[at-1] == '\n' || src[at-1] == '\r') && (at+3 == len(src) || isBlankOrZ(src[at+3])) {
			return at
		}
		i = at + 1
	}
	return -1
}

// firstNonText finds the first character YAML does not allow in a stream
// (c-printable, §5.1): NUL and other control characters, invalid UTF-8,
// surrogates, U+FFFE and U+FFFF. The parse stops there: such a file is not
// text, and one error says so.
func firstNonText(src []byte) (int, int, string) {
	for i := 0; i < len(src); {
		if i+16 <= len(src) && lineTexts(binary.LittleEndian.Uint64(src[i:]), binary.LittleEndian.Uint64(src[i+8:])) {
			i += 16
			continue
		}
		if i+8 <= len(src) {
			if w := binary.LittleEndian.Uint64(src[i:]); lineText(w) || plainText(w) {
				i += 8
				continue
			}
		}
		// A word holding a control character or a character past ASCII is
		// read a character at a time.
		for end := min(i+8, len(src)); i < end; {
			c := src[i]
			if c < utf8.RuneSelf {
				if c >= 0x20 && c != 0x7f || c == '\n' || c == '\r' || c == '\t' {
					i++
					continue
				}
				if c == 0 {
					return i, i + 1, "NUL byte: this is not a text file; the rest is not parsed"
				}
				return i, i + 1, fmt.Sprintf("control character U+%04X is not allowed in YAML; the rest is not parsed", c)
			}
			r, n := utf8.DecodeRune(src[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				return i, i + 1, fmt.Sprintf("invalid UTF-8 (byte 0x%02X): the rest is not parsed", c)
			case r >= 0x80 && r <= 0x9f && r != 0x85, r == 0xfffe, r == 0xffff:
				return i, i + n, fmt.Sprintf("character U+%04X is not allowed in YAML; the rest is not parsed", r)
			}
			i += n
		}
	}
	return -1, -1, ""
}

// plainText reports whether the eight bytes of w are all printable ASCII
// (0x20 to 0x7e) or line breaks and tabs, the bulk of a YAML file, checked
// at once: a word holding a line break (one in five) is not read a byte at
// a time, and the breaks and tabs are looked for only in a word holding a
// control character.
func plainText(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// A byte past ASCII has its high bit set; adding one to DEL (0x7f)
	// sets it (a carry out of a byte past ASCII does not matter: the word
	// is refused anyway).
	if (w|(w+ones))&highs != 0 {
		return false
	}
	// Each byte below 0x80 here: adding 0x80-n to it sets its high bit
	// exactly when it is at least n, and never carries into the next byte.
	control := ^(w + ones*(0x80-0x20)) & highs
	return control == 0 || control&^(equalBytes(w, '\n')|equalBytes(w, '\r')|equalBytes(w, '\t')) == 0
}

// lineText reports whether the eight bytes of w are all printable ASCII or
// line feeds, the words of most YAML files: plainText's test, without its
// look for carriage returns and tabs, small enough to be inlined.
func lineText(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (w|(w+ones))&highs == 0 && ^(w+ones*(0x80-0x20))&highs&^equalBytes(w, '\n') == 0
}

// lineTexts is lineText of two words, whose high bits and control
// characters are tested at once.
func lineTexts(a, b uint64) bool {
	const ones, highs, space = 0x0101010101010101, 0x8080808080808080, 0x0101010101010101 * (0x80 - 0x20)
	return (a|(a+ones)|b|(b+ones))&highs == 0 && (^(a+space)&^equalBytes(a, '\n')|^(b+space)&^equalBytes(b, '\n'))&highs == 0
}

// equalBytes has the high bit set of each byte of w (all below 0x80) equal
// to c, and no other bit.
func equalBytes(w uint64, c byte) uint64 {
	const ones, highs, lows = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	x := w ^ ones*uint64(c)
	// A byte of x is zero exactly when adding 0x7f to it leaves its high
	// bit clear.
	return ^(x + lows) & highs
}

// pstate is a state of the parser (libyaml's design): what the next token
// may be. Nesting lives on an explicit stack of states, so deep input
// costs no Go stack.
type pstate uint8

const (
	stStreamStart pstate = iota
	stImplicitDocumentStart
	stDocumentStart
	stDocumentContent
	stDocumentEnd
	stBlockNode
	stBlockSequenceFirstEntry
	stBlockSequenceEntry
	stIndentlessSequenceEntry
	stBlockMappingFirstKey
	stBlockMappingKey
	stBlockMappingValue
	// The ...Absorbed states read a block mapping indented deeper than
	// the keys of the mapping around it (a wrongly indented key) into that
	// mapping.
	stBlockMappingKeyAbsorbed
	stBlockMappingValueAbsorbed
	stFlowSequenceFirstEntry
	stFlowSequenceEntry
	stFlowSequencePairKey
	stFlowSequencePairValue
	stFlowSequencePairEnd
	stFlowMappingFirstKey
	stFlowMappingKey
	stFlowMappingValue
	stFlowMappingEmptyValue
	stEnd
)

type parser struct {
	s      *scanner
	b      *builder
	state  pstate
	states []pstate
	// docStart is where the current document's text starts; docEnd is
	// where the next one starts.
	docStart int
	// missingColon is set while the value of a key written without ':'
	// is parsed.
	missingColon bool
}

func (p *parser) push(s pstate) { p.states = append(p.states, s) }

func (p *parser) pop() pstate {
	s := p.states[len(p.states)-1]
	p.states = p.states[:len(p.states)-1]
	return s
}

func (p *parser) run() {
	// Every step consumes a token or moves between states; a run of steps
	// that consumes nothing is bounded by the nesting. Going past that
	// bound is a bug, turned into an error rather than a hang.
	idle, taken := 0, -1
	for p.state != stEnd {
		if p.b.stopped {
			p.stopEarly()
			return
		}
		if p.s.taken != taken {
			idle, taken = 0, p.s.taken
		} else if idle++; idle > 4*maxDepth+64 {
			panic("the parser makes no progress")
		}
		p.step()
	}
}

// stopEarly ends the parse at a limit: what was built so far is kept and
// the last document takes the rest of the text.
func (p *parser) stopEarly() {
	if p.b.doc != nil {
		p.b.endDocument(len(p.b.src))
	}
}

func (p *parser) step() {
	s := p.s
	switch p.state {
	case stStreamStart:
		s.peek()
		s.skip()
		p.state = stImplicitDocumentStart
	case stImplicitDocumentStart:
		switch s.peek().kind {
		case tokVersionDirective, tokTagDirective, tokReservedDirective, tokDocumentStart, tokDocumentEnd, tokStreamEnd:
			p.state = stDocumentStart
		default:
			p.beginDocument(nil, p.docStart)
			p.push(stDocumentEnd)
			p.state = stBlockNode
		}
	case stDocumentStart:
		p.documentStart()
	case stDocumentContent:
		switch s.peek().kind {
		case tokVersionDirective, tokTagDirective, tokReservedDirective, tokDocumentStart, tokDocumentEnd, tokStreamEnd:
			p.state = p.pop()
		default:
			p.node(true, false, -1)
		}
	case stDocumentEnd:
		p.documentEnd()
	case stBlockNode:
		p.node(true, false, -1)
	case stBlockSequenceFirstEntry:
		s.skip()
		p.state = stBlockSequenceEntry
	case stBlockSequenceEntry:
		p.blockSequenceEntry()
	case stIndentlessSequenceEntry:
		p.indentlessSequenceEntry()
	case stBlockMappingFirstKey:
		s.skip()
		p.state = stBlockMappingKey
	case stBlockMappingKey, stBlockMappingKeyAbsorbed:
		p.blockMappingKey(p.state == stBlockMappingKeyAbsorbed)
	case stBlockMappingValue, stBlockMappingValueAbsorbed:
		p.blockMappingValue(p.state == stBlockMappingValueAbsorbed)
	case stFlowSequenceFirstEntry:
		s.skip()
		p.flowSequenceEntry(true)
	case stFlowSequenceEntry:
		p.flowSequenceEntry(false)
	case stFlowSequencePairKey:
		if t := s.peek(); t.kind == tokValue || t.kind == tokFlowEntry || t.kind == tokFlowSequenceEnd {
			p.state = stFlowSequencePairValue
			p.b.empty(p.b.lastEnd, &noProps, -1)
		} else {
			p.push(stFlowSequencePairValue)
			p.node(false, false, -1)
		}
	case stFlowSequencePairValue:
		p.flowValue(stFlowSequencePairEnd, tokFlowSequenceEnd)
	case stFlowSequencePairEnd:
		p.state = stFlowSequenceEntry
		p.b.end(-1)
	case stFlowMappingFirstKey:
		s.skip()
		p.flowMappingKey(true)
	case stFlowMappingKey:
		p.flowMappingKey(false)
	case stFlowMappingValue:
		p.flowValue(stFlowMappingKey, tokFlowMappingEnd)
	case stFlowMappingEmptyValue:
		// A key followed by its ':' on a later line gets the value too.
		p.flowValue(stFlowMappingKey, tokFlowMappingEnd)
	}
}

var noProps = props{start: -1, end: -1}

func (p *parser) beginDocument(handles map[string]string, lastEnd int) {
	if testHookDocument != nil {
		testHookDocument(p.b.src[p.docStart:p.s.stop])
	}
	p.b.beginDocument(p.docStart, lastEnd, handles)
}

// documentStart reads the directives and the `---` of an explicit
// document, or starts a bare one.
func (p *parser) documentStart() {
	s := p.s
	t := s.peek()
	for t.kind == tokDocumentEnd {
		s.skip()
		t = s.peek()
	}
	if t.kind == tokStreamEnd {
		p.state = stEnd
		return
	}
	var handles map[string]string
	version := false
	first := -1
	for ; t.kind == tokVersionDirective || t.kind == tokTagDirective || t.kind == tokReservedDirective; t = s.peek() {
		if first < 0 {
			first = t.start
		}
		switch t.kind {
		case tokVersionDirective:
			if version {
				p.b.errs.syntaxError(t.start, t.end, "a document has one %YAML directive")
			}
			version = true
			if t.value[0] != '1' || t.value[1] != '.' {
				p.b.errs.syntaxError(t.start, t.end, fmt.Sprintf("YAML %s is not supported (1.x is)", t.value))
			}
		case tokTagDirective:
			if _, dup := handles[t.value]; dup {
				p.b.errs.syntaxError(t.start, t.end, fmt.Sprintf("tag handle %s is defined twice", t.value))
			}
			if handles == nil {
				handles = make(map[string]string)
			}
			handles[t.value] = tagPrefix(p.b.str, t)
		}
		s.skip()
	}
	if t.kind == tokDocumentStart {
		p.beginDocument(handles, t.end)
		s.skip()
		p.push(stDocumentEnd)
		p.state = stDocumentContent
		return
	}
	if first >= 0 {
		p.b.errs.syntaxError(first, p.b.f.Lines.LineEnd(p.b.f.Lines.Line(first)), "directives must be followed by '---'")
	}
	p.beginDocument(handles, p.docStart)
	p.push(stDocumentEnd)
	p.state = stBlockNode
}

func (p *parser) documentEnd() {
	s := p.s
	t := s.peek()
	switch t.kind {
	case tokDocumentEnd:
		// The next document starts after the `...` line.
		end := p.b.f.Lines.LineStart(p.b.f.Lines.Line(t.start) + 1)
		p.b.endDocument(end)
		p.docStart = end
		s.skip()
		p.state = stDocumentStart
	case tokDocumentStart, tokVersionDirective, tokTagDirective, tokReservedDirective, tokStreamEnd:
		// The stream end closes the document at the end of the text without
		// asking for the line index: that would build it for every parse.
		end := len(p.b.src)
		if t.kind != tokStreamEnd {
			end = p.b.f.Lines.LineStart(p.b.f.Lines.Line(t.start))
		}
		p.b.endDocument(end)
		p.docStart = end
		p.state = stDocumentStart
	default:
		p.tokenError(t, "unexpected content after the end of the document; start a new document with '---'")
		if !t.isNodeStart() {
			s.skip()
			return
		}
		p.b.discardNext = true
		p.push(stDocumentEnd)
		p.node(true, false, -1)
	}
}

// node parses a node: an alias, or properties followed by content (or by
// nothing: an empty node). ind is the end of the indicator before it.
func (p *parser) node(block, indentless bool, ind int) {
	s := p.s
	t := s.peek()
	if t.kind == tokAlias {
		p.state = p.pop()
		p.b.alias(t, ind)
		s.skip()
		return
	}
	pr := props{start: -1, end: -1} // noProps, made in place
	for {
		t = s.peek()
		if t.kind == tokAnchor {
			if pr.anchor != "" {
				p.b.errs.syntaxError(t.start, t.end, "a node has at most one anchor")
			}
			pr.anchor = t.value
		} else if t.kind == tokTag {
			if pr.tag != "" {
				p.b.errs.syntaxError(t.start, t.end, "a node has at most one tag")
			}
			pr.tag = t.value
			p.checkTag(t)
		} else {
			break
		}
		if pr.start < 0 {
			pr.start = t.start
		}
		pr.end = t.end
		s.skip()
	}
	switch {
	case indentless && t.kind == tokBlockEntry:
		p.state = stIndentlessSequenceEntry
		p.b.start(Sequence, false, t.start, &pr, ind)
	case t.kind == tokScalar:
		p.state = p.pop()
		p.b.scalar(t, &pr, ind)
		s.skip()
	case t.kind == tokFlowSequenceStart:
		p.state = stFlowSequenceFirstEntry
		p.b.start(Sequence, true, t.start, &pr, ind)
	case t.kind == tokFlowMappingStart:
		p.state = stFlowMappingFirstKey
		p.b.start(Mapping, true, t.start, &pr, ind)
	case block && t.kind == tokBlockSequenceStart:
		p.state = stBlockSequenceFirstEntry
		p.b.start(Sequence, false, t.start, &pr, ind)
	case block && t.kind == tokBlockMappingStart:
		p.state = stBlockMappingFirstKey
		p.b.start(Mapping, false, t.start, &pr, ind)
	case t.kind == tokAlias:
		p.b.errs.syntaxError(pr.start, t.end, "an alias cannot have an anchor or a tag")
		p.state = p.pop()
		p.b.alias(t, ind)
		s.skip()
	default:
		if pr.start < 0 && t.kind != tokBlockEnd && t.kind != tokKey && t.kind != tokValue {
			p.tokenError(t, "a value is expected here")
		}
		pos := t.start
		if ind >= 0 {
			pos = ind
		}
		p.state = p.pop()
		p.b.empty(pos, &pr, ind)
	}
}

// checkTag reports a tag whose named handle no %TAG directive defines.
func (p *parser) checkTag(t *token) {
	if len(t.value) < 2 || t.value[1] == '<' || t.value[1] == '!' {
		return
	}
	handle, _ := tagHandle(t.value)
	if handle == "!" {
		return
	}
	if _, ok := p.b.handles[handle]; !ok {
		p.b.errs.syntaxError(t.start, t.end, fmt.Sprintf("tag handle %s is not defined by a %%TAG directive", handle))
	}
}

func (p *parser) blockSequenceEntry() {
	s := p.s
	t := s.peek()
	switch t.kind {
	case tokBlockEntry:
		ind := t.end
		s.skip()
		if n := s.peek(); n.kind != tokBlockEntry && n.kind != tokBlockEnd {
			p.push(stBlockSequenceEntry)
			p.node(true, false, ind)
			return
		}
		p.b.empty(ind, &noProps, ind)
	case tokBlockEnd:
		p.state = p.pop()
		p.b.end(-1)
		s.skip()
	default:
		p.tokenError(t, "a '- ' list item is expected here")
		p.skipToSync(false)
	}
}

func (p *parser) indentlessSequenceEntry() {
	s := p.s
	t := s.peek()
	if t.kind != tokBlockEntry {
		p.state = p.pop()
		p.b.end(-1)
		return
	}
	ind := t.end
	s.skip()
	switch s.peek().kind {
	case tokBlockEntry, tokKey, tokValue, tokBlockEnd:
		p.b.empty(ind, &noProps, ind)
	default:
		p.push(stIndentlessSequenceEntry)
		p.node(true, false, ind)
	}
}

func (p *parser) blockMappingKey(absorbed bool) {
	s := p.s
	t := s.peek()
	keyState, valueState := stBlockMappingKey, stBlockMappingValue
	if absorbed {
		keyState, valueState = stBlockMappingKeyAbsorbed, stBlockMappingValueAbsorbed
	}
	switch t.kind {
	case tokKey:
		ind := t.end
		p.missingColon = t.missingColon
		s.skip()
		switch t := s.peek(); t.kind {
		case tokKey, tokValue, tokBlockEnd:
			p.state = valueState
			p.b.empty(ind, &noProps, ind)
		case tokScalar:
			// node's way with a scalar without properties, the usual key.
			p.state = valueState
			p.b.scalar(t, &noProps, ind)
			s.skip()
		default:
			p.push(valueState)
			p.node(true, true, ind)
		}
	case tokValue:
		// `: value` with no key: the key is null.
		p.missingColon = false
		p.state = valueState
		p.b.empty(t.start, &noProps, -1)
	case tokBlockEnd:
		p.state = p.pop()
		if !absorbed {
			p.b.end(-1)
		}
		s.skip()
	case tokBlockMappingStart:
		// Keys indented deeper than their mapping's and less than a
		// value's: they are read as keys of this mapping.
		p.b.errs.syntaxError(t.start, p.wordEnd(t.start), "wrong indentation: this key is not aligned with the keys around it")
		s.skip()
		p.push(p.state)
		p.state = stBlockMappingKeyAbsorbed
	case tokBlockEntry:
		// A list item among keys: it is parsed and dropped.
		p.b.errs.syntaxError(t.start, t.end, "a '- ' list item cannot stand among the keys of a mapping")
		p.b.discardNext = true
		p.b.start(Sequence, false, t.start, &noProps, -1)
		p.push(p.state)
		p.state = stIndentlessSequenceEntry
	default:
		if !t.isNodeStart() {
			p.tokenError(t, "a key is expected here")
			p.skipToSync(true)
			return
		}
		if p.firstOnLine(t.start) {
			// A wrongly indented word: a key without its ':'.
			p.tokenError(t, "missing ':' after the key")
			p.missingColon = true
			p.push(valueState)
			p.node(true, false, -1)
			return
		}
		p.tokenError(t, "unexpected text after the value")
		p.b.discardNext = true
		p.push(keyState)
		p.node(true, false, -1)
	}
}

func (p *parser) blockMappingValue(absorbed bool) {
	s := p.s
	t := s.peek()
	keyState := stBlockMappingKey
	if absorbed {
		keyState = stBlockMappingKeyAbsorbed
	}
	missing := p.missingColon
	p.missingColon = false
	switch {
	case t.kind == tokValue:
		ind := t.end
		s.skip()
		switch t := s.peek(); t.kind {
		case tokKey, tokValue, tokBlockEnd:
			p.state = keyState
			p.b.empty(ind, &noProps, ind)
		case tokScalar:
			// node's way with a scalar without properties, the usual value.
			p.state = keyState
			p.b.scalar(t, &noProps, ind)
			s.skip()
		default:
			p.push(keyState)
			p.node(true, true, ind)
		}
	case missing && (t.kind == tokBlockMappingStart || t.kind == tokBlockSequenceStart):
		// A key whose ':' is missing, followed by a deeper block: its value.
		p.push(keyState)
		p.node(true, false, -1)
	default:
		p.state = keyState
		p.b.empty(p.b.lastEnd, &noProps, -1)
	}
}

// afterComma consumes the ',' before a flow entry other than the first
// (reporting it when missing) and returns the entry's first token.
func (p *parser) afterComma(first bool, what string) *token {
	t := p.s.peek()
	switch {
	case first:
	case t.kind == tokFlowEntry:
		p.s.skip()
		t = p.s.peek()
	default:
		p.tokenError(t, "missing ',' between the "+what)
	}
	return t
}

// tokenError reports msg at t (at least one byte wide).
func (p *parser) tokenError(t *token, msg string) {
	p.b.errs.syntaxError(t.start, max(t.end, t.start+1), msg)
}

func (p *parser) flowSequenceEntry(first bool) {
	s := p.s
	t := s.peek()
	if t.kind != tokFlowSequenceEnd {
		t = p.afterComma(first, "items of a flow sequence")
		switch t.kind {
		case tokKey:
			// A single-pair mapping inside a sequence: [a: 1].
			p.state = stFlowSequencePairKey
			p.b.start(Mapping, true, t.start, &noProps, -1)
			s.skip()
			return
		case tokValue:
			p.state = stFlowSequencePairValue
			p.b.start(Mapping, true, t.start, &noProps, -1)
			p.b.empty(t.start, &noProps, -1)
			return
		case tokFlowSequenceEnd:
		default:
			p.push(stFlowSequenceEntry)
			p.node(false, false, -1)
			return
		}
	}
	p.state = p.pop()
	p.b.end(t.end)
	s.skip()
}

func (p *parser) flowMappingKey(first bool) {
	s := p.s
	t := s.peek()
	if t.kind != tokFlowMappingEnd {
		t = p.afterComma(first, "entries of a flow mapping")
		switch t.kind {
		case tokKey:
			ind := t.end
			s.skip()
			switch s.peek().kind {
			case tokValue, tokFlowEntry, tokFlowMappingEnd:
				p.state = stFlowMappingValue
				p.b.empty(ind, &noProps, ind)
			default:
				p.push(stFlowMappingValue)
				p.node(false, false, ind)
			}
			return
		case tokValue:
			p.state = stFlowMappingValue
			p.b.empty(t.start, &noProps, -1)
			return
		case tokFlowMappingEnd:
		default:
			p.push(stFlowMappingEmptyValue)
			p.node(false, false, -1)
			return
		}
	}
	p.state = p.pop()
	p.b.end(t.end)
	s.skip()
}

// flowValue reads the value after a flow key, then goes to next.
func (p *parser) flowValue(next pstate, closer tokenKind) {
	s := p.s
	t := s.peek()
	if t.kind != tokValue {
		p.state = next
		p.b.empty(p.b.lastEnd, &noProps, -1)
		return
	}
	ind := t.end
	s.skip()
	if n := s.peek(); n.kind == tokFlowEntry || n.kind == closer {
		p.state = next
		p.b.empty(ind, &noProps, ind)
		return
	}
	p.push(next)
	p.node(false, false, ind)
}

// skipToSync drops tokens up to the next one the current block collection
// can go on with: an entry, or a key in a mapping, at its level; or its
// end.
func (p *parser) skipToSync(mapping bool) {
	s := p.s
	depth := 0
	for {
		t := s.peek()
		switch t.kind {
		case tokStreamEnd:
			return
		case tokBlockSequenceStart, tokBlockMappingStart, tokFlowSequenceStart, tokFlowMappingStart:
			depth++
		case tokFlowSequenceEnd, tokFlowMappingEnd:
			depth--
		case tokBlockEnd:
			if depth == 0 {
				return
			}
			depth--
		case tokBlockEntry, tokKey:
			if depth == 0 && (mapping || t.kind == tokBlockEntry) && p.firstOnLine(t.start) {
				return
			}
		}
		s.skip()
	}
}

// firstOnLine reports whether only blanks precede off on its line.
func (p *parser) firstOnLine(off int) bool {
	for i := off - 1; i >= 0; i-- {
		switch p.b.src[i] {
		case ' ', '\t':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}

// wordEnd is the end of the key-like word at off (up to a blank or ': ').
func (p *parser) wordEnd(off int) int {
	src := p.b.src[:p.s.stop]
	i := off
	for i < len(src) && !isBlankOrZ(src[i]) && !(src[i] == ':' && (i+1 == len(src) || isBlankOrZ(src[i+1]))) {
		i++
	}
	return max(i, off+1)
}
