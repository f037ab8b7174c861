package outline_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index"
)

// largeTemplate is a 2.0 service template of about lines lines: node
// templates with properties, requirements and function calls with paths.
func largeTemplate(lines int) []byte {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_2_0\nimports:\n  - profile: org.oasis-open.simple:2.0\nservice_template:\n  inputs:\n    port:\n      type: integer\n  node_templates:\n")
	for i := 0; strings.Count(b.String(), "\n") < lines; i++ {
		fmt.Fprintf(&b, `    server%[1]d:
      type: Compute
    app%[1]d:
      type: SoftwareComponent
      properties:
        component_version: { $get_property: [ SELF, RELATIONSHIP, host, TARGET, CAPABILITY, host, num_cpus ] }
        admin_credential: { $get_input: port }
      requirements:
        - host: server%[1]d
`, i)
	}
	return []byte(b.String())
}

// BenchmarkDocumentFeatures runs each per-document feature on an open
// 10,000-line template (editors ask for tokens, symbols and folds after
// every edit).
func BenchmarkDocumentFeatures(b *testing.B) {
	src := largeTemplate(10000)
	path := filepath.Join(b.TempDir(), "large.yaml")
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache})
	engine := model.NewEngine()
	v := engine.View(ws.SetOverlay(path, 1, src))
	ctx := context.Background()
	for _, f := range []struct {
		name string
		run  func() int
	}{
		{"tokens", func() int { return len(outline.SemanticTokens(ctx, v, path)) }},
		{"symbols", func() int { return len(outline.DocumentSymbols(ctx, v, path)) }},
		{"folds", func() int { return len(outline.FoldingRanges(ctx, v, path)) }},
		{"links", func() int { return len(outline.DocumentLinks(ctx, v, path)) }},
	} {
		b.Run(f.name, func(b *testing.B) {
			for b.Loop() {
				if f.run() == 0 {
					b.Fatal("no answer")
				}
			}
		})
	}
}
