package model

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Variability4TOSCA elements present together. Elements of one name
// written several times under conditions (the assignments of a
// requirement, the entries of a property's list) are alternatives: what
// counts is the largest set of them present in one variant. Their
// conditions are read as boolean formulas over the variants: a variability
// input compared with `equal` to literals takes one of those values (or
// another), a boolean input read directly is true or false, and any other
// operation (a presence test, a comparison) is an unknown truth value
// shared by the places that write it alike. Every assignment of these is
// tried, under the topology's variability constraints.

// maxVariants bounds the assignments tried; past it Together cannot tell.
const maxVariants = 1 << 12

// maxExpressionDepth bounds how far named expressions are followed (they
// may refer to each other in a cycle).
const maxExpressionDepth = 8

// Variants reads the conditions of the elements of one Variability4TOSCA
// file; make one per file and ask it about each set of alternatives.
type Variants struct {
	v    *View
	path string
	f    *facts.Facts
	// calls maps the arguments of each call to it; constraints are the
	// variability constraints.
	calls       map[facts.ValueID]*facts.Call
	constraints []facts.ValueID
}

// Variants reads the conditions of the file at path (nil when it is unknown).
func (v *View) Variants(path string) *Variants {
	f := v.Facts(path)
	if f == nil {
		return nil
	}
	vs := &Variants{v: v, path: path, f: f, calls: make(map[facts.ValueID]*facts.Call, len(f.Calls))}
	for i := range f.Calls {
		vs.calls[f.Calls[i].Args] = &f.Calls[i]
	}
	for id := range f.Entities {
		if f.Entities[id].G() == grammar.VariabilityDef {
			vs.constraints = append(vs.constraints, f.Items(f.FieldValue(facts.ID(id), grammar.KeyConstraints))...)
		}
	}
	return vs
}

// Together returns the largest total weight of the entities ids (conditional
// elements of one name) whose conditions hold in one variant: an entity
// without conditions is always present, one marked `default_alternative`
// when none of the others is. ok is false when the conditions are too many
// to tell.
func (vs *Variants) Together(ids []facts.ID, weight func(facts.ID) float64) (most float64, ok bool) {
	f := vs.f
	p := &condParser{vs: vs, vars: map[string]int{}}
	conds := make([]*formula, len(ids))
	defaults := make([]bool, len(ids))
	for i, id := range ids {
		conds[i] = p.conditions(f.FieldValue(id, grammar.KeyConditions))
		defaults[i] = f.FieldText(id, grammar.KeyDefaultAlternative) == "true"
	}
	constraints := make([]*formula, len(vs.constraints))
	for i, c := range vs.constraints {
		constraints[i] = p.parse(c, 0)
	}
	variants := 1
	for _, d := range p.domains {
		if variants *= len(d); variants > maxVariants {
			return 0, false
		}
	}
	assign := make([]int, len(p.domains))
	for range variants {
		if p.holdAll(constraints, assign) {
			sum, others := 0.0, false
			for i, c := range conds {
				if !defaults[i] && p.eval(c, assign) {
					sum += weight(ids[i])
					others = true
				}
			}
			for i := range ids {
				if defaults[i] && !others {
					sum += weight(ids[i])
				}
			}
			most = max(most, sum)
		}
		next(assign, p.domains)
	}
	return most, true
}

// next steps a mixed-radix counter.
func next(assign []int, domains [][]string) {
	for i := range assign {
		if assign[i]++; assign[i] < len(domains[i]) {
			return
		}
		assign[i] = 0
	}
}

// formula is a condition read as a boolean formula.
type formula struct {
	op   formulaOp
	kids []*formula
	// variable and value: the atom "variable has value".
	variable int
	value    string
	truth    bool
}

type formulaOp uint8

const (
	opConst formulaOp = iota
	opAtom
	opAnd
	opOr
	opNot
	opXor
	opExactlyOne
	opAtMostOne
	opImplies
)

var constTrue = &formula{op: opConst, truth: true}

// condParser reads conditions into formulas over the variables it finds.
type condParser struct {
	vs *Variants
	// vars numbers the variables by key; domains lists each one's values
	// (the last stands for "any other").
	vars    map[string]int
	domains [][]string
}

// variable is the number of the variable of key, with value in its domain.
func (p *condParser) variable(key, value string) int {
	i, ok := p.vars[key]
	if !ok {
		i = len(p.domains)
		p.vars[key] = i
		p.domains = append(p.domains, []string{"\x00other"})
	}
	d := p.domains[i]
	for _, x := range d {
		if x == value {
			return i
		}
	}
	p.domains[i] = append([]string{value}, d...)
	return i
}

func (p *condParser) atom(key, value string) *formula {
	return &formula{op: opAtom, variable: p.variable(key, value), value: value}
}

