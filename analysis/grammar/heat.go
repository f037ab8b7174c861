package grammar

// The Heat Orchestration Template (HOT) of OpenStack (seed 004 and the
// later versions of its specification): a template of its own, with
// parameters, resources, outputs and conditions whose names are local to
// the file, and intrinsic functions whose set depends on the template
// version. Resource types are opaque names (OS::Nova::Server, a provider
// template's file): Heat's resource registry is not described.

// HeatDialects are the heat_template_version values, oldest first: a date,
// or from Newton on also the release name.
var HeatDialects = []*Dialect{
	heatDialect("2013-05-23", "", VHeat2013),
	heatDialect("2014-10-16", "juno", VHeatJuno),
	heatDialect("2015-04-30", "kilo", VHeatKilo),
	heatDialect("2015-10-15", "liberty", VHeatLiberty),
	heatDialect("2016-04-08", "mitaka", VHeatMitaka),
	heatDialect("2016-10-14", "newton", VHeatNewton),
	heatDialect("2017-02-24", "ocata", VHeatOcata),
	heatDialect("2017-09-01", "pike", VHeatPike),
	heatDialect("2018-03-02", "queens", VHeatQueens),
	heatDialect("2018-08-31", "rocky", VHeatRocky),
	heatDialect("2021-04-16", "wallaby", VHeatWallaby),
}

func heatDialect(date, name string, v Versions) *Dialect {
	title := "Heat Orchestration Template " + date
	if name != "" {
		title += " (" + name + ")"
	}
	d := &Dialect{Version: date, Language: Heat, Title: title, Grammar: v, Modelled: true}
	// Release names are accepted as versions from Newton on.
	if v >= VHeatNewton {
		d.Alias = name
	}
	return d
}

// HeatVersionValues lists the accepted heat_template_version values, for
// messages and completion.
func HeatVersionValues() []string {
	var out []string
	for _, d := range HeatDialects {
		out = append(out, d.Version)
		if d.Alias != "" {
			out = append(out, d.Alias)
		}
	}
	return out
}

// HeatTemplate is the root of a Heat template.
var HeatTemplate = &Entity{
	Name: "Heat template",
	Doc:  "An OpenStack Heat Orchestration Template: parameters supplied at stack creation, the resources of the stack, its outputs and conditions.",
	Spec: Spec{Text: "HOT specification: Template Structure"},
}

// HeatParameterGroupDef is an entry of `parameter_groups`.
var HeatParameterGroupDef = &Entity{
	Name: "parameter group",
	Doc:  "Groups parameters for user interfaces and gives their order; each parameter belongs to one group at most.",
	Spec: Spec{Text: "HOT specification: Parameter Groups Section"},
}

// HeatParameterDef is an entry of `parameters`.
var HeatParameterDef = &Entity{
	Name:     "parameter",
	Doc:      "An input of the template, provided when the stack is created; read it with `get_param`.",
	Spec:     Spec{Text: "HOT specification: Parameters Section"},
	Declares: HeatParameter,
}

// HeatConstraintDef is one entry of a parameter's `constraints`.
var HeatConstraintDef = &Entity{
	Name: "parameter constraint",
	Doc:  "One check a parameter value must pass (exactly one of `length`, `range`, `modulo`, `allowed_values`, `allowed_pattern`, `custom_constraint`), with an optional description shown when it fails.",
	Spec: Spec{Text: "HOT specification: Parameter Constraints"},
}

// HeatBoundsDef is the value of a `length` or `range` constraint.
var HeatBoundsDef = &Entity{
	Name: "bounds",
	Doc:  "Inclusive bounds; at least one of `min` and `max` is given.",
	Spec: Spec{Text: "HOT specification: Parameter Constraints"},
}

// HeatModuloDef is the value of a `modulo` constraint.
var HeatModuloDef = &Entity{
	Name: "modulo",
	Doc:  "The value must equal `offset` modulo `step`.",
	Spec: Spec{Text: "HOT specification: Parameter Constraints"},
}

// HeatResourceDef is an entry of `resources`.
var HeatResourceDef = &Entity{
	Name:     "resource",
	Doc:      "One resource of the stack (a server, a network, a nested stack …), of a resource type, with its properties.",
	Spec:     Spec{Text: "HOT specification: Resources Section"},
	Declares: HeatResource,
}

// HeatOutputDef is an entry of `outputs`.
var HeatOutputDef = &Entity{
	Name:     "output",
	Doc:      "A value the stack reports once created, usually computed from resource attributes.",
	Spec:     Spec{Text: "HOT specification: Outputs Section"},
	Declares: HeatOutput,
}

