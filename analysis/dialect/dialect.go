// Package dialect checks what the grammar alone cannot tell about the
// files of TOSCA's dialects and neighbours: Variability4TOSCA expressions
// and presets, Heat templates (intrinsic function arguments, parameter
// constraints and defaults, dependency cycles) and CSAR metadata. Check is
// a model.Check: the server, the check command and the test harnesses hand
// it to model.NewEngine, which memoises its results with the model's own.
package dialect

import (
	"context"
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Check reports the dialect problems of the file at path.
func Check(ctx context.Context, v *model.View, path string) []model.Diagnostic {
	f := v.Facts(path)
	if f == nil || f.Dialect == nil || !f.Dialect.Modelled {
		return nil
	}
	c := &checker{v: v, path: path, f: f}
	switch {
	case f.Lang == grammar.Heat:
		c.calls()
		c.heat()
	case f.Lang == grammar.HeatEnv:
		c.environment()
	case f.Lang == grammar.CSARMeta:
		c.meta()
	case f.Versions.Has(grammar.V4T):
		c.expressions = true
		c.calls()
		c.variability()
	}
	if f.Lang == grammar.TOSCA {
		c.opaqueCalls()
	}
	return c.out
}

type checker struct {
	v    *model.View
	path string
	f    *facts.Facts
	out  []model.Diagnostic
	// expressions is set where every map of an expression is a call (a map
	// that is none is reported as an unknown operator, and has no type).
	expressions bool
	// firstArgs maps the arguments of a call to the reference its first
	// argument is, calls the arguments to their call (built on first use).
	firstArgs   map[facts.ValueID]int
	callsByArgs map[facts.ValueID]*facts.Call
}

// callAt is the call a value is (a single-entry map whose key is a
// function or operator), or nil.
func (c *checker) callAt(a facts.ValueID) *facts.Call {
	if c.callsByArgs == nil {
		c.callsByArgs = make(map[facts.ValueID]*facts.Call, len(c.f.Calls))
		for i := range c.f.Calls {
			c.callsByArgs[c.f.Calls[i].Args] = &c.f.Calls[i]
		}
	}
	val := c.f.Value(a)
	if val == nil || val.Kind() != syntax.Mapping || val.N() != 2 {
		return nil
	}
	return c.callsByArgs[facts.ValueID(val.First+1)]
}

func (c *checker) report(s facts.Span, sev diag.Severity, code, msg string) *model.Diagnostic {
	if sev == diag.Error && c.f.Dialect.Lenient {
		sev = diag.Warning
	}
	c.out = append(c.out, model.Diagnostic{Path: c.path, Span: s.Text(), Severity: sev, Code: code, Message: msg})
	return &c.out[len(c.out)-1]
}

// dialectCall reports whether a call is of a dialect's function (whose
// arguments this package checks) rather than one of TOSCA's.
func dialectCall(fn *grammar.Function) bool {
	return fn != nil && fn.In&(grammar.V1x|grammar.V2) == 0
}

// args are the argument values of a call: the items of a list, else the
// one value given.
func (c *checker) args(call *facts.Call) []facts.ValueID {
	if val := c.f.Value(call.Args); val != nil && val.Kind() == syntax.Sequence {
		return c.f.Items(call.Args)
	}
	return []facts.ValueID{call.Args}
}

// calls checks the number, names and types of the arguments of every call
// of a dialect's function.
func (c *checker) calls() {
	for i := range c.f.Calls {
		call := &c.f.Calls[i]
		fn := call.Fn
		if !dialectCall(fn) || len(fn.Params) == 0 {
			continue
		}
		if fn.Named {
			c.namedArgs(call)
			continue
		}
		args := c.args(call)
		need, most := 0, len(fn.Params)
		for _, p := range fn.Params {
			if !p.Optional {
				need++
			}
		}
		if fn.Variadic {
			most = -1
		}
		if fn.Name == grammar.HeatGetAttr && c.f.Versions.Has(grammar.HeatFrom(grammar.VHeatLiberty)) {
			need = 1 // every attribute, as a map (Heat's GetAttAllAttributes)
		}
		if len(args) < need || most >= 0 && len(args) > most {
			c.report(c.f.Value(call.Args).Span, diag.Error, diag.WrongArguments,
				fmt.Sprintf("`%s` takes %s, found %d", fn.Name, arity(need, most), len(args)))
			continue
		}
		for j, a := range args {
			c.argType(fn, fn.Params[min(j, len(fn.Params)-1)], a)
		}
	}
}

func arity(need, most int) string {
	switch {
	case most < 0:
		return fmt.Sprintf("at least %d argument%s", need, plural(need))
	case need == most:
		return fmt.Sprintf("%d argument%s", need, plural(need))
	}
	return fmt.Sprintf("%d to %d arguments", need, most)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// namedArgs checks the map of arguments of a function that takes them by name.
func (c *checker) namedArgs(call *facts.Call) {
	fn := call.Fn
	val := c.f.Value(call.Args)
	if val == nil || val.Kind() != syntax.Mapping {
		s := call.NameSpan
		if val != nil {
			s = val.Span
		}
		c.report(s, diag.Error, diag.WrongArguments, fmt.Sprintf("`%s` takes a map of its arguments (%s)", fn.Name, paramNames(fn)))
		return
	}
	given := map[string]bool{}
	var names []string
	for _, p := range fn.Params {
		names = append(names, p.Name)
	}
	for k, a := range c.f.Pairs(call.Args) {
		name := c.f.Text(k)
		given[name] = true
		p := param(fn, name)
		if p == nil {
			d := c.report(c.f.Value(k).Span, diag.Error, diag.WrongArguments, diag.Sprintf("`%s` has no argument %q (it takes %s)", fn.Name, name, paramNames(fn)))
			d.Suggestions = diag.Suggest(name, names)
			continue
		}
		c.argType(fn, *p, a)
	}
	var missing []string
	for _, p := range fn.Params {
		if !p.Optional && !given[p.Name] {
			missing = append(missing, "`"+p.Name+"`")
		}
	}
	if len(missing) > 0 {
		c.report(call.NameSpan, diag.Error, diag.WrongArguments, fmt.Sprintf("`%s` needs %s", fn.Name, strings.Join(missing, " and ")))
	}
}

func param(fn *grammar.Function, name string) *grammar.Param {
	if i := fn.ParamIndex(name); i >= 0 {
		return &fn.Params[i]
	}
	return nil
}

func paramNames(fn *grammar.Function) string {
	var names []string
	for _, p := range fn.Params {
		names = append(names, "`"+p.Name+"`")
	}
	return strings.Join(names, ", ")
}

// argType checks one argument against what its parameter takes. A name
// (an input, a resource) is checked by the model as a reference.
func (c *checker) argType(fn *grammar.Function, p grammar.Param, a facts.ValueID) {
	val := c.f.Value(a)
	if val == nil || p.Kind == grammar.ArgAny || p.Ref != grammar.NoRef && val.Kind() == syntax.Scalar {
		return
	}
	got := c.typeOf(a, 0)
	if !fits(p.Kind, got, c.f, a) {
		c.report(val.Span, diag.Error, diag.WrongArguments, fmt.Sprintf("`%s` of `%s` must be %s, found %s", p.Name, fn.Name, p.Kind, got))
	}
}

// fits reports whether a value of type got (value a) can stand where want
// is needed; what the checks cannot tell (ArgAny) fits.
func fits(want, got grammar.ArgKind, f *facts.Facts, a facts.ValueID) bool {
	if got == grammar.ArgAny || want == grammar.ArgAny || want == got {
		return true
	}
	switch want {
	case grammar.ArgString:
		// A YAML scalar is text wherever a string is needed.
		return got == grammar.ArgNumber || got == grammar.ArgBoolean
	case grammar.ArgRange:
		items := f.Items(a)
		return got == grammar.ArgList && len(items) == 2
	case grammar.ArgStringOrMap:
		return got == grammar.ArgString || got == grammar.ArgNumber || got == grammar.ArgBoolean || got == grammar.ArgMap
	}
	return false
}

// maxDepth bounds how far typeOf follows named expressions (which may
// refer to each other in a cycle).
const maxDepth = 8

// typeOf tells the type of a value: a literal's, a call's result, the
// declared type of a variability input or Heat parameter read without a
// path, and the type of a named expression.
func (c *checker) typeOf(a facts.ValueID, depth int) grammar.ArgKind {
	val := c.f.Value(a)
	if val == nil {
		return grammar.ArgAny
	}
	switch val.Kind() {
	case syntax.Scalar:
		if val.Style() != syntax.Plain {
			return grammar.ArgString
		}
		return scalarType(c.f.Text(a))
	case syntax.Sequence:
		return grammar.ArgList
	case syntax.Mapping:
		call := c.callAt(a)
		if call == nil && c.expressions {
			return grammar.ArgAny
		}
		if call == nil {
			return grammar.ArgMap
		}
		if call.Fn == nil || depth > maxDepth {
			return grammar.ArgAny
		}
		if call.Fn.Result != grammar.ArgAny {
			return call.Fn.Result
		}
		return c.namedType(call, depth)
	}
	return grammar.ArgAny
}

// scalarType is the type of a plain scalar as YAML reads it.
func scalarType(s string) grammar.ArgKind {
	switch strings.ToLower(s) {
	case "true", "false":
		return grammar.ArgBoolean
	}
	if isNumber(s) {
		return grammar.ArgNumber
	}
	return grammar.ArgString
}

func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	dot := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
		case r == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return s != "."
}

// namedType is the type of what a call reads by name: the declared type of
// a variability input or Heat parameter (read whole), the type of a named
// variability expression.
func (c *checker) namedType(call *facts.Call, depth int) grammar.ArgKind {
	d := c.nameArg(call)
	e := c.v.Entity(d)
	if e == nil || len(c.args(call)) > 1 {
		return grammar.ArgAny
	}
	switch e.Declares() {
	case grammar.VariabilityInput:
		return grammar.ToscaExprType(c.v.FieldText(d, grammar.KeyType))
	case grammar.HeatParameter:
		return grammar.HeatParameterType(c.v.FieldText(d, grammar.KeyType))
	case grammar.VariabilityExpression:
		if fl := c.f.FieldsOf(d.ID); len(fl) > 0 {
			return c.typeOf(fl[0].Value, depth+1)
		}
	}
	return grammar.ArgAny
}

// nameArg is the declaration the first argument of a call names.
func (c *checker) nameArg(call *facts.Call) model.Decl {
	if c.firstArgs == nil {
		c.firstArgs = map[facts.ValueID]int{}
		for i := range c.f.Refs {
			if r := &c.f.Refs[i]; r.Call() >= 0 && r.Arg() == 0 {
				c.firstArgs[c.f.Calls[r.Call()].Args] = i
			}
		}
	}
	if i, ok := c.firstArgs[call.Args]; ok {
		return c.v.Resolve(c.path, i).Target
	}
	return model.Decl{}
}
