package grammar

// Templates and what they hold: node and relationship templates, their
// assignments, groups, policies and triggers, node filters and conditions,
// workflows and activities.

// NodeTemplateDef is an entry of `node_templates`.
var NodeTemplateDef = &Entity{
	Name: "node template",
	Doc: "One component of the topology, an instance description of a node type: it assigns the " +
		"type's properties, connects its requirements to other nodes and may override interfaces and artifacts.",
	Spec:     Spec{Draft: "4.3.2", Final: "7.2"},
	Declares: NodeTemplate,
	TypeKey:  "type",
	TypeKind: NodeType,
}

// RelationshipTemplateDef is an entry of `relationship_templates`.
var RelationshipTemplateDef = &Entity{
	Name: "relationship template",
	Doc: "A named, reusable relationship of a given relationship type with its property values and " +
		"interface assignments; requirement assignments use it by name.",
	Spec:     Spec{Draft: "4.3.4", Final: "7.4"},
	Declares: RelationshipTemplate,
	TypeKey:  "type",
	TypeKind: RelationshipType,
}

// GroupDef is an entry of `groups`.
var GroupDef = &Entity{
	Name:     "group definition",
	Doc:      "A named set of node templates of the topology, of a group type, typically so that policies can target them together.",
	Spec:     Spec{Draft: "4.6.2", Final: "16.2"},
	Declares: Group,
	TypeKey:  "type",
	TypeKind: GroupType,
}

// PolicyDef is an entry of `policies`.
var PolicyDef = &Entity{
	Name:     "policy definition",
	Doc:      "A rule of a policy type applied to some node templates or groups of the topology, optionally with triggers that react to events.",
	Spec:     Spec{Draft: "4.6.4", Final: "16.4"},
	Declares: Policy,
	TypeKey:  "type",
	TypeKind: PolicyType,
}

// TriggerDef is an entry of a policy's or policy type's `triggers`.
var TriggerDef = &Entity{
	Name: "trigger definition",
	Doc: "An event–condition–action rule: when the named event occurs and the condition holds, " +
		"the listed activities run.",
	Spec: Spec{Draft: "4.6.5", Final: "16.5"},
}

// TriggerConditionDef is the extended form of a trigger's `condition` (1.x, 2020 draft).
var TriggerConditionDef = &Entity{
	Name: "trigger condition",
	Doc: "The extended form of a trigger condition: the condition itself plus how it is evaluated " +
		"over time. The short form is just a list of condition clauses.",
	Spec: Spec{Draft: "4.6.5.2"},
}

// EventFilterDef is a trigger's `target_filter`.
var EventFilterDef = &Entity{
	Name: "event filter",
	Doc:  "Locates what a trigger watches: a node, optionally followed through one of its requirements, and optionally one of its capabilities.",
	Spec: Spec{Draft: "4.6.6"},
}

// ConditionClauseDef is a condition clause (workflow preconditions and filters, trigger conditions).
var ConditionClauseDef = &Entity{
	Name: "condition clause",
	Doc: "A boolean test on attributes: `and`, `or` and `not` combine nested clauses, and any other " +
		"key is an attribute name checked against a list of constraint clauses. Only one of `and`, `or`, `not` may appear.",
	Spec: Spec{Draft: "4.6.7"},
}

// AssertionDef is an entry of a condition clause's deprecated `assert`.
var AssertionDef = &Entity{
	Name: "assertion definition",
	Doc:  "Checks one attribute against constraint clauses: `attribute_name: [ constraint, … ]`.",
	Spec: Spec{Draft: "4.6.8"},
}

// NodeFilterDef is a `node_filter` (and `substitution_filter`) in 1.x and the 2020 draft.
var NodeFilterDef = &Entity{
	Name: "node filter",
	Doc: "Conditions a node must meet to be selected: constraints on its properties and on the " +
		"properties of capabilities it has. Final 2.0 replaces it with a boolean expression.",
	Spec: Spec{Draft: "4.3.5.7"},
}

