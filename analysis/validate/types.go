package validate

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// schema is what a value must be: its data type and the definitions that
// constrain it, most derived first (a property definition and those it
// refines, an entry schema, a parameter definition).
type schema struct {
	typ  model.Decl
	defs []model.Decl
}

func (s schema) valid() bool { return s.typ.Valid() }

// memberSchema is the schema of a property, attribute or parameter member.
func (c *checker) memberSchema(m model.Member) schema {
	return schema{typ: c.v.MemberType(m), defs: c.v.Definitions(m)}
}

// defSchema is the schema of a definition written on its own (an input, a
// property definition that may refine an inherited one).
func (c *checker) defSchema(def model.Decl) schema {
	if m, ok := c.v.DefinedMember(def); ok {
		s := c.memberSchema(m)
		if len(s.defs) == 0 || s.defs[0] != def {
			s.defs = append([]model.Decl{def}, s.defs...)
		}
		return s
	}
	return schema{typ: c.v.TypeOf(def), defs: []model.Decl{def}}
}

// sub is the schema of the keys (key_schema) or entries (entry_schema) of
// a map or list value of schema s: the most derived definition that gives
// one, else the data type's chain.
func (c *checker) sub(s schema, key string) (schema, bool) {
	for _, d := range s.defs {
		if id := c.v.Facts(d.Path).Sub(d.ID, key); id != facts.None {
			sd := model.Decl{Path: d.Path, ID: id}
			return schema{typ: c.v.TypeOf(sd), defs: []model.Decl{sd}}, true
		}
	}
	chain, _ := c.v.Chain(s.typ)
	for _, t := range chain {
		if id := c.v.Facts(t.Path).Sub(t.ID, key); id != facts.None {
			sd := model.Decl{Path: t.Path, ID: id}
			return schema{typ: c.v.TypeOf(sd), defs: []model.Decl{sd}}, true
		}
	}
	return schema{}, false
}

// kindInfo is how the values of a data type are written.
type kindInfo struct {
	prim grammar.Primitive
	name string
	// units are the unit symbols of a scalar type (built in, or from the
	// unit_symbol_map, unit_suffix, units and prefixes of its chain).
	units   []grammar.Unit
	anyCase bool
	// intNumbers is set for scalar types whose numbers are integers.
	intNumbers bool
}

// kind returns how values of data type t are written, or nil when that is
// not known (the chain leads to a type nobody can see).
func (c *checker) kind(t model.Decl) *kindInfo {
	if k, ok := c.kinds[t]; ok {
		return k
	}
	var k *kindInfo
	if b := c.v.Builtin(t, c.vers); b != nil {
		k = &kindInfo{prim: b.Kind, name: c.typeName(t), units: b.Units, anyCase: b.UnitsAnyCase}
		if b.Kind == grammar.PrimScalarUnit {
			c.scalarUnits(t, k)
		}
	} else if c.isComplete(t) && len(c.v.Members(t, grammar.SectionProperties)) > 0 {
		// A complex type; one without properties says nothing of its values.
		k = &kindInfo{prim: grammar.NotPrimitive, name: c.typeName(t)}
	}
	c.kinds[t] = k
	return k
}

// scalarUnits reads the units a user-defined scalar type declares along its
// chain, root first so that derived types add to them (§9.1.2.2): the
// scalar-unit form (unit_symbol_map, each symbol followed by unit_suffix,
// the suffix alone standing for the base unit) and the later `scalar` form
// (units, each also written after any of the prefixes).
func (c *checker) scalarUnits(t model.Decl, k *kindInfo) {
	chain, _ := c.v.Chain(t)
	var symbols, prefixes []grammar.Unit
	var suffix string
	for i := len(chain) - 1; i >= 0; i-- {
		d := chain[i]
		f := c.v.Facts(d.Path)
		symbols = append(symbols, unitMap(f, f.FieldValue(d.ID, grammar.KeyUnitSymbolMap))...)
		symbols = append(symbols, unitMap(f, f.FieldValue(d.ID, grammar.KeyUnits))...)
		prefixes = append(prefixes, unitMap(f, f.FieldValue(d.ID, grammar.KeyPrefixes))...)
		if s := f.FieldText(d.ID, grammar.KeyUnitSuffix); s != "" {
			suffix = s
		}
		for _, key := range []string{grammar.KeyDataValueType, grammar.KeyDataType} {
			if name := f.FieldText(d.ID, key); name != "" {
				if b := c.v.Builtin(c.v.Lookup(d.Path, grammar.DataType, name), c.vers); b != nil {
					k.intNumbers = b.Kind == grammar.PrimInteger
				}
			}
		}
	}
	if len(symbols) == 0 {
		return // a built-in unit table, or no units known
	}
	k.anyCase = false
	k.units = nil
	if suffix != "" {
		k.units = append(k.units, grammar.Unit{Symbol: suffix, Factor: 1})
	}
	for _, u := range symbols {
		k.units = append(k.units, grammar.Unit{Symbol: u.Symbol + suffix, Factor: u.Factor})
		for _, p := range prefixes {
			k.units = append(k.units, grammar.Unit{Symbol: p.Symbol + u.Symbol, Factor: p.Factor * u.Factor})
		}
	}
}

// unitMap reads a map of unit symbols (or prefixes) to multipliers.
func unitMap(f *facts.Facts, id facts.ValueID) []grammar.Unit {
	var out []grammar.Unit
	for k, v := range f.Pairs(id) {
		factor, _ := grammar.ParseNumber(f.Text(v))
		out = append(out, grammar.Unit{Symbol: f.Text(k), Factor: factor})
	}
	return out
}

// isNull reports a null value (`key:` with nothing, `~`, `null`).
func isNull(f *facts.Facts, id facts.ValueID) bool {
	val := f.Value(id)
	if val == nil {
		return false
	}
	return val.Kind == syntax.Null || val.Kind == syntax.Scalar && val.Style == syntax.Plain && !val.Tagged && grammar.CoreScalar(f.Text(id)) == grammar.YAMLNull
}

// yamlKind is what YAML makes of a scalar: a quoted or block scalar is a
// string, a plain one what the core schema reads (a tagged one is not
// judged: YAMLString).
func yamlKind(f *facts.Facts, id facts.ValueID) grammar.ScalarKind {
	val := f.Value(id)
	if val == nil || val.Kind != syntax.Scalar || val.Style != syntax.Plain || val.Tagged {
		return grammar.YAMLString
	}
	return grammar.CoreScalar(f.Text(id))
}
