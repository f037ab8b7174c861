package grammar

import "strings"

// Variability4TOSCA 1.0 as Vintner specifies it today (its specification,
// `../shared/reference/variability4tosca/specification.md`, which for
// tosca_variability_1_0 supersedes and extends the seed): TOSCA Simple
// Profile 1.3 plus a variability definition in the topology template
// (inputs, presets, expressions, constraints, options, type-specific
// conditions, technology rules, plugins) and conditional elements: node
// templates, requirement assignments, properties, artifacts, groups,
// policies, type assignments, topology inputs and outputs, imports and
// technologies each take `conditions` and the options that steer how
// Vintner completes and checks them. Properties, artifacts, types and
// technologies may be lists of conditional alternatives sharing a name;
// topology inputs, outputs, node templates and groups may be lists too
// ("Element Collections"). The seed's `get_variability_*` functions and
// `greater_than`/`less_than` stay beside the current operators.
//
// Sections named below are those of Vintner's specification. Where it is
// ambiguous, the choice and its section are said where it is made.
//
// The keynames are added to the 1.3 entities here, in an init that runs
// after those of the files defining them (Go runs a package's files' inits
// in file name order; TestVariabilityKeynames guards it).

// VariabilityDef is the value of a topology template's `variability`.
var VariabilityDef = &Entity{
	Name: "variability definition",
	Doc: "The variability of the topology: the variability inputs a deployment variant is chosen with, " +
		"presets of their values, named expressions the conditions use, constraints every variant meets, " +
		"and the options of how Vintner resolves variability.",
	Spec: Spec{Text: "Variability4TOSCA: Variability Definition"},
}

// VariabilityInputDef is an entry of a variability definition's `inputs`.
var VariabilityInputDef = &Entity{
	Name: "variability input",
	Doc: "An input that selects the deployment variant: conditions read it with `variability_input` " +
		"(`get_variability_input` in the seed). It is written like a topology input; it may also relate to other " +
		"variability inputs as a feature model does (`requires`, `excludes`, `alternatives`, …).",
	Spec:     Spec{Text: "Variability4TOSCA: Variability Input"},
	Declares: VariabilityInput,
}

// VariabilityPresetDef is an entry of a variability definition's `presets`.
var VariabilityPresetDef = &Entity{
	Name: "variability preset",
	Doc:  "A named set of values for variability inputs (a deployment variant) chosen at once when variability is resolved.",
	Spec: Spec{Text: "Variability4TOSCA: Variability Preset"},
}

// VariabilityExpressionDef is an entry of a variability definition's
// `expressions`: an expression, read with logic_expression (when it
// returns a boolean) or value_expression (the seed's
// get_variability_condition and get_variability_expression).
var VariabilityExpressionDef = &Entity{
	Name:     "variability expression",
	Doc:      "A named expression of variability operators; one that returns a boolean is a logic expression, usable as a condition.",
	Spec:     Spec{Text: "Variability4TOSCA: Variability Expression"},
	Declares: VariabilityExpression,
}

// VariabilityOptionsDef is a variability definition's `options`.
var VariabilityOptionsDef = &Entity{
	Name: "variability options",
	Doc: "How Vintner resolves variability: the pruning mode, which default conditions and pruning apply to " +
		"which elements, the checks, the solver's optimization, and the enricher's, normalizer's and constraints' " +
		"settings. A more specific option overrides a wider one (`node_pruning` over `mode`). The release candidates " +
		"`_rc_2` and `_rc_3` differ from `tosca_variability_1_0` only in some defaults, which each option names.",
	Spec: Spec{Text: "Variability4TOSCA: Variability Options"},
}

// TypeSpecificConditionsDef is a variability definition's
// `type_specific_conditions` written in place (else a file name).
var TypeSpecificConditionsDef = &Entity{
	Name: "type-specific conditions",
	Doc: "Default conditions per type, overriding the element-generic ones for the elements of that type: " +
		"by type kind, then by type name.",
	Spec: Spec{Text: "Variability4TOSCA: Type-Specific Default Conditions"},
}

// TypeSpecificConditionDef is the default condition of one type.
var TypeSpecificConditionDef = &Entity{
	Name: "type-specific default condition",
	Doc:  "The default condition of the elements of one type, and whether it is a consistency or a semantic condition.",
	Spec: Spec{Text: "Variability4TOSCA: Type-Specific Default Conditions"},
}

// TechnologyRuleDef is one rule of a variability definition's `qualities`.
var TechnologyRuleDef = &Entity{
	Name: "technology rule",
	Doc: "When a deployment technology may be assigned to a component: the component's node type, the hosting " +
		"it needs, conditions and a weight.",
	Spec: Spec{Text: "Variability4TOSCA: Technology Rules"},
}

// PluginsDef is a variability definition's `plugins`.
var PluginsDef = &Entity{
	Name: "plugin definition",
	Doc:  "Plugins Vintner loads while resolving variability.",
	Spec: Spec{Text: "Variability4TOSCA: Plugin Definition"},
}

// ConditionalTypeDef is an entry of a conditional `type` list: one type a
// template, group, policy or artifact has under conditions.
var ConditionalTypeDef = &Entity{
	Name: "type assignment",
	Doc:  "One of the types an element may have: the type named is its type when these conditions hold.",
	Spec: Spec{Text: "Variability4TOSCA: Type Assignment"},
}

// ConditionalPropertyDef is a property assignment wrapped with conditions
// in the list form of `properties`.
var ConditionalPropertyDef = &Entity{
	Name: "conditional property assignment",
	Doc: "A property value that is present only under conditions; several entries of the list may give one " +
		"property, as alternatives. An entry is wrapped so only when its value is a map holding one of these keynames " +
		"(write `value: { value: … }` for a map value that holds one).",
	Spec: Spec{Text: "Variability4TOSCA: Property Assignment"},
}

// TechnologyTemplateDef is an entry of a node template's `technology` list.
var TechnologyTemplateDef = &Entity{
	Name: "technology template",
	Doc:  "A deployment technology of the node template, present under conditions.",
	Spec: Spec{Text: "Variability4TOSCA: Technology Template"},
}

// Operator names the analysis reads.
const (
	OpVariabilityInput = "variability_input"
	OpLogicExpression  = "logic_expression"
	OpValueExpression  = "value_expression"
	OpNameEqual        = "equal"
)

// Keynames of conditional elements the analysis reads.
const (
	KeyDefaultAlternative = "default_alternative"
	KeyWeight             = "weight"
	KeyImplies            = "implies"
	KeyVariability        = "variability"
	KeyOptions            = "options"
	KeyTechnology         = "technology"
)

