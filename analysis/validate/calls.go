package validate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Function calls: the number and kind of their arguments, the names their
// paths walk, custom functions against their signatures, malformed calls.

// calls checks every function call of the file.
func (c *checker) calls() {
	for i := range c.f.Calls {
		call := &c.f.Calls[i]
		args := c.args(call)
		switch {
		case call.Fn != nil && !call.Fn.In.Has(grammar.All):
			// A Variability4TOSCA operator or a Heat function: the
			// dialect's check judges it.
		case call.Fn != nil:
			c.arity(call, call.Fn.Name, args)
			if c.argKinds(call, args) {
				c.pathNames(call)
			}
			c.within(call.Fn, call.Name, call.NameSpan, call.Entity)
		case grammar.IsCallString(call.Name):
			c.customCall(call, args)
		}
	}
}

// within warns about a call outside the entities its function belongs in
// ($node_index outside a node, §10.2.1.6, §10.2.1.7), written in id.
func (c *checker) within(fn *grammar.Function, name string, at facts.Span, id facts.ID) {
	if len(fn.Within) == 0 {
		return
	}
	for ; id != facts.None; id = c.f.Entity(id).Parent {
		if slices.Contains(fn.Within, c.f.Entity(id).G()) {
			return
		}
	}
	var where []string
	for _, e := range fn.Within {
		where = append(where, e.Name)
	}
	c.report(at, diag.Warning, diag.WrongArguments, "`%s` is not to be used outside a %s (§10.2.1)", name, strings.Join(where, " or "))
}

// callStrings checks the calls without arguments written as strings
// (`$node_index`, §10.1) where their functions belong.
func (c *checker) callStrings() {
	if !c.f.Versions.Has(grammar.V2Final) {
		return
	}
	for i := range c.f.Values {
		id := facts.ValueID(i)
		if s := c.f.Values[i].Span; s.End == s.Start || !strings.ContainsRune(`$"'`, rune(c.f.Src[s.Start])) || !c.callString(id) {
			continue // a plain scalar not starting with `$` is no call (read without decoding it)
		}
		if fn := grammar.FunctionNamed(c.f.Text(id), c.f.Versions); fn != nil {
			span := c.f.Values[i].Span
			c.within(fn, fn.Name, span, c.entityAt(span.Start))
		}
	}
}

// entityAt is the innermost entity whose value holds offset off (entities
// are stored in source order, each before the entities it holds).
func (c *checker) entityAt(off uint32) facts.ID {
	es := c.f.Entities
	id := facts.ID(sort.Search(len(es), func(i int) bool { return es[i].Span.Start > off }) - 1)
	for ; id > facts.None; id = es[id].Parent {
		if s := es[id].Span; s.Start <= off && off < s.End {
			return id
		}
	}
	return facts.Root
}

// args are the arguments of a call: the items of its list, else the one
// value it was given (`$get_input: name`); none for null.
func (c *checker) args(call *facts.Call) []facts.ValueID {
	val := c.f.Value(call.Args)
	switch {
	case val == nil || val.Kind() == syntax.Null:
		return nil
	case val.Kind() == syntax.Sequence:
		return c.f.Items(call.Args)
	}
	return []facts.ValueID{call.Args}
}

// argsSpan is where the arguments of a call are written (its name when
// it has none).
func (c *checker) argsSpan(call *facts.Call) facts.Span {
	if val := c.f.Value(call.Args); val != nil && val.Kind() != syntax.Null {
		return val.Span
	}
	return call.NameSpan
}

