package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os/exec"
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

// A folder of several templates prints one document per format: one SVG
// (a panel per template, every element ID once), one DOT graph (a cluster
// per template; Graphviz draws it as one picture when it is installed),
// one Mermaid flowchart (a subgraph per template).
func TestGraphFolderDocuments(t *testing.T) {
	const dir = "../../testdata/dialects/seed-004-heat"
	svg, errOut, code := graph(t, "--format", "svg", dir)
	if code != 0 {
		t.Fatalf("svg: exit %d: %s", code, errOut)
	}
	dec := xml.NewDecoder(strings.NewReader(svg))
	roots, depth, panels := 0, 0, 0
	ids := map[string]bool{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not one XML document: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
			for _, a := range tok.Attr {
				switch {
				case a.Name.Local == "class" && a.Value == "template":
					panels++
				case a.Name.Local == "id" && ids[a.Value]:
					t.Errorf("the id %q is given twice", a.Value)
				case a.Name.Local == "id":
					ids[a.Value] = true
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	if roots != 1 || panels != 3 || !ids["1/n:my_instance"] {
		t.Errorf("the SVG has %d root elements and %d panels, want 1 and 3 (ids %v)", roots, panels, ids)
	}

	dot, _, _ := graph(t, "--format", "dot", dir)
	if strings.Count(dot, "digraph") != 1 || strings.Count(dot, `subgraph "cluster_`) != 3 || strings.Count(dot, "{") != strings.Count(dot, "}") ||
		!strings.Contains(dot, `"1/n:my_other_instance" -> "1/n:my_instance"`) {
		t.Errorf("DOT: want one graph with a cluster per template:\n%s", dot)
	}
	if path, err := exec.LookPath("dot"); err == nil {
		cmd := exec.Command(path, "-Tsvg")
		cmd.Stdin = strings.NewReader(dot)
		out, err := cmd.Output()
		if err != nil || bytes.Count(out, []byte("<svg")) != 1 {
			t.Errorf("Graphviz: %v, %d drawings", err, bytes.Count(out, []byte("<svg")))
		}
	}

	mermaid, _, _ := graph(t, "--format", "mermaid", dir)
	lines := strings.Split(strings.TrimSpace(mermaid), "\n")
	opened := 0
	for _, l := range lines {
		switch strings.Fields(l)[0] {
		case "subgraph":
			opened++
		case "end":
			opened--
		}
	}
	if lines[0] != "flowchart LR" || strings.Count(mermaid, "flowchart") != 1 || strings.Count(mermaid, "  subgraph t") != 3 || opened != 0 ||
		!strings.Contains(mermaid, "t1_n1 -->|") {
		t.Errorf("Mermaid: want one flowchart with a subgraph per template:\n%s", mermaid)
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
