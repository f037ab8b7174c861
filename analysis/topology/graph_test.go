package topology_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/topology"
	"github.com/tosca-ls/tosca-ls/index"
)

var update = flag.Bool("update", false, "rewrite the golden graphs")

// load indexes a folder as the check command does and returns its view.
func load(t testing.TB, dir string) *model.View {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), abs, nil)
	ws.MarkComplete()
	return model.NewEngine().View(ws.Settle(context.Background()))
}

// namer names files relative to root, and the files of the embedded
// profiles by their profile (their folder is a temporary one).
func namer(v *model.View, root string) func(string) string {
	return func(p string) string {
		if rel, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return "profile " + v.ProfileOf(p) + "/" + filepath.Base(p)
	}
}

func graphsOf(t testing.TB, v *model.View) []*topology.Graph {
	var out []*topology.Graph
	for _, p := range v.Snap.Paths() {
		if v.Snap.InWorkspace(p) {
			if g := topology.Of(context.Background(), v, p); g != nil {
				out = append(out, g)
			}
		}
	}
	return out
}

// The graph of every bundled example, as JSON, against its golden file.
func TestExamplesGolden(t *testing.T) {
	dirs, err := filepath.Glob("../../testdata/examples/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		n++
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			v := load(t, dir)
			root, _ := filepath.Abs(dir)
			var out []*topology.JSONGraph
			for _, g := range graphsOf(t, v) {
				out = append(out, g.JSON(v, namer(v, root)))
			}
			if len(out) == 0 {
				t.Fatal("no graph")
			}
			got, err := json.MarshalIndent(out, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "examples", name+".json"), append(got, '\n'))
		})
	}
	if n < 6 {
		t.Fatalf("found %d example folders, want the 6 bundled ones", n)
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update to accept):\n%s", path, got)
	}
}

// caseGraph is the graph of one file of testdata/cases.
func caseGraph(t *testing.T, v *model.View, file string) *topology.Graph {
	t.Helper()
	abs, _ := filepath.Abs(filepath.Join("testdata", "cases", file))
	g := topology.Of(context.Background(), v, abs)
	if g == nil {
		t.Fatalf("no graph for %s", file)
	}
	return g
}

// Each kind of requirement target gets its own edge state; the matched
// capability is shown when the requirement asks for a capability type.
func TestEdgeStates(t *testing.T) {
	g := caseGraph(t, load(t, "testdata/cases"), "edges.yaml")
	tests := []struct {
		from, req                           string
		state                               topology.EdgeState
		to, capability, relationship, targe string
	}{
		{"app", "host", topology.Resolved, "server", "host", "HostedOn", "server"},
		{"app", "store", topology.Resolved, "store", "data", "DependsOn", "store"},
		{"app", "peer", topology.Dangling, "", "Endpoint", "ConnectsTo", "missing_peer"},
		{"app", "dependency", topology.Open, "", "Node", "DependsOn", ""},
		{"store", "dependency", topology.Abstract, "type:Server", "feature", "DependsOn", "Server"},
		{"store", "dependency", topology.Resolved, "server", "feature", "DependsOn", "server"},
	}
	if len(g.Edges) != len(tests) {
		t.Fatalf("%d edges, want %d: %+v", len(g.Edges), len(tests), g.Edges)
	}
	for i, tc := range tests {
		e := g.Edges[i]
		if e.From != tc.from || e.Requirement != tc.req || e.State != tc.state || e.To != tc.to ||
			e.Capability != tc.capability || e.Relationship != tc.relationship || e.Target != tc.targe {
			t.Errorf("edge %d = %+v, want %+v", i, e, tc)
		}
	}
	if last := g.Edges[len(g.Edges)-1]; last.Index != "1" {
		t.Errorf("the [ server, 1 ] target has index %q", last.Index)
	}
}