// The functions that read the variability definition by name. The seed's
// get_variability_* forms are also recognised in any value of a
// Variability4TOSCA file, as the seed has them.
var (
	GetVariabilityInput = &Function{Name: "get_variability_input", In: V4T,
		Doc:    "Returns the value of a variability input (the seed's form of `variability_input`).",
		Params: []Param{{Name: "input", Ref: VariabilityInput, Kind: ArgString, Doc: "The name of a variability input."}}}
	GetVariabilityExpression = &Function{Name: "get_variability_expression", In: V4T,
		Doc:    "Returns the value of a variability expression (the seed's form of `value_expression`).",
		Params: []Param{{Name: "expression", Ref: VariabilityExpression, Kind: ArgString, Doc: "The name of a variability expression."}}}
	GetVariabilityCondition = &Function{Name: "get_variability_condition", In: V4T, Result: ArgBoolean,
		Doc:    "Returns the value of a variability expression used as a condition: it must return a boolean (the seed's form of `logic_expression`).",
		Params: []Param{{Name: "condition", Ref: VariabilityExpression, Kind: ArgString, Doc: "The name of a variability expression that returns a boolean."}}}
	VariabilityInputOp = &Function{Name: OpVariabilityInput, In: V4T,
		Doc:    "Returns the value of a variability input.",
		Params: []Param{{Name: "input", Ref: VariabilityInput, Kind: ArgString, Doc: "The name of a variability input."}}}
	LogicExpressionOp = &Function{Name: OpLogicExpression, In: V4T, Result: ArgBoolean,
		Doc:    "Returns the value of a logic expression: a variability expression that returns a boolean.",
		Params: []Param{{Name: "expression", Ref: VariabilityExpression, Kind: ArgString, Doc: "The name of a variability expression that returns a boolean."}}}
	ValueExpressionOp = &Function{Name: OpValueExpression, In: V4T,
		Doc:    "Returns the value of a variability expression.",
		Params: []Param{{Name: "expression", Ref: VariabilityExpression, Kind: ArgString, Doc: "The name of a variability expression."}}}
)

// ReadsExpression reports whether fn reads a named variability expression
// and needs it to return a boolean.
func (fn *Function) ReadsExpression() (reads, boolean bool) {
	switch fn {
	case LogicExpressionOp, GetVariabilityCondition:
		return true, true
	case ValueExpressionOp, GetVariabilityExpression:
		return true, false
	}
	return false, false
}

// Presence operators name elements of the topology, or the element (SELF)
// or container (CONTAINER) holding the condition; SOURCE and TARGET are the
// ends of the relationship holding it. Where the specification allows a
// number, it is the element's index in its list.
var (
	presenceSelf     = []string{"SELF", "CONTAINER"}
	presenceRelation = []string{"SELF", "CONTAINER", "SOURCE", "TARGET"}
)

// VariabilityKeywords documents the words presence operators take instead
// of an element's name.
var VariabilityKeywords = []Keyword{
	{"SELF", "The element holding the condition."},
	{"CONTAINER", "The element containing the one holding the condition (the node template of a property, artifact or requirement assignment)."},
	{"SOURCE", "The source node of the relationship holding the condition."},
	{"TARGET", "The target node of the relationship holding the condition."},
}

func typed(name string, t ArgKind, doc string) Param { return Param{Name: name, Kind: t, Doc: doc} }

// element is an argument naming an element of kind ref, one of keywords
// instead, or (index) the element's position in its list.
func element(name string, ref RefKind, keywords []string, index bool, doc string) Param {
	return Param{Name: name, Ref: ref, Keywords: keywords, Index: index, Kind: ArgString, Doc: doc}
}

func nodeArg(keywords []string) Param {
	return element("node", NodeTemplate, keywords, false, "A node template, or "+strings.Join(keywords, ", ")+".")
}

// memberArg names an entry of a section of the element the first argument
// names (a requirement assignment, an artifact or a property of a node):
// by name, or by index.
func memberArg(name, what, section string) Param {
	p := typed(name, ArgString, "The name of the "+what+", or its index.")
	p.Section = section
	return p
}

func typeArg(kind RefKind) Param {
	return element("type", kind, nil, true, "The name of the type, or its index in the element's list of conditional types.")
}

// The operators of a kind share their shape.
func allOf(name string, t ArgKind, result ArgKind, doc string) *Function {
	return &Function{Name: name, In: V4T, Variadic: true, Result: result, Doc: doc,
		Params: []Param{typed("value", t, "An expression; repeat as needed.")}}
}

func op(name string, result ArgKind, doc string, params ...Param) *Function {
	return &Function{Name: name, In: V4T, Result: result, Doc: doc, Params: params}
}

func comparison(name, doc string) *Function {
	return op(name, ArgBoolean, doc, typed("a", ArgNumber, "A numeric expression."), typed("b", ArgNumber, "The value to compare with."))
}

func lengthTest(name, doc string) *Function {
	return op(name, ArgBoolean, doc, typed("value", ArgAny, "A string or list."), typed("length", ArgNumber, "The length."))
}

func presence(name, doc string, params ...Param) *Function {
	return op(name, ArgBoolean, doc, params...)
}

func nodePresence(name, doc string) *Function {
	return presence(name, doc, nodeArg(presenceRelation))
}

func dateTest(name, doc string) *Function {
	return op(name, ArgBoolean, doc, typed("date", ArgAny, "A date (a string or a timestamp in milliseconds)."),
		typed("other", ArgAny, "The date to compare with."))
}

func analytical(name, doc string) *Function { return allOf(name, ArgNumber, ArgNumber, doc) }

func regression(name, doc string, extra ...Param) *Function {
	return op(name, ArgNumber, doc, append([]Param{
		typed("points", ArgList, "The known points, a list of `[ x, y ]` pairs."),
		typed("x", ArgNumber, "Where to predict.")}, extra...)...)
}

