package validate

import (
	"slices"

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

// defType is the type of defSchema(id): the type id names itself when it
// plainly is the member it defines (an entry of a type's section, the only
// one of its name there) and names one, else the type worked out from the
// member. Most definitions are such entries, and the member's table need
// not be made for them.
func (c *checker) defType(id facts.ID) model.Decl {
	e := c.f.Entity(id)
	owner := c.f.Entity(e.Parent)
	if e.Name != "" && e.Key() != nil && e.Key().Definitions() != nil && owner != nil && owner.Declares().IsType() && c.uniqueEntry(e.Parent, e.Key().Name) {
		if t := c.typeOf(id); t.Valid() {
			return t
		}
	}
	return c.defSchema(c.decl(id)).typ
}

// uniqueEntry reports whether no two entries of section of the type at id
// share a name. It holds the answer for one section of one type: the
// entities of a type are visited together, each entry once.
func (c *checker) uniqueEntry(id facts.ID, section string) bool {
	if c.unique.id == id && c.unique.section == section && c.unique.known {
		return c.unique.ok
	}
	names := c.entryNames[:0]
	for _, entry := range c.f.Entries(id, section) {
		names = append(names, c.f.Entity(entry).Name)
	}
	slices.Sort(names)
	ok := true
	for i := 1; i < len(names) && ok; i++ {
		ok = names[i] != names[i-1]
	}
	c.entryNames = names
	c.unique = uniqueEntries{id: id, section: section, known: true, ok: ok}
	return ok
}

// sub is the schema of the keys (key_schema) or entries (entry_schema) of
// a map or list value of schema s: the most derived definition that gives
// one, else the data type's chain.
func (c *checker) sub(s schema, key string) (schema, bool) {
	sd := c.v.Schema(s.defs, s.typ, key)
	if !sd.Valid() {
		return schema{}, false
	}
	return schema{typ: c.v.TypeOf(sd), defs: []model.Decl{sd}}, true
}

// kindInfo is how the values of a data type are written.
type kindInfo struct {
	prim grammar.Primitive
	name string
	// units are the unit symbols of a scalar type (built in, or read from
	// the units and prefixes of its chain).
	units   []grammar.Unit
	anyCase bool
	// intNumbers is set for scalar types whose numbers are integers.
	intNumbers bool
	// standard is set for the types derived from `scalar`, read by the
	// OASIS Standard's rules (§9.1.2.2): a blank between number and unit,
	// the number in any YAML form.
	standard bool
	// abstract is set for `scalar` (and the drafts' `scalar-unit`)
	// itself, which types no value.
	abstract bool
	// number is the data_type of a scalar type, whose validation its
	// numbers meet (invalid when none is named).
	number model.Decl
	// canonical is the multiplier of a scalar type's canonical unit.
	canonical float64
}

// kind returns how values of data type t are written, or nil when that is
// not known (the chain leads to a type nobody can see).
func (c *checker) kind(t model.Decl) *kindInfo {
	if k, ok := c.kinds[t]; ok {
		return k
	}
	var k *kindInfo
	if b := c.builtin(t); b != nil {
		k = c.newKind(kindInfo{prim: b.Kind, name: c.typeName(t), units: b.Units, anyCase: b.UnitsAnyCase})
		// Only a scalar type has a model.Scalar: not asked of the others.
		if s := c.scalarOf(t, b); s != nil {
			k.units, k.intNumbers, k.standard, k.number = s.Table, c.v.IntegerNumbers(s, c.vers), b.Standard, s.Number
			k.canonical = 1
			if u, exact, found := grammar.FindUnit(append(s.Units[:len(s.Units):len(s.Units)], s.Table...), s.DefaultCanonical()); found && exact {
				k.canonical = u.Factor
			}
			k.anyCase = b.UnitsAnyCase && len(s.Units) == 0
			k.abstract = b.Abstract && c.declaresBuiltins(t.Path)
		}
	} else if c.isComplete(t) && len(c.v.Members(t, grammar.SectionProperties)) > 0 {
		// A complex type; one without properties says nothing of its values.
		k = c.newKind(kindInfo{prim: grammar.NotPrimitive, name: c.typeName(t)})
	}
	remember(&c.kinds, t, k)
	return k
}

// newKind stores k in the checker's block of kinds, kept from one check
// for the next (a kind is asked for each data type a file defines).
func (c *checker) newKind(k kindInfo) *kindInfo {
	if len(c.kindBlock) == cap(c.kindBlock) {
		c.kindBlock = make([]kindInfo, 0, kindBlockSize) // the full one stays with the kinds it holds
	}
	c.kindBlock = append(c.kindBlock, k)
	return &c.kindBlock[len(c.kindBlock)-1]
}

const kindBlockSize = 32

// builtin is v.Builtin(t): the built-in type t's chain reaches. A type
// that is no built-in declaration has the answer of the next type of its
// chain, which the many types derived from one parent share (every
// enumeration derived from string): asked of each type, the model would
// work it out and keep it for each.
func (c *checker) builtin(t model.Decl) *grammar.BuiltinType {
	if !t.Valid() || c.declaresBuiltins(t.Path) {
		return c.v.Builtin(t, c.vers)
	}
	next := c.nextInChain(t)
	if !next.Valid() {
		return nil // a root, or a type of a derivation cycle, whose chain is itself
	}
	return c.v.Builtin(next, c.vers)
}

// nextInChain is the type after t in its derivation chain: its parent,
// unless t is a type of a cycle, whose chain is t alone (invalid then, as
// for a root). The last answer is kept: a type's checks ask in turn.
func (c *checker) nextInChain(t model.Decl) model.Decl {
	if c.chained.known && c.chained.t == t {
		return c.chained.next
	}
	var next model.Decl
	chain, _ := c.v.Chain(t)
	first := true
	for d := range chain.All() {
		if !first {
			next = d
			break
		}
		first = false
	}
	c.chained = chainStep{t: t, next: next, known: true}
	return next
}

// chainStep is nextInChain's last answer.
type chainStep struct {
	t, next model.Decl
	known   bool
}

// scalarOf is v.ScalarType(t) for a type whose built-in type is b.
func (c *checker) scalarOf(t model.Decl, b *grammar.BuiltinType) *model.Scalar {
	if b.Kind != grammar.PrimScalarUnit {
		return nil
	}
	return c.v.ScalarType(t, c.vers)
}

// declaresBuiltins is v.DeclaresBuiltins, memoised by path.
func (c *checker) declaresBuiltins(path string) bool {
	b, ok := c.builtinFiles[path]
	if !ok {
		b = c.v.DeclaresBuiltins(path)
		remember(&c.builtinFiles, path, b)
	}
	return b
}

// isNull reports a null value (`key:` with nothing, `~`, `null`).
func isNull(f *facts.Facts, id facts.ValueID) bool {
	val := f.Value(id)
	if val == nil {
		return false
	}
	return val.Kind() == syntax.Null || val.Kind() == syntax.Scalar && val.Style() == syntax.Plain && !val.Tagged() && grammar.CoreScalar(f.Text(id)) == grammar.YAMLNull
}

// yamlKind is what YAML makes of a scalar: a quoted or block scalar is a
// string, a plain one what the core schema reads (a tagged one is not
// judged: YAMLString).
func yamlKind(f *facts.Facts, id facts.ValueID) grammar.ScalarKind {
	val := f.Value(id)
	if val == nil || val.Kind() != syntax.Scalar || val.Style() != syntax.Plain || val.Tagged() {
		return grammar.YAMLString
	}
	return grammar.CoreScalar(f.Text(id))
}
