package validate

import (
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Data types, schemas, validation expressions and the refinement rules of
// types (§5.1.3, §9.2, §9.3).

// dataType checks a data type definition: no properties on a type derived
// from a built-in one, a parent or properties in 2.0, and the keynames of
// user-defined scalar types.
func (c *checker) dataType(id facts.ID) {
	d := c.decl(id)
	e := c.f.Entity(id)
	b := c.v.Builtin(d, c.vers)
	props := c.f.Entries(id, grammar.SectionProperties)
	_, derived := c.f.Field(id, grammar.KeyDerivedFrom)
	switch {
	case b != nil && len(props) > 0:
		sev := diag.Warning
		if c.strict {
			sev = diag.Error
		}
		c.report(c.f.Entity(props[0]).NameSpan, sev, diag.InvalidRefinement, "data type %q derives from the built-in %s: it cannot add properties (§9.2)", e.Name, b.Name)
	case !derived && len(props) == 0 && c.strict && !c.v.IsBuiltin(c.path):
		c.report(e.NameSpan, diag.Error, diag.MissingKeyname, "data type %q has neither derived_from nor properties: it defines no values (§9.2)", e.Name)
	}
	if b != nil && b.Kind == grammar.PrimScalarUnit {
		c.scalarType(id)
	}
	if v := c.f.FieldValue(id, grammar.KeyValidation); v != facts.NoValue {
		c.validationTypes(v, c.kind(d))
	}
}

// scalarType checks the keynames of a user-defined scalar type: numbers of
// a numeric type, multipliers that are numbers, a canonical unit among
// the units, and no change of what a parent fixed (§9.1.2.2).
func (c *checker) scalarType(id facts.ID) {
	for _, key := range []string{grammar.KeyDataValueType, grammar.KeyDataType} {
		fl, ok := c.f.Field(id, key)
		if !ok {
			continue
		}
		t := c.v.Lookup(c.path, grammar.DataType, c.f.Text(fl.Value))
		if k := c.kind(t); k != nil && !k.prim.Numeric() {
			c.report(c.f.Value(fl.Value).Span, diag.Error, diag.WrongValueType, "the numbers of a scalar type are integers or floats, not %s values", k.name)
		}
	}
	for _, key := range []string{grammar.KeyUnitSymbolMap, grammar.KeyUnits, grammar.KeyPrefixes} {
		for k, v := range c.f.Pairs(c.f.FieldValue(id, key)) {
			if _, ok := grammar.ParseNumber(c.f.Text(v)); !ok || c.f.Value(v).Kind != syntax.Scalar {
				c.report(c.f.Value(v).Span, diag.Error, diag.WrongValueType, "the multiplier of %q is not a number", c.f.Text(k))
			}
		}
	}
	if fl, ok := c.f.Field(id, grammar.KeyCanonicalUnit); ok {
		unit := c.f.Text(fl.Value)
		if units := c.f.FieldValue(id, grammar.KeyUnits); units != facts.NoValue && c.f.Get(units, unit) == facts.NoValue {
			var names []string
			for k := range c.f.Pairs(units) {
				names = append(names, c.f.Text(k))
			}
			d := c.report(c.f.Value(fl.Value).Span, diag.Error, diag.WrongValueType, "the canonical unit %q is not one of the units", unit)
			suggest(d, unit, names)
		}
	}
	parent := c.v.Parent(c.decl(id))
	for _, key := range []string{grammar.KeyDataValueType, grammar.KeyUnitSuffix, grammar.KeyDataType} {
		fl, ok := c.f.Field(id, key)
		if !ok {
			continue
		}
		if at, inherited := c.inheritedText(parent, key); inherited != "" && inherited != c.f.Text(fl.Value) {
			d := c.report(c.f.Value(fl.Value).Span, diag.Error, diag.InvalidRefinement, "%s is %q in the parent type; a derived scalar type cannot change it (§9.1.2.2)", key, inherited)
			c.related(d, at, "set here")
		}
	}
}

// inheritedText is the value the nearest type of t's chain gives keyname key.
func (c *checker) inheritedText(t model.Decl, key string) (model.Decl, string) {
	chain, _ := c.v.Chain(t)
	for _, d := range chain {
		if txt := c.v.FieldText(d, key); txt != "" {
			return d, txt
		}
	}
	return model.Decl{}, ""
}

// schemaDefinition checks a schema: in 2.0 the keys of a map are strings,
// so a key schema's type derives from string (§9.3).
func (c *checker) schemaDefinition(id facts.ID) {
	e := c.f.Entity(id)
	t := c.typeOf(id)
	if keyName(e) == grammar.KeyKeySchema && c.strict {
		if k := c.kind(t); k != nil && k.prim != grammar.PrimString {
			at := e.Span
			if fl, ok := c.f.Field(id, grammar.KeyType); ok {
				at = c.f.Value(fl.Value).Span
			}
			c.report(at, diag.Error, diag.WrongValueType, "map keys are strings: a key schema's type is string or derives from it, not %s (§9.3)", k.name)
		}
	}
	if v := c.f.FieldValue(id, grammar.KeyValidation); v != facts.NoValue {
		c.validationTypes(v, c.kind(t))
	}
}

// validationTypes checks a validation expression written for values of
// kind k: it is a boolean expression, and the literals it compares `$value`
// with are values of that type (a warning: the text's own examples compare
// strings with numbers, §9.2).
func (c *checker) validationTypes(id facts.ValueID, k *kindInfo) {
	call := c.callAt(id)
	val := c.f.Value(id)
	if call == nil {
		if val.Kind != syntax.Scalar || yamlKind(c.f, id) != grammar.YAMLBool && !c.callString(id) {
			c.report(val.Span, diag.Error, diag.InvalidConstraint, "a validation clause is a boolean expression, such as { $greater_than: [ $value, 0 ] }")
		}
		return
	}
	if call.Fn == nil {
		return
	}
	if call.Fn.Result != grammar.ArgBoolean && call.Fn.Result != grammar.ArgAny {
		c.report(call.NameSpan, diag.Error, diag.InvalidConstraint, "`%s` returns %s; a validation clause is a boolean expression", call.Name, call.Fn.Result)
		return
	}
	args := c.args(call)
	switch call.Fn.Op {
	case grammar.OpAnd, grammar.OpOr, grammar.OpNot, grammar.OpXor:
		for _, a := range args {
			if c.callAt(a) != nil {
				c.validationTypes(a, k)
			}
		}
	case grammar.OpEqual, grammar.OpGreaterThan, grammar.OpGreaterOrEqual, grammar.OpLessThan, grammar.OpLessOrEqual:
		if k == nil || len(args) != 2 {
			return
		}
		for i, a := range args {
			if c.isValue(a) {
				c.comparedLiteral(call, args[1-i], k)
			}
		}
		if !call.Fn.Subject.Takes(k.prim) && (c.isValue(args[0]) || c.isValue(args[1])) {
			c.report(call.NameSpan, diag.Warning, diag.InvalidConstraint, "`%s` applies to %s, not to %s values", call.Name, call.Fn.Subject, k.name)
		}
	case grammar.OpValidValues:
		if k != nil && len(args) == 2 && c.isValue(args[0]) {
			for _, item := range c.f.Items(args[1]) {
				c.comparedLiteral(call, item, k)
			}
		}
	}
}

// isValue reports `$value` (as a string, or called without arguments).
func (c *checker) isValue(id facts.ValueID) bool {
	if c.f.Text(id) == grammar.ValueCall {
		return true
	}
	call := c.callAt(id)
	return call != nil && call.Fn != nil && call.Fn.Op == grammar.OpValue && len(c.args(call)) == 0
}

// comparedLiteral warns about a literal compared with a value of kind k
// that is not a value of that kind.
func (c *checker) comparedLiteral(call *facts.Call, lit facts.ValueID, k *kindInfo) {
	val := c.f.Value(lit)
	if val == nil || val.Kind != syntax.Scalar || c.callAt(lit) != nil || c.callString(lit) || k.prim == grammar.NotPrimitive {
		return
	}
	if _, p, ok := literal(c.f, lit, k, c.vers); !ok && p.msg != "" {
		c.report(val.Span, diag.Warning, diag.InvalidConstraint, "`%s` compares a %s value with %s, which is not one: %s", call.Name, k.name, describeValue(c.f, lit), p.msg)
	}
}

// refinements checks the member definitions of a type that refine members
// its parent has: the type they name derives from the inherited one, a
// fixed value is not refined, a required property stays required (2.0).
func (c *checker) refinements(id facts.ID) {
	parent := c.v.Parent(c.decl(id))
	if !c.isComplete(parent) {
		return
	}
	for child := range c.f.Children(id) {
		e := c.f.Entity(child)
		section := keyName(e)
		if e.Name == "" || section == "" {
			continue
		}
		pm, ok := c.v.Member(parent, section, e.Name)
		if !ok {
			continue
		}
		def := c.decl(child)
		switch section {
		case grammar.SectionRequirements:
			c.refinedRequirement(child, pm)
		default:
			c.refinedType(child, c.v.TypeOf(def), c.v.MemberType(pm), pm)
		}
		if section == grammar.SectionProperties || section == grammar.SectionAttributes {
			c.refinedValue(child, pm)
		}
	}
}

// refinedType reports a refinement naming a type that does not derive
// from the inherited one.
func (c *checker) refinedType(child facts.ID, own, inherited model.Decl, pm model.Member) {
	if !own.Valid() || !inherited.Valid() || !c.isComplete(own) || !c.isComplete(inherited) || c.v.DerivesFrom(own, inherited) {
		return
	}
	if bo, bi := c.v.Builtin(own, c.vers), c.v.Builtin(inherited, c.vers); bo != nil && bi != nil && bo.Name == bi.Name {
		return // one built-in type, declared by two profiles
	}
	fl, _ := c.f.Field(child, grammar.KeyType)
	at := c.f.Entity(child).NameSpan
	if fl.Value != facts.NoValue {
		at = c.f.Value(fl.Value).Span
	}
	d := c.report(at, diag.Error, diag.InvalidRefinement, "%s %q refines one of type %q: its type must be that type or derive from it, not %q",
		grammar.Singular(pm.Section), pm.Name, c.typeName(inherited), c.typeName(own))
	c.related(d, pm.Def, "the inherited definition")
}

// refinedRequirement reports a requirement refinement whose capability or
// node type does not derive from the inherited one (§8.6).
func (c *checker) refinedRequirement(child facts.ID, pm model.Member) {
	for _, key := range []string{grammar.KeyCapability, grammar.KeyNode} {
		fl, ok := c.f.Field(child, key)
		if !ok {
			continue
		}
		kind := grammar.CapabilityType
		inherited, _, _ := c.requiredCapability(pm)
		if key == grammar.KeyNode {
			kind, inherited = grammar.NodeType, c.requiredNodeType(pm)
		}
		own := c.v.Lookup(c.path, kind, c.f.Text(fl.Value))
		if own.Valid() && inherited.Valid() && c.isComplete(own) && c.isComplete(inherited) && !c.v.DerivesFrom(own, inherited) {
			d := c.report(c.f.Value(fl.Value).Span, diag.Error, diag.InvalidRefinement, "requirement %q refines one whose %s is %q: %q does not derive from it",
				pm.Name, key, c.typeName(inherited), c.typeName(own))
			c.related(d, pm.Def, "the inherited definition")
		}
	}
}

// refinedValue reports the refinement of a property whose value an
// ancestor fixed, and (2.0) a required property made optional.
func (c *checker) refinedValue(child facts.ID, pm model.Member) {
	e := c.f.Entity(child)
	if at, fixed := c.fixedValue(pm); fixed {
		d := c.report(e.NameSpan, diag.Error, diag.InvalidRefinement, "%s %q has a fixed value in %q: it cannot be refined (§9.3)", grammar.Singular(pm.Section), pm.Name, c.typeName(pm.Definer))
		c.related(d, at, "the value is fixed here")
		return
	}
	fl, ok := c.f.Field(child, grammar.KeyRequired)
	if !ok || !c.strict || pm.Section != grammar.SectionProperties {
		return
	}
	if own, _ := grammar.BooleanLiteral(c.f.Text(fl.Value), grammar.All); own {
		return
	}
	if c.inheritedRequired(pm) {
		d := c.report(c.f.Value(fl.Value).Span, diag.Warning, diag.InvalidRefinement, "property %q is required in %q: a refinement may make an optional property required, not the reverse (§9.3)", pm.Name, c.typeName(pm.Definer))
		c.related(d, pm.Def, "the inherited definition")
	}
}

// inheritedRequired reports whether the nearest definition of a property
// that says so makes it required (required is true when unsaid).
func (c *checker) inheritedRequired(pm model.Member) bool {
	for _, d := range c.v.Definitions(pm) {
		if txt := c.v.FieldText(d, grammar.KeyRequired); txt != "" {
			b, _ := grammar.BooleanLiteral(txt, grammar.All)
			return b
		}
	}
	return true
}