// HeatConditionDef is an entry of `conditions`: a condition expression.
var HeatConditionDef = &Entity{
	Name:     "condition",
	Doc:      "A named condition (a boolean expression of condition functions); resources and outputs with `condition` exist only when it holds.",
	Spec:     Spec{Text: "HOT specification: Conditions Section"},
	Declares: HeatCondition,
}

// Keynames of a parameter constraint the checks read.
const (
	HeatLength         = "length"
	HeatRange          = "range"
	HeatModulo         = "modulo"
	HeatAllowedPattern = "allowed_pattern"
	HeatLabel          = "label"
)

// Keynames of a resource and names of functions the topology reads.
const (
	HeatDependsOn    = "depends_on"
	HeatConditionKey = "condition"
	HeatProperties   = "properties"
	HeatGetResource  = "get_resource"
	HeatGetAttr      = "get_attr"
	// HeatResourceGroup is the resource type that makes `count` copies of
	// one resource definition.
	HeatResourceGroup = "OS::Heat::ResourceGroup"
	HeatCount         = "count"
)

// HeatConstraintTypes are, for the constraints that apply to some parameter
// types only, those types.
var HeatConstraintTypes = map[string][]string{
	HeatLength:         {"string", "comma_delimited_list", "json"},
	HeatRange:          {"number"},
	HeatModulo:         {"number"},
	HeatAllowedPattern: {"string"},
}

// HeatParameterTypes are the types a parameter may have.
var HeatParameterTypes = []string{"string", "number", "json", "comma_delimited_list", "boolean"}

// HeatParameterType is the expression type of a parameter's value.
func HeatParameterType(t string) ArgKind {
	switch t {
	case "number":
		return ArgNumber
	case "boolean":
		return ArgBoolean
	case "string":
		return ArgString
	case "comma_delimited_list":
		return ArgList
	}
	return ArgAny
}

// HeatPseudoParameters are the parameters Heat creates for every stack.
var HeatPseudoParameters = []Keyword{
	{"OS::stack_name", "Pseudo parameter: the name of the stack."},
	{"OS::stack_id", "Pseudo parameter: the identifier of the stack."},
	{"OS::project_id", "Pseudo parameter: the identifier of the project the stack belongs to."},
}

// heatConditionLiterals are what a condition may be instead of a name.
var heatConditionLiterals = []Keyword{
	{"true", "A condition that always holds."},
	{"false", "A condition that never holds."},
}

// Builtins are the names of kind r that exist without a declaration.
func Builtins(r RefKind) []Keyword {
	switch r {
	case HeatParameter:
		return HeatPseudoParameters
	case HeatCondition:
		return heatConditionLiterals
	}
	return nil
}

// IsBuiltin reports whether name of kind r exists without a declaration.
func IsBuiltin(r RefKind, name string) bool {
	for _, k := range Builtins(r) {
		if k.Name == name {
			return true
		}
	}
	return false
}

// HeatDeletionPolicies are the values of a resource's deletion_policy (the
// lower-case ones from Newton on).
var HeatDeletionPolicies = []string{"Delete", "Retain", "Snapshot", "delete", "retain", "snapshot"}

func heatFn(name string, in Versions, result ArgKind, doc string, params ...Param) *Function {
	return &Function{Name: name, In: in, Doc: doc, Params: params, Result: result}
}

func variadic(fn *Function) *Function { fn.Variadic = true; return fn }

func named(fn *Function) *Function { fn.Named = true; return fn }

func optional(p Param) Param { p.Optional = true; return p }

func heatRef(name string, r RefKind, doc string) Param {
	return Param{Name: name, Ref: r, Kind: ArgString, Doc: doc}
}

// heatPath is the keys and indexes that may follow a name into a structured value.
var heatPath = optional(typed("key_or_index", ArgAny, "Optional keys or list indexes into a structured value; repeat as needed."))

// cfn lists the CloudFormation-compatible functions of 2013-05-23.
func cfn(name, doc string) *Function {
	return variadic(heatFn(name, VHeat2013, ArgAny, "CloudFormation-compatible: "+doc, typed("argument", ArgAny, "An argument.")))
}

