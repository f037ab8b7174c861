package analysis

import (
	"context"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Complete proposes what may be written at offset in the file at path:
// keynames, type and template names, member names of a template's type,
// function names and their arguments, enumerated values, import paths and
// profile names. It works on broken text: the file is re-parsed around the
// cursor (syntax.ParseForCompletion) and the indentation of the cursor line
// tells which mapping a bare word or a blank line belongs to.
//
// Multi-line insertions are snippets whose continuation lines are indented
// relative to the line the completion starts on (LSP insertTextMode
// adjustIndentation, which is what editors do for snippets by default).
func Complete(ctx context.Context, snap *index.Snapshot, path string, offset int) []CompletionItem {
	if ctx.Err() != nil {
		return nil
	}
	c := newComplCtx(snap, path, offset)
	if c == nil {
		return nil
	}
	c.complete()
	sort.SliceStable(c.items, func(i, j int) bool { return c.items[i].SortText < c.items[j].SortText })
	return c.items
}

// complCtx is one completion request.
type complCtx struct {
	a     *Analyzer
	u     *Unit
	snap  *index.Snapshot
	src   []byte
	lines *text.Lines
	off   int
	// v is the set of versions whose keynames are offered: the file's
	// version, narrowed for TOSCA 2.0 to the form the file uses.
	v     grammar.Versions
	scope *Scope
	// root is the cursor's document re-parsed for completion (nil when empty).
	root *syntax.Node
	// line is the cursor's line and lineStart its first byte.
	line, lineStart int
	// word is the partial word the edits replace; typed is what of it
	// precedes the cursor.
	word  text.Span
	typed string
	// colonAfter is set when the word is already followed by `:` (an
	// existing key is being renamed): only the name is inserted then.
	colonAfter bool
	// unit is the file's indentation step.
	unit string

	items []CompletionItem
	seen  map[string]bool
	// profileDirs maps the folder of each embedded profile to its name.
	profileDirs map[string]string
}

func newComplCtx(snap *index.Snapshot, path string, offset int) *complCtx {
	a := For(snap)
	u := a.Unit(path)
	if u == nil || u.File == nil || u.File.Syntax == nil {
		return nil
	}
	src := u.File.Syntax.Src
	if offset < 0 {
		offset = 0
	}
	if offset > len(src) {
		offset = len(src)
	}
	c := &complCtx{a: a, u: u, snap: snap, src: src, lines: text.NewLines(src), off: offset, seen: map[string]bool{}}
	c.line = c.lines.Line(offset)
	c.lineStart = c.lines.LineStart(c.line)
	c.findWord()
	parsed := src
	if strings.HasSuffix(c.typed, ":") && c.word.End == offset {
		// `type: ns:‸` does not parse: read the colon as a letter.
		parsed = append([]byte(nil), src...)
		parsed[offset-1] = '_'
	}
	cf := syntax.ParseForCompletion(parsed, offset)
	// Only the first document of a file is TOSCA.
	doc := 0
	for i, d := range cf.Docs {
		if i > 0 && d.Span.Start <= offset {
			doc = i
		}
	}
	if doc > 0 {
		return nil
	}
	if len(cf.Docs) > 0 {
		c.root = cf.Docs[0].Root
	}
	c.v = complVersions(u)
	c.scope = u.Scope
	if c.scope == nil {
		c.scope = newScope()
	}
	c.unit = complIndentUnit(src)
	return c
}

// complVersions is the set of versions completion offers keynames of: the
// file's version; for TOSCA 2.0 only the form the file already uses (the
// final form when nothing tells).
func complVersions(u *Unit) grammar.Versions {
	if u.Versions != grammar.V2 {
		return u.Versions
	}
	switch u.Form {
	case grammar.FormDraft:
		return grammar.V2Draft
	case grammar.FormMixed:
		return grammar.V2
	}
	return grammar.V2Final
}

// complIndentUnit is the smallest indentation the file uses (2 by default).
func complIndentUnit(src []byte) string {
	best := 0
	for _, ln := range strings.Split(string(src), "\n") {
		n := len(ln) - len(strings.TrimLeft(ln, " "))
		rest := strings.TrimSpace(ln)
		if n == 0 || rest == "" || strings.HasPrefix(rest, "#") {
			continue
		}
		if best == 0 || n < best {
			best = n
		}
	}
	if best < 2 || best > 8 {
		best = 2
	}
	return strings.Repeat(" ", best)
}

func complWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' ||
		b == '_' || b == '-' || b == '.' || b == '$' || b == ':' || b >= 0x80
}

