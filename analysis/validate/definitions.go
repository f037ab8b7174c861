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
	b := c.builtin(d)
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
		c.scalarType(id, b)
	}
	c.belowKeys(id)
	if v := c.f.FieldValue(id, grammar.KeyValidation); v != facts.NoValue {
		c.validationTypes(v, c.kind(d))
	}
}

// scalarType checks a scalar type definition (CSD07 §9.1.2.2): numbers of
// a numeric type, units with numeric multipliers, one of which is 1
// (integers when the numbers are), a canonical unit among the units and
// given when two units have the multiplier 1, prefixes only for a single
// unit, and what a derived type may not change.
func (c *checker) scalarType(id facts.ID, b *grammar.BuiltinType) {
	d := c.decl(id)
	e := c.f.Entity(id)
	if fl, ok := c.f.Field(id, grammar.KeyDataType); ok {
		t := c.v.Lookup(c.path, grammar.DataType, c.f.Text(fl.Value))
		if k := c.kind(t); k != nil && !k.prim.Numeric() {
			c.report(c.f.Value(fl.Value).Span, diag.Error, diag.WrongValueType, "the numbers of a scalar type are integers or floats, not %s values (§9.1.2.2)", k.name)
		}
	}
	for _, key := range []string{grammar.KeyUnits, grammar.KeyPrefixes} {
		for k, v := range c.f.Pairs(c.f.FieldValue(id, key)) {
			if _, ok := grammar.ParseNumber(c.f.Text(v)); !ok || c.f.Value(v).Kind() != syntax.Scalar {
				c.report(c.f.Value(v).Span, diag.Error, diag.WrongValueType, "the multiplier of %q is not a number", c.f.Text(k))
			}
		}
	}
	if !b.Standard {
		return
	}
	s := c.v.ScalarType(d, c.vers)
	parent := c.v.Parent(d)
	var ps *model.Scalar
	if !c.declaresBuiltins(parent.Path) {
		ps = c.v.ScalarType(parent, c.vers)
	}
	units := c.f.FieldValue(id, grammar.KeyUnits)
	unitsAt := e.NameSpan
	if units != facts.NoValue {
		unitsAt = c.f.Value(units).Span
	}
	switch {
	case len(s.Units) == 0 && ps == nil && c.isComplete(d):
		c.report(e.NameSpan, diag.Error, diag.MissingKeyname, "scalar type %q has no units: `units` gives at least one, with its multiplier (§9.1.2.2)", e.Name)
	case units != facts.NoValue && (ps == nil || len(ps.Units) == 0) && ones(s.Units) == 0:
		c.report(unitsAt, diag.Error, diag.WrongValueType, "no unit of %q has the multiplier 1: one unit is what the others are multiples of (§9.1.2.2)", e.Name)
	case units != facts.NoValue && s.Canonical == "" && ones(s.Units) > 1 && (ps == nil || ones(ps.Units) <= 1):
		c.report(unitsAt, diag.Error, diag.MissingKeyname, "%s have the multiplier 1: `canonical_unit` must say which one values are computed in (§9.1.2.2)", quoteList(unitNames(s.Units, 1)))
	}
	if c.v.IntegerNumbers(s, c.vers) {
		for k, v := range c.f.Pairs(units) {
			if _, isNum := grammar.ParseNumber(c.f.Text(v)); isNum && yamlKind(c.f, v) != grammar.YAMLInt {
				c.report(c.f.Value(v).Span, diag.Error, diag.WrongValueType, "the multiplier of %q is not an integer, and the numbers of %q are integers (§9.1.2.2)", c.f.Text(k), e.Name)
			}
		}
	}
	if fl, ok := c.f.Field(id, grammar.KeyCanonicalUnit); ok {
		unit := c.f.Text(fl.Value)
		if len(s.Units) > 0 && !hasUnit(s.Units, unit) && !hasUnit(s.Table, unit) {
			d := c.report(c.f.Value(fl.Value).Span, diag.Error, diag.WrongValueType, "the canonical unit %q is not one of the units (§9.1.2.2)", unit)
			suggest(d, unit, grammar.Symbols(s.Table))
		}
	}
	if prefixes := c.f.FieldValue(id, grammar.KeyPrefixes); len(s.Prefixes) > 0 && (prefixes != facts.NoValue || units != facts.NoValue) &&
		(len(s.Units) != 1 || s.Units[0].Factor != 1) {
		at := unitsAt
		if fl, ok := c.f.Field(id, grammar.KeyPrefixes); ok {
			at = c.f.KeySpan(fl)
		}
		// A warning: the text's own replacement of scalar-unit.bitrate
		// (§9.1.2.2.2) has prefixes for two units.
		c.report(at, diag.Warning, diag.WrongValueType, "prefixes go with a single unit of multiplier 1 (§9.1.2.2), and %q has %s: each prefix applies to each unit", e.Name, quoteList(grammar.Symbols(s.Units)))
	}
	if ps != nil {
		c.scalarDerivation(id, s, ps, parent)
	}
}

