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
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

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

// The graph of every bundled example and of the dialects' seed examples,
// as JSON, against its golden file.
func TestExamplesGolden(t *testing.T) {
	for _, tc := range []struct {
		glob, out string
		min       int
	}{
		{"../../testdata/examples/*", "examples", 6},
		{"../../testdata/dialects/*", "dialects", 3},
	} {
		dirs, err := filepath.Glob(tc.glob)
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
				golden(t, filepath.Join("testdata", tc.out, name+".json"), append(got, '\n'))
			})
		}
		if n < tc.min {
			t.Fatalf("found %d folders in %s, want %d", n, tc.glob, tc.min)
		}
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

// A Heat template's resources are nodes, joined by each kind of
// dependency (a dangling one for a name no resource has); parameters and
// outputs are ports; conditions are on the resources and outputs.
func TestHeatGraph(t *testing.T) {
	g := caseGraph(t, load(t, "testdata/cases"), "heat.yaml")
	edges := []struct {
		kind                        topology.EdgeKind
		from, to, target, attribute string
		state                       topology.EdgeState
	}{
		{topology.GetResource, "subnet", "network", "network", "", topology.Resolved},
		{topology.GetAttr, "subnet", "network", "network", "name", topology.Resolved},
		{topology.DependsOn, "servers", "subnet", "subnet", "", topology.Resolved},
		{topology.DependsOn, "servers", "", "missing_router", "", topology.Dangling},
		{topology.GetResource, "servers", "network", "network", "", topology.Resolved},
		{topology.GetAttr, "volume", "servers", "servers", "{get_param: env}", topology.Resolved},
		{topology.DependsOn, "backup", "volume", "volume", "", topology.Resolved},
	}
	if len(g.Edges) != len(edges) {
		t.Fatalf("%d edges, want %d: %+v", len(g.Edges), len(edges), g.Edges)
	}
	for i, tc := range edges {
		e := g.Edges[i]
		if e.Kind != tc.kind || e.From != tc.from || e.To != tc.to || e.Target != tc.target || e.Attribute != tc.attribute || e.State != tc.state {
			t.Errorf("edge %d = %+v, want %+v", i, e, tc)
		}
	}
	nodes := []struct {
		id, typ, count, condition string
		reads                     []topology.Read
	}{
		{"network", "OS::Neutron::Net", "", "", nil},
		{"subnet", "OS::Neutron::Subnet", "", "", nil},
		{"servers", "OS::Heat::ResourceGroup", "{get_param: size}", "", nil},
		{"volume", "OS::Cinder::Volume", "", "is_prod", []topology.Read{{Kind: "condition", Name: "is_prod"}}},
		{"backup", "OS::Cinder::Volume", "", "{not: {equals: [{get_param: env}, test]}}", []topology.Read{{Kind: "parameter", Name: "env"}}},
	}
	if len(g.Nodes) != len(nodes) {
		t.Fatalf("%d nodes, want %d: %+v", len(g.Nodes), len(nodes), g.Nodes)
	}
	for i, tc := range nodes {
		n := g.Nodes[i]
		if n.ID != tc.id || n.Kind != topology.NodeResource || n.Type != tc.typ || n.Count != tc.count || !sameCondition(n.Condition, tc.condition, tc.reads) {
			t.Errorf("node %d = %+v (condition %+v), want %+v", i, n, n.Condition, tc)
		}
	}
	ports := []struct {
		name      string
		nodes     []string
		condition string
		reads     []topology.Read
	}{
		{"flavor", []string{"servers"}, "", nil},
		{"size", []string{"servers"}, "", nil},
		{"env", []string{"volume", "backup"}, "", nil},
		{"unused", nil, "", nil},
		{"server_ips", []string{"servers"}, "", nil},
		{"volume_id", []string{"volume"}, "is_prod", []topology.Read{{Kind: "condition", Name: "is_prod"}}},
	}
	all := append(slices.Clone(g.Inputs), g.Outputs...)
	if len(all) != len(ports) || len(g.Inputs) != 4 {
		t.Fatalf("inputs %+v, outputs %+v", g.Inputs, g.Outputs)
	}
	for i, tc := range ports {
		p := all[i]
		if p.Name != tc.name || !slices.Equal(p.Nodes, tc.nodes) || !sameCondition(p.Condition, tc.condition, tc.reads) {
			t.Errorf("port %d = %+v, want %+v", i, p, tc)
		}
	}
	// An edge is located at the resource name it reads.
	dangling := g.Edges[3].Location
	if name := dangling.Span; string(mustRead(t, "testdata/cases/heat.yaml")[name.Start:name.End]) != "missing_router" {
		t.Errorf("the dangling edge is at %v", name)
	}
}

