package server_test

import (
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// A nested Heat template through an environment file, end to end (issue
// 26): the environment maps My::Server onto lib/server.yaml, whose
// parameters are the properties of main.yaml's resource and whose outputs
// its attributes — checked, completed, hovered and opened by definition
// in the real binary; an edit of the nested template re-checks main.yaml.

var heatNestedProject = map[string]string{
	"env.yaml": `resource_registry:
  My::Server: lib/server.yaml
parameters:
  image: cirros
`,
	"lib/server.yaml": `heat_template_version: 2018-08-31
parameters:
  flavor:
    type: string
  size:
    type: number
    default: 1
outputs:
  address:
    value: 10.0.0.1
`,
	"main.yaml": `heat_template_version: 2018-08-31
parameters:
  image:
    type: string
resources:
  web:
    type: My::Ser‸[type]ver
    properties:
      flavor: m1.small
      ‸[prop]
outputs:
  ip:
    value: { get_attr: [ web, addr‸[attr]ess ] }
`,
}

func TestE2EHeatNestedTemplate(t *testing.T) {
	e := startBinary(t)
	at := map[string]map[string]any{}
	texts := map[string]string{}
	for name, src := range heatNestedProject {
		text, marks := markers(src)
		e.write(name, text)
		texts[name] = text
		for k, v := range marks {
			at[k] = v
		}
	}
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	for _, name := range []string{"env.yaml", "lib/server.yaml", "main.yaml"} {
		u := e.uri(name)
		e.open(u, "heat", texts[name], 1)
		if p := e.awaitPublish(u, "diagnostics of "+name, versionIs(1)); len(p.Diagnostics) != 0 {
			t.Errorf("%s should be clean: %s", name, p.Raw)
		}
	}
	main := e.uri("main.yaml")
	atPos := func(mark string) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": main}, "position": at[mark]}
	}

	t.Run("the mapped type opens the template", func(t *testing.T) {
		var locs []struct{ URI string }
		e.result("textDocument/definition", atPos("type"), &locs)
		if len(locs) != 1 || locs[0].URI != e.uri("lib/server.yaml") {
			t.Errorf("definition of My::Server: %+v", locs)
		}
	})

	t.Run("its parameters are the properties, its outputs the attributes", func(t *testing.T) {
		var list struct {
			Items []struct{ Label, Detail string }
		}
		e.result("textDocument/completion", atPos("prop"), &list)
		if js := mustJSON(t, list.Items); !strings.Contains(js, `"size"`) || strings.Contains(js, `"flavor"`) {
			t.Errorf("properties offered: %s", js)
		}
		var h struct {
			Contents struct{ Value string } `json:"contents"`
		}
		e.result("textDocument/hover", atPos("attr"), &h)
		if !strings.Contains(h.Contents.Value, "**attribute** `address` of `My::Server`") {
			t.Errorf("hover of address: %s", h.Contents.Value)
		}
	})

	t.Run("an edit of the template re-checks the one using it", func(t *testing.T) {
		nested := e.uri("lib/server.yaml")
		e.change(nested, 2, edit(nil, strings.Replace(texts["lib/server.yaml"], "  address:", "  addresses:", 1)))
		p := e.awaitPublish(main, "unknown-path-name", func(p lsptest.Publish) bool { return hasCode(p, "unknown-path-name") })
		if !strings.Contains(string(p.Raw), `did you mean \"addresses\"`) {
			t.Errorf("want the attribute reported with a suggestion: %s", p.Raw)
		}
	})
}