// arity checks the number of arguments of a call of a built-in function
// (paths of final 2.0 are counted by the binder).
func (c *checker) arity(call *facts.Call, name string, args []facts.ValueID) {
	least, most := call.Fn.Arity()
	if least < 0 {
		return
	}
	if len(args) >= least && (most < 0 || len(args) <= most) {
		return
	}
	want := fmt.Sprintf("%d", least)
	switch {
	case most < 0:
		want = fmt.Sprintf("at least %d", least)
	case most != least:
		want = fmt.Sprintf("%d to %d", least, most)
	}
	c.report(c.argsSpan(call), diag.Error, diag.WrongArguments, "`%s` takes %s argument%s, found %d: `%s`", name, want, plural(most), len(args), call.Fn.Signature())
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// argKinds checks the arguments of a call against the kinds its
// parameters take, as the tables of §10.2 give them: a literal by what it
// is, a call by what it returns; the arguments of the functions that take
// values of one type are of one type. What a call returns is inferred from
// the types (a path through a relationship of several targets reads one),
// so a call that does not fit is a warning. It reports whether the
// literal arguments fit.
func (c *checker) argKinds(call *facts.Call, args []facts.ValueID) bool {
	fn := call.Fn
	path := len(fn.Params) > 0 && fn.Params[0].Path
	if len(fn.Params) == 0 || path && !c.pathFits(call) {
		return !path // a path that does not fit is the binder's to report
	}
	fits := true
	var first grammar.ArgKind
	firstAt, firstComputed := -1, false
	for i, a := range args {
		p := fn.Params[min(i, len(fn.Params)-1)]
		switch {
		case path:
			p = fn.Params[0] // a step of the path, a name or a nested name or index
		case i >= len(fn.Params) && !fn.Variadic:
			return fits // the arity says it
		}
		k := c.argKind(a)
		computed := c.callAt(a) != nil || c.callString(a)
		sev := severityOf(computed)
		if computed && !k.Meets(p.Kind) || !computed && !c.literalFits(a, p.Kind) {
			what := describeValue(c.f, a)
			if inner := c.callAt(a); inner != nil {
				what = fmt.Sprintf("`%s`, which returns %s", inner.Name, k)
			}
			if path {
				c.report(c.f.Value(a).Span, sev, diag.WrongArguments, "the arguments of `%s` are names and non-negative indexes (§10.3), found %s", call.Name, what)
			} else {
				c.report(c.f.Value(a).Span, sev, diag.WrongArguments, "the %s argument of `%s` must be %s, found %s", p.Name, call.Name, p.Kind, what)
			}
			fits = fits && computed
			continue
		}
		if !fn.SameType || k == grammar.ArgAny {
			continue
		}
		if firstAt < 0 {
			first, firstAt, firstComputed = k, i, computed
		} else if !grammar.SameType(first, k, p.Kind) {
			c.report(c.f.Value(a).Span, severityOf(computed || firstComputed), diag.WrongArguments,
				"the arguments of `%s` are of one type (§10.2): argument %d is %s, argument %d %s", call.Name, firstAt+1, first, i+1, k)
		}
	}
	if n := fn.ScalarArity; n > 0 && len(args) > 0 && len(args) != n && c.argKind(args[0]) == grammar.ArgScalar {
		c.report(c.argsSpan(call), diag.Error, diag.WrongArguments, "`%s` of a scalar takes %d arguments, found %d", call.Name, n, len(args))
	}
	return fits
}

// severityOf is the severity of an argument that does not fit: an error
// for a literal, a warning for what a call is inferred to return.
func severityOf(computed bool) diag.Severity {
	if computed {
		return diag.Warning
	}
	return diag.Error
}

// argKind is what an argument is: a literal's kind (a string holding
// `<number> <unit>` is a scalar), or what a call returns (ArgAny when
// that is not known).
func (c *checker) argKind(id facts.ValueID) grammar.ArgKind {
	if call := c.callAt(id); call != nil {
		k, _ := c.resultOf(call)
		return k
	}
	val := c.f.Value(id)
	switch {
	case c.callString(id):
		if fn := grammar.FunctionNamed(c.f.Text(id), c.f.Versions); fn != nil {
			return fn.Result
		}
		return grammar.ArgAny
	case val.Kind() == syntax.Sequence:
		return grammar.ArgList
	case val.Kind() == syntax.Mapping:
		return grammar.ArgMap
	case val.Kind() == syntax.Null:
		return grammar.ArgNil
	}
	switch yamlKind(c.f, id) {
	case grammar.YAMLInt:
		return grammar.ArgInteger
	case grammar.YAMLFloat:
		return grammar.ArgFloat
	case grammar.YAMLBool:
		return grammar.ArgBoolean
	case grammar.YAMLNull:
		return grammar.ArgNil
	}
	if text := c.f.Text(id); startsNumber(text) {
		if _, unit, _, ok := grammar.ParseScalarUnit(text); ok && unit != "" {
			return grammar.ArgScalar
		}
	}
	return grammar.ArgString
}

// startsNumber reports whether text, blanks trimmed, starts as a YAML
// number does (a sign, a digit or a dot): a scalar value must, and most
// strings (`SELF`, a property's name) are told apart without
// grammar.ParseScalarUnit's regular expression.
func startsNumber(text string) bool {
	t := strings.TrimSpace(text)
	return t != "" && strings.IndexByte("+-.0123456789", t[0]) >= 0
}

// literalFits reports whether a literal value can be of kind k: what it is
// meets k, a string being no scalar value unless it is written as one.
func (c *checker) literalFits(id facts.ValueID, k grammar.ArgKind) bool {
	got := c.argKind(id)
	switch {
	case got == grammar.ArgString:
		return k == grammar.ArgAny || k == grammar.ArgString || k == grammar.ArgStringOrList || k == grammar.ArgCollection ||
			k == grammar.ArgComparable || k == grammar.ArgNameOrIndex
	case got == grammar.ArgInteger && k == grammar.ArgNameOrIndex:
		n, _ := grammar.ParseInteger(c.f.Text(id))
		return n >= 0 // an index (§10.3)
	case got == grammar.ArgScalar && (k == grammar.ArgCollection || k == grammar.ArgNameOrIndex):
		return true // a string all the same
	}
	return got.Meets(k)
}

// pathNames reports the names a function path walks that the types do not
// have (`$get_attribute: [ SELF, no_such_attribute ]`), and SOURCE or
// TARGET where no relationship holds the call.
func (c *checker) pathNames(call *facts.Call) {
	if c.inFilter(call.Entity) || !c.pathFits(call) {
		return
	}
	steps := c.v.CallPath(c.path, call)
	for _, s := range steps {
		if s.By != nil {
			c.processorStep(s)
		}
		switch {
		case s.Resolved:
		case s.Kind == model.StepName && s.Section == grammar.SectionArtifacts && (c.templateArtifact(call, steps[0], s.Name) || c.selfInType(call, steps[0])):
		case s.Kind == model.StepStart && (s.Name == grammar.KeywordSource || s.Name == grammar.KeywordTarget):
			if owner := c.nodeOutsideRelationship(call.Entity); owner != facts.None {
				c.report(spanOf(s.Span), diag.Error, diag.WrongArguments, "%s stands for an end of a relationship, and this call is in %s %q, not in a relationship",
					s.Name, c.f.Entity(owner).G().Name, c.f.Entity(owner).Name)
			}
		case s.Kind == model.StepName || s.Kind == model.StepCapability || s.Kind == model.StepRequirement || s.Kind == model.StepField:
			c.unknownStep(s)
		}
	}
}

// pathFits reports whether the arguments of a call of a function starting
// with a final 2.0 TOSCA path fit it (the binder reports those that do not).
func (c *checker) pathFits(call *facts.Call) bool {
	fn := call.Fn
	if len(fn.Params) == 0 || !fn.Params[0].Path {
		return true
	}
	args := c.args(call)
	words := make([]grammar.PathArg, len(args))
	for i, a := range args {
		words[i] = grammar.PathArg{Word: c.f.Text(a), Computed: c.f.Value(a).Kind() != syntax.Scalar || c.callString(a)}
	}
	if len(words) > 0 && !words[0].Computed && grammar.IsEntityKeyword(words[0].Word) && !contains(fn.Params[0].Keywords, words[0].Word) {
		return false
	}
	return fn.MatchArgs(words)
}

// templateArtifact reports whether the node template a path starts from
// (by name, or SELF around the call) defines an artifact itself.
func (c *checker) templateArtifact(call *facts.Call, start model.PathStep, name string) bool {
	tmpl := start.Target
	if !tmpl.Valid() && start.Name == grammar.KeywordSelf {
		for id := call.Entity; id != facts.None; id = c.f.Entity(id).Parent {
			if c.f.Entity(id).G() == grammar.NodeTemplateDef {
				tmpl = c.decl(id)
				break
			}
		}
	}
	return tmpl.Valid() && c.v.Facts(tmpl.Path).Entry(tmpl.ID, grammar.SectionArtifacts, name) != facts.None
}

// selfInType reports a path that starts with SELF in a type: a template
// of the type may add the artifact the path names (templates may define
// artifacts their type does not, 1.3 §3.8.3, 2.0 §7.2), so the type is not
// judged for it.
func (c *checker) selfInType(call *facts.Call, start model.PathStep) bool {
	return start.Name == grammar.KeywordSelf && c.f.TypeAround(call.Entity) != facts.None
}

// unknownStep reports a path step naming a member its type does not have
// (nor the other types the step is read in).
func (c *checker) unknownStep(s model.PathStep) {
	if !c.isComplete(s.Type) || c.v.Muted(c.path, s.Name) {
		return
	}
	section := s.Section
	if section == "" {
		section = grammar.SectionProperties
	}
	if len(s.Also) == 0 {
		c.noPathMember(spanOf(s.Span), diag.Error, s.Type, section, s.Name)
		return
	}
	var where, names []string
	for _, t := range append([]model.Decl{s.Type}, s.Also...) {
		if !c.isComplete(t) {
			return
		}
		where = append(where, diag.Sprintf("%s %q", c.v.Kind(t), c.typeName(t)))
		names = append(names, c.memberNames(t, section)...)
	}
	d := c.report(spanOf(s.Span), diag.Error, diag.UnknownPathName, "no %s named %q in the requirement's %s (1.3 §4.4.2 reads it in any of them)",
		grammar.Singular(section), s.Name, strings.Join(where, ", nor "))
	suggest(d, s.Name, names)
}

// processorStep reports a path step only a processor reads, as the
// processor setting judges it.
func (c *checker) processorStep(s model.PathStep) {
	if sev, note, report := c.f.Judge(s.By, false); report {
		c.report(spanOf(s.Span), sev, diag.WrongArguments,
			"%s reads an index after a requirement name (the relationship of the requirement's assignment at that index); the path of %s has none%s",
			s.By.Title, c.f.VersionName(), note)
	}
}

// nodeOutsideRelationship returns the node template or type around an
// entity when no relationship (a requirement, a relationship template or
// type) lies between them, else None.
func (c *checker) nodeOutsideRelationship(id facts.ID) facts.ID {
	for ; id != facts.None; id = c.f.Entity(id).Parent {
		switch c.f.Entity(id).G() {
		case grammar.RequirementAssign, grammar.RequirementDef, grammar.RelationshipTemplateDef, grammar.RelationshipTypeDef,
			grammar.RequirementRelationshipAssign, grammar.RequirementRelationshipDef:
			return facts.None
		case grammar.NodeTemplateDef, grammar.NodeTypeDef:
			return id
		}
	}
	return facts.None
}

// customCall checks a call of a `$name` that is no built-in function: a
// function some `functions` section defines (against its signatures), or
// one the orchestrator may provide, unless the name is a near miss of a
// known function.
func (c *checker) customCall(call *facts.Call, args []facts.ValueID) {
	name := customName(call)
	if def := c.v.LookupFunction(c.path, name); def.Valid() {
		c.signatures(call, def, args)
		return
	}
	var known []string
	for _, fn := range grammar.Functions {
		if fn.In.Has(grammar.V2Final) {
			known = append(known, fn.Name)
		}
	}
	for _, n := range c.v.FunctionNames(c.path) {
		known = append(known, grammar.CallPrefix+n)
	}
	if sugg := diag.Suggest(call.Name, known); len(sugg) > 0 && !c.v.Muted(c.path, name) {
		d := c.report(call.NameSpan, diag.Warning, diag.UnknownFunction, "no function named %q is defined; did you mean %q?", call.Name, sugg[0])
		d.Suggestions = sugg
	}
}

// customName is the function a `$name` call calls: the name without its
// prefix, nor the suffix that lets one function be a key twice
// (`$keygen$1`, §10.1).
func customName(call *facts.Call) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(call.Name, grammar.CallPrefix), grammar.CallPrefix)
	return name
}

