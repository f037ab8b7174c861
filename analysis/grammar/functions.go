package grammar

// Functions, constraint operators and enumerations.

// ToscaVersions lists every valid tosca_definitions_version value.
var ToscaVersions = []string{
	"tosca_simple_yaml_1_0",
	"tosca_simple_yaml_1_1",
	"tosca_simple_yaml_1_2",
	"tosca_simple_yaml_1_3",
	"tosca_2_0",
}

// Statuses are the values of a property, attribute or parameter `status`.
var Statuses = []string{"supported", "unsupported", "experimental", "deprecated"}

// NodeStates are the normative node states (set_state activities).
var NodeStates = []string{
	"initial", "creating", "created", "configuring", "configured",
	"starting", "started", "stopping", "deleting", "error",
}

// Parameter helpers.

func arg(name, doc string) Param                      { return Param{Name: name, Doc: doc} }
func argRef(name string, r RefKind, doc string) Param { return Param{Name: name, Ref: r, Doc: doc} }

// of sets the kind of value the argument takes.
func (p Param) of(k ArgKind) Param { p.Kind = k; return p }

// optional marks an argument a call may leave out.
func (p Param) optional() Param { p.Optional = true; return p }

// entityParam starts the path of the 1.x and 2020 draft functions.
var entityParam = Param{Name: "entity", Ref: ModelableEntity, Keywords: []string{"SELF", "SOURCE", "TARGET", "HOST"},
	Doc: "A node or relationship template name, or `SELF` (the template holding the call), `SOURCE` or `TARGET` (ends of the relationship holding the call) or `HOST` (the node hosting SELF)."}

// toscaPath starts the arguments of the final 2.0 graph functions: only a
// template name or SELF begins it (§10.3; HOST is gone, SOURCE and TARGET
// come after SELF).
func toscaPath(leads string, ends ...PathContext) Param {
	return Param{Name: "tosca_path", Ref: ModelableEntity, Keywords: []string{"SELF"}, Path: true, Ends: ends, Kind: ArgNameOrIndex,
		Doc: "A TOSCA path (§10.3) from a node or relationship template, or `SELF`, through `RELATIONSHIP`, `CAPABILITY`, " +
			"`SOURCE` and `TARGET` steps (with indexes or `ALL`), to " + leads + "."}
}

