// Package validate is tosca-ls's deep validation: what an orchestrator
// would reject once names resolve. Values against their data types
// (primitives, scalar units, collections, complex types), constraint
// clauses and validation expressions on literal values, requirements
// against the capabilities and relationships they connect, interfaces,
// operation outputs, function calls and their paths, and the rules of
// groups, policies, workflows, substitution mappings and type refinement.
//
// It reads a file's facts and the model only (never another file's tree),
// and runs as a model.Check: the engine memoises its result per file
// content and export generation, so an edit re-validates the edited file
// alone, unless it changes what other files see.
//
// Edit time is not deploy time: a required input without a value, a value
// computed by a function whose result type is not known, a name a remote
// import may explain are all fine. Where the texts are unclear it warns.
package validate

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Check reports the problems deep validation finds in the file at path.
func Check(ctx context.Context, v *model.View, path string) []model.Diagnostic {
	f := v.Facts(path)
	if f == nil || f.Lang != grammar.TOSCA || f.Dialect == nil || !f.Dialect.Modelled {
		return nil
	}
	c := checkers.Get().(*checker)
	*c = checker{
		ctx:    ctx,
		v:      v,
		path:   path,
		f:      f,
		vers:   grammar.NarrowVersions(f.Versions, f.Form),
		strict: f.Versions.Has(grammar.V2),
		memos:  c.memos,
	}
	defer c.release()
	if len(f.Calls) > 0 && c.callsByArgs == nil {
		c.callsByArgs = make(map[facts.ValueID]*facts.Call, len(f.Calls))
	}
	for i := range f.Calls {
		c.callsByArgs[f.Calls[i].Args] = &f.Calls[i]
	}
	c.run()
	return c.out
}

// memos are the memo tables of the questions every file asks, kept with
// the checker from one check for the next (checkers): made afresh for
// each of thousands of files, they were a good share of validation's
// allocation.
type memos struct {
	// kinds memoises how each data type reads literals, types the types
	// the file names (by the reference written: a file's hundreds of
	// property definitions name a few types), complete the completeness
	// of chains, builtinFiles which files declare the built-in types.
	kinds        map[model.Decl]*kindInfo
	types        map[typeRef]model.Decl
	complete     map[model.Decl]bool
	builtinFiles map[string]bool
	// callsByArgs indexes the file's calls by their arguments.
	callsByArgs map[facts.ValueID]*facts.Call
	// entryNames is uniqueEntry's scratch space, kindBlock where kinds
	// are stored.
	entryNames []string
	kindBlock  []kindInfo
}

var checkers = sync.Pool{New: func() any { return new(checker) }}

// release empties the checker's tables, lets go of the file and returns
// the checker to the pool.
func (c *checker) release() {
	m := c.memos
	emptied(&m.kinds)
	emptied(&m.types)
	emptied(&m.complete)
	emptied(&m.builtinFiles)
	emptied(&m.callsByArgs)
	clear(m.entryNames) // the names of this file's entries
	if cap(m.entryNames) > maxKept {
		m.entryNames = nil
	}
	clear(m.kindBlock)
	m.kindBlock = m.kindBlock[:0]
	*c = checker{memos: m}
	checkers.Put(c)
}

// maxKept is the size above which a table is dropped rather than kept:
// emptying a table costs its capacity, which one large file would
// otherwise leave to every check after it.
const maxKept = 128

func emptied[K comparable, V any](m *map[K]V) {
	if len(*m) > maxKept {
		*m = nil
	} else {
		clear(*m)
	}
}

// remember stores v for k in the memo table *m, made on first use: most
// files need few of the checker's tables.
func remember[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}

