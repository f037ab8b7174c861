package outline

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Link is a span that opens another file.
type Link struct {
	Span    text.Span
	Target  string
	Tooltip string
}

// DocumentLinks returns the spans of a file that open another file: every
// import that resolved (url, file or profile name) and every artifact file
// that exists, relative to the file, to the root of its CSAR (or workspace
// folder) for `/x`, or to the local repository it names.
func DocumentLinks(ctx context.Context, v *model.View, path string) []Link {
	snap := v.Snap
	file := snap.File(path)
	if file == nil || file.Facts == nil {
		return nil
	}
	if lang := file.Facts.Lang; lang == grammar.Heat || lang == grammar.HeatEnv {
		return heatLinks(v, path)
	}
	if file.Facts.Lang != grammar.TOSCA {
		return nil
	}
	f := file.Facts
	var out []Link
	for _, l := range snap.Links(path) {
		if l.Path == "" || l.Import == nil || l.Import.Target.Text().Len() == 0 {
			continue
		}
		tip := "Open " + displayPath(l.Path, path)
		if l.Import.Profile != "" {
			tip = "Open profile " + l.Import.Profile + " (" + displayPath(l.Path, path) + ")"
		}
		if l.Import.Namespace != "" {
			tip += ", imported into namespace " + l.Import.Namespace
		}
		out = append(out, Link{Span: unquoted(f.Src, l.Import.Target.Text()), Target: l.Path, Tooltip: tip})
	}
	seen := map[uint32]bool{}
	for _, r := range f.Refs {
		if r.Kind != grammar.ArtifactFile || seen[r.Span.Start] || isAlias(f.Src, r.Span.Text()) {
			continue
		}
		seen[r.Span.Start] = true
		target, status := v.ArtifactFile(path, &r)
		if status != model.ArtifactFound {
			continue
		}
		out = append(out, Link{Span: unquoted(f.Src, r.Span.Text()), Target: target, Tooltip: "Open artifact " + displayPath(target, path)})
	}
	slices.SortStableFunc(out, func(a, b Link) int { return a.Span.Start - b.Span.Start })
	return out
}

// displayPath shows target relative to the folder of from when it is near.
func displayPath(target, from string) string {
	if rel, err := filepath.Rel(filepath.Dir(from), target); err == nil && !strings.HasPrefix(rel, ".."+string(filepath.Separator)+"..") {
		return filepath.ToSlash(rel)
	}
	return target
}