// Functions lists every TOSCA intrinsic function: the 1.x and 2020 draft
// names and the `$`-prefixed names of final 2.0.
var Functions = []*Function{
	// 1.x and 2020 draft.
	{Name: "concat", In: UpToDraft, Variadic: true, Result: ArgString,
		Doc:    "Joins two or more strings (or expressions returning strings) into one string.",
		Params: []Param{arg("string", "A string, or an expression returning one; repeat as needed.")}},
	{Name: "join", In: From1_2 & UpToDraft, Result: ArgString,
		Doc: "Joins a list of strings into one string, with an optional delimiter between the items.",
		Params: []Param{arg("strings", "The list of strings (or an expression returning one).").of(ArgList),
			arg("delimiter", "Optional text placed between the items.").of(ArgString).optional()}},
	{Name: "token", In: UpToDraft, Result: ArgString,
		Doc: "Splits a string at any of the given separator characters and returns the piece at the given (zero-based) index.",
		Params: []Param{arg("string", "The string to split.").of(ArgString), arg("separators", "One or more separator characters.").of(ArgString),
			arg("index", "Zero-based index of the piece to return.").of(ArgInteger)}},
	{Name: "get_input", In: UpToDraft, Variadic: true,
		Doc: "Returns the value of an input of the topology; further arguments index into a structured value.",
		Params: []Param{argRef("input", Input, "The name of an input declared in the topology's `inputs`."),
			arg("path", "Optional field names or list indexes into the input's value.").optional()}},
	{Name: "get_property", In: UpToDraft, Variadic: true,
		Doc: "Returns the value of a property of a template (or of one of its capabilities or requirements), as written in the service template.",
		Params: []Param{entityParam,
			arg("capability_or_requirement", "Optional: the capability or requirement of the entity that holds the property.").optional(),
			arg("property", "The property name."),
			arg("path", "Optional field names or list indexes into the property's value.").optional()}},
	{Name: "get_attribute", In: UpToDraft, Variadic: true,
		Doc: "Returns the current runtime value of an attribute of a node or relationship (or of one of its capabilities or requirements).",
		Params: []Param{entityParam,
			arg("capability_or_requirement", "Optional: the capability or requirement of the entity that holds the attribute.").optional(),
			arg("attribute", "The attribute name."),
			arg("path", "Optional field names or list indexes into the attribute's value.").optional()}},
	{Name: "get_operation_output", In: UpToDraft,
		Doc: "Returns a value that an operation of a node or relationship produced when it ran.",
		Params: []Param{entityParam, argRef("interface", InterfaceName, "The interface holding the operation."),
			arg("operation", "The operation name."), arg("output", "The name of the output value.")}},
	{Name: "get_nodes_of_type", In: UpToDraft, Result: ArgList,
		Doc:    "Returns all node instances of the given node type in the running deployment.",
		Params: []Param{argRef("node_type", NodeType, "The node type to look for.")}},
	{Name: "get_artifact", In: UpToDraft, Result: ArgString,
		Doc: "Returns where an artifact of a template can be found when an operation runs, optionally copying it to a given location first.",
		Params: []Param{entityParam, arg("artifact", "The artifact name."),
			arg("location", "Optional: a path to copy the artifact to, or `LOCAL_FILE` to let the orchestrator choose a local path.").of(ArgString).optional(),
			arg("remove", "Optional boolean: whether to delete the copy once the operation ends.").of(ArgBoolean).optional()}},

	// Final 2.0: graph and value access.
	{Name: "$get_input", In: V2Final, Variadic: true,
		Doc: "Returns the value of an input of the service template; further arguments index into a structured value (§10.2.1.1).",
		Params: []Param{argRef("input_parameter_name", Input, "The name of an input declared in the service template's `inputs`.").of(ArgString),
			arg("nested_name_or_index", "Optional field names or list indexes (non-negative integers) into the input's value.").of(ArgNameOrIndex).optional()}},
	{Name: "$get_property", In: V2Final, Variadic: true,
		Doc: "Returns a property value found by following a TOSCA path from a template (e.g. `[SELF, CAPABILITY, host, num_cpus]`).",
		Params: []Param{toscaPath("the node, relationship or capability holding the property"), arg("property_name", "The property name.").of(ArgString),
			arg("nested_name_or_index", "Optional field names or list indexes into the property's value.").of(ArgNameOrIndex)}},
	{Name: "$get_attribute", In: V2Final, Variadic: true,
		Doc: "Returns the runtime value of an attribute found by following a TOSCA path from a node or relationship.",
		Params: []Param{toscaPath("the node, relationship or capability holding the attribute"), arg("attribute_name", "The attribute name.").of(ArgString),
			arg("nested_name_or_index", "Optional field names or list indexes into the attribute's value.").of(ArgNameOrIndex)}},
	{Name: "$get_artifact", In: V2Final, Result: ArgString,
		Doc:    "Returns where an artifact of a node can be found when an operation runs (§10.2.1.4).",
		Params: []Param{toscaPath("the node holding the artifact"), arg("artifact_name", "The artifact name.").of(ArgString)}},
	{Name: "$value", In: V2Final, Op: OpValue, Variadic: true,
		Doc:    "Inside a validation expression: the value being validated; arguments index into it.",
		Params: []Param{arg("nested_name_or_index", "Optional field names or list indexes into the value.").of(ArgNameOrIndex).optional()}},
	{Name: "$node_index", In: V2Final, Result: ArgInteger, Within: []*Entity{NodeTemplateDef, NodeTypeDef},
		Doc: "The index of the current node among the nodes created from a template with `count` (§10.2.1.6); used in a node."},
	{Name: "$relationship_index", In: V2Final, Result: ArgInteger,
		Within: []*Entity{RequirementDef, RequirementAssign, RelationshipTypeDef, RelationshipTemplateDef},
		Doc:    "The index of the current relationship among those created from a requirement with `count` (§10.2.1.7); used in a requirement or a relationship."},
	{Name: "$available_allocation", In: V2Final, Result: ArgNumber,
		Doc: "How much of an allocatable capability property of a node is still free once current allocations are subtracted (§10.2.1.8).",
		Params: []Param{toscaPath("a capability", PathCapability),
			arg("property_name", "The allocatable property (an integer, float or scalar) of that capability.").of(ArgString)}},

	// Final 2.0: strings, lists and sets.
	{Name: "$concat", In: V2Final, Variadic: true, Result: ArgStringOrList, SameType: true,
		Doc:    "Concatenates strings into one string, or lists into one list.",
		Params: []Param{arg("value", "A string or list to append; repeat as needed.").of(ArgStringOrList)}},
	{Name: "$join", In: V2Final, Result: ArgString,
		Doc: "Joins a list of strings into one string, with an optional delimiter between the items.",
		Params: []Param{arg("strings", "The list of strings.").of(ArgList),
			arg("delimiter", "Optional text placed between the items.").of(ArgString).optional()}},
	{Name: "$token", In: V2Final, Result: ArgString,
		Doc: "Splits a string at any of the separator characters and returns the piece at the given (zero-based) index.",
		Params: []Param{arg("string", "The string to split.").of(ArgString), arg("separators", "One or more separator characters.").of(ArgString),
			arg("index", "Zero-based index of the piece to return.").of(ArgInteger)}},
	{Name: "$union", In: V2Final, Variadic: true, Result: ArgList,
		Doc:    "Returns a list with every distinct item found in any of the argument lists.",
		Params: []Param{arg("list", "A list; repeat as needed.").of(ArgList)}},
	{Name: "$intersection", In: V2Final, Variadic: true, Result: ArgList,
		Doc:    "Returns a list with the distinct items found in all of the argument lists.",
		Params: []Param{arg("list", "A list; repeat as needed.").of(ArgList)}},

	// Final 2.0: arithmetic.
	{Name: "$sum", In: V2Final, Variadic: true, Result: ArgNumber, ResultOfArgs: true, SameType: true,
		Doc:    "Adds integers, floats or scalar values of one type; the sum is of their type (§10.2.5.1).",
		Params: []Param{arg("addend", "An integer, a float or a scalar; repeat as needed.").of(ArgNumber)}},
	{Name: "$difference", In: V2Final, Result: ArgNumber, ResultOfArgs: true, SameType: true,
		Doc:    "Subtracts the second argument from the first, both integers, floats or scalar values of one type (§10.2.5.2).",
		Params: []Param{arg("minuend", "The value to subtract from.").of(ArgNumber), arg("subtrahend", "The value to subtract.").of(ArgNumber)}},
	{Name: "$product", In: V2Final, Variadic: true, Result: ArgNumber, ResultOfArgs: true, ScalarArity: 2,
		Doc: "Multiplies integers and floats (an integer when all are), or a scalar value by one integer or float, which gives a scalar (§10.2.5.3).",
		Params: []Param{arg("factor", "An integer or a float, or a scalar multiplied by the one factor after it.").of(ArgNumber),
			arg("factor", "An integer or a float; repeat as needed.").of(ArgFloat)}},
	{Name: "$quotient", In: V2Final, Result: ArgFloat, ResultOfArgs: true,
		Doc:    "Divides an integer, a float or a scalar value by an integer or a float: a float, or a scalar for a scalar (§10.2.5.4).",
		Params: []Param{arg("dividend", "The integer, float or scalar to divide.").of(ArgNumber), arg("divisor", "The integer or float to divide by; not zero.").of(ArgFloat)}},
	{Name: "$remainder", In: V2Final, Result: ArgInteger, ResultOfArgs: true,
		Doc:    "The remainder of dividing an integer or a scalar value by an integer, of the type of the first (§10.2.5.5).",
		Params: []Param{arg("dividend", "The integer or scalar to divide.").of(ArgIntegerOrScalar), arg("divisor", "The integer to divide by; not zero.").of(ArgInteger)}},
	{Name: "$round", In: V2Final, Result: ArgInteger, Doc: "Rounds a float to the nearest integer, half down (§10.2.5.6).",
		Params: []Param{arg("value", "The float to round.").of(ArgFloat)}},
	{Name: "$floor", In: V2Final, Result: ArgInteger, Doc: "Rounds a float down to an integer (§10.2.5.7).",
		Params: []Param{arg("value", "The float to round down.").of(ArgFloat)}},
	{Name: "$ceil", In: V2Final, Result: ArgInteger, Doc: "Rounds a float up to an integer (§10.2.5.8).",
		Params: []Param{arg("value", "The float to round up.").of(ArgFloat)}},

	// Final 2.0: boolean logic.
	{Name: "$and", In: V2Final, Op: OpAnd, Variadic: true, MinArgs: 2, Result: ArgBoolean, Doc: "True when every argument is true; stops at the first false one.",
		Params: []Param{arg("condition", "A boolean expression; repeat as needed.").of(ArgBoolean)}},
	{Name: "$or", In: V2Final, Op: OpOr, Variadic: true, MinArgs: 2, Result: ArgBoolean, Doc: "True when at least one argument is true; stops at the first true one.",
		Params: []Param{arg("condition", "A boolean expression; repeat as needed.").of(ArgBoolean)}},
	{Name: "$not", In: V2Final, Op: OpNot, Result: ArgBoolean, Doc: "The negation of its boolean argument.",
		Params: []Param{arg("condition", "The boolean expression to negate.").of(ArgBoolean)}},
	{Name: "$xor", In: V2Final, Op: OpXor, Result: ArgBoolean, Doc: "True when exactly one of its two arguments is true.",
		Params: []Param{arg("a", "A boolean expression.").of(ArgBoolean), arg("b", "A boolean expression.").of(ArgBoolean)}},

	// Final 2.0: comparisons and tests.
	{Name: "$equal", In: V2Final, Op: OpEqual, Result: ArgBoolean, SameType: true, Doc: "True when both arguments have the same type and value; arguments of different types are an error (§10.2.2.2.1).",
		Params: []Param{arg("a", "A value."), arg("b", "The value to compare with.")}},
	{Name: "$greater_than", In: V2Final, Op: OpGreaterThan, Result: ArgBoolean, Subject: OrderedValues, Doc: "True when the first argument is greater than the second.",
		Params: []Param{arg("a", "An integer, float, string, timestamp, version or scalar.").of(ArgComparable), arg("b", "The value of the same type to compare with.").of(ArgComparable)}},
	{Name: "$greater_or_equal", In: V2Final, Op: OpGreaterOrEqual, Result: ArgBoolean, Subject: OrderedValues, Doc: "True when the first argument is greater than or equal to the second.",
		Params: []Param{arg("a", "An integer, float, string, timestamp, version or scalar.").of(ArgComparable), arg("b", "The value of the same type to compare with.").of(ArgComparable)}},
	{Name: "$less_than", In: V2Final, Op: OpLessThan, Result: ArgBoolean, Subject: OrderedValues, Doc: "True when the first argument is less than the second.",
		Params: []Param{arg("a", "An integer, float, string, timestamp, version or scalar.").of(ArgComparable), arg("b", "The value of the same type to compare with.").of(ArgComparable)}},
	{Name: "$less_or_equal", In: V2Final, Op: OpLessOrEqual, Result: ArgBoolean, Subject: OrderedValues, Doc: "True when the first argument is less than or equal to the second.",
		Params: []Param{arg("a", "An integer, float, string, timestamp, version or scalar.").of(ArgComparable), arg("b", "The value of the same type to compare with.").of(ArgComparable)}},
	{Name: "$valid_values", In: V2Final, Op: OpValidValues, Result: ArgBoolean, Doc: "True when a value is one of the listed values.",
		Params: []Param{arg("value", "The value to check."), arg("values", "The list of allowed values.").of(ArgList)}},
	{Name: "$matches", In: V2Final, Op: OpMatches, Result: ArgBoolean, Subject: TextValues, Doc: "True when a string matches a regular expression.",
		Params: []Param{arg("string", "The string to check.").of(ArgString), arg("regex", "The regular expression.").of(ArgString)}},
	{Name: "$has_prefix", In: V2Final, SameType: true, Op: OpHasPrefix, Result: ArgBoolean, Doc: "True when a string (or list) starts with the given prefix.",
		Params: []Param{arg("value", "The string or list.").of(ArgStringOrList), arg("prefix", "The expected beginning.").of(ArgStringOrList)}},
	{Name: "$has_suffix", In: V2Final, SameType: true, Op: OpHasSuffix, Result: ArgBoolean, Doc: "True when a string (or list) ends with the given suffix.",
		Params: []Param{arg("value", "The string or list.").of(ArgStringOrList), arg("suffix", "The expected end.").of(ArgStringOrList)}},
	{Name: "$contains", In: V2Final, SameType: true, Op: OpContains, Result: ArgBoolean, Doc: "True when a string contains a substring, or a list contains a sub-list.",
		Params: []Param{arg("value", "The string or list.").of(ArgStringOrList), arg("part", "The substring or sub-list to look for.").of(ArgStringOrList)}},
	{Name: "$length", In: V2Final, Op: OpLength, Result: ArgInteger, Doc: "The number of characters of a string, or of entries of a list or map.",
		Params: []Param{arg("value", "The string, list or map.").of(ArgCollection)}},
	{Name: "$has_entry", In: V2Final, Result: ArgBoolean, Doc: "True when a list or map has the given entry (value).",
		Params: []Param{arg("collection", "The list or map.").of(ArgListOrMap), arg("entry", "The entry to look for.")}},
	{Name: "$has_key", In: V2Final, Result: ArgBoolean, Doc: "True when a map has the given key.",
		Params: []Param{arg("map", "The map.").of(ArgMap), arg("key", "The key to look for.")}},
	{Name: "$has_all_entries", In: V2Final, Result: ArgBoolean, Doc: "True when a list or map has every entry of the given list.",
		Params: []Param{arg("collection", "The list or map.").of(ArgListOrMap), arg("entries", "The entries that must all be present.").of(ArgList)}},
	{Name: "$has_all_keys", In: V2Final, Result: ArgBoolean, Doc: "True when a map has every key of the given list.",
		Params: []Param{arg("map", "The map.").of(ArgMap), arg("keys", "The keys that must all be present.").of(ArgList)}},
	{Name: "$has_any_entry", In: V2Final, Result: ArgBoolean, Doc: "True when a list or map has at least one entry of the given list.",
		Params: []Param{arg("collection", "The list or map.").of(ArgListOrMap), arg("entries", "The candidate entries.").of(ArgList)}},
	{Name: "$has_any_key", In: V2Final, Result: ArgBoolean, Doc: "True when a map has at least one key of the given list.",
		Params: []Param{arg("map", "The map.").of(ArgMap), arg("keys", "The candidate keys.").of(ArgList)}},
}

