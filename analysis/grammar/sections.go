package grammar

import "sync"

// Keynames that analysis code looks up by name. The tables spell them in
// place; code outside the grammar refers to them through these constants.
const (
	KeyDerivedFrom  = "derived_from"
	KeyType         = "type"
	KeyDescription  = "description"
	KeyMetadata     = "metadata"
	KeyVersion      = "version"
	KeyProfile      = "profile"
	KeyImports      = "imports"
	KeyRepositories = "repositories"
	KeyRepository   = "repository"
	KeyNamespace    = "namespace"
	// KeyNamespacePrefix is 1.x's name for an import's namespace.
	KeyNamespacePrefix = "namespace_prefix"
	KeyNode            = "node"
	KeyCapability      = "capability"
	KeyRelationship    = "relationship"
	KeyOperations      = "operations"
	KeyDefault         = "default"
	KeyRequired        = "required"
	KeyEntrySchema     = "entry_schema"
	KeyKeySchema       = "key_schema"
	KeyConstraints     = "constraints"
	KeyValidation      = "validation"
	KeyFile            = "file"
	KeyURL             = "url"
	KeyMapping         = "mapping"
	KeyNodeType        = "node_type"
	KeyImplementation  = "implementation"
	KeyPrimary         = "primary"
	// The keynames of a final 2.0 function definition's signatures.
	KeySignatures = "signatures"
	KeyArguments  = "arguments"
	KeyVariadic   = "variadic"
	KeyResult     = "result"
	KeySteps      = "steps"
	KeyStatus     = "status"
	KeyValue      = "value"
	KeyTarget     = "target"
	KeyMembers    = "members"
	// The keynames of templates, groups and policies the topology reads.
	KeyDirectives = "directives"
	KeyCount      = "count"
	KeyNodeFilter = "node_filter"
	KeyTargets    = "targets"
	// Keynames deep validation reads.
	KeyCopy                   = "copy"
	KeyOccurrences            = "occurrences"
	KeyCountRange             = "count_range"
	KeyValidTargetTypes       = "valid_target_types"
	KeyValidCapabilityTypes   = "valid_capability_types"
	KeyValidTargetNodeTypes   = "valid_target_node_types"
	KeyValidSourceNodeTypes   = "valid_source_node_types"
	KeyValidSourceTypes       = "valid_source_types"
	KeyValidRelationshipTypes = "valid_relationship_types"
	KeyTargetRelationship     = "target_relationship"
	KeyTargetFilter           = "target_filter"
	KeyOnSuccess              = "on_success"
	KeyOnFailure              = "on_failure"
	KeyCallOperation          = "call_operation"
	KeyOperation              = "operation"
	KeyOptionalArguments      = "optional_arguments"
	KeyAnd                    = "and"
	KeyOr                     = "or"
	KeyNot                    = "not"
	KeyPattern                = "pattern"
	KeyInRange                = "in_range"
	KeyValidValues            = "valid_values"
	KeyEqual                  = "equal"
	KeyLength                 = "length"
	KeyMinLength              = "min_length"
	KeyMaxLength              = "max_length"
	KeyGreaterThan            = "greater_than"
	KeyGreaterOrEqual         = "greater_or_equal"
	KeyLessThan               = "less_than"
	KeyLessOrEqual            = "less_or_equal"
	KeySchema                 = "schema"
	// KeyConditions holds a Variability4TOSCA condition.
	KeyConditions = "conditions"
)

// Values the analysis reads by name.
const (
	// StatusDeprecated is the `status` of a deprecated property or attribute.
	StatusDeprecated = "deprecated"
	// ConstraintValidValues is the constraint clause (1.x, 2020 draft) and
	// FunctionValidValues the validation function (final 2.0) that
	// enumerate the values allowed.
	ConstraintValidValues = "valid_values"
	FunctionValidValues   = "$valid_values"
)

// Built-in data types the analysis tells apart.
const (
	TypeBoolean = "boolean"
	TypeList    = "list"
	TypeMap     = "map"
)

// Node template directives asking for the node to be realised by another
// service template: final 2.0's and 1.x's spelling.
const (
	DirectiveSubstitute    = "substitute"
	DirectiveSubstitutable = "substitutable"
)

// Member sections: keynames of type definitions holding named member
// definitions.
const (
	SectionProperties    = "properties"
	SectionAttributes    = "attributes"
	SectionRequirements  = "requirements"
	SectionCapabilities  = "capabilities"
	SectionInterfaces    = "interfaces"
	SectionArtifacts     = "artifacts"
	SectionOperations    = "operations"
	SectionNotifications = "notifications"
	SectionInputs        = "inputs"
	SectionOutputs       = "outputs"
	SectionTriggers      = "triggers"
)

// singulars names one entry of each section that holds named entries.
var singulars = map[string]string{
	SectionProperties:        "property",
	SectionAttributes:        "attribute",
	SectionRequirements:      "requirement",
	SectionCapabilities:      "capability",
	SectionInterfaces:        "interface",
	SectionArtifacts:         "artifact",
	SectionOperations:        "operation",
	SectionNotifications:     "notification",
	SectionInputs:            "input",
	SectionOutputs:           "output",
	SectionTriggers:          "trigger",
	"node_templates":         "node template",
	"relationship_templates": "relationship template",
	"groups":                 "group",
	"policies":               "policy",
	"workflows":              "workflow",
	"functions":              "function",
	"repositories":           "repository",
	"imports":                "import",
	"steps":                  "step",
	"signatures":             "signature",
}

// Singular names one entry of a section ("properties" → "property").
func Singular(section string) string {
	if s, ok := singulars[section]; ok {
		return s
	}
	return section
}

