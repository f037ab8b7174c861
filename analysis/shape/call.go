package shape

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/grammar/heatreg"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// call is a function call: of a function of the file's version, of a
// dialect's operator, of a custom function (`$name`, `$ns:name`), or of a
// function without arguments written as a string (`$node_index`,
// `$value`). Its arguments are values again, or the steps of a TOSCA path
// (get_property and friends), which it answers for itself.
type call struct {
	base
	// c is the call the binder recorded (nil for a string, or for a call
	// written where the binder records none); name its name as written.
	c    *facts.Call
	name string
	// fixed is the function of a call made without facts (CallOf).
	fixed *grammar.Function
}

// CallOf is the call of function fn the binder recorded at c (nil: one it
// did not, such as a call being typed in broken text), for completion of
// its arguments.
func (e *Env) CallOf(fn *grammar.Function, c *facts.Call) Shape {
	return &call{base: base{e: e, id: facts.NoValue}, c: c, name: fn.Name, fixed: fn}
}

// fn is the function called (nil for a custom function).
func (c *call) fn() *grammar.Function {
	switch {
	case c.fixed != nil:
		return c.fixed
	case c.c != nil:
		return c.c.Fn
	}
	return grammar.FunctionNamed(c.name, c.e.F.Versions)
}

// nameSpan is where the function's name is written.
func (c *call) nameSpan() text.Span {
	if c.c != nil {
		return c.c.NameSpan.Text()
	}
	return c.span()
}

// args are the arguments (one that is not a list is the only one).
func (c *call) args() []facts.ValueID {
	if c.c == nil {
		return nil
	}
	f := c.e.F
	if items := f.Items(c.c.Args); items != nil {
		return items
	}
	if val := f.Value(c.c.Args); val != nil && val.Kind() != syntax.Null {
		return []facts.ValueID{c.c.Args}
	}
	return nil
}

// Part is the argument holding off when it is a value of its own (a
// nested call, a list, a map); scalar arguments — names, path steps,
// literals — are the call's.
func (c *call) Part(off int) Shape {
	for _, arg := range c.args() {
		if !c.e.holds(arg, off) {
			continue
		}
		if val := c.e.F.Value(arg); val.Kind() == syntax.Scalar && !c.e.callString(arg) {
			return nil
		}
		return c.child(arg, model.ValueDef{})
	}
	return nil
}

// Hover on the name describes the function (a custom one by its
// definition), with what the call resolves to; on an argument, the step
// of a path, the keyword or the name it is.
func (c *call) Hover(off int) *Hover {
	e := c.e
	if ns := c.nameSpan(); ns.Contains(off) || off == ns.End {
		fn := c.fn()
		if fn == nil {
			if h := e.nameHover(off); h != nil {
				return h
			}
			return &Hover{Span: ns, Markdown: fmt.Sprintf("**function** `%s`\n\nA custom function: no `functions` definition the file sees declares it, so the orchestrator is left to provide it.", mdCode(c.name))}
		}
		h := &Hover{Span: ns, Markdown: functionDoc(fn)}
		if fn.Op == grammar.OpValue && c.subject != nil {
			h.Markdown += e.valueDoc(*c.subject)
		}
		c.resolves(h)
		return h
	}
	if kw := c.keywordAt(off); kw != nil {
		return kw
	}
	return e.nameHover(off)
}

// functionDoc is the markdown of a function: its parameters and doc.
func functionDoc(fn *grammar.Function) string {
	params := make([]string, len(fn.Params))
	for i, p := range fn.Params {
		params[i] = p.Name
	}
	sig := strings.Join(params, ", ")
	if fn.Variadic && sig != "" {
		sig += ", …"
	}
	md := fmt.Sprintf("**function** `%s`(%s)\n\n", fn.Name, sig)
	if fn.Doc != "" {
		md += fn.Doc + "\n\n"
	}
	return md
}

// valueDoc says what `$value` stands for in a validation.
func (e *Env) valueDoc(subject model.ValueDef) string {
	var md strings.Builder
	md.WriteString("Here `$value` is the value this validation checks")
	if subject.Type.Valid() {
		fmt.Fprintf(&md, ", of type `%s`", e.typeName(subject.Type))
	}
	md.WriteString(".\n\n")
	if subject.Def.Valid() {
		e.describeDef(&md, subject)
	} else if subject.Type.Valid() {
		fmt.Fprintf(&md, "Every value of data type `%s` meets it.\n\n", e.typeName(subject.Type))
	}
	return md.String()
}

// resolves adds to a function's hover what the call resolves to: the
// last name among its arguments that resolves (the property a
// get_property reads, the input a get_input reads).
func (c *call) resolves(h *Hover) {
	if c.c == nil {
		return
	}
	args := c.e.F.Value(c.c.Args)
	if args == nil {
		return
	}
	for _, u := range c.e.V.UsesIn(c.e.Path, args.Span.Text()) {
		switch r := c.e.V.ResolveUse(c.e.Path, u); {
		case r.Member != nil:
			m := *r.Member
			h.Member, h.Decl = &m, model.Decl{}
		case r.Target.Valid():
			h.Member, h.Decl = nil, r.Target
		}
	}
	if h.Member != nil || h.Decl.Valid() {
		h.Markdown += "Resolves to:\n\n"
	}
}