// ConstraintOperators are the constraint clause operators of 1.x and the
// 2020 draft (`- min_length: 8`), with the `and`/`or`/`not`/`condition`
// operators proposed by the constraint enhancements (seed 003). Final 2.0
// replaces constraint clauses with validation expressions.
var ConstraintOperators = []*Function{
	{Name: "equal", In: UpToDraft, Doc: "The value must equal the given one.", Params: []Param{arg("value", "The required value.")},
		Validation: "{ $equal: [ $value, %s ] }"},
	{Name: "greater_than", In: UpToDraft, Subject: OrderedValues, Doc: "The value must be greater than the given one.", Params: []Param{arg("value", "The exclusive lower bound.")},
		Validation: "{ $greater_than: [ $value, %s ] }"},
	{Name: "greater_or_equal", In: UpToDraft, Subject: OrderedValues, Doc: "The value must be greater than or equal to the given one.", Params: []Param{arg("value", "The inclusive lower bound.")},
		Validation: "{ $greater_or_equal: [ $value, %s ] }"},
	{Name: "less_than", In: UpToDraft, Subject: OrderedValues, Doc: "The value must be less than the given one.", Params: []Param{arg("value", "The exclusive upper bound.")},
		Validation: "{ $less_than: [ $value, %s ] }"},
	{Name: "less_or_equal", In: UpToDraft, Subject: OrderedValues, Doc: "The value must be less than or equal to the given one.", Params: []Param{arg("value", "The inclusive upper bound.")},
		Validation: "{ $less_or_equal: [ $value, %s ] }"},
	{Name: "in_range", In: UpToDraft, Subject: OrderedValues, Doc: "The value must lie within `[lower, upper]`, bounds included.",
		Params: []Param{arg("lower", "The inclusive lower bound."), arg("upper", "The inclusive upper bound (`UNBOUNDED` for none).")},
		// Not among the standard's built-in functions (§10.2), but how its own examples write it (§8.6, §9.1.1.2).
		Validation: "{ $in_range: [ $value, %s ] }"},
	{Name: "valid_values", In: UpToDraft, Doc: "The value must be one of the listed values.", Params: []Param{arg("values", "The allowed values.")},
		Validation: "{ $valid_values: [ $value, %s ] }"},
	{Name: "length", In: UpToDraft, Subject: SizedValues, Doc: "The string, list or map must have exactly this length.", Params: []Param{arg("length", "The required length.")},
		Validation: "{ $equal: [ { $length: [ $value ] }, %s ] }"},
	{Name: "min_length", In: UpToDraft, Subject: SizedValues, Doc: "The string, list or map must be at least this long.", Params: []Param{arg("length", "The minimum length.")},
		Validation: "{ $greater_or_equal: [ { $length: [ $value ] }, %s ] }"},
	{Name: "max_length", In: UpToDraft, Subject: SizedValues, Doc: "The string, list or map must be at most this long.", Params: []Param{arg("length", "The maximum length.")},
		Validation: "{ $less_or_equal: [ { $length: [ $value ] }, %s ] }"},
	{Name: "pattern", In: UpToDraft, Subject: TextValues, Doc: "The string must match this regular expression.", Params: []Param{arg("regex", "The regular expression.")},
		Validation: "{ $matches: [ $value, %s ] }"},
	{Name: "schema", In: V1_3 | V2Draft, Doc: "The value must conform to this external schema (for types such as `json`).",
		Params: []Param{arg("schema", "The schema the value must satisfy.")}},
	// Boolean operators of the constraint enhancements (seed 003).
	{Name: "and", In: UpToDraft, Variadic: true, Doc: "Extension: all nested constraint clauses must hold.",
		Params: []Param{arg("clause", "A constraint clause; repeat as needed.")}},
	{Name: "or", In: UpToDraft, Variadic: true, Doc: "Extension: at least one nested constraint clause must hold.",
		Params: []Param{arg("clause", "A constraint clause; repeat as needed.")}},
	{Name: "not", In: UpToDraft, Variadic: true, Doc: "Extension: the nested constraint clauses must not all hold.",
		Params: []Param{arg("clause", "A constraint clause; repeat as needed.")}},
	{Name: "condition", In: UpToDraft, Variadic: true,
		Doc:    "Extension: the long form of a boolean constraint, holding `and`/`or`/`not` clauses; a list of clauses is and-ed.",
		Params: []Param{arg("clause", "A constraint clause; repeat as needed.")}},
}