// checker validates one file.
type checker struct {
	ctx  context.Context
	v    *model.View
	path string
	f    *facts.Facts
	// vers are the versions the file is read with (a 2.0 file narrowed to
	// its form when it uses only one).
	vers grammar.Versions
	// strict is set for 2.0 files: TOSCA 2.0 forbids converting between
	// YAML types (§9.1.1), which 1.x leaves unsaid (a warning there).
	strict bool
	// memos are the tables of the questions most files ask (pooled).
	memos
	// inputRefs indexes the input reference of each get_input call.
	inputRefs map[*facts.Call]int
	// allowed memoises allowedTypes, offered the capabilities of a node
	// type of a capability type, sources whether a capability accepts a
	// source node type.
	allowed map[allowedKey]allowedList
	sources map[sourceKey]bool
	// bounds memoises the upper bounds of requirements, embeddedFiles
	// which files are embedded profiles.
	bounds        map[memberRef]bound
	embeddedFiles map[string]bool
	offered       map[[2]model.Decl][]model.Member
	// capabilityUses counts the relationships made to each capability.
	capabilityUses map[capabilityUse]float64
	// unique is uniqueEntry's answer for the last section asked about,
	// chained nextInChain's for the last type, typed typeOf's for the
	// last entity.
	unique  uniqueEntries
	chained chainStep
	typed   typedEntity
	// variants reads a Variability4TOSCA file's conditions (made on first use).
	variants *model.Variants
	out      []model.Diagnostic
}

func (c *checker) run() {
	c.names()
	for id := range c.f.Entities {
		if id%model.YieldEvery == 0 {
			if model.Yield(c.ctx); c.ctx.Err() != nil {
				return
			}
		}
		c.entity(facts.ID(id))
	}
	c.calls()
	c.callStrings()
	c.malformedCalls()
	c.artifactFiles()
	c.repositories()
}

// entity validates one entity of the file, by what it is.
func (c *checker) entity(id facts.ID) {
	e := c.f.Entity(id)
	switch e.G() {
	case grammar.NodeTemplateDef, grammar.RelationshipTemplateDef, grammar.GroupDef, grammar.PolicyDef:
		c.template(id)
	case grammar.CapabilityAssign:
		c.capabilityAssignment(id)
	case grammar.RequirementAssign:
		c.requirementAssignment(id)
	case grammar.RequirementRelationshipAssign:
		c.relationshipAssignment(id)
	case grammar.InterfaceAssign:
		c.interfaceAssignment(id)
	case grammar.ArtifactDef:
		c.artifact(id)
	case grammar.InputDef, grammar.OutputDef, grammar.ParameterDef, grammar.PropertyDef, grammar.AttributeDef:
		c.definition(id)
	case grammar.SchemaDef:
		c.schemaDefinition(id)
	case grammar.DataTypeDef:
		c.dataType(id)
	case grammar.ConstraintClause:
		c.constraintClause(id)
	case grammar.NodeFilterDef:
		c.nodeFilter(id)
	case grammar.WorkflowDef:
		c.workflow(id)
	case grammar.TriggerDef:
		c.trigger(id)
	case grammar.ActivityDef:
		c.activity(id)
	case grammar.SubstitutionMappingsDef:
		c.substitution(id)
	case grammar.OperationDef, grammar.NotificationDef, grammar.OperationAssign, grammar.NotificationAssign:
		c.operationOutputs(id)
	}
	if e.G() != nil && e.G().Declares.IsType() {
		c.refinements(id)
		c.typeVersion(id)
	}
	for _, fl := range c.f.FieldsOf(id) {
		switch {
		case fl.Key() == nil:
		case fl.Key().Name == grammar.KeyOccurrences || fl.Key().Name == grammar.KeyCountRange:
			c.rangeKeyname(id, fl)
		case fl.Key().Name == grammar.KeyDescription && c.strict:
			c.description(fl)
		}
	}
}

// description checks that a 2.0 description is a YAML string (§5.3.2): 2.0
// converts no YAML type into another (§9.1.1); 1.x reads a scalar as its
// source text.
func (c *checker) description(fl facts.Field) {
	val := c.f.Value(fl.Value)
	if val == nil || val.Kind() != syntax.Scalar {
		return // a collection is the binder's, null too
	}
	if kind := yamlKind(c.f, fl.Value); kind != grammar.YAMLString && kind != grammar.YAMLNull {
		c.report(val.Span, diag.Error, diag.WrongValueType, "%s is %s, not a string: a description is a string (§5.3.2); quote it", c.f.Text(fl.Value), kind)
	}
}

