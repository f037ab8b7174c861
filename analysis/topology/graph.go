// Package topology computes the graph of a service template from the model:
// its node templates joined by their requirement assignments, the groups and
// policies around them, its inputs and outputs, and the node type its
// substitution mappings stand for. Every element keeps where it is written,
// so that an editor can reveal it.
//
// The graph is independent of the TOSCA grammar that produced it: nodes
// are typed boxes, edges are named links with a state. A Heat template
// becomes another builder of the same Graph (resources as nodes,
// depends_on/get_resource/get_attr as edges) once its facts exist.
//
// It renders to JSON (the schema is in README.md), Graphviz DOT, Mermaid
// and SVG (laid out in-process by Graphviz compiled to WebAssembly).
package topology

import (
	"context"
	"slices"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// NodeKind tells what a node of the graph stands for.
type NodeKind uint8

const (
	// NodeTemplate is a node template of the service template.
	NodeTemplate NodeKind = iota
	// NodeType is a node type a requirement names as its target: the
	// orchestrator is to find (or make) a node of it.
	NodeType
)

// EdgeState tells how an edge's target resolved.
type EdgeState uint8

const (
	// Resolved edges end at a node template.
	Resolved EdgeState = iota
	// Abstract edges end at a node type.
	Abstract
	// Open edges name no target: the orchestrator selects one.
	Open
	// Dangling edges name a target that does not exist.
	Dangling
)

// Graph is the topology of one service template.
type Graph struct {
	// Path is the file holding the service template.
	Path         string
	Nodes        []Node
	Edges        []Edge
	Groups       []Group
	Policies     []Group
	Inputs       []Port
	Outputs      []Port
	Substitution *Substitution
}

// Node is a box of the graph.
type Node struct {
	// ID is unique in the graph (the template name, or "type:" and the type name).
	ID   string
	Name string
	Kind NodeKind
	// Type is the type as written; Chain the names of its derivation
	// chain's first steps after it, most derived first.
	Type  string
	Chain []string
	// Directives and Count are a node template's, as written.
	Directives []string
	Count      string
	// Substituted is set when a directive asks for the node to be realised
	// by another service template; SubstitutedBy lists the workspace files
	// whose substitution mappings offer its type.
	Substituted   bool
	SubstitutedBy []string
	// Description is the template's description.
	Description string
	// Location is where the template's name (or the type's) is written.
	Location model.Location
}

// Edge is a requirement assignment: a relationship from one node to another.
type Edge struct {
	// From and To are node IDs (To is "" unless the state is Resolved or Abstract).
	From, To    string
	Requirement string
	// Target is the target as written ("" for an open requirement);
	// Index the node of it, for `[ node_template, index ]`.
	Target, Index string
	// Capability is the target's capability the edge connects to (the one
	// matched, else as written); Relationship the relationship type or template.
	Capability   string
	Relationship string
	State        EdgeState
	Location     model.Location
}

// Group is a group or a policy: a named set of nodes (and groups).
type Group struct {
	Name, Type string
	// Members are node IDs and group names, as the template lists them.
	Members  []string
	Location model.Location
}

// Port is an input or an output of the service template.
type Port struct {
	Name, Type string
	// Nodes are the IDs of the node templates that use an input, or that
	// an output reads from.
	Nodes    []string
	Location model.Location
}

// Substitution is the node type the whole topology can stand for.
type Substitution struct {
	NodeType string
	// Capabilities and Requirements map the node type's members onto
	// members of the topology's nodes.
	Capabilities []Mapping
	Requirements []Mapping
	Location     model.Location
}

// Mapping maps a member of the substituted node type to a member of a node.
type Mapping struct {
	Name string
	// Node is a node ID ("" when the mapping names no node); Member the
	// node's capability or requirement.
	Node, Member string
	Location     model.Location
}

// chainSteps is how many ancestors of a node's type the graph shows.
const chainSteps = 3

// Of computes the graph of the service template in the file at path; nil
// when the file is not a TOSCA file with node templates, inputs or
// substitution mappings.
func Of(ctx context.Context, v *model.View, path string) *Graph {
	f := v.Facts(path)
	if f == nil || f.Lang != grammar.TOSCA {
		return nil
	}
	b := &builder{v: v, f: f, g: &Graph{Path: path}, ids: map[string]bool{}}
	for id := range f.Declarations() {
		if ctx.Err() != nil {
			return nil
		}
		switch f.Entities[id].Declares() {
		case grammar.NodeTemplate:
			b.node(id)
		case grammar.Group:
			b.g.Groups = append(b.g.Groups, b.group(id, grammar.KeyMembers))
		case grammar.Policy:
			b.g.Policies = append(b.g.Policies, b.group(id, grammar.KeyTargets))
		case grammar.Input:
			if b.inTopology(id) {
				b.g.Inputs = append(b.g.Inputs, b.port(id))
			}
		case grammar.Output:
			if b.inTopology(id) {
				b.g.Outputs = append(b.g.Outputs, b.port(id))
			}
		}
	}
	for _, r := range v.Relationships(path) {
		b.edge(r)
	}
	for id := range f.Entities {
		if f.Entities[id].G == grammar.SubstitutionMappingsDef {
			b.substitution(facts.ID(id))
			break
		}
	}
	b.substitutes(ctx)
	g := b.g
	if len(g.Nodes) == 0 && len(g.Inputs) == 0 && len(g.Outputs) == 0 && g.Substitution == nil {
		return nil
	}
	return g
}

type builder struct {
	v   *model.View
	f   *facts.Facts
	g   *Graph
	ids map[string]bool
}

func (b *builder) loc(id facts.ID) model.Location {
	return b.v.Location(model.Decl{Path: b.g.Path, ID: id})
}

// inTopology reports whether a declaration belongs to the topology itself
// (not to a workflow or an operation).
func (b *builder) inTopology(id facts.ID) bool {
	p := b.f.Entity(b.f.Entity(id).Parent)
	return p != nil && (p.G == grammar.TopologyTemplateDef || p.G == grammar.ServiceTemplateDef)
}

func (b *builder) node(id facts.ID) {
	e := b.f.Entity(id)
	n := Node{
		ID: e.Name, Name: e.Name, Kind: NodeTemplate,
		Type:        b.f.FieldText(id, grammar.KeyType),
		Count:       b.f.FieldText(id, grammar.KeyCount),
		Description: b.f.FieldText(id, grammar.KeyDescription),
		Location:    b.loc(id),
	}
	chain, _ := b.v.Chain(b.v.TypeOf(model.Decl{Path: b.g.Path, ID: id}))
	n.Chain = b.names(chain)
	for _, item := range b.f.Items(b.f.FieldValue(id, grammar.KeyDirectives)) {
		d := b.f.Text(item)
		n.Directives = append(n.Directives, d)
		n.Substituted = n.Substituted || d == grammar.DirectiveSubstitute || d == grammar.DirectiveSubstitutable
	}
	b.ids[n.ID] = true
	b.g.Nodes = append(b.g.Nodes, n)
}

// names are the names of a derivation chain's first steps after its head,
// as the file sees them (namespace prefixes included).
func (b *builder) names(chain []model.Decl) []string {
	var out []string
	for i := 1; i < len(chain) && i <= chainSteps; i++ {
		out = append(out, b.typeName(chain[i]))
	}
	return out
}

// typeName is the shortest name the file knows a type by (its declared
// name when the file does not see it).
func (b *builder) typeName(t model.Decl) string {
	if names := b.v.NamesOf(b.g.Path, t); len(names) > 0 {
		return names[0]
	}
	return b.v.Name(t)
}

func (b *builder) edge(r model.Relationship) {
	e := Edge{
		From: b.v.Name(r.Source), Requirement: r.Name, Target: r.Node, Index: r.Index,
		Capability: r.CapabilityName, Relationship: r.RelationshipName,
		Location: b.loc(r.Entity),
	}
	if r.Capability.Def.Valid() {
		e.Capability = r.Capability.Name
	}
	switch {
	case r.Target.Valid():
		e.State, e.To = Resolved, r.Node
	case r.TargetType.Valid():
		e.State, e.To = Abstract, b.typeNode(r.TargetType)
	case r.Node == "":
		e.State = Open
	default:
		e.State = Dangling
	}
	b.g.Edges = append(b.g.Edges, e)
}

// typeNode adds (once) the node standing for a node type named as a
// requirement target, and returns its ID.
func (b *builder) typeNode(t model.Decl) string {
	name := b.typeName(t)
	id := "type:" + name
	if !b.ids[id] {
		b.ids[id] = true
		chain, _ := b.v.Chain(t)
		b.g.Nodes = append(b.g.Nodes, Node{ID: id, Name: name, Kind: NodeType, Type: name, Chain: b.names(chain), Location: b.v.Location(t)})
	}
	return id
}

func (b *builder) group(id facts.ID, key string) Group {
	g := Group{Name: b.f.Entity(id).Name, Type: b.f.FieldText(id, grammar.KeyType), Location: b.loc(id)}
	for _, item := range b.f.Items(b.f.FieldValue(id, key)) {
		g.Members = append(g.Members, b.f.Text(item))
	}
	return g
}

// port reads an input or an output, with the node templates it touches:
// those whose values read an input, those an output's value reads.
func (b *builder) port(id facts.ID) Port {
	p := Port{Name: b.f.Entity(id).Name, Type: b.f.FieldText(id, grammar.KeyType), Location: b.loc(id)}
	out := b.f.Entity(id).Declares() == grammar.Output
	for i := range b.f.Refs {
		r := &b.f.Refs[i]
		var node string
		switch {
		case out && r.Owner == id && b.isNode(r.Name):
			node = r.Name
		case !out && r.Kind == grammar.Input && r.Name == p.Name && b.f.Entity(r.Owner) != nil && b.f.Entity(r.Owner).Declares() == grammar.NodeTemplate:
			node = b.f.Entity(r.Owner).Name
		}
		if node != "" && !slices.Contains(p.Nodes, node) {
			p.Nodes = append(p.Nodes, node)
		}
	}
	return p
}

func (b *builder) isNode(name string) bool {
	return b.v.Local(b.g.Path, grammar.NodeTemplate, name).Valid()
}

func (b *builder) substitution(id facts.ID) {
	s := &Substitution{NodeType: b.f.FieldText(id, grammar.KeyNodeType), Location: b.loc(id)}
	s.Capabilities = b.mappings(id, grammar.SectionCapabilities)
	s.Requirements = b.mappings(id, grammar.SectionRequirements)
	b.g.Substitution = s
}

// mappings reads the `[ node_template, member ]` entries of a section of
// substitution mappings.
func (b *builder) mappings(id facts.ID, section string) []Mapping {
	var out []Mapping
	for _, entry := range b.f.Entries(id, section) {
		m := Mapping{Name: b.f.Entity(entry).Name, Location: b.loc(entry)}
		items := b.f.Items(b.f.FieldValue(entry, grammar.KeyMapping))
		if len(items) > 0 && b.isNode(b.f.Text(items[0])) {
			m.Node = b.f.Text(items[0])
		}
		if len(items) > 1 {
			m.Member = b.f.Text(items[1])
		}
		out = append(out, m)
	}
	return out
}

// substitutes finds, for the nodes to be substituted, the workspace files
// whose substitution mappings offer their type (or a type derived from it).
func (b *builder) substitutes(ctx context.Context) {
	want := map[int]model.Decl{}
	for i, n := range b.g.Nodes {
		if n.Substituted {
			want[i] = b.v.TypeOf(b.v.Local(b.g.Path, grammar.NodeTemplate, n.Name))
		}
	}
	if len(want) == 0 {
		return
	}
	for _, p := range b.v.Snap.Paths() {
		if ctx.Err() != nil || p == b.g.Path {
			continue
		}
		f := b.v.Facts(p)
		if f == nil {
			continue
		}
		for id := range f.Entities {
			if f.Entities[id].G != grammar.SubstitutionMappingsDef {
				continue
			}
			offered := b.v.TypeOf(model.Decl{Path: p, ID: facts.ID(id)})
			for i, t := range want {
				if t.Valid() && b.v.DerivesFrom(offered, t) {
					b.g.Nodes[i].SubstitutedBy = append(b.g.Nodes[i].SubstitutedBy, p)
				}
			}
		}
	}
}
