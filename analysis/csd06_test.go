package analysis_test

import "testing"

// The TOSCA 2.0 text of June 2024 (Committee Specification Draft 06) is the
// draft before the OASIS Standard: every complete example it means to be
// valid gets no error, except where the standard changed the rule (its
// scalar-unit types, replaced by `scalar`, CSD07 §9.1.2.2).

// TestCSD06Examples: every complete example of CSD06 gets no error, or
// exactly the errors its exception names.
func TestCSD06Examples(t *testing.T) {
	specText{file: "TOSCA-v2.0-csd06.md", exceptions: csd06Exceptions}.run(t)
}

// csd06Exceptions lists, by line, the complete examples that are not clean
// as written.
var csd06Exceptions = map[int]specException{
	// Examples that use types (or templates, files, repositories) they do not define.
	1563: {reason: "derives from the 1.x type tosca.artifacts.File, which nothing defines",
		want: []string{"unknown-type tosca.artifacts.File"}},
	1617: {reason: "derives from mycompany.mytypes.myfeatures.myGenericFeature but defines mycompany.mytypes.myGenericFeature; " + brevity,
		want: []string{"unknown-type mycompany.mytypes.myfeatures.myGenericFeature", "wrong-value-shape"}},
	1664: {reason: brevity, want: []string{"wrong-value-shape"}},
	1718: {reason: "derives from the undefined mycompany.mytypes.mygroups", want: []string{"unknown-type mycompany.mytypes.mygroups"}},
	1737: {reason: "derives from Scaling without importing a profile that has it", want: []string{"unknown-type Scaling"}},
	2220: {reason: "imports ../types/mytypes.yaml, outside the example's folder: refused", want: []string{"import-refused"}},
	2226: {reason: "imports ../types/mytypes.yaml, outside the example's folder: refused", want: []string{"import-refused"}},
	2233: {reason: "imports a file the text does not give, from an undefined repository", want: []string{"import-not-found"}},
	2244: {reason: "imports a file the text does not give", want: []string{"import-not-found"}},
	2252: {reason: "imports from an undefined repository", want: []string{"import-not-found"}},
	2271: {reason: "TOSCA file B derives from SoftwareComponent without importing a profile that has it; " + brevity,
		want: []string{"unknown-type SoftwareComponent", "wrong-value-shape"}},
	2326: {reason: "derives from Root without importing a profile that has it; " + brevity, want: []string{"unknown-type Root", "wrong-value-shape"},
		files: map[string]int{"templates/TOSCAFileB.yaml": 2271}},
	2346: {reason: "derives from Root without importing a profile that has it; " + brevity, want: []string{"unknown-type Root", "wrong-value-shape"},
		files: map[string]int{"templates/TOSCAFileB.yaml": 2271}},
	2373: {reason: "imports the profile io.kubernetes:1.30, which the text does not give", want: []string{"import-not-found"}},
	2388: {reason: "uses my:MyType, but mytypes.yaml defines MyNode", want: []string{"unknown-type my:MyType"},
		files: map[string]int{"mytypes.yaml": 2373}},
	3931: {reason: "uses WebApplication and WebServer, which it does not define",
		want: []string{"unknown-type WebApplication", "unknown-name WebServer"}},
	3948: {reason: "uses WebApplication and tomcat_server, which it does not define",
		want: []string{"unknown-type WebApplication", "unknown-name tomcat_server"}},
	3964: {reason: "a fragment: the node template has no type, my_database and my.types.CustomDbConnection are not defined",
		want: []string{"missing-keyname", "unknown-name my_database", "unknown-name my.types.CustomDbConnection"}},
	4137: {reason: "a fragment: the node template has no type, and no profile defines Compute",
		want: []string{"missing-keyname", "unknown-name Compute"}},
	4190: {reason: "a fragment: the node template has no type", want: []string{"missing-keyname"}},
	6052: {reason: "uses tosca.Data.Root, vRouter.Cisco, host_with_net and mgmt_net, which it does not define",
		want: []string{"unknown-type tosca.Data.Root", "unknown-type vRouter.Cisco", "unknown-name host_with_net", "unknown-name mgmt_net"}},
	7212: {reason: "uses MyType, which it does not define", want: []string{"unknown-type MyType"}},
	8484: {reason: "uses Location, VPN and VPNSite, which it does not define",
		want: []string{"unknown-type Location", "unknown-type VPN", "unknown-type VPNSite"}},
	8557: {reason: "uses VPN and VPNSite, which it does not define", want: []string{"unknown-type VPN", "unknown-type VPNSite"}},
	8600: {reason: "uses Location, VPN and VPNSite, which it does not define",
		want: []string{"unknown-type Location", "unknown-type VPN", "unknown-type VPNSite"}},
	8665:  leftRight,
	8709:  leftRight,
	8764:  leftRight,
	8832:  leftRight,
	8879:  leftRight,
	8948:  leftRight,
	8999:  leftRight,
	9029:  leftRight,
	10298: {reason: "uses Software, which it does not define", want: []string{"unknown-type Software"}},
	10435: {reason: "derives from Root without importing a profile that has it", want: []string{"unknown-type Root"}},

	// Examples in the scalar-unit form of CSD06, which the OASIS Standard
	// replaced by types derived from `scalar` (CSD07 §9.1.2.2).
	4625: {reason: "CSD06's scalar-unit types (data_value_type, unit_symbol_map, unit_suffix), replaced in the standard; " +
		"and a mistake: `$less_than: [ 15 cm ]` gives the comparison one argument ($value is left out)",
		want: []string{"unknown-keyname data_value_type", "unknown-keyname unit_symbol_map", "unknown-keyname unit_suffix", "wrong-arguments"}},
	4697: {reason: "CSD06's scalar-unit.time (data_value_type, unit_symbol_map), replaced in the standard by a type derived from `scalar`",
		want: []string{"unknown-keyname data_value_type", "unknown-keyname unit_symbol_map"}},

	// Examples with a mistake in the text.
	1689: {reason: "`capabilities` is a bare type name where a map of capability definitions goes (the 1.x short form)",
		want: []string{"wrong-value-shape"}},
	6349: {reason: "a fragment without a type, and `directive` where `directives` is meant",
		want: []string{"missing-keyname", "unknown-keyname directive"}},
	7169: {reason: "`implementation` stands at the column of the list's `- `, where YAML takes only items (§8.2.1), and MyType1, MyType2 and MyTypeRez are not defined",
		want: []string{"yaml-syntax", "unknown-type MyType1", "unknown-type MyType2", "unknown-type MyTypeRez"}},

	// Examples that import other examples.
	1972: {files: map[string]int{"base.yaml": 1956}},
	2010: {reason: "the text calls it invalid: Host of org.base:v2 is not Host of org.base:v1, so the platform offers no capability the requirement can use",
		want:  []string{"incompatible-target"},
		files: map[string]int{"base-v2.yaml": 1989, "platform.yaml": 1972, "base-v1.yaml": 1956}},
	2284: {reason: "the text's point: MyNode of file A and of file B clash in one namespace; Root is not defined; " + brevity,
		want: []string{"duplicate-name MyNode", "unknown-type Root", "wrong-value-shape"}, files: map[string]int{"templates/TOSCAFileB.yaml": 2271}},
	4042:  {files: map[string]int{"types.yaml": 4005}},
	4065:  {files: map[string]int{"types.yaml": 4005}},
	9382:  {files: map[string]int{"types.yaml": 9347}},
	9427:  {files: map[string]int{"types.yaml": 9347}},
	9498:  {files: map[string]int{"types.yaml": 9347}},
	9543:  {files: map[string]int{"types.yaml": 9347}},
	9587:  {files: map[string]int{"types.yaml": 9347}},
	9662:  {files: map[string]int{"types.yaml": 9629}},
	9700:  {files: map[string]int{"types.yaml": 9629}},
	9754:  {files: map[string]int{"types.yaml": 9629}},
	9808:  {files: map[string]int{"types.yaml": 9629}},
	9892:  {files: map[string]int{"types.yaml": 9862}},
	9943:  {files: map[string]int{"types.yaml": 9862}},
	10005: {files: map[string]int{"types.yaml": 9862}},
	10086: {reason: "defines Client again beside the types.yaml of §15.5.4, and uses Host and HostedOn, which neither defines",
		want: []string{"duplicate-name Client", "unknown-type Host", "unknown-type HostedOn"}, files: map[string]int{"types.yaml": 9862}},
	10138: {reason: "defines Client again beside the types.yaml of §15.5.4, and uses Host and HostedOn, which neither defines",
		want:  []string{"duplicate-name Client", "unknown-type Host", "unknown-type HostedOn"},
		files: map[string]int{"types.yaml": 9862}},
}

// leftRight: the §14.3 snippets use node types Left and Right they do not define.
var leftRight = specException{reason: "uses Left and Right, which it does not define", want: []string{"unknown-type Left", "unknown-type Right"}}
