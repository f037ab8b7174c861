package analysis

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// moveUnderHome fixes entries written the pre-1.3 way (operations directly
// under an interface): it moves every such entry of the mapping under the
// keyname that holds them now (`operations:`), one level deeper.
func (fx *fixer) moveUnderHome(d Diagnostic) (CodeAction, bool) {
	pos := fx.a.Locate(fx.u, d.Span.Start)
	if !pos.OnKey || len(pos.Frames) < 2 {
		return CodeAction{}, false
	}
	parent := pos.Frames[len(pos.Frames)-2]
	e := parent.Entity()
	if e == nil || parent.Node.Kind != syntax.Mapping || parent.Node.Flow {
		return CodeAction{}, false
	}
	home := extraHome(e, fx.u.Versions)
	if home == "" || parent.Node.GetPair(home) != nil {
		return CodeAction{}, false
	}
	var moved []*syntax.Pair
	for _, p := range parent.Node.Pairs {
		if !p.Merged && e.Key(p.Key.Value, fx.u.Versions) == nil {
			moved = append(moved, p)
		}
	}
	if len(moved) == 0 {
		return CodeAction{}, false
	}
	indent := lineIndent(fx.lines, moved[0].Key.Span.Start)
	eol := fx.eol()
	var block strings.Builder
	block.WriteString(indent + home + ":" + eol)
	var edits []TextEdit
	for i, p := range moved {
		span := fx.pairLines(p)
		for _, line := range strings.SplitAfter(sourceText(fx.lines, span), "\n") {
			if strings.TrimSpace(line) != "" {
				block.WriteString("  ")
			}
			block.WriteString(line)
		}
		if i > 0 {
			edits = append(edits, TextEdit{Span: span})
		}
	}
	edits = append([]TextEdit{{Span: fx.pairLines(moved[0]), NewText: block.String()}}, edits...)
	title := fmt.Sprintf("Move %s under `%s:`", quoteNames(moved), home)
	return fx.action(title, ActionQuickFix, &d, edits...), true
}

// pairLines spans the whole lines of a block mapping entry, line break included.
func (fx *fixer) pairLines(p *syntax.Pair) text.Span {
	start := fx.lines.LineStart(fx.lines.Line(p.Key.Span.Start))
	end := pairSpan(p).End
	if end > start {
		end--
	}
	last := fx.lines.Line(end)
	return text.Span{Start: start, End: fx.lines.LineStart(last + 1)}
}

func quoteNames(pairs []*syntax.Pair) string {
	names := make([]string, len(pairs))
	for i, p := range pairs {
		names[i] = "`" + p.Key.Value + "`"
	}
	return strings.Join(names, ", ")
}
