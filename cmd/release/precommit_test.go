package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// TestPreCommitHook runs the hook of .pre-commit-hooks.yaml with pre-commit
// itself (Debian's), as a repository that uses it does: `pre-commit
// try-repo` clones this repository, builds the hook as its language says
// (Go: go install ./...) and runs it in a user's repository, which passes
// when its TOSCA is clean and stops the commit when it is not.
func TestPreCommitHook(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID            string   `yaml:"id"`
		Name          string   `yaml:"name"`
		Description   string   `yaml:"description"`
		Entry         string   `yaml:"entry"`
		Language      string   `yaml:"language"`
		Files         string   `yaml:"files"`
		PassFilenames bool     `yaml:"pass_filenames"`
		Args          []string `yaml:"args"`
	}
	if err := yaml.UnmarshalWithOptions(data, &hooks, yaml.DisallowUnknownField()); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].ID != "tosca-ls" || hooks[0].Entry != "tosca-ls check" || hooks[0].Language != "golang" {
		t.Fatalf(".pre-commit-hooks.yaml: %+v", hooks)
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		msg := "pre-commit is not installed (run .ci/editors-install)"
		if os.Getenv("TOSCA_LS_EDITOR_TESTS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if raceEnabled {
		t.Skip("builds tosca-ls with go install; nothing of it runs concurrently")
	}

	user := t.TempDir()
	gomodcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(t.TempDir(), "pre-commit"),
		// The modules this machine has already (pre-commit gives Go a GOPATH of its own).
		"GOMODCACHE="+strings.TrimSpace(string(gomodcache)),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = user, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	tryRepo := func() (string, error) {
		cmd := exec.Command("pre-commit", "try-repo", repoRoot, "tosca-ls", "--all-files")
		cmd.Dir, cmd.Env = user, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	git("init", "-q")
	writeFile(t, filepath.Join(user, "services", "ok.yaml"), "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      type: tosca.nodes.Root\n")
	writeFile(t, filepath.Join(user, "notes.yaml"), "not: tosca\n")
	git("add", ".")
	if out, err := tryRepo(); err != nil || !strings.Contains(out, "tosca-ls check") || !strings.Contains(out, "Passed") {
		t.Fatalf("a clean repository: %v\n%s", err, out)
	}
	writeFile(t, filepath.Join(user, "services", "bad.yaml"), "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      type: tosca.nodes.Root\n      proprties: {}\n")
	git("add", ".")
	out, err := tryRepo()
	if err == nil || !strings.Contains(out, "Failed") || !strings.Contains(out, "services/bad.yaml:6:7: error: unknown keyname \"proprties\"") {
		t.Errorf("a repository with an error: %v\n%s", err, out)
	}
}
