package grammar

// The eight kinds of type definition. Each is the element of its `*_types`
// section and declares a name of its kind.

// ArtifactTypeDef is an entry of `artifact_types`.
var ArtifactTypeDef = &Entity{
	Name:     "artifact type",
	Doc:      "A kind of file used by nodes and operations (a shell script, a VM image, a JAR …), optionally with its MIME type and usual file extensions.",
	Spec:     Spec{Draft: "4.3.7.1", Final: "12.1"},
	Declares: ArtifactType,
}

// DataTypeDef is an entry of `data_types`.
var DataTypeDef = &Entity{
	Name: "data type",
	Doc: "A named value type: either a primitive (or list/map) narrowed by constraints, " +
		"or a structure whose fields are declared as properties.",
	Spec:     Spec{Draft: "4.4.4", Final: "9.2"},
	Declares: DataType,
}

// CapabilityTypeDef is an entry of `capability_types`.
var CapabilityTypeDef = &Entity{
	Name:     "capability type",
	Doc:      "A kind of feature a node can offer (hosting, an endpoint, storage …) that other nodes' requirements can be matched against.",
	Spec:     Spec{Draft: "4.3.5.1", Final: "8.1"},
	Declares: CapabilityType,
}

// InterfaceTypeDef is an entry of `interface_types`.
var InterfaceTypeDef = &Entity{
	Name:     "interface type",
	Doc:      "A named set of operations (and, from 1.3, notifications) through which an orchestrator manages nodes or relationships, such as the Standard lifecycle.",
	Spec:     Spec{Draft: "4.3.6.1", Final: "11.1"},
	Declares: InterfaceType,
}

// RelationshipTypeDef is an entry of `relationship_types`.
var RelationshipTypeDef = &Entity{
	Name:     "relationship type",
	Doc:      "A kind of link from a node's requirement to another node's capability (hosted on, connects to …), with its own properties and lifecycle interfaces.",
	Spec:     Spec{Draft: "4.3.3", Final: "7.3"},
	Declares: RelationshipType,
}

// NodeTypeDef is an entry of `node_types`.
var NodeTypeDef = &Entity{
	Name: "node type",
	Doc: "A kind of component: what can be configured about it (properties), what it reports " +
		"(attributes), what it needs and offers (requirements, capabilities), how it is managed " +
		"(interfaces) and which files it carries (artifacts).",
	Spec:     Spec{Draft: "4.3.1", Final: "7.1"},
	Declares: NodeType,
}

// GroupTypeDef is an entry of `group_types`.
var GroupTypeDef = &Entity{
	Name:     "group type",
	Doc:      "A kind of logical grouping of nodes, used to manage or apply policies to several nodes together.",
	Spec:     Spec{Draft: "4.6.1", Final: "16.1"},
	Declares: GroupType,
}

// PolicyTypeDef is an entry of `policy_types`.
var PolicyTypeDef = &Entity{
	Name:     "policy type",
	Doc:      "A kind of rule (placement, scaling, update …) that governs nodes or groups without being part of the topology itself.",
	Spec:     Spec{Draft: "4.6.3", Final: "16.3"},
	Declares: PolicyType,
}

// typeCommon returns the keynames every type definition has.
func typeCommon(kind RefKind, what string) []*Key {
	return []*Key{
		key("derived_from", All, ref(kind),
			"The parent "+what+" this one extends: everything not redefined here is inherited from it."),
		key("version", All, str(),
			"A version for this type definition, such as `1.2.0`, for tools that track type evolution."),
		metadataKey(From1_1, "the type"),
		descriptionKey(All, "the type"),
	}
}

// Keys shared by several types.

func propertiesDefKey(in Versions, what string) *Key {
	return key("properties", in, propertyDefs(),
		"The configurable values of "+what+", each with its data type, default and constraints; templates assign them.")
}

func attributesDefKey(in Versions, what string) *Key {
	return key("attributes", in, mapOf(ent(AttributeDef)),
		"The runtime-observed values of "+what+", set by the orchestrator or by operation outputs and read with `get_attribute`.")
}

func interfacesDefKey(in Versions, what string) *Key {
	return key("interfaces", in, mapOf(ent(InterfaceDef)),
		"The management interfaces of "+what+", each naming its interface type and optionally refining inputs and implementations.")
}

func requirementsDefKey(in Versions, what string) *Key {
	return key("requirements", in, namedList(ent(RequirementDef).withShort(ref(CapabilityType))),
		"What "+what+" needs from other nodes, as an ordered list of `- name: definition` entries.")
}

func capabilitiesDefKey(in Versions, what string) *Key {
	return key("capabilities", in, mapOf(ent(CapabilityDef).withShort(ref(CapabilityType))),
		"The features "+what+" offers to other nodes, each of a capability type.")
}

