package analysis_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/complete"
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/hover"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

var update = flag.Bool("update", false, "rewrite golden files")

// expectMarker is a trailing comment naming the codes a line must get.
var expectMarker = regexp.MustCompile(`#\s*expect:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)`)

// fixtureCase is one fixture: a single file or a folder of files analysed together.
type fixtureCase struct {
	name string
	path string
}

// fixtureCases lists the cases depth folders below root: each file or
// folder there is one case (a folder's files are analysed together).
func fixtureCases(t *testing.T, root string, depth int) []fixtureCase {
	t.Helper()
	var out []fixtureCase
	var visit func(dir string, level int)
	visit = func(dir string, level int) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatalf("reading %s: %v", dir, err)
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			switch {
			case level < depth && e.IsDir():
				visit(p, level+1)
			case level == depth && (e.IsDir() || index.HasTOSCAExtension(p)):
				abs, err := filepath.Abs(p)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, fixtureCase{name: rel(root, p), path: abs})
			}
		}
	}
	visit(root, 1)
	return out
}

func rel(root, p string) string {
	r, _ := filepath.Rel(root, p)
	return filepath.ToSlash(r)
}

var (
	profileCacheOnce sync.Once
	profileCacheDir  string
)

// profileCache is one extraction folder for the whole test binary, so the
// embedded profiles are parsed once.
func profileCache(t testing.TB) string {
	profileCacheOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tosca-ls-test-profiles-")
		if err != nil {
			t.Fatal(err)
		}
		profileCacheDir = dir
	})
	return profileCacheDir
}

// analyse returns the diagnostics of every file under the case, by path.
func analyse(t *testing.T, c fixtureCase) (*index.Snapshot, map[string][]model.Diagnostic) {
	return analyseWith(t, c, index.Options{})
}

