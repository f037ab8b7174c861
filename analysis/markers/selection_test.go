package markers_test

// Markers of the selection ranges (package analysis/outline).
//
//	#@selection(NAME, "lo‸cator")   the spans "expand selection" steps
//	                                through from the locator's offset,
//	                                innermost first, one a line: range and
//	                                the text's first line; compared with
//	                                NAME.golden

import (
	"context"
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
)

func init() {
	handlers["selection"] = selectionMarker
}

func selectionMarker(env *Env, m Marker) {
	off, _, ok := env.Locate(m, 1)
	if len(m.Args) != 2 || m.Args[0].IsStr || !ok {
		env.Errorf(m, "want @selection(NAME, \"locator\")")
		return
	}
	path := env.Abs(m.Path)
	src := env.Files[m.Path]
	ranges := outline.SelectionRanges(context.Background(), env.View, path, []int{off})
	if len(ranges) != 1 || len(ranges[0]) == 0 {
		env.Errorf(m, "no selection ranges")
		return
	}
	var b strings.Builder
	for i, s := range ranges[0] {
		if s.Start > off || s.End < off {
			env.Errorf(m, "span %v does not hold the offset %d", s, off)
		}
		if i > 0 && (s.Start > ranges[0][i-1].Start || s.End < ranges[0][i-1].End || s == ranges[0][i-1]) {
			env.Errorf(m, "span %v does not strictly hold %v", s, ranges[0][i-1])
		}
		first, _, _ := strings.Cut(src[s.Start:s.End], "\n")
		fmt.Fprintf(&b, "%s %q\n", rangeOf(env, path, s), first)
	}
	env.CheckGolden(m, m.Args[0].Ident+".golden", b.String())
}
