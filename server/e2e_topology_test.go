package server_test

import (
	"encoding/json"
	"strings"
	"testing"
)

const topologyDoc = `tosca_definitions_version: tosca_2_0
imports:
  - profile: org.oasis-open.simple:2.0
service_template:
  inputs:
    cpus:
      type: integer
      default: 2
  node_templates:
    server:
      type: Compute
    app:
      type: SoftwareComponent
      requirements:
        - host: server
        - dependency: missing
`

type topologyGraph struct {
	File  string `json:"file"`
	Nodes []struct {
		ID       string `json:"id"`
		Location struct {
			File  string `json:"file"`
			Range struct {
				Start struct{ Line, Character int } `json:"start"`
			} `json:"range"`
		} `json:"location"`
	} `json:"nodes"`
	Edges []struct {
		From, To, Requirement, State string
	} `json:"edges"`
	Rendered string `json:"rendered"`
}

// tosca/topology and the tosca-ls.topology command answer the JSON graph of
// the open document, from its latest text, with an SVG when asked.
func TestE2ETopology(t *testing.T) {
	e := startBinary(t)
	res := e.initialize(defaultInitParams(e.dir))
	if !strings.Contains(mustJSON(t, res), `"tosca-ls.topology"`) {
		t.Errorf("the command is not advertised: %s", mustJSON(t, res))
	}
	u := e.uri("main.yaml")
	e.open(u, "yaml", topologyDoc, 1)

	var g topologyGraph
	e.result("tosca/topology", map[string]any{"textDocument": map[string]any{"uri": u}}, &g)
	if g.File != u || len(g.Nodes) != 2 || g.Nodes[1].ID != "app" || g.Nodes[1].Location.File != u || g.Nodes[1].Location.Range.Start.Line != 11 {
		t.Fatalf("graph: %+v", g)
	}
	if len(g.Edges) != 2 || g.Edges[0].To != "server" || g.Edges[0].State != "resolved" || g.Edges[1].State != "dangling" {
		t.Errorf("edges: %+v", g.Edges)
	}

	// The graph follows edits.
	e.change(u, 2, edit(nil, strings.Replace(topologyDoc, "missing", "server", 1)))
	e.result("tosca/topology", map[string]any{"textDocument": map[string]any{"uri": u}, "render": "svg"}, &g)
	if len(g.Edges) != 2 || g.Edges[1].State != "resolved" || !strings.Contains(g.Rendered, `id="n:server"`) {
		t.Errorf("after the edit: %+v", g.Edges)
	}

	var raw json.RawMessage
	e.result("workspace/executeCommand", map[string]any{"command": "tosca-ls.topology", "arguments": []any{u, "mermaid"}}, &raw)
	if err := json.Unmarshal(raw, &g); err != nil || !strings.HasPrefix(g.Rendered, "flowchart LR") || len(g.Nodes) != 2 {
		t.Errorf("executeCommand: %s", raw)
	}

	for _, bad := range []struct {
		method string
		params any
	}{
		{"tosca/topology", map[string]any{}},
		{"tosca/topology", map[string]any{"textDocument": map[string]any{"uri": u}, "render": "png"}},
		{"workspace/executeCommand", map[string]any{"command": "tosca-ls.topology", "arguments": []any{}}},
		{"workspace/executeCommand", map[string]any{"command": "other"}},
	} {
		if m := e.call(bad.method, bad.params); m.Error == nil || m.Error.Code != -32602 {
			t.Errorf("%s %v: want InvalidParams, got %+v", bad.method, bad.params, m)
		}
	}
	// A YAML file that is not TOSCA has no graph.
	other := e.uri("other.yaml")
	e.open(other, "yaml", "a: 1\n", 1)
	if m := e.call("tosca/topology", map[string]any{"textDocument": map[string]any{"uri": other}}); m.Error != nil || string(m.Result) != "null" {
		t.Errorf("topology of plain YAML: %+v", m)
	}
}

const heatTopologyDoc = `heat_template_version: 2016-10-14
parameters:
  env:
    type: string
conditions:
  is_prod: { equals: [ { get_param: env }, prod ] }
resources:
  net:
    type: OS::Neutron::Net
  server:
    type: OS::Nova::Server
    depends_on: router
    condition: is_prod
    properties:
      name: { get_param: env }
      networks: [ { network: { get_resource: net } } ]
outputs:
  net_name:
    value: { get_attr: [ net, name ] }
`

// tosca/topology answers the graph of a Heat document: its resources,
// their dependencies (a dangling one until the resource exists), the
// condition of a resource, its parameters and outputs as ports.
func TestE2ETopologyHeat(t *testing.T) {
	e := startBinary(t)
	e.initialize(defaultInitParams(e.dir))
	u := e.uri("stack.yaml")
	e.open(u, "heat", heatTopologyDoc, 1)

	type heatGraph struct {
		Nodes []struct {
			ID, Kind  string
			Condition *struct {
				Text  string
				Reads []struct{ Kind, Name string }
			}
		}
		Edges []struct {
			Kind, From, To, Target, State string
		}
		Inputs, Outputs []struct {
			Name  string
			Nodes []string
		}
		Rendered string
	}
	var g heatGraph
	e.result("tosca/topology", map[string]any{"textDocument": map[string]any{"uri": u}}, &g)
	if len(g.Nodes) != 2 || g.Nodes[1].ID != "server" || g.Nodes[1].Kind != "resource" || g.Nodes[1].Condition == nil ||
		g.Nodes[1].Condition.Text != "is_prod" || len(g.Nodes[1].Condition.Reads) != 1 || g.Nodes[1].Condition.Reads[0].Kind != "condition" {
		t.Fatalf("nodes: %+v", g.Nodes)
	}
	if len(g.Edges) != 2 || g.Edges[0].Kind != "depends_on" || g.Edges[0].State != "dangling" || g.Edges[0].Target != "router" ||
		g.Edges[1].Kind != "get_resource" || g.Edges[1].To != "net" || g.Edges[1].State != "resolved" {
		t.Errorf("edges: %+v", g.Edges)
	}
	if len(g.Inputs) != 1 || strings.Join(g.Inputs[0].Nodes, ",") != "server" || len(g.Outputs) != 1 || strings.Join(g.Outputs[0].Nodes, ",") != "net" {
		t.Errorf("ports: %+v %+v", g.Inputs, g.Outputs)
	}

	// Once the resource exists the edge resolves; the drawing marks the
	// conditional resource.
	e.change(u, 2, edit(nil, strings.Replace(heatTopologyDoc, "resources:\n", "resources:\n  router:\n    type: OS::Neutron::Router\n", 1)))
	e.result("tosca/topology", map[string]any{"textDocument": map[string]any{"uri": u}, "render": "svg"}, &g)
	if len(g.Nodes) != 3 || len(g.Edges) != 2 || g.Edges[0].State != "resolved" || g.Edges[0].To != "router" ||
		!strings.Contains(g.Rendered, `id="n:router"`) || !strings.Contains(g.Rendered, `<title>if is_prod</title>`) {
		t.Errorf("after the edit: %+v %+v\n%.300s", g.Nodes, g.Edges, g.Rendered)
	}
}
