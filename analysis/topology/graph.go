// Package topology computes the graph of a service template from the model:
// its node templates joined by their requirement assignments, the groups and
// policies around them, its inputs and outputs, and the node type its
// substitution mappings stand for; Variability4TOSCA conditions are on the
// nodes, edges and groups they decide. A Heat template has the same graph:
// its resources joined by depends_on, get_resource and get_attr, its
// parameters and outputs as ports. Every element keeps where it is written,
// so that an editor can reveal it.
//
// The graph is independent of the grammar that produced it: nodes are
// typed boxes, edges are named links with a state.
//
// It renders to JSON (the schema is in README.md), Graphviz DOT, Mermaid
// and SVG (laid out by its own layered layout, layout.go).
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
	// NodeResource is a resource of a Heat template.
	NodeResource
)

// EdgeKind tells what an edge stands for.
type EdgeKind uint8

const (
	// Requirement edges are requirement assignments of node templates.
	Requirement EdgeKind = iota
	// DependsOn edges are a Heat resource's explicit dependencies.
	DependsOn
	// GetResource and GetAttr edges are the calls in a Heat resource's
	// values that read another resource.
	GetResource
	GetAttr
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
	// ID is unique in the graph (the template or resource name, or "type:"
	// and the type name).
	ID   string
	Name string
	Kind NodeKind
	// Type is the type as written; Chain the names of its derivation
	// chain's first steps after it, most derived first.
	Type  string
	Chain []string
	// Directives and Count are a node template's, as written; Count is
	// also the count of a Heat resource group.
	Directives []string
	Count      string
	// Substituted is set when a directive asks for the node to be realised
	// by another service template; SubstitutedBy lists the workspace files
	// whose substitution mappings offer its type.
	Substituted   bool
	SubstitutedBy []string
	// Description is the template's description.
	Description string
	// Condition decides whether the node exists (nil: it always does).
	Condition *Condition
	// Location is where the template's name (or the type's) is written.
	Location model.Location
}

// Edge is a requirement assignment (a relationship from one node to
// another) or a Heat resource's dependency on another.
type Edge struct {
	Kind EdgeKind
	// From and To are node IDs (To is "" unless the state is Resolved or Abstract).
	From, To string
	// Requirement is the requirement's name; Attribute the attribute a
	// get_attr reads (as written, in flow style when computed).
	Requirement, Attribute string
	// Target is the target as written ("" for an open requirement);
	// Index the node of it, for `[ node_template, index ]`.
	Target, Index string
	// Capability is the target's capability the edge connects to (the one
	// matched, else as written); Relationship the relationship type or template.
	Capability   string
	Relationship string
	State        EdgeState
	// Condition decides whether the relationship exists (nil: it does
	// whenever its source does).
	Condition *Condition
	// Location is where the requirement assignment's name is written, or
	// the resource named by a Heat dependency.
	Location model.Location
}

// Group is a group or a policy: a named set of nodes (and groups).
type Group struct {
	Name, Type string
	// Members are node IDs and group names, as the template lists them.
	Members []string
	// MemberEdges are the indexes in Graph.Edges of the requirement
	// assignments a Variability4TOSCA group lists as [ node_template, requirement ].
	MemberEdges []int
	// Condition decides whether the members exist.
	Condition *Condition
	Location  model.Location
}

// Port is an input or an output of the service template (a parameter or
// an output of a Heat template).
type Port struct {
	Name, Type string
	// Nodes are the IDs of the nodes whose values read an input, or that an
	// output's value reads.
	Nodes []string
	// Condition decides whether a Heat output exists.
	Condition *Condition
	Location  model.Location
}

// Condition is what decides whether an element exists: a
// Variability4TOSCA `conditions` or a Heat `condition`.
type Condition struct {
	// Text is the condition in YAML flow style (cut after flowLength bytes).
	Text string
	// Reads are the declarations the condition names.
	Reads []Read
}

