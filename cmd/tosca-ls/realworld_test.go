package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/parallel"
)

// The real-world gate (issue 23): `check` over the public projects of
// ../shared/corpora, each folder as a user opens it, must give no error on
// a file meant to be valid except the lines its manifest lists, and every
// line the manifest lists must still be reported. What is checked, what is
// left out and why, and every listed error are data: see
// testdata/realworld/README.md. It runs with .ci/gate (TOSCA_LS_GATE=1),
// once, outside `go test ./...`.

const (
	gateManifest = "../../testdata/realworld/manifest.yaml"
	gateCorpora  = "../../../shared/corpora"
)

// gateSpec is testdata/realworld/manifest.yaml.
type gateSpec struct {
	// Projects are folders checked one at a time, as a user opens them.
	Projects []gateProjects `yaml:"projects"`
	// Excluded are the files not meant to be valid: still in the folder
	// a user opens, but their diagnostics are not judged.
	Excluded []gateExclusion `yaml:"excluded"`
	// Errors are the real errors of the files, each against the text.
	Errors []gateEntry `yaml:"errors"`
	// Pending are false errors of ours while they are being fixed.
	Pending []gateEntry `yaml:"pending"`
}

// gateProjects makes a project of each folder that Each (a pattern of
// path.Match, relative to the corpora) names.
type gateProjects struct {
	Each        string `yaml:"each"`
	ProfilePath string `yaml:"profile_path"`
	// NotOpened are folders under them that are never opened: their
	// parents are checked as the list of their other subfolders.
	NotOpened []gateFolder `yaml:"not_opened"`
}

type gateFolder struct {
	Folder string `yaml:"folder"`
	Why    string `yaml:"why"`
}

type gateExclusion struct {
	Files []string `yaml:"files"` // patterns; ** matches any number of folders
	Why   string   `yaml:"why"`
}

// gateEntry lists the errors with Code on Lines of File.
type gateEntry struct {
	File    string `yaml:"file"`
	Lines   []int  `yaml:"lines"`
	Code    string `yaml:"code"`
	Section string `yaml:"section"` // the section of the text the file breaks (errors)
	Why     string `yaml:"why"`     // errors: why the file breaks it; pending: the cause in tosca-ls
}

// gateKey is one listed line.
type gateKey struct {
	file, code string
	line       int
}

// gateProject is one check: a name and the paths given to it.
type gateProject struct {
	name, profilePath string
	paths             []string
}

// gateFigures are a project's figures.
type gateFigures struct {
	files, clean, listed, pending int
}

