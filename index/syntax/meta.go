package syntax

import (
	"bytes"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// ParseMeta reads a CSAR's TOSCA.meta (TOSCA 2.0 §17.2): `Name: value`
// lines, a value continued on lines that start with a blank, and blocks
// separated by empty lines. Each block is a document whose root maps the
// names to their values, so that the file is walked like any other; a line
// that is not a name/value pair is an error, and the rest is still read.
func ParseMeta(src []byte) *File {
	f := &File{Src: src, Lines: text.NewLines(src)}
	var block *Node
	var last *Pair
	closeBlock := func() {
		if block != nil {
			f.Docs = append(f.Docs, &Document{Root: block, Span: block.Span})
		}
		block, last = nil, nil
	}
	for i := 0; i < f.Lines.Count(); i++ {
		start := f.Lines.LineStart(i)
		line := bytes.TrimRight(f.Lines.LineText(i), " \t")
		end := start + len(line)
		// A value holds the blanks after it on its line: more names may
		// follow there (PathAt).
		tail := f.Lines.LineEnd(i)
		switch {
		case len(line) == 0:
			closeBlock()
		case line[0] == ' ' || line[0] == '\t':
			if last == nil {
				f.Errors = append(f.Errors, Error{Span: text.Span{Start: start, End: end}, Message: "a continuation line must follow a `Name: value` line"})
				continue
			}
			// The leading blanks of a continuation collapse into one space.
			v := last.Value
			if v.Kind == Null {
				v.Kind, v.Span.Start = Scalar, start+len(line)-len(bytes.TrimLeft(line, " \t"))
				v.Value = string(bytes.TrimLeft(line, " \t"))
			} else {
				v.Value += " " + string(bytes.TrimLeft(line, " \t"))
			}
			v.Span.End, v.tail = end, tail
			block.Span.End = end
		default:
			colon := bytes.Index(line, []byte(": "))
			if colon < 0 && line[len(line)-1] == ':' {
				colon = len(line) - 1
			}
			if colon <= 0 {
				f.Errors = append(f.Errors, Error{Span: text.Span{Start: start, End: end}, Message: "expected a `Name: value` line"})
				last = nil
				continue
			}
			key := &Node{Kind: Scalar, Value: string(line[:colon]), Span: text.Span{Start: start, End: start + colon}}
			val := &Node{Kind: Null, Span: text.Span{Start: start + colon + 1, End: start + colon + 1}, tail: tail}
			if rest := bytes.TrimLeft(line[colon+1:], " \t"); len(rest) > 0 {
				vs := end - len(rest)
				val = &Node{Kind: Scalar, Value: string(rest), Span: text.Span{Start: vs, End: end}, tail: tail}
			}
			if block == nil {
				block = &Node{Kind: Mapping, Span: text.Span{Start: start, End: end}}
			}
			if block.GetPair(key.Value) != nil {
				f.Errors = append(f.Errors, Error{Span: key.Span, Message: diag.Sprintf("%q is given twice in this block", strings.TrimSpace(key.Value)), Duplicate: true})
			}
			last = &Pair{Key: key, Value: val}
			block.Pairs = append(block.Pairs, last)
			block.Span.End = end
		}
	}
	closeBlock()
	return f
}
