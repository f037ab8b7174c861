package grammar

// ServiceTemplate is the root of every TOSCA file, in all versions (final
// 2.0 calls it a "TOSCA file"; its `service_template` keyname then holds
// what 1.x and the 2020 draft call the topology template).
var ServiceTemplate = &Entity{
	Name: "service template",
	Doc: "The top level of a TOSCA file. It states the TOSCA version, may import other files, " +
		"declares types in the `*_types` sections and may describe one deployable topology.",
	Spec: Spec{Draft: "4.2.1", Final: "6.1"},
}

// ImportDef is one entry of `imports`.
var ImportDef = &Entity{
	Name: "import definition",
	Doc: "Brings the types (and, in 2.0, the profiles) of another TOSCA file into this one. " +
		"Written either as a bare path/URL or as a mapping with more detail.",
	Spec: Spec{Draft: "4.2.3.1", Final: "6.8.1"},
}

// RepositoryDef is one entry of `repositories`.
var RepositoryDef = &Entity{
	Name:     "repository definition",
	Doc:      "A named external location (for example an artifact server or a Git host) that imports and artifacts can fetch files from. Written as a bare URL or as a mapping.",
	Spec:     Spec{Draft: "4.2.3.3", Final: "6.5"},
	Declares: Repository,
}

// TopologyTemplateDef is the value of `topology_template` (1.x and the 2020 draft).
var TopologyTemplateDef = &Entity{
	Name: "topology template",
	Doc: "The deployable model of the file: its inputs and outputs, the node and relationship " +
		"templates that make up the application, and the groups, policies, workflows and " +
		"substitution mappings around them.",
	Spec: Spec{Draft: "4.2.6"},
}

// ServiceTemplateDef is the value of `service_template` in final 2.0; it has the
// keynames of the topology template it replaces.
var ServiceTemplateDef = &Entity{
	Name: "service template definition",
	Doc: "Final TOSCA 2.0's name for the topology template: the deployable model with its inputs, " +
		"outputs, node and relationship templates, groups, policies, workflows and substitution mappings.",
	Spec: Spec{Final: "6.9.1"},
}

// SubstitutionMappingsDef is the value of `substitution_mappings`.
var SubstitutionMappingsDef = &Entity{
	Name: "substitution mappings",
	Doc: "Exposes the whole topology as an implementation of one node type, so that an abstract " +
		"node template of that type elsewhere can be realised by deploying this topology. It maps " +
		"the node type's properties, attributes, capabilities, requirements and interfaces onto the topology.",
	Spec:     Spec{Draft: "4.5.1", Final: "15.1"},
	TypeKey:  "node_type",
	TypeKind: NodeType,
}

// PropertyMappingDef maps a substituted node type's property.
var PropertyMappingDef = &Entity{
	Name: "property mapping",
	Doc:  "Says where a property of the substituted node type comes from: usually `[ input_name ]`, an input of this topology.",
	Spec: Spec{Draft: "4.5.2", Final: "15.2"},
}

// AttributeMappingDef maps a substituted node type's attribute.
var AttributeMappingDef = &Entity{
	Name: "attribute mapping",
	Doc:  "Says which output of this topology supplies an attribute of the substituted node type, written `[ output_name ]`.",
	Spec: Spec{Draft: "4.5.3", Final: "15.3"},
}

// CapabilityMappingDef maps a substituted node type's capability.
var CapabilityMappingDef = &Entity{
	Name: "capability mapping",
	Doc:  "Points a capability of the substituted node type at a capability of a node template inside this topology, written `[ node_template, capability ]`.",
	Spec: Spec{Draft: "4.5.4", Final: "15.4"},
}

// RequirementMappingDef maps a substituted node type's requirement.
var RequirementMappingDef = &Entity{
	Name: "requirement mapping",
	Doc:  "Points a requirement of the substituted node type at a requirement of a node template inside this topology, written `[ node_template, requirement ]`.",
	Spec: Spec{Draft: "4.5.5", Final: "15.5"},
}

// FunctionDef is one entry of the final 2.0 `functions` section.
var FunctionDef = &Entity{
	Name: "function definition",
	Doc: "Declares a custom function (called as `$name`) with one or more signatures, each saying " +
		"which arguments it takes, what it returns and which artifact implements it.",
	Spec:     Spec{Final: "10.4"},
	Declares: UserFunction,
}

