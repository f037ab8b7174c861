package outline

import (
	"context"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// SelectionRanges lists, for each offset, the spans an editor's "expand
// selection" steps through, innermost first: the name or value under the
// offset, its mapping entry (key and value), the collection holding it, its
// entry, and so on up to the whole document. Each span holds the previous
// one; equal spans appear once.
func SelectionRanges(ctx context.Context, v *model.View, path string, offsets []int) [][]text.Span {
	u := v.Unit(path)
	if u == nil {
		return nil
	}
	whole := text.Span{Start: 0, End: len(u.Facts.Src)}
	out := make([][]text.Span, len(offsets))
	for i, off := range offsets {
		if ctx.Err() != nil {
			return nil
		}
		pos := u.At(off)
		// Outermost first, then reversed.
		spans := []text.Span{whole}
		add := func(s text.Span) {
			last := spans[len(spans)-1]
			if s != last && within(s, last) && s.Len() > 0 {
				spans = append(spans, s)
			}
		}
		for _, step := range pos.Path {
			add(step.Parent.Span)
			if step.Pair != nil {
				add(pairSpan(step.Pair))
			}
			if n := step.Node(); n != nil {
				add(n.Span)
			}
		}
		for l, r := 0, len(spans)-1; l < r; l, r = l+1, r-1 {
			spans[l], spans[r] = spans[r], spans[l]
		}
		out[i] = spans
	}
	return out
}