// keywordAt is the keyword written as an argument at off (SELF, SOURCE,
// TARGET, HOST naming an entity; RELATIONSHIP, CAPABILITY, ALL stepping
// through a path), nil when there is none.
func (c *call) keywordAt(off int) *Hover {
	e := c.e
	use, ok := e.V.UseAt(e.Path, off)
	if !ok {
		return nil
	}
	fn := c.fn()
	keyword := false
	switch use.Kind {
	case model.UseRef:
		r := &e.F.Refs[use.Ref]
		keyword = grammar.IsEntityKeyword(use.Name) && (r.Kind == grammar.ModelableEntity || r.Kind == grammar.NodeTemplate)
	case model.UsePathArg:
		for _, s := range e.V.CallPath(e.Path, c.c) {
			if s.Arg == int(use.Arg) {
				keyword = (s.Kind == model.StepKeyword || s.Kind == model.StepStart && !s.Target.Valid() ||
					s.Kind == model.StepIndex && s.Name == grammar.KeywordAll) && grammar.KeywordDoc(use.Name) != ""
			}
		}
	}
	if !keyword {
		return nil
	}
	return &Hover{Span: use.Span, Keyword: use.Name, Fn: fn}
}

// Definition on a custom function's name opens its definition; on
// `$value` the definition the validation checks values of; on an argument
// what its name resolves to.
func (c *call) Definition(off int) []model.Location {
	e := c.e
	if ns := c.nameSpan(); ns.Contains(off) || off == ns.End {
		if fn := c.fn(); fn != nil && fn.Op == grammar.OpValue && c.subject != nil {
			if d := c.subject.Def; d.Valid() {
				return []model.Location{e.V.Location(d)}
			}
			if t := c.subject.Type; t.Valid() {
				return []model.Location{e.V.Location(t)}
			}
		}
	}
	return e.nameDefinition(off)
}

// CallTokens reports the tokens of every call of the file: each call's
// name and the steps of its path.
func (e *Env) CallTokens(yield func(Token)) {
	for i := range e.F.Calls {
		c := &e.F.Calls[i]
		(&call{base: base{e: e, id: facts.NoValue}, c: c, name: c.Name}).Tokens(yield)
	}
}

// Tokens are the function's name and the steps of its path.
func (c *call) Tokens(yield func(Token)) {
	e := c.e
	fn := c.fn()
	yield(Token{Span: c.nameSpan(), Kind: TokenFunction, Builtin: fn != nil, Fn: fn})
	if c.c == nil {
		return
	}
	for _, step := range e.V.CallPath(e.Path, c.c) {
		switch {
		case step.Member != nil:
			m := *step.Member
			yield(Token{Span: step.Span, Kind: TokenMember, Member: &m})
		case step.Kind == model.StepStart && step.Target.Valid():
			yield(Token{Span: step.Span, Kind: TokenDecl, Decl: step.Target})
		case step.Kind == model.StepStart && grammar.IsEntityKeyword(step.Name),
			step.Kind == model.StepKeyword,
			step.Kind == model.StepIndex && step.Name == grammar.KeywordAll:
			yield(Token{Span: step.Span, Kind: TokenKeyword})
		}
	}
}

// Snippet: a new value is never written as a call by itself.
func (c *call) Snippet(w *Writer) { w.Stop() }

// Complete offers what the argument at the cursor may be: the steps of a
// TOSCA path, the names or keywords a parameter takes, the fields of a
// structured input after its name, the names of a Named function's
// arguments, else a nested call.
func (c *call) Complete(q *Query) {
	e := c.e
	fn := c.fn()
	if fn == nil {
		return
	}
	idx := q.Arg
	if grammar.PathOf(fn) != nil {
		if c.c != nil {
			c.pathItems(q, e.V.PathExpect(e.Path, c.c, idx))
		}
		return
	}
	if q.Naming {
		c.argNames(q)
		return
	}
	p, ok := paramAt(fn, idx)
	switch {
	case q.Named == nil && idx > 0 && len(fn.Params) > 0 && fn.Params[0].Ref == grammar.Input:
		// The fields of a structured input, after its name.
		in := e.V.Local(e.Path, grammar.Input, argText(q, 0))
		vd := model.ValueDef{Def: in, Type: e.V.TypeOf(in)}
		for i := 1; i < idx; i++ {
			vd = e.V.Follow(vd, argText(q, i))
		}
		q.Members(vd.Type, grammar.SectionProperties, nil, true, "")
	case fn.Name == grammar.HeatGetAttr && idx == 1 && !q.Key:
		c.heatAttributes(q, argText(q, 0))
	case ok && p.Section != "" && idx > 0 && !q.Key:
		c.entries(q, fn.Params[0].Ref, argText(q, 0), p.Section)
	case ok && (p.Ref != grammar.NoRef || len(p.Keywords) > 0) && !q.Key:
		// A name, or a keyword instead (a Variability4TOSCA presence
		// operator's SELF, CONTAINER).
		keywords(q, p.Keywords, "keyword", "0")
		if p.Ref != grammar.NoRef {
			q.Names(p.Ref, "")
		}
	case q.Key && len(q.Present) > 0:
		// A key among others: a literal map, not a call.
	default:
		// Any other argument is a value: a nested call.
		q.Functions(p.Kind, q.Key)
	}
}

