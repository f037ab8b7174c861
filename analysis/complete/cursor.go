package complete

import (
	"bytes"
	"strings"

	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Where the cursor is: the word around it, whether a key is being written,
// and the tree path to the collection (or value) it belongs to.

func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' ||
		b == '_' || b == '-' || b == '.' || b == '$' || b == ':' || b >= 0x80
}

// findWord sets the span of the partial word around the cursor.
func (r *request) findWord() {
	start := r.off
	for start > r.lineStart && wordByte(r.src[start-1]) {
		start--
	}
	// A leading `-` is a list item marker, not part of the word.
	for start < r.off && r.src[start] == '-' {
		start++
	}
	end := r.off
	for end < len(r.src) && wordByte(r.src[end]) {
		if r.src[end] == ':' && (end+1 == len(r.src) || r.src[end+1] == ' ' || r.src[end+1] == '\n' || r.src[end+1] == '\r') {
			break
		}
		end++
	}
	r.word = text.Span{Start: start, End: end}
	r.typed = string(r.src[start:r.off])
	rest := r.src[end:]
	r.colonAfter = len(rest) > 0 && rest[0] == ':'
}

// keyPrefix reports whether the text before the word on its line puts the
// word in key position: only blanks and list item dashes. indent is the
// first non-blank column; dash tells whether a `- ` was written.
func keyPrefix(prefix string) (indent int, dash, ok bool) {
	indent = len(prefix) - len(strings.TrimLeft(prefix, " "))
	rest := prefix[indent:]
	for rest != "" {
		if !strings.HasPrefix(rest, "- ") {
			// `-‸` without a blank is not yet an item.
			return 0, false, false
		}
		dash = true
		rest = strings.TrimLeft(rest[1:], " ")
	}
	return indent, dash, true
}

// inComment reports whether a line's text up to the cursor ends in a comment.
func inComment(line []byte) bool {
	var quote byte
	for i, b := range line {
		switch {
		case quote != 0:
			if b == quote {
				quote = 0
			}
		case b == '"' || b == '\'':
			if i == 0 || strings.IndexByte(" [{,:", line[i-1]) >= 0 {
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

// indentUnit is the smallest indentation the file uses (2 by default).
func indentUnit(src []byte) string {
	best := 0
	for rest := src; len(rest) > 0 && (best == 0 || best > 2); {
		line := rest
		if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
			line, rest = rest[:nl], rest[nl+1:]
		} else {
			rest = nil
		}
		n := len(line) - len(bytes.TrimLeft(line, " "))
		body := bytes.TrimSpace(line)
		if n == 0 || len(body) == 0 || body[0] == '#' {
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

// col is the byte column of off.
func (r *request) col(off int) int {
	_, col := r.lines.LineCol(off)
	return col
}

// before reports whether off lies on a line above the cursor's.
func (r *request) before(off int) bool { return r.lines.Line(off) < r.line }

// dashCol is the column of the `-` of a block sequence's items.
func (r *request) dashCol(seq *syntax.Node) int {
	if len(seq.Items) == 0 {
		return r.col(seq.Span.Start)
	}
	it := seq.Items[0].Span.Start
	ls := r.lines.LineStart(r.lines.Line(it))
	for i := it - 1; i >= ls; i-- {
		switch r.src[i] {
		case ' ':
			continue
		case '-':
			return i - ls
		}
		break
	}
	return r.col(it) - 2
}

// blockTarget finds, from the indentation of the cursor line, the
// collection a key (or list item) written there belongs to: the path to
// it from the root. newItem is set when the line starts a new item of a
// sequence.
func (r *request) blockTarget() (path syntax.Path, newItem bool) {
	root := r.u.Tree.Root()
	if root == nil {
		return nil, false
	}
	path, newItem, ok := r.descend(root, nil)
	if !ok {
		return nil, false
	}
	return path, newItem
}

// descend returns the steps from n to the collection the cursor line
// belongs to; ok is false when the line is outside n.
func (r *request) descend(n *syntax.Node, path syntax.Path) (syntax.Path, bool, bool) {
	switch {
	case n == nil:
		return nil, false, false
	case n.Kind == syntax.Null:
		return path, r.dash, true
	case n.Flow || n.Anchored != nil:
		return nil, false, false
	case n.Kind == syntax.Mapping:
		return r.descendMapping(n, path)
	case n.Kind == syntax.Sequence:
		return r.descendSequence(n, path)
	}
	return nil, false, false
}

func (r *request) descendMapping(n *syntax.Node, path syntax.Path) (syntax.Path, bool, bool) {
	first, last := -1, -1
	for i, p := range n.Pairs {
		if p.Merged {
			continue
		}
		if first < 0 {
			first = i
		}
		if r.before(p.Key.Span.Start) {
			last = i
		}
	}
	if first < 0 {
		return path, false, true
	}
	kc := r.col(n.Pairs[first].Key.Span.Start)
	switch {
	case r.indent < kc:
		return nil, false, false
	case r.indent == kc:
		if r.dash && last >= 0 {
			// `key:` then `- item` at the key's own column.
			p := n.Pairs[last]
			if p.Value.Kind == syntax.Null || p.Value.Kind == syntax.Sequence && !p.Value.Flow && r.dashCol(p.Value) == r.indent {
				return append(path, syntax.Step{Parent: n, Pair: p, Index: last}), true, true
			}
		}
		return path, false, true
	case last < 0:
		return path, false, true
	}
	p := n.Pairs[last]
	sub := append(path[:len(path):len(path)], syntax.Step{Parent: n, Pair: p, Index: last})
	if rp, newItem, ok := r.descend(p.Value, sub); ok {
		return rp, newItem, true
	}
	if p.Value.Kind == syntax.Scalar && !p.Value.Flow {
		// Under a scalar (a value being continued): no keys here.
		return sub, false, true
	}
	return path, false, true
}

func (r *request) descendSequence(n *syntax.Node, path syntax.Path) (syntax.Path, bool, bool) {
	dc := r.dashCol(n)
	switch {
	case r.indent < dc:
		return nil, false, false
	case r.indent == dc:
		if r.dash {
			return path, true, true
		}
		return nil, false, false
	}
	last := -1
	for i, it := range n.Items {
		if r.before(it.Span.Start) {
			last = i
		}
	}
	if last < 0 {
		return path, false, true
	}
	it := n.Items[last]
	sub := append(path[:len(path):len(path)], syntax.Step{Parent: n, Index: last})
	if it.Kind == syntax.Null {
		return sub, r.dash, true
	}
	if rp, newItem, ok := r.descend(it, sub); ok {
		return rp, newItem, true
	}
	return path, false, true
}

// commasBefore counts the commas between the innermost open `[` and the word.
func (r *request) commasBefore() int {
	depth, n := 0, 0
	for i := r.word.Start - 1; i >= 0; i-- {
		switch r.src[i] {
		case ']', '}':
			depth++
		case '[', '{':
			if depth == 0 {
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		}
	}
	return n
}
