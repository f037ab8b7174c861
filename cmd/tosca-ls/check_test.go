package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/index"
)

func check(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runCheck(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestCheckExamples(t *testing.T) {
	for _, dir := range []string{"tosca-1.3-webapp", "tosca-2.0-k8s", "tosca-2.0-csar"} {
		out, errOut, code := check(t, filepath.Join("../../testdata/examples", dir))
		if code != 0 || out != "" {
			t.Errorf("%s: exit %d, output %q %q", dir, code, out, errOut)
		}
		out, _, code = check(t, filepath.Join("../../testdata/examples", dir+"-invalid"))
		if code != 1 || out == "" {
			t.Errorf("%s-invalid: exit %d, output %q", dir, code, out)
		}
	}
}

// TestCheckTextFormat: path:line:col: severity: message [code], 1-based.
func TestCheckTextFormat(t *testing.T) {
	out, _, code := check(t, "../../testdata/diagnostics/unknown-keyname/bad-typos-1.3.yaml")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	line := regexp.MustCompile(`^(\S+\.yaml):(\d+):(\d+): (error|warning|info|hint): (.+) \[([a-z-]+)\]$`)
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !line.MatchString(l) {
			t.Errorf("malformed line %q", l)
		}
	}
	if !strings.Contains(out, ":7:5: error: unknown keyname \"derived_form\" in node type; did you mean \"derived_from\"? [unknown-keyname]") {
		t.Errorf("missing the derived_form diagnostic at 7:5:\n%s", out)
	}
}

func TestCheckJSONFormat(t *testing.T) {
	out, _, code := check(t, "--format", "json", "../../testdata/diagnostics/unknown-keyname/bad-typos-1.3.yaml")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var diags []jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &diags); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range diags {
		if d.Code == "unknown-keyname" && d.Range.Start == (jsonPosition{6, 4}) && d.Range.End == (jsonPosition{6, 16}) && d.Severity == "error" {
			found = true
		}
	}
	if !found {
		t.Errorf("no 0-based unknown-keyname at 6:4-6:16 in %s", out)
	}
	out, _, code = check(t, "--format", "json", "../../testdata/examples/tosca-2.0-k8s")
	if code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("clean project: exit %d, %q", code, out)
	}
}

