package server_test

import (
	"fmt"
	"testing"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// TestNoUnknownProfileBeforeIndexed (issue 14, cause 6): a template opened
// while the server still indexes a large repository imports a profile that
// a sibling folder declares in a file without an extension; the server
// publishes nothing about it before its first index is complete, and then
// nothing wrong. Two guards hold it: the index leaves a profile not found
// pending until the first index is complete, and the server holds
// diagnostics until then; either alone passes this test, neither fails it.
func TestNoUnknownProfileBeforeIndexed(t *testing.T) {
	e := startInProcess(t)
	e.write(".git/HEAD", "ref: refs/heads/main\n")
	for i := range 4000 {
		e.write(fmt.Sprintf("bulk/t%04d.yaml", i), fmt.Sprintf("tosca_definitions_version: tosca_2_0\nnode_types:\n  Bulk%d:\n    description: filler\n", i))
	}
	e.write("profiles/zz-acme-profile", "tosca_definitions_version: tosca_2_0\nprofile: com.acme.types:1.0\nnode_types:\n  Widget: {}\n")
	service := "tosca_definitions_version: tosca_2_0\nimports:\n  - profile: com.acme.types:1.0\n    namespace: acme\nservice_template:\n  node_templates:\n    w:\n      type: acme:Widget\n"
	u := e.uri("services/service.yaml")
	e.write("services/service.yaml", service)
	params := defaultInitParams(e.dir)
	params["initializationOptions"] = map[string]any{"diagnosticsDelay": 0}
	// Eglot opens the document as soon as initialize returns, before
	// sending initialized (which starts the indexing).
	var res map[string]any
	e.result("initialize", params, &res)
	e.open(u, "yaml", service, 1)
	e.notify("initialized", map[string]any{})
	e.awaitIndexed()
	p := e.awaitPublish(u, "diagnostics of the service", versionIs(1))
	l := e.await("the service's publishes", func(lsptest.Log) bool { return true })
	for _, early := range l.Publishes(u) {
		if len(early.Diagnostics) != 0 {
			t.Errorf("published before or after indexing: %s", early.Raw)
		}
	}
	if len(p.Diagnostics) != 0 {
		t.Errorf("the profile was not found: %s", p.Raw)
	}
}
