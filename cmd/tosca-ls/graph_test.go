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

// A Heat template (a file, or the folder of the seed's templates) has its
// graph in each format: resources as nodes joined by their dependencies.
func TestGraphHeat(t *testing.T) {
	const file = "../../testdata/dialects/seed-004-heat/structure.yaml"
	tests := []struct {
		format string
		want   []string
	}{
		{"dot", []string{`"n:server3" -> "n:server1" [id="e:1", label="depends_on"]`, `"in:key_name" -> "n:my_instance"`}},
		{"mermaid", []string{`n0["my_instance<br/>OS::Nova::Server"]`, `n3 -->|"depends_on"| n1`}},
		{"svg", []string{"<svg", `id="n:server2"`, `id="out:instance_ip"`}},
		{"json", []string{`"kind": "resource"`, `"kind": "depends_on"`}},
	}
	for _, tc := range tests {
		out, errOut, code := graph(t, "--format", tc.format, file)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.format, code, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s output lacks %q:\n%.600s", tc.format, w, out)
			}
		}
	}
	out, errOut, code := graph(t, "--format", "json", filepath.Dir(file))
	var graphs []struct {
		File  string `json:"file"`
		Edges []struct {
			Kind, From, To string
		} `json:"edges"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &graphs) != nil || len(graphs) != 3 {
		t.Fatalf("folder: exit %d, %d graphs: %s", code, len(graphs), errOut)
	}
	if e := graphs[1].Edges; !strings.HasSuffix(graphs[1].File, "functions.yaml") || len(e) != 1 || e[0].Kind != "get_resource" || e[0].From != "my_other_instance" || e[0].To != "my_instance" {
		t.Errorf("functions.yaml: %+v", graphs[1])
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
		{[]string{"../../analysis/topology/testdata/cases/empty-heat.yaml"}, 1, "no service template or Heat template"},
	}
	for _, tc := range tests {
		_, errOut, code := graph(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("graph %q: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
