package facts

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// FlowWriter writes values of a file on one line, in YAML flow style, for
// hovers and drawings. Once past Limit bytes (0: no limit) it writes no
// more values, and String cuts the text there.
type FlowWriter struct {
	F     *Facts
	Limit int
	b     strings.Builder
}

// Flow writes value v on one line in flow style, cut at limit bytes.
func (f *Facts) Flow(v ValueID, limit int) string {
	w := &FlowWriter{F: f, Limit: limit}
	w.Value(v)
	return w.String()
}

// Full reports whether the text is past the limit.
func (w *FlowWriter) Full() bool { return w.Limit > 0 && w.b.Len() > w.Limit }

// WriteString writes s as it is.
func (w *FlowWriter) WriteString(s string) { w.b.WriteString(s) }

// String is what was written, cut at the limit on a rune boundary and
// followed by "…" when longer.
func (w *FlowWriter) String() string {
	s := w.b.String()
	if w.Limit > 0 && len(s) > w.Limit {
		cut := w.Limit
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// Value writes value v: a scalar as written (quoted when it holds flow
// indicators and was quoted), collections in brackets and braces.
func (w *FlowWriter) Value(v ValueID) {
	if w.Full() {
		return
	}
	val := w.F.Value(v)
	switch {
	case val == nil || val.Kind() == syntax.Null:
		w.b.WriteString("null")
	case val.Kind() == syntax.Scalar:
		s := w.F.Text(v)
		if s == "" || strings.ContainsAny(s, ",:{}[]\n") && val.Style() != syntax.Plain {
			fmt.Fprintf(&w.b, "%q", s)
		} else {
			w.b.WriteString(strings.ReplaceAll(s, "\n", " "))
		}
	case val.Kind() == syntax.Mapping:
		w.b.WriteString("{")
		first := true
		for k, x := range w.F.Pairs(v) {
			w.Sep(&first)
			w.b.WriteString(w.F.Text(k))
			w.b.WriteString(": ")
			w.Value(x)
		}
		w.b.WriteString("}")
	case val.Kind() == syntax.Sequence:
		w.b.WriteString("[")
		for i, x := range w.F.Items(v) {
			if i > 0 {
				w.b.WriteString(", ")
			}
			w.Value(x)
		}
		w.b.WriteString("]")
	}
}

// Sep writes the comma between the entries of a collection, after the first.
func (w *FlowWriter) Sep(first *bool) {
	if !*first {
		w.b.WriteString(", ")
	}
	*first = false
}