// findWord sets the span of the partial word around the cursor.
func (c *complCtx) findWord() {
	start := c.off
	for start > c.lineStart && complWordByte(c.src[start-1]) {
		start--
	}
	// A leading `-` is a list item marker, not part of the word.
	for start < c.off && c.src[start] == '-' {
		start++
	}
	end := c.off
	for end < len(c.src) && complWordByte(c.src[end]) {
		if c.src[end] == ':' && (end+1 == len(c.src) || c.src[end+1] == ' ' || c.src[end+1] == '\n' || c.src[end+1] == '\r') {
			break
		}
		end++
	}
	c.word = text.Span{Start: start, End: end}
	c.typed = string(c.src[start:c.off])
	rest := c.src[end:]
	c.colonAfter = len(rest) > 0 && rest[0] == ':'
}

// complete dispatches on the cursor's position.
func (c *complCtx) complete() {
	if complInComment(c.src[c.lineStart:c.off]) {
		return
	}
	prefix := string(c.src[c.lineStart:c.word.Start])
	if indent, dash, ok := complKeyPrefix(prefix); ok {
		if strings.HasSuffix(c.typed, ":") {
			return // `key:‸`: the value starts after a blank
		}
		frames, newItem := c.blockTarget(indent, dash)
		c.keyItems(frames, newItem, dash)
		return
	}
	if strings.HasSuffix(strings.TrimRight(prefix, " "), "-") && !strings.HasSuffix(prefix, " ") {
		return
	}
	path := syntax.PathAt(c.root, c.off)
	if n := len(path); n > 0 && path[n-1].OnKey {
		// A key of a flow mapping (`{ get_in‸ }`).
		c.keyItems(c.frames(path[:n-1]), false, false)
		return
	}
	frames := c.frames(path)
	if f := frames[len(frames)-1]; f.Node != nil && f.Node.Kind == syntax.Mapping && f.Node.Flow {
		c.keyItems(frames, false, false)
		return
	}
	c.valueItems(frames)
}

// complInComment reports whether a line's text up to the cursor ends in
// a comment.
func complInComment(line []byte) bool {
	var quote byte
	for i, b := range line {
		switch {
		case quote != 0:
			if b == quote {
				quote = 0
			}
		case b == '"' || b == '\'':
			if i == 0 || line[i-1] == ' ' || line[i-1] == '[' || line[i-1] == '{' || line[i-1] == ',' || line[i-1] == ':' {
				quote = b
			}
		case b == '#':
			if i == 0 || line[i-1] == ' ' || line[i-1] == '\t' {
				return true
			}
		}
	}
	return false
}

// complKeyPrefix reports whether the text before the word on its line
// puts the word in key position: only blanks and list item dashes. indent
// is the first non-blank column; dash tells whether a `- ` was written.
func complKeyPrefix(prefix string) (indent int, dash, ok bool) {
	indent = len(prefix) - len(strings.TrimLeft(prefix, " "))
	rest := prefix[indent:]
	for rest != "" {
		if !strings.HasPrefix(rest, "- ") && rest != "-" {
			return 0, false, false
		}
		if rest == "-" {
			// `-‸` without a blank: not yet an item.
			return 0, false, false
		}
		dash = true
		rest = strings.TrimLeft(rest[1:], " ")
	}
	return indent, dash, true
}

// col is the byte column of off.
func (c *complCtx) col(off int) int {
	_, col := c.lines.LineCol(off)
	return col
}

func (c *complCtx) lineOf(off int) int { return c.lines.Line(off) }

// dashCol is the column of the `-` of a block sequence's items.
func (c *complCtx) dashCol(seq *syntax.Node) int {
	if len(seq.Items) == 0 {
		return c.col(seq.Span.Start)
	}
	it := seq.Items[0].Span.Start
	ls := c.lines.LineStart(c.lineOf(it))
	for i := it - 1; i >= ls; i-- {
		switch c.src[i] {
		case ' ':
			continue
		case '-':
			return i - ls
		}
		break
	}
	return c.col(it) - 2
}

// blockTarget finds, from the indentation of the cursor line, the
// collection a key (or list item) typed there belongs to, and returns the
// grammar frames down to it. newItem is set when the line starts a new item
// of a sequence.
func (c *complCtx) blockTarget(indent int, dash bool) ([]complFrame, bool) {
	if c.root == nil {
		return c.frames(nil), false
	}
	path, newItem, ok := c.descend(c.root, nil, indent, dash)
	if !ok {
		return c.frames(nil), false
	}
	return c.frames(path), newItem
}