// VariabilityOperators are the operators and functions of variability
// expressions ("Intrinsic Functions"), with their argument and result
// types, followed by the seed's own.
var VariabilityOperators = []*Function{
	// Logical operators.
	allOf("and", ArgBoolean, ArgBoolean, "True when every value is true."),
	allOf("or", ArgBoolean, ArgBoolean, "True when at least one value is true."),
	op("not", ArgBoolean, "The negation of its boolean argument (written without a list).",
		typed("condition", ArgBoolean, "The boolean expression to negate.")),
	allOf("xor", ArgBoolean, ArgBoolean, "True when an odd number of the values are true (the seed: exactly one)."),
	allOf("exo", ArgBoolean, ArgBoolean, "True when exactly one value is true."),
	op("implies", ArgBoolean, "True unless the first value is true and the second false.",
		typed("premise", ArgBoolean, "The boolean expression that implies."), typed("conclusion", ArgBoolean, "What it implies.")),
	allOf("amo", ArgBoolean, ArgBoolean, "True when at most one value is true."),
	// Arithmetic operators.
	allOf("add", ArgNumber, ArgNumber, "The sum of the values."),
	allOf("sub", ArgNumber, ArgNumber, "The first value minus the others."),
	allOf("mul", ArgNumber, ArgNumber, "The product of the values."),
	allOf("div", ArgNumber, ArgNumber, "The first value divided by the others."),
	op("mod", ArgNumber, "The remainder of dividing the first value by the second.",
		typed("dividend", ArgNumber, "The number to divide."), typed("divisor", ArgNumber, "The number to divide by.")),
	// Presence operators.
	VariabilityInputOp,
	LogicExpressionOp,
	ValueExpressionOp,
	nodePresence("node_presence", "True when the node template is present."),
	nodePresence("host_presence", "True when a host of the node template is present."),
	nodePresence("has_source", "True when a source of an incoming relationship of the node template is present."),
	nodePresence("has_incoming_relation", "True when an incoming relationship of the node template is present."),
	nodePresence("has_incoming_relation_naive", "True when an incoming relationship of the node template is present, read naively (cyclic with the relationships' default conditions)."),
	nodePresence("has_outgoing_relation", "True when an outgoing relationship of the node template is present."),
	nodePresence("has_outgoing_relation_naive", "True when an outgoing relationship of the node template is present, read naively (cyclic with the relationships' default conditions)."),
	nodePresence("has_artifact", "True when an artifact of the node template is present."),
	nodePresence("has_artifact_naive", "True when an artifact of the node template is present, read naively (cyclic with the artifacts' default conditions)."),
	presence("relation_presence", "True when the relationship (requirement assignment) of the node template is present.",
		nodeArg(presenceSelf), memberArg("relation", "requirement assignment", SectionRequirements)),
	presence("artifact_presence", "True when the artifact of the node template is present.",
		nodeArg(presenceSelf), memberArg("artifact", "artifact", SectionArtifacts)),
	presence("is_managed", "True when the artifact (SELF: the one holding the condition) is managed by a deployment technology.",
		nodeArg(presenceSelf), optional(memberArg("artifact", "artifact", SectionArtifacts))),
	presence("policy_presence", "True when the policy is present.",
		element("policy", Policy, nil, true, "The name of a policy, or its index in `policies`.")),
	presence("group_presence", "True when the group is present.", element("group", Group, nil, false, "The name of a group.")),
	presence("input_presence", "True when the topology input is present.",
		element("input", Input, nil, true, "The name of a topology input, or its index.")),
	presence("is_consumed", "True when a property consumes the topology input.",
		element("input", Input, nil, true, "The name of a topology input, or its index.")),
	presence("output_presence", "True when the topology output is present.",
		element("output", Output, nil, true, "The name of a topology output, or its index.")),
	presence("is_produced", "True when a property produces the topology output.",
		element("output", Output, nil, true, "The name of a topology output, or its index.")),
	presence("source_presence", "True when the source node of the relationship holding the condition is present.",
		element("relation", NoRef, presenceSelf, false, "SELF or CONTAINER: the relationship holding the condition.")),
	presence("target_presence", "True when the target node of the relationship holding the condition is present.",
		element("relation", NoRef, presenceSelf, false, "SELF or CONTAINER: the relationship holding the condition.")),
	presence("has_present_target", "True when a target of the policy is present.",
		element("policy", Policy, presenceSelf, true, "A policy (its name or index), or SELF, CONTAINER.")),
	presence("has_present_member", "True when a member of the group is present.",
		element("group", Group, presenceSelf, false, "A group, or SELF, CONTAINER.")),
	presence("node_type_presence", "True when the node template has this of its conditional types.",
		nodeArg(presenceRelation), typeArg(NodeType)),
	presence("relation_type_presence", "True when the relationship of the node template has this of its conditional types.",
		nodeArg(presenceSelf), memberArg("relation", "requirement assignment", SectionRequirements), typeArg(RelationshipType)),
	presence("group_type_presence", "True when the group has this of its conditional types.",
		element("group", Group, presenceSelf, false, "A group, or SELF, CONTAINER."), typeArg(GroupType)),
	// The table names the first argument "Group" (a slip): it is the policy.
	presence("policy_type_presence", "True when the policy has this of its conditional types.",
		element("policy", Policy, presenceSelf, true, "A policy (its name or index), or SELF, CONTAINER."), typeArg(PolicyType)),
	// The table gives Tuple(Node, Type) while an artifact is also needed to
	// tell one: the artifact may come between them.
	presence("artifact_type_presence", "True when the artifact of the node template has this of its conditional types.",
		nodeArg(presenceRelation), memberArg("artifact", "artifact", SectionArtifacts), optional(typed("type", ArgString, "The name of the type, or its index."))),
	presence("node_property_presence", "True when the property of the node template is present.",
		nodeArg(presenceRelation), memberArg("property", "property", SectionProperties)),
	presence("relation_property_presence", "True when the property of the relationship is present.",
		nodeArg(presenceSelf), memberArg("relation", "requirement assignment", SectionRequirements), typed("property", ArgString, "The name of the property, or its index.")),
	presence("group_property_presence", "True when the property of the group is present.",
		element("group", Group, presenceSelf, false, "A group, or SELF, CONTAINER."), memberArg("property", "property", SectionProperties)),
	presence("policy_property_presence", "True when the property of the policy is present.",
		element("policy", Policy, presenceSelf, true, "A policy (its name or index), or SELF, CONTAINER."), memberArg("property", "property", SectionProperties)),
	presence("artifact_property_presence", "True when the property of the artifact is present.",
		nodeArg(presenceRelation), memberArg("artifact", "artifact", SectionArtifacts), typed("property", ArgString, "The name of the property, or its index.")),
	presence("container_presence", "True when the container of the property or artifact holding the condition is present.",
		element("element", NoRef, presenceSelf, false, "SELF or CONTAINER.")),
	presence("import_presence", "True when the import is present.", typed("import", ArgNumber, "The index of the import in `imports`.")),
	presence("technology_presence", "True when the deployment technology of the node template is present.",
		element("node", NodeTemplate, nil, false, "A node template."), memberArg("technology", "technology", KeyTechnology)),
	// String operators.
	allOf("concat", ArgAny, ArgString, "Concatenates the values into one string."),
	op("join", ArgString, "Joins a list of values with a delimiter.",
		typed("values", ArgList, "The list of values."), typed("delimiter", ArgString, "The text between the values.")),
	op("token", ArgString, "Splits a value at a delimiter and returns the piece at an index.",
		typed("value", ArgAny, "The value to split."), typed("delimiter", ArgString, "The delimiter."),
		typed("index", ArgNumber, "The zero-based index of the piece.")),
	// Constraint operators.
	allOf(OpNameEqual, ArgAny, ArgBoolean, "True when all the values are equal."),
	comparison("greater", "True when the first value is greater than the second."),
	comparison("greater_or_equal", "True when the first value is greater than or equal to the second."),
	comparison("less", "True when the first value is less than the second."),
	comparison("less_or_equal", "True when the first value is less than or equal to the second."),
	op("in_range", ArgBoolean, "True when the value lies in `[lower, upper]`, bounds included.",
		typed("value", ArgNumber, "A numeric expression."), typed("range", ArgRange, "The bounds `[lower, upper]`.")),
	op("valid_values", ArgBoolean, "True when the value is one of the list's.",
		typed("value", ArgAny, "An expression."), typed("values", ArgList, "The values allowed.")),
	lengthTest("length", "True when the value has exactly the given length."),
	lengthTest("min_length", "True when the value is at least the given length."),
	lengthTest("max_length", "True when the value is at most the given length."),
	// Analytical operators.
	analytical("sum", "The sum of the values."),
	analytical("count", "How many values there are."),
	analytical("min", "The smallest value."),
	analytical("max", "The largest value."),
	analytical("mean", "The mean of the values."),
	analytical("median", "The median of the values."),
	analytical("variance", "The variance of the values."),
	analytical("standard_deviation", "The standard deviation of the values."),
	regression("linear_regression", "The value at x of the linear regression of the points."),
	regression("polynomial_regression", "The value at x of the polynomial regression of the points.",
		typed("degree", ArgNumber, "The degree of the polynomial.")),
	regression("logarithmic_regression", "The value at x of the logarithmic regression of the points."),
	regression("exponential_regression", "The value at x of the exponential regression of the points."),
	// Date operators.
	op("weekday", ArgString, "The current weekday (written with an empty list: `weekday: []`)."),
	dateTest("same", "True when the two dates are the same date."),
	dateTest("before", "True when the first date is before the second."),
	dateTest("before_or_same", "True when the first date is before the second or the same."),
	dateTest("after", "True when the first date is after the second."),
	dateTest("after_or_same", "True when the first date is after the second or the same."),
	op("within", ArgBoolean, "True when the date lies between the two dates of the range.",
		typed("date", ArgAny, "A date (a string or a timestamp in milliseconds)."), typed("range", ArgList, "The dates `[ from, to ]`.")),
	// The seed's intrinsic functions and comparisons.
	GetVariabilityInput,
	GetVariabilityExpression,
	GetVariabilityCondition,
	comparison("greater_than", "True when the first value is greater than the second (the seed's form of `greater`)."),
	comparison("less_than", "True when the first value is less than the second (the seed's form of `less`)."),
}

