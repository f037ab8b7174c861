package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// invalidTemplate has one error (an unknown keyname) at 4:7-4:16.
const invalidTemplate = "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      type: tosca.nodes.Root\n      proprties: {}\n"

// writeFiles writes name → content under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// controls returns the control characters of out other than the line
// ends: what could move the cursor, recolour the terminal or forge a line.
func controls(out string) []rune {
	var found []rune
	for _, r := range out {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 || r == 0x202e {
			found = append(found, r)
		}
	}
	return found
}

// TestTextOutputEscapesControls (issue 24, item 12): a file name holding a
// new line, a carriage return or a terminal escape forged lines of check's
// text output. Every text output of check and graph, and their error
// messages, now shows such characters escaped.
func TestTextOutputEscapesControls(t *testing.T) {
	dir := t.TempDir()
	forged := "x.yaml:1:1: error: forged [yaml-syntax]"
	name := "evil\n" + forged + "\r\x1b[2K\u202e.yaml"
	writeFiles(t, dir, map[string]string{name: invalidTemplate})
	t.Chdir(dir)

	out, errOut, code := check(t, ".")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	want := `evil\n` + forged + `\r\x1b[2K\u202e.yaml:6:7: error: unknown keyname "proprties" in node template; did you mean "properties"? [unknown-keyname]` + "\n"
	if out != want {
		t.Errorf("text output:\n got %q\nwant %q", out, want)
	}

	out, _, _ = check(t, "--format", "github", ".")
	if lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); len(lines) != 1 || len(controls(out)) > 0 ||
		!strings.HasPrefix(out, "::error file=evil%0Ax.yaml%3A1%3A1%3A error%3A forged [yaml-syntax]%0D\\x1b[2K\\u202e.yaml,line=6,") {
		t.Errorf("github output: %q", out)
	}

	// The structured formats carry the name as it is.
	out, _, _ = check(t, "--format", "json", ".")
	var diags []jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &diags); err != nil || len(diags) != 1 || diags[0].File != name {
		t.Errorf("json output: %v %s", err, out)
	}

	// An error naming the path is one line too.
	_, errOut, code = check(t, name+".missing")
	if code != 2 || strings.Count(errOut, "\n") != 1 || len(controls(errOut)) > 0 || !strings.Contains(errOut, `evil\nx.yaml`) {
		t.Errorf("error message: exit %d, %q", code, errOut)
	}
	var stdout, stderr bytes.Buffer
	if code := runGraph([]string{name + ".missing"}, &stdout, &stderr); code != 2 || strings.Count(stderr.String(), "\n") != 1 || len(controls(stderr.String())) > 0 {
		t.Errorf("graph error message: exit %d, %q", code, stderr.String())
	}
}

// TestGraphEscapesControls: node template names (YAML keys may hold any
// character) reach the DOT and Mermaid drawings with their control
// characters escaped; their text output has no line but its own.
func TestGraphEscapesControls(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"service.yaml": "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n" +
		"    \"web\\n  injected [label=x]\\r\\e[2J\\u2028\":\n      type: tosca.nodes.Root\n      requirements:\n        - dependency: \"db\\x85\"\n" +
		"    \"db\\x85\":\n      type: tosca.nodes.Root\n"})
	for _, format := range []string{"dot", "mermaid"} {
		var stdout, stderr bytes.Buffer
		if code := runGraph([]string{"--format", format, filepath.Join(dir, "service.yaml")}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr.String())
		}
		out := stdout.String()
		if c := controls(out); len(c) > 0 {
			t.Errorf("%s output keeps control characters %q:\n%s", format, c, out)
		}
		if strings.Contains(out, "\n  injected") {
			t.Errorf("%s: a name's new line began a line of the output:\n%s", format, out)
		}
		if !strings.Contains(out, `\\r\\x1b[2J\\u2028`) && !strings.Contains(out, `\r\x1b[2J\u2028`) {
			t.Errorf("%s: the name's control characters are not shown escaped:\n%s", format, out)
		}
	}
}