// opaque is an unknown truth value, the same for every place writing a.
func (p *condParser) opaque(a facts.ValueID) *formula {
	val := p.vs.f.Value(a)
	return p.atom("\x00"+p.vs.f.Src[val.Span.Start:val.Span.End], "true")
}

// conditions reads a `conditions` value: one condition or a list, and-ed.
func (p *condParser) conditions(a facts.ValueID) *formula {
	val := p.vs.f.Value(a)
	if val == nil || val.Kind() == syntax.Null {
		return constTrue
	}
	if val.Kind() != syntax.Sequence {
		return p.parse(a, 0)
	}
	and := &formula{op: opAnd}
	for _, item := range p.vs.f.Items(a) {
		and.kids = append(and.kids, p.parse(item, 0))
	}
	return and
}

func (p *condParser) callAt(a facts.ValueID) *facts.Call {
	val := p.vs.f.Value(a)
	if val == nil || val.Kind() != syntax.Mapping || val.N() != 2 {
		return nil
	}
	return p.vs.calls[facts.ValueID(val.First+1)]
}

func (p *condParser) args(call *facts.Call) []facts.ValueID {
	if val := p.vs.f.Value(call.Args); val != nil && val.Kind() == syntax.Sequence {
		return p.vs.f.Items(call.Args)
	}
	return []facts.ValueID{call.Args}
}

var opsByName = map[string]formulaOp{"and": opAnd, "or": opOr, "not": opNot, "xor": opXor,
	"exo": opExactlyOne, "amo": opAtMostOne, "implies": opImplies}

// parse reads one logic expression.
func (p *condParser) parse(a facts.ValueID, depth int) *formula {
	val := p.vs.f.Value(a)
	if val == nil {
		return constTrue
	}
	if val.Kind() == syntax.Scalar && val.Style() == syntax.Plain {
		switch strings.ToLower(p.vs.f.Text(a)) {
		case "true":
			return constTrue
		case "false":
			return &formula{op: opConst}
		}
	}
	call := p.callAt(a)
	if call == nil || call.Fn == nil || depth > maxExpressionDepth {
		return p.opaque(a)
	}
	args := p.args(call)
	if op, ok := opsByName[call.Fn.Name]; ok && call.Fn.In == grammar.V4T {
		if op == opImplies && len(args) != 2 {
			return p.opaque(a)
		}
		fm := &formula{op: op}
		for _, arg := range args {
			fm.kids = append(fm.kids, p.parse(arg, depth))
		}
		if op == opNot && len(fm.kids) != 1 {
			return p.opaque(a)
		}
		return fm
	}
	if reads, _ := call.Fn.ReadsExpression(); reads && len(args) == 1 {
		e := p.vs.v.Local(p.vs.path, grammar.VariabilityExpression, p.vs.f.Text(args[0]))
		if fl := p.vs.f.FieldsOf(e.ID); e.Valid() && e.Path == p.vs.path && len(fl) > 0 {
			return p.parse(fl[0].Value, depth+1)
		}
		return p.opaque(a)
	}
	if input := p.input(call); input != "" {
		return p.atom(input, "true")
	}
	if call.Fn.Name == grammar.OpNameEqual && len(args) == 2 {
		for i := range 2 {
			if c := p.callAt(args[i]); c != nil {
				if input, lit := p.input(c), p.vs.f.Value(args[1-i]); input != "" && lit.Kind() == syntax.Scalar {
					return p.atom(input, p.vs.f.Text(args[1-i]))
				}
			}
		}
	}
	return p.opaque(a)
}

// input is the variable of the variability input a call reads whole, or "".
func (p *condParser) input(call *facts.Call) string {
	if call.Fn != grammar.VariabilityInputOp && call.Fn != grammar.GetVariabilityInput {
		return ""
	}
	args := p.args(call)
	if len(args) != 1 {
		return ""
	}
	name := p.vs.f.Text(args[0])
	if !p.vs.v.Local(p.vs.path, grammar.VariabilityInput, name).Valid() {
		return ""
	}
	return "input:" + name
}

func (p *condParser) holdAll(fs []*formula, assign []int) bool {
	for _, fm := range fs {
		if !p.eval(fm, assign) {
			return false
		}
	}
	return true
}

func (p *condParser) eval(fm *formula, assign []int) bool {
	switch fm.op {
	case opConst:
		return fm.truth
	case opAtom:
		return p.domains[fm.variable][assign[fm.variable]] == fm.value
	case opNot:
		return !p.eval(fm.kids[0], assign)
	case opImplies:
		return !p.eval(fm.kids[0], assign) || p.eval(fm.kids[1], assign)
	}
	n := 0
	for _, k := range fm.kids {
		if p.eval(k, assign) {
			n++
		}
	}
	switch fm.op {
	case opAnd:
		return n == len(fm.kids)
	case opOr:
		return n > 0
	case opXor:
		return n%2 == 1
	case opExactlyOne:
		return n == 1
	}
	return n <= 1 // opAtMostOne
}
