package validate

import (
	"cmp"
	"math"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	ysyntax "github.com/tosca-ls/tosca-ls/index/syntax"
)

// Constraint clauses (1.x and the 2020 draft) and validation expressions
// (final 2.0): checked where they are written for the type they apply to,
// and evaluated on every literal value they constrain.

// constraints reports the constraints a literal value t breaks.
func (c *checker) constraints(t typed, s schema, at facts.Span, what *subject) {
	k := c.kind(s.typ)
	for _, cs := range c.v.Constraints(s.defs, s.typ) {
		f := c.v.Facts(cs.At.Path)
		var holds, known bool
		var text string
		if cs.Clause != facts.None {
			holds, known = c.clauseHolds(f, cs.Clause, t, k)
			e := f.Entity(cs.Clause)
			text = "the constraint `" + oneLine(f.Src[e.Span.Start:e.Span.End]) + "`"
		} else {
			r := c.eval(f, cs.Expr, &operand{t: t, k: k, typ: s.typ, known: true})
			holds, known = r.b, r.known && r.isBool
			val := f.Value(cs.Expr)
			text = "the validation `" + oneLine(f.Src[val.Span.Start:val.Span.End]) + "`"
		}
		if known && !holds {
			d := c.report(at, diag.Error, diag.ConstraintViolated, "%s breaks %s (%s)", c.text(at), text, what)
			if cs.At.Path != c.path || cs.Clause == facts.None {
				c.related(d, cs.At, "the constraint is here")
			}
		}
	}
}

// oneLine squeezes a snippet of YAML onto one line, for messages.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "…"
	}
	return s
}

// clauseHolds evaluates a constraint clause on t: known is false when the
// clause cannot be evaluated (an operand of another type, a regex Go
// cannot read, an operator of an extension it does not know).
func (c *checker) clauseHolds(f *facts.Facts, id facts.ID, t typed, k *kindInfo) (holds, known bool) {
	holds, known = true, true
	for _, fl := range f.FieldsOf(id) {
		if fl.Key() == nil {
			continue // a list of clauses in a short notation: its clauses are entities
		}
		h, kn := c.operatorHolds(f, fl.Key().Name, fl.Value, t, k)
		if !kn {
			known = false
		} else if !h {
			return false, true
		}
	}
	// The boolean operators of seed 003 hold nested clauses; a list of
	// clauses (a property filter's short notation) must all hold.
	groups := map[string][]facts.ID{}
	var order []string
	for child := range f.Children(id) {
		op := grammar.KeyAnd
		if e := f.Entity(child); e.Key() != nil {
			op = e.Key().Name
		}
		if _, seen := groups[op]; !seen {
			order = append(order, op)
		}
		groups[op] = append(groups[op], child)
	}
	for _, op := range order {
		var results []bool
		all := true
		for _, nested := range groups[op] {
			h, kn := c.clauseHolds(f, nested, t, k)
			if !kn {
				all = false
				break
			}
			results = append(results, h)
		}
		if !all {
			known = false
			continue
		}
		var h bool
		switch op {
		case grammar.KeyOr:
			for _, r := range results {
				h = h || r
			}
		case grammar.KeyNot:
			h = !allTrue(results)
		default: // and, condition: all must hold
			h = allTrue(results)
		}
		if !h {
			return false, true
		}
	}
	return holds, known
}

func allTrue(bs []bool) bool {
	for _, b := range bs {
		if !b {
			return false
		}
	}
	return true
}