// rangeKeyname checks a [ lower, upper ] keyname (occurrences,
// count_range): two integers, the upper one possibly UNBOUNDED, not below
// the lower (1.3 §3.7.3, 2.0 §8.4). The shape is the binder's.
func (c *checker) rangeKeyname(id facts.ID, fl facts.Field) {
	items := c.f.Items(fl.Value)
	if len(items) != 2 || c.callAt(fl.Value) != nil {
		return
	}
	for _, item := range items {
		if c.callAt(item) != nil || c.callString(item) {
			return // a bound computed at deploy time
		}
	}
	if _, p, ok := rangeLiteral(c.f, fl.Value, typed{}); !ok && p.msg != "" {
		at := c.f.Value(fl.Value).Span
		if p.part.End > 0 {
			at = p.part
		}
		e := c.f.Entity(id)
		c.report(at, diag.Error, diag.WrongValueType, "%s (%s of %s %q)", p.msg, fl.Key().Name, e.G().Name, e.Name)
	}
}

// typeVersion checks the `version` of a type definition: a value of the
// built-in version type (1.3 §3.7.1, 2.0 §6.4.1), `1..0.abc` is none.
func (c *checker) typeVersion(id facts.ID) {
	fl, ok := c.f.Field(id, grammar.KeyVersion)
	if !ok {
		return
	}
	e := c.f.Entity(id)
	version := c.v.Lookup(c.path, grammar.DataType, grammar.KeyVersion)
	c.value(fl.Value, schema{typ: version}, &subject{role: grammar.KeyVersion, of: &subject{role: e.G().Name, name: e.Name}}, c.f.KeySpan(fl))
}

// report adds a diagnostic of the file.
func (c *checker) report(s facts.Span, sev diag.Severity, code, format string, args ...any) *model.Diagnostic {
	c.out = append(c.out, model.Diagnostic{Path: c.path, Span: s.Text(), Severity: sev, Code: code, Message: diag.Sprintf(format, args...)})
	return &c.out[len(c.out)-1]
}

// mismatch reports a value of the wrong YAML type that a lenient processor
// could still read (`12` where a string goes): an error in 2.0, which
// forbids the conversion, a warning in 1.x.
func (c *checker) mismatch(s facts.Span, format string, args ...any) *model.Diagnostic {
	sev := diag.Warning
	if c.strict {
		sev = diag.Error
	}
	return c.report(s, sev, diag.WrongValueType, format, args...)
}

// related points a diagnostic at the declaration that explains it.
func (c *checker) related(d *model.Diagnostic, decl model.Decl, what string) {
	if decl.Valid() {
		d.Related = append(d.Related, model.Related{Location: c.v.Location(decl), Message: what})
	}
}

// suggest adds "did you mean" to a diagnostic about name.
func suggest(d *model.Diagnostic, name string, names []string) {
	d.Suggestions = diag.Suggest(name, names)
	if len(d.Suggestions) > 0 {
		d.Message += diag.Sprintf("; did you mean %q?", d.Suggestions[0])
	}
}

// decl is entity id of the file as a declaration.
func (c *checker) decl(id facts.ID) model.Decl { return model.Decl{Path: c.path, ID: id} }

// uniqueEntries says whether the entries of one section of a type have
// distinct names.
type uniqueEntries struct {
	id        facts.ID
	section   string
	known, ok bool
}

// typeRef is a type as an entity of the file names it: the entity's
// grammar (which says the keyname and the kind of type) and the name.
type typeRef struct {
	g    *grammar.Entity
	name string
}

// typeOf is the type entity id of the file names. It is memoised by the
// name written: model.View.TypeOf reads the entity's type keyname and
// resolves it in the file, so one name there is one type (a file's
// hundreds of property definitions name a few types).
func (c *checker) typeOf(id facts.ID) model.Decl {
	if c.typed.known && c.typed.id == id {
		return c.typed.t // a template's type, asked by each of its assignments in turn
	}
	t := c.namedType(id)
	c.typed = typedEntity{id: id, t: t, known: true}
	return t
}

// typedEntity is typeOf's last answer.
type typedEntity struct {
	id    facts.ID
	t     model.Decl
	known bool
}

func (c *checker) namedType(id facts.ID) model.Decl {
	e := c.f.Entity(id)
	if e == nil || e.G() == nil || e.G().TypeKey == "" {
		return c.v.TypeOf(c.decl(id)) // none, or a member's type keyname (model.View.TypeOf)
	}
	ref := typeRef{e.G(), c.f.FieldText(id, e.G().TypeKey)}
	t, ok := c.types[ref]
	if !ok {
		t = c.v.TypeOf(c.decl(id))
		remember(&c.types, ref, t)
	}
	return t
}