// CapabilityFilterDef is an entry of a node filter's `capabilities`.
var CapabilityFilterDef = &Entity{
	Name: "capability filter",
	Doc:  "Requires the node to have this capability (by name, else by type) and constrains the capability's properties.",
	Spec: Spec{Draft: "4.3.5.7.2"},
}

// CapabilityAssign is an entry of a node template's `capabilities`.
var CapabilityAssign = &Entity{
	Name: "capability assignment",
	Doc:  "Gives values to the properties and attributes of one of the node type's capabilities for this node template.",
	Spec: Spec{Draft: "4.3.5.3", Final: "8.3"},
}

// RequirementAssign is an entry of a node template's `requirements`.
var RequirementAssign = &Entity{
	Name: "requirement assignment",
	Doc: "Says how one of the node type's requirements is fulfilled: by a given node template, or by a " +
		"node the orchestrator selects, through a chosen relationship. May be written as just the target node template name.",
	Spec: Spec{Draft: "4.3.5.6", Final: "8.5"},
}

// RequirementRelationshipAssign is the extended `relationship` of a requirement assignment.
var RequirementRelationshipAssign = &Entity{
	Name:     "requirement relationship assignment",
	Doc:      "The relationship formed by a requirement assignment, with property values and interface assignments for it.",
	Spec:     Spec{Draft: "4.3.5.6.2.3", Final: "8.5.2"},
	TypeKey:  "type",
	TypeKind: RelationshipType,
}

// InterfaceAssign is an entry of a template's `interfaces`.
var InterfaceAssign = &Entity{
	Name: "interface assignment",
	Doc: "Customises one of the type's interfaces for this template: input values for all operations, " +
		"and per-operation implementations and inputs.",
	Spec: Spec{Draft: "4.3.6.3", Final: "11.3"},
}

// OperationAssign is an operation inside an interface assignment.
var OperationAssign = &Entity{
	Name: "operation assignment",
	Doc: "Sets or overrides, for this template, how an operation is implemented and which input " +
		"values it receives. May be written as just the implementation.",
	Spec: Spec{Draft: "4.3.6.5", Final: "11.5"},
}

// NotificationAssign is a notification inside an interface assignment.
var NotificationAssign = &Entity{
	Name: "notification assignment",
	Doc:  "Sets or overrides, for this template, a notification's implementation and where its output values are stored.",
	Spec: Spec{Draft: "4.3.6.7", Final: "11.7"},
}

// WorkflowDef is an entry of `workflows`.
var WorkflowDef = &Entity{
	Name: "workflow definition",
	Doc: "A named imperative workflow: steps that run activities on nodes in a set order, " +
		"or an external workflow artifact.",
	Spec:     Spec{Draft: "4.7.1", Final: "13.2"},
	Declares: Workflow,
}

// PreconditionDef is an entry of a workflow's `preconditions`.
var PreconditionDef = &Entity{
	Name: "workflow precondition",
	Doc:  "A state check on a node or group that must hold before the workflow may start.",
	Spec: Spec{Draft: "4.7.2"},
}

// StepDef is an entry of a workflow's `steps`.
var StepDef = &Entity{
	Name: "workflow step",
	Doc:  "One step of a workflow: activities run in order on a target node or group, followed by the steps named in `on_success` or `on_failure`.",
	Spec: Spec{Draft: "4.7.3", Final: "13.2.2"},
}

// ActivityDef is one activity of a step or trigger action.
var ActivityDef = &Entity{
	Name: "activity definition",
	Doc: "One thing a workflow step or trigger does, written as a single-entry map: `delegate`, " +
		"`set_state`, `call_operation` or `inline`.",
	Spec: Spec{Draft: "4.6.9", Final: "13.2.3"},
}

// DelegateActivityDef is the extended form of a `delegate` activity.
var DelegateActivityDef = &Entity{
	Name: "delegate activity",
	Doc:  "Hands a declarative workflow (such as `deploy`) over to the orchestrator for the target, with optional inputs.",
	Spec: Spec{Draft: "4.6.9.1", Final: "13.2.3.1"},
}

