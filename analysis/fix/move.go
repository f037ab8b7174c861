package fix

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// moveUnderHome fixes entries written the pre-1.3 way (operations directly
// under an interface): it moves every such entry of the mapping under the
// keyname that holds them now (`operations:`), one level deeper.
func (fx *fixer) moveUnderHome(d model.Diagnostic) (Action, bool) {
	pos := fx.u.At(d.Span.Start)
	if !pos.OnKey || len(pos.Path) == 0 {
		return Action{}, false
	}
	n := pos.Path[len(pos.Path)-1].Parent
	if n.Kind != syntax.Mapping || n.Flow {
		return Action{}, false
	}
	e := fx.u.Facts.Entity(fx.u.FrameOf(n).Entity)
	if e == nil || e.G() == nil || e.Span.Text() != n.Span {
		return Action{}, false
	}
	home := e.G().ExtraHome(fx.versions)
	if home == "" || n.GetPair(home) != nil {
		return Action{}, false
	}
	var moved []*syntax.Pair
	for _, p := range n.Pairs {
		if !p.Merged && e.G().Key(p.Key.Value, fx.versions) == nil {
			moved = append(moved, p)
		}
	}
	if len(moved) == 0 {
		return Action{}, false
	}
	var block strings.Builder
	block.WriteString(fx.indentOf(moved[0].Key.Span.Start) + home + ":" + fx.eol())
	edits := []model.TextEdit{{Span: fx.pairLines(moved[0])}}
	names := make([]string, len(moved))
	for i, p := range moved {
		names[i] = p.Key.Value
		span := fx.pairLines(p)
		for _, line := range strings.SplitAfter(fx.text(span), "\n") {
			if strings.TrimSpace(line) != "" {
				block.WriteString("  ")
			}
			block.WriteString(line)
		}
		if i > 0 {
			edits = append(edits, model.TextEdit{Span: span})
		}
	}
	edits[0].NewText = block.String()
	return fx.quickFix(d, fmt.Sprintf("Move %s under `%s:`", backquoted(names), home), edits...), true
}
