package grammar

// Variability4TOSCA 1.0 (the seed's specification): TOSCA Simple Profile
// 1.3 plus a variability definition in the topology template (inputs,
// presets, expressions) and conditions on node templates, requirement
// assignments and groups. Conditions and expressions are written with the
// operators below; a condition is an expression that returns a boolean, a
// list of them is and-ed.
//
// Vintner's release candidates (tosca_variability_1_0_rc_2, _rc_3) add
// the keynames marked VVariabilityRC, as its own published files use them;
// what else they use is warned about, never an error (Dialect.Lenient).
//
// The keynames are added to the 1.3 entities here, in an init that runs
// after those of the files defining them (Go runs a package's files' inits
// in file name order; TestVariabilityKeynames guards it).

// VariabilityDef is the value of a topology template's `variability`.
var VariabilityDef = &Entity{
	Name: "variability definition",
	Doc: "The variability of the topology: the variability inputs a deployment variant is chosen with, " +
		"presets of their values, and named expressions the conditions of the topology use.",
	Spec: "Variability4TOSCA: Variability Definition",
}

// VariabilityInputDef is an entry of a variability definition's `inputs`.
var VariabilityInputDef = &Entity{
	Name:     "variability input",
	Doc:      "An input that selects the deployment variant: conditions read it with `get_variability_input`. It is written like a topology input.",
	Spec:     "Variability4TOSCA: Variability Definition",
	Declares: VariabilityInput,
}

// VariabilityPresetDef is an entry of a variability definition's `presets`.
var VariabilityPresetDef = &Entity{
	Name: "variability preset",
	Doc:  "A named set of values for variability inputs (a deployment variant) chosen at once when variability is resolved.",
	Spec: "Variability4TOSCA: Variability Preset Definition",
}

// VariabilityExpressionDef is an entry of a variability definition's
// `expressions`: an expression, read with get_variability_expression (or,
// when it returns a boolean, get_variability_condition).
var VariabilityExpressionDef = &Entity{
	Name:     "variability expression",
	Doc:      "A named expression of variability operators and functions; one that returns a boolean is a condition.",
	Spec:     "Variability4TOSCA: Variability Expression Definition",
	Declares: VariabilityExpression,
}

// The three functions that read the variability definition; they are also
// recognised in any value of a Variability4TOSCA file.
var (
	GetVariabilityInput = &Function{Name: "get_variability_input", In: V4T,
		Doc:    "Returns the value of a variability input.",
		Params: []Param{{Name: "input", Ref: VariabilityInput, Kind: ArgString, Doc: "The name of a variability input."}}}
	GetVariabilityExpression = &Function{Name: "get_variability_expression", In: V4T,
		Doc:    "Returns the value of a variability expression.",
		Params: []Param{{Name: "expression", Ref: VariabilityExpression, Kind: ArgString, Doc: "The name of a variability expression."}}}
	GetVariabilityCondition = &Function{Name: "get_variability_condition", In: V4T, Result: ArgBoolean,
		Doc:    "Returns the value of a variability expression used as a condition: it must return a boolean.",
		Params: []Param{{Name: "condition", Ref: VariabilityExpression, Kind: ArgString, Doc: "The name of a variability expression that returns a boolean."}}}
)

func typed(name string, t ArgKind, doc string) Param { return Param{Name: name, Kind: t, Doc: doc} }

// The operators of a kind share their shape.
func allOf(name string, t ArgKind, result ArgKind, doc string) *Function {
	return &Function{Name: name, In: V4T, Variadic: true, Result: result, Doc: doc,
		Params: []Param{typed("value", t, "An expression; repeat as needed.")}}
}

func comparison(name, doc string) *Function {
	return &Function{Name: name, In: V4T, Result: ArgBoolean, Doc: doc,
		Params: []Param{typed("a", ArgNumber, "A numeric expression."), typed("b", ArgNumber, "The value to compare with.")}}
}

func lengthTest(name, doc string) *Function {
	return &Function{Name: name, In: V4T, Result: ArgBoolean, Doc: doc,
		Params: []Param{typed("value", ArgAny, "A string or list."), typed("length", ArgNumber, "The length.")}}
}

