package grammar

// Definitions used inside types: properties, attributes, parameters,
// schemas, capabilities, requirements, interfaces, operations,
// notifications, implementations and artifacts.

// PropertyDef is an entry of a type's `properties`.
var PropertyDef = &Entity{
	Name: "property definition",
	Doc: "Declares one configurable value: its data type, whether it must be given, a default and " +
		"the constraints it must meet. In 2.0 a refinement may be written as just the fixed value.",
	Spec:     Spec{Draft: "4.4.7", Final: "9.3"},
	TypeKey:  "type",
	TypeKind: DataType,
}

// AttributeDef is an entry of a type's `attributes`.
var AttributeDef = &Entity{
	Name: "attribute definition",
	Doc: "Declares one value that reflects the actual, runtime state of an entity (an IP address, " +
		"a status …). The orchestrator or operation outputs set it; `get_attribute` reads it.",
	Spec:     Spec{Draft: "4.4.9", Final: "9.5"},
	TypeKey:  "type",
	TypeKind: DataType,
}

// ParameterDef is an operation, interface or workflow parameter.
var ParameterDef = &Entity{
	Name: "parameter definition",
	Doc: "A named value exchanged with the outside world (operation inputs and outputs, workflow " +
		"inputs). Like a property definition, but its type may be left out and it may carry a fixed " +
		"`value` or, for outputs in 2.0, a `mapping` onto an attribute.",
	Spec:     Spec{Draft: "4.4.11", Final: "9.7"},
	TypeKey:  "type",
	TypeKind: DataType,
}

// InputDef is an entry of the topology's `inputs`.
var InputDef = &Entity{
	Name: "input definition",
	Doc: "A parameter whose value is supplied when the topology is deployed. Templates read it " +
		"with `get_input` (`$get_input` in final 2.0).",
	Spec:     Spec{Draft: "4.4.11", Final: "6.9.2"},
	Declares: Input,
	TypeKey:  "type",
	TypeKind: DataType,
}

// OutputDef is an entry of the topology's `outputs`.
var OutputDef = &Entity{
	Name: "output definition",
	Doc: "A value the deployed topology reports to its user, typically computed with `get_attribute` " +
		"from one of its nodes.",
	Spec:     Spec{Draft: "4.4.11", Final: "6.9.5"},
	Declares: Output,
	TypeKey:  "type",
	TypeKind: DataType,
}

// SchemaDef is the value of `key_schema` and `entry_schema`.
var SchemaDef = &Entity{
	Name: "schema definition",
	Doc: "Describes the keys or the entries of a list or map value: their data type and constraints. " +
		"May be written as just the type name.",
	Spec:     Spec{Draft: "4.4.5", Final: "9.3"},
	TypeKey:  "type",
	TypeKind: DataType,
}

// CapabilityDef is an entry of a node type's `capabilities`.
var CapabilityDef = &Entity{
	Name: "capability definition",
	Doc: "A feature a node offers to others, based on a capability type. May be written as just the " +
		"capability type name when nothing needs refining.",
	Spec:     Spec{Draft: "4.3.5.2", Final: "8.2"},
	TypeKey:  "type",
	TypeKind: CapabilityType,
}

// RequirementDef is an entry of a node type's `requirements`.
var RequirementDef = &Entity{
	Name: "requirement definition",
	Doc: "Something a node needs from another node: the capability to connect to, optionally the " +
		"kind of target node and the relationship to create. May be written as just a capability type name.",
	Spec: Spec{Draft: "4.3.5.5", Final: "8.4"},
}

// RequirementRelationshipDef is the extended `relationship` of a requirement definition.
var RequirementRelationshipDef = &Entity{
	Name:     "requirement relationship definition",
	Doc:      "The relationship a requirement creates, with refinements of that relationship type's interfaces.",
	Spec:     Spec{Draft: "4.3.5.5.1.1", Final: "8.4"},
	TypeKey:  "type",
	TypeKind: RelationshipType,
}

// InterfaceDef is an entry of a node or relationship type's `interfaces`.
var InterfaceDef = &Entity{
	Name: "interface definition",
	Doc: "Attaches an interface type to a node or relationship type and may refine its inputs, " +
		"operations and notifications, typically by giving implementations.",
	Spec:     Spec{Draft: "4.3.6.2", Final: "11.2"},
	TypeKey:  "type",
	TypeKind: InterfaceType,
}

// OperationDef is an operation in an interface type or definition.
var OperationDef = &Entity{
	Name: "operation definition",
	Doc: "One management operation (create, configure, start …): its inputs, outputs and the " +
		"artifact that implements it. May be written as just the implementation file.",
	Spec: Spec{Draft: "4.3.6.4", Final: "11.4"},
}

