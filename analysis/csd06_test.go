package analysis_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// The TOSCA 2.0 text of 2024 (Committee Specification Draft 06) is the
// authority for final 2.0: every complete example it means to be valid
// must get no error. An example is complete when it is a TOSCA file: a
// mapping whose keys are all keynames of a TOSCA file (the version line,
// which snippets leave out, is added), without `<placeholders>` or `...`
// elisions. Examples are known by the line of their opening fence.

// csd06Example is one YAML example of the text.
type csd06Example struct {
	line int
	src  string
	// versioned is set when the example has its own version line.
	versioned bool
}

// csd06Exception is an example that cannot be clean as written, and why.
type csd06Exception struct {
	reason string
	// want are the errors the example gets instead, each as "code" or
	// "code name" (the name quoted in the message); all of them must
	// appear and no other error may, so that a stale entry fails.
	want []string
	// files are the other files the example imports, by import path: the
	// examples (by line) the text means by them.
	files map[string]int
}

// csd06Exceptions lists, by line, the complete examples that are not clean
// as written.
var csd06Exceptions = map[int]csd06Exception{
	// Examples that use types (or templates, files, repositories) they do not define.
	1563: {reason: "derives from the 1.x type tosca.artifacts.File, which nothing defines",
		want: []string{"unknown-type tosca.artifacts.File"}},
	1617: {reason: "derives from mycompany.mytypes.myfeatures.myGenericFeature but defines mycompany.mytypes.myGenericFeature",
		want: []string{"unknown-type mycompany.mytypes.myfeatures.myGenericFeature"}},
	1718: {reason: "derives from the undefined mycompany.mytypes.mygroups", want: []string{"unknown-type mycompany.mytypes.mygroups"}},
	1737: {reason: "derives from Scaling without importing a profile that has it", want: []string{"unknown-type Scaling"}},
	2220: {reason: "imports ../types/mytypes.yaml, outside the example's folder: refused", want: []string{"import-refused"}},
	2226: {reason: "imports ../types/mytypes.yaml, outside the example's folder: refused", want: []string{"import-refused"}},
	2233: {reason: "imports a file the text does not give, from an undefined repository", want: []string{"import-not-found"}},
	2244: {reason: "imports a file the text does not give", want: []string{"import-not-found"}},
	2252: {reason: "imports from an undefined repository", want: []string{"import-not-found"}},
	2271: {reason: "TOSCA file B derives from SoftwareComponent without importing a profile that has it",
		want: []string{"unknown-type SoftwareComponent"}},
	2326: {reason: "derives from Root without importing a profile that has it", want: []string{"unknown-type Root"},
		files: map[string]int{"templates/TOSCAFileB.yaml": 2271}},
	2346: {reason: "derives from Root without importing a profile that has it", want: []string{"unknown-type Root"},
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
	5845: {reason: "uses scalar-unit.frequency, which the 2024 text no longer has built in (§9.1)",
		want: []string{"unknown-type scalar-unit.frequency"}},
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

	// Examples with a mistake in the text.
	1689: {reason: "`capabilities` is a bare type name where a map of capability definitions goes (the 1.x short form)",
		want: []string{"wrong-value-shape"}},
	4625: {reason: "`$less_than: [ 15 cm ]` gives the comparison one argument ($value is left out)", want: []string{"wrong-arguments"}},
	6349: {reason: "a fragment without a type, and `directive` where `directives` is meant",
		want: []string{"missing-keyname", "unknown-keyname directive"}},
	7169: {reason: "`implementation` stands at the column of the list's `- `, where YAML takes only items (§8.2.1), and MyType1, MyType2 and MyTypeRez are not defined",
		want: []string{"yaml-syntax", "unknown-type MyType1", "unknown-type MyType2", "unknown-type MyTypeRez"}},

	// Examples that import other examples.
	1972: {files: map[string]int{"base.yaml": 1956}},
	2010: {reason: "the text calls it invalid: Host of org.base:v2 is not Host of org.base:v1, so the platform offers no capability the requirement can use",
		want:  []string{"incompatible-target"},
		files: map[string]int{"base-v2.yaml": 1989, "platform.yaml": 1972, "base-v1.yaml": 1956}},
	2284: {reason: "the text's point: MyNode of file A and of file B clash in one namespace; Root is not defined",
		want: []string{"duplicate-name MyNode", "unknown-type Root"}, files: map[string]int{"templates/TOSCAFileB.yaml": 2271}},
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
var leftRight = csd06Exception{reason: "uses Left and Right, which it does not define", want: []string{"unknown-type Left", "unknown-type Right"}}

// csd06Text locates the text: $TOSCA_LS_SHARED (the shared/ folder), else
// ../../shared from this package's directory.
func csd06Text(t *testing.T) string {
	t.Helper()
	rel := filepath.Join("reference", "tosca-2.0", "TOSCA-v2.0-csd06.md")
	var candidates []string
	if env := os.Getenv("TOSCA_LS_SHARED"); env != "" {
		candidates = append(candidates, filepath.Join(env, rel))
	}
	candidates = append(candidates, filepath.Join("..", "..", "shared", rel))
	for _, c := range candidates {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	t.Skipf("the TOSCA 2.0 text of 2024 was not found (tried %v); set TOSCA_LS_SHARED", candidates)
	return ""
}

var (
	csd06Placeholder = regexp.MustCompile(`<[A-Za-z_]`)
	csd06Elision     = regexp.MustCompile(`(?m)^\s*\.\.\.\s*$`)
)

// csd06Examples extracts the complete examples of the text.
func csd06Examples(t *testing.T, path string) []csd06Example {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []csd06Example
	var block []string
	start, lang, in := 0, "", false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && strings.HasPrefix(line, "```"):
			in, start, lang, block = true, n, strings.TrimSpace(line[3:]), nil
		case in && strings.HasPrefix(line, "```"):
			in = false
			src := strings.Join(block, "\n") + "\n"
			if (lang == "" || lang == "yaml") && csd06Complete(src) {
				ex := csd06Example{line: start, src: src, versioned: strings.Contains(src, "tosca_definitions_version:")}
				if !ex.versioned {
					ex.src = "tosca_definitions_version: tosca_2_0\n" + src
				}
				out = append(out, ex)
			}
		case in:
			block = append(block, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// csd06Complete reports whether src is a whole TOSCA file.
func csd06Complete(src string) bool {
	if csd06Placeholder.MatchString(src) || csd06Elision.MatchString(src) {
		return false
	}
	root := syntax.Parse([]byte(src)).Root()
	if root == nil || root.Kind != syntax.Mapping || len(root.Pairs) == 0 {
		return false
	}
	for _, p := range root.Pairs {
		if grammar.ServiceTemplate.Key(p.Key.Value, grammar.V2Final) == nil {
			return false
		}
	}
	return true
}

// TestCSD06Examples: every complete example of the TOSCA 2.0 text of 2024
// gets no error, or exactly the errors its exception names.
func TestCSD06Examples(t *testing.T) {
	examples := csd06Examples(t, csd06Text(t))
	if len(examples) < 50 {
		t.Fatalf("only %d complete examples found", len(examples))
	}
	byLine := map[int]string{}
	for _, ex := range examples {
		byLine[ex.line] = ex.src
	}
	for line := range csd06Exceptions {
		if _, ok := byLine[line]; !ok {
			t.Errorf("exception for line %d, which holds no complete example", line)
		}
	}
	for _, ex := range examples {
		t.Run(strconv.Itoa(ex.line), func(t *testing.T) {
			exc := csd06Exceptions[ex.line]
			dir := t.TempDir()
			main := filepath.Join(dir, "example.yaml")
			write := func(path, src string) {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write(main, ex.src)
			for name, line := range exc.files {
				src, ok := byLine[line]
				if !ok {
					t.Fatalf("%s: line %d holds no complete example", name, line)
				}
				write(filepath.Join(dir, filepath.FromSlash(name)), src)
			}
			snap, diags := analyse(t, fixtureCase{name: strconv.Itoa(ex.line), path: dir})
			// specLine is where a diagnostic is in the text.
			specLine := func(d model.Diagnostic) int {
				l, _ := snap.File(main).Lines().LineCol(d.Span.Start)
				if !ex.versioned {
					l--
				}
				return ex.line + 1 + l
			}
			var got []string
			seen := map[string]bool{}
			for _, d := range diags[main] {
				if d.Severity != diag.Error {
					continue
				}
				got = append(got, d.Code+": "+d.Message)
				ok := false
				for _, w := range exc.want {
					code, name, _ := strings.Cut(w, " ")
					if code == d.Code && (name == "" || strings.Contains(d.Message, strconv.Quote(name))) {
						ok, seen[w] = true, true
					}
				}
				if !ok {
					t.Errorf("line %d: unexpected error %s: %s", specLine(d), d.Code, d.Message)
				}
			}
			for _, w := range exc.want {
				if !seen[w] {
					sort.Strings(got)
					t.Errorf("expected an error %q (%s); got %q", w, exc.reason, got)
				}
			}
		})
	}
}
