package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunDrivesTheBinary runs toscabench on a tiny ws1000 against the real
// tosca-ls: every figure of ws1000 and big must come out measured (no
// timing is judged), so a change of the server's protocol that the
// harness no longer follows shows up here rather than as "not measured"
// in a benchmark run.
func TestRunDrivesTheBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs tosca-ls")
	}
	// A space in the path: URIs must be encoded as the server encodes them.
	work := filepath.Join(t.TempDir(), "work dir")
	bin := filepath.Join(work, "tosca-ls")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/tosca-ls").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	args := []string{"--bin", bin, "--work", work, "--json", "--runs", "1", "--queries", "3", "--edits", "30",
		"--ws-files", "40", "--big-lines", "300", "--big-imports", "3", "--timeout", "2m",
		"--corpora", filepath.Join(work, "no corpora"), "ws1000", "big", "real-dmtf", "oasis"}
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	var rep report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if len(rep.Corpora) != 1 || rep.Corpora[0].Files != 40+1+3 {
		t.Errorf("corpora %+v", rep.Corpora)
	}
	measured := map[string]bool{}
	for _, r := range rep.Rows {
		if r.Scenario == "real-dmtf" || r.Scenario == "oasis" {
			// Without the real repositories: skipped, neither passed nor failed.
			if !strings.HasPrefix(r.Failure, "skipped: ") || r.Budget != "" && r.Result != skip {
				t.Errorf("%s: %q, %s; want it skipped", r.ID, r.Failure, r.Result)
			}
			continue
		}
		if r.Failure != "" || r.Value == nil || *r.Value <= 0 {
			t.Errorf("%s: not measured (%s)", r.ID, r.Failure)
		}
		measured[r.ID] = true
	}
	for _, sp := range specs {
		if (sp.scenario == "ws1000" || sp.scenario == "big") && !measured[sp.id] {
			t.Errorf("%s missing from the report", sp.id)
		}
		if sp.scenario == "dmtf" && measured[sp.id] {
			t.Errorf("%s reported though dmtf was not selected", sp.id)
		}
	}
	for _, n := range rep.Notes {
		if strings.Contains(n, "check printed") {
			t.Errorf("the generated corpus is not clean: %s", n)
		}
	}
}

func TestRunRejectsBadUsage(t *testing.T) {
	tests := [][]string{
		{"nosuch"},
		{"--edits", "10", "big"},
		{"--max-rss", "lots"},
		{"--dmtf-files", "3", "dmtf"},
	}
	for _, args := range tests {
		var out, errs bytes.Buffer
		if code := run(append([]string{"--work", t.TempDir()}, args...), &out, &errs); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