// operatorHolds evaluates one operator of a clause on t.
func (c *checker) operatorHolds(f *facts.Facts, op string, arg facts.ValueID, t typed, k *kindInfo) (holds, known bool) {
	read := func(id facts.ValueID) (typed, bool) {
		o, p, ok := literal(f, id, k, c.vers)
		return o, ok || p.lenient && p.msg != ""
	}
	cmp := func() (int, bool) {
		o, ok := read(arg)
		if !ok {
			return 0, false
		}
		return compare(t, o)
	}
	switch op {
	case grammar.KeyEqual:
		o, ok := read(arg)
		if !ok {
			return false, false
		}
		return equal(t, o)
	case grammar.KeyGreaterThan:
		n, ok := cmp()
		return n > 0, ok
	case grammar.KeyGreaterOrEqual:
		n, ok := cmp()
		return n >= 0, ok
	case grammar.KeyLessThan:
		n, ok := cmp()
		return n < 0, ok
	case grammar.KeyLessOrEqual:
		n, ok := cmp()
		return n <= 0, ok
	case grammar.KeyInRange:
		items := f.Items(arg)
		if len(items) != 2 {
			return false, false
		}
		if t.prim == grammar.PrimRange {
			return rangeWithin(f, items, t)
		}
		lo, ok := read(items[0])
		if !ok {
			return false, false
		}
		n, ok := compare(t, lo)
		if !ok {
			return false, false
		}
		if n < 0 {
			return false, true
		}
		if f.Text(items[1]) == grammar.KeywordUnbounded {
			return true, true
		}
		hi, ok := read(items[1])
		if !ok {
			return false, false
		}
		n, ok = compare(t, hi)
		return n <= 0, ok
	case grammar.KeyValidValues:
		for _, item := range f.Items(arg) {
			o, ok := read(item)
			if !ok {
				return false, false
			}
			if eq, ok := equal(t, o); !ok {
				return false, false
			} else if eq {
				return true, true
			}
		}
		return false, f.Value(arg) != nil && f.Value(arg).Kind() == ysyntax.Sequence
	case grammar.KeyLength, grammar.KeyMinLength, grammar.KeyMaxLength:
		n, ok := grammar.ParseInteger(f.Text(arg))
		if !ok || !t.prim.HasLength() {
			return false, false
		}
		switch op {
		case grammar.KeyLength:
			return int64(t.length) == n, true
		case grammar.KeyMinLength:
			return int64(t.length) >= n, true
		}
		return int64(t.length) <= n, true
	case grammar.KeyPattern:
		re, err := regexp.Compile(f.Text(arg))
		if err != nil || t.prim != grammar.PrimString {
			return false, false
		}
		// Whether a pattern must match the whole value is not said; a value
		// it matches nowhere breaks it either way.
		return re.MatchString(t.str), true
	}
	return false, false
}

// rangeWithin evaluates `in_range: [ lo, hi ]` on a 1.x range value: both
// its bounds lie within, as the normative types use it on ranges of ports.
// Bounds that are not integers are not judged.
func rangeWithin(f *facts.Facts, bounds []facts.ValueID, t typed) (holds, known bool) {
	lo, ok := grammar.ParseInteger(f.Text(bounds[0]))
	if !ok {
		return false, false
	}
	hi := math.Inf(1)
	if f.Text(bounds[1]) != grammar.KeywordUnbounded {
		n, ok := grammar.ParseInteger(f.Text(bounds[1]))
		if !ok {
			return false, false
		}
		hi = float64(n)
	}
	return t.num >= float64(lo) && t.upper <= hi, true
}

// constraintClause checks a clause written in the file against the type it
// applies to: each operator must apply to that type, and its operands must
// be values of it (`in_range: [ 4 GB, 20 GB ]` on a scalar-unit.size).
func (c *checker) constraintClause(id facts.ID) {
	k := c.clauseKind(id)
	if k == nil {
		return
	}
	for _, fl := range c.f.FieldsOf(id) {
		if fl.Key() != nil {
			c.operator(fl, k)
		}
	}
}

// clauseKind is the kind of the values a clause of the file constrains:
// its definition's type, or the data type it is written in (nil when
// unknown or not a definition's, as in node filters, handled apart).
func (c *checker) clauseKind(id facts.ID) *kindInfo {
	owner := c.f.Entity(id).Parent
	for owner != facts.None && c.f.Entity(owner).G() == grammar.ConstraintClause {
		owner = c.f.Entity(owner).Parent
	}
	e := c.f.Entity(owner)
	if e == nil {
		return nil
	}
	switch e.G() {
	case grammar.DataTypeDef:
		return c.kind(c.decl(owner))
	case grammar.PropertyDef, grammar.AttributeDef, grammar.ParameterDef, grammar.InputDef, grammar.OutputDef:
		return c.kind(c.defType(owner))
	case grammar.SchemaDef:
		return c.kind(c.typeOf(owner))
	}
	return nil
}

