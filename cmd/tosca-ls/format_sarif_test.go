package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
)

// sarifPackage is Microsoft's SARIF SDK multitool for Linux, from the npm
// registry (pinned by testdata/sarif/package-lock.json; .ci/editors-install
// installs it): it carries the SARIF 2.1.0 JSON schema (sarif-2.1.0.json,
// the OASIS schema) and a validator that applies the specification's own
// rules on top of it.
const sarifPackage = "testdata/sarif/node_modules/@microsoft/sarif-multitool-linux"

// requireSARIFTools skips the test when the package is not installed, or
// fails it when TOSCA_LS_EDITOR_TESTS=1 says .ci/editors-install ran.
func requireSARIFTools(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(sarifPackage, "sarif-2.1.0.json")); err != nil {
		msg := "the SARIF schema is not installed (run .ci/editors-install, or npm ci in cmd/tosca-ls/testdata/sarif)"
		if os.Getenv("TOSCA_LS_EDITOR_TESTS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// sarifFixture is a check with results of every level, a file that is not
// TOSCA, and a file whose name needs percent-encoding in a URI, outside the
// working directory (a file: URI).
// The version is a release's (a build from a clone says "devel", which
// SARIF's validator warns is not numeric).
func sarifFixture(t *testing.T) []string {
	t.Helper()
	saved := version
	version = "0.3.0"
	t.Cleanup(func() { version = saved })
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"my dir/sérvice #1.yaml": invalidTemplate,
		// A warning (a number for a string in 1.x) and a hint (an import cycle).
		"my dir/a.yaml": "tosca_definitions_version: tosca_simple_yaml_1_3\nimports: [ b.yaml ]\ntopology_template:\n  inputs:\n    name: { type: string, default: 12 }\n",
		"my dir/b.yaml": "tosca_definitions_version: tosca_simple_yaml_1_3\nimports: [ a.yaml ]\n",
	})
	return []string{"--hints",
		"../../testdata/examples/tosca-1.3-webapp-invalid",
		"../../testdata/trust/not-tosca/values.yaml",
		filepath.Join(dir, "my dir"),
	}
}

// TestCheckSARIFSchema: the SARIF output is valid against the SARIF 2.1.0
// JSON schema, every diagnostic code is a rule with its help text, and
// there is one result per diagnostic, at the range the JSON output gives.
func TestCheckSARIFSchema(t *testing.T) {
	requireSARIFTools(t)
	paths := sarifFixture(t)
	out, errOut, code := check(t, append([]string{"--format", "sarif"}, paths...)...)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}

	compiler := jsonschema.NewCompiler()
	compiler.AssertFormat()
	schema, err := compiler.Compile(filepath.Join(sarifPackage, "sarif-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("the SARIF output is not valid against the SARIF 2.1.0 schema: %v", err)
	}

	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(diag.Codes) {
		t.Errorf("%d rules, want one per diagnostic code (%d)", len(run.Tool.Driver.Rules), len(diag.Codes))
	}
	for i, c := range diag.Codes {
		r := run.Tool.Driver.Rules[i]
		if r.ID != c.Code || !strings.HasPrefix(r.ShortDescription.Text, c.Doc) || !strings.HasPrefix(r.Help.Text, c.Doc) || r.HelpURI == "" {
			t.Errorf("rule %d: %+v, want the code %s with its help text", i, r, c.Code)
		}
	}

	jsonOut, _, _ := check(t, append([]string{"--format", "json"}, paths...)...)
	var diags []jsonDiagnostic
	if err := json.Unmarshal([]byte(jsonOut), &diags); err != nil {
		t.Fatal(err)
	}
	if len(run.Results) != len(diags) || len(diags) < 10 {
		t.Fatalf("%d results for %d diagnostics", len(run.Results), len(diags))
	}
	levels := map[string]bool{}
	for i, r := range run.Results {
		d := diags[i]
		levels[r.Level] = true
		loc := r.Locations[0].PhysicalLocation
		want := sarifRegion{d.Range.Start.Line + 1, d.Range.Start.Character + 1, d.Range.End.Line + 1, d.Range.End.Character + 1}
		if r.RuleID != d.Code || run.Tool.Driver.Rules[r.RuleIndex].ID != d.Code || loc.Region != want ||
			loc.ArtifactLocation.URI != fileURI(d.File) || !strings.HasPrefix(r.Message.Text, d.Message) {
			t.Errorf("result %d: %+v\ndoes not match the diagnostic %+v", i, r, d)
		}
	}
	for _, level := range []string{"error", "warning", "note"} {
		if !levels[level] {
			t.Errorf("the fixture has no result of level %s", level)
		}
	}
	if !strings.Contains(out, `"uri": "file:///`) || !strings.Contains(out, "/my%20dir/s%C3%A9rvice%20%231.yaml") {
		t.Errorf("the file outside the working directory is no encoded file: URI:\n%s", out)
	}
}

// TestCheckSARIFValidator runs the SARIF SDK's validator on the output:
// the JSON schema again, and the rules of the specification it checks
// beyond the schema (ruleId present, regions with positions, messages
// ending with a full stop, the tool's version and information URI …).
// Its silence is not taken as a pass alone: it ignores a log it cannot
// read (an unknown level), which the schema test above catches.
func TestCheckSARIFValidator(t *testing.T) {
	requireSARIFTools(t)
	out, _, _ := check(t, append([]string{"--format", "sarif"}, sarifFixture(t)...)...)
	dir := t.TempDir()
	input, report := filepath.Join(dir, "check.sarif"), filepath.Join(dir, "validation.sarif")
	if err := os.WriteFile(input, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(sarifPackage, "Sarif.Multitool"), "validate", input, "--output", report,
		"--json-schema", filepath.Join(sarifPackage, "sarif-2.1.0.json"))
	// The multitool is a .NET program: without ICU it needs the invariant culture.
	cmd.Env = append(os.Environ(), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1", "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stdout
	if err := cmd.Run(); err != nil {
		t.Fatalf("Sarif.Multitool validate: %v\n%s", err, stdout.String())
	}
	raw, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("the validator wrote no report: %v\n%s", err, stdout.String())
	}
	var validation struct {
		Runs []struct {
			Results []struct {
				RuleID  string
				Level   string
				Message struct{ Text string }
			}
			Invocations []struct{ ExecutionSuccessful bool }
		}
	}
	if err := json.Unmarshal(raw, &validation); err != nil {
		t.Fatal(err)
	}
	if len(validation.Runs) != 1 || len(validation.Runs[0].Invocations) != 1 || !validation.Runs[0].Invocations[0].ExecutionSuccessful {
		t.Fatalf("the validator did not run to its end:\n%s\n%s", stdout.String(), raw)
	}
	for _, r := range validation.Runs[0].Results {
		t.Errorf("%s %s: %s", r.Level, r.RuleID, r.Message.Text)
	}
}