// analyseWith is analyse with index options (the profile cache aside).
func analyseWith(t *testing.T, c fixtureCase, opts index.Options) (*index.Snapshot, map[string][]model.Diagnostic) {
	t.Helper()
	opts.CacheDir = profileCache(t)
	ws := index.NewWorkspace(opts)
	st, err := os.Stat(c.path)
	if err != nil {
		t.Fatal(err)
	}
	if st.IsDir() {
		ws.AddFolder(context.Background(), c.path, nil)
	} else {
		ws.AddRoot(filepath.Dir(c.path))
		ws.Refresh(c.path)
	}
	ws.MarkComplete()
	snap := ws.Snapshot()
	engine := analysis.NewEngine()
	view := engine.View(snap)
	out := map[string][]model.Diagnostic{}
	for _, p := range snap.Paths() {
		if p == c.path || strings.HasPrefix(p, c.path+string(filepath.Separator)) {
			out[p] = engine.Diagnostics(context.Background(), view, p)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no TOSCA file found", c.path)
	}
	return snap, out
}

// checkMarkers compares diagnostics with the `# expect:` markers of a file.
func checkMarkers(t *testing.T, snap *index.Snapshot, path string, diags []model.Diagnostic, worst diag.Severity) {
	t.Helper()
	f := snap.File(path)
	want := map[int][]string{}
	// A marker on a comment line before the first key is about the whole
	// file: some diagnostic with that code must appear anywhere in it.
	var fileLevel []string
	firstKey := 0
	if root := f.Tree().Root(); root != nil {
		firstKey, _ = f.Lines().LineCol(root.Span.Start)
	}
	for i := 0; i < f.Lines().Count(); i++ {
		m := expectMarker.FindSubmatch(f.Lines().LineText(i))
		if m == nil {
			continue
		}
		for _, code := range strings.Split(string(m[1]), ",") {
			if i < firstKey {
				fileLevel = append(fileLevel, strings.TrimSpace(code))
			} else {
				want[i] = append(want[i], strings.TrimSpace(code))
			}
		}
	}
	got := map[int][]string{}
	var all []string
	for _, d := range diags {
		line, _ := f.Lines().LineCol(d.Span.Start)
		got[line] = append(got[line], d.Code)
		all = append(all, d.Code)
		if len(fileLevel) == 0 && d.Severity <= worst && !containsCode(want[line], d.Code) {
			t.Errorf("%s:%d: unexpected %s: %s [%s]", path, line+1, d.Severity, d.Message, d.Code)
		}
	}
	for line, codes := range want {
		for _, code := range codes {
			if !containsCode(got[line], code) {
				t.Errorf("%s:%d: expected a %s diagnostic, got %v", path, line+1, code, got[line])
			}
		}
	}
	for _, code := range fileLevel {
		if !containsCode(all, code) {
			t.Errorf("%s: expected a %s diagnostic somewhere, got %v", path, code, all)
		}
	}
}

func containsCode(list []string, code string) bool {
	for _, c := range list {
		if c == code {
			return true
		}
	}
	return false
}

// render is the golden form: the check command's text lines with paths
// relative to the case.
func render(snap *index.Snapshot, c fixtureCase, diags map[string][]model.Diagnostic) string {
	var paths []string
	for p := range diags {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var b strings.Builder
	base := filepath.Dir(c.path)
	for _, p := range paths {
		lines := snap.File(p).Lines()
		for _, d := range diags[p] {
			sl, sc := lines.UTF16(d.Span.Start)
			el, ec := lines.UTF16(d.Span.End)
			fmt.Fprintf(&b, "%s:%d:%d-%d:%d: %s: %s [%s]\n", rel(base, p), sl+1, sc+1, el+1, ec+1, d.Severity, d.Message, d.Code)
		}
	}
	return b.String()
}

// runFixtures checks every case depth folders below root. Unmarked
// diagnostics up to severity worst fail the test; golden cases are also
// compared with their .golden file.
func runFixtures(t *testing.T, root string, depth int, golden bool, worst diag.Severity) {
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no fixtures at %s", root)
	}
	for _, c := range fixtureCases(t, root, depth) {
		t.Run(c.name, func(t *testing.T) {
			snap, diags := analyse(t, c)
			for p, ds := range diags {
				checkMarkers(t, snap, p, ds, worst)
			}
			if !golden {
				return
			}
			compareGolden(t, c.path+".golden", render(snap, c, diags))
		})
	}
}

// compareGolden compares got with the golden file (rewritten with -update).
func compareGolden(t *testing.T, goldenPath, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(goldenPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("missing golden file (run go test ./analysis -update): %v", err)
	}
	if string(want) != got {
		t.Errorf("diagnostics differ from %s (run go test ./analysis -update to accept)\n--- want\n%s--- got\n%s", goldenPath, want, got)
	}
}

// TestDiagnosticFixtures: each code has fixtures that trigger it and twins that must not.
func TestDiagnosticFixtures(t *testing.T) {
	runFixtures(t, "../testdata/diagnostics", 2, true, diag.Warning)
}

// TestExamples: the bundled projects are clean; their invalid twins fail where marked.
func TestExamples(t *testing.T) {
	runFixtures(t, "../testdata/examples", 1, true, diag.Warning)
}

// TestTrustFixtures: every cause of false (or missing) errors found on real
// repositories and in the TOSCA 2.0 text of 2024 has fixtures under
// testdata/trust/<cause>/: good ones stay clean, bad ones give exactly their
// golden diagnostics.
func TestTrustFixtures(t *testing.T) {
	const root = "../testdata/trust"
	causes, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, cause := range causes {
		// Files that are not TOSCA are the command line's case: cmd/tosca-ls TestCheckNotTOSCA.
		if !cause.IsDir() || cause.Name() == "not-tosca" {
			continue
		}
		t.Run(cause.Name(), func(t *testing.T) {
			runFixtures(t, filepath.Join(root, cause.Name()), 1, true, diag.Warning)
		})
	}
}

// TestDialectExamples: every example of the dialects' specifications
// (testdata/dialects), completed into whole files, gets no diagnostic at
// all from the checks the product runs, deep validation included.
func TestDialectExamples(t *testing.T) {
	runFixtures(t, "../testdata/dialects", 1, false, diag.Hint)
}

// TestSpecExamples: every valid example of the seed spec gives no error
// (remote imports in them are warnings), and the invalid ones fail as marked.
func TestSpecExamples(t *testing.T) {
	runFixtures(t, "../testdata/spec/valid", 1, false, diag.Error)
	runFixtures(t, "../testdata/spec/invalid", 1, false, diag.Error)
}

// TestEveryCodeHasFixtures: a bad fixture that triggers it and a good one.
func TestEveryCodeHasFixtures(t *testing.T) {
	for _, c := range diag.Codes {
		if c.Code == diag.FileTooLarge {
			continue // a 16 MB fixture would not belong in git: TestFileTooLarge generates one
		}
		dir := filepath.Join("../testdata/diagnostics", c.Code)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Errorf("%s: no fixtures: %v", c.Code, err)
			continue
		}
		var bad, good bool
		for _, e := range entries {
			bad = bad || strings.HasPrefix(e.Name(), "bad")
			good = good || strings.HasPrefix(e.Name(), "good")
		}
		if !bad || (!good && c.Code != diag.ImportRemote) {
			t.Errorf("%s: want bad* and good* fixtures, have bad=%v good=%v", c.Code, bad, good)
		}
	}
}

// TestFileTooLarge: a huge buffer is kept but not parsed, and says so.
func TestFileTooLarge(t *testing.T) {
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache(t)})
	path := filepath.Join(t.TempDir(), "huge.yaml")
	src := []byte("tosca_definitions_version: tosca_2_0\ndescription: " + strings.Repeat("x", index.MaxFileSize) + "\n")
	snap := ws.SetOverlay(path, 1, src)
	engine := analysis.NewEngine()
	diags := engine.Diagnostics(context.Background(), engine.View(snap), path)
	if len(diags) != 1 || diags[0].Code != diag.FileTooLarge || diags[0].Span.End != 36 {
		t.Fatalf("diagnostics %+v", diags)
	}
	// Features on the unparsed file answer without panicking.
	complete.Complete(context.Background(), engine.View(snap), path, 10, grammar.NotModel)
	hover.At(context.Background(), engine.View(snap), path, 10)
}

// TestREADMEListsEveryCode keeps the README's table of codes complete.
func TestREADMEListsEveryCode(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range diag.Codes {
		if !strings.Contains(string(readme), "| `"+c.Code+"` |") {
			t.Errorf("README.md does not document %s", c.Code)
		}
	}
}