// scalarDerivation reports what a scalar type derived from another changes:
// data_type and canonical_unit stay as the parent has them (float and none
// when it says nothing), units and prefixes are added, not redefined
// (§9.1.2.2).
func (c *checker) scalarDerivation(id facts.ID, s, ps *model.Scalar, parent model.Decl) {
	if fl, ok := c.f.Field(id, grammar.KeyDataType); ok {
		own, inherited := c.f.Text(fl.Value), ps.NumberName
		if inherited == "" {
			inherited = grammar.DataTypeDef.Key(grammar.KeyDataType, grammar.V2Final).Default
		}
		if own != inherited {
			d := c.report(c.f.Value(fl.Value).Span, diag.Error, diag.InvalidRefinement, "data_type is %q in the parent type; a derived scalar type cannot change it (§9.1.2.2)", inherited)
			c.related(d, parent, "the parent type")
		}
	}
	if fl, ok := c.f.Field(id, grammar.KeyCanonicalUnit); ok && c.f.Text(fl.Value) != ps.Canonical {
		msg := "the parent type has no canonical_unit; a derived scalar type cannot add one (§9.1.2.2)"
		if ps.Canonical != "" {
			msg = diag.Sprintf("canonical_unit is %q in the parent type; a derived scalar type cannot change it (§9.1.2.2)", ps.Canonical)
		}
		d := c.report(c.f.Value(fl.Value).Span, diag.Error, diag.InvalidRefinement, "%s", msg)
		c.related(d, parent, "the parent type")
	}
	for _, key := range []string{grammar.KeyUnits, grammar.KeyPrefixes} {
		inherited := ps.Units
		if key == grammar.KeyPrefixes {
			inherited = ps.Prefixes
		}
		for k, v := range c.f.Pairs(c.f.FieldValue(id, key)) {
			factor, _ := grammar.ParseNumber(c.f.Text(v))
			if u, _, found := grammar.FindUnit(inherited, c.f.Text(k)); found && u.Symbol == c.f.Text(k) && u.Factor != factor {
				d := c.report(c.f.Value(v).Span, diag.Error, diag.InvalidRefinement, "%q has the multiplier %v in the parent type; a derived scalar type adds %s, it does not change them (§9.1.2.2)", u.Symbol, u.Factor, key)
				c.related(d, parent, "the parent type")
			}
		}
	}
}

// ones counts the units of multiplier 1.
func ones(units []grammar.Unit) int { return len(unitNames(units, 1)) }

// unitNames lists the units of a multiplier.
func unitNames(units []grammar.Unit, factor float64) []string {
	var out []string
	for _, u := range units {
		if u.Factor == factor {
			out = append(out, u.Symbol)
		}
	}
	return out
}

// hasUnit reports whether a table has a unit written exactly so.
func hasUnit(units []grammar.Unit, symbol string) bool {
	u, exact, found := grammar.FindUnit(units, symbol)
	return found && exact && u.Symbol == symbol
}

// belowKeys reports the keynames a data type has only below a built-in
// type (`units` below `scalar`) written on a type whose chain is known to
// reach another.
func (c *checker) belowKeys(id facts.ID) {
	for _, fl := range c.f.FieldsOf(id) {
		if fl.Key() == nil || fl.Key().Below == "" {
			continue
		}
		b, outside := c.v.OutsideBase(c.decl(id), fl.Key().Below, c.vers)
		if !outside {
			continue
		}
		from := "derives from no built-in type"
		if b != nil {
			from = "derives from " + b.Name
		}
		c.report(c.f.KeySpan(fl), diag.Error, diag.UnknownKeyname, "%s is a keyname of the types derived from %s, and %q %s (§9.1.2.2)", fl.Key().Name, fl.Key().Below, c.f.Entity(id).Name, from)
	}
}

// schemaDefinition checks a schema: in 2.0 the keys of a map are strings,
// so a key schema's type derives from string (§9.3).
func (c *checker) schemaDefinition(id facts.ID) {
	c.abstractType(id)
	e := c.f.Entity(id)
	if keyName(e) == grammar.KeyKeySchema && c.strict {
		if k := c.kind(c.typeOf(id)); k != nil && k.prim != grammar.PrimString {
			at := e.Span
			if fl, ok := c.f.Field(id, grammar.KeyType); ok {
				at = c.f.Value(fl.Value).Span
			}
			c.report(at, diag.Error, diag.WrongValueType, "map keys are strings: a key schema's type is string or derives from it, not %s (§9.3)", k.name)
		}
	}
	if v := c.f.FieldValue(id, grammar.KeyValidation); v != facts.NoValue {
		c.validationTypes(v, c.kind(c.typeOf(id)))
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
		if val.Kind() != syntax.Scalar || yamlKind(c.f, id) != grammar.YAMLBool && !c.callString(id) {
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
	if val == nil || val.Kind() != syntax.Scalar || c.callAt(lit) != nil || c.callString(lit) || k.prim == grammar.NotPrimitive {
		return
	}
	if _, p, ok := comparand(c.f, lit, k, c.vers); !ok && p.msg != "" {
		c.report(val.Span, diag.Warning, diag.InvalidConstraint, "`%s` compares a %s value with %s, which is not one: %s", call.Name, k.name, describeValue(c.f, lit), p.msg)
	}
}

// refinements checks the member definitions of a type that refine members
// its parent has: the type they name derives from the inherited one, a
// fixed value is not refined, a required property stays required (2.0).
func (c *checker) refinements(id facts.ID) {
	var parent model.Decl
	for child := range c.f.Children(id) {
		e := c.f.Entity(child)
		section := keyName(e)
		if e.Name == "" || section == "" {
			continue
		}
		if !parent.Valid() {
			// The parent, once a member needs it, as the next type of the
			// chain: a type of a cycle has none there, and its parent's
			// chain is incomplete.
			if parent = c.nextInChain(c.decl(id)); !c.isComplete(parent) {
				return
			}
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
	if bo, bi := c.builtin(own), c.builtin(inherited); bo != nil && bi != nil && bo.Name == bi.Name {
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
// node type does not derive from the inherited one (§8.4.1).
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