// operator checks one operator of a clause against kind k.
func (c *checker) operator(fl facts.Field, k *kindInfo) {
	op := fl.Key().Name
	arg := fl.Value
	if k.prim == grammar.PrimRange {
		return // the texts do not say what the operands of a range's clauses are
	}
	invalid := func(s facts.Span, format string, args ...any) {
		c.report(s, diag.Error, diag.InvalidConstraint, format, args...)
	}
	operand := func(id facts.ValueID) {
		if _, p, ok := literal(c.f, id, k, c.vers); !ok && p.msg != "" {
			sev := diag.Error
			if p.lenient && !c.strict {
				sev = diag.Warning // a conversion 1.x leaves unsaid
			}
			c.report(c.f.Value(id).Span, sev, diag.InvalidConstraint, "the operand of `%s` must be a value of type %s: %s", op, k.name, p.msg)
		}
	}
	if fn := grammar.ConstraintOperatorNamed(op, grammar.All); fn != nil && !fn.Subject.Takes(k.prim) {
		invalid(c.f.KeySpan(fl), "`%s` applies to %s, not to %s values", op, fn.Subject, k.name)
		return
	}
	switch op {
	case grammar.KeyGreaterThan, grammar.KeyGreaterOrEqual, grammar.KeyLessThan, grammar.KeyLessOrEqual:
		operand(arg)
	case grammar.KeyInRange:
		items := c.f.Items(arg)
		if len(items) != 2 {
			return // a shape the binder reports
		}
		operand(items[0])
		if c.f.Text(items[1]) != grammar.KeywordUnbounded {
			operand(items[1])
		}
	case grammar.KeyEqual:
		operand(arg)
	case grammar.KeyValidValues:
		for _, item := range c.f.Items(arg) {
			operand(item)
		}
	case grammar.KeyPattern:
		if _, err := regexp.Compile(c.f.Text(arg)); err != nil && !unsupportedSyntax(err) {
			invalid(c.f.Value(arg).Span, "the pattern does not compile: %v", err)
		}
	}
}

// unsupportedSyntax reports regex errors that come from syntax other
// engines accept and Go's does not (look-arounds, back-references): the
// pattern may be right, it just cannot be checked here.
func unsupportedSyntax(err error) bool {
	e, ok := err.(*syntax.Error)
	return ok && (e.Code == syntax.ErrInvalidPerlOp || e.Code == syntax.ErrInvalidEscape || e.Code == syntax.ErrInvalidRepeatOp)
}

// compare orders two values of one family (numbers with numbers).
func compare(a, b typed) (int, bool) {
	switch {
	case isNumber(a) && isNumber(b):
		return cmp.Compare(a.num, b.num), true
	case a.prim != b.prim:
		return 0, false
	}
	switch a.prim {
	case grammar.PrimString:
		return strings.Compare(a.str, b.str), true
	case grammar.PrimVersion:
		return a.ver.Compare(b.ver)
	case grammar.PrimTimestamp:
		return a.time.Compare(b.time), true
	case grammar.PrimScalarUnit:
		return cmp.Compare(a.num, b.num), true
	}
	return 0, false
}

func isNumber(t typed) bool { return t.prim == grammar.PrimInteger || t.prim == grammar.PrimFloat }

// equal compares two values: scalars by what they mean (10 GB equals
// 10000 MB), collections entry by entry.
func equal(a, b typed) (bool, bool) {
	switch a.prim {
	case grammar.PrimBoolean, grammar.PrimNil:
		return a.prim == b.prim && a.num == b.num, a.prim == b.prim
	case grammar.PrimBytes:
		return a.str == b.str, a.prim == b.prim
	case grammar.PrimList, grammar.PrimMap, grammar.NotPrimitive, grammar.PrimRange:
		if a.f == nil || b.f == nil {
			return false, false
		}
		return sameValue(a.f, a.id, b.f, b.id), true
	}
	n, ok := compare(a, b)
	return n == 0, ok
}

// sameValue compares two YAML values structurally (scalars by text).
func sameValue(fa *facts.Facts, a facts.ValueID, fb *facts.Facts, b facts.ValueID) bool {
	va, vb := fa.Value(a), fb.Value(b)
	if va == nil || vb == nil || va.Kind() != vb.Kind() || va.N() != vb.N() {
		return false
	}
	switch va.Kind() {
	case ysyntax.Scalar:
		return fa.Text(a) == fb.Text(b)
	case ysyntax.Null:
		return true
	}
	for i := int32(0); i < va.N(); i++ {
		if !sameValue(fa, facts.ValueID(va.First+i), fb, facts.ValueID(vb.First+i)) {
			return false
		}
	}
	return true
}
