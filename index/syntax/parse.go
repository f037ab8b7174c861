package syntax

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/tosca-ls/tosca-ls/index/text"
)

const (
	// maxRounds bounds the blank-and-reparse recovery of one document, and
	// repairBudget the bytes re-parsed for it: a large, badly broken file
	// gets fewer rounds so a keystroke never costs more than ~2 MB of parsing.
	maxRounds    = 20
	repairBudget = 2 << 20
	// maxExpansion caps the number of nodes aliases and merge keys may
	// expand to in one document (alias bombs).
	maxExpansion = 1_000_000
)

// Parse parses src (any YAML, possibly broken, possibly CRLF/BOM) and never
// panics. Every `---` document is parsed on its own; a document with syntax
// errors is repaired by blanking the offending lines and parsing again, so
// the rest of it still yields a tree. Errors holds what was found.
func Parse(src []byte) (f *File) {
	f, norm, pm, chunks := prepare(src)
	defer guard(f)
	for _, ch := range chunks {
		p := newDocParser(f, pm, ch, norm[ch.start:ch.end])
		p.run()
		p.finish()
	}
	sortErrors(f)
	return f
}

func prepare(src []byte) (*File, []byte, *posMap, []chunk) {
	f := &File{Src: src, Lines: text.NewLines(src)}
	norm, pm := normalize(src)
	return f, norm, pm, splitDocs(norm)
}

// guard turns a panic in this package into an error at the first line, as
// a last line of defence (goccy calls have their own recover).
func guard(f *File) {
	if r := recover(); r != nil {
		f.Errors = append(f.Errors, Error{
			Span:    text.Span{Start: 0, End: f.Lines.LineEnd(0)},
			Message: fmt.Sprintf("YAML parser failure: %v", r),
		})
		if len(f.Docs) == 0 {
			f.Docs = append(f.Docs, &Document{Span: text.Span{End: len(f.Src)}})
		}
	}
}

func sortErrors(f *File) {
	sort.SliceStable(f.Errors, func(i, j int) bool {
		a, b := f.Errors[i].Span, f.Errors[j].Span
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		return a.End < b.End
	})
}

// yamlError is the error interface of goccy/go-yaml.
type yamlError interface {
	GetToken() *token.Token
	GetMessage() string
}

// docParser parses one document chunk with recovery.
type docParser struct {
	f    *File
	pm   *posMap
	ch   chunk
	buf  []byte // chunk text, blanked/patched as recovery proceeds
	own  bool   // buf is a private copy
	insA int    // bytes inserted into buf at insA (completion patch) ...
	insN int    // ... and how many

	starts []int  // line starts in buf
	ascii  []bool // line holds only ASCII

	// rune column caches for non-ASCII lines (runeCol, colOf)
	cLine, cCol, cOff int
	kLine, kCol, kOff int
	// drift corrects goccy's columns: every tag shifts the columns of the
	// tokens after it on its line by -1.
	drift map[*token.Token]int

	errs    []Error
	touched []bool // lines changed by recovery blanking

	roots []*Node
	ok    bool // the last parse succeeded
	// stopLine, when >= 0, aborts recovery once it blanks that line
	// (ParseForCompletion then tries another patch).
	stopLine int
}

// testHookParse, when set, runs before each goccy parse (tests inject panics).
var testHookParse func(buf []byte)

func newDocParser(f *File, pm *posMap, ch chunk, buf []byte) *docParser {
	p := &docParser{f: f, pm: pm, ch: ch, buf: buf, cLine: -1, kLine: -1, stopLine: -1}
	p.index()
	return p
}

func (p *docParser) index() {
	p.starts = p.starts[:0]
	p.ascii = p.ascii[:0]
	p.starts = append(p.starts, 0)
	ascii := true
	for i, b := range p.buf {
		if b >= utf8.RuneSelf {
			ascii = false
		} else if b == '\n' {
			p.ascii = append(p.ascii, ascii)
			p.starts = append(p.starts, i+1)
			ascii = true
		}
	}
	p.ascii = append(p.ascii, ascii)
	p.touched = make([]bool, len(p.starts))
	p.cLine, p.kLine = -1, -1
}

func (p *docParser) lineEnd(line int) int {
	if line+1 < len(p.starts) {
		return p.starts[line+1] - 1
	}
	return len(p.buf)
}

func (p *docParser) lineOf(off int) int {
	return sort.Search(len(p.starts), func(i int) bool { return p.starts[i] > off }) - 1
}

