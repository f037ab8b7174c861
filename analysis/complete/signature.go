package complete

import (
	"context"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Signature describes a function call and the argument being written.
type Signature struct {
	// Label is the signature: `get_property: [ entity, …, path… ]`.
	Label         string
	Documentation string
	Params        []Param
	// Active is the parameter the argument at the cursor binds to.
	Active int
}

// Param is one parameter of a signature.
type Param struct {
	Label         string
	Documentation string
}

// SignatureHelp describes the function call whose arguments hold the
// cursor (`{ get_property: [ SELF, ‸ ] }`, `$concat: [ … ]`, a Heat
// function, a Variability4TOSCA operator): the function's signature from
// the grammar and the argument being written. Like completion it works on
// broken text (editorLang as for Complete). It returns nil outside calls.
func SignatureHelp(ctx context.Context, v *model.View, path string, offset int, editorLang grammar.Language) *Signature {
	if ctx.Err() != nil {
		return nil
	}
	r := newRequest(v, path, offset, editorLang)
	if r == nil {
		return nil
	}
	at, _, _ := r.cursor()
	r.enterExpression(at)
	c := r.callAt(at)
	if c == nil {
		return nil
	}
	fn := c.fn
	params := make([]Param, len(fn.Params))
	for i, p := range fn.Params {
		params[i] = Param{Label: p.Name, Documentation: p.Doc}
	}
	if c.names != nil {
		// Arguments by name: the one at the cursor.
		return &Signature{Label: fn.Signature(), Documentation: fn.Doc, Params: params, Active: max(c.index, 0)}
	}
	// A TOSCA path takes as many arguments as it goes (2.0 §10.3).
	before := make([]grammar.PathArg, min(c.index, len(c.args)))
	for i := range before {
		a := c.args[i]
		before[i] = grammar.PathArg{Word: a.Value, Computed: a.Kind != syntax.Scalar}
	}
	sig := &Signature{Label: fn.Signature(), Documentation: fn.Doc, Params: params, Active: fn.ParamAt(before, c.index)}
	if fn.Variadic && len(fn.Params) > 0 && sig.Active >= len(fn.Params) {
		sig.Active = len(fn.Params) - 1
	}
	return sig
}