// ToscaExprType is the expression type of a value of a TOSCA primitive
// data type (what a variability input of that type reads as).
func ToscaExprType(dataType string) ArgKind {
	switch dataType {
	case "integer", "float":
		return ArgNumber
	case "boolean":
		return ArgBoolean
	case "string":
		return ArgString
	case "list":
		return ArgList
	case "map":
		return ArgMap
	}
	return ArgAny
}

// variabilityExpression is the value of a variability expression.
func variabilityExpression() *Value {
	return &Value{Kind: ExpressionValue, Ops: VariabilityOperators}
}

// conditionsKey is the `conditions` of an element whose presence depends
// on the chosen variant.
func conditionsKey(what string) *Key {
	return key(KeyConditions, V4T, variabilityExpression(),
		"A variability condition (a logic expression, or a list of them and-ed): "+what+" is present only when it holds.")
}

func flag(name, doc string) *Key { return key(name, V4T, boolean(), doc) }

// impliesKey is the `implies` of a conditional element.
func impliesKey(what string) *Key {
	return key(KeyImplies, V4T, listOf(listOf(variabilityExpression())),
		"Implications of "+what+"'s presence: `[ target ]` (present implies target) or `[ target, condition ]` "+
			"(present and condition imply target), each a variability condition.")
}

func defaultAlternativeKey(what string) *Key {
	return flag(KeyDefaultAlternative, "Makes "+what+" the default of its alternatives: present when none of the others is, "+
		"whatever its own conditions. Only one alternative may be the default.")
}

// defaultConditionKeys are the keynames overriding, for one element, the
// options that enable its default conditions.
func defaultConditionKeys(what string) []*Key {
	return []*Key{
		flag("default_condition", "Enables the default condition of "+what+", overriding the variability options."),
		flag("default_consistency_condition", "Enables the default consistency condition of "+what+" (its default condition must be enabled)."),
		flag("default_semantic_condition", "Enables the default semantic condition of "+what+" (its default condition must be enabled)."),
	}
}

// pruningKeys are the keynames overriding, for one element, the pruning
// options.
func pruningKeys(what string) []*Key {
	return []*Key{
		flag("pruning", "Enables the pruning of "+what+" (its default condition is evaluated before its conditions), overriding the variability options."),
		flag("consistency_pruning", "Enables the consistency pruning of "+what+" (its pruning must be enabled)."),
		flag("semantic_pruning", "Enables the semantic pruning of "+what+" (its pruning must be enabled)."),
	}
}

// modes is a default condition mode: some of the modes joined with `-`.
func modes(values ...string) *Value {
	v := enum(values...)
	v.Joined = "-"
	return v
}

// The default condition modes of each element. The element tables and
// the options disagree on some (an input's and an output's tables copy the
// node's); each element takes the union, so that no value the text gives
// is an error ("Variability Options", "Default Conditions").
var (
	nodeModes       = []string{"source", "relation", "host", "incoming", "incomingnaive", "outgoing", "outgoingnaive", "artifact", "artifactnaive"}
	relationModes   = []string{"source", "target", "default"}
	propertyModes   = []string{"container", "consuming", "default"}
	artifactModes   = []string{"container", "technology", "managed", "default"}
	outputModes     = []string{"source", "relation", "host", "produced", "default"}
	inputModes      = []string{"source", "relation", "host", "default"}
	technologyModes = []string{"container", "other", "scenario", "default"}
)