// TestCheckGitHubFormat: one workflow command per diagnostic, which the
// Actions runner reads back (its escapes undone) as the diagnostic's file,
// range, code and message.
func TestCheckGitHubFormat(t *testing.T) {
	paths := sarifFixture(t)
	out, _, code := check(t, append([]string{"--format", "github"}, paths...)...)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	diags := checkJSON(t, paths)
	command := regexp.MustCompile(`^::(error|warning|notice) ([^:]*)::(.*)$`)
	unescape := strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(diags) {
		t.Fatalf("%d commands for %d diagnostics:\n%s", len(lines), len(diags), out)
	}
	levels := map[string]string{"error": "error", "warning": "warning", "info": "notice", "hint": "notice"}
	for i, line := range lines {
		m := command.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("not a workflow command: %q", line)
		}
		props := map[string]string{}
		for _, p := range strings.Split(m[2], ",") {
			k, v, _ := strings.Cut(p, "=")
			props[k] = unescape.Replace(v)
		}
		d := diags[i]
		want := map[string]string{
			"file": d.File, "line": strconv.Itoa(d.Range.Start.Line + 1), "endLine": strconv.Itoa(d.Range.End.Line + 1),
			"title": "tosca-ls " + d.Code,
		}
		if d.Range.Start.Line == d.Range.End.Line {
			want["col"] = strconv.Itoa(d.Range.Start.Character + 1)
			want["endColumn"] = strconv.Itoa(max(d.Range.End.Character, d.Range.Start.Character+1))
		}
		if m[1] != levels[d.Severity] || unescape.Replace(m[3]) != d.Message || !maps.Equal(props, want) {
			t.Errorf("command %q\nfor %+v", line, d)
		}
	}
}

// TestCheckGitLabFormat: a GitLab Code Quality report, as GitLab documents
// it: an array of issues, each with a description, a check_name, a
// fingerprint unique in the report, a severity among info, minor, major,
// critical and blocker, and a location with a path and 1-based positions.
func TestCheckGitLabFormat(t *testing.T) {
	paths := sarifFixture(t)
	out, _, code := check(t, append([]string{"--format", "gitlab"}, paths...)...)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var issues []map[string]any
	if err := json.Unmarshal([]byte(out), &issues); err != nil {
		t.Fatal(err)
	}
	diags := checkJSON(t, paths)
	if len(issues) != len(diags) {
		t.Fatalf("%d issues for %d diagnostics", len(issues), len(diags))
	}
	severities := map[string]string{"error": "major", "warning": "minor", "info": "info", "hint": "info"}
	fingerprints := map[string]bool{}
	for i, issue := range issues {
		d := diags[i]
		fp, _ := issue["fingerprint"].(string)
		if fp == "" || fingerprints[fp] {
			t.Errorf("issue %d: fingerprint %q missing or not unique", i, fp)
		}
		fingerprints[fp] = true
		loc, _ := issue["location"].(map[string]any)
		positions, _ := loc["positions"].(map[string]any)
		begin, _ := positions["begin"].(map[string]any)
		end, _ := positions["end"].(map[string]any)
		if len(issue) != 5 || issue["description"] != d.Message || issue["check_name"] != d.Code || issue["severity"] != severities[d.Severity] ||
			loc["path"] != d.File || begin["line"] != float64(d.Range.Start.Line+1) || begin["column"] != float64(d.Range.Start.Character+1) ||
			end["line"] != float64(d.Range.End.Line+1) || end["column"] != float64(d.Range.End.Character+1) {
			t.Errorf("issue %v\nfor %+v", issue, d)
		}
	}
	// A fingerprint names the finding, not its line: GitLab compares two
	// commits' reports by fingerprint, and lines added above a finding do
	// not make it a new one.
	dir := t.TempDir()
	t.Chdir(dir)
	fingerprint := func(content string) (string, float64) {
		writeFiles(t, dir, map[string]string{"s.yaml": content})
		out, _, _ := check(t, "--format", "gitlab", "s.yaml")
		var issues []gitlabIssue
		if err := json.Unmarshal([]byte(out), &issues); err != nil || len(issues) != 1 {
			t.Fatalf("%v: %s", err, out)
		}
		return issues[0].Fingerprint, float64(issues[0].Location.Positions.Begin.Line)
	}
	before, line := fingerprint(invalidTemplate)
	after, moved := fingerprint("# a comment\n" + invalidTemplate)
	if before != after || line == moved {
		t.Errorf("a finding moved one line down (%v to %v) changed its fingerprint from %s to %s", line, moved, before, after)
	}
}

// checkJSON is check's JSON output for paths.
func checkJSON(t *testing.T, paths []string) []jsonDiagnostic {
	t.Helper()
	out, _, _ := check(t, append([]string{"--format", "json"}, paths...)...)
	var diags []jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &diags); err != nil {
		t.Fatal(err)
	}
	return diags
}