// Read is a declaration a condition names: a variability input or
// expression, a Heat condition or parameter.
type Read struct {
	// Kind is the kind of declaration as grammar.RefKind names it.
	Kind, Name string
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

// Of computes the graph of the service template in the file at path, or
// of the Heat template; nil when the file is neither or has no node
// templates (resources), inputs (parameters), outputs or substitution
// mappings.
func Of(ctx context.Context, v *model.View, path string) *Graph {
	f := v.Facts(path)
	if f == nil {
		return nil
	}
	b := &builder{v: v, f: f, g: &Graph{Path: path}, ids: map[string]bool{}}
	switch f.Lang {
	case grammar.TOSCA:
		b.tosca(ctx)
	case grammar.Heat:
		b.heat()
	default:
		return nil
	}
	g := b.g
	if ctx.Err() != nil || len(g.Nodes) == 0 && len(g.Inputs) == 0 && len(g.Outputs) == 0 && g.Substitution == nil {
		return nil
	}
	return g
}

type builder struct {
	v   *model.View
	f   *facts.Facts
	g   *Graph
	ids map[string]bool
	// nodeKind and inputKind are the kinds of declaration nodes and inputs
	// are (node templates and inputs, or Heat resources and parameters);
	// conditionKey the keyname of their conditions.
	nodeKind, inputKind grammar.RefKind
	conditionKey        string
	// conditionRefs are the references of the kinds a condition reads, by
	// position, found on the first condition.
	conditionRefs []int
	refsFound     bool
}

func (b *builder) tosca(ctx context.Context) {
	b.nodeKind, b.inputKind, b.conditionKey = grammar.NodeTemplate, grammar.Input, grammar.KeyConditions
	declared := b.declared()
	for _, id := range declared[grammar.NodeTemplate] {
		b.node(id)
	}
	outside := func(id facts.ID) bool { return !b.inTopology(id) }
	inputs := slices.DeleteFunc(declared[grammar.Input], outside)
	outputs := slices.DeleteFunc(declared[grammar.Output], outside)
	b.ports(inputs, outputs)
	for _, r := range b.v.Relationships(b.g.Path) {
		b.edge(r)
	}
	// Groups come after the edges: their members may be edges.
	for _, id := range declared[grammar.Group] {
		b.g.Groups = append(b.g.Groups, b.group(id, grammar.KeyMembers))
	}
	for _, id := range declared[grammar.Policy] {
		b.g.Policies = append(b.g.Policies, b.group(id, grammar.KeyTargets))
	}
	for id := range b.f.Entities {
		if b.f.Entities[id].G() == grammar.SubstitutionMappingsDef {
			b.substitution(facts.ID(id))
			break
		}
	}
	b.substitutes(ctx)
}

// declared lists the file's declarations by kind, in source order.
func (b *builder) declared() map[grammar.RefKind][]facts.ID {
	out := map[grammar.RefKind][]facts.ID{}
	for id := range b.f.Declarations() {
		k := b.f.Entities[id].Declares()
		out[k] = append(out[k], id)
	}
	return out
}

func (b *builder) loc(id facts.ID) model.Location {
	return b.v.Location(model.Decl{Path: b.g.Path, ID: id})
}

// inTopology reports whether a declaration belongs to the topology itself
// (not to a workflow or an operation).
func (b *builder) inTopology(id facts.ID) bool {
	p := b.f.Entity(b.f.Entity(id).Parent)
	return p != nil && (p.G() == grammar.TopologyTemplateDef || p.G() == grammar.ServiceTemplateDef)
}

func (b *builder) node(id facts.ID) {
	e := b.f.Entity(id)
	n := Node{
		ID: e.Name, Name: e.Name, Kind: NodeTemplate,
		Type:        b.f.TypeText(id, grammar.KeyType),
		Count:       b.f.FieldText(id, grammar.KeyCount),
		Description: b.f.FieldText(id, grammar.KeyDescription),
		Condition:   b.condition(id),
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
func (b *builder) names(chain model.Chain) []string {
	var out []string
	head := true
	for t := range chain.All() {
		if len(out) == chainSteps {
			break
		}
		if !head {
			out = append(out, b.typeName(t))
		}
		head = false
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
		Condition: b.condition(r.Entity), Location: b.loc(r.Entity),
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

// group reads a group or a policy. A Variability4TOSCA group's
// `[ node_template, requirement ]` members are the edges of the node's
// assignments of that requirement.
func (b *builder) group(id facts.ID, key string) Group {
	g := Group{Name: b.f.Entity(id).Name, Type: b.f.TypeText(id, grammar.KeyType), Condition: b.condition(id), Location: b.loc(id)}
	for _, item := range b.f.Items(b.f.FieldValue(id, key)) {
		pair := b.f.Items(item)
		if len(pair) != 2 {
			g.Members = append(g.Members, b.f.Text(item))
			continue
		}
		node, req := b.f.Text(pair[0]), b.f.Text(pair[1])
		for i, e := range b.g.Edges {
			if e.Kind == Requirement && e.From == node && e.Requirement == req {
				g.MemberEdges = append(g.MemberEdges, i)
			}
		}
	}
	return g
}

// ports adds the inputs and the outputs, with the nodes they touch: those
// whose values read an input, those an output's value reads. Each
// reference is resolved once.
func (b *builder) ports(inputs, outputs []facts.ID) {
	for _, id := range inputs {
		b.g.Inputs = append(b.g.Inputs, b.port(id))
	}
	for _, id := range outputs {
		b.g.Outputs = append(b.g.Outputs, b.port(id))
	}
	inputAt, outputAt := map[facts.ID]*Port{}, map[facts.ID]*Port{}
	for i, id := range inputs {
		inputAt[id] = &b.g.Inputs[i]
	}
	for i, id := range outputs {
		outputAt[id] = &b.g.Outputs[i]
	}
	for i := range b.f.Refs {
		r := &b.f.Refs[i]
		owner := b.f.Entity(r.Owner)
		output := outputAt[r.Owner]
		reading := r.Kind == b.inputKind && owner != nil && owner.Declares() == b.nodeKind
		if output == nil && !reading {
			continue
		}
		d := b.v.Resolve(b.g.Path, i).Target
		if d.Path != b.g.Path {
			continue
		}
		target := b.f.Entity(d.ID)
		switch {
		case output != nil && target.Declares() == b.nodeKind:
			output.Nodes = addName(output.Nodes, target.Name)
		case reading && inputAt[d.ID] != nil:
			input := inputAt[d.ID]
			input.Nodes = addName(input.Nodes, owner.Name)
		}
	}
}

func (b *builder) port(id facts.ID) Port {
	return Port{Name: b.f.Entity(id).Name, Type: b.f.FieldText(id, grammar.KeyType), Condition: b.condition(id), Location: b.loc(id)}
}

func addName(names []string, name string) []string {
	if slices.Contains(names, name) {
		return names
	}
	return append(names, name)
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
			if f.Entities[id].G() != grammar.SubstitutionMappingsDef {
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