func modeKey(what string, values []string) *Key {
	return key("default_condition_mode", V4T, modes(values...),
		"Which default conditions "+what+" gets, overriding the variability options: "+quoted(values)+", joined with `-`.")
}

func quoted(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = "`" + v + "`"
	}
	return strings.Join(q, ", ")
}

func weightKey(what string) *Key {
	return key(KeyWeight, V4T, anyV(), "The weight of "+what+" when the variant is optimized: a non-negative number, or a boolean (1 by default).")
}

// conditionalType is the `type` of e, which may also be a list of type
// assignments under conditions: `type: [ { my.dev.db: { conditions: … } }, … ]`.
// It is mandatory where TOSCA's is.
func conditionalType(e *Entity, what string) *Key {
	v := namedList(ent(ConditionalTypeDef)).withShort(ref(e.TypeKind))
	v.KeyRef = e.TypeKind
	k := key(KeyType, V4T, v, "The "+e.TypeKind.String()+" of "+what+", or a list of conditional type assignments "+
		"`- type_name: { conditions: … }`, one of which holds in a variant.")
	if base := e.Key(KeyType, V1_3); base != nil && base.Required.Has(V1_3) {
		k.Required, k.RequiredUnless = V4T, base.RequiredUnless
	}
	return k
}

// conditionalProperties are properties as a map, or as a list of
// single-entry maps whose values may be wrapped with conditions.
func conditionalProperties(what string) *Key {
	elem := ent(ConditionalPropertyDef).withShort(anyV())
	elem.Wrapper = true
	v := namedList(elem)
	v.AlsoMap = true
	return key(SectionProperties, V4T, v,
		"Values for the properties "+what+": a map, or a list of single-entry maps `- name: value`, where a value may be "+
			"`{ value: …, conditions: … }` so that several entries give one property under different conditions.")
}

// conditionalArtifacts are artifacts as a map or as a list of single-entry
// maps, which may share a name.
func conditionalArtifacts() *Key {
	v := namedList(ent(ArtifactDef).withShort(ref(ArtifactFile)))
	v.AlsoMap = true
	return key(SectionArtifacts, V4T, v,
		"Artifacts for this template: a map, or a list of single-entry maps, whose entries may share a name under different conditions.")
}

// listOrMap is a topology section that may also be a list of single-entry
// maps ("Element Collections").
func listOrMap(name string, e *Entity, doc string) *Key {
	v := namedList(ent(e))
	v.AlsoMap = true
	return key(name, V4T, v, doc+" A map, or a list of single-entry maps.")
}

// option is one variability option.
type option struct {
	name, doc string
	// def is the default of tosca_variability_1_0; rc2 and rc3 those of the
	// release candidates where they differ.
	def, rc2, rc3 string
	values        []string
	joined        bool
}

func (o option) key() *Key {
	var v *Value
	switch {
	case o.joined:
		v = modes(o.values...)
	case len(o.values) > 0:
		v = enum(o.values...)
	default:
		v = boolean()
	}
	doc := o.doc + " Default: `" + o.def + "`"
	switch {
	case o.rc2 != "" && o.rc2 == o.rc3:
		doc += "; `" + o.rc2 + "` in the release candidates"
	case o.rc2 != "" && o.rc3 != "":
		doc += "; `" + o.rc2 + "` in rc_2, `" + o.rc3 + "` in rc_3"
	case o.rc2 != "":
		doc += "; `" + o.rc2 + "` in rc_2"
	case o.rc3 != "":
		doc += "; `" + o.rc3 + "` in rc_3"
	}
	return key(o.name, V4T, v, doc+".")
}

// boolOptions are the boolean options of a family: each name with its
// default (false unless given).
func boolOptions(doc func(name string) string, def string, names ...string) []option {
	out := make([]option, len(names))
	for i, n := range names {
		out[i] = option{name: n, doc: doc(n), def: def}
	}
	return out
}

// elementWords says which elements an option's name is about.
func elementWords(name string) string {
	for _, e := range []struct{ prefix, words string }{
		{"input_", "topology inputs"}, {"node_", "node templates"}, {"output_", "topology outputs"},
		{"relation_", "relationships"}, {"policy_", "policies"}, {"group_", "groups"}, {"artifact_", "artifacts"},
		{"property_", "properties"}, {"type_", "conditional types"}, {"technology_", "deployment technologies"},
	} {
		if strings.HasPrefix(name, e.prefix) {
			return e.words
		}
	}
	return "all elements"
}