// signature is one signature of a custom function.
type signature struct {
	path           string
	args, optional []facts.ID
	result         facts.ID
	least, most    int
}

// signaturesOf reads the signatures of a function definition.
func (c *checker) signaturesOf(def model.Decl) []signature {
	f := c.v.Facts(def.Path)
	var out []signature
	for child := range f.Children(def.ID) {
		e := f.Entity(child)
		if e.G() != grammar.FunctionSignatureDef {
			continue
		}
		s := signature{path: def.Path, result: f.Sub(child, grammar.KeyResult)}
		for a := range f.Children(child) {
			switch ae := f.Entity(a); {
			case ae.Key() != nil && ae.Key().Name == grammar.KeyArguments:
				s.args = append(s.args, a)
			case ae.Key() != nil && ae.Key().Name == grammar.KeyOptionalArguments:
				s.optional = append(s.optional, a)
			}
		}
		s.least, s.most = len(s.args), len(s.args)+len(s.optional)
		if variadic, _ := grammar.BooleanLiteral(f.FieldText(child, grammar.KeyVariadic), grammar.All); variadic {
			s.most = -1
		}
		out = append(out, s)
	}
	return out
}

// signatures checks a call of a defined custom function: some signature
// must take that many arguments; when one does, literal arguments are
// checked against its argument types.
func (c *checker) signatures(call *facts.Call, def model.Decl, args []facts.ValueID) {
	sigs := c.signaturesOf(def)
	if len(sigs) == 0 {
		return
	}
	var fitting []signature
	var takes []string
	for _, s := range sigs {
		if len(args) >= s.least && (s.most < 0 || len(args) <= s.most) {
			fitting = append(fitting, s)
		}
		switch {
		case s.most < 0:
			takes = append(takes, fmt.Sprintf("at least %d", s.least))
		case s.most == s.least:
			takes = append(takes, fmt.Sprintf("%d", s.least))
		default:
			takes = append(takes, fmt.Sprintf("%d to %d", s.least, s.most))
		}
	}
	if len(fitting) == 0 {
		d := c.report(c.argsSpan(call), diag.Error, diag.WrongArguments, "no signature of %q takes %d argument%s (they take %s)", call.Name, len(args), plural(len(args)), strings.Join(takes, ", or "))
		c.related(d, def, diag.Name(call.Name)+" is defined here")
		return
	}
	if len(fitting) != 1 {
		return
	}
	s := fitting[0]
	for i, a := range args {
		var at facts.ID
		switch {
		case i < len(s.args):
			at = s.args[i]
		case i-len(s.args) < len(s.optional):
			at = s.optional[i-len(s.args)]
		case len(s.optional) > 0:
			at = s.optional[len(s.optional)-1]
		case len(s.args) > 0:
			at = s.args[len(s.args)-1]
		default:
			continue
		}
		sd := model.Decl{Path: s.path, ID: at}
		c.value(a, schema{typ: c.v.TypeOf(sd), defs: []model.Decl{sd}}, &subject{role: "argument", index: i + 1, indexed: true, of: &subject{role: call.Name}}, c.f.Value(a).Span)
	}
}