// descend returns the steps from n to the collection the cursor line
// belongs to; ok is false when the line is outside n.
func (c *complCtx) descend(n *syntax.Node, path syntax.Path, indent int, dash bool) (syntax.Path, bool, bool) {
	if n == nil {
		return nil, false, false
	}
	switch {
	case n.Kind == syntax.Null:
		return path, dash, true
	case n.Flow || n.Anchored != nil:
		return nil, false, false
	case n.Kind == syntax.Mapping:
		first := -1
		last := -1
		for i, p := range n.Pairs {
			if p.Merged {
				continue
			}
			if first < 0 {
				first = i
			}
			if c.lineOf(p.Key.Span.Start) < c.line {
				last = i
			}
		}
		if first < 0 {
			return path, false, true
		}
		kc := c.col(n.Pairs[first].Key.Span.Start)
		if indent < kc {
			return nil, false, false
		}
		if indent == kc {
			if dash && last >= 0 {
				// `key:` then `- item` at the key's own column.
				p := n.Pairs[last]
				step := syntax.Step{Parent: n, Pair: p, Index: last}
				if p.Value.Kind == syntax.Null || p.Value.Kind == syntax.Sequence && !p.Value.Flow && c.dashCol(p.Value) == indent {
					return append(path, step), true, true
				}
			}
			return path, false, true
		}
		if last < 0 {
			return path, false, true
		}
		p := n.Pairs[last]
		sub := append(append(syntax.Path(nil), path...), syntax.Step{Parent: n, Pair: p, Index: last})
		if rp, ni, ok := c.descend(p.Value, sub, indent, dash); ok {
			return rp, ni, true
		}
		if p.Value.Kind == syntax.Scalar && !p.Value.Flow {
			// Under a scalar (a value being continued): no keys here.
			return sub, false, true
		}
		return path, false, true
	case n.Kind == syntax.Sequence:
		dc := c.dashCol(n)
		if indent < dc {
			return nil, false, false
		}
		if indent == dc {
			if dash {
				return path, true, true
			}
			return nil, false, false
		}
		last := -1
		for i, it := range n.Items {
			if c.lineOf(it.Span.Start) < c.line || it.Kind == syntax.Null && c.lineOf(it.Span.Start) < c.line {
				last = i
			}
		}
		if last < 0 {
			return path, false, true
		}
		it := n.Items[last]
		sub := append(append(syntax.Path(nil), path...), syntax.Step{Parent: n, Index: last})
		if it.Kind == syntax.Null {
			return sub, dash, true
		}
		if rp, ni, ok := c.descend(it, sub, indent, dash); ok {
			return rp, ni, true
		}
		return path, false, true
	}
	return nil, false, false
}

// add appends an item unless one with the same label is already there.
func (c *complCtx) add(it CompletionItem) {
	if c.seen[it.Label] {
		return
	}
	c.seen[it.Label] = true
	if it.Edit.Span == (text.Span{}) && it.Edit.NewText == "" {
		it.Edit = TextEdit{Span: c.word, NewText: it.Label}
	}
	if it.FilterText == "" {
		it.FilterText = it.Label
	}
	c.items = append(c.items, it)
}

// presentKeys are the keys of n written on other lines than the cursor's.
func (c *complCtx) presentKeys(n *syntax.Node) map[string]bool {
	out := map[string]bool{}
	if n == nil {
		return out
	}
	switch n.Kind {
	case syntax.Mapping:
		for _, p := range n.Pairs {
			if !p.Key.Span.Contains(c.off) {
				out[p.Key.Value] = true
			}
		}
	case syntax.Sequence:
		for _, it := range n.Items {
			if it.Kind == syntax.Mapping && len(it.Pairs) == 1 && !it.Pairs[0].Key.Span.Contains(c.off) {
				out[it.Pairs[0].Key.Value] = true
			}
		}
	}
	return out
}

// presentValues are the scalar items of a sequence other than the one at the cursor.
func (c *complCtx) presentValues(n *syntax.Node) map[string]bool {
	out := map[string]bool{}
	if n == nil || n.Kind != syntax.Sequence {
		return out
	}
	for _, it := range n.Items {
		if it.Kind == syntax.Scalar && !it.Span.Contains(c.off) {
			out[it.Value] = true
		}
	}
	return out
}

// complSnippetEscape escapes the characters snippets treat specially.
func complSnippetEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`)
	return r.Replace(s)
}
