package analysis_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// settingsLine names the processor settings a fixture of
// testdata/processors is checked with: `# settings: auto strict unfurl`.
var settingsLine = regexp.MustCompile(`(?m)^# settings:((?:\s+[a-z]+)+)\s*$`)

// TestProcessorFixtures: each form a processor adds (testdata/processors,
// one folder per processor, written from its documentation) gives, under
// each setting its fixture names, exactly its golden diagnostics
// (`case.<setting>.golden`): accepted where the processor reads the file,
// a warning where auto does not find it, an error under strict or another
// processor.
func TestProcessorFixtures(t *testing.T) {
	const root = "../testdata/processors"
	for _, c := range fixtureCases(t, root, 2) {
		settings := fixtureSettings(t, c.path)
		for _, setting := range settings {
			t.Run(c.name+"/"+setting, func(t *testing.T) {
				s, ok := grammar.ParseProcessorSetting(setting)
				if !ok {
					t.Fatalf("unknown setting %q", setting)
				}
				snap, diags := analyseWith(t, c, index.Options{Processor: s})
				compareGolden(t, c.path+"."+setting+".golden", render(snap, c, diags))
			})
		}
	}
}

// fixtureSettings reads the settings line of a case (the first file of a
// folder case that has one).
func fixtureSettings(t *testing.T, path string) []string {
	t.Helper()
	files := []string{path}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		files, _ = filepath.Glob(filepath.Join(path, "*.yaml"))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := settingsLine.FindSubmatch(src); m != nil {
			return strings.Fields(string(bytes.TrimSpace(m[1])))
		}
	}
	t.Fatalf("%s: no `# settings:` line", path)
	return nil
}
