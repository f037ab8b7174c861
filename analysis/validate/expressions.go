package validate

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Final 2.0 validation expressions (§9.10), evaluated on literal values:
// `$value` stands for the value checked; the boolean, comparison, string
// and list functions of §10.2.2 and §10.2.3 are computed; anything else
// (a property of another template, a custom function) is unknown, and an
// expression that depends on it is not judged.

// operand is what an expression computes: a value read as a type (t, as
// kind k), a literal whose type is not fixed yet (raw: the value f, id),
// or a boolean.
type operand struct {
	known bool
	t     typed
	k     *kindInfo
	typ   model.Decl
	raw   bool
	f     *facts.Facts
	id    facts.ValueID
	// isBool and b are a boolean result.
	isBool, b bool
}

var unknown = operand{}

func boolean(b bool) operand { return operand{known: true, isBool: true, b: b} }

// eval computes expression id of f; self is what `$value` stands for.
func (c *checker) eval(f *facts.Facts, id facts.ValueID, self *operand) operand {
	val := f.Value(id)
	if val == nil {
		return unknown
	}
	if val.Kind() == syntax.Scalar && f.Text(id) == grammar.ValueCall {
		return *self
	}
	call := f.CallAt(id)
	if call == nil {
		if val.Kind() == syntax.Scalar && grammar.IsCallString(f.Text(id)) {
			return unknown // another call without arguments
		}
		return operand{known: true, raw: true, f: f, id: id}
	}
	args := f.Items(call.Args)
	if f.Value(call.Args) != nil && f.Value(call.Args).Kind() != syntax.Sequence {
		args = []facts.ValueID{call.Args}
	}
	if call.Fn == nil {
		return unknown
	}
	if least, most := call.Fn.Arity(); len(args) < least || most >= 0 && len(args) > most {
		return unknown // reported by the call's own check
	}
	arg := func(i int) operand { return c.eval(f, args[i], self) }
	switch op := call.Fn.Op; op {
	case grammar.OpValue:
		return c.field(*self, f, args)
	case grammar.OpAnd, grammar.OpOr:
		want := op == grammar.OpOr
		all := true
		for i := range args {
			r := arg(i)
			if !r.known || !r.isBool {
				all = false
				continue
			}
			if r.b == want {
				return boolean(want)
			}
		}
		if all {
			return boolean(!want)
		}
	case grammar.OpNot:
		if r := arg(0); r.known && r.isBool {
			return boolean(!r.b)
		}
	case grammar.OpXor:
		a, b := arg(0), arg(1)
		if a.known && b.known && a.isBool && b.isBool {
			return boolean(a.b != b.b)
		}
	case grammar.OpEqual, grammar.OpGreaterThan, grammar.OpGreaterOrEqual, grammar.OpLessThan, grammar.OpLessOrEqual:
		a, b, ok := c.pair(arg(0), arg(1))
		if !ok {
			break
		}
		if op == grammar.OpEqual {
			if eq, ok := equal(a, b); ok {
				return boolean(eq)
			}
			break
		}
		n, ok := compare(a, b)
		if !ok {
			break
		}
		switch op {
		case grammar.OpGreaterThan:
			return boolean(n > 0)
		case grammar.OpGreaterOrEqual:
			return boolean(n >= 0)
		case grammar.OpLessThan:
			return boolean(n < 0)
		}
		return boolean(n <= 0)
	case grammar.OpValidValues:
		a := arg(0)
		list := arg(1)
		if !list.known || !list.raw || list.f.Value(list.id).Kind() != syntax.Sequence {
			break
		}
		for _, item := range list.f.Items(list.id) {
			x, y, ok := c.pair(a, operand{known: true, raw: true, f: list.f, id: item})
			if !ok {
				return unknown
			}
			if eq, ok := equal(x, y); !ok {
				return unknown
			} else if eq {
				return boolean(true)
			}
		}
		return boolean(false)
	case grammar.OpMatches:
		s, ok := c.stringOf(arg(0))
		pattern := arg(1)
		if !ok || !pattern.raw {
			break
		}
		if re, err := regexp.Compile(pattern.f.Text(pattern.id)); err == nil {
			return boolean(re.MatchString(s))
		}
	case grammar.OpHasPrefix, grammar.OpHasSuffix, grammar.OpContains:
		s, ok1 := c.stringOf(arg(0))
		part, ok2 := c.stringOf(arg(1))
		if !ok1 || !ok2 {
			break
		}
		switch op {
		case grammar.OpHasPrefix:
			return boolean(strings.HasPrefix(s, part))
		case grammar.OpHasSuffix:
			return boolean(strings.HasSuffix(s, part))
		}
		return boolean(strings.Contains(s, part))
	case grammar.OpLength:
		if n, ok := c.lengthOf(arg(0)); ok {
			return operand{known: true, t: typed{prim: grammar.PrimInteger, num: float64(n), isInt: true}}
		}
	}
	return unknown
}