// CallOperationActivityDef is the extended form of a `call_operation` activity.
var CallOperationActivityDef = &Entity{
	Name: "call operation activity",
	Doc:  "Calls an operation of the target, named `Interface.operation`, with optional input values overriding the template's.",
	Spec: Spec{Draft: "4.6.9.3", Final: "13.2.3.3"},
}

// InlineActivityDef is the extended form of an `inline` activity.
var InlineActivityDef = &Entity{
	Name: "inline activity",
	Doc:  "Runs another workflow of the topology in place, with optional inputs.",
	Spec: Spec{Draft: "4.6.9.4", Final: "13.2.3.4"},
}

// propertyFilter is a property filter (also a direct assertion): one
// constraint clause, or a list of them.
func propertyFilter() *Value {
	return ent(ConstraintClause).withShort(listOf(ent(ConstraintClause)))
}

// requirementTarget names the target node of a requirement assignment: a
// node template or node type, or one of the nodes made from a template with
// `count` as `[ node_template, index ]`, the index often `$node_index`
// (2.0 §8.5.1, §14.3).
func requirementTarget() *Value {
	return ref(NodeTypeOrTemplate).withShort(tuple(ref(NodeTemplate), count()))
}

// The directives of a node template by what they ask (2.0 §7.2.1; 1.x and
// the 2020 draft spell them selectable and substitutable).
var (
	SelectDirectives     = []string{"select", "selectable"}
	SubstituteDirectives = []string{"substitute", "substitutable"}
)

// nodeDirectiveDocs say what the directives of a node template ask of the
// orchestrator.
var nodeDirectiveDocs = map[string]string{
	"create":        "The orchestrator creates a new node from this template (what happens when no directive is given).",
	"select":        "The orchestrator selects an existing node, outside this service, that matches the template and its `node_filter`, instead of creating one.",
	"substitute":    "The orchestrator realises the node by deploying another service template whose `substitution_mappings` name this template's type.",
	"substitutable": "1.x (and the 2020 draft's deprecated) spelling of `substitute`: the node is realised by another service template whose `substitution_mappings` name this template's type.",
	"selectable":    "1.x (and the 2020 draft's deprecated) spelling of `select`: an existing node matching the template's `node_filter` may be used instead of creating one.",
}

// targetDirectiveDocs say where the other end of a requirement's
// relationship (or of one reaching a capability) may be, in final 2.0.
var targetDirectiveDocs = map[string]string{
	"internal": "The other end is a node of this service.",
	"external": "The other end is a node outside this service (one the orchestrator selects from its inventory).",
}

func conditionClauses() *Value { return listOf(ent(ConditionClauseDef)) }

func activities() *Value { return listOf(ent(ActivityDef)) }

