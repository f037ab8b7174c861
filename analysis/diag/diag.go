// Package diag names the diagnostics tosca-ls reports: their stable codes
// and severities. It is a leaf: the index's binder and the analysis layer
// both report with it, and the README documents every code it lists.
package diag

// Severity of a diagnostic. The values are tosca-ls's own; the language
// server maps them to LSP's.
type Severity uint8

const (
	Error Severity = iota + 1
	Warning
	Information
	Hint
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Information:
		return "info"
	case Hint:
		return "hint"
	}
	return "unknown"
}

// Diagnostic codes. They are stable: settings, quick fixes and CI scripts
// refer to them.
const (
	YAMLSyntax        = "yaml-syntax"
	MultipleDocuments = "multiple-documents"
	DuplicateKey      = "duplicate-key"
	InvalidVersion    = "invalid-version"
	UnknownKeyname    = "unknown-keyname"
	MissingKeyname    = "missing-keyname"
	WrongValueShape   = "wrong-value-shape"
	UnknownType       = "unknown-type"
	DraftBuiltin      = "draft-builtin"
	WrongTypeKind     = "wrong-type-kind"
	DerivationCycle   = "derivation-cycle"
	DuplicateName     = "duplicate-name"
	UnknownName       = "unknown-name"
	UnknownMember     = "unknown-member"
	ImportNotFound    = "import-not-found"
	ImportCycle       = "import-cycle"
	ImportRemote      = "import-remote"
	ImportRefused     = "import-refused"
	ImportNotTOSCA    = "import-not-tosca"
	DuplicateProfile  = "duplicate-profile"
	UnmodelledDialect = "unmodelled-dialect"
	FileTooLarge      = "file-too-large"
	// Dialects (Variability4TOSCA, Heat) and CSAR metadata.
	WrongExpressionType = "wrong-expression-type"
	UnknownOperator     = "unknown-operator"
	UnusedName          = "unused-name"
	DependencyCycle     = "dependency-cycle"
	UnavailableFunction = "unavailable-function"
	InvalidPattern      = "invalid-pattern"
	FileNotFound        = "file-not-found"
	DeprecatedType      = "deprecated-type"
	UnsupportedType     = "unsupported-type"

	// Deep validation (package validate).
	WrongValueType       = "wrong-value-type"
	MissingRequiredValue = "missing-required-value"
	ConstraintViolated   = "constraint-violated"
	InvalidConstraint    = "invalid-constraint"
	WrongArguments       = "wrong-arguments"
	UnknownFunction      = "unknown-function"
	UnknownPathName      = "unknown-path-name"
	IncompatibleTarget   = "incompatible-target"
	CountOutOfRange      = "count-out-of-range"
	InvalidRefinement    = "invalid-refinement"
	ArtifactNotFound     = "artifact-not-found"
	AttributeSetTwice    = "attribute-set-twice"
)

// Codes documents every code (the README lists them too).
var Codes = []struct{ Code, Doc string }{
	{YAMLSyntax, "the text is not valid YAML"},
	{MultipleDocuments, "a file holds several YAML documents; only the first is TOSCA"},
	{DuplicateKey, "a mapping repeats a key"},
	{InvalidVersion, "tosca_definitions_version is missing, unknown or not the first key; heat_template_version is unknown"},
	{UnknownKeyname, "a keyname the entity does not have in this TOSCA version"},
	{MissingKeyname, "a mandatory keyname is missing"},
	{WrongValueShape, "a value has the wrong shape (a map where a list is needed, …)"},
	{UnknownType, "a type name that no definition or import provides"},
	{DraftBuiltin, "a type the drafts of TOSCA 2.0 had built in and the OASIS Standard has not (range, scalar-unit.size): read as the drafts did, with a warning naming the standard's form"},
	{WrongTypeKind, "a type name of another kind (a capability type where a node type is needed, …)"},
	{DerivationCycle, "derived_from leads back to the type itself"},
	{DuplicateName, "two definitions of the same kind share a name in one namespace"},
	{UnknownName, "a reference to a template, input or other name that does not exist"},
	{UnknownMember, "a template assigns a property, attribute, capability, requirement or interface its type does not define"},
	{ImportNotFound, "an import that cannot be resolved"},
	{ImportCycle, "imports that lead back to the importing file (a hint: TOSCA allows cycles, each file is read once)"},
	{ImportRemote, "a remote import that is not fetched (a warning)"},
	{ImportRefused, "an import of a file outside the workspace folders, the CSAR root, the profile folders and the profile cache (or not a regular file): never read"},
	{ImportNotTOSCA, "an import of a file that is not TOSCA by its content (no top-level tosca_definitions_version): never analysed nor quoted"},
	{DuplicateProfile, "a profile name another file declares too, which imports of the name resolve to (a warning on the file that loses)"},
	{UnmodelledDialect, "a recognised dialect whose keynames are not checked yet (information)"},
	{FileTooLarge, "a file over 16 MB is kept but not analysed (a warning)"},
	{WrongExpressionType, "an expression of the wrong type where its place needs one (a number where a condition is expected, …)"},
	{UnknownOperator, "a single-entry map in a Variability4TOSCA expression whose key is no operator"},
	{UnusedName, "a Variability4TOSCA input or expression nothing uses (a hint)"},
	{DependencyCycle, "Heat resources that depend on each other in a cycle (depends_on, get_resource, get_attr)"},
	{UnavailableFunction, "a Heat function the template's heat_template_version does not have yet (a warning)"},
	{InvalidPattern, "a Heat allowed_pattern that is not a valid regular expression"},
	{FileNotFound, "a file named by get_file, or a provider template named as a resource type, that does not exist"},
	{DeprecatedType, "a Heat resource type Heat deprecates (a warning naming its replacement)"},
	{UnsupportedType, "a Heat resource type Heat no longer provides (HIDDEN: an error naming its replacement) or does not support (UNSUPPORTED: a warning)"},
	{WrongValueType, "a value that is not of its data type: `b: 0` for a boolean, `12` for a string, an unknown unit, a non-string name"},
	{MissingRequiredValue, "a required property (or field of a complex value) with no value and no default in a template"},
	{ConstraintViolated, "a literal value breaks a constraint clause or a validation expression"},
	{InvalidConstraint, "a constraint clause or validation expression that cannot apply: wrong operand type, a regex that does not compile"},
	{WrongArguments, "a function call with the wrong number or kind of arguments, or a malformed call (a `$` key not alone)"},
	{UnknownFunction, "a `$name` call that is no function known, close to one that is (a warning, with did you mean)"},
	{UnknownPathName, "a name in a function path, operation output, filter or mapping that the types do not have"},
	{IncompatibleTarget, "a name that exists but does not fit: a requirement target without the capability, a group member of the wrong type, …"},
	{CountOutOfRange, "more requirement assignments (or relationships to a capability) than occurrences or count_range allow"},
	{InvalidRefinement, "a refinement that breaks the derivation rules: an incompatible type, a fixed value changed, properties on a primitive"},
	{ArtifactNotFound, "an implementation or artifact file that does not exist where it would be read from (a warning)"},
	{AttributeSetTwice, "a template assigns an attribute that an operation output also sets (a warning, seed 002)"},
}