func TestRealWorldGate(t *testing.T) {
	if os.Getenv("TOSCA_LS_GATE") != "1" {
		t.Skip("the real-world gate runs with .ci/gate (TOSCA_LS_GATE=1)")
	}
	corpora, err := filepath.Abs(gateCorpora)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(corpora); err != nil {
		t.Skipf("the real-world gate is skipped: %s is absent (it holds the public projects the gate checks, see testdata/realworld/README.md)", corpora)
	}
	data, err := os.ReadFile(gateManifest)
	if err != nil {
		t.Fatal(err)
	}
	problems, err := runGate(corpora, data, os.Stdout, checkInChild)
	if err != nil {
		t.Fatalf("%s: %v", gateManifest, err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// gateFile is a file a project's check reports on, with its errors.
type gateFile struct {
	Path   string      `json:"path"` // relative to the corpora, with slashes
	Errors []gateError `json:"errors"`
}

type gateError struct {
	Line    int    `json:"line"` // 1-based
	Column  int    `json:"column"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// gateCheck runs the check of a project.
type gateCheck func(corpora string, p gateProject) ([]gateFile, error)

// checkInChild checks a project in a child process (the test binary as
// gateChild), so that each check starts from an empty heap as `tosca-ls
// check` does, and several run at once.
func checkInChild(corpora string, p gateProject) ([]gateFile, error) {
	cmd := exec.Command(os.Args[0], append([]string{corpora, p.profilePath}, p.paths...)...)
	cmd.Env = append(os.Environ(), "TOSCA_LS_GATE_CHILD=1")
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, errOut.String())
	}
	var files []gateFile
	if err := json.Unmarshal([]byte(out.String()), &files); err != nil {
		return nil, err
	}
	return files, nil
}

// gateChild is the child checkInChild starts: args are the corpora, the
// profile path (or "") and the paths of the project, all relative to the
// corpora; it prints the files as JSON.
func gateChild(args []string, stdout io.Writer) error {
	batchGC()
	files, err := checkProject(args[0], gateProject{profilePath: args[1], paths: args[2:]})
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(files)
}

// checkProject checks a project as `check` does.
func checkProject(corpora string, p gateProject) ([]gateFile, error) {
	var opts index.Options
	if p.profilePath != "" {
		opts.ProfilePaths = []string{filepath.Join(corpora, p.profilePath)}
	}
	args := make([]string, len(p.paths))
	for i, rel := range p.paths {
		args[i] = filepath.Join(corpora, rel)
	}
	checked, err := checkFiles(args, opts, "")
	if err != nil {
		return nil, err
	}
	files := make([]gateFile, len(checked))
	for i, f := range checked {
		rel, err := filepath.Rel(corpora, f.path)
		if err != nil {
			return nil, err
		}
		files[i].Path = filepath.ToSlash(rel)
		for _, d := range f.diags {
			if d.Severity == diag.Error {
				files[i].Errors = append(files[i].Errors, gateError{d.start.Line + 1, d.start.Character + 1, d.Code, d.Message})
			}
		}
	}
	return files, nil
}

// runGate checks the projects the manifest (data) describes under corpora
// with check, prints their figures to report, and returns what fails the
// gate: errors the manifest does not list, and entries that no longer
// match.
func runGate(corpora string, data []byte, report io.Writer, check gateCheck) (problems []string, err error) {
	var spec gateSpec
	if err := yaml.UnmarshalWithOptions(data, &spec, yaml.Strict()); err != nil {
		return nil, err
	}
	projects, err := gateProjectsOf(corpora, spec)
	if err != nil {
		return nil, err
	}
	listed, err := gateIndex("errors", spec.Errors, true)
	if err != nil {
		return nil, err
	}
	pending, err := gateIndex("pending", spec.Pending, false)
	if err != nil {
		return nil, err
	}
	for k := range listed {
		if pending[k] != nil {
			return nil, fmt.Errorf("%s:%d [%s] is both an error and pending", k.file, k.line, k.code)
		}
	}
	for _, x := range spec.Excluded {
		if len(x.Files) == 0 || x.Why == "" {
			return nil, fmt.Errorf("an exclusion needs files and why: %+v", x)
		}
	}
	results := make([][]gateFile, len(projects))
	errs := make([]error, len(projects))
	parallel.Each(len(projects), func() func(int) {
		return func(i int) { results[i], errs[i] = check(corpora, projects[i]) }
	})
	seen := map[gateKey]bool{}
	excludedUsed := map[string]bool{}
	var total gateFigures
	row := func(name string, f gateFigures) {
		fmt.Fprintf(report, "%-58s %6d %6d %7d %8d\n", name, f.files, f.clean, f.listed, f.pending)
	}
	fmt.Fprintf(report, "%-58s %6s %6s %7s %8s\n", "project", "files", "clean", "listed", "pending")
	for i, p := range projects {
		if errs[i] != nil {
			return nil, fmt.Errorf("%s: %v", p.name, errs[i])
		}
		var fig gateFigures
		for _, f := range results[i] {
			if pattern := gateExcludedBy(spec.Excluded, f.Path); pattern != "" {
				excludedUsed[pattern] = true
				continue
			}
			fig.files++
			if len(f.Errors) == 0 {
				fig.clean++
			}
			for _, e := range f.Errors {
				k := gateKey{f.Path, e.Code, e.Line}
				switch {
				case listed[k] != nil:
					fig.listed++
				case pending[k] != nil:
					fig.pending++
				default:
					problems = append(problems, fmt.Sprintf("%s:%d:%d: error: %s [%s]\n\tnot in the manifest: a false error of ours (fix it), or a real error of the file (list it with the section it breaks)",
						f.Path, e.Line, e.Column, e.Message, e.Code))
					continue
				}
				seen[k] = true
			}
		}
		if fig.files > 0 {
			row(p.name, fig)
		}
		total.files += fig.files
		total.clean += fig.clean
		total.listed += fig.listed
		total.pending += fig.pending
	}
	row("total", total)
	for _, set := range []map[gateKey]*gateEntry{listed, pending} {
		for _, k := range sortedGateKeys(set) {
			if !seen[k] {
				problems = append(problems, fmt.Sprintf("manifest: %s:%d [%s] is no longer reported: remove the line from its entry", k.file, k.line, k.code))
			}
		}
	}
	for _, x := range spec.Excluded {
		for _, pattern := range x.Files {
			if !excludedUsed[pattern] {
				problems = append(problems, fmt.Sprintf("manifest: the exclusion %q matches no checked file: remove it", pattern))
			}
		}
	}
	return problems, nil
}

// gateProjectsOf expands the manifest's projects into checks.
func gateProjectsOf(corpora string, spec gateSpec) ([]gateProject, error) {
	var out []gateProject
	for _, ps := range spec.Projects {
		folders, err := filepath.Glob(filepath.Join(corpora, filepath.FromSlash(ps.Each)))
		if err != nil || len(folders) == 0 {
			return nil, fmt.Errorf("the project pattern %q matches no folder (%v)", ps.Each, err)
		}
		var skip []string
		for _, n := range ps.NotOpened {
			if n.Why == "" {
				return nil, fmt.Errorf("%q is not opened without a why", n.Folder)
			}
			skip = append(skip, filepath.Join(corpora, filepath.FromSlash(n.Folder)))
		}
		used := make([]bool, len(skip))
		for _, folder := range folders {
			if st, err := os.Stat(folder); err != nil || !st.IsDir() {
				continue
			}
			paths, err := openedPaths(folder, skip, used)
			if err != nil {
				return nil, err
			}
			if len(paths) == 0 {
				continue
			}
			p := gateProject{profilePath: ps.ProfilePath}
			p.name, _ = filepath.Rel(corpora, folder)
			for _, q := range paths {
				rel, _ := filepath.Rel(corpora, q)
				p.paths = append(p.paths, rel)
			}
			out = append(out, p)
		}
		for i, u := range used {
			if !u {
				return nil, fmt.Errorf("%q is under no project", ps.NotOpened[i].Folder)
			}
		}
	}
	return out, nil
}

// openedPaths is what a check of folder is given: folder itself, or, when
// a folder that is not opened lies under it, its other subfolders.
func openedPaths(folder string, skip []string, used []bool) ([]string, error) {
	for i, s := range skip {
		if s == folder {
			used[i] = true
			return nil, nil
		}
	}
	under := false
	for _, s := range skip {
		if strings.HasPrefix(s, folder+string(filepath.Separator)) {
			under = true
		}
	}
	if !under {
		return []string{folder}, nil
	}
	entries, err := os.ReadDir(folder)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			return nil, fmt.Errorf("%s: a folder holding one that is not opened must hold only folders, not %s", folder, e.Name())
		}
		sub, err := openedPaths(filepath.Join(folder, e.Name()), skip, used)
		if err != nil {
			return nil, err
		}
		out = append(out, sub...)
	}
	return out, nil
}

