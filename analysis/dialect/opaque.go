package dialect

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// opaqueCalls checks the shape of the argument of a processor's opaque
// function (Unfurl's eval: a query string or a map of an expression
// function), the one thing tosca-ls can tell of an expression in another
// language: what it reads is not checked.
func (c *checker) opaqueCalls() {
	for i := range c.f.Calls {
		call := &c.f.Calls[i]
		fn := call.Fn
		if !dialectCall(fn) || !fn.Opaque || len(fn.Params) != 1 {
			continue
		}
		p := fn.Params[0]
		if p.Kind == grammar.ArgAny {
			continue // taken as is (Unfurl's q)
		}
		val := c.f.Value(call.Args)
		if val == nil || val.Kind() == syntax.Null {
			c.report(call.NameSpan, diag.Error, diag.WrongArguments, diag.Sprintf("`%s` takes %s, found nothing", fn.Name, takes(p)))
			continue
		}
		if got := c.typeOf(call.Args, 0); !fits(p.Kind, got, c.f, call.Args) {
			c.report(val.Span, diag.Error, diag.WrongArguments, diag.Sprintf("`%s` takes %s, found %s", fn.Name, takes(p), got))
		}
	}
}

// takes says what a parameter takes: its doc, as part of a sentence.
func takes(p grammar.Param) string {
	return strings.ToLower(p.Doc[:1]) + strings.TrimSuffix(p.Doc[1:], ".")
}
