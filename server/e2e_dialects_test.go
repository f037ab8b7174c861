package server_test

import (
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// The dialects end to end (issue 17): a Heat template, a Variability4TOSCA
// topology and a CSAR's TOSCA.meta, each opened in the real binary as an
// editor opens it (Heat as `heat`, the meta file as plain text).

var dialectProject = map[string]string{
	"TOSCA-Metadata/TOSCA.meta": `CSAR-Version: 2.0
Created-By: tosca-ls tests
Entry-Definitions: ‸[entry]app.yaml
`,
	"app.yaml": `tosca_definitions_version: tosca_variability_1_0
topology_template:
  variability:
    inputs:
      mode: { type: string }
    expressions:
      is_dev: { equal: [ { get_variability_input: mode }, dev ] }
  node_templates:
    app:
      type: tosca.nodes.Root
      conditions: { get_variability_expression: is_‸[cond]dev }
`,
	"stack.yaml": `heat_template_version: 2016-10-14
parameters:
  flavor:
    type: string
    default: m1.small
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: { get_param: fla‸[param]vor }
`,
}

func TestE2EDialects(t *testing.T) {
	e := startBinary(t)
	at := map[string]map[string]map[string]any{}
	texts := map[string]string{}
	for name, src := range dialectProject {
		text, marks := markers(src)
		e.write(name, text)
		at[name], texts[name] = marks, text
	}
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	for name, lang := range map[string]string{"TOSCA-Metadata/TOSCA.meta": "plaintext", "app.yaml": "yaml", "stack.yaml": "heat"} {
		u := e.uri(name)
		e.open(u, lang, texts[name], 1)
		if p := e.awaitPublish(u, "diagnostics of "+name, versionIs(1)); len(p.Diagnostics) != 0 {
			t.Errorf("%s should be clean: %s", name, p.Raw)
		}
	}
	atPos := func(name, mark string) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": e.uri(name)}, "position": at[name][mark]}
	}
	var locs []struct{ URI string }

	t.Run("Entry-Definitions opens the entry file", func(t *testing.T) {
		e.result("textDocument/definition", atPos("TOSCA-Metadata/TOSCA.meta", "entry"), &locs)
		if len(locs) != 1 || locs[0].URI != e.uri("app.yaml") {
			t.Errorf("definition of Entry-Definitions: %+v", locs)
		}
	})

	t.Run("a condition names its expression", func(t *testing.T) {
		e.result("textDocument/definition", atPos("app.yaml", "cond"), &locs)
		if len(locs) != 1 || locs[0].URI != e.uri("app.yaml") {
			t.Errorf("definition of is_dev: %+v", locs)
		}
		var h struct {
			Contents struct{ Value string } `json:"contents"`
		}
		e.result("textDocument/hover", atPos("app.yaml", "cond"), &h)
		if !strings.Contains(h.Contents.Value, "variability expression") || !strings.Contains(h.Contents.Value, "`mode` (string)") {
			t.Errorf("hover of is_dev: %s", h.Contents.Value)
		}
	})

	t.Run("Heat parameters are hovered, outlined and checked", func(t *testing.T) {
		var h struct {
			Contents struct{ Value string } `json:"contents"`
		}
		e.result("textDocument/hover", atPos("stack.yaml", "param"), &h)
		if !strings.Contains(h.Contents.Value, "**parameter** `flavor`") || !strings.Contains(h.Contents.Value, "m1.small") {
			t.Errorf("hover of flavor: %s", h.Contents.Value)
		}
		var syms []struct {
			Name     string
			Children []struct{ Name, Detail string }
		}
		e.result("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": e.uri("stack.yaml")}}, &syms)
		if js := mustJSON(t, syms); !strings.Contains(js, `"server"`) || !strings.Contains(js, `"OS::Nova::Server"`) {
			t.Errorf("outline of the Heat template: %s", js)
		}
		stack := e.uri("stack.yaml")
		e.change(stack, 2, edit(nil, strings.Replace(texts["stack.yaml"], "resources:", "resourcs:", 1)))
		p := e.awaitPublish(stack, "unknown-keyname", func(p lsptest.Publish) bool { return p.Version != nil && *p.Version == 2 })
		if !hasCode(p, "unknown-keyname") {
			t.Errorf("want unknown-keyname for resourcs, got %s", p.Raw)
		}
	})
}