// malformedCalls reports `$name` keys that share their map with other
// keys: only a map's single key is a call (§10.1); `$$name` is the
// literal.
func (c *checker) malformedCalls() {
	if !c.f.Versions.Has(grammar.V2Final) {
		return
	}
	for i := range c.f.Values {
		val := &c.f.Values[i]
		if val.Kind() != syntax.Mapping || val.N() <= 2 {
			continue
		}
		for j := int32(0); j < val.N(); j += 2 {
			k := facts.ValueID(val.First + j)
			name := c.f.Text(k)
			if grammar.IsCallString(name) {
				c.report(c.f.Value(k).Span, diag.Error, diag.WrongArguments,
					"malformed function call: %q must be the only key of its map (§10.1); write \"$%s\" for a key that is not a call", name, name)
			}
		}
	}
}

// result checks what a call returns against the type of the value it
// stands for, where both are known.
func (c *checker) result(call *facts.Call, s schema, what *subject) {
	want := c.kind(s.typ)
	if want == nil {
		return
	}
	got, from := c.resultOf(call)
	if got.Fits(want.prim) {
		return
	}
	name := "`" + call.Name + "`"
	switch {
	case from.input.Valid():
		name += diag.Sprintf(" of input %q", c.v.Name(from.input))
	case from.member != nil:
		name += diag.Sprintf(" of %s %q", grammar.Singular(from.member.Section), from.member.Name)
	}
	c.report(call.NameSpan, diag.Error, diag.WrongValueType, "%s returns %s, but %s has type %s", name, got, what, want.name)
}