// gateIndex indexes a section's entries by listed line; errors need the
// section of the text they break.
func gateIndex(section string, entries []gateEntry, needSection bool) (map[gateKey]*gateEntry, error) {
	out := map[gateKey]*gateEntry{}
	for i := range entries {
		e := &entries[i]
		if e.File == "" || e.Code == "" || len(e.Lines) == 0 || e.Why == "" || (needSection && e.Section == "") {
			return nil, fmt.Errorf("an entry of %s needs file, lines, code and why (and an error its section): %+v", section, *e)
		}
		for _, l := range e.Lines {
			k := gateKey{e.File, e.Code, l}
			if out[k] != nil {
				return nil, fmt.Errorf("%s:%d [%s] is listed twice in %s", e.File, l, e.Code, section)
			}
			out[k] = e
		}
	}
	return out, nil
}

// gateExcludedBy is the exclusion pattern matching file, or "".
func gateExcludedBy(excluded []gateExclusion, file string) string {
	for _, x := range excluded {
		for _, pattern := range x.Files {
			if matchGlob(strings.Split(pattern, "/"), strings.Split(file, "/")) {
				return pattern
			}
		}
	}
	return ""
}

// matchGlob matches a path's segments against a pattern's: ** matches any
// number of segments, any other segment as path.Match does.
func matchGlob(pattern, segs []string) bool {
	if len(pattern) == 0 {
		return len(segs) == 0
	}
	if pattern[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if matchGlob(pattern[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 {
		return false
	}
	ok, err := path.Match(pattern[0], segs[0])
	return err == nil && ok && matchGlob(pattern[1:], segs[1:])
}

func sortedGateKeys(m map[gateKey]*gateEntry) []gateKey {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b gateKey) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line), strings.Compare(a.code, b.code))
	})
	return keys
}

