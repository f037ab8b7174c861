package validate

import (
	"encoding/base64"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// typed is a value read as its data type: what constraints and validation
// expressions compare.
type typed struct {
	prim grammar.Primitive
	// num is an integer, a float or a scalar-unit value in its base unit,
	// or the lower bound of a range; upper is the upper bound of a range
	// (+Inf for UNBOUNDED).
	num, upper float64
	isInt      bool
	str        string
	ver        grammar.Version
	time       time.Time
	// length is the length of a string (in characters), bytes, a list or a map.
	length int
	// f and id are the value itself, for the entries of collections.
	f  *facts.Facts
	id facts.ValueID
}

// problem is why a value is not of its type. lenient is set when a
// processor could still read it (a YAML type TOSCA 2.0 does not convert,
// a unit in another case): a warning in 1.x.
type problem struct {
	msg     string
	lenient bool
	// part narrows where the problem is (a bound of a range), when set.
	part facts.Span
	// suggestions are did-you-mean replacements (units).
	suggestions []string
}

// literal reads value id of f as a value of kind k. ok is false when it
// is not one; p then says why (p.msg is "" when the value is computed or
// not judged: a tagged scalar).
func literal(f *facts.Facts, id facts.ValueID, k *kindInfo, vers grammar.Versions) (t typed, p problem, ok bool) {
	val := f.Value(id)
	if val == nil || val.Tagged() {
		return typed{}, problem{}, false
	}
	t = typed{prim: k.prim, f: f, id: id}
	text := f.Text(id)
	kind := yamlKind(f, id)
	if val.Kind() == syntax.Null || kind == grammar.YAMLNull { // isNull, its text read once
		if k.prim == grammar.PrimNil {
			return t, problem{}, true
		}
		return t, problem{msg: "null is not a value of type " + k.name, lenient: true}, false
	}
	collection := func(want syntax.Kind, what string) (typed, problem, bool) {
		if val.Kind() != want {
			return t, problem{msg: fmt.Sprintf("%s is not %s", describeValue(f, id), what)}, false
		}
		t.length = int(val.N())
		if want == syntax.Mapping {
			t.length /= 2
		}
		return t, problem{}, true
	}
	switch k.prim {
	case grammar.PrimList:
		return collection(syntax.Sequence, "a list")
	case grammar.PrimMap:
		return collection(syntax.Mapping, "a map")
	case grammar.NotPrimitive:
		return collection(syntax.Mapping, "a map of the type's properties")
	case grammar.PrimRange:
		return rangeLiteral(f, id, t)
	}
	if val.Kind() != syntax.Scalar {
		return t, problem{msg: fmt.Sprintf("%s is not a %s value", describeValue(f, id), k.name)}, false
	}
	switch k.prim {
	case grammar.PrimString:
		t.str, t.length = text, utf8.RuneCountInString(text)
		if kind != grammar.YAMLString {
			return t, problem{msg: fmt.Sprintf("%s is %s, not a string: quote it", text, kind), lenient: true}, false
		}
	case grammar.PrimInteger:
		n, isInt := grammar.ParseInteger(text)
		if !isInt {
			return t, problem{msg: diag.Sprintf("%q is not an integer", text)}, false
		}
		t.num, t.isInt = float64(n), true
		if kind != grammar.YAMLInt {
			return t, problem{msg: diag.Sprintf("%q is a string, not an integer: leave out the quotes", text), lenient: true}, false
		}
	case grammar.PrimFloat:
		n, isNum := grammar.ParseNumber(text)
		if !isNum {
			return t, problem{msg: diag.Sprintf("%q is not a float", text)}, false
		}
		t.num = n
		if kind != grammar.YAMLInt && kind != grammar.YAMLFloat {
			return t, problem{msg: diag.Sprintf("%q is a string, not a float: leave out the quotes", text), lenient: true}, false
		}
	case grammar.PrimBoolean:
		_, isBool := grammar.BooleanLiteral(text, vers)
		if b, ok := grammar.BooleanLiteral(text, grammar.All); ok && b {
			t.num = 1
		}
		switch {
		case kind != grammar.YAMLString && kind != grammar.YAMLBool:
			return t, problem{msg: fmt.Sprintf("%s is %s, not a boolean: write true or false", text, kind)}, false
		case kind == grammar.YAMLString && grammar.IsLegacyBoolean(text) && val.Style() == syntax.Plain:
			return t, problem{msg: fmt.Sprintf("%s is a string in YAML 1.2, not a boolean: write true or false", text), lenient: true}, false
		case kind == grammar.YAMLString:
			if _, quotedBool := grammar.BooleanLiteral(text, grammar.All); quotedBool {
				return t, problem{msg: diag.Sprintf("%q is a string, not a boolean: leave out the quotes", text), lenient: true}, false
			}
			return t, problem{msg: diag.Sprintf("%q is not a boolean: write true or false", text)}, false
		case !isBool:
			return t, problem{msg: fmt.Sprintf("%s is not a TOSCA 2.0 boolean: write it in lower case", text)}, false
		}
	case grammar.PrimBytes:
		if kind != grammar.YAMLString {
			return t, problem{msg: fmt.Sprintf("%s is %s, not Base64 bytes", text, kind)}, false
		}
		clean := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
				return -1
			}
			return r
		}, text)
		data, err := base64.StdEncoding.DecodeString(clean)
		if err != nil {
			return t, problem{msg: "the value is not Base64-encoded bytes (RFC 2045)"}, false
		}
		t.str, t.length = string(data), len(data)
	case grammar.PrimNil:
		return t, problem{msg: fmt.Sprintf("%s is not null, the only nil value", describeValue(f, id))}, false
	case grammar.PrimTimestamp:
		ts, strictForm, isTime := grammar.ParseTimestamp(text)
		switch {
		case !isTime:
			return t, problem{msg: diag.Sprintf("%q is not a timestamp (RFC 3339, e.g. 2024-05-01T12:30:00Z)", text)}, false
		case !strictForm && vers.Has(grammar.V2):
			t.time = ts
			return t, problem{msg: diag.Sprintf("%q is a YAML timestamp, not an RFC 3339 date-time as TOSCA 2.0 asks (§9.1.2.1)", text), lenient: true}, false
		}
		t.time = ts
	case grammar.PrimVersion:
		// `version: 2.1` is read as its source text, as tosca-ls reads
		// every version (YAML would make it a float).
		v, isVersion := grammar.ParseVersion(text)
		if !isVersion {
			return t, problem{msg: diag.Sprintf("%q is not a version: major.minor[.fix[.qualifier[-build]]]", text)}, false
		}
		t.ver = v
	case grammar.PrimScalarUnit:
		return scalarLiteral(text, kind, k, t)
	}
	return t, problem{}, true
}