// resultSource is where the result of a call comes from, for messages: an
// input, or a member its path reads.
type resultSource struct {
	input  model.Decl
	member *model.Member
}

// resultOf tells what a call returns (ArgAny when that is not known), and
// where it comes from.
func (c *checker) resultOf(call *facts.Call) (grammar.ArgKind, resultSource) {
	if call.Fn == nil {
		return c.customResult(call), resultSource{}
	}
	if call.Fn.ResultOfArgs {
		return c.arithmeticResult(call), resultSource{}
	}
	if call.Fn.Result != grammar.ArgAny {
		return call.Fn.Result, resultSource{}
	}
	if input := c.inputOf(call); input.Valid() {
		if k := c.kind(c.typeOfDecl(input)); k != nil && len(c.args(call)) == 1 {
			return k.prim.Kind(), resultSource{input: input}
		}
		return grammar.ArgAny, resultSource{}
	}
	if grammar.PathOf(call.Fn) == nil {
		return grammar.ArgAny, resultSource{}
	}
	steps := c.v.CallPath(c.path, call)
	for _, s := range steps {
		if s.Kind == model.StepIndex && s.Name == grammar.KeywordAll {
			return grammar.ArgList, resultSource{} // one value per node or relationship reached
		}
	}
	if len(steps) == 0 {
		return grammar.ArgAny, resultSource{}
	}
	last := steps[len(steps)-1]
	if last.Kind != model.StepName || last.Member == nil || grammar.PathOf(call.Fn).Rest {
		return grammar.ArgAny, resultSource{}
	}
	k := c.kind(c.v.MemberType(*last.Member))
	if k == nil {
		return grammar.ArgAny, resultSource{}
	}
	return k.prim.Kind(), resultSource{member: last.Member}
}