// TestGateJudges: the gate fails on an error the manifest does not list,
// on a listed line no longer reported and on an exclusion matching no
// file, and counts files, clean files and listed errors per project.
func TestGateJudges(t *testing.T) {
	corpora := t.TempDir()
	for name, content := range map[string]string{
		"repo/a/good.yaml":      "tosca_definitions_version: tosca_2_0\nnode_types:\n  N: {}\n",
		"repo/a/listed.yaml":    "tosca_definitions_version: tosca_2_0\nnode_types:\n  N:\n    derived_from: Missing\n",
		"repo/a/new.yaml":       "tosca_definitions_version: tosca_2_0\nnode_types:\n  N:\n    derived_from: Other\n",
		"repo/a/err-bad.yaml":   "tosca_definitions_version: tosca_2_0\nnode_types:\n  N:\n    derived_from: Gone\n",
		"repo/b/fine.yaml":      "tosca_definitions_version: tosca_2_0\nnode_types:\n  M: {}\n",
		"repo/skip/broken.yaml": "tosca_definitions_version: tosca_2_0\nnode_types:\n  M:\n    derived_from: Gone\n",
	} {
		p := filepath.Join(corpora, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const manifest = `
projects:
  - each: repo
    not_opened:
      - folder: repo/skip
        why: broken on purpose
excluded:
  - files: ["**/err-*"]
    why: errors on purpose
  - files: [repo/c/*]
    why: matches nothing
errors:
  - file: repo/a/listed.yaml
    lines: [4]
    code: unknown-type
    section: 2.0 §7.1
    why: no type Missing
  - file: repo/a/good.yaml
    lines: [3]
    code: unknown-type
    section: 2.0 §7.1
    why: stale
`
	var report strings.Builder
	problems, err := runGate(corpora, []byte(manifest), &report, checkProject)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`repo/a/new.yaml:4:19: error: unknown node type "Other" [unknown-type]`,
		`manifest: repo/a/good.yaml:3 [unknown-type] is no longer reported`,
		`manifest: the exclusion "repo/c/*" matches no checked file`,
	}
	if len(problems) != len(want) {
		t.Fatalf("problems:\n%s", strings.Join(problems, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(problems[i], w) {
			t.Errorf("problem %d is %q, want %q…", i, problems[i], w)
		}
	}
	// repo is checked as its folders a and b (skip is not opened): four
	// files judged, err-bad.yaml excluded.
	if !strings.Contains(report.String(), "repo") || !regexp.MustCompile(`(?m)^total\s+4\s+2\s+1\s+0$`).MatchString(report.String()) {
		t.Errorf("figures:\n%s", report.String())
	}
}

func TestMatchGlob(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"a/*.yaml", "a/x.yaml", true},
		{"a/*.yaml", "a/b/x.yaml", false},
		{"**/future/**", "x/future/y/z.yaml", true},
		{"**/future/**", "future/z.yaml", true},
		{"**/future/**", "x/futures/z.yaml", false},
		{"a/**", "a/b/c", true},
		{"a/**/c", "a/c", true},
	} {
		if got := matchGlob(strings.Split(c.pattern, "/"), strings.Split(c.path, "/")); got != c.want {
			t.Errorf("matchGlob(%q, %q) = %v", c.pattern, c.path, got)
		}
	}
}