func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"--format", "xml", "x.yaml"}, {"--bogus"}, {"/does/not/exist.yaml"}} {
		if _, errOut, code := check(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestCheckCSARArchive: a zipped CSAR is read in place of a folder, with
// paths shown inside the archive.
func TestCheckCSARArchive(t *testing.T) {
	for _, tc := range []struct {
		dir  string
		code int
	}{{"tosca-2.0-csar", 0}, {"tosca-2.0-csar-invalid", 1}} {
		archive := filepath.Join(t.TempDir(), tc.dir+".csar")
		zipDir(t, filepath.Join("../../testdata/examples", tc.dir), archive)
		out, errOut, code := check(t, archive)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", tc.dir, code, tc.code, out, errOut)
		}
		if tc.code == 1 && !strings.Contains(out, tc.dir+".csar/Definitions/service.yaml:") {
			t.Errorf("%s: paths not shown inside the archive:\n%s", tc.dir, out)
		}
	}
}

// TestCheckCSARWithoutMetadata: a CSAR without TOSCA-Metadata has one YAML
// file at its root (TOSCA 2.0 §17.3); its root serves `/` imports, inside
// the archive as in the extracted folder.
func TestCheckCSARWithoutMetadata(t *testing.T) {
	dir := "../../testdata/dialects/csar-without-metadata"
	archive := filepath.Join(t.TempDir(), "plain.csar")
	zipDir(t, dir, archive)
	for _, arg := range []string{archive, dir} {
		if out, errOut, code := check(t, arg); code != 0 || out != "" {
			t.Errorf("%s: exit %d\n%s%s", arg, code, out, errOut)
		}
	}
}

func zipDir(t *testing.T, dir, archive string) {
	t.Helper()
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := zip.NewWriter(f)
	err = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		entry, err := w.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = entry.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCheckProfilePath: --profile-path makes a folder's profiles importable
// by name without being part of what is checked.
func TestCheckProfilePath(t *testing.T) {
	profiles, project := t.TempDir(), t.TempDir()
	write := func(dir, name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(profiles, "acme.yaml", "tosca_definitions_version: tosca_2_0\nprofile: com.acme.types:1.0\nnode_types:\n  Widget: {}\n")
	write(project, "service.yaml", "tosca_definitions_version: tosca_2_0\nimports:\n  - profile: com.acme.types:1.0\n    namespace: acme\nservice_template:\n  node_templates:\n    w:\n      type: acme:Widget\n")
	out, _, code := check(t, project)
	if code != 1 || !strings.Contains(out, "import-not-found") {
		t.Errorf("without --profile-path: exit %d\n%s", code, out)
	}
	out, errOut, code := check(t, "--profile-path", profiles, project)
	if code != 0 || out != "" {
		t.Errorf("with --profile-path: exit %d\n%s%s", code, out, errOut)
	}
}

// TestCheckHelpListsReadmeFlags: `check --help` names every flag the
// README's command table gives for check, and exits 0.
func TestCheckHelpListsReadmeFlags(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var row string
	for _, line := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(line, "| `tosca-ls check") {
			row = line
		}
	}
	flags := regexp.MustCompile(`--[a-z][a-z-]*`).FindAllString(row, -1)
	if len(flags) == 0 {
		t.Fatalf("no check flags found in the README's command table (row %q)", row)
	}
	_, help, code := check(t, "--help")
	if code != 0 {
		t.Errorf("check --help exited %d", code)
	}
	for _, f := range flags {
		// In the usage line, and described in the flag list ("  -name").
		if !strings.Contains(help, "["+f) || !strings.Contains(help, "\n  -"+f[2:]) {
			t.Errorf("check --help does not list %s:\n%s", f, help)
		}
	}
}

// TestCheckFindsRepositoryProfiles (issue 14, cause 6): checking one folder
// of a repository sees the profiles its sibling folders declare, also in a
// file without an extension, as the editor does.
func TestCheckFindsRepositoryProfiles(t *testing.T) {
	repo := t.TempDir()
	for name, content := range map[string]string{
		".git/HEAD":             "ref: refs/heads/main\n",
		"profiles/acme-profile": "tosca_definitions_version: tosca_2_0\nprofile: com.acme.types:1.0\nnode_types:\n  Widget: {}\n",
		"services/service.yaml": "tosca_definitions_version: tosca_2_0\nimports:\n  - profile: com.acme.types:1.0\n    namespace: acme\nservice_template:\n  node_templates:\n    w:\n      type: acme:Widget\n",
	} {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, code := check(t, filepath.Join(repo, "services"))
	if code != 0 || out != "" {
		t.Errorf("check of a folder whose profile lives next to it: exit %d\n%s%s", code, out, errOut)
	}
	// With --root pointing elsewhere, the profile is not found.
	out, _, code = check(t, "--root", t.TempDir(), filepath.Join(repo, "services"))
	if code != 1 || !strings.Contains(out, "unknown profile") {
		t.Errorf("with another --root: exit %d\n%s", code, out)
	}
}

// TestCheckNotTOSCA: a file named on the command line that is not TOSCA is
// an error (exit 1); a folder scan skips it without a word.
func TestCheckNotTOSCA(t *testing.T) {
	const dir = "../../testdata/trust/not-tosca"
	out, _, code := check(t, filepath.Join(dir, "values.yaml"))
	if code != 1 || !strings.HasSuffix(out, "values.yaml:1:1: error: not a TOSCA file: it has no top-level tosca_definitions_version (nor heat_template_version) [invalid-version]\n") {
		t.Errorf("named file: exit %d, output %q", code, out)
	}
	out, _, code = check(t, "--format", "json", filepath.Join(dir, "values.yaml"))
	var diags []jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &diags); err != nil || code != 1 || len(diags) != 1 || diags[0].Code != "invalid-version" || diags[0].Severity != "error" {
		t.Errorf("named file, json: exit %d, %v, %s", code, err, out)
	}
	// Cloudify's DSL states a version of its own: named, it gets the one
	// error saying so; a folder scan skips it.
	out, _, code = check(t, filepath.Join(dir, "blueprint.yaml"))
	if code != 1 || !strings.HasSuffix(out, "blueprint.yaml:1:28: error: \"cloudify_dsl_1_3\" is a version of Cloudify's DSL, not of TOSCA: this file is not read (a folder scan skips it) [invalid-version]\n") {
		t.Errorf("named Cloudify file: exit %d, output %q", code, out)
	}
	if out, errOut, code := check(t, dir); code != 0 || out != "" || errOut != "" {
		t.Errorf("folder: exit %d, output %q %q", code, out, errOut)
	}
}

// TestCheckLargeCollections: a file whose first collection to close has
// 65 to 256 entries is checked and drawn alone as in a folder (issue 24:
// a named file lost its whole analysis to a parser failure at 1:1).
func TestCheckLargeCollections(t *testing.T) {
	const dir = "../../testdata/diagnostics/yaml-syntax"
	for _, name := range []string{"good-large-collections.yaml", "good-large-heat-allowed-values.yaml"} {
		path := filepath.Join(dir, name)
		if out, errOut, code := check(t, path); code != 0 || out != "" {
			t.Errorf("check %s: exit %d, output %q %q", name, code, out, errOut)
		}
		if out, errOut, code := graph(t, "--format", "json", path); code != 0 || strings.Contains(out, "YAML parser failure") {
			t.Errorf("graph %s: exit %d, output %q %q", name, code, out, errOut)
		}
	}
}

// TestCheckProcessor: --processor chooses the processors files are read
// for: an addition only a processor accepts is a warning when the file
// shows no sign of it, accepted when chosen, an error under strict; an
// unknown value is bad usage.
func TestCheckProcessor(t *testing.T) {
	const file = "../../testdata/processors/unfurl/no-sign.yaml"
	out, _, code := check(t, file)
	if code != 0 || strings.Count(out, "warning:") != 2 {
		t.Errorf("auto: exit %d, output %q", code, out)
	}
	if out, _, code := check(t, "--processor", "unfurl", file); code != 0 || out != "" {
		t.Errorf("unfurl: exit %d, output %q", code, out)
	}
	if out, _, code := check(t, "--processor", "strict", file); code != 1 || strings.Count(out, "error:") != 3 {
		t.Errorf("strict: exit %d, output %q", code, out)
	}
	if _, errOut, code := check(t, "--processor", "ansible", file); code != 2 || !strings.Contains(errOut, "auto, vintner, unfurl, xopera, puccini, strict") {
		t.Errorf("unknown processor: exit %d, stderr %q", code, errOut)
	}
}

// TestLoadStopsTheWorker: once load has settled its snapshot, the
// workspace's worker is stopped, and what only it holds is let go (a
// program loading many workspaces, or a benchmark, kept each one's).
func TestLoadStopsTheWorker(t *testing.T) {
	dir := filepath.Join("../../testdata/examples", "tosca-1.3-webapp")
	loadOnce := func() {
		l, err := load([]string{dir}, index.Options{CacheDir: t.TempDir()}, "")
		if err != nil {
			t.Fatal(err)
		}
		l.cleanup()
	}
	// The first load starts what the runtime starts once (the goroutine
	// running finalizers).
	loadOnce()
	before := runtime.NumGoroutine()
	for range 5 {
		loadOnce()
	}
	// Goroutines that have returned may take a moment to be counted out.
	for range 500 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines after 5 loads, %d before", runtime.NumGoroutine(), before)
}

// failingWriter refuses every write, as a full disk or a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

// TestCheckOutputFails: findings check cannot write are an error of the
// command (exit 2), not a silent success.
func TestCheckOutputFails(t *testing.T) {
	var errOut bytes.Buffer
	code := runCheck([]string{"../../testdata/examples/tosca-2.0-k8s-invalid"}, failingWriter{}, &errOut)
	if code != 2 || !strings.Contains(errOut.String(), "closed") {
		t.Errorf("exit %d, stderr %q; want 2 and the write error", code, errOut.String())
	}
}

// TestCheckDotDotNames: a file whose name starts with two dots lies in its
// folder and is reported (it was taken for one outside it).
func TestCheckDotDotNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "..x.yaml"), []byte("tosca_definitions_version: tosca_2_0\nnode_types:\n  A:\n    derived_from: Missing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := check(t, dir)
	if code != 1 || !strings.Contains(out, "..x.yaml:4:19: error: unknown node type \"Missing\"") {
		t.Errorf("exit %d, output %q; want the unknown type of ..x.yaml", code, out)
	}
}
