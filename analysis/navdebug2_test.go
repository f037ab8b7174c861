package analysis_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
)

func TestNavDebugDump(t *testing.T) {
	ctx := context.Background()
	for _, fx := range []string{"navigation/v2-project", "navigation/v13-project"} {
		p := loadNavProject(t, fx)
		labels := strings.Split(os.Getenv("NAVLABELS"), ",")
		for _, l := range labels {
			c, ok := p.cursors[l]
			if !ok {
				continue
			}
			t.Logf("=== %s", l)
			t.Logf("typedef %v", p.describeAll(t, analysis.TypeDefinition(ctx, p.snap, c.path, c.offset)))
			t.Logf("impl %v", p.describeAll(t, analysis.Implementation(ctx, p.snap, c.path, c.offset)))
			t.Logf("refs %v", p.describeAll(t, analysis.References(ctx, p.snap, c.path, c.offset, true)))
			var hl []string
			for _, h := range analysis.DocumentHighlights(ctx, p.snap, c.path, c.offset) {
				hl = append(hl, p.describe(t, analysis.Location{Path: c.path, Span: h.Span})+"/"+string(rune('0'+h.Kind)))
			}
			t.Logf("highlights %v", hl)
			if h := analysis.HoverAt(ctx, p.snap, c.path, c.offset); h != nil {
				t.Logf("hover %s\n%s", p.describe(t, analysis.Location{Path: c.path, Span: h.Span}), h.Markdown)
			}
			sp, name, err := analysis.PrepareRename(ctx, p.snap, c.path, c.offset)
			t.Logf("prepare %q %q %v", p.describe(t, analysis.Location{Path: c.path, Span: sp}), name, err)
		}
	}
}