// VariabilityOperators are the operators and functions of variability
// expressions, with the argument and result types the seed gives them.
var VariabilityOperators = []*Function{
	// Boolean operators.
	allOf("and", ArgBoolean, ArgBoolean, "True when every value is true."),
	allOf("or", ArgBoolean, ArgBoolean, "True when at least one value is true."),
	{Name: "not", In: V4T, Result: ArgBoolean, Doc: "The negation of its boolean argument (written without a list).",
		Params: []Param{typed("condition", ArgBoolean, "The boolean expression to negate.")}},
	allOf("xor", ArgBoolean, ArgBoolean, "True when exactly one value is true."),
	// Arithmetic operators.
	allOf("add", ArgNumber, ArgNumber, "The sum of the values."),
	allOf("sub", ArgNumber, ArgNumber, "The first value minus the others."),
	allOf("mul", ArgNumber, ArgNumber, "The product of the values."),
	allOf("div", ArgNumber, ArgNumber, "The first value divided by the others."),
	{Name: "mod", In: V4T, Result: ArgNumber, Doc: "The remainder of dividing the first value by the second.",
		Params: []Param{typed("dividend", ArgNumber, "The number to divide."), typed("divisor", ArgNumber, "The number to divide by.")}},
	// Intrinsic functions.
	GetVariabilityInput,
	GetVariabilityExpression,
	GetVariabilityCondition,
	allOf("concat", ArgAny, ArgString, "Concatenates the values into one string."),
	{Name: "join", In: V4T, Result: ArgString, Doc: "Joins a list of values with a delimiter.",
		Params: []Param{typed("values", ArgList, "The list of values."), typed("delimiter", ArgString, "The text between the values.")}},
	{Name: "token", In: V4T, Result: ArgString, Doc: "Splits a value at a delimiter and returns the piece at an index.",
		Params: []Param{typed("value", ArgAny, "The value to split."), typed("delimiter", ArgString, "The delimiter."),
			typed("index", ArgNumber, "The zero-based index of the piece.")}},
	// Constraint operators.
	allOf("equal", ArgAny, ArgBoolean, "True when all the values are equal."),
	comparison("greater_than", "True when the first value is greater than the second."),
	comparison("greater_or_equal", "True when the first value is greater than or equal to the second."),
	comparison("less_than", "True when the first value is less than the second."),
	comparison("less_or_equal", "True when the first value is less than or equal to the second."),
	{Name: "in_range", In: V4T, Result: ArgBoolean, Doc: "True when the value lies in `[lower, upper]`, bounds included.",
		Params: []Param{typed("value", ArgNumber, "A numeric expression."), typed("range", ArgRange, "The bounds `[lower, upper]`.")}},
	lengthTest("length", "True when the value has exactly the given length."),
	lengthTest("min_length", "True when the value is at least the given length."),
	lengthTest("max_length", "True when the value is at most the given length."),
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

// conditionsKey is the `conditions` of an entity whose presence depends on
// the chosen variant.
func conditionsKey(in Versions, what string) *Key {
	return key(KeyConditions, in, variabilityExpression(),
		"A variability condition (a boolean expression, or a list of them and-ed): "+what+" is present only when it holds.")
}

// rcFlag is a boolean keyname of the release candidates.
func rcFlag(name, doc string) *Key { return key(name, VVariabilityRC, boolean(), doc) }

// rcChoice are the keynames the release candidates give every element
// with conditions.
func rcChoice(what string) []*Key {
	return []*Key{
		rcFlag("default_alternative", "Marks "+what+" as the one kept when none of its alternatives' conditions holds."),
		rcFlag("pruning", "Whether the conditions of "+what+" are completed with the default conditions when variability is resolved."),
	}
}

// rcAssignments are the properties of an element in the release
// candidates: a map of values, or a list of single-entry maps whose values
// may hold conditions of their own.
func rcAssignments(what string) *Key {
	v := namedList(anyV())
	v.AlsoMap = true
	return key("properties", VVariabilityRC, v,
		"Values for the properties "+what+"; in the list form each entry may be present under conditions.")
}

func init() {
	VariabilityDef.Keys = []*Key{
		key("inputs", V4T, mapOf(ent(VariabilityInputDef)),
			"The variability inputs, written like topology inputs; conditions read them with `get_variability_input`.").req(VVariability),
		key("presets", V4T, mapOf(ent(VariabilityPresetDef)), "Named sets of values for the variability inputs."),
		key("expressions", V4T, mapOf(ent(VariabilityExpressionDef).withShort(variabilityExpression())),
			"Named expressions, read with `get_variability_expression` (or `get_variability_condition` when they return a boolean)."),
		key("options", VVariabilityRC, mapV(), "How Vintner resolves variability (modes, default conditions, pruning, checks)."),
		key("constraints", VVariabilityRC, listOf(variabilityExpression()), "Boolean expressions every resolved variant must satisfy."),
	}
	VariabilityInputDef.Keys = append(parameterKeys(),
		key("default_expression", VVariabilityRC, variabilityExpression(), "An expression computing the input's value when none is given."),
		conditionsKey(VVariabilityRC, "the input"))
	presetInputs := mapOf(anyV())
	presetInputs.KeyRef = VariabilityInput
	VariabilityPresetDef.Keys = []*Key{
		key("name", V4T, str(), "A display name of the preset."),
		descriptionKey(V4T, "the preset"),
		key("inputs", V4T, presetInputs, "Values of variability inputs, by input name; each must fit the input's type.").req(VVariability),
	}

	TopologyTemplateDef.Keys = append(TopologyTemplateDef.Keys,
		key("variability", V4T, ent(VariabilityDef),
			"The variability of this topology: variability inputs, presets and expressions (Variability4TOSCA).").req(VVariability))

	NodeTemplateDef.Keys = append(NodeTemplateDef.Keys, conditionsKey(V4T, "the node template"),
		key("weight", VVariabilityRC, number(), "The node's weight when variants are optimised."),
		rcFlag("persistent", "Keeps the node when its conditions no longer hold in a later variant."),
		rcFlag("managed", "False for a node that exists already and is not deployed."),
		rcFlag("anchor", "Makes the node a fixed point of the topology: it is always present."),
		key("technology", VVariabilityRC, anyV(), "The deployment technology of the node: a name, or technologies under conditions."),
		key("implies", VVariabilityRC, anyV(), "Conditions the node's presence implies."),
		rcAssignments("the node type declares"))
	NodeTemplateDef.Keys = append(NodeTemplateDef.Keys, rcChoice("the node template")...)
	RequirementAssign.Keys = append(RequirementAssign.Keys, conditionsKey(V4T, "the relationship"),
		rcFlag("implied", "Makes the relationship's conditions follow from its source node's."))
	RequirementAssign.Keys = append(RequirementAssign.Keys, rcChoice("the relationship")...)
	// Group members may also be requirement assignments: [ node_template, requirement ].
	GroupDef.Keys = append(GroupDef.Keys, conditionsKey(V4T, "the group's members"),
		key(KeyMembers, V4T, listOf(ref(NodeTemplateOrGroup).withShort(tuple(ref(NodeTemplate), str()))),
			"The group's members: node template names, or requirement assignments as `[ node_template, requirement ]`."),
		rcAssignments("the group type declares"))
	GroupDef.Keys = append(GroupDef.Keys, rcChoice("the group")...)
	PolicyDef.Keys = append(PolicyDef.Keys, conditionsKey(VVariabilityRC, "the policy"), rcAssignments("the policy type declares"))
	PolicyDef.Keys = append(PolicyDef.Keys, rcChoice("the policy")...)
	ArtifactDef.Keys = append(ArtifactDef.Keys, conditionsKey(VVariabilityRC, "the artifact"))
	ArtifactDef.Keys = append(ArtifactDef.Keys, rcChoice("the artifact")...)

	Functions = append(Functions, GetVariabilityInput, GetVariabilityExpression, GetVariabilityCondition)
}
