package outline

import (
	"context"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// FoldKind classifies a folding range.
type FoldKind uint8

const (
	FoldRegion FoldKind = iota + 1
	FoldComment
	FoldImports
)

// Fold is a foldable span; the server turns it into lines.
type Fold struct {
	Span text.Span
	Kind FoldKind
}

// maxFoldDepth bounds the descent into a deeply nested document.
const maxFoldDepth = 64

// FoldingRanges returns the foldable parts of a document open in the
// editor: every mapping entry and list item that spans several lines, the
// imports list (FoldImports) and runs of comment lines (FoldComment). It
// reads the YAML structure only, so any YAML file the server serves folds.
func FoldingRanges(ctx context.Context, v *model.View, path string) []Fold {
	file := v.Snap.File(path)
	if file == nil {
		return nil
	}
	tree := file.Tree()
	lines := tree.Lines
	type lineRange struct{ start, end int }
	seen := map[lineRange]bool{}
	var out []Fold
	add := func(s text.Span, kind FoldKind) {
		if s.Len() <= 0 {
			return
		}
		r := lineRange{lines.Line(s.Start), lines.Line(s.End - 1)}
		if r.start >= r.end || seen[r] {
			return
		}
		seen[r] = true
		out = append(out, Fold{Span: s, Kind: kind})
	}
	// blocks are the multi-line scalars, in source order: their lines are
	// text, not comments.
	var blocks []text.Span
	var visit func(n *syntax.Node, depth int, top bool)
	visit = func(n *syntax.Node, depth int, top bool) {
		if n == nil || n.Anchored != nil || depth > maxFoldDepth {
			return
		}
		switch n.Kind {
		case syntax.Mapping:
			for _, p := range n.Pairs {
				if p.Merged {
					continue
				}
				kind := FoldRegion
				if top && p.Key.Value == grammar.KeyImports {
					kind = FoldImports
				}
				add(pairSpan(p), kind)
				visit(p.Value, depth+1, false)
			}
		case syntax.Sequence:
			for _, item := range n.Items {
				add(item.Span, FoldRegion)
				visit(item, depth+1, false)
			}
		case syntax.Scalar:
			if n.Span.Len() > 0 && lines.Line(n.Span.Start) != lines.Line(n.Span.End-1) {
				blocks = append(blocks, n.Span)
			}
		}
	}
	for _, d := range tree.Docs {
		visit(d.Root, 0, true)
	}
	// Lines are asked in order and the blocks are in source order.
	next := 0
	inScalar := func(line int) bool {
		off := lines.LineStart(line)
		for next < len(blocks) && blocks[next].End <= off {
			next++
		}
		return next < len(blocks) && off > blocks[next].Start && off < blocks[next].End
	}
	first := -1
	flush := func(last int) {
		if first >= 0 && last > first {
			add(text.Span{Start: lines.LineStart(first), End: lines.LineEnd(last)}, FoldComment)
		}
		first = -1
	}
	for i := 0; i < lines.Count(); i++ {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil
		}
		t := strings.TrimLeft(string(lines.LineText(i)), " \t")
		if strings.HasPrefix(t, "#") && !inScalar(i) {
			if first < 0 {
				first = i
			}
			continue
		}
		flush(i - 1)
	}
	flush(lines.Count() - 1)
	slices.SortStableFunc(out, func(a, b Fold) int { return a.Span.Start - b.Span.Start })
	return out
}