// variabilityOptions are the options of "Variability Options", with the
// release candidates' defaults ("RC v2", "RC v3").
func variabilityOptions() []option {
	pruningModes := []string{"manual", "consistent-strict", "consistent-loose", "default", "semantic-strict", "semantic-loose"}
	opts := []option{{name: "mode", values: pruningModes, def: "manual", rc2: "semantic-loose", rc3: "semantic-loose",
		doc: "The pruning mode: a predefined combination of default conditions and pruning (`manual`: none; " +
			"`consistent-strict`: the default consistency conditions; `consistent-loose`: consistency pruning; `default`: " +
			"every default condition; `semantic-strict`: consistency pruning and semantic default conditions; " +
			"`semantic-loose`: pruning everywhere)."}}
	// Default conditions.
	condition := func(n string) string {
		kind := "default conditions (consistency and semantic)"
		switch {
		case strings.HasSuffix(n, "_consistency_condition"):
			kind = "default consistency conditions"
		case strings.HasSuffix(n, "_semantic_condition"):
			kind = "default semantic conditions"
		}
		return "Enables the " + kind + " of " + elementWords(n) + "."
	}
	for _, e := range []string{"", "input_", "node_", "output_", "relation_", "policy_", "group_", "artifact_", "property_", "type_", "technology_"} {
		opts = append(opts, boolOptions(condition, "false", e+"default_condition")...)
		if e == "" {
			continue
		}
		opts = append(opts, boolOptions(condition, "false", e+"default_consistency_condition", e+"default_semantic_condition")...)
	}
	mode := func(n string) string { return "Which default conditions " + elementWords(n) + " get, joined with `-`." }
	opts = append(opts,
		option{name: "node_default_condition_mode", doc: mode("node_"), values: nodeModes, joined: true,
			def: "incoming-artifact", rc2: "incomingnaive-artifact-host", rc3: "incomingnaive-artifact-host"},
		option{name: "output_default_condition_mode", doc: mode("output_"), values: []string{"produced", "default"}, joined: true,
			def: "produced", rc3: "produced-default"},
		option{name: "relation_default_condition_mode", doc: mode("relation_"), values: relationModes, joined: true,
			def: "source-target", rc3: "source-target-default"},
		option{name: "artifact_default_condition_mode", doc: mode("artifact_"), values: artifactModes, joined: true,
			def: "container", rc3: "container-managed-default"},
		option{name: "property_default_condition_mode", doc: mode("property_"), values: propertyModes, joined: true,
			def: "container-consuming", rc3: "container-consuming-default"},
		option{name: "technology_default_condition_mode", doc: mode("technology_"), values: technologyModes, joined: true,
			def: "container-other-scenario", rc3: "container-other-scenario-default"},
		option{name: "relation_default_implied", doc: "Makes the conditions of relationships imply them by default (not hosting relationships).",
			def: "false", rc2: "true", rc3: "true"},
	)
	// Pruning.
	pruning := func(n string) string {
		kind := "pruning (consistency and semantic)"
		switch {
		case strings.HasSuffix(n, "_consistency_pruning"):
			kind = "consistency pruning"
		case strings.HasSuffix(n, "_semantic_pruning"):
			kind = "semantic pruning"
		}
		return "Enables the " + kind + " of " + elementWords(n) + "."
	}
	opts = append(opts, boolOptions(pruning, "false", "pruning")...)
	for _, e := range []string{"input_", "node_", "output_", "relation_", "policy_", "group_", "artifact_", "property_", "type_", "technology_"} {
		opts = append(opts, boolOptions(pruning, "false", e+"pruning", e+"consistency_pruning", e+"semantic_pruning")...)
	}
	// Checks.
	check := func(n string) string {
		return "Enables the check `" + strings.TrimSuffix(n, "_check") + "` when variability is resolved."
	}
	opts = append(opts,
		option{name: "checks", doc: "Enables every check.", def: "true", rc3: "false"},
		option{name: "consistency_checks", doc: "Enables every consistency check.", def: "true"},
		option{name: "semantic_checks", doc: "Enables every semantic check.", def: "true"},
	)
	opts = append(opts, boolOptions(check, "true", "relation_source_check", "relation_target_check", "ambiguous_hosting_check",
		"missing_artifact_container_check", "ambiguous_artifact_check", "missing_property_container_check", "ambiguous_property_check",
		"missing_type_container_check", "ambiguous_type_check", "expected_hosting_check", "expected_incoming_relation_check",
		"expected_artifact_check", "expected_technology_check", "missing_technology_container_check", "ambiguous_technology_check",
		"ambiguous_relation_check", "ambiguous_input_check", "ambiguous_output_check", "required_technology_check", "anchor_check")...)
	opts = append(opts,
		option{name: "unconsumed_input_check", doc: check("unconsumed_input_check"), def: "true", rc2: "false"},
		option{name: "unproduced_output_check", doc: check("unproduced_output_check"), def: "true", rc2: "false"},
	)
	// Solver.
	minMax := []string{"true", "false", "min", "max"}
	opts = append(opts,
		option{name: "optimization_topology", doc: "Optimizes the variant's topology (by weight or count): `true`, `min`, `max` or `false`.",
			values: minMax, def: "false", rc2: "min", rc3: "min"},
		option{name: "optimization_topology_unique", doc: "Checks that the topology optimization has one result.", def: "true"},
		option{name: "optimization_topology_unique_backward", doc: "Checks that the result is unique, for templates not written for topology optimization.", def: "false"},
		option{name: "optimization_topology_mode", doc: "What the topology optimization counts.", values: []string{"count", "weight"}, def: "weight"},
		option{name: "optimization_technologies", doc: "Optimizes the deployment technologies: `true`, `min`, `max` or `false`.",
			values: minMax, def: "false", rc2: "max", rc3: "max"},
		option{name: "optimization_technologies_unique", doc: "Checks that the technology optimization has one result.", def: "false"},
		option{name: "optimization_technologies_mode", doc: "What the technology optimization counts.",
			values: []string{"count", "weight", "weight-count"}, def: "count", rc2: "weight-count", rc3: "weight-count"},
		option{name: "optimization_scenarios", doc: "Optimizes the deployment scenarios.", def: "false"},
		option{name: "optimization_scenarios_unique", doc: "Checks that the scenario optimization has one result.", def: "false"},
	)
	// Enricher and normalizer.
	opts = append(opts,
		option{name: "enrich_input_condition", doc: "Adds to an element the condition of the variability input named like the element's identifier (`node.my_node`).", def: "true"},
		option{name: "enrich_technologies", doc: "Enriches the deployment technologies.", def: "false", rc2: "true", rc3: "true"},
		option{name: "enrich_technologies_best_only", doc: "Enriches only the best deployment technologies.", def: "false", rc2: "true", rc3: "true"},
		option{name: "enrich_implementations", doc: "Enriches the implementations.", def: "false", rc2: "true", rc3: "true"},
		option{name: "automatic_default_alternatives", doc: "Selects default alternatives automatically.", def: "false"},
		option{name: "fallback_property_default_alternative", doc: "Makes fallback properties use default alternative flags.", def: "true", rc3: "false"},
	)
	// Constraints (experimental).
	constraint := func(n string) string {
		return "Enables the constraint `" + strings.TrimSuffix(n, "_constraint") + "` (experimental)."
	}
	opts = append(opts, option{name: "constraints", doc: "Enables every constraint (experimental).", def: "false"})
	rc := map[string]string{"required_technology_constraint": "23", "required_hosting_constraint": "23", "single_hosting_constraint": "23",
		"unique_property_constraint": "3", "unique_artifact_constraint": "3", "unique_input_constraint": "3", "unique_output_constraint": "3",
		"unique_relation_constraint": "3", "unique_technology_constraint": "3"}
	for _, n := range []string{"relation_source_constraint", "relation_target_constraint", "artifact_container_constraint",
		"property_container_constraint", "type_container_constraint", "required_hosting_constraint", "single_hosting_constraint",
		"required_technology_constraint", "unique_property_constraint", "unique_artifact_constraint", "unique_input_constraint",
		"unique_output_constraint", "unique_relation_constraint", "unique_scenario_constraint", "required_artifact_constraint",
		"required_incoming_relation_constraint",
		// Not in the table; the defaults of "RC v3" set it.
		"unique_technology_constraint"} {
		o := option{name: n, doc: constraint(n), def: "false"}
		if strings.Contains(rc[n], "2") {
			o.rc2 = "true"
		}
		if strings.Contains(rc[n], "3") {
			o.rc3 = "true"
		}
		opts = append(opts, o)
	}
	return append(opts, option{name: "relation_enhanced_implication_mode", doc: "Enables the enhanced implication of relationships (experimental).", def: "true"})
}