// NotificationDef is a notification in an interface type or definition.
var NotificationDef = &Entity{
	Name: "notification definition",
	Doc: "An event an external system can send to the orchestrator through an interface, with " +
		"output values that can be stored in attributes. May be written as just the implementation.",
	Spec: Spec{Draft: "4.3.6.6", Final: "11.6"},
}

// ImplementationDef is an operation's or notification's `implementation`.
var ImplementationDef = &Entity{
	Name: "implementation definition",
	Doc: "Which artifact runs an operation (or receives a notification): a primary file and any " +
		"files it depends on. May be written as just the primary artifact's name or path.",
	Spec: Spec{Draft: "4.3.6.8", Final: "11.8"},
}

// ArtifactDef is an entry of `artifacts` (and an implementation's artifacts).
var ArtifactDef = &Entity{
	Name: "artifact definition",
	Doc: "A named, typed file used by a node: where it is (`file`, `repository`), what kind it is " +
		"and where to place it. May be written as just the file path.",
	Spec:     Spec{Draft: "4.3.7.2", Final: "12.2"},
	TypeKey:  "type",
	TypeKind: ArtifactType,
}

// valueDefKeys are the keynames shared by property, attribute and parameter
// definitions. typed marks the definitions whose type is mandatory when they
// are new (properties and attributes; parameters may take the type of their
// value or mapping, 2.0 §9.7).
func valueDefKeys(typed bool, what string) []*Key {
	t := key("type", All, ref(DataType), "The data type of the "+what+": a primitive (string, integer …), a collection (list, map) or a data type.")
	if typed {
		t.reqNew()
		t.Doc += " Mandatory when the " + what + " is new; a refinement of an inherited " + what + " may leave it out."
	}
	return []*Key{
		t,
		descriptionKey(All, "the "+what),
		key("required", All, boolean(),
			"Whether a value must be provided; true when absent. A default only makes sense for required "+what+"s."),
		key("default", All, anyV(), "The value used when none is assigned."),
		key("status", All, enum(Statuses...).open(),
			"How official the "+what+" is: `supported` (default), `unsupported`, `experimental` or `deprecated`."),
		key("constraints", UpToDraft, listOf(ent(ConstraintClause)),
			"Constraint clauses the value must satisfy, all of them (e.g. `- min_length: 8`)."),
		key("validation", V2Final, anyV(),
			"A boolean expression the value must satisfy, with `$value` standing for it (e.g. `{ $greater_than: [ $value, 0 ] }`).").replacing("constraints"),
		key("key_schema", From1_3, ent(SchemaDef).withShort(ref(DataType)),
			"For map values: the type of the keys (string when absent)."),
		key("entry_schema", All, ent(SchemaDef).withShort(ref(DataType)),
			"For list and map values: the type of the entries."),
		key("external-schema", V1_3|V2Draft, str(),
			"A schema (e.g. a JSON schema) that tools may use to check values of an external type such as `json`."),
		metadataKey(From1_2, "the "+what),
	}
}

// propertyDefs are a section of property definitions. A value alone is the
// short notation of a refinement fixing it (2.0 §9.3); 1.x has none, but
// the texts' own normative types write one (Endpoint.Admin's `secure:
// true`): the model judges it (a warning in 1.x).
func propertyDefs() *Value { return mapOf(ent(PropertyDef).withShort(anyV())) }

// memberRefinements are the properties and attributes of a definition
// that refines those its type declares: a capability definition (2.0 §8.2),
// the relationship of a requirement definition (§8.4).
func memberRefinements(in Versions, typ string) []*Key {
	return []*Key{
		key("properties", in, propertyDefs(),
			"Refinements of properties the "+typ+" already declares (no new ones).").refining(),
		key("attributes", in, mapOf(ent(AttributeDef)),
			"Refinements of attributes the "+typ+" already declares (no new ones).").refining(),
	}
}

// parameterDefs are the inputs of interfaces and operations: parameter
// definitions, or a value alone (a map without their keynames too).
func parameterDefs() *Value { return mapOf(ent(ParameterDef).withShort(anyV()).orMap()) }

func parameterKeys() []*Key {
	return keys(valueDefKeys(false, "parameter"), []*Key{
		key("value", All, anyV(),
			"A fixed value (or function call) for the parameter; once set it can no longer be changed by refinements or assignments."),
		key("mapping", V2, listV(),
			"For incoming values such as operation outputs: the attribute that receives the value, as `[ SELF, attribute, … ]`."),
	})
}