// Variability4TOSCA conditions are on the node templates, requirement
// assignments and groups they decide, with the inputs and expressions
// they read (a name that resolves to nothing is not read); a group's
// [ node_template, requirement ] members are edges.
func TestConditions(t *testing.T) {
	g := caseGraph(t, load(t, "testdata/cases"), "variability.yaml")
	isProd := []topology.Read{{Kind: "variability expression", Name: "is_prod"}}
	nodes := []struct {
		id, condition string
		reads         []topology.Read
	}{
		{"app", "[{get_variability_condition: is_prod}, {not: {get_variability_condition: cheap}}]",
			[]topology.Read{{Kind: "variability expression", Name: "is_prod"}, {Kind: "variability expression", Name: "cheap"}}},
		{"prod_db", "{get_variability_expression: is_prod}", isProd},
		{"dev_db", "{equal: [{get_variability_input: mode}, dev]}", []topology.Read{{Kind: "variability input", Name: "mode"}}},
		{"test_db", "{get_variability_expression: is_test}", nil},
	}
	if len(g.Nodes) != len(nodes) {
		t.Fatalf("%d nodes, want %d: %+v", len(g.Nodes), len(nodes), g.Nodes)
	}
	for i, tc := range nodes {
		if n := g.Nodes[i]; n.ID != tc.id || !sameCondition(n.Condition, tc.condition, tc.reads) {
			t.Errorf("node %s: condition %+v, want %q %v", n.ID, n.Condition, tc.condition, tc.reads)
		}
	}
	if len(g.Edges) != 2 || !sameCondition(g.Edges[0].Condition, "{get_variability_expression: is_prod}", isProd) || g.Edges[1].Condition != nil {
		t.Errorf("edges %+v", g.Edges)
	}
	if len(g.Groups) != 1 {
		t.Fatalf("groups %+v", g.Groups)
	}
	gr := g.Groups[0]
	if !slices.Equal(gr.Members, []string{"prod_db"}) || !slices.Equal(gr.MemberEdges, []int{0, 1}) || !sameCondition(gr.Condition, "{get_variability_expression: is_prod}", isProd) {
		t.Errorf("group %+v, condition %+v", gr, gr.Condition)
	}
	spec := caseGraph(t, load(t, "testdata/cases"), "variability-spec.yaml")
	prod := "{logic_expression: is_prod}"
	if len(spec.Policies) != 1 || !sameCondition(spec.Policies[0].Condition, prod, isProd) {
		t.Errorf("policies %+v", spec.Policies)
	}
	if len(spec.Nodes) != 1 || spec.Nodes[0].Type != "tosca.nodes.Compute | tosca.nodes.Root" {
		t.Errorf("a conditional type: %+v", spec.Nodes)
	}
	if len(spec.Inputs) != 1 || !sameCondition(spec.Inputs[0].Condition, prod, isProd) || !slices.Equal(spec.Inputs[0].Nodes, []string{"app"}) {
		t.Errorf("inputs %+v", spec.Inputs)
	}
	if len(spec.Outputs) != 1 || !sameCondition(spec.Outputs[0].Condition, "{node_presence: app}", nil) {
		t.Errorf("outputs %+v", spec.Outputs)
	}
}