// typeOfDecl is the type declaration d names, from the checker's table
// when d is an entity of the file (a template, an input).
func (c *checker) typeOfDecl(d model.Decl) model.Decl {
	if d.Path == c.path {
		return c.typeOf(d.ID)
	}
	return c.v.TypeOf(d)
}

// text is the source text of a span of the file.
func (c *checker) text(s facts.Span) string { return c.f.Src[s.Start:s.End] }

// isComplete reports whether t's derivation chain is fully known: members
// (and what they allow) may come from an ancestor nobody can see.
func (c *checker) isComplete(t model.Decl) bool {
	if !t.Valid() {
		return false
	}
	ok, known := c.complete[t]
	if !known {
		ok = c.v.ChainComplete(t)
		remember(&c.complete, t, ok)
	}
	return ok
}

// callAt is the call whose arguments are value id of the file, or nil.
func (c *checker) callAt(id facts.ValueID) *facts.Call {
	val := c.f.Value(id)
	if val == nil || val.Kind() != syntax.Mapping || val.N() != 2 {
		return nil
	}
	return c.callsByArgs[facts.ValueID(val.First+1)]
}

// typeName is how messages name a type.
func (c *checker) typeName(t model.Decl) string {
	if n := c.v.Name(t); n != "" {
		return n
	}
	return "?"
}

// typeNames names two types that a message sets against each other,
// quoted: by their names, and when those read the same though the types
// differ (a 1.1 file's tosca.nodes.Compute is no 1.3 file's, 1.3
// §3.1.3.1) by their TOSCA versions too, else by their files.
func (c *checker) typeNames(a, b model.Decl) (string, string) {
	na, nb := strconv.Quote(c.typeName(a)), strconv.Quote(c.typeName(b))
	if na != nb || a == b {
		return na, nb
	}
	if va, vb := c.versionOf(a.Path), c.versionOf(b.Path); va != vb {
		return na + " of " + va, nb + " of " + vb
	}
	return na + " of " + filepath.Base(a.Path), nb + " of " + filepath.Base(b.Path)
}

// versionOf is the tosca_definitions_version of the file at path.
func (c *checker) versionOf(path string) string {
	if f := c.v.Facts(path); f != nil && f.Dialect != nil {
		return f.Dialect.Version
	}
	return ""
}

// versionImport relates d, about types a and b that read the same though
// their TOSCA versions differ, to the import of the file that brings the
// types of another version.
func (c *checker) versionImport(d *model.Diagnostic, a, b model.Decl) {
	own := c.versionOf(c.path)
	if c.typeName(a) != c.typeName(b) || c.versionOf(a.Path) == c.versionOf(b.Path) {
		return
	}
	for _, l := range c.v.Snap.Links(c.path) {
		if l.Path == "" || l.Import == nil {
			continue
		}
		if other := c.versionOf(l.Path); other != "" && other != own {
			line := strings.Count(c.f.Src[:l.Import.Target.Start], "\n") + 1
			d.Message += fmt.Sprintf(" (the import on line %d brings types of %s, which are not %s's)", line, other, own)
			d.Related = append(d.Related, model.Related{Location: model.Location{Path: c.path, Span: l.Import.Target.Text()},
				Message: "this import brings types of " + other + ", which are not " + own + "'s"})
			return
		}
	}
}

// memberNames lists the names of a section's members of a type, for
// suggestions.
// noPathMember reports that type t has no member called name in section,
// where a path or filter reads it: the names it has are the suggestions,
// t's declaration the related place.
func (c *checker) noPathMember(at facts.Span, sev diag.Severity, t model.Decl, section, name string) {
	d := c.report(at, sev, diag.UnknownPathName, "%s %q has no %s named %q", c.v.Kind(t), c.typeName(t), grammar.Singular(section), name)
	suggest(d, name, c.memberNames(t, section))
	c.related(d, t, diag.Name(c.typeName(t))+" is defined here")
}

func (c *checker) memberNames(t model.Decl, section string) []string {
	var out []string
	for _, m := range c.v.Members(t, section) {
		out = append(out, m.Name)
	}
	return out
}

// quoteList quotes names for messages.
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = diag.Quote(n)
	}
	return strings.Join(q, ", ")
}