// runeCol is the offset of a 0-based line and rune column, clamped to the line.
func (p *docParser) runeCol(line, col int) int {
	if line < 0 {
		return 0
	}
	if line >= len(p.starts) {
		return len(p.buf)
	}
	s, e := p.starts[line], p.lineEnd(line)
	if col < 0 {
		col = 0
	}
	if p.ascii[line] {
		if s+col > e {
			return e
		}
		return s + col
	}
	off, n := s, 0
	if line == p.cLine && col >= p.cCol {
		off, n = p.cOff, p.cCol
	}
	for n < col && off < e {
		_, size := utf8.DecodeRune(p.buf[off:e])
		off += size
		n++
	}
	p.cLine, p.cCol, p.cOff = line, n, off
	return off
}

// tokOff is the offset in buf of a goccy token (1-based line, 1-based rune
// column; goccy's Offset is not trusted).
func (p *docParser) tokOff(tk *token.Token) int {
	if tk == nil {
		return 0
	}
	line := tk.Position.Line - 1
	if line < 0 {
		line = 0
	}
	if line >= len(p.starts) {
		line = len(p.starts) - 1
	}
	return p.runeCol(line, tk.Position.Column-1+p.drift[tk])
}

func (p *docParser) computeDrift(tokens token.Tokens) {
	p.drift = nil
	line, corr, prevEnd := -1, 0, 0
	for _, t := range tokens {
		l := t.Position.Line - 1
		if l < 0 || l >= len(p.starts) || t.Position.Column <= 0 {
			continue
		}
		if l != line {
			line, corr, prevEnd = l, 0, p.starts[l]
		}
		txt := tokenText(t)
		if txt == "" {
			continue
		}
		col := t.Position.Column - 1
		at := -1
		if x := p.runeCol(l, col+corr); hasAt(p.buf, x, txt) {
			at = x
		} else {
			at = p.findAfter(l, prevEnd, txt)
		}
		if at < 0 {
			continue
		}
		if x := p.runeCol(l, col+corr); x != at {
			corr = p.colOf(l, at) - col
		}
		if corr != 0 {
			if p.drift == nil {
				p.drift = make(map[*token.Token]int)
			}
			p.drift[t] = corr
		}
		prevEnd = at + len(txt)
	}
}

// tokenText is the text a token starts with on its first line.
func tokenText(t *token.Token) string {
	s := strings.TrimLeft(t.Origin, " \t\n")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimRight(s, " \t")
	if s == "" {
		s = strings.TrimSpace(t.Value)
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[:i]
		}
	}
	return s
}

// findAfter finds txt on line l at or after from: first right after the
// blanks there, else close by (bounded, to stay linear on long lines).
func (p *docParser) findAfter(l, from int, txt string) int {
	le := p.lineEnd(l)
	i := from
	for i < le && (p.buf[i] == ' ' || p.buf[i] == '\t') {
		i++
	}
	if hasAt(p.buf, i, txt) {
		return i
	}
	end := min(le, i+64+len(txt))
	if j := bytes.Index(p.buf[i:end], []byte(txt)); j >= 0 {
		return i + j
	}
	return -1
}

// colOf is the rune column of offset off on line l (incremental along a line).
func (p *docParser) colOf(l, off int) int {
	s := p.starts[l]
	if p.ascii[l] {
		return off - s
	}
	if l != p.kLine || off < p.kOff {
		p.kLine, p.kOff, p.kCol = l, s, 0
	}
	p.kCol += utf8.RuneCount(p.buf[p.kOff:off])
	p.kOff = off
	return p.kCol
}

