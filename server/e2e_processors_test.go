package server_test

import (
	"testing"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// TestProcessorSetting (issue 25): the `processor` setting reads every
// file again: what only Unfurl adds is a warning where the file shows no
// sign of Unfurl, nothing once the setting chooses Unfurl, an error under
// strict.
func TestProcessorSetting(t *testing.T) {
	e := startInProcess(t)
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	u := e.uri("job.yaml")
	e.open(u, "yaml", `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  Job:
    derived_from: tosca.nodes.Root
    interfaces:
      Standard:
        type: tosca.interfaces.node.lifecycle.Standard
        defaults:
          inputs: {mode: batch}
`, 1)
	severityOf := func(p lsptest.Publish) int {
		for _, d := range p.Diagnostics {
			if d.CodeString() == "unknown-keyname" {
				return int(d.Severity)
			}
		}
		return 0
	}
	e.awaitPublish(u, "a warning under auto", func(p lsptest.Publish) bool { return severityOf(p) == 2 })
	setting := func(value string) {
		e.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tosca": map[string]any{"processor": value}}})
	}
	setting("strict")
	e.awaitPublish(u, "an error under strict", func(p lsptest.Publish) bool { return severityOf(p) == 1 })
	setting("unfurl")
	e.awaitPublish(u, "nothing under unfurl", func(p lsptest.Publish) bool { return len(p.Diagnostics) == 0 })
}