// sameCondition compares a condition with its text and reads ("" for none).
func sameCondition(c *topology.Condition, text string, reads []topology.Read) bool {
	if c == nil {
		return text == ""
	}
	return c.Text == text && slices.Equal(c.Reads, reads)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A file without a topology has no graph.
func TestNoGraph(t *testing.T) {
	v := load(t, "testdata/cases")
	for _, file := range []string{"types.yaml", "empty-heat.yaml"} {
		abs, _ := filepath.Abs(filepath.Join("testdata/cases", file))
		if g := topology.Of(context.Background(), v, abs); g != nil {
			t.Errorf("%s has a graph: %+v", file, g)
		}
	}
}

// DOT and Mermaid quote names and descriptions that hold their own
// syntax; the drawings (SVG too: its layout is deterministic) are compared
// with golden files.
func TestDrawings(t *testing.T) {
	v := load(t, "testdata/cases")
	for _, file := range []string{"edges.yaml", "substitution.yaml", "heat.yaml", "variability.yaml"} {
		g := caseGraph(t, v, file)
		base := strings.TrimSuffix(file, ".yaml")
		golden(t, filepath.Join("testdata", "cases", base+".dot"), []byte(g.DOT()))
		golden(t, filepath.Join("testdata", "cases", base+".mmd"), []byte(g.Mermaid()))
		golden(t, filepath.Join("testdata", "cases", base+".svg"), g.SVG())
	}
}

// Every example (and the dialects' seed examples) renders to SVG in
// process; the SVG is well-formed XML and every node and edge carries its
// element ID and shows its name. An element that exists under a condition
// is drawn dashed with the condition as its tooltip.
func TestSVG(t *testing.T) {
	dirs := []string{"../../testdata/examples/tosca-1.3-webapp", "../../testdata/examples/tosca-2.0-k8s", "../../testdata/examples/tosca-2.0-csar-invalid",
		"../../testdata/dialects/seed-004-heat", "../../testdata/dialects/seed-001-variability", "testdata/cases"}
	conditional := 0
	for _, dir := range dirs {
		for _, g := range graphsOf(t, load(t, dir)) {
			elements := svgElements(t, g.SVG())
			for _, n := range g.Nodes {
				el, ok := elements[topology.NodeElement(n.ID)]
				if !ok || !el.texts[strings.Split(n.Name, "\n")[0]] && !el.texts["«"+n.Name+"»"] {
					t.Errorf("%s: node %s missing from the SVG", g.Path, n.ID)
					continue
				}
				if n.Condition != nil {
					conditional++
					if !el.dashed || !el.titles["if "+n.Condition.Text] {
						t.Errorf("%s: conditional node %s is drawn %+v", g.Path, n.ID, el)
					}
				} else if el.dashed && n.Kind != topology.NodeType {
					t.Errorf("%s: node %s is dashed without a condition", g.Path, n.ID)
				}
			}
			for i, e := range g.Edges {
				el, ok := elements[topology.EdgeElement(i)]
				if !ok {
					t.Errorf("%s: edge %d missing from the SVG", g.Path, i)
				} else if e.Condition != nil && !el.titles["if "+e.Condition.Text] {
					t.Errorf("%s: conditional edge %d has no tooltip: %+v", g.Path, i, el)
				}
			}
			for _, p := range g.Outputs {
				if el := elements[topology.OutputElement(p.Name)]; el == nil || p.Condition != nil && (!el.dashed || !el.titles["if "+p.Condition.Text]) {
					t.Errorf("%s: output %s is drawn %+v", g.Path, p.Name, el)
				}
			}
			for _, gr := range g.Groups {
				if el, ok := elements[topology.GroupElement(gr.Name)]; ok && gr.Condition != nil && !el.titles["if "+gr.Condition.Text] {
					t.Errorf("%s: conditional group %s has no tooltip: %+v", g.Path, gr.Name, el)
				}
			}
			for _, p := range g.Policies {
				if el := elements[topology.PolicyElement(p.Name)]; el == nil || p.Condition != nil && (!el.dashed || !el.titles["if "+p.Condition.Text]) {
					t.Errorf("%s: policy %s is drawn %+v", g.Path, p.Name, el)
				}
			}
		}
	}
	if conditional != 10 {
		t.Errorf("%d conditional nodes drawn, want the 10 of the fixtures and seeds", conditional)
	}
}

// svgElement is what the SVG draws for one element of the graph: its
// texts and tooltips, whether a line is dashed, its first rectangle and
// the ends and colour of its first path.
type svgElement struct {
	texts, titles map[string]bool
	dashed        bool
	box           *box
	path          []point
	stroke        string
	// paths are all its lines (path holds the first), labels the boxes of
	// its edge label lines (9 px text).
	paths  [][]point
	labels []box
	// entries are the IDs of the inputs or outputs a port showing several
	// holds (the port's element is then `port:` and its index).
	entries []string
	// polygon is the bounding box of its largest polygon (a port's shape).
	polygon *box
}

// hasID reports whether an XML element has an id.
func hasID(tok xml.StartElement) bool {
	for _, a := range tok.Attr {
		if a.Name.Local == "id" {
			return true
		}
	}
	return false
}

// isElementID reports whether an SVG id is one of a graph element.
func isElementID(id string) bool {
	for _, prefix := range []string{"n:", "e:", "in:", "out:", "g:", "p:"} {
		if strings.HasPrefix(id, prefix) {
			return true
		}
	}
	return false
}

// svgElements parses an SVG and returns, for each element ID, the texts,
// the tooltips and whether a line is dashed, below it. A port showing
// several inputs (or outputs) is `port:` and its index, each entry inside
// an element of its own.
func svgElements(t *testing.T, svg []byte) map[string]*svgElement {
	out := map[string]*svgElement{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = false
	// open holds, for each open XML element, the graph element it belongs to.
	var open []*svgElement
	// inText is the element whose text is read: a <text> or a <title>.
	inText := ""
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			var cur *svgElement
			if len(open) > 0 {
				cur = open[len(open)-1]
			}
			group := cur
			for _, a := range tok.Attr {
				switch {
				case a.Name.Local == "id" && (cur == nil || cur.entries != nil) && isElementID(a.Value):
					cur = &svgElement{texts: map[string]bool{}, titles: map[string]bool{}}
					out[a.Value] = cur
					if group != nil {
						group.entries = append(group.entries, a.Value)
					}
				case a.Name.Local == "class" && a.Value == "port" && cur == nil && !hasID(tok):
					cur = &svgElement{texts: map[string]bool{}, titles: map[string]bool{}, entries: []string{}}
					out["port:"+strconv.Itoa(len(out))] = cur
				case cur != nil && a.Name.Local == "stroke-dasharray":
					cur.dashed = true
				}
			}
			if cur != nil {
				readShape(t, cur, tok)
			}
			open = append(open, cur)
			inText = tok.Name.Local
		case xml.CharData:
			if len(open) == 0 {
				continue
			}
			if cur := open[len(open)-1]; cur != nil {
				switch inText {
				case "text":
					cur.texts[string(tok)] = true
					if n := len(cur.labels); n > 0 && cur.labels[n-1].w == 0 {
						cur.labels[n-1].w = float64(utf8.RuneCountInString(string(tok))) * labelGlyph
						cur.labels[n-1].x -= cur.labels[n-1].w / 2
					}
				case "title":
					cur.titles[string(tok)] = true
				}
			}
		case xml.EndElement:
			open = open[:len(open)-1]
			inText = ""
		}
	}
	if len(out) == 0 {
		t.Fatalf("not an SVG: %.200s", svg)
	}
	return out
}