func init() {
	PropertyDef.Keys = keys(valueDefKeys(true, "property"), []*Key{
		key("value", V2, anyV(),
			"A fixed value (or expression) for the property; it can no longer be refined or assigned afterwards."),
	})
	// Attribute definitions share the keynames of property definitions but
	// `required` (an attribute always exists once its entity does); final
	// 2.0 dropped their `status` (§9.5).
	for _, k := range valueDefKeys(true, "attribute") {
		switch k.Name {
		case "required":
			continue
		case "status":
			k.In = UpToDraft
		}
		AttributeDef.Keys = append(AttributeDef.Keys, k)
	}
	ParameterDef.Keys = parameterKeys()
	InputDef.Keys = parameterKeys()
	OutputDef.Keys = parameterKeys()

	SchemaDef.Keys = []*Key{
		key("type", All, ref(DataType), "The data type of each key or entry. "+
			"Mandatory unless the schema refines an inherited one (2.0 §9.3).").reqNew(),
		descriptionKey(All, "the keys or entries"),
		metadataKey(V2Final, "the schema"),
		key("constraints", UpToDraft, listOf(ent(ConstraintClause)),
			"Constraint clauses every key or entry must satisfy."),
		key("validation", V2Final, anyV(),
			"A boolean expression every key or entry must satisfy, with `$value` standing for it.").replacing("constraints"),
		key("key_schema", From1_3, ent(SchemaDef).withShort(ref(DataType)),
			"When the entries are maps themselves: the type of their keys."),
		key("entry_schema", All, ent(SchemaDef).withShort(ref(DataType)),
			"When the entries are lists or maps themselves: the type of their entries."),
	}

	CapabilityDef.Keys = keys([]*Key{
		key("type", All, ref(CapabilityType), "The capability type this capability is an instance of. "+
			"A refinement of an inherited capability may leave it out (2.0 §8.2.1).").reqNew(),
		descriptionKey(All, "the capability"),
		metadataKey(V2Final, "the capability"),
	}, memberRefinements(All, "capability type"), []*Key{
		key("valid_source_types", UpToDraft, refs(NodeType),
			"Node types allowed to connect to this capability; narrows the capability type's own list."),
		key("valid_source_node_types", V2Final, refs(NodeType),
			"Node types allowed to connect to this capability; narrows the capability type's own list.").replacing("valid_source_types"),
		key("valid_relationship_types", V2Final, refs(RelationshipType),
			"Relationship types allowed to end at this capability."),
		key("occurrences", UpToDraft, rangeV(),
			"How many relationships may end at this capability, as `[min, max]` (default `[1, UNBOUNDED]`)."),
	})

	RequirementDef.Keys = []*Key{
		descriptionKey(All, "the requirement"),
		metadataKey(V2Final, "the requirement"),
		key("capability", All, ref(CapabilityTypeOrName),
			"What the target must offer: a capability type, or the name of a capability of the `node` type. "+
				"A refinement of an inherited requirement may leave it out (2.0 §8.4.1).").reqNew(),
		key("node", All, ref(NodeType),
			"The node type the target must be (or derive from). Needed when `capability` names a capability rather than a type."),
		key("relationship", All, ent(RequirementRelationshipDef).withShort(ref(RelationshipType)),
			"The relationship type used to connect to the target, optionally with interface refinements."),
		key("node_filter", All, ent(NodeFilterDef),
			"Extra conditions on candidate target nodes: constraints on their properties and capabilities (a boolean expression in final 2.0)."),
		key("occurrences", UpToDraft, rangeV(),
			"How many relationships this requirement forms, as `[min, max]` (default `[1, 1]`)."),
		key("count_range", V2Final, rangeV(),
			"How many relationships this requirement forms, as `[min, max]` (default `[0, UNBOUNDED]`, 2.0 §8.4).").replacing("occurrences"),
	}
	RequirementRelationshipDef.Keys = keys([]*Key{
		key("type", All, ref(RelationshipType), "The relationship type to create. "+
			"A refinement of an inherited requirement may leave it out.").reqNew(),
		descriptionKey(V2Final, "the relationship"),
		metadataKey(V2Final, "the relationship"),
	}, memberRefinements(V2Final, "relationship type"), []*Key{
		key("interfaces", All, mapOf(ent(InterfaceDef)),
			"Refinements of the relationship type's interfaces for this requirement (new inputs, implementations).").refining(),
	})

	InterfaceDef.Keys = []*Key{
		key("type", All, ref(InterfaceType), "The interface type this interface is based on. "+
			"A refinement of an inherited interface may leave it out (2.0 §11.2).").reqNew(),
		descriptionKey(All, "the interface"),
		metadataKey(V2Final, "the interface"),
		key("inputs", All, parameterDefs(),
			"Parameters (new ones or refinements) passed to all operations of the interface."),
		key("operations", From1_3, mapOf(ent(OperationDef).withShort(ref(ArtifactFile))),
			"Refinements of the interface type's operations, typically giving their implementation. Before 1.3 operations are written directly under the interface."),
		key("notifications", From1_3, mapOf(ent(NotificationDef).withShort(ref(ArtifactFile))),
			"Refinements of the interface type's notifications."),
	}
	InterfaceDef.Extra = ent(OperationDef).withShort(ref(ArtifactFile))
	InterfaceDef.ExtraIn = V1_0 | V1_1 | V1_2

	OperationDef.Keys = []*Key{
		descriptionKey(All, "the operation"),
		key("implementation", All, ent(ImplementationDef).withShort(ref(ArtifactFile)),
			"The artifact that performs the operation; not allowed in interface types, only in node and relationship types and templates."),
		key("inputs", All, parameterDefs(),
			"Parameters handed to the implementation when the operation runs; values may use functions such as `get_property`."),
		key("outputs", V1_2|V1_3, mapOf(listV()),
			"Values the implementation returns, each mapped onto an attribute: `name: [ SELF, attribute ]` "+
				"(or `[ SELF, capability, attribute ]`; relationships also allow SOURCE and TARGET)."),
		key("outputs", V2, mapOf(ent(ParameterDef).withShort(listV())),
			"Values the implementation returns, as parameter definitions; in node and relationship types "+
				"their `mapping` (or the short `[ SELF, attribute ]`) stores them into an attribute."),
	}

	NotificationDef.Keys = []*Key{
		descriptionKey(From1_3, "the notification"),
		key("implementation", From1_3, ent(ImplementationDef).withShort(ref(ArtifactFile)),
			"The artifact the orchestrator uses to subscribe to and receive the notification."),
		key("inputs", V2Final, parameterDefs(),
			"Parameters that configure the artifact registered to receive the notification (2.0 §11.6)."),
		key("outputs", V1_3, mapOf(listV()),
			"Values carried by the notification, each mapped onto an attribute as `[ SELF, attribute ]`."),
		key("outputs", V2, mapOf(ent(ParameterDef).withShort(listV())),
			"Values carried by the notification, as parameter definitions that may map onto attributes."),
	}

	artifact := func() *Value { return ent(ArtifactDef).withShort(ref(ArtifactFile)) }
	ImplementationDef.Keys = []*Key{
		key("primary", All, artifact(),
			"The main artifact to run: an artifact name, a file path, or an inline artifact definition."),
		key("dependencies", All, listOf(artifact()),
			"Further artifacts the primary one needs (libraries, helper scripts); they are placed next to it."),
		key("timeout", From1_3, integer(),
			"How many seconds the operation may take before it is considered failed (meaningless for notifications)."),
		key("operation_host", V1_3|V2Draft, str(),
			"Where the implementation runs: `SELF`, `HOST`, `SOURCE`, `TARGET` or the orchestrator's own host by default."),
	}

	ArtifactDef.Keys = []*Key{
		// An artifact of a template (or a derived type) that the type
		// already defines may leave them out: puccini reads it as that
		// artifact, refined.
		key("type", All, ref(ArtifactType), "The artifact type, which tells the orchestrator how to handle the file.").reqNew(),
		key("file", All, ref(ArtifactFile),
			"Where the file is: a path relative to this file (or to `repository`) or an absolute URL.").reqNew(),
		key("repository", All, ref(Repository), "A repository from `repositories` that holds the file."),
		descriptionKey(All, "the artifact"),
		metadataKey(V2Final, "the artifact"),
		key("deploy_path", UpToDraft, str(), "Where the file is placed on the target node when deployed (final 2.0 dropped it, §12.2)."),
		key("artifact_version", From1_3, str(), "The version of the artifact itself, e.g. of the packaged software."),
		key("version", V2, str(),
			"The version of the artifact itself: the spelling of `artifact_version` that the TOSCA 2.0 grammar blocks and examples use (§12.2 lists both)."),
		key("checksum", From1_3, str(), "A checksum of the file, to verify its integrity."),
		key("checksum_algorithm", From1_3, str(), "The algorithm of `checksum`, e.g. `SHA-256` or `MD5`; needed whenever a checksum is given."),
		key("properties", From1_3, assignments(), "Values for the properties of the artifact type, passed to whatever processes the artifact."),
	}
}
