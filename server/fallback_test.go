package server_test

import (
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// TestSingleFileModeNeverTakesSystemFolders: a document opened without a
// workspace folder gets its own folder as workspace, but never / or /etc,
// /proc, /sys, /dev: its import of the password file next to it is refused
// as outside the workspace (it was read once, /etc taken as the folder).
func TestSingleFileModeNeverTakesSystemFolders(t *testing.T) {
	e := startInProcess(t)
	params := defaultInitParams(e.dir)
	params["rootUri"], params["workspaceFolders"] = nil, nil
	e.initialize(params)
	for _, u := range []string{"file:///etc/tosca-ls-single-file.yaml", "file:///proc/tosca-ls-single-file.yaml"} {
		e.open(u, "tosca", "tosca_definitions_version: tosca_2_0\nimports:\n  - url: passwd\n  - url: self/status\n", 1)
		p := e.awaitPublish(u, "the import's diagnostics", func(p lsptest.Publish) bool { return len(p.Diagnostics) > 0 })
		if len(p.Diagnostics) != 2 {
			t.Errorf("%s: %d diagnostics, want the two imports refused", u, len(p.Diagnostics))
		}
		for _, d := range p.Diagnostics {
			if d.CodeString() != "import-refused" || !strings.Contains(d.Message, "outside the workspace folders") {
				t.Errorf("%s: %s %q, want the import refused as outside the workspace", u, d.CodeString(), d.Message)
			}
		}
	}
}