// comparand reads a literal that a validation expression compares with a
// value of kind k: as a value of k, except that a plain number compared
// with a value of a scalar type of the standard is a number of its
// canonical unit (its §9.1.2.2.2 compares `$value` with 0.0).
func comparand(f *facts.Facts, id facts.ValueID, k *kindInfo, vers grammar.Versions) (typed, problem, bool) {
	if kind := yamlKind(f, id); k.standard && (kind == grammar.YAMLInt || kind == grammar.YAMLFloat) {
		n, _ := grammar.ParseNumber(f.Text(id))
		return typed{prim: grammar.PrimScalarUnit, num: n * k.canonical, f: f, id: id}, problem{}, true
	}
	return literal(f, id, k, vers)
}

// scalarLiteral reads `<number> <unit>` against the units of k.
func scalarLiteral(text string, kind grammar.ScalarKind, k *kindInfo, t typed) (typed, problem, bool) {
	number, unit, spaced, ok := grammar.ParseScalarUnit(text)
	switch {
	case !ok:
		return t, problem{msg: diag.Sprintf("%q is not a %s value: a number and a unit, such as %s", text, k.name, example(k))}, false
	case unit == "":
		return t, problem{msg: fmt.Sprintf("%s has no unit: a %s value is a number and a unit, such as %s", text, k.name, example(k))}, false
	case k.standard && !spaced:
		return t, problem{msg: diag.Sprintf("%q has no blank between its number and its unit: write %q (§9.1.2.2)", text, number+" "+unit), part: unitSpan(t, unit)}, false
	}
	n, _ := grammar.ParseNumber(number)
	if _, isInt := grammar.ParseInteger(number); k.intNumbers && !isInt {
		return t, problem{msg: fmt.Sprintf("%s is not a whole number: the numbers of %s are integers", number, k.name)}, false
	}
	if len(k.units) == 0 {
		t.num, t.str = n, unit
		return t, problem{}, true // no unit table is known
	}
	u, exact, found := grammar.FindUnit(k.units, unit)
	if !found {
		sugg := diag.Suggest(unit, grammar.Symbols(k.units))
		return t, problem{msg: diag.Sprintf("%q is not a unit of %s (%s)", unit, k.name, strings.Join(grammar.Symbols(k.units), ", ")), suggestions: sugg, part: unitSpan(t, unit)}, false
	}
	t.num = n * u.Factor
	if !exact && !k.anyCase {
		return t, problem{msg: diag.Sprintf("the unit %q of %s is written %q", unit, k.name, u.Symbol), lenient: true, suggestions: []string{u.Symbol}, part: unitSpan(t, unit)}, false
	}
	return t, problem{}, true
}

