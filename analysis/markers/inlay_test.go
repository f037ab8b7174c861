package markers_test

// Markers of the inlay hints (package analysis/inlay).
//
//	#@inlays(NAME)             every hint of the file the marker is in, one a
//	                           line: line:col kind "label" (1-based), compared
//	                           with NAME.golden
//	#@inlays(NAME, "kind", …)  only the hints of those kinds (input-default,
//	                           capability, chain-root, incoming)
//	#@inlaysin(NAME, "text")   the hints a request for the span of text on
//	                           the marker's line gets (only those inside it)

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/inlay"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func init() {
	handlers["inlays"] = inlaysMarker
	handlers["inlaysin"] = inlaysInMarker
}

var inlayKindNames = map[inlay.Kind]string{
	inlay.InputDefault: "input-default", inlay.Capability: "capability",
	inlay.ChainRoot: "chain-root", inlay.Incoming: "incoming",
}

func inlaysMarker(env *Env, m Marker) {
	if len(m.Args) == 0 || m.Args[0].IsStr {
		env.Errorf(m, "want @inlays(NAME, kind…)")
		return
	}
	kinds := env.Strs(m, 1)
	for _, k := range kinds {
		if !slices.Contains(slices.Collect(maps.Values(inlayKindNames)), k) {
			env.Errorf(m, "unknown hint kind %q", k)
		}
	}
	enabled := func(k inlay.Kind) bool { return len(kinds) == 0 || slices.Contains(kinds, inlayKindNames[k]) }
	path := env.Abs(m.Path)
	all := text.Span{Start: 0, End: len(env.Files[m.Path])}
	env.CheckGolden(m, m.Args[0].Ident+".golden", renderHints(env, path, env.inlayHints(path, all, enabled)))
}

func inlaysInMarker(env *Env, m Marker) {
	_, span, ok := env.Locate(m, 1)
	if len(m.Args) != 2 || m.Args[0].IsStr || !ok {
		env.Errorf(m, "want @inlaysin(NAME, \"text\")")
		return
	}
	path := env.Abs(m.Path)
	hints := env.inlayHints(path, span, func(inlay.Kind) bool { return true })
	for _, h := range hints {
		if h.Offset < span.Start || h.Offset > span.End {
			env.Errorf(m, "hint %q at %d is outside the requested span %v", h.Label, h.Offset, span)
		}
	}
	env.CheckGolden(m, m.Args[0].Ident+".golden", renderHints(env, path, hints))
}

func renderHints(env *Env, path string, hints []inlay.Hint) string {
	lines := env.Snap.File(path).Lines()
	var b strings.Builder
	for i, h := range hints {
		if i > 0 && h.Offset < hints[i-1].Offset {
			env.T.Errorf("%s: hints out of order at %d", path, h.Offset)
		}
		if h.Tooltip == "" {
			env.T.Errorf("%s: hint %q has no tooltip", path, h.Label)
		}
		l, c := lines.LineCol(h.Offset)
		fmt.Fprintf(&b, "%d:%d %s %q\n", l+1, c+1, inlayKindNames[h.Kind], h.Label)
	}
	return b.String()
}
