// Package grammar is the one description of the TOSCA language that every
// feature of tosca-ls reads: validation walks it, completion offers its
// keynames and references, hover shows its documentation, the index uses it
// to find the names a file declares. Nothing else keeps a list of keynames.
//
// The description is data: entities (a mapping with keynames), values (the
// shape a keyname's value takes) and references (which kind of type or
// template a scalar names). Each keyname says in which dialect versions it
// exists and where it is mandatory, so one table covers TOSCA Simple
// Profile 1.0–1.3, the 2020 draft of TOSCA 2.0 and the final TOSCA 2.0.
package grammar

import (
	"iter"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Versions is a set of dialect versions.
type Versions uint32

const (
	V1_0 Versions = 1 << iota // tosca_simple_yaml_1_0
	V1_1                      // tosca_simple_yaml_1_1
	V1_2                      // tosca_simple_yaml_1_2
	V1_3                      // tosca_simple_yaml_1_3
	// V2Draft is tosca_2_0 as the 2020 draft (CSD03) writes it:
	// topology_template, get_input, constraints, occurrences.
	V2Draft
	// V2Final is tosca_2_0 as the final specification writes it:
	// service_template, $get_input, validation, count_range, functions.
	V2Final
	// VVariability is Variability4TOSCA 1.0 (tosca_variability_1_0 and
	// Vintner's release candidates _rc_2 and _rc_3, which differ only in
	// default option values): its files are read with V1_3|VVariability,
	// the 1.3 grammar plus its own keynames (variability.go).
	VVariability
	// The Heat Orchestration Template versions (heat.go), oldest first:
	// heat_template_version values, by date or release name.
	VHeat2013
	VHeatJuno
	VHeatKilo
	VHeatLiberty
	VHeatMitaka
	VHeatNewton
	VHeatOcata
	VHeatPike
	VHeatQueens
	VHeatRocky
	VHeatWallaby
	// VCSARMeta is the grammar of a CSAR's TOSCA-Metadata/TOSCA.meta (csar.go).
	VCSARMeta
	// VHeatEnv is the grammar of a Heat environment file (heatenv.go).
	VHeatEnv
	// The processors' dialects (dialects.go): what Unfurl (unfurl.go),
	// puccini (puccini.go) and Ubicity's profiles (ubicity.go) add to
	// TOSCA. A file read for a processor has its bits besides its version's.
	VUnfurl
	VPuccini
	VUbicity

	V1x  = V1_0 | V1_1 | V1_2 | V1_3
	V2   = V2Draft | V2Final
	All  = V1x | V2
	None = Versions(0)
	// From1_1 … are cumulative sets for keynames introduced by a version.
	From1_1 = V1_1 | V1_2 | V1_3 | V2
	From1_2 = V1_2 | V1_3 | V2
	From1_3 = V1_3 | V2
	// Draft is everything up to the 2020 draft: the pre-final forms.
	UpToDraft = V1x | V2Draft
	// V4T is where Variability4TOSCA's own keynames exist.
	V4T = VVariability
	// VProcessors is every processor's dialect.
	VProcessors = VUnfurl | VPuccini | VUbicity
	// HeatAll is every Heat template version.
	HeatAll = VHeat2013 | VHeatJuno | VHeatKilo | VHeatLiberty | VHeatMitaka | VHeatNewton |
		VHeatOcata | VHeatPike | VHeatQueens | VHeatRocky | VHeatWallaby
)

// HeatFrom is the Heat template versions from v on (v a single Heat version).
func HeatFrom(v Versions) Versions { return HeatAll &^ (v - 1) }

// Has reports whether v and o share a version.
func (v Versions) Has(o Versions) bool { return v&o != 0 }

// Form says which TOSCA 2.0 grammar a file uses.
type Form uint8

const (
	FormUnknown Form = iota
	FormDraft        // only 2020-draft forms seen
	FormFinal        // only final 2.0 forms seen
	FormMixed        // both
)

// ValueKind is the shape a keyname's value must have.
type ValueKind uint8

const (
	// AnyValue accepts every YAML value (property values, metadata values, …).
	AnyValue ValueKind = iota
	// StringValue is a scalar taken as its source text (`version: 1.0` is "1.0").
	StringValue
	// BoolValue is true or false.
	BoolValue
	// IntValue is a whole number.
	IntValue
	// NumberValue is an integer or a float.
	NumberValue
	// RangeValue is a two-element list [min, max]; max may be UNBOUNDED.
	RangeValue
	// EntityValue is a mapping described by Value.Entity.
	EntityValue
	// MapOfValue is a mapping from author-chosen names to Value.Elem.
	MapOfValue
	// ListOfValue is a sequence of Value.Elem.
	ListOfValue
	// NamedListValue is a sequence of single-entry mappings name → Value.Elem
	// (requirements, workflow steps in 1.x, …). 2.0 also allows it for
	// some mappings; see Value.AlsoMap.
	NamedListValue
	// RefValue is a scalar naming something of kind Value.Ref.
	RefValue
	// MapValue is a mapping of arbitrary keys to arbitrary values (metadata).
	MapValue
	// ListValue is a sequence of arbitrary values.
	ListValue
	// ExpressionValue is an expression written with the operators of
	// Value.Ops (a Variability4TOSCA condition): any value, in which a
	// single-entry map whose key is one of those operators is a call.
	ExpressionValue
)

// RefKind is what a reference names.
type RefKind uint8

const (
	NoRef RefKind = iota
	ArtifactType
	DataType
	CapabilityType
	InterfaceType
	RelationshipType
	NodeType
	GroupType
	PolicyType
	// The template-like names of a service template.
	NodeTemplate
	RelationshipTemplate
	Group
	Policy
	Input
	Output
	Repository
	Workflow
	UserFunction
	// Member names inside a template's type (resolved against the model).
	RequirementName
	CapabilityName
	InterfaceName
	// NodeOrCapabilityType names a node type or a capability type
	// (valid_target_types in 1.x relationship types, group members, …).
	NodeOrCapabilityType
	// RelationshipTypeOrTemplate is the `relationship` of a requirement assignment.
	RelationshipTypeOrTemplate
	// NodeTypeOrTemplate is the `node` of a requirement: a template or a type.
	NodeTypeOrTemplate
	// CapabilityTypeOrName is a requirement's `capability`: a type or a capability name of the target.
	CapabilityTypeOrName
	// ImportURL is an import's url/file: a path relative to the importing file.
	ImportURL
	// ProfileName is a profile name in an import.
	ProfileName
	// ArtifactFile is an artifact's file path.
	ArtifactFile
	// NodeOrGroupType names a node type or a group type (policy type targets).
	NodeOrGroupType
	// NodeTemplateOrGroup names a node template or a group (policy targets,
	// group members in 2.0, workflow step targets).
	NodeTemplateOrGroup
	// ModelableEntity is the first argument of get_property and friends: a node
	// or relationship template name, or one of SELF, SOURCE, TARGET, HOST.
	ModelableEntity
	// Variability4TOSCA's names, local to the topology template.
	VariabilityInput
	VariabilityExpression
	// Heat's names, local to the template.
	HeatParameter
	HeatResource
	HeatOutput
	HeatCondition
	// HeatResourceType is a resource's `type`: an opaque name (OS::Nova::Server,
	// a provider template's file) that no file declares.
	HeatResourceType
	// HeatFile is a file get_file reads, relative to the template.
	HeatFile
	// HeatEnvParameter is a parameter an environment file sets: a
	// parameter of the templates the environment is used with.
	HeatEnvParameter
	// CustomConstraint is a constraint operator a processor lets files
	// declare (puccini's constraint scriptlets).
	CustomConstraint
)

// TypeKinds lists the eight type kinds in the order service templates declare them.
var TypeKinds = []RefKind{ArtifactType, DataType, CapabilityType, InterfaceType, RelationshipType, NodeType, GroupType, PolicyType}

// IsType reports whether r names one of the eight type kinds.
func (r RefKind) IsType() bool { return r >= ArtifactType && r <= PolicyType }

// Imported reports whether names of kind r reach the files importing the
// one that declares them: types, custom functions (2.0 `functions`,
// puccini's scriptlets) and custom constraints. Other names are the
// declaring file's own.
func (r RefKind) Imported() bool { return r.IsType() || r == UserFunction || r == CustomConstraint }

// Value describes the value of a keyname.
type Value struct {
	Kind ValueKind
	// Entity describes the mapping for EntityValue.
	Entity *Entity
	// Elem describes the elements for MapOfValue, ListOfValue and NamedListValue.
	Elem *Value
	// Items describes a list of fixed length position by position (a
	// ListOfValue without Elem), e.g. `[ node_template, index ]`.
	Items []*Value
	// Ref is what a RefValue scalar names.
	Ref RefKind
	// Enum lists the allowed scalar values (e.g. status); empty means any.
	Enum []string
	// Joined, when set, lets a value join several values of Enum with it
	// (a Variability4TOSCA default condition mode: `incoming-artifact`).
	Joined string
	// EnumDocs says what some values of Enum mean (directives).
	EnumDocs map[string]string
	// Open marks an enumeration the specification does not close (1.x
	// directives are any strings, node states come from profiles): a value
	// outside Enum is only warned about.
	Open bool
	// Short is the value's short notation: when the YAML value is a scalar
	// (or, for EntityValue values, not a mapping) it is read as Short instead.
	// E.g. an import is a mapping (EntityValue) or a url scalar (Short: RefValue ImportURL).
	Short *Value
	// AlsoMap lets a NamedList also be written as a plain mapping (2.0 allows it for some lists).
	AlsoMap bool
	// Wrapper marks an EntityValue that is the entity only where it is an
	// entry of a NamedList written as a list and is a mapping holding one of
	// the entity's keynames; anything else is its Short (a Variability4TOSCA
	// conditional property: `- name: { value: …, conditions: … }` beside
	// `- name: value`).
	Wrapper bool
	// ShortIn limits in which versions Short applies (None: all). Output
	// definitions, for example, have a short notation only in 2.0.
	ShortIn Versions
	// ShortMap makes a mapping with none of the entity's keynames the short
	// notation too: a parameter's value may be a map (`playbook: { hosts:
	// all }`, 1.3 §3.6.14.2), told from a definition by its keys.
	ShortMap bool
	// KeyRef says what the keys of a MapOfValue (or the entry names of a
	// NamedListValue) name, when they are references rather than new names
	// (a Variability4TOSCA preset's inputs name variability inputs).
	KeyRef RefKind
	// Ops are the operators of an ExpressionValue.
	Ops []*Function
	// NonNegative limits an IntValue to counts and indexes: 0 and up
	// (2.0 §7.2 count, §8.5.1 count and `[ node_template, index ]`).
	NonNegative bool
	// Prefixed lists, for a MapValue, the keys that declare a name: those
	// starting with one of a declaration's prefixes (puccini's scriptlets
	// in metadata).
	Prefixed []*PrefixedDecl
}

// PrefixedDecl says that the keys of a map starting with one of Prefixes
// declare an entry of Entity, named by the rest of the key.
type PrefixedDecl struct {
	Prefixes []string
	Entity   *Entity
}

// Declared returns the declaration a key of a map of value v makes, with
// the name it declares and where that name starts in the key (nil when
// the key declares nothing).
func (v *Value) Declared(key string) (*Entity, string, int) {
	for _, d := range v.Prefixed {
		for _, p := range d.Prefixes {
			if len(key) > len(p) && key[:len(p)] == p {
				return d.Entity, key[len(p):], len(p)
			}
		}
	}
	return nil, "", 0
}

// ShortFor returns the short notation that applies in v, or nil.
func (v *Value) ShortFor(ver Versions) *Value {
	if v == nil || v.Short == nil {
		return nil
	}
	if v.ShortIn != None && !v.ShortIn.Has(ver) {
		return nil
	}
	return v.Short
}

// Allows reports whether scalar s is a value of the enumeration (any
// value when there is none); with Joined, each part s joins must be one.
func (v *Value) Allows(s string) bool {
	if len(v.Enum) == 0 {
		return true
	}
	if v.Joined == "" {
		return slices.Contains(v.Enum, s)
	}
	for part := range strings.SplitSeq(s, v.Joined) {
		if !slices.Contains(v.Enum, part) {
			return false
		}
	}
	return true
}

// Entity is a mapping with known keynames: a type, a definition, an
// assignment, a template.
type Entity struct {
	// Name is how users call it: "node type", "property definition".
	Name string
	// Doc is a short explanation in our own words (markdown).
	Doc string
	// Spec is where the texts define it.
	Spec Spec
	Keys []*Key
	// Extra describes keys not in Keys (nil: unknown keys are errors).
	// 1.0–1.2 interface definitions hold operations directly, for example.
	Extra *Value
	// ExtraIn limits in which versions Extra applies (None: all).
	ExtraIn Versions
	// ExtraRef, when set, makes each key not in Keys a name of that kind:
	// the model resolves it and reports one that names nothing as an
	// unknown keyname (a constraint clause's operator may be a custom
	// constraint a processor declares).
	ExtraRef RefKind
	// Declares is set when the map keys naming entries of this entity
	// declare a symbol of that kind (node_types: entries declare NodeType).
	Declares RefKind
	// TypeKey is the keyname holding this entity's type (usually "type"),
	// and TypeKind the kind of type it names; both empty for untyped entities.
	TypeKey  string
	TypeKind RefKind

	// index finds the keynames by name (see named).
	index atomic.Pointer[keyIndex]
	// num is the entity's number (see Num), 0 until it is first asked.
	num atomic.Uint32
}

// Spec says where the texts define an entity: Draft is its section in the
// 2020 draft of TOSCA 2.0 (CSD03), Final in the OASIS Standard's text
// (CSD07), each "" where that text has no such entity; a dialect's entity
// names its own text and section in Text instead ("HOT specification:
// Resources Section"). The 1.x texts are not at hand, so no 1.x section is
// recorded: a section number of one text is never cited for another.
type Spec struct {
	Draft, Final string
	Text         string
}

// Section cites the text that defines e, for keyname k (nil: any) of a file
// of versions v written in form: the final text's section in a 2.0 file of
// the final form (or of no form yet), the draft's in one of the draft form
// or for a keyname only the draft has; "" where the file's text is not
// known (1.x) or has no section for it.
func (e *Entity) Section(k *Key, v Versions, form Form) string {
	switch {
	case e.Spec.Text != "":
		return e.Spec.Text
	case !v.Has(V2):
		return ""
	}
	draftOnly := k != nil && !k.In.Has(V2Final)
	if e.Spec.Final != "" && form != FormDraft && !draftOnly && v.Has(V2Final) {
		return "TOSCA 2.0 §" + e.Spec.Final
	}
	if e.Spec.Draft != "" && v.Has(V2Draft) && (k == nil || k.In.Has(V2Draft)) {
		return "TOSCA 2.0 CSD03 §" + e.Spec.Draft
	}
	return ""
}

// Key is one keyname of an entity.
type Key struct {
	Name string
	Doc  string
	// In is where the keyname exists.
	In Versions
	// Required is where it is mandatory (a subset of In).
	Required Versions
	// RequiredUnless waives Required when one of these sibling keynames is
	// present: a node template needs no type when it uses copy, a 2.0 import
	// needs url or profile.
	RequiredUnless []string
	// Excludes names sibling keynames that must not appear together with
	// this one: a final 2.0 import has a url or a profile, never both, and
	// a repository only with a url (§6.8.1).
	Excludes []string
	// Value is the value's shape.
	Value *Value
	// Replaces names the keyname of another form this one replaces, e.g.
	// validation replaces constraints in final 2.0 (used by quick fixes),
	// units the unit_symbol_map of CSD06 (an unknown keyname's message
	// names its replacement).
	Replaces string
	// NewOnly limits Required to new definitions: a definition that refines
	// one its entity inherits (the same name in the parent type's section,
	// or an entry of a Refines section) may leave the keyname out, as
	// 2.0 §8.2.1, §8.4.1, §9.3, §11.2 and the 1.x texts allow.
	NewOnly bool
	// Refines marks a map whose entries always refine definitions of the
	// entity's type (a capability definition's properties refine those of
	// its capability type; 2.0 §8.2, §8.4): they are never new definitions.
	Refines bool
	// Below limits a keyname of data types to the types derived from this
	// built-in type (`units` to those derived from `scalar`, CSD07
	// §9.1.2.2): validation reports it on other types, completion offers
	// it only where the type may still be one.
	Below string
	// Default is the value the text gives the keyname when it is left out
	// (a scalar type's data_type is float), which hover shows.
	Default string

	// num is the keyname's number (see Num), 0 until it is first asked.
	num atomic.Uint32
}

// numbering gives the values of a type numbers from 1, each when it is
// first asked: a table of a file's facts keeps numbers (2 bytes, nothing
// for the collector to scan) instead of pointers (8).
type numbering[T any] struct {
	mu  sync.Mutex
	all atomic.Pointer[[]*T]
}

// of is x's number, kept in its num.
func (n *numbering[T]) of(x *T, num *atomic.Uint32) uint16 {
	if x == nil {
		return 0
	}
	if v := num.Load(); v != 0 {
		return uint16(v)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if v := num.Load(); v != 0 {
		return uint16(v)
	}
	var all []*T
	if p := n.all.Load(); p != nil {
		all = *p
	}
	if len(all) >= math.MaxUint16 {
		panic("grammar: more values numbered than a number holds")
	}
	all = append(slices.Clip(all), x)
	n.all.Store(&all)
	num.Store(uint32(len(all)))
	return uint16(len(all))
}

// at is the value numbered v, nil for 0.
func (n *numbering[T]) at(v uint16) *T {
	if v == 0 {
		return nil
	}
	return (*n.all.Load())[v-1]
}

var keyNums numbering[Key]

// Num is the keyname's number, given when it is first asked, and 0 for no
// keyname. KeyNum gives the keyname back.
func (k *Key) Num() uint16 {
	if k == nil {
		return 0
	}
	return keyNums.of(k, &k.num)
}

// KeyNum is the keyname numbered n (see Key.Num), nil for 0.
func KeyNum(n uint16) *Key { return keyNums.at(n) }

var entityNums numbering[Entity]

// Num is the entity's number, given when it is first asked, and 0 for no
// entity. EntityNum gives the entity back.
func (e *Entity) Num() uint16 {
	if e == nil {
		return 0
	}
	return entityNums.of(e, &e.num)
}

// EntityNum is the entity numbered n (see Entity.Num), nil for 0.
func EntityNum(n uint16) *Entity { return entityNums.at(n) }

// Key returns the keyname called name that exists in v, or nil. A keyname
// of a dialect (one that exists in dialect versions only) replaces the
// keyname of the base grammar it shares a name with.
func (e *Entity) Key(name string, v Versions) *Key { return e.named(name).key(v) }

// KeyAssigning is Key with AssignedSection for a keyname called name, in
// one lookup: the binder asks both about every entry of every entity.
func (e *Entity) KeyAssigning(name string, v Versions) (key, assigned *Key) {
	n := e.named(name)
	if n == nil {
		return nil, nil
	}
	return n.key(v), n.assigned
}

// keyIndex is an entity's keynames by name, made at its first lookup (the
// binder looks up the keyname of every entry of every entity it reads) and
// again if its keynames have changed since (init functions add some). The
// names are found by their length, then compared: cheaper than hashing
// them, as an entity has few names of each length.
type keyIndex struct {
	keys  []*Key
	byLen [][]*keyNamed
	// required are the keynames mandatory in some version.
	required []*Key
}

// keyNamed is what an entity holds under one name: its keynames called so
// (one per version range or dialect), in declaration order, and the type's
// section they assign (AssignedSection).
type keyNamed struct {
	name     string
	keys     []*Key
	assigned *Key
}

// keyIndex is e's index of its keynames.
func (e *Entity) keyIndex() *keyIndex {
	idx := e.index.Load()
	if idx == nil || len(idx.keys) != len(e.Keys) || len(e.Keys) > 0 && &idx.keys[0] != &e.Keys[0] {
		idx = e.indexKeys()
	}
	return idx
}

// RequiredKeys are the keynames mandatory in some version (Key.Required),
// in declaration order: the binder checks them for every entity it reads.
func (e *Entity) RequiredKeys() []*Key { return e.keyIndex().required }

// named is what e holds under name, or nil for no keyname of e.
func (e *Entity) named(name string) *keyNamed {
	idx := e.keyIndex()
	if len(name) >= len(idx.byLen) {
		return nil
	}
	for _, n := range idx.byLen[len(name)] {
		if n.name == name {
			return n
		}
	}
	return nil
}

func (e *Entity) indexKeys() *keyIndex {
	idx := &keyIndex{keys: e.Keys}
	for _, k := range e.Keys {
		if len(k.Name) >= len(idx.byLen) {
			idx.byLen = append(idx.byLen, make([][]*keyNamed, len(k.Name)+1-len(idx.byLen))...)
		}
		same := idx.byLen[len(k.Name)]
		i := slices.IndexFunc(same, func(n *keyNamed) bool { return n.name == k.Name })
		if i < 0 {
			i = len(same)
			idx.byLen[len(k.Name)] = append(same, &keyNamed{name: k.Name})
		}
		n := idx.byLen[len(k.Name)][i]
		n.keys = append(n.keys, k)
		if k.Required != None {
			idx.required = append(idx.required, k)
		}
	}
	for _, same := range idx.byLen {
		for _, n := range same {
			n.assigned = assignedSection(e, n.name, n.keys[0])
		}
	}
	e.index.Store(idx)
	return idx
}

// key is the keyname of n that exists in v, or nil.
func (n *keyNamed) key(v Versions) *Key {
	if n == nil {
		return nil
	}
	var found *Key
	for _, k := range n.keys {
		if k.In.Has(v) {
			if k.dialectOnly() {
				return k
			}
			if found == nil {
				found = k
			}
		}
	}
	return found
}

// dialectOnly reports a keyname that exists only in dialect versions.
func (k *Key) dialectOnly() bool { return k.In&(V1x|V2) == 0 }

// ExtraFor describes the keys not in Keys in versions v (nil: unknown keys are errors there).
func (e *Entity) ExtraFor(v Versions) *Value {
	if e.ExtraIn != None && !e.ExtraIn.Has(v) {
		return nil
	}
	return e.Extra
}

// ExtraHome names the keyname that, in versions v, holds what other
// versions allow directly in e (its Extra entries: the operations 1.0–1.2
// write directly under an interface go under `operations:` from 1.3 on),
// or "" when v allows them there too.
func (e *Entity) ExtraHome(v Versions) string {
	if e.Extra == nil || e.Extra.Entity == nil || e.ExtraFor(v) != nil {
		return ""
	}
	for _, k := range e.KeysIn(v) {
		if k.Value.Kind == MapOfValue && k.Value.Elem != nil && k.Value.Elem.Entity == e.Extra.Entity {
			return k.Name
		}
	}
	return ""
}

// AnyKey returns the keyname called name in any version, or nil.
func (e *Entity) AnyKey(name string) *Key {
	if n := e.named(name); n != nil {
		return n.keys[0]
	}
	return nil
}

// KeysIn returns the keynames that exist in v, in declaration order (a
// keyname a dialect replaces appears once, as the dialect's).
func (e *Entity) KeysIn(v Versions) []*Key { return slices.Collect(e.keysIn(v)) }

// keysIn is KeysIn as a sequence, for those who only look through them
// (the binder asks ShortKey at every short notation).
func (e *Entity) keysIn(v Versions) iter.Seq[*Key] {
	return func(yield func(*Key) bool) {
		for _, k := range e.Keys {
			if k.In.Has(v) && e.Key(k.Name, v) == k && !yield(k) {
				return
			}
		}
	}
}

// Function is a TOSCA function (`get_input`, `$concat`, …), a dialect's
// operator or a Heat intrinsic function.
type Function struct {
	Name string
	In   Versions
	Doc  string
	// Params describes the arguments in order; the last may be Variadic.
	Params   []Param
	Variadic bool
	// Validation is, for a constraint operator, the final 2.0 validation
	// expression that says the same as its clause, with %s standing for the
	// clause's argument written in flow style ("" when none does).
	Validation string
	// Named is set when the arguments are a map of the Params by name
	// (Heat's str_replace: `{template: …, params: …}`).
	Named bool
	// MinArgs overrides the number of arguments a call needs when the
	// text asks for more than the non-optional parameters (`$and` takes
	// two or more booleans); 0 means the non-optional parameters.
	MinArgs int
	// Result is what a call returns, where the function alone tells
	// (ArgAny: it depends on the arguments or on the model).
	Result ArgKind
	// ResultOfArgs is set for the arithmetic functions whose result is of
	// their arguments' type (§10.2.5): a scalar when the first argument is
	// one; else Result, ArgNumber standing for an integer when every
	// argument is one and a float otherwise.
	ResultOfArgs bool
	// SameType is set when the arguments are of one type (`$equal`, `$sum`,
	// `$concat`, `$has_prefix` …).
	SameType bool
	// ScalarArity is how many arguments a call takes when its first is a
	// scalar value (`$product: [ 10 MB, 2 ]`), 0 when that changes nothing.
	ScalarArity int
	// Within lists the entities a call belongs in, where the text says it
	// should not be used elsewhere ($node_index in a node, §10.2.1.6); a
	// call outside all of them is a warning. Empty: anywhere.
	Within []*Entity
	// Subject is what a constraint operator or comparison tests: values of
	// any type, or only those with an order, a length or text.
	Subject Subject
	// Op is what the function computes, for those validation evaluates
	// on literal values (NotEvaluated for the others).
	Op Op
	// Siblings are the keys that may stand beside the function's key in
	// the map of a call (Unfurl's `eval` takes `vars`, `select`): such a
	// call is a map with the function's key among them.
	Siblings []string
	// Opaque marks a function whose argument is not read as TOSCA (its own
	// expression language, or a value quoted as is): calls inside it are
	// not calls, names in it are not checked.
	Opaque bool
}

// Op is what an evaluable function computes.
type Op uint8

const (
	NotEvaluated Op = iota
	OpValue
	OpAnd
	OpOr
	OpNot
	OpXor
	OpEqual
	OpGreaterThan
	OpGreaterOrEqual
	OpLessThan
	OpLessOrEqual
	OpValidValues
	OpMatches
	OpHasPrefix
	OpHasSuffix
	OpContains
	OpLength
)

// Subject is the values a constraint operator (or a comparison) applies to.
type Subject uint8

const (
	AnyValues Subject = iota
	// OrderedValues are values with an order (Primitive.Comparable).
	OrderedValues
	// SizedValues have a length: strings, bytes, lists, maps.
	SizedValues
	// TextValues are strings.
	TextValues
)

var subjectNames = [...]string{AnyValues: "values", OrderedValues: "values with an order", SizedValues: "strings, lists and maps", TextValues: "strings"}

func (s Subject) String() string { return subjectNames[s] }

// Takes reports whether values of family p are of the subject. Complex
// values are not judged (a processor may know how to measure them).
func (s Subject) Takes(p Primitive) bool {
	switch {
	case p == NotPrimitive, s == AnyValues:
		return true
	case s == OrderedValues:
		return p.Comparable()
	case s == SizedValues:
		return p.HasLength()
	}
	return p == PrimString
}

// ArgKind is the kind of value a function argument takes or a call returns.
type ArgKind uint8

const (
	ArgAny ArgKind = iota
	ArgString
	ArgInteger
	// ArgNumber is an integer, a float or a scalar value (2.0 §10.2.5).
	ArgNumber
	ArgBoolean
	ArgList
	ArgMap
	ArgStringOrList
	ArgListOrMap
	// ArgCollection is a string, a list or a map: something with a length.
	ArgCollection
	// ArgFloat is a float; an integer is one too (2.0 §9.1.1.3).
	ArgFloat
	// ArgRange is a 1.x range.
	ArgRange
	ArgNil
	// ArgScalar is a value of a scalar type, `<number> <unit>` (§9.1.2.2).
	ArgScalar
	// ArgIntegerOrScalar is an integer or a scalar value ($remainder).
	ArgIntegerOrScalar
	// ArgComparable is a value with an order: an integer, a float, a
	// string, a timestamp, a version or a scalar value (§10.2.2.2).
	ArgComparable
	// ArgNameOrIndex is a step of a path: a name, or a non-negative
	// integer index (§10.2.1, §10.3).
	ArgNameOrIndex
	// ArgStringOrMap is a scalar or a map (Unfurl's eval expressions).
	ArgStringOrMap
)

var argKindNames = [...]string{ArgAny: "any value", ArgString: "a string", ArgInteger: "an integer",
	ArgNumber: "a number", ArgBoolean: "a boolean", ArgList: "a list", ArgMap: "a map",
	ArgStringOrList: "a string or a list", ArgListOrMap: "a list or a map", ArgCollection: "a string, a list or a map",
	ArgFloat: "a float", ArgRange: "a range", ArgNil: "null", ArgScalar: "a scalar",
	ArgIntegerOrScalar: "an integer or a scalar", ArgComparable: "a value with an order (a number, string, timestamp, version or scalar)",
	ArgNameOrIndex: "a name or a non-negative index", ArgStringOrMap: "a string or a map"}

func (k ArgKind) String() string { return argKindNames[k] }

// Meets reports whether a value of kind k (what a call returns) may be
// passed where kind want is taken: an integer is a float, a scalar value is
// written as a string, and a kind that stands for several (ArgNumber, what
// `$sum` returns; a string, which may hold a scalar value) meets each.
func (k ArgKind) Meets(want ArgKind) bool {
	if k == ArgAny || want == ArgAny || k == want {
		return true
	}
	accepts := want.members()
	switch want {
	case ArgFloat:
		accepts = append(accepts, ArgInteger)
	case ArgString:
		accepts = append(accepts, ArgScalar)
	case ArgStringOrList:
		// The text joins a port to strings ($concat, §10.2.3.2).
		accepts = append(accepts, ArgInteger, ArgFloat, ArgBoolean)
	}
	return slices.ContainsFunc(k.members(), func(m ArgKind) bool { return slices.Contains(accepts, m) })
}

// members are the plain kinds a value of kind k may be.
func (k ArgKind) members() []ArgKind {
	switch k {
	case ArgString:
		return []ArgKind{ArgString, ArgScalar}
	case ArgNumber:
		return []ArgKind{ArgInteger, ArgFloat, ArgScalar}
	case ArgIntegerOrScalar:
		return []ArgKind{ArgInteger, ArgScalar}
	case ArgComparable:
		return []ArgKind{ArgInteger, ArgFloat, ArgString, ArgScalar}
	case ArgStringOrList:
		return []ArgKind{ArgString, ArgScalar, ArgList}
	case ArgListOrMap:
		return []ArgKind{ArgList, ArgMap}
	case ArgCollection:
		return []ArgKind{ArgString, ArgList, ArgMap}
	case ArgNameOrIndex:
		return []ArgKind{ArgString, ArgInteger}
	}
	return []ArgKind{k}
}

// SameType reports whether values of kinds a and b, passed where kind
// param is taken, may be of one type, as the functions whose arguments
// share a type ask (§10.2). Where strings or lists are taken, what counts
// is whether both are lists ($concat joins a port to strings, §10.2.3.2).
func SameType(a, b, param ArgKind) bool {
	if param == ArgStringOrList && a != ArgAny && b != ArgAny {
		return (a == ArgList) == (b == ArgList)
	}
	return a.Meets(b) || b.Meets(a)
}

// Param is one function argument.
type Param struct {
	Name string
	Doc  string
	// Ref says what the argument names, when it is a name (an input, a template, …).
	Ref RefKind
	// Keywords are the reserved words (EntityKeywords) the argument takes
	// instead of a template name.
	Keywords []string
	// Path marks a TOSCA path (final 2.0 §10.3, see PathEnds): one or more
	// arguments, starting with a template name or one of Keywords. Only a
	// first parameter is a path.
	Path bool
	// Ends limits what the path leads to (empty: anything).
	Ends []PathContext
	// Optional marks a parameter a call may leave out (with those after it).
	Optional bool
	// Index lets a named argument be a number instead: the position of the
	// element in its list (Variability4TOSCA's `policy_presence: 0`).
	Index bool
	// Section, for an argument after the first, says that it names an entry
	// of this section (by name, or by index) of the element the first
	// argument names: `relation_presence: [ node, requirement ]`.
	Section string
	// Kind is the kind of value the argument takes (ArgAny: any).
	Kind ArgKind
}

// Arity is how many arguments a call takes: at least least, at most most
// (-1: no limit). Calls whose first parameter is a TOSCA path count their
// arguments with MatchArgs instead; their arity is (-1, -1).
func (fn *Function) Arity() (least, most int) {
	if fn.pathParam() != nil {
		return -1, -1
	}
	for _, p := range fn.Params {
		if !p.Optional {
			least++
		}
	}
	least = max(least, fn.MinArgs)
	if fn.Variadic {
		return least, -1
	}
	return least, len(fn.Params)
}
