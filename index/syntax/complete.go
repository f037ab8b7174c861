package syntax

import (
	"bytes"

	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"
)

// ParseForCompletion parses src for a completion request at offset cursor.
// Documents other than the cursor's parse as with Parse. When the cursor's
// document does not parse as is, the cursor line is patched so that a tree
// still covers it, trying in turn: closing the flow collections left open
// at the end of the line (`[a, b` → `[a, b ]`), turning a bare word into a
// key (`    pro` → `    pro:`), blanking the unclosed flow collection, and
// blanking the line. The first patch with which the rest of the document
// parses (possibly after the usual recovery elsewhere) without touching the
// cursor line wins. Patches only append at the end of the cursor line or
// replace characters with spaces; spans are mapped back to src, so the
// bytes appended have empty spans at the end of the line.
func ParseForCompletion(src []byte, cursor int) (f *File) {
	f, norm, pm, chunks := prepare(src)
	defer guard(f)
	if cursor < 0 {
		cursor = 0
	}
	if cursor > len(src) {
		cursor = len(src)
	}
	nc := pm.toNorm(cursor)
	ci := len(chunks) - 1
	for i, ch := range chunks {
		if nc < ch.end || (nc == ch.end && i == len(chunks)-1) {
			ci = i
			break
		}
	}
	for i, ch := range chunks {
		buf := norm[ch.start:ch.end]
		var p *docParser
		if i == ci {
			p = parseAtCursor(f, pm, ch, buf, nc-ch.start)
		} else {
			p = newDocParser(f, pm, ch, buf)
			p.run()
		}
		p.finish()
	}
	sortErrors(f)
	return f
}

// parseAtCursor tries the cursor-line patches in order; lc is the cursor's
// offset in buf.
func parseAtCursor(f *File, pm *posMap, ch chunk, buf []byte, lc int) *docParser {
	base := newDocParser(f, pm, ch, buf)
	if lc < 0 {
		lc = 0
	}
	if lc > len(buf) {
		lc = len(buf)
	}
	line := base.lineOf(lc)
	ls, le := base.starts[line], base.lineEnd(line)
	openers := openFlows(buf, base, le)
	base.stopLine = line
	base.run()
	if base.ok && !base.touched[line] {
		return base
	}

	try := func(nb []byte, insA, insN int) *docParser {
		p := newDocParser(f, pm, ch, nb)
		p.insA, p.insN = insA, insN
		p.stopLine = line
		p.run()
		if p.ok && !p.touched[line] {
			return p
		}
		return nil
	}
	appendAt := func(s string) []byte {
		nb := make([]byte, 0, len(buf)+len(s))
		nb = append(nb, buf[:le]...)
		nb = append(nb, s...)
		return append(nb, buf[le:]...)
	}

	// 1. Close the flow collections still open at the end of the line.
	if len(openers) > 0 {
		closers := []byte{' '}
		for i := len(openers) - 1; i >= 0; i-- {
			if buf[openers[i]] == '{' {
				closers = append(closers, '}')
			} else {
				closers = append(closers, ']')
			}
		}
		if p := try(appendAt(string(closers)), le, len(closers)); p != nil {
			return p
		}
	}
	// 2. A bare word becomes a key.
	content := bytes.TrimSpace(buf[ls:le])
	if len(content) > 0 && content[0] != '#' && content[len(content)-1] != ':' {
		if p := try(appendAt(":"), le, 1); p != nil {
			return p
		}
	}
	// 3. Blank the unclosed flow collection from its first opener on the line.
	for _, o := range openers {
		if o >= ls {
			nb := bytes.Clone(buf)
			blankBytes(nb, o, le)
			if p := try(nb, 0, 0); p != nil {
				return p
			}
			break
		}
	}
	// 4. Blank the line, and recover elsewhere as usual.
	nb := bytes.Clone(buf)
	blankBytes(nb, ls, le)
	p := newDocParser(f, pm, ch, nb)
	p.run()
	return p
}

func blankBytes(b []byte, s, e int) {
	for i := s; i < e && i < len(b); i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}

// openFlows lists the offsets of the `{`/`[` still open at offset end,
// outermost first, using goccy's lexer (which survives syntax errors).
func openFlows(buf []byte, p *docParser, end int) (out []int) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	tokens := lexer.Tokenize(string(buf))
	p.computeDrift(tokens)
	for _, t := range tokens {
		off := p.locate(t)
		if off >= end {
			break
		}
		switch t.Type {
		case token.MappingStartType, token.SequenceStartType:
			if buf[off] == '{' || buf[off] == '[' {
				out = append(out, off)
			}
		case token.MappingEndType, token.SequenceEndType:
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		}
	}
	return out
}