// unitSpan is where the unit of a scalar value is written, when the value
// is written as is (not quoted or escaped); else nothing.
func unitSpan(t typed, unit string) facts.Span {
	s := t.f.Value(t.id).Span
	if src := t.f.Src[s.Start:s.End]; src == t.f.Text(t.id) && strings.HasSuffix(src, unit) {
		return facts.Span{Start: s.End - uint32(len(unit)), End: s.End}
	}
	return facts.Span{}
}

// example is a value of a scalar type, for messages.
func example(k *kindInfo) string {
	if len(k.units) > 0 {
		return "10 " + k.units[min(1, len(k.units)-1)].Symbol
	}
	return "10 unit"
}

// rangeLiteral reads a 1.x range [lower, upper]; upper may be UNBOUNDED.
func rangeLiteral(f *facts.Facts, id facts.ValueID, t typed) (typed, problem, bool) {
	items := f.Items(id)
	if len(items) != 2 {
		return t, problem{msg: fmt.Sprintf("%s is not a range: a list of two integers [lower, upper]", describeValue(f, id))}, false
	}
	lower, lok := grammar.ParseInteger(f.Text(items[0]))
	if !lok {
		return t, problem{msg: fmt.Sprintf("the lower bound %s of a range is not an integer", describeValue(f, items[0])), part: f.Value(items[0]).Span}, false
	}
	t.num, t.upper = float64(lower), math.Inf(1)
	if f.Text(items[1]) == grammar.KeywordUnbounded {
		return t, problem{}, true
	}
	upper, uok := grammar.ParseInteger(f.Text(items[1]))
	switch {
	case !uok:
		return t, problem{msg: fmt.Sprintf("the upper bound %s of a range is neither an integer nor UNBOUNDED", describeValue(f, items[1])), part: f.Value(items[1]).Span}, false
	case upper < lower:
		return t, problem{msg: fmt.Sprintf("the range [%d, %d] ends before it starts", lower, upper)}, false
	}
	t.upper = float64(upper)
	return t, problem{}, true
}

// describeValue shows a value in messages: a scalar by its text, a
// collection by its kind.
func describeValue(f *facts.Facts, id facts.ValueID) string {
	val := f.Value(id)
	switch {
	case val == nil:
		return "nothing"
	case val.Kind() == syntax.Mapping:
		return "a map"
	case val.Kind() == syntax.Sequence:
		return "a list"
	case val.Kind() == syntax.Null:
		return "null"
	}
	return diag.Sprintf("%q", f.Text(id))
}
