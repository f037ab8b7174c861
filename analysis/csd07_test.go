package analysis_test

import "testing"

// The text of the OASIS Standard TOSCA 2.0 (Committee Specification Draft
// 07, October 2024; its content became Committee Specification 01 and the
// OASIS Standard of 2025) is the authority for final 2.0: every complete
// example it means to be valid gets no error.

// TestCSD07Examples: every complete example of CSD07 gets no error, or
// exactly the errors its exception names.
func TestCSD07Examples(t *testing.T) {
	specText{file: "TOSCA-v2.0-csd07.md", exceptions: csd07Exceptions}.run(t)
}

// csd07Exceptions lists, by line, the complete examples that are not clean
// as written.
var csd07Exceptions = map[int]specException{
	// Examples that use types (or templates, files, repositories) they do not define.
	1757: {reason: "derives from foobar:File, which no import provides", want: []string{"unknown-type foobar:File"}},
	1954: {reason: "derives from foobar:MyGroup, which no import provides", want: []string{"unknown-type foobar:MyGroup"}},
	1977: {reason: "derives from foobar:Scaling, which no import provides", want: []string{"unknown-type foobar:Scaling"}},
	2500: {reason: "imports ../types/mytypes.yaml, outside the example's folder: refused", want: []string{"import-refused"}},
	2508: {reason: "imports ../types/mytypes.yaml, outside the example's folder: refused", want: []string{"import-refused"}},
	2517: {reason: "imports a file the text does not give, from an undefined repository", want: []string{"import-not-found"}},
	2529: {reason: "imports a file the text does not give", want: []string{"import-not-found"}},
	2539: {reason: "imports from an undefined repository", want: []string{"import-not-found"}},
	2558: {reason: "TOSCA file B derives from SoftwareComponent without importing a profile that has it; " + brevity,
		want: []string{"unknown-type SoftwareComponent", "wrong-value-shape"}},
	2674: {reason: "imports the profile io.kubernetes:1.30, which the text does not give", want: []string{"import-not-found"}},
	2693: {reason: "uses my:MyType, but mytypes.yaml defines MyNode", want: []string{"unknown-type my:MyType"},
		files: map[string]int{"mytypes.yaml": 2674}},
	4480: {reason: "uses WebApplication and WebServer, which it does not define",
		want: []string{"unknown-type WebApplication", "unknown-name WebServer"}},
	4498: {reason: "uses WebApplication and tomcat-server, which it does not define",
		want: []string{"unknown-type WebApplication", "unknown-name tomcat-server"}},
	4515: {reason: "uses WebApplication, my-database and CustomDbConnection, which it does not define",
		want: []string{"unknown-type WebApplication", "unknown-name my-database", "unknown-name CustomDbConnection"}},
	4710: {reason: "a fragment: the node template has no type, and no profile defines Compute",
		want: []string{"missing-keyname", "unknown-name Compute"}},
	4780: {reason: "a fragment: the node template has no type", want: []string{"missing-keyname"}},
	7999: {reason: "uses MyType1, MyType2 and MyTypeRez, which it does not define",
		want: []string{"unknown-type MyType1", "unknown-type MyType2", "unknown-type MyTypeRez"}},
	8070: {reason: "uses MyType, which it does not define", want: []string{"unknown-type MyType"}},
	9567: {reason: "uses VPN and VPNSite, which it does not define", want: []string{"unknown-type VPN", "unknown-type VPNSite"}},
	9613: {reason: "uses Location, VPN and VPNSite, which it does not define",
		want: []string{"unknown-type Location", "unknown-type VPN", "unknown-type VPNSite"}},
	9676:  leftRight,
	9787:  leftRight,
	9914:  leftRight,
	9992:  leftRight,
	10050: leftRight,
	10081: leftRight,
	11583: {reason: "uses Software, which it does not define", want: []string{"unknown-type Software"}},

	// Examples that elide content.
	1823: {reason: brevity, want: []string{"wrong-value-shape"}},
	1884: {reason: brevity, want: []string{"wrong-value-shape"}},

	// Examples with a mistake in the text.
	1917: {reason: "`capabilities` is a bare type name where a map of capability definitions goes (the 1.x short form)",
		want: []string{"wrong-value-shape"}},
	7136: {reason: "a fragment without a type, and `directive` where `directives` is meant",
		want: []string{"missing-keyname", "unknown-keyname directive"}},
	8021: {reason: "`implementation` is written beside `signatures`, where §10.4 puts it in a signature; MyType1, MyType2 and MyTypeRez are not defined",
		want: []string{"unknown-keyname implementation", "unknown-type MyType1", "unknown-type MyType2", "unknown-type MyTypeRez"}},
	9726: {reason: "uses Left and Right, which it does not define, and the input number_of_right, which it declares as number-of-right",
		want: []string{"unknown-type Left", "unknown-type Right", "unknown-name number_of_right"}},
	9863: {reason: "uses Left and Right, which it does not define, and the input number_of_nodes, which it declares as number-of-nodes",
		want: []string{"unknown-type Left", "unknown-type Right", "unknown-name number_of_nodes"}},

	// Examples that import other examples.
	2234: {files: map[string]int{"base.yaml": 2214}},
	2281: {reason: "the text calls it invalid: Host of org.base:v2 is not Host of org.base:v1, so the platform offers no capability the requirement can use",
		want:  []string{"incompatible-target"},
		files: map[string]int{"base-v2.yaml": 2255, "platform.yaml": 2234, "base-v1.yaml": 2214}},
	2573: {reason: "the text's point: MyNode of file A and of file B clash in one namespace; " + brevity,
		want: []string{"duplicate-name MyNode", "wrong-value-shape"}, files: map[string]int{"templates/TOSCAFileB.yaml": 2558}},
	2619:  {reason: brevity, want: []string{"wrong-value-shape"}, files: map[string]int{"templates/TOSCAFileB.yaml": 2558}},
	2643:  {reason: brevity, want: []string{"wrong-value-shape"}, files: map[string]int{"templates/TOSCAFileB.yaml": 2558}},
	4601:  {files: map[string]int{"types.yaml": 4560}},
	4631:  {files: map[string]int{"types.yaml": 4560}},
	10496: {files: map[string]int{"types.yaml": 10451}},
	10551: {files: map[string]int{"types.yaml": 10451}},
	10638: {files: map[string]int{"types.yaml": 10451}},
	10693: {files: map[string]int{"types.yaml": 10451}},
	10747: {files: map[string]int{"types.yaml": 10451}},
	10843: {files: map[string]int{"types.yaml": 10800}},
	10890: {files: map[string]int{"types.yaml": 10800}},
	10955: {files: map[string]int{"types.yaml": 10800}},
	11016: {files: map[string]int{"types.yaml": 10800}},
	11116: {files: map[string]int{"types.yaml": 11080}},
	11177: {files: map[string]int{"types.yaml": 11080}},
	11253: {files: map[string]int{"types.yaml": 11080}},
	11349: {reason: "defines Client again beside the types.yaml of §15.5.4, and uses Host and HostedOn, which neither defines",
		want: []string{"duplicate-name Client", "unknown-type Host", "unknown-type HostedOn"}, files: map[string]int{"types.yaml": 11080}},
}