func init() {
	ArtifactTypeDef.Keys = keys(typeCommon(ArtifactType, "artifact type"), []*Key{
		key("mime_type", All, str(),
			"The MIME type of files of this kind, e.g. `application/java-archive`; can help pick a processor."),
		key("file_ext", All, strs(),
			"File extensions (without the dot) that identify files of this kind, e.g. `[ sh, bash ]`."),
		propertiesDefKey(All, "artifacts of this type"),
	})

	DataTypeDef.Keys = keys(typeCommon(DataType, "data type (or primitive type)"), []*Key{
		key("constraints", UpToDraft, listOf(ent(ConstraintClause)),
			"Constraint clauses every value of this type must satisfy, on top of those of the parent type."),
		key("validation", V2Final, anyV(),
			"A boolean expression every value of this type must satisfy (use `$value` for the value being checked).").replacing("constraints"),
		propertiesDefKey(All, "this structured type (its fields)"),
		key("key_schema", From1_3, ent(SchemaDef).withShort(ref(DataType)),
			"For types derived from map: the type of the map's keys (string by default)."),
		key("entry_schema", From1_3, ent(SchemaDef).withShort(ref(DataType)),
			"For types derived from list or map: the type of the entries."),
		// Scalar types (CSD07 §9.1.2.2): the keynames of types derived from `scalar`.
		key(KeyDataType, V2Final, ref(DataType),
			"For scalar types: the type of the number, `float` or `integer` or a type derived from them. "+
				"A derived scalar type keeps its parent's.").onlyBelow("scalar").defaulting("float").replacing("data_value_type"),
		key(KeyUnits, V2Final, mapV(),
			"For scalar types: each unit (case sensitive, no blanks) with the multiplier converting it to the canonical unit; "+
				"at least one multiplier is 1, integers when the numbers are. A derived scalar type may add units.").onlyBelow("scalar").replacing("unit_symbol_map"),
		key(KeyCanonicalUnit, V2Final, str(),
			"For scalar types: the unit values are stored, computed and shown in (a unit, with its prefix if any); "+
				"mandatory when more than one unit has the multiplier 1, else that unit. A derived scalar type keeps its parent's.").onlyBelow("scalar"),
		key(KeyPrefixes, V2Final, mapV(),
			"For scalar types with a single unit: prefixes written before it (such as `k: 1000`; `\"\": 1` lets the unit be written alone), "+
				"with their multipliers. A derived scalar type may add prefixes.").onlyBelow("scalar"),
	})

	CapabilityTypeDef.Keys = keys(typeCommon(CapabilityType, "capability type"), []*Key{
		propertiesDefKey(All, "capabilities of this type"),
		attributesDefKey(All, "capabilities of this type"),
		key("valid_source_types", UpToDraft, refs(NodeType),
			"Node types allowed to form relationships to this capability; any node type if absent."),
		key("valid_source_node_types", V2Final, refs(NodeType),
			"Node types allowed to form relationships to this capability; any node type if absent.").replacing("valid_source_types"),
		key("valid_relationship_types", V2Final, refs(RelationshipType),
			"Relationship types allowed to end at this capability; any if absent."),
	})

	InterfaceTypeDef.Keys = keys(typeCommon(InterfaceType, "interface type"), []*Key{
		key("inputs", All, parameterDefs(),
			"Parameters passed to every operation of the interface."),
		key("operations", From1_3, mapOf(ent(OperationDef).withShort(ref(ArtifactFile))),
			"The operations the interface offers. Before 1.3 operations are written directly under the interface type."),
		key("notifications", From1_3, mapOf(ent(NotificationDef).withShort(ref(ArtifactFile))),
			"Asynchronous events the orchestrator can receive through this interface."),
	})
	// TOSCA 1.0–1.2 list operations directly in the interface type.
	InterfaceTypeDef.Extra = ent(OperationDef).withShort(ref(ArtifactFile))
	InterfaceTypeDef.ExtraIn = V1_0 | V1_1 | V1_2

	RelationshipTypeDef.Keys = keys(typeCommon(RelationshipType, "relationship type"), []*Key{
		propertiesDefKey(All, "relationships of this type"),
		attributesDefKey(All, "relationships of this type"),
		interfacesDefKey(All, "relationships of this type (for example Configure)"),
		key("valid_target_types", UpToDraft, refs(NodeOrCapabilityType),
			"Capability types (in 1.x also node types) this relationship may end at; unrestricted if absent."),
		key("valid_capability_types", V2Final, refs(CapabilityType),
			"Capability types this relationship may end at; unrestricted if absent.").replacing("valid_target_types"),
		key("valid_target_node_types", V2Final, refs(NodeType),
			"Node types this relationship may end at; unrestricted if absent."),
		key("valid_source_node_types", V2Final, refs(NodeType),
			"Node types this relationship may start from; unrestricted if absent."),
	})

	NodeTypeDef.Keys = keys(typeCommon(NodeType, "node type"), []*Key{
		propertiesDefKey(All, "nodes of this type"),
		attributesDefKey(All, "nodes of this type"),
		requirementsDefKey(All, "nodes of this type"),
		capabilitiesDefKey(All, "nodes of this type"),
		interfacesDefKey(All, "nodes of this type (for example Standard)"),
		key("artifacts", All, mapOf(ent(ArtifactDef).withShort(ref(ArtifactFile))),
			"Files that belong to nodes of this type (images, scripts, packages), by name."),
	})

	GroupTypeDef.Keys = keys(typeCommon(GroupType, "group type"), []*Key{
		propertiesDefKey(All, "groups of this type"),
		attributesDefKey(From1_2, "groups of this type"),
		key("members", All, refs(NodeType),
			"Node types whose templates may be members of groups of this type; unrestricted if absent."),
		requirementsDefKey(V1_1|V1_2, "groups of this type"),
		capabilitiesDefKey(V1_1|V1_2, "groups of this type"),
		interfacesDefKey(V1_0|V1_1|V1_2, "groups of this type"),
	})

	PolicyTypeDef.Keys = keys(typeCommon(PolicyType, "policy type"), []*Key{
		propertiesDefKey(All, "policies of this type"),
		key("targets", All, refs(NodeOrGroupType),
			"Node types or group types that policies of this type may apply to; unrestricted if absent."),
		key("triggers", From1_1, mapOf(ent(TriggerDef)),
			"Event/condition/action rules that every policy of this type carries."),
	})
}
