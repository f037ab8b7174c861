package analysis

// Diagnostic codes. They are stable: settings, quick fixes and CI scripts
// refer to them.
const (
	CodeYAMLSyntax        = "yaml-syntax"
	CodeMultipleDocuments = "multiple-documents"
	CodeDuplicateKey      = "duplicate-key"
	CodeInvalidVersion    = "invalid-version"
	CodeUnknownKeyname    = "unknown-keyname"
	CodeMissingKeyname    = "missing-keyname"
	CodeWrongValueShape   = "wrong-value-shape"
	CodeUnknownType       = "unknown-type"
	CodeWrongTypeKind     = "wrong-type-kind"
	CodeDerivationCycle   = "derivation-cycle"
	CodeDuplicateName     = "duplicate-name"
	CodeUnknownName       = "unknown-name"
	CodeUnknownMember     = "unknown-member"
	CodeImportNotFound    = "import-not-found"
	CodeImportCycle       = "import-cycle"
	CodeImportRemote      = "import-remote"
	CodeUnmodelledDialect = "unmodelled-dialect"
	CodeFileTooLarge      = "file-too-large"
)

// Codes documents every code (the README lists them too).
var Codes = []struct{ Code, Doc string }{
	{CodeYAMLSyntax, "the text is not valid YAML"},
	{CodeMultipleDocuments, "a file holds several YAML documents; only the first is TOSCA"},
	{CodeDuplicateKey, "a mapping repeats a key"},
	{CodeInvalidVersion, "tosca_definitions_version is missing, unknown or not the first key"},
	{CodeUnknownKeyname, "a keyname the entity does not have in this TOSCA version"},
	{CodeMissingKeyname, "a mandatory keyname is missing"},
	{CodeWrongValueShape, "a value has the wrong shape (a map where a list is needed, …)"},
	{CodeUnknownType, "a type name that no definition or import provides"},
	{CodeWrongTypeKind, "a type name of another kind (a capability type where a node type is needed, …)"},
	{CodeDerivationCycle, "derived_from leads back to the type itself"},
	{CodeDuplicateName, "two definitions of the same kind share a name in one namespace"},
	{CodeUnknownName, "a reference to a template, input or other name that does not exist"},
	{CodeUnknownMember, "a template assigns a property, attribute, capability, requirement or interface its type does not define"},
	{CodeImportNotFound, "an import that cannot be resolved"},
	{CodeImportCycle, "imports that lead back to the importing file"},
	{CodeImportRemote, "a remote import that is not fetched (a warning)"},
	{CodeUnmodelledDialect, "a recognised dialect whose keynames are not checked yet (information)"},
	{CodeFileTooLarge, "a file over 16 MB is kept but not analysed (a warning)"},
}
