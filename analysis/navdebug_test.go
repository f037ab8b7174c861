package analysis_test

import (
	"context"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
)

func TestNavDebugDiags(t *testing.T) {
	for _, fx := range []string{"navigation/v2-project", "navigation/v13-project"} {
		p := loadNavProject(t, fx)
		for _, path := range p.snap.Paths() {
			f := p.snap.File(path)
			if f.Embedded {
				for _, d := range analysis.Diagnostics(context.Background(), p.snap, path) {
					_ = d
				}
				continue
			}
			for _, d := range analysis.Diagnostics(context.Background(), p.snap, path) {
				t.Logf("%s: %s", p.describe(t, analysis.Location{Path: path, Span: d.Span}), d.Message)
			}
		}
	}
}