// argText is the text of argument i ("" if absent or not a scalar).
func argText(q *Query, i int) string {
	if i < 0 || i >= len(q.Args) {
		return ""
	}
	return q.Args[i]
}

// paramAt is the parameter argument idx binds to.
func paramAt(fn *grammar.Function, idx int) (grammar.Param, bool) {
	switch {
	case idx < 0:
	case idx < len(fn.Params):
		return fn.Params[idx], true
	case fn.Variadic && len(fn.Params) > 0:
		return fn.Params[len(fn.Params)-1], true
	}
	return grammar.Param{}, false
}

// pathItems offers what a path argument may be: what starts a path, or the
// member names and keywords that may come next.
func (c *call) pathItems(q *Query, x *model.PathExpect) {
	if x == nil {
		return
	}
	if x.Start {
		keywordsOf(q, grammar.EntityKeywords, x.Keywords, "keyword", "0")
		q.Locals(grammar.NodeTemplate, "1")
		q.Locals(grammar.RelationshipTemplate, "2")
		return
	}
	for i, names := range x.Names {
		q.Members(names.Type, names.Section, nil, true, fmt.Sprint(i))
	}
	keywordsOf(q, grammar.PathKeywords, x.Keywords, "TOSCA path keyword", "9")
}

// keywordsOf offers the keywords of list that allowed names, in the list's
// order.
func keywordsOf(q *Query, list []grammar.Keyword, allowed []string, detail, sort string) {
	for i, k := range list {
		for _, a := range allowed {
			if k.Name == a {
				q.add(Candidate{Label: k.Name, Kind: CandidateKeyword, Detail: detail, Doc: k.Doc, Sort: fmt.Sprintf("%s%d", sort, i)})
			}
		}
	}
}

// keywords offers the keywords a parameter takes instead of a name.
func keywords(q *Query, words []string, detail, sort string) {
	for i, k := range words {
		q.add(Candidate{Label: k, Kind: CandidateKeyword, Detail: detail, Doc: grammar.KeywordDoc(k), Sort: fmt.Sprintf("%s%d", sort, i)})
	}
}

// argNames offers the argument names of a Named function not yet given,
// mandatory ones first.
func (c *call) argNames(q *Query) {
	fn := c.fn()
	for i, p := range fn.Params {
		if q.Named[p.Name] {
			continue
		}
		group, detail := "0", "argument of "+fn.Name
		if p.Optional {
			group, detail = "1", "optional "+detail
		}
		text := p.Name + ": "
		if q.ColonAfter {
			text = p.Name
		}
		q.add(Candidate{Label: p.Name, Kind: CandidateArgument, Detail: detail, Doc: p.Doc, Text: text, Sort: fmt.Sprintf("%s%03d", group, i)})
	}
}

// entries offers the names of the entries of a section of the element of
// kind called owner (the requirement assignments of a node template a
// Variability4TOSCA presence operator names).
func (c *call) entries(q *Query, kind grammar.RefKind, owner, section string) {
	d := c.e.V.Local(c.e.Path, kind, owner)
	if !d.Valid() {
		return
	}
	f := c.e.V.Facts(d.Path)
	seen := map[string]bool{}
	for _, id := range f.Entries(d.ID, section) {
		name := f.Entity(id).Name
		if seen[name] {
			continue
		}
		seen[name] = true
		q.add(Candidate{Label: name, Kind: CandidateEntry, Section: section, Detail: grammar.Singular(section) + " of " + owner, Sort: "0"})
	}
}

// heatAttributes offers the attributes of the Heat resource a get_attr
// names (not the removed ones; deprecated ones marked).
func (c *call) heatAttributes(q *Query, resource string) {
	d := c.e.V.Local(c.e.Path, grammar.HeatResource, resource)
	if !d.Valid() || d.Path != c.e.Path {
		return
	}
	t := c.e.V.HeatTypes().ResourceType(c.e.Path, d.ID).Type
	if t == nil {
		return
	}
	for _, name := range heatreg.Sorted(t.Attributes) {
		a := t.Attributes[name]
		if a.Status == heatreg.Hidden {
			continue
		}
		detail := "attribute of " + t.Name
		if a.Type != "" {
			detail = a.Type + " · " + detail
		}
		q.add(Candidate{Label: name, Kind: CandidateAttribute, Detail: detail, Deprecated: a.Status == heatreg.Deprecated, Sort: "0" + name})
	}
}
