package shape

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
)

// Query is a completion inside a value: where the cursor is and what is
// written around it. The shape adds the items it offers itself and asks
// for the names it wants offered (templates, inputs, members of a type),
// which the completion feature lists as it lists them everywhere.
type Query struct {
	// Key is set when a key is written at the cursor, in the mapping the
	// shape is; NewItem when a new item of the list it is; neither when a
	// value is written.
	Key, NewItem bool
	// ColonAfter is set when the word is followed by `:` (a key being
	// renamed): only names are inserted.
	ColonAfter bool
	// Present are the keys (for a list, the scalar items) written
	// elsewhere in the value.
	Present map[string]bool
	// In a call: Arg is the argument the cursor is on (-1: none); Naming
	// is set where the name of an argument is written (Heat's
	// `str_replace: { template: …, params: … }`), Named are the names
	// written elsewhere; Args are the texts of the scalar arguments.
	Arg    int
	Naming bool
	Named  map[string]bool
	Args   []string
	// Vers are the versions whose functions are offered (a 2.0 file's
	// form's); Ops the operators of the expression around the cursor (a
	// Variability4TOSCA condition), nil outside one: the functions then.
	Vers grammar.Versions
	Ops  []*grammar.Function
	// Writer starts the snippet of a value written at the cursor.
	Writer func() *Writer

	// Names offers the names a reference of kind may use where the cursor
	// is (a template does not name itself); Locals every name of kind the
	// file declares (sort texts prefixed by sort).
	Names, Locals func(kind grammar.RefKind, sort string)
	// Members offers the members of a section of type t not in present,
	// as keys (with the snippet of their value) or, asValue, as names.
	Members func(t model.Decl, section string, present map[string]bool, asValue bool, sort string)
	// Declared offers the functions the file and its imports declare (a
	// `functions` section, a processor's scriptlets), as a key or a value.
	Declared func(asKey bool)

	Items []Candidate
}

// CandidateKind is what a candidate inserts.
type CandidateKind uint8

const (
	// CandidateValue is a value a type or a keyname allows.
	CandidateValue CandidateKind = iota + 1
	CandidateBool
	CandidateFunction
	// CandidateKeyword is a reserved word (SELF, RELATIONSHIP …).
	CandidateKeyword
	// CandidateEntry is the name of an entry of an element (a requirement
	// assignment a presence operator names).
	CandidateEntry
	// CandidateArgument is the name of an argument (of a function whose
	// arguments are named).
	CandidateArgument
	// CandidateAttribute is an attribute of a Heat resource.
	CandidateAttribute
)

// Candidate is one item a shape offers.
type Candidate struct {
	Label, Detail, Doc string
	Kind               CandidateKind
	// Section is the section of a CandidateEntry.
	Section string
	// Text is inserted over the word (a snippet when Snippet is set; the
	// label when empty).
	Text       string
	Snippet    bool
	Sort       string
	Deprecated bool
}

func (q *Query) add(c Candidate) { q.Items = append(q.Items, c) }

// bools offers true and false.
func (q *Query) bools() {
	q.add(Candidate{Label: "true", Kind: CandidateBool, Sort: "00"})
	q.add(Candidate{Label: "false", Kind: CandidateBool, Sort: "01"})
}

// Functions offers the functions (or the operators around) whose result
// may be of kind want, as a key or as a value, and the functions the file
// declares where any function may stand.
func (q *Query) Functions(want grammar.ArgKind, asKey bool) {
	fns := q.Ops
	if fns == nil {
		fns = grammar.Functions
	}
	q.Items = append(q.Items, functionCandidates(fns, q.Vers, want, asKey, q.ColonAfter)...)
	if q.Ops == nil && want == grammar.ArgAny && q.Declared != nil {
		q.Declared(asKey)
	}
}

// functionCandidates offers the functions of fns that exist in vers and whose
// result may be of kind want (where the grammar knows their result): each
// inserted as the snippet of a call, as the key of a mapping (`get_input:
// `) or as a value (`{ get_input: … }`); only the name where the word is
// a key being renamed.
func functionCandidates(fns []*grammar.Function, vers grammar.Versions, want grammar.ArgKind, asKey, colonAfter bool) []Candidate {
	var out []Candidate
	for _, fn := range fns {
		if !fn.In.Has(vers) || want != grammar.ArgAny && fn.Result != grammar.ArgAny && fn.Result != want {
			continue
		}
		args := "[ $0 ]"
		switch {
		case len(fn.Params) == 0:
			args = "[]"
		case fn.Named:
			args = namedArgs(fn)
		case fn.Params[0].Ref == grammar.Input, len(fn.Params) == 1 && !fn.Variadic, fn.Params[0].Ref != grammar.NoRef && len(fn.Params) > 1 && restOptional(fn):
			// One argument, or a name that may be followed by more.
			args = "$0"
		}
		name := Escape(fn.Name)
		text := name + ": " + args
		if !asKey {
			text = "{ " + text + " }"
		}
		if colonAfter {
			text = name
		}
		out = append(out, Candidate{Label: fn.Name, Kind: CandidateFunction, Detail: fn.Signature(), Doc: fn.Doc,
			Text: text, Snippet: true, Sort: "8" + fn.Name})
	}
	return out
}

// restOptional reports whether every parameter of fn after the first is optional.
func restOptional(fn *grammar.Function) bool {
	for _, p := range fn.Params[1:] {
		if !p.Optional {
			return false
		}
	}
	return true
}

// namedArgs is the argument map of a Named function with its mandatory
// arguments: `{ template: $1, params: $0 }`.
func namedArgs(fn *grammar.Function) string {
	var names []string
	for _, p := range fn.Params {
		if !p.Optional {
			names = append(names, Escape(p.Name))
		}
	}
	if len(names) == 0 {
		return "{ $0 }"
	}
	args := make([]string, len(names))
	for i, name := range names {
		stop := i + 1
		if i == len(names)-1 {
			stop = 0 // the last tab stop
		}
		args[i] = fmt.Sprintf("%s: $%d", name, stop)
	}
	return "{ " + strings.Join(args, ", ") + " }"
}

// Escape escapes the characters snippets treat specially.
func Escape(s string) string { return snippetEscaper.Replace(s) }
