package grammar

// Unfurl (unfurl.run) reads TOSCA 1.x, its own `tosca_simple_unfurl_1_0_0`
// (1.3 read for it) and adds to them, after its documentation
// (extensions.rst, expressions.rst):
//
//   - `eval` expressions: a map with the `eval` key and optionally `vars`,
//     `select`, `foreach`; the expression is Unfurl's own language (a
//     query string, or a map of one expression function and its keyword
//     arguments), so tosca-ls checks its shape only, never its paths;
//   - `q`, which quotes its argument as is (nothing in it is evaluated);
//   - a `defaults` section in interfaces: `implementation`, `inputs` and
//     `outputs` every operation of the interface gets;
//   - operations written directly under an interface, as before 1.3 (the
//     1.3 text puts them under `operations:`, so they stay warnings);
//   - `environment` in an implementation definition: variables set for it;
//   - types whose metadata says `additionalProperties: true` take any
//     property in their templates (unfurl.nodes.Generic);
//   - an implementation may be a configurator (`Ansible`, `Cmd`, …) or a
//     command line rather than a file (configurators.rst);
//   - the unfurl.* types, without an import: its tosca-ext.yaml embedded
//     as the profile tosca-unfurl (MIT, see profiles/unfurl/LICENSE).
//
// A file shows it is Unfurl's by its version, an import from the `unfurl`
// repository (which Unfurl provides), an unfurl.* type name or an `eval`.

// Unfurl is the processor.
var Unfurl = &Processor{
	Name: "unfurl", Title: "Unfurl", Grammar: VUnfurl, Over: V1x,
	Implicit:     []string{ProfileUnfurl},
	Versions:     []string{"tosca_simple_unfurl_1_0_0"},
	Repositories: []string{"unfurl"},
	TypePrefix:   "unfurl.",
	Calls:        []string{UnfurlEval},
	OpenMetadata: "additionalProperties",
	Commands:     true,
}

// UnfurlEval is the name of Unfurl's expression function.
const UnfurlEval = "eval"

// UnfurlDefaults is an interface's `defaults` section.
var UnfurlDefaults = &Entity{
	Name: "interface defaults",
	Doc: "What every operation of the interface gets unless it says otherwise: its implementation, " +
		"inputs and outputs (Unfurl).",
	Spec: Spec{Text: "Unfurl: Extensions"},
}

func init() {
	Functions = append(Functions,
		&Function{Name: UnfurlEval, In: VUnfurl, Opaque: true,
			Doc: "Evaluates an Unfurl expression when the value is needed: a query such as `.name` or " +
				"`::node::.targets`, or a map of one expression function (`get_env`, `if`, `file`, " +
				"`template`, …) and its keyword arguments. `vars` beside it binds variables, `select` " +
				"picks a key of the result.",
			Params:   []Param{{Name: "expression", Kind: ArgStringOrMap, Doc: "A query string, or a map of an expression function and its keyword arguments."}},
			Siblings: []string{"vars", "select", "foreach"}},
		&Function{Name: "q", In: VUnfurl, Opaque: true,
			Doc:    "Quotes its argument: the value is used as written, and nothing in it is evaluated.",
			Params: []Param{{Name: "value", Doc: "Any value, taken as is."}}},
	)

	operation := func(name string) *Key {
		k := OperationDef.Key(name, V1_3)
		return key(name, VUnfurl, k.Value, k.Doc)
	}
	UnfurlDefaults.Keys = []*Key{operation("implementation"), operation("inputs"), operation("outputs")}
	defaults := key("defaults", VUnfurl, ent(UnfurlDefaults),
		"Unfurl: the implementation, inputs and outputs every operation of the interface gets unless it gives its own.")
	InterfaceDef.Keys = append(InterfaceDef.Keys, defaults)
	InterfaceAssign.Keys = append(InterfaceAssign.Keys, defaults)
	InterfaceDef.ExtraIn |= VUnfurl
	InterfaceAssign.ExtraIn |= VUnfurl
	ImplementationDef.Keys = append(ImplementationDef.Keys, key("environment", VUnfurl, mapV(),
		"Unfurl: environment variables set for the implementation while it runs (a name with a null value removes it)."))
}
