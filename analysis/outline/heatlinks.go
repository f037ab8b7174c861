package outline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// heatLinks are the files a Heat template or environment opens: each
// get_file of a relative path, and each provider template named as a
// resource type or by a mapping, that exists in the sandbox.
func heatLinks(v *model.View, path string) []Link {
	f := v.Facts(path)
	type named struct {
		span facts.Span
		name string
		what string
	}
	var names []named
	for _, r := range f.Refs {
		if name := f.RefName(&r); r.Kind == grammar.HeatResourceType && grammar.IsHeatTemplateName(name) {
			names = append(names, named{r.Span, name, "Open template "})
		}
	}
	for _, c := range f.Calls {
		if c.Fn == nil || len(c.Fn.Params) == 0 || c.Fn.Params[0].Ref != grammar.HeatFile {
			continue
		}
		if val := f.Value(c.Args); val != nil && val.Kind() == syntax.Scalar {
			names = append(names, named{val.Span, f.Text(c.Args), "Open "})
		}
	}
	var out []Link
	seen := map[uint32]bool{}
	for _, n := range names {
		name, what := n.name, n.what
		if seen[n.span.Start] || isAlias(f.Src, n.span.Text()) || strings.Contains(name, "://") {
			continue
		}
		seen[n.span.Start] = true
		target := grammar.HeatTemplatePath(path, name)
		if target == "" || !v.Snap.InSandbox(target) {
			continue
		}
		if st, err := os.Stat(target); err != nil || !st.Mode().IsRegular() {
			continue
		}
		out = append(out, Link{Span: unquoted(f.Src, n.span.Text()), Target: filepath.Clean(target), Tooltip: what + displayPath(target, path)})
	}
	slices.SortStableFunc(out, func(a, b Link) int { return a.Span.Start - b.Span.Start })
	return out
}