// HeatFunctions are Heat's intrinsic and condition functions, each in the
// template versions that have it.
var HeatFunctions = []*Function{
	variadic(heatFn(HeatGetAttr, HeatAll, ArgAny, "Returns an attribute of a resource of the template (from Liberty on, every attribute as a map when none is named); further arguments index into a structured value.",
		heatRef("resource", HeatResource, "The name of a resource of this template."),
		typed("attribute", ArgString, "The attribute name (from Liberty on it may be left out)."), heatPath)),
	heatFn("get_file", HeatAll, ArgString, "Returns the content of a file, given by a path relative to the template or by a URL; the client sends it with the template.",
		heatRef("path", HeatFile, "A static path or URL (no function calls).")),
	variadic(heatFn("get_param", HeatAll, ArgAny, "Returns the value of a parameter (or a pseudo parameter such as `OS::stack_name`); further arguments index into a json or list value.",
		heatRef("parameter", HeatParameter, "The name of a parameter of this template."), heatPath)),
	heatFn(HeatGetResource, HeatAll, ArgString, "Returns the reference ID of a resource of the template (its meaning depends on the resource type).",
		heatRef("resource", HeatResource, "The name of a resource of this template.")),
	variadic(heatFn("list_join", HeatAll, ArgString, "Joins the strings of one or more lists with a delimiter.",
		typed("delimiter", ArgString, "The text placed between the items."), typed("list", ArgList, "A list of strings; from Liberty on, several lists may follow."))),
	heatFn("resource_facade", HeatAll, ArgAny, "In a provider template: returns data of the resource it implements in the parent template.",
		typed("data", ArgString, "`metadata`, `deletion_policy` or `update_policy`.")),
	named(heatFn("str_replace", HeatAll, ArgString, "Replaces each key of `params` found in `template` with its value.",
		typed("template", ArgString, "The text with placeholders."), typed("params", ArgMap, "Placeholder → replacement."))),
	heatFn("Fn::Select", VHeat2013|VHeatJuno|VHeatKilo, ArgAny, "CloudFormation-compatible: selects an item of a list or map by index or key.",
		typed("index", ArgAny, "The index or key."), typed("collection", ArgAny, "The list or map.")),
	cfn("Fn::Base64", "returns its argument (Base64 encoding is left to the resource)."),
	cfn("Fn::GetAZs", "returns the availability zones."),
	cfn("Fn::Join", "joins a list with a delimiter."),
	cfn("Fn::MemberListToMap", "turns a member list into a map."),
	cfn("Fn::Replace", "replaces placeholders in a string."),
	cfn("Fn::ResourceFacade", "returns data of the resource facade."),
	cfn("Fn::Split", "splits a string at a delimiter."),
	cfn("Ref", "returns a parameter value or a resource's reference ID."),
	named(heatFn("repeat", HeatFrom(VHeatKilo), ArgList, "Repeats a template for each value (or each combination of values) of `for_each`.",
		typed("for_each", ArgMap, "Placeholder → list of values."), typed("template", ArgAny, "What to repeat, with the placeholders."),
		optional(typed("permutations", ArgBoolean, "False to use the lists' items pairwise instead of every combination.")))),
	heatFn("digest", HeatFrom(VHeatKilo), ArgString, "Returns the digest of a value with a given algorithm (e.g. sha512).",
		typed("algorithm", ArgString, "The hash algorithm."), typed("value", ArgString, "The value to hash.")),
	heatFn("str_split", HeatFrom(VHeatLiberty), ArgAny, "Splits a string at a delimiter into a list, or returns the item at an optional index.",
		typed("delimiter", ArgString, "The delimiter."), typed("string", ArgString, "The string to split."),
		optional(typed("index", ArgNumber, "The index of the item to return."))),
	variadic(heatFn("map_merge", HeatFrom(VHeatMitaka), ArgMap, "Merges maps; later maps' keys win.",
		typed("map", ArgMap, "A map; repeat as needed."))),
	heatFn("map_replace", HeatFrom(VHeatNewton), ArgMap, "Renames the keys and values of a map.",
		typed("map", ArgMap, "The map."), typed("replacements", ArgMap, "`keys` and `values`: old → new.")),
	named(heatFn("yaql", HeatFrom(VHeatNewton), ArgAny, "Evaluates a YAQL expression over some data.",
		typed("expression", ArgString, "The YAQL expression."), typed("data", ArgAny, "The data the expression reads."))),
	heatFn("if", HeatFrom(VHeatNewton), ArgAny, "Returns the second argument when the condition holds, else the third.",
		Param{Name: "condition", Ref: HeatCondition, Kind: ArgBoolean, Doc: "A condition name or a condition expression."},
		typed("value_if_true", ArgAny, "The value when the condition holds."),
		optional(typed("value_if_false", ArgAny, "The value when it does not (nothing when left out)."))),
	heatFn("equals", HeatFrom(VHeatNewton), ArgBoolean, "Condition function: true when both values are equal.",
		typed("a", ArgAny, "A value."), typed("b", ArgAny, "The value to compare with.")),
	heatFn("not", HeatFrom(VHeatNewton), ArgBoolean, "Condition function: the negation of a condition.",
		Param{Name: "condition", Ref: HeatCondition, Kind: ArgBoolean, Doc: "A condition name or a condition expression."}),
	variadic(heatFn("and", HeatFrom(VHeatNewton), ArgBoolean, "Condition function: true when every condition holds.",
		Param{Name: "condition", Ref: HeatCondition, Kind: ArgBoolean, Doc: "A condition name or expression; repeat as needed."})),
	variadic(heatFn("or", HeatFrom(VHeatNewton), ArgBoolean, "Condition function: true when at least one condition holds.",
		Param{Name: "condition", Ref: HeatCondition, Kind: ArgBoolean, Doc: "A condition name or expression; repeat as needed."})),
	named(heatFn("str_replace_strict", HeatFrom(VHeatOcata), ArgString, "Like str_replace, but fails when a key of `params` is not found in `template`.",
		typed("template", ArgString, "The text with placeholders."), typed("params", ArgMap, "Placeholder → replacement."))),
	heatFn("filter", HeatFrom(VHeatOcata), ArgList, "Removes the given values from a list.",
		typed("values", ArgList, "The values to remove."), typed("list", ArgList, "The list.")),
	named(heatFn("str_replace_vstrict", HeatFrom(VHeatPike), ArgString, "Like str_replace_strict, but also fails on empty replacement values.",
		typed("template", ArgString, "The text with placeholders."), typed("params", ArgMap, "Placeholder → replacement."))),
	named(heatFn("make_url", HeatFrom(VHeatPike), ArgString, "Builds a URL from its parts.",
		optional(typed("scheme", ArgString, "e.g. https.")), optional(typed("username", ArgString, "The user.")),
		optional(typed("password", ArgString, "The password.")), optional(typed("host", ArgString, "The host name or address.")),
		optional(typed("port", ArgAny, "The port.")), optional(typed("path", ArgString, "The path.")),
		optional(typed("query", ArgMap, "Query parameters.")), optional(typed("fragment", ArgString, "The fragment.")))),
	variadic(heatFn("list_concat", HeatFrom(VHeatPike), ArgList, "Concatenates lists.",
		typed("list", ArgList, "A list; repeat as needed."))),
	variadic(heatFn("list_concat_unique", HeatFrom(VHeatPike), ArgList, "Concatenates lists, keeping the first of repeated items.",
		typed("list", ArgList, "A list; repeat as needed."))),
	heatFn("contains", HeatFrom(VHeatPike), ArgBoolean, "Condition function: true when a list contains a value.",
		typed("value", ArgAny, "The value to look for."), typed("list", ArgList, "The list.")),
}

