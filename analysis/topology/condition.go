package topology

import (
	"cmp"
	"slices"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// flowLength bounds the bytes of a value shown in flow style: a
// condition, a computed attribute or count.
const flowLength = 500

// conditionReads are the kinds of declaration a condition may name.
var conditionReads = map[grammar.RefKind]bool{
	grammar.VariabilityInput: true, grammar.VariabilityExpression: true,
	grammar.HeatCondition: true, grammar.HeatParameter: true,
}

// condition reads the condition written in entity id, with the
// declarations it names (nil when none is written).
func (b *builder) condition(id facts.ID) *Condition {
	v := b.f.FieldValue(id, b.conditionKey)
	val := b.f.Value(v)
	if val == nil || val.Kind() == syntax.Null {
		return nil
	}
	c := &Condition{Text: b.f.Flow(v, flowLength)}
	if !b.refsFound {
		b.refsFound = true
		for i := range b.f.Refs {
			if conditionReads[b.f.Refs[i].Kind] {
				b.conditionRefs = append(b.conditionRefs, i)
			}
		}
		// By position, so that each condition finds its own in log time.
		slices.SortFunc(b.conditionRefs, func(x, y int) int { return cmp.Compare(b.f.Refs[x].Span.Start, b.f.Refs[y].Span.Start) })
	}
	first, _ := slices.BinarySearchFunc(b.conditionRefs, val.Span.Start, func(i int, start uint32) int { return cmp.Compare(b.f.Refs[i].Span.Start, start) })
	for _, i := range b.conditionRefs[first:] {
		r := &b.f.Refs[i]
		if r.Span.Start >= val.Span.End {
			break
		}
		if d := b.v.Resolve(b.g.Path, i).Target; d.Valid() {
			read := Read{Kind: r.Kind.String(), Name: b.f.RefName(r)}
			if !slices.Contains(c.Reads, read) {
				c.Reads = append(c.Reads, read)
			}
		}
	}
	return c
}