// MemberKind is the reference kind of a name of a section's members, where
// one exists (requirement, capability and interface names).
func MemberKind(section string) RefKind {
	switch section {
	case SectionRequirements:
		return RequirementName
	case SectionCapabilities:
		return CapabilityName
	case SectionInterfaces:
		return InterfaceName
	}
	return NoRef
}

// Definitions is the entity of the named entries a keyname holds (a map, or
// a list of single-entry maps, of definitions), or nil.
func (k *Key) Definitions() *Entity {
	if k == nil || k.Value == nil || k.Value.Elem == nil || (k.Value.Kind != MapOfValue && k.Value.Kind != NamedListValue) {
		return nil
	}
	return k.Value.Elem.Entity
}

// ExtraSection is the keyname that holds, in the versions that have it,
// the entries other versions write directly in e (its Extra): 1.0–1.2
// interfaces hold their operations directly, 1.3 under `operations`. It is
// "" when e's other keys are no such entries.
func (e *Entity) ExtraSection() string {
	if e.Extra == nil || e.Extra.Entity == nil {
		return ""
	}
	for _, k := range e.Keys {
		if k.Definitions() == e.Extra.Entity {
			return k.Name
		}
	}
	return ""
}

// TypeSection is the keyname of type definitions of kind called section
// when it holds named member definitions, else nil.
func TypeSection(kind RefKind, section string) *Key {
	e := TypeEntity(kind)
	if e == nil {
		return nil
	}
	if k := e.AnyKey(section); k.Definitions() != nil {
		return k
	}
	return nil
}

// AssignedSection reports whether keyname k of entity e (a typed entity: a
// template, an assignment) assigns members its type defines — a node
// template's `properties` assigns the node type's properties — and returns
// the type's defining section. A section holding the same definitions as
// the type's (a capability definition refining properties, a template's own
// artifacts) defines names rather than using them: nil.
func AssignedSection(e *Entity, k *Key) *Key {
	if e == nil || k == nil {
		return nil
	}
	if n := e.named(k.Name); n != nil {
		return n.assigned
	}
	return assignedSection(e, k.Name, nil) // a keyname e does not have
}

// assignedSection is AssignedSection for a keyname called name, own being
// e's first keyname called so (nil: none).
func assignedSection(e *Entity, name string, own *Key) *Key {
	if e.TypeKey == "" {
		return nil
	}
	defs := TypeSection(e.TypeKind, name)
	if defs == nil || own.Definitions() == defs.Definitions() {
		return nil
	}
	return defs
}

// AssignsMembers reports the entities whose member entries must name
// members of their type (templates, groups, policies); definitions inside
// types may refine or add members instead.
func AssignsMembers(e *Entity) bool {
	switch e.Declares {
	case NodeTemplate, RelationshipTemplate, Group, Policy:
		return true
	}
	return false
}

// MemberSections lists the sections of type definitions that hold named
// member definitions, node types' first (templates assign those).
var MemberSections = sync.OnceValue(func() []string {
	var out []string
	seen := map[string]bool{}
	for _, kind := range append([]RefKind{NodeType}, TypeKinds...) {
		for _, k := range TypeEntity(kind).Keys {
			if k.Definitions() != nil && !seen[k.Name] {
				seen[k.Name] = true
				out = append(out, k.Name)
			}
		}
	}
	return out
})

// ShortKey is the keyname of e (in versions v) that the short notation
// short stands for — `- host: tosca.capabilities.Compute` is a requirement
// definition's `capability`, `entry_schema: string` a schema's `type`, an
// operation's `create: script.sh` its `implementation` — or nil when the
// short value has no keyname of its own (a list of constraint clauses).
func ShortKey(e *Entity, short *Value, v Versions) *Key {
	if e == nil || short == nil {
		return nil
	}
	keys := e.keysIn(v)
	switch short.Kind {
	case RefValue:
		for k := range keys {
			if names(k.Value, short.Ref) {
				return k
			}
		}
		// A short that stands for an entity's own short notation
		// (an operation's implementation artifact).
		for k := range keys {
			if s := k.Value.ShortFor(v); k.Value.Kind == EntityValue && s != nil && names(s, short.Ref) {
				return k
			}
		}
	case AnyValue:
		if k := e.Key(KeyValue, v); k != nil {
			return k
		}
		return e.Key(KeyDefault, v)
	case ListValue:
		return e.Key(KeyMapping, v)
	case StringValue:
		for k := range keys {
			if k.Value.Kind == StringValue && k.Required.Has(v) {
				return k
			}
		}
	}
	return nil
}

// names reports whether a reference value can hold a name of kind r.
func names(val *Value, r RefKind) bool {
	if val == nil || val.Kind != RefValue {
		return false
	}
	if val.Ref == r {
		return true
	}
	for _, k := range Alternatives(val.Ref) {
		if k == r {
			return true
		}
	}
	return false
}

// alternatives lists, for the references that may name one of several
// kinds, those kinds in lookup order.
var alternatives = map[RefKind][]RefKind{
	NodeOrCapabilityType:       {NodeType, CapabilityType},
	NodeOrGroupType:            {NodeType, GroupType},
	NodeTypeOrTemplate:         {NodeTemplate, NodeType},
	RelationshipTypeOrTemplate: {RelationshipTemplate, RelationshipType},
	NodeTemplateOrGroup:        {NodeTemplate, Group},
	ModelableEntity:            {NodeTemplate, RelationshipTemplate},
	// A requirement's capability may also name a capability of its target
	// node, which is no declared kind: resolution handles that case apart.
	CapabilityTypeOrName: {CapabilityType},
}

// Alternatives lists the kinds a composite reference kind may name, in
// lookup order (nil for simple kinds).
func Alternatives(r RefKind) []RefKind { return alternatives[r] }
