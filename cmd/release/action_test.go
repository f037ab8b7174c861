package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// The composite GitHub Action (action.yml at the repository root), read
// and run as the Actions runner does: its steps' shell scripts with their
// env, the ${{ }} expressions of its inputs, github and runner contexts and
// step outputs evaluated, GITHUB_OUTPUT and GITHUB_PATH files read between
// steps. The release it downloads is this tree's, served on loopback.

// actionMetadata is action.yml, with the fields GitHub's metadata syntax
// gives a composite action; any other field is an error.
type actionMetadata struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Author      string `yaml:"author"`
	Branding    struct {
		Icon  string `yaml:"icon"`
		Color string `yaml:"color"`
	} `yaml:"branding"`
	Inputs map[string]struct {
		Description string `yaml:"description"`
		Default     string `yaml:"default"`
		Required    bool   `yaml:"required"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	ID    string            `yaml:"id"`
	Name  string            `yaml:"name"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
}

func loadAction(t *testing.T) *actionMetadata {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var meta actionMetadata
	if err := yaml.UnmarshalWithOptions(data, &meta, yaml.DisallowUnknownField()); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return &meta
}

// TestActionMetadata checks action.yml against GitHub's metadata syntax for
// a composite action: a name and a description, inputs and outputs with
// ids of letters, digits, - and _ and a description, each output a value,
// and each step a bash script.
func TestActionMetadata(t *testing.T) {
	meta := loadAction(t)
	id := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)
	if meta.Name == "" || meta.Description == "" || meta.Runs.Using != "composite" || len(meta.Runs.Steps) == 0 {
		t.Errorf("action.yml: name %q, description %q, runs.using %q, %d steps", meta.Name, meta.Description, meta.Runs.Using, len(meta.Runs.Steps))
	}
	for name, in := range meta.Inputs {
		if !id.MatchString(name) || in.Description == "" {
			t.Errorf("input %q: an id and a description are needed", name)
		}
	}
	for name, out := range meta.Outputs {
		if !id.MatchString(name) || out.Description == "" || out.Value == "" {
			t.Errorf("output %q: an id, a description and a value are needed", name)
		}
	}
	for i, s := range meta.Runs.Steps {
		if s.Run == "" || s.Shell != "bash" || (s.ID != "" && !id.MatchString(s.ID)) {
			t.Errorf("step %d (%s): a bash script is needed", i, s.Name)
		}
	}
}

// actionRun is how a run of the action went.
type actionRun struct {
	failed  string // the name of the step that failed, "" when none did
	log     string
	outputs map[string]string // the action's
}

// runAction runs the action's steps in workspace with the inputs given
// (the others at their defaults).
func runAction(t *testing.T, meta *actionMetadata, workspace string, inputs map[string]string) actionRun {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the runner's contexts are given for Linux")
	}
	temp := t.TempDir()
	values := map[string]string{
		"github.action_path": repoRoot,
		"runner.os":          "Linux",
		"runner.arch":        map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH],
		"runner.temp":        temp,
	}
	for name, in := range meta.Inputs {
		values["inputs."+name] = in.Default
	}
	for name, v := range inputs {
		if _, ok := meta.Inputs[name]; !ok {
			t.Fatalf("the action has no input %q", name)
		}
		values["inputs."+name] = v
	}
	var log strings.Builder
	var extraPath []string
	for i, step := range meta.Runs.Steps {
		outputFile, pathFile := filepath.Join(temp, fmt.Sprintf("output-%d", i)), filepath.Join(temp, fmt.Sprintf("path-%d", i))
		for _, f := range []string{outputFile, pathFile} {
			if err := os.WriteFile(f, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		script := filepath.Join(temp, fmt.Sprintf("step-%d.sh", i))
		if err := os.WriteFile(script, []byte(evaluate(t, step.Run, values)), 0o644); err != nil {
			t.Fatal(err)
		}
		// The runner's bash: bash --noprofile --norc -eo pipefail {0}.
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = workspace
		cmd.Env = []string{
			"HOME=" + os.Getenv("HOME"),
			"PATH=" + strings.Join(append(extraPath, systemPath(t)), string(os.PathListSeparator)),
			"GITHUB_ACTION_PATH=" + repoRoot, "GITHUB_WORKSPACE=" + workspace,
			"GITHUB_OUTPUT=" + outputFile, "GITHUB_PATH=" + pathFile,
			"RUNNER_TEMP=" + temp, "RUNNER_OS=" + values["runner.os"], "RUNNER_ARCH=" + values["runner.arch"],
		}
		for name, v := range step.Env {
			cmd.Env = append(cmd.Env, name+"="+evaluate(t, v, values))
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		fmt.Fprintf(&log, "## %s\n%s", step.Name, out.String())
		for name, v := range readLines(t, outputFile) {
			values["steps."+step.ID+".outputs."+name] = v
		}
		for _, dir := range strings.Split(strings.TrimSpace(mustRead(t, pathFile)), "\n") {
			if dir != "" {
				extraPath = append([]string{dir}, extraPath...)
			}
		}
		if err != nil {
			return actionRun{failed: step.Name, log: log.String()}
		}
	}
	outputs := map[string]string{}
	for name, out := range meta.Outputs {
		outputs[name] = evaluate(t, out.Value, values)
	}
	return actionRun{log: log.String(), outputs: outputs}
}

// systemPath is PATH without any tosca-ls: the runner has none until the
// action installs it.
func systemPath(t *testing.T) string {
	t.Helper()
	var dirs []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, "tosca-ls")); err == nil {
			continue
		}
		dirs = append(dirs, dir)
	}
	return strings.Join(dirs, string(os.PathListSeparator))
}

