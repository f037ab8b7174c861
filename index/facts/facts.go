// Package facts is the compact model of one TOSCA file: what a single
// binder pass over its syntax tree records, so that the tree can be dropped
// once the file is closed in the editor.
//
// A file's facts are flat tables: the entities it writes (the file itself,
// types, templates, inputs, member definitions, assignments, imports …)
// with their keyname values, every name it refers to with the context
// needed to resolve it, the function calls it makes, and the problems it
// has on its own (YAML syntax, unknown keynames, wrong value shapes). Every
// entry carries exact byte spans; text is read from the one copy of the
// source the facts keep. Resolution across files (scopes, derivation
// chains, members) is the analysis layer's work, done from facts alone.
package facts

import (
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// ID identifies an entity of a file (an index into Facts.Entities).
type ID int32

// None is no entity.
const None ID = -1

// Root is the entity of the file itself.
const Root ID = 0

// Span is a compact byte range of the source.
type Span struct{ Start, End uint32 }

// Text converts the span to the text package's form.
func (s Span) Text() text.Span { return text.Span{Start: int(s.Start), End: int(s.End)} }

func span(s text.Span) Span { return Span{uint32(s.Start), uint32(s.End)} }

// Facts is the model of one file.
type Facts struct {
	Path string
	// Src is the file's text; every name and scalar is read from it.
	Src string
	// Lang is the language of the file (TOSCA, Heat, or neither).
	Lang grammar.Language
	// Dialect is the dialect its version names (nil: unknown or missing).
	Dialect *grammar.Dialect
	// Versions are the grammar versions the file was checked against: its
	// dialect's, and those of the processors it is read for.
	Versions grammar.Versions
	// Setting is the `processor` setting the file was read with, and
	// Processors the processors it is read for (see ReadsFor, Judge).
	Setting    grammar.ProcessorSetting
	Processors []*grammar.Processor
	// Form says which TOSCA 2.0 grammar the file uses.
	Form grammar.Form
	// Profile is the profile name the file declares (`profile:`).
	Profile string

	Entities []Entity
	Fields   []Field
	Values   []Value
	Refs     []Ref
	Calls    []Call
	Imports  []Import
	// Diags are the problems the file has on its own.
	Diags []Diagnostic
	// Refinements are the mandatory keynames missing from definitions that
	// may refine inherited ones: whether they are missing depends on the
	// type's parent, which the model knows.
	Refinements []Refinement
	// decoded holds the scalar texts the source alone does not give (alias
	// copies, block scalars keeping trailing lines; see Text).
	decoded map[uint32]string
	// refNames holds, by the start of their span, the names of references
	// that differ from their source text (quoted names).
	refNames map[uint32]string
	// longKeys holds, by their start, the ends of the keynames of fields
	// written in longKey bytes or more.
	longKeys map[uint32]uint32

	// ExportHash digests everything other files can see of this one (its
	// types and their members, its profile name, its imports): an edit that
	// leaves it unchanged does not affect the files importing this one.
	ExportHash uint64
}

// Entity is one written instance of a grammar entity: the file, a type, a
// template, a member definition, an assignment, an import, a repository …
// (48 bytes, the name's the only pointer: a closed file keeps an entity
// for each definition it writes.)
type Entity struct {
	// Name is the author-chosen name of a map entry ("" otherwise), NameSpan
	// where it is written.
	Name     string
	NameSpan Span
	// Span covers the entity's value (a mapping, or the scalar of a short notation).
	Span   Span
	Parent ID
	// End is one past the last entity of this one's subtree: entities are
	// stored in source order, children after their parent.
	End ID
	// firstField is where the entity's fields (its keynames whose values are
	// not entities) start in Fields: they run to the next entity's
	// firstField, as an entity's fields are all added before the next
	// entity is (see addField).
	firstField int32
	// g is the number of the grammar entity (grammar.Entity.Num) with the
	// entityFlags; key the number of the keyname (grammar.Key.Num).
	g, key uint16
}

// The flags of Entity.g, above the grammar entity's number.
const (
	entityShort uint16 = 1 << (15 - iota)
	entityMerged
	entityFlags = entityShort | entityMerged
)

// G is the grammar entity the entity is written as.
func (e *Entity) G() *grammar.Entity { return grammar.EntityNum(e.g &^ entityFlags) }

// Key is the keyname whose value (or map/list entry) this entity is:
// node_types for a node type, properties for a property definition,
// entry_schema for a schema. Nil for the root.
func (e *Entity) Key() *grammar.Key { return grammar.KeyNum(e.key) }

// Short reports whether the entity was written in its short notation; the
// short value is then a field under the keyname it stands for.
func (e *Entity) Short() bool { return e.g&entityShort != 0 }

// Merged reports whether the entity is an entry that came from a YAML
// merge key.
func (e *Entity) Merged() bool { return e.g&entityMerged != 0 }

// entityG is Entity.g for the grammar entity numbered n with the flags
// short and merged.
func entityG(n uint16, short, merged bool) uint16 {
	if n&entityFlags != 0 {
		panic("facts: more grammar entities than an entity's number holds")
	}
	if short {
		n |= entityShort
	}
	if merged {
		n |= entityMerged
	}
	return n
}

// Declares is the kind of name the entity declares (NoRef if none).
func (e *Entity) Declares() grammar.RefKind {
	if e.g&^entityFlags == 0 || e.Name == "" {
		return grammar.NoRef
	}
	return e.G().Declares
}

// Field is a keyname of an entity with a value that is not an entity.
// (12 bytes a field, and a table the collector does not scan.)
type Field struct {
	// keyStart and keyLen are where the keyname is written (see
	// Facts.KeySpan): a keyname is a few bytes, so its length takes two.
	keyStart uint32
	Value    ValueID
	// key is the keyname's number (grammar.Key.Num).
	key    uint16
	keyLen uint16
}

// longKey is the keyLen of a field whose keyname is written in more bytes
// than keyLen holds (quoted, folded over lines, tagged …): its end is then
// kept in Facts.longKeys.
const longKey = 1<<16 - 1

// Key is the field's keyname, nil for one its entity does not have.
func (fl Field) Key() *grammar.Key { return grammar.KeyNum(fl.key) }

// KeySpan is where the keyname of a field is written (empty for the field
// a short notation stands for).
func (f *Facts) KeySpan(fl Field) Span {
	if fl.keyLen == longKey {
		return Span{fl.keyStart, f.longKeys[fl.keyStart]}
	}
	return Span{fl.keyStart, fl.keyStart + uint32(fl.keyLen)}
}

// ValueID identifies a value of a file (an index into Facts.Values).
type ValueID int32

// NoValue is no value.
const NoValue ValueID = -1

// Value is a YAML value kept compactly: span, children, and its kind,
// style, flags and number of children packed in one word (16 bytes a
// value: a closed file keeps one for each scalar it writes).
type Value struct {
	Span Span
	// Children are Values[First : First+N()]; a mapping stores key, value pairs.
	First int32
	// bits holds the kind, the style, Flow, Tagged and N (valueBits).
	bits uint32
}

// The fields of Value.bits, from the lowest bit.
const (
	kindBits, styleBits = 2, 3
	valueFlow           = 1 << (kindBits + styleBits)
	valueTagged         = valueFlow << 1
	childrenShift       = kindBits + styleBits + 2
)

// maxChildren is the most children a value records: what its 25 bits
// hold, 33 million, several times what the parser's limits let a
// collection have (a variable so that tests can lower it).
var maxChildren = 1<<(32-childrenShift) - 1

func valueBits(kind syntax.Kind, style syntax.Style, flow, tagged bool, children int) uint32 {
	bits := uint32(kind) | uint32(style)<<kindBits | uint32(children)<<childrenShift
	if flow {
		bits |= valueFlow
	}
	if tagged {
		bits |= valueTagged
	}
	return bits
}

// Kind is the value's shape.
func (v *Value) Kind() syntax.Kind { return syntax.Kind(v.bits & (1<<kindBits - 1)) }

// Style is how a scalar value is written.
func (v *Value) Style() syntax.Style {
	return syntax.Style(v.bits >> kindBits & (1<<styleBits - 1))
}

// Flow is set for a collection written `{...}` or `[...]`.
func (v *Value) Flow() bool { return v.bits&valueFlow != 0 }

// Tagged is set for a value written with an explicit tag (`!!str 12`):
// its type is the tag's, not what its text looks like.
func (v *Value) Tagged() bool { return v.bits&valueTagged != 0 }

// N is the number of the value's children (twice its entries for a mapping).
func (v *Value) N() int32 { return int32(v.bits >> childrenShift) }

// RefFlags qualify a reference.
type RefFlags uint8

const (
	// RefMember is a reference to a member (property, requirement, …) of
	// the type of the Entity holding it, in section Key.
	RefMember RefFlags = 1 << iota
	// RefDeclaration marks the name of a definition that refines or
	// defines a member in a type (not a use).
	RefDeclaration
	// RefBroken marks a name on a line with a YAML syntax error: it is
	// being typed, and is not reported when it does not resolve.
	RefBroken
	// refInCall and refInMember say what a reference's link is.
	refInCall
	refInMember
)

// Ref is a name the file refers to (RefName gives the name): closed files
// keep thousands of them, so a reference holds no string of its own, and
// what only some references have shares room (24 bytes a reference).
// (Fields are ordered to pack it.)
type Ref struct {
	Span Span
	// Entity is the entity holding the reference; Owner the innermost
	// declaration around it (a template, a type, an input …).
	Entity, Owner ID
	// link is the call a name passed to a function is an argument of
	// (refInCall), or the enclosing member reference of a member of a
	// member (refInMember); -1 for neither.
	link int32
	// slot is the position of an argument among those of its call
	// (refInCall), else the number (grammar.Key.Num) of the keyname whose
	// value holds the name: a call's arguments are held by none.
	slot  uint16
	Kind  grammar.RefKind
	Flags RefFlags
}

// Call locates the call a name passed to a function is an argument of
// (an index into Facts.Calls), -1 for other names.
func (r Ref) Call() int32 {
	if r.Flags&refInCall == 0 {
		return -1
	}
	return r.link
}

// Arg is the position of a call's argument among its arguments (0 for
// other names).
func (r Ref) Arg() int {
	if r.Flags&refInCall == 0 {
		return 0
	}
	return int(r.slot)
}

// Parent is, for a member of a member (an operation of an interface
// assignment), the index of the enclosing member reference (-1 otherwise).
func (r Ref) Parent() int32 {
	if r.Flags&refInMember == 0 {
		return -1
	}
	return r.link
}

// Key is the keyname whose value holds the name (for member refs: the
// section, such as properties); nil for a call's argument.
func (r Ref) Key() *grammar.Key {
	if r.Flags&refInCall != 0 {
		return nil
	}
	return grammar.KeyNum(r.slot)
}

// Call is a function call written in a value (`get_input: x`, `$concat: […]`).
type Call struct {
	// Name is the function name as written, Fn its description (nil for
	// user functions and unknown ones).
	Name     string
	Fn       *grammar.Function
	NameSpan Span
	// Span covers the whole call mapping; Args are its arguments in order.
	Span  Span
	Args  ValueID
	Owner ID
	// Entity is the entity whose value holds the call.
	Entity ID
}

// Import is one entry of `imports`, resolved from the grammar's import
// definition into what the index needs to link files.
type Import struct {
	Entity ID
	// URL is the url/file to import, Profile a profile name; Target spans
	// whichever is given.
	URL, Profile string
	Target       Span
	Repository   string
	RepoSpan     Span
	Namespace    string
	NSpan        Span
}

// Refinement is a definition (or something it holds) that lacks keynames
// mandatory only for new definitions (Key.NewOnly): an error unless
// Member refines a member its type inherits.
type Refinement struct {
	// Member is the entry of a type's section the definition belongs to.
	Member ID
	// Entity lacks Keys; Span is where to report it.
	Entity ID
	Keys   []string
	Span   Span
}

// Diagnostic is a problem the file has on its own.
type Diagnostic struct {
	Span     Span
	Severity diag.Severity
	Code     string
	Message  string
	// Suggestions are replacement texts for Span ("did you mean").
	Suggestions []string
}
