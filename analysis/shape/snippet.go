package shape

import (
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// Writer writes the snippet of new values in LSP snippet syntax: tab
// stops `$1`, placeholders `${1:text}`, choices `${1|a,b|}`. Lines after
// the first are indented relative to the line the insertion starts on (the
// editor adds that line's indentation: insertTextMode adjustIndentation).
type Writer struct {
	// Unit is the file's indentation step.
	Unit string
	// Flow writes values in flow style (the insertion is inside a flow
	// collection).
	Flow bool
	// Scalar writes a string as a scalar where it goes (quoted where the
	// plain text would read as something else).
	Scalar func(string) string
	// Bare leaves a scalar value with nothing to choose from to the author
	// (no placeholder) where it is the value written itself, not a part of
	// it: completing a property's name writes `port: `, not a placeholder.
	Bare bool

	b      strings.Builder
	indent string
	stops  int
	// empty counts the tab stops written without a placeholder.
	empty int
	depth int
	// open counts the collections being written around the current value.
	open int
}

// maxDepth bounds how deep a snippet writes nested values.
const maxDepth = 4

// String is the snippet. A snippet whose only tab stop is empty ends
// there: `$0`.
func (w *Writer) String() string {
	s := w.b.String()
	if w.stops == 1 && w.empty == 1 {
		s = strings.Replace(s, "$1", "$0", 1)
	}
	return s
}

// Stops is how many tab stops were written (none: the text is plain).
func (w *Writer) Stops() int { return w.stops }

// Text writes text as it reads (escaped for the snippet syntax).
func (w *Writer) Text(s string) { w.b.WriteString(snippetEscaper.Replace(s)) }

// punct writes YAML punctuation (`: `, `- `, `{ `, ` }` …), which needs no
// escape.
func (w *Writer) punct(s string) { w.b.WriteString(s) }

// Stop writes an empty tab stop.
func (w *Writer) Stop() {
	w.stops++
	w.empty++
	w.b.WriteString("$" + strconv.Itoa(w.stops))
}

// Placeholder writes a tab stop holding s.
func (w *Writer) Placeholder(s string) {
	w.stops++
	w.b.WriteString("${" + strconv.Itoa(w.stops) + ":" + snippetEscaper.Replace(s) + "}")
}

// Choice writes a tab stop offering values, or a placeholder holding the
// first when one cannot be a choice (it holds a character choices
// separate with).
func (w *Writer) Choice(values []string) {
	for _, v := range values {
		if strings.ContainsAny(v, ",|$}\\") {
			w.Placeholder(values[0])
			return
		}
	}
	w.stops++
	w.b.WriteString("${" + strconv.Itoa(w.stops) + "|" + strings.Join(values, ",") + "|}")
}

// Line starts a new line at the current indentation.
func (w *Writer) Line() {
	w.b.WriteString("\n" + w.indent)
}

// Section writes the keyname `name:` on a new line, and what write writes
// below it, one step further in.
func (w *Writer) Section(name string, write func()) {
	w.Line()
	w.Text(name)
	w.punct(":")
	old := w.indent
	w.indent += w.Unit
	write()
	w.indent = old
}

// Key writes the entry `name:` (name already written as a scalar) and the
// value of s after it.
func (w *Writer) Key(name string, s Shape) {
	w.Text(name)
	w.Value(s)
}

// Value writes what follows a key: `: ` and the value of s, or the value on
// the lines below when it is written as a block.
func (w *Writer) Value(s Shape) {
	if w.depth >= maxDepth {
		w.punct(": ")
		w.Stop()
		return
	}
	w.depth++
	defer func() { w.depth-- }()
	if b, ok := s.(blockValue); ok && b.block() {
		w.open++
		defer func() { w.open-- }()
		if !w.Flow {
			w.punct(":")
			old := w.indent
			w.indent += w.Unit
			w.Line()
			s.Snippet(w)
			w.indent = old
			return
		}
	}
	w.punct(": ")
	s.Snippet(w)
}

// Item writes a new list item, `- ` and the value of s (a map's first
// entry on the dash's line, the others below it).
func (w *Writer) Item(s Shape) {
	w.punct("- ")
	old := w.indent
	w.indent += "  "
	w.open++
	s.Snippet(w)
	w.open--
	w.indent = old
}

// scalar writes a string as a scalar where the snippet goes.
func (w *Writer) scalar(s string) string {
	if w.Scalar == nil {
		return grammar.StringScalar(s, w.Flow)
	}
	return w.Scalar(s)
}

// blockValue is a shape whose values are written on the lines below their
// key (a map of fields, a list, a map).
type blockValue interface{ block() bool }

// snippetEscaper escapes the characters snippets treat specially.
var snippetEscaper = strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`)