// typeSpecificSections are the type kinds type-specific conditions are
// given for: nodes, relationships, properties (by their data type),
// artifacts, groups and policies ("Type-Specific Default Conditions"; the
// example writes them by TOSCA's section names, `node_types:`).
var typeSpecificSections = []struct {
	name string
	kind RefKind
}{
	{"node_types", NodeType}, {"relationship_types", RelationshipType}, {"data_types", DataType},
	{"artifact_types", ArtifactType}, {"group_types", GroupType}, {"policy_types", PolicyType},
}

func init() {
	VariabilityDef.Keys = []*Key{
		key(SectionInputs, V4T, mapOf(ent(VariabilityInputDef)),
			"The variability inputs, written like topology inputs; conditions read them with `variability_input`."),
		key("presets", V4T, mapOf(ent(VariabilityPresetDef)), "Named sets of values for the variability inputs."),
		key("expressions", V4T, mapOf(ent(VariabilityExpressionDef).withShort(variabilityExpression())),
			"Named expressions, read with `logic_expression` (those returning a boolean) or `value_expression`."),
		key("constraints", V4T, listOf(variabilityExpression()), "Logic expressions every resolved variant must satisfy."),
		key(KeyOptions, V4T, ent(VariabilityOptionsDef), "How Vintner resolves variability (mode, default conditions, pruning, checks, optimization)."),
		// "String | List(TypeSpecificDefaultCondition)" in the table; the
		// example writes them by type kind and type name, which is what
		// names the type a condition is for.
		key("type_specific_conditions", V4T, ref(ImportURL).withShort(ent(TypeSpecificConditionsDef)),
			"Default conditions per type, by type kind and type name, or the file holding them (`./type-specific-conditions.yaml` by default)."),
		// "String | List(TechnologyRule)" in the table; the example maps each
		// technology to its rules, which is what names the technology.
		key("qualities", V4T, ref(ImportURL).withShort(mapOf(listOf(ent(TechnologyRuleDef)))),
			"Technology rules, by deployment technology, or the file holding them (`./rules.yaml` or `./lib/rules.yaml` by default)."),
		key("plugins", V4T, ent(PluginsDef), "The plugins Vintner loads."),
	}
	for _, o := range variabilityOptions() {
		VariabilityOptionsDef.Keys = append(VariabilityOptionsDef.Keys, o.key())
	}
	for _, s := range typeSpecificSections {
		conditions := mapOf(ent(TypeSpecificConditionDef))
		conditions.KeyRef = s.kind
		TypeSpecificConditionsDef.Keys = append(TypeSpecificConditionsDef.Keys,
			key(s.name, V4T, conditions, "The default conditions of the elements whose "+s.kind.String()+" is named."))
	}
	TypeSpecificConditionDef.Keys = []*Key{
		conditionsKey("the default condition").reqAll(),
		flag("consistency", "Makes the condition a consistency condition (false by default)."),
		flag("semantic", "Makes the condition a semantic condition (true by default)."),
	}
	hosting := ref(NodeType).withShort(refs(NodeType))
	TechnologyRuleDef.Keys = []*Key{
		key("technology", V4T, str(), "The deployment technology (the key the rule is listed under names it)."),
		key("component", V4T, ref(NodeType), "The node type of the components the technology may deploy.").reqAll(),
		key("hosting", V4T, hosting, "The node type of the host the technology needs, or a list: the hosting stack."),
		conditionsKey("the rule"),
		weightKey("the technology"),
		key("assign", V4T, str(), "The node type assigned (by default `${current_type}.${technology_name}.${host_type_prefix}`)."),
	}
	PluginsDef.Keys = []*Key{
		key("technology", V4T, listOf(ref(ImportURL)), "Technology rule plugins, as files relative to the template (also loaded from `./plugins/technology`)."),
	}
	VariabilityInputDef.Keys = append(parameterKeys(),
		key("default_expression", V4T, variabilityExpression(), "A value expression computing the input's value when none is given."))
	for _, rel := range []struct{ name, doc string }{
		{"mandatory", "Variability inputs that are mandatory (a feature model's mandatory children)."},
		{"optional", "Variability inputs that are optional (a feature model's optional children)."},
		{"requires", "Variability inputs this one requires."},
		{"excludes", "Variability inputs this one excludes."},
	} {
		VariabilityInputDef.Keys = append(VariabilityInputDef.Keys,
			key(rel.name, V4T, ref(VariabilityInput).withShort(refs(VariabilityInput)), rel.doc+" A name or a list."))
	}
	VariabilityInputDef.Keys = append(VariabilityInputDef.Keys,
		key("choices", V4T, refs(VariabilityInput), "Variability inputs of which none, one or several may be chosen."),
		key("alternatives", V4T, refs(VariabilityInput), "Variability inputs of which exactly one is chosen."))
	presetInputs := mapOf(anyV())
	presetInputs.KeyRef = VariabilityInput
	VariabilityPresetDef.Keys = []*Key{
		key("name", V4T, str(), "A display name of the preset."),
		descriptionKey(V4T, "the preset"),
		key(SectionInputs, V4T, presetInputs, "Values of variability inputs, by input name; each must fit the input's type.").reqAll(),
	}

	// The table makes `variability` mandatory, but Vintner resolves files
	// without one (pruning alone): the dialect check warns instead.
	TopologyTemplateDef.Keys = append(TopologyTemplateDef.Keys,
		key(KeyVariability, V4T, ent(VariabilityDef),
			"The variability of this topology: variability inputs, presets, expressions, constraints and options (Variability4TOSCA)."),
		listOrMap(SectionInputs, InputDef, "The topology's inputs, which may be present under conditions."),
		listOrMap(SectionOutputs, OutputDef, "The topology's outputs, which may be present under conditions."),
		listOrMap("node_templates", NodeTemplateDef, "The components of the topology, which may be present under conditions."),
		listOrMap("groups", GroupDef, "The groups of the topology, which may be present under conditions."))

	for _, t := range []struct {
		e     *Entity
		what  string
		modes []string
	}{{InputDef, "the input", inputModes}, {OutputDef, "the output", outputModes}} {
		e, what := t.e, t.what
		e.Keys = append(e.Keys, conditionsKey(what), impliesKey(what), defaultAlternativeKey(what), modeKey(what, t.modes))
		e.Keys = append(e.Keys, defaultConditionKeys(what)...)
		e.Keys = append(e.Keys, pruningKeys(what)...)
	}
	ImportDef.Keys = append(ImportDef.Keys, conditionsKey("the import"), impliesKey("the import"))

	NodeTemplateDef.Keys = append(NodeTemplateDef.Keys,
		conditionalType(NodeTemplateDef, "the node template"),
		conditionsKey("the node template"),
		conditionalProperties("the node type declares"),
		conditionalArtifacts(),
		modeKey("the node template", nodeModes),
		flag("anchor", "Makes the node an anchor (always used, from a browser for example): it is not pruned."),
		weightKey("the node template"),
		impliesKey("the node template"),
		key(KeyTechnology, V4T, namedList(ent(TechnologyTemplateDef)).withShort(str()),
			"The deployment technology of the node: its name, or a list of single-entry maps `- technology: { conditions: … }`."),
		flag("managed", "False for a node that exists already and is not deployed (true by default)."),
		flag("implied", "Makes the node's conditions imply it."))
	NodeTemplateDef.Keys = append(NodeTemplateDef.Keys, defaultConditionKeys("the node template")...)
	NodeTemplateDef.Keys = append(NodeTemplateDef.Keys, pruningKeys("the node template")...)

	RequirementAssign.Keys = append(RequirementAssign.Keys,
		conditionsKey("the relationship"),
		defaultAlternativeKey("the relationship"),
		modeKey("the relationship", relationModes),
		impliesKey("the relationship"),
		key("implied", V4T, enum("true", "false", "SOURCE", "TARGET", "CONTAINER"),
			"Makes the relationship's conditions imply it when its source (`true`, `SOURCE`), target or container is present."))
	RequirementAssign.Keys = append(RequirementAssign.Keys, defaultConditionKeys("the relationship")...)
	RequirementAssign.Keys = append(RequirementAssign.Keys, pruningKeys("the relationship")...)

	RelationshipTemplateDef.Keys = append(RelationshipTemplateDef.Keys,
		conditionalType(RelationshipTemplateDef, "the relationship template"),
		conditionalProperties("the relationship type declares"))

	// The group table lists no default condition keynames, but groups have
	// a default condition and options enabling it ("Default Conditions").
	GroupDef.Keys = append(GroupDef.Keys,
		conditionalType(GroupDef, "the group"),
		conditionsKey("the group (the members, for a `variability.groups.ConditionalMembers` group)"),
		// Group members may also be requirement assignments: [ node_template, requirement or index ].
		key(KeyMembers, V4T, listOf(ref(NodeTemplateOrGroup).withShort(tuple(ref(NodeTemplate), str()))),
			"The group's members: node template names, or requirement assignments as `[ node_template, requirement ]` "+
				"(or the requirement's index)."),
		conditionalProperties("the group type declares"),
		impliesKey("the group"))
	GroupDef.Keys = append(GroupDef.Keys, defaultConditionKeys("the group")...)
	GroupDef.Keys = append(GroupDef.Keys, pruningKeys("the group")...)

	PolicyDef.Keys = append(PolicyDef.Keys,
		conditionalType(PolicyDef, "the policy"),
		conditionsKey("the policy"),
		conditionalProperties("the policy type declares"),
		impliesKey("the policy"))
	PolicyDef.Keys = append(PolicyDef.Keys, defaultConditionKeys("the policy")...)
	PolicyDef.Keys = append(PolicyDef.Keys, pruningKeys("the policy")...)

	ArtifactDef.Keys = append(ArtifactDef.Keys,
		conditionalType(ArtifactDef, "the artifact"),
		conditionsKey("the artifact"),
		defaultAlternativeKey("the artifact"),
		conditionalProperties("the artifact type declares"),
		modeKey("the artifact", artifactModes),
		impliesKey("the artifact"))
	ArtifactDef.Keys = append(ArtifactDef.Keys, defaultConditionKeys("the artifact")...)
	ArtifactDef.Keys = append(ArtifactDef.Keys, pruningKeys("the artifact")...)

	ConditionalTypeDef.Keys = []*Key{conditionsKey("the type"), defaultAlternativeKey("the type"), impliesKey("the type")}
	ConditionalTypeDef.Keys = append(ConditionalTypeDef.Keys, defaultConditionKeys("the type")...)
	ConditionalTypeDef.Keys = append(ConditionalTypeDef.Keys, pruningKeys("the type")...)

	ConditionalPropertyDef.Keys = []*Key{
		key(KeyValue, V4T, anyV(), "The property's value, as a property assignment gives it."),
		key("expression", V4T, variabilityExpression(), "A value expression whose result is the property's value."),
		conditionsKey("the value"),
		defaultAlternativeKey("the value"),
		modeKey("the value", propertyModes),
		impliesKey("the value"),
	}
	ConditionalPropertyDef.Keys = append(ConditionalPropertyDef.Keys, defaultConditionKeys("the value")...)
	ConditionalPropertyDef.Keys = append(ConditionalPropertyDef.Keys, pruningKeys("the value")...)

	TechnologyTemplateDef.Keys = []*Key{
		conditionsKey("the technology"),
		defaultAlternativeKey("the technology"),
		modeKey("the technology", technologyModes),
		weightKey("the technology"),
		key("assign", V4T, str(), "The node type assigned (by default `${current_type}.${technology_name}.${host_type_prefix}`)."),
	}
	TechnologyTemplateDef.Keys = append(TechnologyTemplateDef.Keys, defaultConditionKeys("the technology")...)
	TechnologyTemplateDef.Keys = append(TechnologyTemplateDef.Keys, pruningKeys("the technology")...)

	Functions = append(Functions, GetVariabilityInput, GetVariabilityExpression, GetVariabilityCondition)
}

// RepeatsAsAlternatives reports whether, in versions v, declarations of
// kind may share a name as alternatives under conditions: topology inputs,
// outputs and policies in Variability4TOSCA ("Element Uniqueness"; node
// templates and groups stay unique).
func RepeatsAsAlternatives(kind RefKind, v Versions) bool {
	return v.Has(V4T) && (kind == Input || kind == Output || kind == Policy)
}

// ElementIdentifier reports whether name is written like the identifier of
// an element of a variable service template (`node.my_node`,
// `property.size@0.node.my_node`, "Element Identifier System"): with the
// option enrich_input_condition, a variability input of that name adds its
// value to the element's conditions, so it is used without being named.
func ElementIdentifier(name string) bool {
	kind, rest, ok := strings.Cut(name, ".")
	if !ok || rest == "" {
		return false
	}
	switch kind {
	case "node", "relation", "property", "group", "policy", "artifact", "input", "output", "technology", "type", "import":
		return true
	}
	return false
}
