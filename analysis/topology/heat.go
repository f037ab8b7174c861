package topology

import (
	"cmp"
	"slices"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// heat builds the graph of a Heat template: resources as nodes, their
// dependencies as edges, parameters and outputs as ports.
func (b *builder) heat() {
	b.nodeKind, b.inputKind, b.conditionKey = grammar.HeatResource, grammar.HeatParameter, grammar.HeatConditionKey
	declared := b.declared()
	for _, id := range declared[grammar.HeatResource] {
		b.resource(id)
	}
	b.ports(declared[grammar.HeatParameter], declared[grammar.HeatOutput])
	b.dependencies()
}

func (b *builder) resource(id facts.ID) {
	e := b.f.Entity(id)
	n := Node{ID: e.Name, Name: e.Name, Kind: NodeResource, Type: b.f.FieldText(id, grammar.KeyType),
		Condition: b.condition(id), Location: b.loc(id)}
	if n.Type == grammar.HeatResourceGroup {
		if count := b.f.Get(b.f.FieldValue(id, grammar.HeatProperties), grammar.HeatCount); count != facts.NoValue {
			n.Count = b.f.Flow(count, flowLength)
		}
	}
	b.g.Nodes = append(b.g.Nodes, n)
}

// dependencies adds an edge for each resource a resource depends on:
// through depends_on, or a get_resource or get_attr in its values, in
// source order. A resource that reads another several times the same way
// has one edge, where it first does.
func (b *builder) dependencies() {
	type use struct {
		from, target, attribute string
		kind                    EdgeKind
	}
	seen := map[use]bool{}
	for i := range b.f.Refs {
		r := &b.f.Refs[i]
		owner := b.f.Entity(r.Owner)
		if r.Kind != grammar.HeatResource || owner == nil || owner.Declares() != grammar.HeatResource {
			continue
		}
		e := Edge{From: owner.Name, Target: b.f.RefName(r), State: Dangling, Location: model.Location{Path: b.g.Path, Span: r.Span.Text()}}
		var call *facts.Call
		if r.Call() >= 0 {
			call = &b.f.Calls[r.Call()]
		}
		switch {
		case call == nil && r.Key() != nil && r.Key().Name == grammar.HeatDependsOn:
			e.Kind = DependsOn
		case call != nil && call.Name == grammar.HeatGetResource:
			e.Kind = GetResource
		case call != nil && call.Name == grammar.HeatGetAttr:
			e.Kind = GetAttr
			if args := b.f.Items(call.Args); len(args) > 1 {
				e.Attribute = b.f.Flow(args[1], flowLength)
			}
		default:
			continue
		}
		u := use{e.From, e.Target, e.Attribute, e.Kind}
		if seen[u] {
			continue
		}
		seen[u] = true
		if b.v.Resolve(b.g.Path, i).Target.Valid() {
			e.State, e.To = Resolved, b.f.RefName(r)
		}
		b.g.Edges = append(b.g.Edges, e)
	}
	// The binder records the calls written in values before the names of
	// depends_on: the edges are put back in source order.
	slices.SortStableFunc(b.g.Edges, func(x, y Edge) int { return cmp.Compare(x.Location.Span.Start, y.Location.Span.Start) })
}
