package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func graph(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runGraph(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// Each format prints the graph of the example's service template; the
// CSAR example is read from its archive too.
func TestGraphFormats(t *testing.T) {
	dir := "../../testdata/examples/tosca-2.0-k8s"
	tests := []struct {
		format string
		want   []string
	}{
		{"dot", []string{`digraph "topology"`, `"n:frontend" -> "n:config"`}},
		{"mermaid", []string{"flowchart LR", "-->|\"config → source (Mounts)\"|"}},
		{"svg", []string{"<svg", `id="n:frontend_service"`}},
		{"json", []string{`"file": "`, `"state": "resolved"`}},
	}
	for _, tc := range tests {
		out, errOut, code := graph(t, "--format", tc.format, dir)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.format, code, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s output lacks %q:\n%.400s", tc.format, w, out)
			}
		}
	}
	archive := filepath.Join(t.TempDir(), "app.csar")
	zipDir(t, "../../testdata/examples/tosca-2.0-csar", archive)
	out, errOut, code := graph(t, "--format", "json", archive)
	var graphs []struct {
		File  string `json:"file"`
		Nodes []struct {
			ID string `json:"id"`
		} `json:"nodes"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &graphs) != nil || len(graphs) != 1 || len(graphs[0].Nodes) == 0 {
		t.Fatalf("csar: exit %d, %q %s", code, out, errOut)
	}
	if !strings.HasSuffix(graphs[0].File, filepath.Join("app.csar", "Definitions", "service.yaml")) {
		t.Errorf("csar graph file %q", graphs[0].File)
	}
}

func TestGraphUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--help"}, 0, "--format"},
		{[]string{"--format", "png", "x.yaml"}, 2, "usage: tosca-ls graph"},
		{[]string{}, 2, "usage: tosca-ls graph"},
		{[]string{"../../testdata/examples/tosca-2.0-k8s/types"}, 1, "no service template"},
	}
	for _, tc := range tests {
		_, errOut, code := graph(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("graph %q: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