var expressionRE = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// evaluate expands ${{ context.name }}; an expression of another form, or
// a name without a value, fails the test (it would be read differently by
// the runner than here).
func evaluate(t *testing.T, s string, values map[string]string) string {
	t.Helper()
	return expressionRE.ReplaceAllStringFunc(s, func(m string) string {
		name := expressionRE.FindStringSubmatch(m)[1]
		v, ok := values[name]
		if !ok && !strings.HasPrefix(name, "steps.") {
			t.Fatalf("action.yml: the expression %s is not evaluated here", m)
		}
		return v
	})
}

// readLines reads a GITHUB_OUTPUT file of name=value lines.
func readLines(t *testing.T, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(mustRead(t, path)))
	for sc.Scan() {
		if name, v, ok := strings.Cut(sc.Text(), "="); ok {
			out[name] = v
		} else if sc.Text() != "" {
			t.Fatalf("%s: a line the test does not read: %q", path, sc.Text())
		}
	}
	return out
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// serveRelease serves a release folder as GitHub serves a release's files:
// BASE/v<version>/<file>.
func serveRelease(t *testing.T, dir, version string) string {
	t.Helper()
	mux := http.NewServeMux()
	prefix := "/v" + version + "/"
	mux.Handle(prefix, http.StripPrefix(prefix, http.FileServer(http.Dir(dir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestAction runs the action as a workflow would: annotations by default,
// failing on an error; SARIF into a file for upload; a clean check; and a
// download whose bytes are not the release's, refused.
func TestAction(t *testing.T) {
	release := fullRelease(t)
	st, err := stamp(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	meta := loadAction(t)
	url := serveRelease(t, release, st.version)
	workspace := t.TempDir()
	writeFile(t, filepath.Join(workspace, "services", "ok.yaml"), "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      type: tosca.nodes.Root\n")
	writeFile(t, filepath.Join(workspace, "services", "bad.yaml"), "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      type: tosca.nodes.Root\n      proprties: {}\n")

	run := runAction(t, meta, workspace, map[string]string{"download-url": url, "paths": "services"})
	if run.failed != "Check" || !strings.Contains(run.log, "tosca-ls "+st.version+"\ncommit: "+st.commit) ||
		!strings.Contains(run.log, "\n::error file=services/bad.yaml,line=6,endLine=6,col=7,endColumn=15,title=tosca-ls unknown-keyname::unknown keyname") {
		t.Errorf("an error in the default format: the step that failed is %q, want Check, with an annotation; log:\n%s", run.failed, run.log)
	}

	run = runAction(t, meta, workspace, map[string]string{"download-url": url, "paths": "services", "format": "sarif", "fail-on-error": "false"})
	if run.failed != "" || run.outputs["output"] != "tosca-ls.sarif" || run.outputs["exit-code"] != "1" {
		t.Fatalf("sarif without failing: step %q failed, outputs %v; log:\n%s", run.failed, run.outputs, run.log)
	}
	var sarif struct {
		Version string
		Runs    []struct{ Results []json.RawMessage }
	}
	if err := json.Unmarshal([]byte(mustRead(t, filepath.Join(workspace, "tosca-ls.sarif"))), &sarif); err != nil ||
		sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) != 1 {
		t.Errorf("tosca-ls.sarif: %v %+v", err, sarif)
	}

	run = runAction(t, meta, workspace, map[string]string{"download-url": url, "paths": "services/ok.yaml", "version": "v" + st.version})
	if run.failed != "" || run.outputs["exit-code"] != "0" {
		t.Errorf("a clean check: step %q failed, outputs %v; log:\n%s", run.failed, run.outputs, run.log)
	}

	// A download that is not what SHA256SUMS says is refused.
	tampered := t.TempDir()
	for _, name := range releaseNames(t, release) {
		data, _ := os.ReadFile(filepath.Join(release, name))
		if strings.HasSuffix(name, ".tar.gz") {
			data = append(data, 0)
		}
		writeFile(t, filepath.Join(tampered, name), string(data))
	}
	run = runAction(t, meta, workspace, map[string]string{"download-url": serveRelease(t, tampered, st.version), "paths": "services"})
	if run.failed != "Install tosca-ls" || !strings.Contains(run.log, "FAILED") {
		t.Errorf("a tampered archive: the step that failed is %q, want the install; log:\n%s", run.failed, run.log)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