func init() {
	NodeTemplateDef.Keys = []*Key{
		key("type", All, ref(NodeType),
			"The node type this template instantiates. Mandatory unless the template is made with `copy`.").reqAll().unless("copy"),
		descriptionKey(All, "the node template"),
		metadataKey(From1_1, "the node template"),
		// 1.x leaves directives open (any strings); the 2020 draft names
		// substitute and select with their deprecated synonyms substitutable
		// and selectable (CSD03 §4.8.3), the standard create, select and
		// substitute (CSD07 §7.2.1). A tosca_2_0 file may be in either
		// form: other values are warned about.
		key("directives", V1_1|V1_2|V1_3, listOf(enum("substitutable", "selectable").open().documented(nodeDirectiveDocs)),
			"Processing hints: `substitutable` asks for the node to be realised by another topology, `selectable` to be picked from existing nodes. "+
				"Orchestrators may define other directives."),
		key("directives", V2, listOf(enum("create", "select", "substitute", "selectable", "substitutable").open().documented(nodeDirectiveDocs)),
			"How the orchestrator obtains the node: `create` it (the default), `select` an existing one (read from its `node_filter`) or "+
				"`substitute` it by another service template; listed in order of preference, each tried if the one before fails "+
				"(2.0 §7.2.1). The 2020 draft also wrote `selectable` and `substitutable`."),
		key("properties", All, assignments(), "Values for the properties declared by the node type (literal values or function calls)."),
		key("attributes", All, assignments(), "Initial values for attributes declared by the node type."),
		key("requirements", V1x, namedList(ent(RequirementAssign).withShort(ref(NodeTemplate))),
			"How this node's requirements are fulfilled, as a list of `- requirement_name: node_template` entries."),
		key("requirements", V2, namedList(ent(RequirementAssign).withShort(requirementTarget())),
			"How this node's requirements are fulfilled, as a list of `- requirement_name: target` entries; the short form "+
				"names the target as `node` does: a node template, `[ node_template, index ]` or a node type (§8.5.1)."),
		key("capabilities", All, mapOf(ent(CapabilityAssign)), "Property and attribute values for the node type's capabilities."),
		key("interfaces", All, mapOf(ent(InterfaceAssign)), "Per-template inputs and implementations for the node type's interfaces."),
		key("artifacts", All, mapOf(ent(ArtifactDef).withShort(ref(ArtifactFile))),
			"Artifacts for this template, added to or replacing those of the node type."),
		key("node_filter", All, ent(NodeFilterDef),
			"With the `select` (1.x: `selectable`) directive: conditions an existing node must meet to be chosen (a boolean expression in final 2.0)."),
		key("copy", All, ref(NodeTemplate),
			"Starts from a copy of another node template (which must not itself use `copy`) and overrides what is written here."),
		key("count", V2Final, count(), "How many nodes to create from this template (1 by default)."),
	}

	RelationshipTemplateDef.Keys = []*Key{
		key("type", All, ref(RelationshipType),
			"The relationship type this template instantiates. Mandatory unless the template is made with `copy`.").reqAll().unless("copy"),
		descriptionKey(All, "the relationship template"),
		metadataKey(From1_1, "the relationship template"),
		key("properties", All, assignments(), "Values for the properties declared by the relationship type."),
		key("attributes", All, assignments(), "Initial values for attributes declared by the relationship type."),
		key("interfaces", All, mapOf(ent(InterfaceAssign)), "Per-template inputs and implementations for the relationship type's interfaces."),
		key("copy", All, ref(RelationshipTemplate),
			"Starts from a copy of another relationship template (which must not itself use `copy`)."),
	}

	GroupDef.Keys = []*Key{
		key("type", All, ref(GroupType), "The group type of this group.").reqAll(),
		descriptionKey(All, "the group"),
		metadataKey(From1_1, "the group"),
		key("properties", All, assignments(), "Values for the properties declared by the group type."),
		key("attributes", From1_2, assignments(), "Initial values for attributes declared by the group type."),
		key("members", All, refs(NodeTemplateOrGroup),
			"The node templates (in 2.0 also groups) that belong to the group; they must suit the group type's `members`."),
		key("interfaces", V1_0|V1_1|V1_2, mapOf(ent(InterfaceAssign)), "Per-group inputs and implementations for the group type's interfaces."),
	}

	PolicyDef.Keys = []*Key{
		key("type", All, ref(PolicyType), "The policy type of this policy.").reqAll(),
		descriptionKey(All, "the policy"),
		metadataKey(From1_1, "the policy"),
		key("properties", All, assignments(), "Values for the properties declared by the policy type."),
		key("targets", All, refs(NodeTemplateOrGroup),
			"The node templates or groups the policy applies to; they must suit the policy type's `targets`."),
		key("triggers", From1_1, mapOf(ent(TriggerDef)), "Triggers of this policy, in addition to those of its type."),
	}

	TriggerDef.Keys = []*Key{
		descriptionKey(All, "the trigger"),
		key("event", All, str(),
			"The event that fires the trigger, often a notification written `Interface.notification`. "+
				"Mandatory, unless the older spelling `event_type` is used.").req(From1_2).unless("event_type"),
		key("event_type", UpToDraft, str(), "Older spelling of `event`: the event that fires the trigger."),
		key("schedule", V1x, mapV(), "The time window (`start_time`, `end_time`) during which the trigger is active."),
		key("target_filter", UpToDraft, ent(EventFilterDef), "Which node (or capability) the trigger watches (final 2.0 dropped it, §16.5)."),
		key("condition", All, ent(TriggerConditionDef).withShort(conditionClauses()),
			"What must hold, besides the event, for the action to run: a list of condition clauses, or the extended form "+
				"with an evaluation period (a boolean expression in final 2.0)."),
		key("period", V1x, str(), "Older placement of the evaluation period of the condition, a time such as `60 s`."),
		key("evaluations", V1x, integer(), "Older placement of how many evaluations in the period must meet the condition."),
		key("method", V1x, str(), "Older placement of the statistical method (e.g. `average`) used to evaluate the condition."),
		key("action", All, activities(), "The activities run when the trigger fires, in order.").req(From1_2),
	}
	TriggerConditionDef.Keys = []*Key{
		// 1.3 §3.6.22.3.2 writes one clause; a list of clauses is their `and`.
		key("constraint", UpToDraft, conditionClauses().withShort(ent(ConditionClauseDef)), "The condition clause (or list of clauses) to evaluate."),
		key("period", UpToDraft, str(), "The time span over which the condition is evaluated, e.g. `60 s`."),
		key("evaluations", UpToDraft, integer(), "How many evaluations must be made over the period."),
		key("method", UpToDraft, str(), "The statistical method used to combine the evaluations, e.g. `average`."),
	}
	// Final 2.0 writes the condition as a boolean expression.
	TriggerConditionDef.Extra = anyV()
	TriggerConditionDef.ExtraIn = V2Final
	EventFilterDef.Keys = []*Key{
		key("node", All, ref(NodeTypeOrTemplate), "The node template or node type holding (or leading to) what is watched.").reqAll(),
		key("requirement", All, ref(RequirementName), "A requirement of that node to follow to the node actually watched."),
		key("capability", All, ref(CapabilityName), "A capability whose attributes are watched."),
	}

	ConditionClauseDef.Keys = []*Key{
		key("and", UpToDraft, conditionClauses(), "True when every nested clause is true."),
		key("or", UpToDraft, conditionClauses(), "True when at least one nested clause is true."),
		key("not", UpToDraft, conditionClauses(), "True when the nested clauses are not all true (negation of their `and`)."),
		key("assert", UpToDraft, listOf(ent(AssertionDef)),
			"Deprecated: a list of attribute assertions that must all hold; write the assertions directly instead."),
	}
	// Any other key is a direct assertion: attribute_name: [ constraint clauses ].
	ConditionClauseDef.Extra = propertyFilter()
	AssertionDef.Extra = propertyFilter()

	NodeFilterDef.Keys = []*Key{
		key("properties", UpToDraft, namedList(propertyFilter()),
			"Constraints on the node's own properties: `- property: { constraint }` or `- property: [ constraints ]`."),
		key("capabilities", UpToDraft, namedList(ent(CapabilityFilterDef)),
			"Capabilities (by name or type) the node must have, each with optional property constraints."),
	}
	// Final 2.0 writes filters as boolean expressions ({$and: […]}).
	NodeFilterDef.Extra = anyV()
	NodeFilterDef.ExtraIn = V2Final
	CapabilityFilterDef.Keys = []*Key{
		key("properties", All, namedList(propertyFilter()), "Constraints on the capability's properties."),
	}

	CapabilityAssign.Keys = []*Key{
		key("properties", All, assignments(), "Values for the capability's properties."),
		key("attributes", All, assignments(), "Initial values for the capability's attributes."),
		key("occurrences", V1_3|V2Draft, integer(),
			"The maximum number of relationships this capability accepts, within the range of its definition."),
		key("directives", V2Final, listOf(enum("internal", "external").documented(targetDirectiveDocs)),
			"Whether relationships to this capability may come from nodes of this service (`internal`), from outside it (`external`), or both."),
	}

	RequirementAssign.Keys = []*Key{
		key("capability", All, ref(CapabilityTypeOrName),
			"The capability of the target to connect to: a capability name of the target, or a capability type."),
		key("node", All, requirementTarget(),
			"The target: a node template of this topology, one of the nodes made from a template as "+
				"`[ node_template, index ]` (2.0 §8.5.1), or a node type for the orchestrator to find a node of."),
		key("relationship", All, ent(RequirementRelationshipAssign).withShort(ref(RelationshipTypeOrTemplate)),
			"The relationship to form: a relationship template or type name, or a map with type, property values and interfaces."),
		key("node_filter", All, ent(NodeFilterDef),
			"Extra conditions a selected target node must meet, in addition to the requirement definition's (a boolean expression in final 2.0)."),
		key("occurrences", V1_3|V2Draft, integer(),
			"How many of the requirement's relationships this entry stands for (1 by default)."),
		key("count", V2Final, count(),
			"How many relationships this entry forms (1 by default).").replacing("occurrences"),
		key("optional", V2Final, boolean(),
			"When true, the service may be deployed even if this requirement cannot be fulfilled."),
		key("allocation", V2Final, mapV(),
			"Capacity taken from the target capability by this relationship, as property values the target must have available (§8.5.5)."),
		key("allocations", V2Final, mapV(),
			"The spelling of `allocation` that 2.0 §14.3 uses; the text writes both, so both are accepted."),
		key("directives", V2Final, listOf(enum("internal", "external").documented(targetDirectiveDocs)),
			"Whether the target may be a node of this service (`internal`), a node outside it (`external`), or either."),
	}
	RequirementRelationshipAssign.Keys = []*Key{
		key("type", All, ref(RelationshipTypeOrTemplate), "The relationship type (or relationship template) to use."),
		key("properties", All, assignments(), "Values for the relationship's properties."),
		key("attributes", V2Final, assignments(), "Initial values for the relationship's attributes (2.0 §8.5.1)."),
		key("interfaces", All, mapOf(ent(InterfaceAssign)), "Inputs and implementations for the relationship's interfaces."),
	}

	InterfaceAssign.Keys = []*Key{
		key("inputs", All, assignments(), "Input values passed to every operation of the interface; new inputs may be added."),
		key("operations", From1_3, mapOf(ent(OperationAssign).withShort(ref(ArtifactFile))),
			"Per-operation implementations and inputs. Before 1.3 operations are written directly under the interface."),
		key("notifications", From1_3, mapOf(ent(NotificationAssign).withShort(ref(ArtifactFile))),
			"Per-notification implementations and output mappings."),
	}
	InterfaceAssign.Extra = ent(OperationAssign).withShort(ref(ArtifactFile))
	InterfaceAssign.ExtraIn = V1_0 | V1_1 | V1_2

	OperationAssign.Keys = []*Key{
		descriptionKey(All, "the operation"),
		key("implementation", All, ent(ImplementationDef).withShort(ref(ArtifactFile)),
			"The artifact that performs the operation for this template, overriding the type's."),
		key("inputs", All, assignments(), "Input values for the operation; inputs the definition does not declare may be added."),
		key("outputs", From1_2, mapOf(listV()),
			"Stores returned values into attributes: `name: [ SELF, attribute ]` (or `[ SELF, capability, attribute ]`; relationships also allow SOURCE and TARGET)."),
	}
	NotificationAssign.Keys = []*Key{
		descriptionKey(From1_3, "the notification"),
		key("implementation", From1_3, ent(ImplementationDef).withShort(ref(ArtifactFile)),
			"The artifact that receives the notification for this template, overriding the type's."),
		key("inputs", V2Final, assignments(), "Values for the notification's inputs; inputs its definition does not declare may be added (2.0 §11.7)."),
		key("outputs", From1_3, mapOf(listV()), "Stores values carried by the notification into attributes: `name: [ SELF, attribute ]`."),
	}

	WorkflowDef.Keys = []*Key{
		descriptionKey(From1_1, "the workflow"),
		metadataKey(From1_1, "the workflow"),
		key("inputs", From1_1, mapOf(ent(ParameterDef)), "Parameters the workflow accepts when it is launched."),
		key("preconditions", From1_1&UpToDraft, listOf(ent(PreconditionDef)),
			"Conditions on nodes or groups that must hold for the workflow to start."),
		key("precondition", V2Final, anyV(),
			"A boolean expression that must hold for the workflow to start.").replacing("preconditions"),
		key("steps", From1_1, mapOf(ent(StepDef)), "The steps of the workflow, by name; their `on_success`/`on_failure` links order them."),
		key("implementation", From1_3, ent(ImplementationDef).withShort(ref(ArtifactFile)),
			"An artifact written in an external workflow language, used instead of `steps`."),
		key("outputs", From1_3, mapOf(anyV()), "Values the workflow produces, mapped onto attributes of nodes or relationships."),
	}
	PreconditionDef.Keys = []*Key{
		key("target", UpToDraft, ref(NodeTemplateOrGroup), "The node template or group whose state is checked.").reqAll(),
		key("target_relationship", UpToDraft, ref(RequirementName),
			"A requirement of the target node, to check the relationship it forms instead of the node."),
		key("condition", UpToDraft, conditionClauses(), "Condition clauses that must all hold."),
	}
	StepDef.Keys = []*Key{
		key("target", From1_1, ref(NodeTemplateOrGroup), "The node template or group the step's activities act on.").reqAll(),
		key("target_relationship", From1_1, ref(RequirementName),
			"A requirement of the target node: the step then acts on the relationship it forms."),
		key("operation_host", From1_1&UpToDraft, str(),
			"Where called operations run: `SOURCE` or `TARGET` for relationships, or a node for groups (final 2.0 dropped it, §13.2.2)."),
		key("filter", V1_1|V1_2|V1_3, conditionClauses(), "Condition clauses that decide whether the step applies to a given target instance."),
		key("filter", V2, anyV(),
			"Decides whether the step applies to a given target instance: a list of condition clauses (a boolean expression in final 2.0)."),
		key("activities", From1_1, activities(), "The activities to run, in order.").reqAll(),
		key("on_success", From1_1, strs(), "Names of the steps to run after this one succeeds."),
		key("on_failure", From1_1, strs(), "Names of the steps to run after this one fails."),
	}

	ActivityDef.Keys = []*Key{
		key("delegate", From1_1, ent(DelegateActivityDef).withShort(str()),
			"Delegates a declarative workflow (e.g. `deploy`) to the orchestrator for the target."),
		key("set_state", From1_1, enum(NodeStates...).open(),
			"Sets the target node's state, e.g. `configured`. The states come from the node types (the 1.x normative types, a 2.0 profile), so others are allowed."),
		key("call_operation", From1_1, ent(CallOperationActivityDef).withShort(str()),
			"Calls an operation of the target, written `Interface.operation`."),
		key("inline", From1_1, ent(InlineActivityDef).withShort(ref(Workflow)), "Runs another workflow of the topology here."),
	}
	DelegateActivityDef.Keys = []*Key{
		key("workflow", From1_3, str(), "The declarative workflow to delegate, e.g. `deploy`.").reqAll(),
		key("inputs", From1_3, assignments(), "Input values for the delegated workflow."),
	}
	CallOperationActivityDef.Keys = []*Key{
		key("operation", From1_3, str(), "The operation to call, written `Interface.operation`.").reqAll(),
		key("inputs", From1_3, assignments(), "Input values for this call, overriding those of the template."),
	}
	InlineActivityDef.Keys = []*Key{
		key("workflow", From1_3, ref(Workflow), "The workflow to run in place.").reqAll(),
		key("inputs", From1_3, assignments(), "Input values for the inlined workflow."),
	}
}
