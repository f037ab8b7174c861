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

// Each format prints the graph of the example's service template, and of a
// Heat template (resources joined by their dependencies); the CSAR example
// is read from its archive too.
func TestGraphFormats(t *testing.T) {
	const (
		dir  = "../../testdata/examples/tosca-2.0-k8s"
		heat = "../../testdata/dialects/seed-004-heat/structure.yaml"
	)
	tests := []struct {
		path, format string
		want         []string
	}{
		{dir, "dot", []string{`digraph "topology"`, `"n:frontend" -> "n:config"`}},
		{dir, "mermaid", []string{"flowchart LR", "-->|\"config → source (Mounts)\"|"}},
		{dir, "svg", []string{"<svg", `id="n:frontend_service"`}},
		{dir, "json", []string{`"file": "`, `"state": "resolved"`}},
		{heat, "dot", []string{`"n:server3" -> "n:server1" [id="e:1", label="depends_on"]`, `"in:key_name" -> "n:my_instance"`}},
		{heat, "mermaid", []string{`n0["my_instance<br/>OS::Nova::Server"]`, `n3 -->|"depends_on"| n1`}},
		{heat, "svg", []string{"<svg", `id="n:server2"`, `id="out:instance_ip"`}},
		{heat, "json", []string{`"kind": "resource"`, `"kind": "depends_on"`}},
	}
	for _, tc := range tests {
		out, errOut, code := graph(t, "--format", tc.format, tc.path)
		if code != 0 {
			t.Fatalf("%s %s: exit %d: %s", tc.path, tc.format, code, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s %s output lacks %q:\n%.600s", tc.path, tc.format, w, out)
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

// The folder of the seed's Heat templates has a graph for each.
func TestGraphHeatFolder(t *testing.T) {
	out, errOut, code := graph(t, "--format", "json", "../../testdata/dialects/seed-004-heat")
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