// near finds text at s or, when goccy's column is off (it is after tabs,
// tags and trailing blanks), at the occurrence on the same line closest to
// s; it returns s, false when the line does not hold text.
func (p *docParser) near(s int, text string) (int, bool) {
	if text == "" {
		return s, false
	}
	if hasAt(p.buf, s, text) {
		return s, true
	}
	line := p.lineOf(s)
	ls, le := p.starts[line], p.lineEnd(line)
	if le-ls > 4096 {
		// Keep long lines (minified flow collections) linear: only look
		// close by.
		ls, le = max(ls, s-16), min(le, s+16+len(text))
	}
	best := -1
	for i := ls; i+len(text) <= le; {
		j := bytes.Index(p.buf[i:le], []byte(text))
		if j < 0 {
			break
		}
		x := i + j
		if best < 0 || abs(x-s) < abs(best-s) {
			best = x
		}
		i = x + 1
	}
	if best < 0 {
		return s, false
	}
	return best, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// orig maps an offset in buf to the original text.
func (p *docParser) orig(x int, right bool) int {
	if p.insN > 0 && x > p.insA {
		if x >= p.insA+p.insN {
			x -= p.insN
		} else {
			x = p.insA
		}
	}
	return p.pm.toOrig(p.ch.start+x, right)
}

// span maps [s, e) in buf to the original text.
func (p *docParser) span(s, e int) text.Span {
	if e <= s {
		o := p.orig(s, false)
		return text.Span{Start: o, End: o}
	}
	sp := text.Span{Start: p.orig(s, true), End: p.orig(e, false)}
	if sp.End < sp.Start {
		sp.End = sp.Start
	}
	return sp
}

func (p *docParser) addError(s, e int, msg string) {
	sp := p.span(s, e)
	for _, x := range p.errs {
		if x.Span == sp && x.Message == msg {
			return
		}
	}
	p.errs = append(p.errs, Error{Span: sp, Message: msg})
}

func (p *docParser) finish() {
	p.f.Errors = append(p.f.Errors, p.errs...)
	sp := text.Span{Start: p.pm.toOrig(p.ch.start, false), End: p.pm.toOrig(p.ch.end, false)}
	if len(p.roots) == 0 {
		p.f.Docs = append(p.f.Docs, &Document{Span: sp})
		return
	}
	for _, r := range p.roots {
		p.f.Docs = append(p.f.Docs, &Document{Root: r, Span: sp})
	}
}

// tokenize and parse buf, converting panics into errors.
func (p *docParser) parseOnce() (tokens token.Tokens, file *ast.File, err error, panicked any) {
	defer func() {
		if r := recover(); r != nil {
			panicked = r
		}
	}()
	if testHookParse != nil {
		testHookParse(p.buf)
	}
	tokens = lexer.Tokenize(string(p.buf))
	p.computeDrift(tokens)
	file, err = parser.Parse(tokens, 0, parser.AllowDuplicateMapKey())
	return tokens, file, err, nil
}

// run parses the chunk, repairing it until goccy accepts it.
func (p *docParser) run() {
	limit := maxRounds
	if len(p.buf) > 0 {
		limit = max(2, min(maxRounds, repairBudget/len(p.buf)))
	}
	for round := 0; ; round++ {
		tokens, file, err, panicked := p.parseOnce()
		if panicked != nil {
			p.addError(0, p.lineEnd(0), fmt.Sprintf("YAML parser failure: %v", panicked))
			return
		}
		if err == nil {
			p.ok = true
			p.convert(file)
			return
		}
		if round >= limit {
			// Last resort: drop everything from the error line on.
			if round > limit || !p.blank(p.starts[p.errLine(err)], len(p.buf)) {
				return
			}
			continue
		}
		if !p.repair(tokens, err) {
			return
		}
		if p.stopLine >= 0 && p.touched[p.stopLine] {
			return
		}
	}
}

func (p *docParser) errLine(err error) int {
	if ye, ok := err.(yamlError); ok && ye.GetToken() != nil {
		return p.lineOf(p.tokOff(ye.GetToken()))
	}
	return 0
}

// repair records the error and changes buf so that the next round gets
// further. It reports false when nothing could be changed.
func (p *docParser) repair(tokens token.Tokens, err error) bool {
	ye, ok := err.(yamlError)
	if !ok || ye.GetToken() == nil {
		msg := err.Error()
		if ok {
			msg = ye.GetMessage()
		}
		p.addError(0, p.lineEnd(0), msg)
		return false
	}
	tk, msg := ye.GetToken(), ye.GetMessage()
	if tk.Type == token.InvalidType && isTabError(tk.Error) && p.fixTabs(tokens) {
		return true
	}
	s := p.tokOff(tk)
	line := p.lineOf(s)
	le := p.lineEnd(line)
	if prev := prevToken(tokens, tk); prev != nil && prev.Type == token.TagType &&
		prev.Position.Line < tk.Position.Line {
		// goccy rejects a tag with an empty value followed by more
		// content (`a: !!str` + newline + `b: 1`), which is valid YAML:
		// drop the tag rather than the next line.
		ps := p.tokOff(prev)
		if p.blank(ps, p.tokTextEnd(prev, ps, prev.Value)) {
			return true
		}
	}
	switch {
	case isUnclosedFlow(msg):
		if o, ok := p.findOpener(tokens, tk); ok {
			p.addError(o, o+1, msg)
			ol := p.lineOf(o)
			end := p.lineEnd(ol)
			if line > ol {
				end = p.starts[line] - 1
			}
			if p.blank(o, end) {
				return true
			}
			return p.blankNear(line)
		}
		p.addError(s, p.tokEnd(tk, s), msg)
	case tk.Type == token.InvalidType:
		p.addError(s, trimRightEnd(p.buf, s, le), msg)
		if p.blank(s, le) {
			return true
		}
		return p.blankNear(line)
	default:
		p.addError(s, p.tokEnd(tk, s), msg)
	}
	// Blank from the token to the end of its line: what precedes it on the
	// line was accepted.
	if p.blank(s, le) {
		return true
	}
	return p.blankNear(line)
}

func isTabError(msg string) bool {
	return strings.Contains(msg, "\t") || strings.Contains(msg, "tab character")
}

func isUnclosedFlow(msg string) bool {
	return strings.Contains(msg, "must be specified") ||
		strings.Contains(msg, "end token") ||
		strings.Contains(msg, "could not find flow")
}

// prevToken is the token before tk, comments skipped.
func prevToken(tokens token.Tokens, tk *token.Token) *token.Token {
	var prev *token.Token
	for _, t := range tokens {
		if t == tk {
			return prev
		}
		if t.Type != token.CommentType {
			prev = t
		}
	}
	return nil
}

// findOpener finds the innermost flow collection still open at tk.
func (p *docParser) findOpener(tokens token.Tokens, tk *token.Token) (int, bool) {
	var stack []*token.Token
	for _, t := range tokens {
		if t == tk || t.Position.Line > tk.Position.Line ||
			(t.Position.Line == tk.Position.Line && t.Position.Column >= tk.Position.Column) {
			break
		}
		switch t.Type {
		case token.MappingStartType, token.SequenceStartType:
			stack = append(stack, t)
		case token.MappingEndType, token.SequenceEndType:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return 0, false
	}
	return p.tokOff(stack[len(stack)-1]), true
}

// tokEnd is the end of the first line of a token starting at s.
func (p *docParser) tokEnd(tk *token.Token, s int) int {
	le := p.lineEnd(p.lineOf(s))
	for _, t := range []string{tk.Origin, tk.Value} {
		t = strings.TrimLeft(t, " \t\n")
		if i := strings.IndexByte(t, '\n'); i >= 0 {
			t = t[:i]
		}
		t = strings.TrimRight(t, " \t")
		if t != "" && s+len(t) <= le && string(p.buf[s:s+len(t)]) == t {
			return s + len(t)
		}
	}
	e := s
	for e < le && p.buf[e] != ' ' && p.buf[e] != '\t' {
		e++
	}
	if e == s && s < le {
		_, size := utf8.DecodeRune(p.buf[s:le])
		e += size
	}
	return e
}

func trimRightEnd(b []byte, s, e int) int {
	for e > s && (b[e-1] == ' ' || b[e-1] == '\t') {
		e--
	}
	return e
}

// blank replaces the bytes of [s, e) with spaces, keeping line breaks, and
// reports whether anything changed.
func (p *docParser) blank(s, e int) bool {
	if s < 0 {
		s = 0
	}
	if e > len(p.buf) {
		e = len(p.buf)
	}
	changed := false
	p.cLine, p.kLine = -1, -1
	line := p.lineOf(s)
	for i := s; i < e; i++ {
		switch p.buf[i] {
		case '\n':
			line++
		case ' ':
		default:
			if !p.own {
				p.buf = bytes.Clone(p.buf)
				p.own = true
			}
			p.buf[i] = ' '
			p.touched[line] = true
			changed = true
		}
	}
	return changed
}

// blankNear blanks the closest non-blank line at or before line, else after.
func (p *docParser) blankNear(line int) bool {
	for l := line; l >= 0; l-- {
		if p.blank(p.starts[l], p.lineEnd(l)) {
			return true
		}
	}
	for l := line + 1; l < len(p.starts); l++ {
		if p.blank(p.starts[l], p.lineEnd(l)) {
			return true
		}
	}
	return false
}

// fixTabs replaces tabs in the indentation of the lines goccy's lexer
// rejected by spaces (same byte length) and reports them.
func (p *docParser) fixTabs(tokens token.Tokens) bool {
	changed := false
	p.cLine, p.kLine = -1, -1
	for _, t := range tokens {
		if t.Type != token.InvalidType || !isTabError(t.Error) {
			continue
		}
		line := t.Position.Line - 1
		if line < 0 || line >= len(p.starts) {
			continue
		}
		s, e := p.starts[line], p.lineEnd(line)
		first, last, c := -1, -1, s
		for ; c < e && (p.buf[c] == ' ' || p.buf[c] == '\t'); c++ {
			if p.buf[c] == '\t' {
				if first < 0 {
					first = c
				}
				last = c
			}
		}
		if first < 0 {
			continue
		}
		if c < e {
			p.addError(first, last+1, "tab character cannot be used for indentation")
		}
		if !p.own {
			p.buf = bytes.Clone(p.buf)
			p.own = true
		}
		for i := first; i <= last; i++ {
			if p.buf[i] == '\t' {
				p.buf[i] = ' '
				changed = true
			}
		}
	}
	return changed
}