// Nodes carry their type chain, count, directives, substitution and the
// ports and groups around them.
func TestNodesAndPorts(t *testing.T) {
	v := load(t, "testdata/cases")
	g := caseGraph(t, v, "edges.yaml")
	var app *topology.Node
	for i := range g.Nodes {
		if g.Nodes[i].ID == "app" {
			app = &g.Nodes[i]
		}
	}
	if app == nil {
		t.Fatal("no node app")
	}
	impl, _ := filepath.Abs("testdata/cases/impl.yaml")
	if app.Type != "App" || !slices.Equal(app.Chain, []string{"SoftwareComponent", "Root"}) || app.Count != "3" ||
		!slices.Equal(app.Directives, []string{"substitute"}) || !app.Substituted || !slices.Equal(app.SubstitutedBy, []string{impl}) {
		t.Errorf("app = %+v", *app)
	}
	if len(g.Inputs) != 1 || !slices.Equal(g.Inputs[0].Nodes, []string{"server"}) {
		t.Errorf("inputs = %+v", g.Inputs)
	}
	if len(g.Outputs) != 1 || !slices.Equal(g.Outputs[0].Nodes, []string{"server"}) {
		t.Errorf("outputs = %+v", g.Outputs)
	}
	if len(g.Groups) != 1 || !slices.Equal(g.Groups[0].Members, []string{"app", "store"}) ||
		len(g.Policies) != 1 || !slices.Equal(g.Policies[0].Members, []string{"tier"}) {
		t.Errorf("groups = %+v, policies = %+v", g.Groups, g.Policies)
	}
	if name := v.Snap.File(app.Location.Path).Facts.Src[app.Location.Span.Start:app.Location.Span.End]; name != "app" {
		t.Errorf("app's location spans %q", name)
	}
	sub := caseGraph(t, v, "impl.yaml").Substitution
	if sub == nil || sub.NodeType != "App" {
		t.Errorf("impl.yaml substitution = %+v", sub)
	}
}

// A file without a topology has no graph.
func TestNoGraph(t *testing.T) {
	v := load(t, "testdata/cases")
	abs, _ := filepath.Abs("testdata/cases/types.yaml")
	if g := topology.Of(context.Background(), v, abs); g != nil {
		t.Errorf("types.yaml has a graph: %+v", g)
	}
}

// DOT and Mermaid quote names and descriptions that hold their own
// syntax; the drawings are compared with golden files.
func TestDrawings(t *testing.T) {
	v := load(t, "testdata/cases")
	for _, file := range []string{"edges.yaml", "substitution.yaml"} {
		g := caseGraph(t, v, file)
		base := strings.TrimSuffix(file, ".yaml")
		golden(t, filepath.Join("testdata", "cases", base+".dot"), []byte(g.DOT()))
		golden(t, filepath.Join("testdata", "cases", base+".mmd"), []byte(g.Mermaid()))
	}
}

// Every example renders to SVG in process; the SVG is well-formed XML and
// every node and edge carries its element ID and shows its name.
func TestSVG(t *testing.T) {
	ctx := context.Background()
	r, err := topology.NewRenderer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	dirs := []string{"../../testdata/examples/tosca-1.3-webapp", "../../testdata/examples/tosca-2.0-k8s", "../../testdata/examples/tosca-2.0-csar-invalid", "testdata/cases"}
	for _, dir := range dirs {
		for _, g := range graphsOf(t, load(t, dir)) {
			svg, err := r.SVG(ctx, g)
			if err != nil {
				t.Fatalf("%s: %v", g.Path, err)
			}
			ids, texts := svgContent(t, svg)
			for _, n := range g.Nodes {
				if !ids[topology.NodeElement(n.ID)] || !texts[strings.Split(n.Name, "\n")[0]] && !texts["«"+n.Name+"»"] {
					t.Errorf("%s: node %s missing from the SVG", g.Path, n.ID)
				}
			}
			for i := range g.Edges {
				if !ids[topology.EdgeElement(i)] {
					t.Errorf("%s: edge %d missing from the SVG", g.Path, i)
				}
			}
		}
	}
}

// svgContent parses an SVG and returns its element IDs and texts.
func svgContent(t *testing.T, svg []byte) (ids, texts map[string]bool) {
	ids, texts = map[string]bool{}, map[string]bool{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = false
	inText := false
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			for _, a := range tok.Attr {
				if a.Name.Local == "id" {
					ids[a.Value] = true
				}
			}
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts[string(tok)] = true
			}
		case xml.EndElement:
			inText = false
		}
	}
	if len(ids) == 0 {
		t.Fatalf("not an SVG: %.200s", svg)
	}
	return ids, texts
}
