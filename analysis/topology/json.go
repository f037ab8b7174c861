package topology

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
)

// The JSON form of a graph (schema in README.md). Positions are 0-based
// lines and UTF-16 characters, as in LSP and `check --format json`.

// JSONGraph is a graph as the CLI prints it and the server answers it.
type JSONGraph struct {
	File         string            `json:"file"`
	Nodes        []JSONNode        `json:"nodes"`
	Edges        []JSONEdge        `json:"edges"`
	Groups       []JSONGroup       `json:"groups"`
	Policies     []JSONGroup       `json:"policies"`
	Inputs       []JSONPort        `json:"inputs"`
	Outputs      []JSONPort        `json:"outputs"`
	Substitution *JSONSubstitution `json:"substitution"`
}

type JSONNode struct {
	ID            string         `json:"id"`
	Name          string         `json:"name"`
	Kind          string         `json:"kind"`
	Type          string         `json:"type"`
	Chain         []string       `json:"chain"`
	Directives    []string       `json:"directives"`
	Count         string         `json:"count,omitempty"`
	Substituted   bool           `json:"substituted"`
	SubstitutedBy []string       `json:"substitutedBy"`
	Description   string         `json:"description,omitempty"`
	Condition     *JSONCondition `json:"condition,omitempty"`
	Location      JSONLocation   `json:"location"`
}

type JSONEdge struct {
	Kind         string         `json:"kind"`
	From         string         `json:"from"`
	To           string         `json:"to,omitempty"`
	Requirement  string         `json:"requirement,omitempty"`
	Attribute    string         `json:"attribute,omitempty"`
	Target       string         `json:"target,omitempty"`
	Index        string         `json:"index,omitempty"`
	Capability   string         `json:"capability,omitempty"`
	Relationship string         `json:"relationship,omitempty"`
	State        string         `json:"state"`
	Condition    *JSONCondition `json:"condition,omitempty"`
	Location     JSONLocation   `json:"location"`
}

type JSONGroup struct {
	Name        string         `json:"name"`
	Type        string         `json:"type"`
	Members     []string       `json:"members"`
	MemberEdges []int          `json:"memberEdges"`
	Condition   *JSONCondition `json:"condition,omitempty"`
	Location    JSONLocation   `json:"location"`
}

type JSONPort struct {
	Name      string         `json:"name"`
	Type      string         `json:"type,omitempty"`
	Nodes     []string       `json:"nodes"`
	Condition *JSONCondition `json:"condition,omitempty"`
	Location  JSONLocation   `json:"location"`
}

type JSONCondition struct {
	Text  string     `json:"text"`
	Reads []JSONRead `json:"reads"`
}

type JSONRead struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

type JSONSubstitution struct {
	NodeType     string        `json:"nodeType"`
	Capabilities []JSONMapping `json:"capabilities"`
	Requirements []JSONMapping `json:"requirements"`
	Location     JSONLocation  `json:"location"`
}

type JSONMapping struct {
	Name     string       `json:"name"`
	Node     string       `json:"node,omitempty"`
	Member   string       `json:"member,omitempty"`
	Location JSONLocation `json:"location"`
}

// JSONLocation is a range of a file, named as the caller chooses (a URI
// for the server, a path for the CLI).
type JSONLocation struct {
	File  string    `json:"file"`
	Range JSONRange `json:"range"`
}

type JSONRange struct {
	Start JSONPosition `json:"start"`
	End   JSONPosition `json:"end"`
}

type JSONPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

var kindNames = map[NodeKind]string{NodeTemplate: "template", NodeType: "type", NodeResource: "resource"}

var edgeKindNames = map[EdgeKind]string{Requirement: "requirement", DependsOn: grammar.HeatDependsOn, GetResource: grammar.HeatGetResource, GetAttr: grammar.HeatGetAttr}

var stateNames = map[EdgeState]string{Resolved: "resolved", Abstract: "abstract", Open: "open", Dangling: "dangling"}

// JSON converts the graph, positions read from the view's files and file
// names given by name.
func (g *Graph) JSON(v *model.View, name func(path string) string) *JSONGraph {
	loc := func(l model.Location) JSONLocation {
		out := JSONLocation{File: name(l.Path)}
		if f := v.Snap.File(l.Path); f != nil {
			lines := f.Lines()
			sl, sc := lines.UTF16(l.Span.Start)
			el, ec := lines.UTF16(l.Span.End)
			out.Range = JSONRange{JSONPosition{sl, sc}, JSONPosition{el, ec}}
		}
		return out
	}
	out := &JSONGraph{File: name(g.Path), Nodes: []JSONNode{}, Edges: []JSONEdge{}, Groups: groups(g.Groups, loc),
		Policies: groups(g.Policies, loc), Inputs: ports(g.Inputs, loc), Outputs: ports(g.Outputs, loc)}
	for _, n := range g.Nodes {
		out.Nodes = append(out.Nodes, JSONNode{ID: n.ID, Name: n.Name, Kind: kindNames[n.Kind], Type: n.Type,
			Chain: nonNil(n.Chain), Directives: nonNil(n.Directives), Count: n.Count, Substituted: n.Substituted,
			SubstitutedBy: names(n.SubstitutedBy, name), Description: n.Description, Condition: condition(n.Condition), Location: loc(n.Location)})
	}
	for _, e := range g.Edges {
		out.Edges = append(out.Edges, JSONEdge{Kind: edgeKindNames[e.Kind], From: e.From, To: e.To, Requirement: e.Requirement, Attribute: e.Attribute,
			Target: e.Target, Index: e.Index, Capability: e.Capability, Relationship: e.Relationship, State: stateNames[e.State],
			Condition: condition(e.Condition), Location: loc(e.Location)})
	}
	if s := g.Substitution; s != nil {
		out.Substitution = &JSONSubstitution{NodeType: s.NodeType, Capabilities: mappings(s.Capabilities, loc),
			Requirements: mappings(s.Requirements, loc), Location: loc(s.Location)}
	}
	return out
}

func groups(gs []Group, loc func(model.Location) JSONLocation) []JSONGroup {
	out := []JSONGroup{}
	for _, g := range gs {
		out = append(out, JSONGroup{Name: g.Name, Type: g.Type, Members: nonNil(g.Members), MemberEdges: nonNil(g.MemberEdges),
			Condition: condition(g.Condition), Location: loc(g.Location)})
	}
	return out
}

func ports(ps []Port, loc func(model.Location) JSONLocation) []JSONPort {
	out := []JSONPort{}
	for _, p := range ps {
		out = append(out, JSONPort{Name: p.Name, Type: p.Type, Nodes: nonNil(p.Nodes), Condition: condition(p.Condition), Location: loc(p.Location)})
	}
	return out
}

func mappings(ms []Mapping, loc func(model.Location) JSONLocation) []JSONMapping {
	out := []JSONMapping{}
	for _, m := range ms {
		out = append(out, JSONMapping{Name: m.Name, Node: m.Node, Member: m.Member, Location: loc(m.Location)})
	}
	return out
}

func names(paths []string, name func(string) string) []string {
	out := []string{}
	for _, p := range paths {
		out = append(out, name(p))
	}
	return out
}

func condition(c *Condition) *JSONCondition {
	if c == nil {
		return nil
	}
	out := &JSONCondition{Text: c.Text, Reads: []JSONRead{}}
	for _, r := range c.Reads {
		out.Reads = append(out.Reads, JSONRead(r))
	}
	return out
}

// nonNil makes empty lists encode as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