// arithmeticResult is what an arithmetic call returns (§10.2.5): a scalar
// when its first argument is one, else the function's result, where
// ArgNumber is an integer when every argument is one and a float when one
// is a float; ArgNumber when that is not known.
func (c *checker) arithmeticResult(call *facts.Call) grammar.ArgKind {
	args := c.args(call)
	if len(args) == 0 {
		return call.Fn.Result
	}
	switch c.argKind(args[0]) {
	case grammar.ArgScalar:
		return grammar.ArgScalar
	case grammar.ArgAny, grammar.ArgNumber, grammar.ArgIntegerOrScalar:
		return grammar.ArgNumber // maybe a scalar
	}
	if call.Fn.Result != grammar.ArgNumber {
		return call.Fn.Result
	}
	out := grammar.ArgInteger
	for _, a := range args {
		switch c.argKind(a) {
		case grammar.ArgInteger:
		case grammar.ArgFloat:
			out = grammar.ArgFloat
		default:
			return grammar.ArgNumber
		}
	}
	return out
}

// inputOf is the input a get_input call reads, if it resolves.
func (c *checker) inputOf(call *facts.Call) model.Decl {
	if c.inputRefs == nil {
		isInputRef := func(r *facts.Ref) bool { return r.Call() >= 0 && r.Arg() == 0 && r.Kind == grammar.Input }
		n := 0
		for i := range c.f.Refs {
			if isInputRef(&c.f.Refs[i]) {
				n++
			}
		}
		c.inputRefs = make(map[*facts.Call]int, n) // counted first: a template may hold thousands
		for i := range c.f.Refs {
			if r := &c.f.Refs[i]; isInputRef(r) {
				c.inputRefs[&c.f.Calls[r.Call()]] = i
			}
		}
	}
	if i, ok := c.inputRefs[call]; ok {
		return c.v.Resolve(c.path, i).Target
	}
	return model.Decl{}
}

// customResult is what a custom function returns when all its signatures
// agree on a result type.
func (c *checker) customResult(call *facts.Call) grammar.ArgKind {
	def := c.v.LookupFunction(c.path, customName(call))
	if !def.Valid() {
		return grammar.ArgAny
	}
	out := grammar.ArgAny
	for i, s := range c.signaturesOf(def) {
		if s.result == facts.None {
			return grammar.ArgAny
		}
		k := c.kind(c.v.TypeOf(model.Decl{Path: s.path, ID: s.result}))
		if k == nil {
			return grammar.ArgAny
		}
		if kind := k.prim.Kind(); i == 0 {
			out = kind
		} else if kind != out {
			return grammar.ArgAny
		}
	}
	return out
}

// spanOf converts a span of the text package to the facts' form.
func spanOf(s text.Span) facts.Span { return facts.Span{Start: uint32(s.Start), End: uint32(s.End)} }
