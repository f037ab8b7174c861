package grammar

// puccini reads TOSCA 1.x and 2.0 and adds to them:
//
//   - scriptlets: JavaScript functions and constraints a file declares in
//     its metadata, under `puccini.scriptlet:tosca.function.NAME` and
//     `puccini.scriptlet:tosca.constraint.NAME` (`puccini.scriptlet.import:`
//     for one kept in a file of its own). NAME is then a function
//     (`{ NAME: [ args ] }`) or a constraint operator (`- NAME: arg`) of
//     the file and of the files importing it;
//   - `[ SELF, requirement, index, name ]`: the relationship of the
//     requirement's assignment at that index (1.3 §4.4.2 has no index);
//   - an interface mapped onto a node template's interface in substitution
//     mappings (`Standard: [ node, Standard ]`), which only the 2020 draft's
//     table allows (the texts map operations to workflows): read in every
//     version (service.go), judged where validation meets it;
//   - copies of copies (1.3 §3.8.3 copies only a template that is not one).
//
// The last two replace what the text says and stay warnings. A file shows
// it is puccini's by a `puccini.` metadata key.

// Puccini is the processor.
var Puccini = &Processor{
	Name: "puccini", Title: "puccini", Grammar: VPuccini, Over: V1x | V2,
	MetadataPrefix: "puccini.",
}

// The metadata keys that declare scriptlets.
const (
	scriptletFunction         = "puccini.scriptlet:tosca.function."
	scriptletFunctionImport   = "puccini.scriptlet.import:tosca.function."
	scriptletConstraint       = "puccini.scriptlet:tosca.constraint."
	scriptletConstraintImport = "puccini.scriptlet.import:tosca.constraint."
)

// ScriptletFunctionDef is a function a puccini scriptlet defines.
var ScriptletFunctionDef = &Entity{
	Name:     "scriptlet function",
	Doc:      "A function written in JavaScript that puccini runs: called as `{ name: [ arguments ] }`.",
	Spec:     Spec{Text: "puccini: JavaScript scriptlets"},
	Declares: UserFunction,
}

// ScriptletConstraintDef is a constraint operator a puccini scriptlet defines.
var ScriptletConstraintDef = &Entity{
	Name:     "scriptlet constraint",
	Doc:      "A constraint operator written in JavaScript that puccini runs: used as `- name: argument` in `constraints`.",
	Spec:     Spec{Text: "puccini: JavaScript scriptlets"},
	Declares: CustomConstraint,
}

// scriptletMetadataKey is a file's `metadata` as puccini reads it.
func scriptletMetadataKey() *Key {
	metadata := mapV()
	metadata.Prefixed = []*PrefixedDecl{
		{Prefixes: []string{scriptletFunction, scriptletFunctionImport}, Entity: ScriptletFunctionDef},
		{Prefixes: []string{scriptletConstraint, scriptletConstraintImport}, Entity: ScriptletConstraintDef},
	}
	return key("metadata", VPuccini, metadata,
		"Arbitrary name/value pairs about the file; puccini reads `puccini.scriptlet:tosca.function.NAME` and "+
			"`puccini.scriptlet:tosca.constraint.NAME` as JavaScript functions and constraint operators the file declares.")
}

// InterfaceOntoNode is the processor that maps an interface of a
// substituted node type onto a node template's interface.
var InterfaceOntoNode = Puccini

// CopyOfCopy is the processor that reads a copy of a copy (1.3 §3.8.3
// and 2.0 §7.2 copy only a template that is not one).
var CopyOfCopy = Puccini

func init() {
	// A constraint operator that is none of the text's names a custom
	// constraint: the model resolves it among the scriptlets the file sees.
	ConstraintClause.Extra = anyV()
	ConstraintClause.ExtraIn = UpToDraft
	ConstraintClause.ExtraRef = CustomConstraint
}