// field follows the arguments of `$value: [ name, … ]` into the fields of
// a complex value.
func (c *checker) field(o operand, f *facts.Facts, path []facts.ValueID) operand {
	for _, p := range path {
		if !o.known || o.raw || o.k == nil || o.k.prim != grammar.NotPrimitive || o.t.f == nil {
			return unknown
		}
		name := f.Text(p)
		m, ok := c.v.Member(o.typ, grammar.SectionProperties, name)
		if !ok {
			return unknown
		}
		v := o.t.f.Get(o.t.id, name)
		if v == facts.NoValue {
			return unknown
		}
		typ := c.v.MemberType(m)
		k := c.kind(typ)
		if k == nil {
			return unknown
		}
		t, _, ok := literal(o.t.f, v, k, c.vers)
		if !ok {
			return unknown
		}
		o = operand{known: true, t: t, k: k, typ: typ}
	}
	return o
}

// pair reads two operands as values of one type: a literal takes the type
// of the other side; two literals are read as what YAML makes of them.
func (c *checker) pair(a, b operand) (typed, typed, bool) {
	if !a.known || !b.known || a.isBool || b.isBool {
		return typed{}, typed{}, false
	}
	switch {
	case a.raw && b.raw:
		x, ok1 := natural(a)
		y, ok2 := natural(b)
		return x, y, ok1 && ok2
	case a.raw:
		x, ok := c.as(a, b.k)
		return x, b.t, ok
	case b.raw:
		y, ok := c.as(b, a.k)
		return a.t, y, ok
	}
	return a.t, b.t, true
}

// as reads a literal operand as kind k (nil: as YAML reads it). A literal
// of another type is not converted: the comparison is then not judged.
func (c *checker) as(o operand, k *kindInfo) (typed, bool) {
	if k == nil {
		return natural(o)
	}
	t, p, ok := comparand(o.f, o.id, k, c.vers)
	return t, ok && p.msg == ""
}

// natural reads a literal as its YAML type: a number or a string.
func natural(o operand) (typed, bool) {
	if !o.raw {
		return o.t, o.known
	}
	val := o.f.Value(o.id)
	if val == nil || val.Kind() != syntax.Scalar {
		return typed{}, false
	}
	text := o.f.Text(o.id)
	switch yamlKind(o.f, o.id) {
	case grammar.YAMLInt, grammar.YAMLFloat:
		n, _ := grammar.ParseNumber(text)
		return typed{prim: grammar.PrimFloat, num: n}, true
	case grammar.YAMLString:
		return typed{prim: grammar.PrimString, str: text, length: utf8.RuneCountInString(text)}, true
	}
	return typed{}, false
}

// stringOf is the text of a string operand.
func (c *checker) stringOf(o operand) (string, bool) {
	t, ok := natural(o)
	if !ok || t.prim != grammar.PrimString {
		return "", false
	}
	return t.str, true
}

// lengthOf is the length of a string, list or map operand.
func (c *checker) lengthOf(o operand) (int, bool) {
	if !o.known || o.isBool {
		return 0, false
	}
	if o.raw {
		val := o.f.Value(o.id)
		switch {
		case val == nil:
			return 0, false
		case val.Kind() == syntax.Sequence:
			return int(val.N()), true
		case val.Kind() == syntax.Mapping:
			return int(val.N()) / 2, true
		}
		t, ok := natural(o)
		return t.length, ok && t.prim == grammar.PrimString
	}
	return o.t.length, o.t.prim.HasLength()
}