// ValidationAll joins the validation expressions of several constraint
// clauses (%s is the list of them, in flow style): a list of clauses holds
// when every clause does.
const ValidationAll = "{ $and: [ %s ] }"

// ConstraintClause is one constraint clause (`greater_or_equal: 1`); its
// keynames are the ConstraintOperators and exactly one is used per clause.
var ConstraintClause = &Entity{
	Name: "constraint clause",
	Doc: "One test a value must pass, written as a single-entry map `operator: argument` " +
		"(e.g. `min_length: 8`, `in_range: [1, 4]`). Final 2.0 replaces these with validation expressions.",
	Spec: Spec{Draft: "4.4.6"},
}

// constraintValue is the argument shape of each constraint operator.
func constraintValue(name string) *Value {
	switch name {
	case "in_range":
		return rangeV()
	case "valid_values":
		return listV()
	case "length", "min_length", "max_length":
		return integer()
	case "pattern":
		return str()
	case "and", "or", "not", "condition":
		return listOf(ent(ConstraintClause))
	}
	return anyV()
}

func init() {
	for _, op := range ConstraintOperators {
		ConstraintClause.Keys = append(ConstraintClause.Keys, key(op.Name, op.In, constraintValue(op.Name), op.Doc))
	}
}

// CallPrefix starts the name of a final 2.0 function (§10.1); doubled, it
// escapes a literal `$`.
const CallPrefix = "$"

// IsCallString reports whether s names a final 2.0 call: `$name`, not the
// escaped literal `$$name`. As a key it is a call with arguments, as a
// string value a call without.
func IsCallString(s string) bool {
	return len(s) > 1 && s[:1] == CallPrefix && s[1:2] != CallPrefix
}

// ValueCall is the function standing for the value a validation checks.
const ValueCall = "$value"

// Keyword is a reserved word with a meaning of its own.
type Keyword struct{ Name, Doc string }

// EntityKeywords stand for a template in the first argument of
// get_property, get_attribute and their final-2.0 `$` forms (which start
// with SELF only; SOURCE and TARGET are path steps there, §10.3).
var EntityKeywords = []Keyword{
	{"SELF", "The template (or type) holding the function call."},
	{"SOURCE", "The source node of the relationship holding the call."},
	{"TARGET", "The target node of the relationship holding the call."},
	{"HOST", "The node that hosts the node holding the call (following `HostedOn`). 1.x and the 2020 draft only."},
}

// IsEntityKeyword reports whether name is one of EntityKeywords.
func IsEntityKeyword(name string) bool {
	for _, k := range EntityKeywords {
		if k.Name == name {
			return true
		}
	}
	return false
}