// FunctionSignatureDef is one entry of a function definition's `signatures`.
var FunctionSignatureDef = &Entity{
	Name: "function signature",
	Doc:  "One accepted way of calling a custom function: the types of its arguments, the type of its result and its implementation.",
	Spec: Spec{Final: "10.4"},
}

// requirementMappings is the final 2.0 `requirements` of substitution
// mappings: a list of single-entry maps (also a plain map, as the 2020 draft
// writes it) whose values are a mapping entity, `[ node, requirement ]`, a
// list of those, or the name of a selectable node template (§15.5).
func requirementMappings() *Value {
	v := namedList(ent(RequirementMappingDef).withShort(ref(NodeTemplate).withShort(listV())))
	v.AlsoMap = true
	return v
}

func init() {
	ServiceTemplate.Keys = []*Key{
		key("tosca_definitions_version", All, str(),
			"Which TOSCA grammar the file is written in, e.g. `tosca_simple_yaml_1_3` or `tosca_2_0`. "+
				"It must be present (and by convention is the first line); everything else is read according to it. "+
				"The valid values are listed in ToscaVersions (no Enum here: the analyzer checks the version itself).").reqAll(),
		key("namespace", V1x, str(),
			"A URI naming the namespace of the types this file defines, so other files can tell them apart from same-named types."),
		key("tosca_default_namespace", V1_0|V1_1, str(),
			"Early 1.x keyname for the default namespace URI assumed for the type and template names of this file."),
		key("profile", V2, str(),
			"Registers the types of this file under a profile name (for example `org.oasis-open.tosca.simple:2.0`) "+
				"so other files can import them by that name instead of by path."),
		metadataKey(All, "the file; by convention `template_name`, `template_author` and `template_version` live here"),
		scriptletMetadataKey(),
		key("template_name", V1_0, str(),
			"TOSCA 1.0 only: a human-readable name for this template. Later versions put it under `metadata`."),
		key("template_author", V1_0, str(),
			"TOSCA 1.0 only: who wrote or owns this template. Later versions put it under `metadata`."),
		key("template_version", V1_0, str(),
			"TOSCA 1.0 only: the template's own version string. Later versions put it under `metadata`."),
		descriptionKey(All, "the file and what it models"),
		key("dsl_definitions", All, mapV(),
			"A scratch area for YAML anchors (`&name`) that the rest of the file reuses through aliases (`*name`). TOSCA itself ignores its content."),
		key("repositories", All, mapOf(ent(RepositoryDef).withShort(str())),
			"Named external repositories that imports and artifacts can refer to with their `repository` keyname."),
		key("imports", All, listOf(ent(ImportDef).withShort(ref(ImportURL))),
			"Other TOSCA files (or, in 2.0, profiles) whose definitions this file uses, in order."),
		key("artifact_types", All, mapOf(ent(ArtifactTypeDef)),
			"Declares artifact types: kinds of files (scripts, images, archives) that nodes carry or operations run."),
		key("data_types", All, mapOf(ent(DataTypeDef)),
			"Declares data types: named value types, either constrained primitives or structures with properties."),
		key("capability_types", All, mapOf(ent(CapabilityTypeDef)),
			"Declares capability types: features a node can offer to other nodes' requirements."),
		key("interface_types", All, mapOf(ent(InterfaceTypeDef)),
			"Declares interface types: named sets of operations (and notifications) that nodes and relationships can implement."),
		key("relationship_types", All, mapOf(ent(RelationshipTypeDef)),
			"Declares relationship types: kinds of links (hosted on, connects to, …) between a requirement and a capability."),
		key("node_types", All, mapOf(ent(NodeTypeDef)),
			"Declares node types: kinds of components with their properties, attributes, requirements, capabilities, interfaces and artifacts."),
		key("group_types", All, mapOf(ent(GroupTypeDef)),
			"Declares group types: kinds of logical groupings of node templates."),
		key("policy_types", All, mapOf(ent(PolicyTypeDef)),
			"Declares policy types: kinds of rules (placement, scaling, …) applied to nodes or groups."),
		key("topology_template", UpToDraft, ent(TopologyTemplateDef),
			"The deployable model of this file: inputs, node templates, relationships, outputs and more. "+
				"Final TOSCA 2.0 renames it `service_template`."),
		key("service_template", V2Final, ent(ServiceTemplateDef),
			"The deployable model of this file (final TOSCA 2.0's name for `topology_template`): "+
				"inputs, node templates, relationships, outputs and more. A file that defines a `profile` has none (§6.7.1).").
			replacing("topology_template").excluding("profile"),
		key("functions", V2Final, mapOf(ent(FunctionDef)),
			"Custom functions this file declares; templates call them as `$name`."),
	}

	ImportDef.Keys = []*Key{
		key("file", V1x, ref(ImportURL),
			"Path or URL of the TOSCA file to import; a relative path is resolved from the importing file (or from `repository`). "+
				"Mandatory (in 1.0 and 1.1 the named form `- name: path` is also accepted).").req(V1_2 | V1_3),
		key("url", V2, ref(ImportURL),
			"Path or URL of the TOSCA file to import; a relative path is resolved from the importing file (or from `repository`). "+
				"An import gives either `url` or `profile`, never both (§6.8.1; the index reports an import with neither)."),
		key("profile", V2, ref(ProfileName),
			"Name of a profile known to the processor (e.g. `org.oasis-open.tosca.simple:2.0`) whose types are imported. "+
				"An import gives either `profile` or `url`, never both (§6.8.1).").excluding("url"),
		key("repository", V1x, ref(Repository),
			"Name of a repository from `repositories`; the file path is then looked up relative to that repository's root."),
		key("repository", V2, ref(Repository),
			"Name of a repository from `repositories`; the `url` is then looked up relative to that repository's root. "+
				"Only with `url`, not with `profile` (§6.8.1).").excluding("profile"),
		key("namespace_uri", V1x, str(),
			"Namespace URI of the imported definitions. Deprecated since 1.2."),
		key("namespace_prefix", V1x, str(),
			"Short prefix used to qualify names that come from the imported file, as in `prefix:TypeName`."),
		key("namespace", V2, str(),
			"Imports the definitions into a named namespace; refer to them as `namespace:Name`. Without it they join this file's own namespace."),
		descriptionKey(V2Final, "this import"),
		metadataKey(V2Final, "this import"),
	}
	// 1.0 and 1.1 also accept named imports: `- some_name: path` or `- some_name: {file: …}`.
	ImportDef.Extra = ent(ImportDef).withShort(ref(ImportURL))
	ImportDef.ExtraIn = V1_0 | V1_1

	RepositoryDef.Keys = []*Key{
		descriptionKey(All, "the repository"),
		metadataKey(V2Final, "the repository"),
		key("url", All, str(), "The address of the repository, used as the base for relative file paths that name it.").reqAll(),
		key("credential", V1x, anyV(),
			"Login information for the repository, a value of the `tosca.datatypes.Credential` data type."),
	}

	body := []*Key{
		descriptionKey(All, "the topology"),
		key("inputs", All, mapOf(ent(InputDef)),
			"Parameters supplied when the topology is deployed; read them with `get_input` (`$get_input` in final 2.0)."),
		key("outputs", All, mapOf(ent(OutputDef).withShortIn(anyV(), V2)),
			"Values the deployed topology reports back, usually computed from attributes of its nodes."),
		key("node_templates", All, mapOf(ent(NodeTemplateDef)),
			"The components of the topology, each an instance description of a node type. Mandatory in 2.0.").req(V2),
		key("relationship_templates", All, mapOf(ent(RelationshipTemplateDef)),
			"Reusable, named relationships that requirement assignments can refer to by name."),
		key("groups", All, mapOf(ent(GroupDef)),
			"Named logical groupings of node templates, for example to apply a policy to several nodes at once."),
		key("policies", All, namedList(ent(PolicyDef)),
			"Rules (placement, scaling, …) applied to nodes or groups, written as a list of single-entry maps."),
		key("substitution_mappings", All, ent(SubstitutionMappingsDef),
			"Lets this topology stand in for an abstract node of a given node type elsewhere, mapping the type's features onto it."),
		key("workflows", From1_1, mapOf(ent(WorkflowDef)),
			"Named imperative workflows: explicit step-by-step procedures that override or complement the orchestrator's own ordering."),
	}
	TopologyTemplateDef.Keys = body
	ServiceTemplateDef.Keys = keys(body, []*Key{
		metadataKey(V2Final, "the service template (§6.9.1)"),
		key("functions", V2Final, mapOf(ent(FunctionDef)),
			"Custom functions for this service template; one named like a function outside it refines that one "+
				"(its implementation or description, §10.4)."),
	})

	SubstitutionMappingsDef.Keys = []*Key{
		key("node_type", All, ref(NodeType),
			"The node type this topology can implement; abstract node templates of this type may be replaced by it.").reqAll(),
		key("substitution_filter", From1_3, ent(NodeFilterDef),
			"Narrows which abstract node templates this topology may substitute, by their properties and capabilities "+
				"(a boolean expression in final 2.0)."),
		key("properties", From1_2, mapOf(ent(PropertyMappingDef).withShort(anyV())),
			"Maps each property of the node type to an input of this topology (`prop: [ input ]`)."),
		key("attributes", From1_3, mapOf(ent(AttributeMappingDef).withShort(ref(Output).withShort(listV()))),
			"Maps each attribute of the node type to an output of this topology (`attr: [ output ]`; 2.0 also `attr: output`, §15.3)."),
		key("capabilities", All, mapOf(ent(CapabilityMappingDef).withShort(listV())),
			"Maps each capability of the node type to a capability of an inner node template (`cap: [ node, capability ]`)."),
		key("requirements", V1x, mapOf(ent(RequirementMappingDef).withShort(listV())),
			"Maps each requirement of the node type to a requirement of an inner node template (`req: [ node, requirement ]`)."),
		key("requirements", V2, requirementMappings(),
			"Maps the requirements of the node type onto the topology, as a list (a requirement may be mapped several times): "+
				"`- req: [ node, requirement ]`, `- req: [ [ node, requirement ], … ]` or `- req: selectable_node` (§15.5). "+
				"The map form of the 2020 draft is accepted too."),
		// puccini also maps an interface onto a node template's, `[ node,
		// interface ]`, as the 2020 draft's table allows (validate warns).
		key("interfaces", From1_2, mapOf(mapOf(ref(Workflow)).withShort(tuple(ref(NodeTemplate), str()))),
			"Maps operations of the node type's interfaces to workflows of this topology (`Interface: { operation: workflow }`)."),
	}
	PropertyMappingDef.Keys = []*Key{
		key("mapping", All, listV(), "A one-element list naming the topology input that supplies the property."),
		key("value", All, anyV(), "A fixed value for the property. Deprecated: use a substitution filter to select on values instead."),
	}
	AttributeMappingDef.Keys = []*Key{
		key("mapping", All, listV(), "A one-element list naming the topology output that supplies the attribute."),
	}
	CapabilityMappingDef.Keys = []*Key{
		key("mapping", All, listV(), "`[ node_template, capability ]`: the inner capability that stands for the node type's capability."),
		key("properties", All, assignments(), "Instead of a mapping, property values for the exposed capability."),
		key("attributes", All, assignments(), "Instead of a mapping, attribute values for the exposed capability."),
	}
	RequirementMappingDef.Keys = []*Key{
		key("mapping", All, listV(), "`[ node_template, requirement ]`: the inner requirement that stands for the node type's requirement."),
		key("properties", All, assignments(), "Instead of a mapping, property values for the exposed requirement."),
		key("attributes", All, assignments(), "Instead of a mapping, attribute values for the exposed requirement."),
	}

	FunctionDef.Keys = []*Key{
		descriptionKey(V2Final, "the function"),
		metadataKey(V2Final, "the function"),
		key("signatures", V2Final, listOf(ent(FunctionSignatureDef)),
			"The accepted ways of calling the function; a call must match one of them.").reqAll(),
	}
	FunctionSignatureDef.Keys = []*Key{
		key("arguments", V2Final, listOf(ent(SchemaDef).withShort(ref(DataType))),
			"The type of each positional argument, in order."),
		key("optional_arguments", V2Final, listOf(ent(SchemaDef).withShort(ref(DataType))),
			"The types of the arguments that may follow the mandatory ones, in order (§10.4)."),
		key("variadic", V2Final, boolean(),
			"When true, the last argument may be repeated any number of times."),
		key("result", V2Final, ent(SchemaDef).withShort(ref(DataType)),
			"The type of the value the function returns."),
		key("implementation", V2Final, ent(ImplementationDef).withShort(ref(ArtifactFile)),
			"The artifact that computes the function for this signature."),
	}
}