// HeatFunctionAnyVersion returns the Heat function called name in any
// template version (nil if there is none), to say which versions have it.
func HeatFunctionAnyVersion(name string) *Function {
	for _, fn := range HeatFunctions {
		if fn.Name == name {
			return fn
		}
	}
	return nil
}

// HeatVersionName names the oldest template version in vs.
func HeatVersionName(vs Versions) string {
	for _, d := range HeatDialects {
		if d.Grammar.Has(vs) {
			return d.Version
		}
	}
	return ""
}

func init() {
	HeatTemplate.Keys = []*Key{
		key(HeatVersionKey, HeatAll, str(),
			"The HOT version of the template: a date such as `2013-05-23` or, from Newton on, a release name such as `queens`; it decides which functions exist.").reqAll(),
		key("description", HeatAll, str(), "A description of the template and the workload it deploys."),
		key("parameter_groups", HeatAll, listOf(ent(HeatParameterGroupDef)), "How parameters are grouped and ordered for user interfaces."),
		key("parameters", HeatAll, mapOf(ent(HeatParameterDef)), "The inputs of the template, provided when the stack is created."),
		key("resources", HeatAll, mapOf(ent(HeatResourceDef)), "The resources of the stack, by resource ID."),
		key("outputs", HeatAll, mapOf(ent(HeatOutputDef)), "Values the stack reports once created."),
		key("conditions", HeatFrom(VHeatNewton), mapOf(ent(HeatConditionDef).withShort(anyV())),
			"Named conditions that resources and outputs are created under (Newton on)."),
	}
	HeatParameterGroupDef.Keys = []*Key{
		key(HeatLabel, HeatAll, str(), "A human-readable label of the group."),
		key("description", HeatAll, str(), "A description of the group."),
		key("parameters", HeatAll, refs(HeatParameter), "The parameters of the group, in order; each parameter belongs to one group at most."),
	}
	HeatParameterDef.Keys = []*Key{
		key("type", HeatAll, enum(HeatParameterTypes...), "The parameter's type: `string`, `number`, `json`, `comma_delimited_list` or `boolean`.").reqAll(),
		key("label", HeatAll, str(), "A human-readable name of the parameter."),
		key("description", HeatAll, str(), "A description of the parameter."),
		key("default", HeatAll, anyV(), "The value used when none is given at stack creation; it must fit the type."),
		key("hidden", HeatAll, boolean(), "Hides the value when the stack is shown (for passwords)."),
		key("constraints", HeatAll, listOf(ent(HeatConstraintDef)), "Checks the value must pass at stack creation."),
		key("immutable", HeatAll, boolean(), "Forbids changing the value when the stack is updated."),
		key("tags", HeatFrom(VHeatQueens), strs(), "Tags classifying the parameter (Queens on)."),
		key("schema", HeatAll, anyV(), "Accepted by Heat and not used by HOT parameters."),
	}
	HeatConstraintDef.Keys = []*Key{
		key(HeatLength, HeatAll, ent(HeatBoundsDef), "For strings (and lists): the length must lie within `min` and `max`."),
		key(HeatRange, HeatAll, ent(HeatBoundsDef), "For numbers: the value must lie within `min` and `max`, bounds included."),
		key(HeatModulo, HeatFrom(VHeatOcata), ent(HeatModuloDef), "For numbers: the value must be `offset` modulo `step` (Ocata on)."),
		key("allowed_values", HeatAll, listV(), "The value must be one of these."),
		key(HeatAllowedPattern, HeatAll, str(), "For strings: a regular expression the value must match."),
		key("custom_constraint", HeatAll, str(), "The name of a constraint a Heat plug-in checks, e.g. `nova.keypair`."),
		key("description", HeatAll, str(), "The message shown when the value fails this constraint."),
	}
	HeatBoundsDef.Keys = []*Key{
		key("min", HeatAll, number(), "The lower bound."),
		key("max", HeatAll, number(), "The upper bound."),
	}
	HeatModuloDef.Keys = []*Key{
		key("step", HeatAll, number(), "The step.").reqAll(),
		key("offset", HeatAll, number(), "The offset.").reqAll(),
	}
	HeatResourceDef.Keys = []*Key{
		key("type", HeatAll, ref(HeatResourceType), "The resource type, such as `OS::Nova::Server`, or a provider template's file.").reqAll(),
		key(HeatProperties, HeatAll, mapV(), "The properties the resource type takes; values may be computed with intrinsic functions."),
		key("metadata", HeatAll, mapV(), "Metadata of the resource, specific to its type."),
		key(HeatDependsOn, HeatAll, ref(HeatResource).withShort(refs(HeatResource)),
			"Resources that must be created before this one: a resource ID or a list of them."),
		key("update_policy", HeatAll, mapV(), "How the resource is updated, specific to its type."),
		key("deletion_policy", HeatAll&^HeatFrom(VHeatNewton), enum(HeatDeletionPolicies[:3]...), "What happens to the resource when the stack is deleted: `Delete`, `Retain` or `Snapshot`."),
		key("deletion_policy", HeatFrom(VHeatNewton), enum(HeatDeletionPolicies...), "What happens to the resource when the stack is deleted: `Delete`, `Retain` or `Snapshot` (from Newton on also in lower case)."),
		key("description", HeatAll, str(), "A description of the resource."),
		key(HeatConditionKey, HeatFrom(VHeatNewton), ref(HeatCondition).withShort(anyV()),
			"A condition name (or expression): the resource exists only when it holds."),
		key("external_id", HeatFrom(VHeatNewton), str(), "The ID of an existing resource this one adopts instead of creating it (Newton on)."),
	}
	HeatOutputDef.Keys = []*Key{
		key("description", HeatAll, str(), "A description of the output."),
		key("value", HeatAll, anyV(), "The value, usually computed with `get_attr`."),
		key(HeatConditionKey, HeatFrom(VHeatNewton), ref(HeatCondition).withShort(anyV()),
			"A condition name (or expression): the output exists only when it holds."),
	}
	Functions = append(Functions, HeatFunctions...)
}
