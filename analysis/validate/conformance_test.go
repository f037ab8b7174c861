package validate_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
	"github.com/tosca-ls/tosca-ls/index"
)

// The conformance set (testdata/conformance/*.cases) holds small TOSCA
// files, each marked valid or invalid with the codes it must get. A case
// starts with a header line
//
//	=== name | valid
//	=== name | errors: code, code | warnings: code
//
// followed by the file main.yaml, or by several files each introduced by a
// `-- path --` line. A case passes when the errors and the warnings of all
// its files have exactly the codes its header lists (information notes are
// not counted).

// conformanceCase is one case of the set.
type conformanceCase struct {
	name     string
	at       string
	files    map[string]string
	errors   []string
	warnings []string
}

// minConformanceCases is the size issue 16 asks of the set.
const minConformanceCases = 300

func TestConformance(t *testing.T) {
	paths, err := filepath.Glob("../../testdata/conformance/*.cases")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no conformance cases found: %v", err)
	}
	var cases []conformanceCase
	for _, p := range paths {
		cases = append(cases, readCases(t, p)...)
	}
	if len(cases) < minConformanceCases {
		t.Errorf("the conformance set has %d cases, fewer than %d", len(cases), minConformanceCases)
	}
	seen := map[string]string{}
	cache := filepath.Join(os.TempDir(), "tosca-ls-conformance-cache")
	for _, c := range cases {
		if prev, dup := seen[c.name]; dup {
			t.Errorf("%s: case %q is also at %s", c.at, c.name, prev)
		}
		seen[c.name] = c.at
		t.Run(c.name, func(t *testing.T) { runCase(t, c, cache) })
	}
}

func runCase(t *testing.T, c conformanceCase, cache string) {
	dir := t.TempDir()
	for name, text := range c.files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	ws := index.NewWorkspace(index.Options{CacheDir: cache})
	ws.AddFolder(ctx, dir, nil)
	ws.MarkComplete()
	snap := ws.Snapshot()
	engine := model.NewEngine(validate.Check)
	view := engine.View(snap)
	var errs, warns, all []string
	for _, p := range snap.Paths() {
		if !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			continue
		}
		for _, d := range engine.Diagnostics(ctx, view, p) {
			line, col := snap.File(p).Lines().LineCol(d.Span.Start)
			all = append(all, fmt.Sprintf("%s:%d:%d: %s %s: %s", filepath.Base(p), line+1, col+1, d.Severity, d.Code, d.Message))
			switch d.Severity {
			case diag.Error:
				errs = append(errs, d.Code)
			case diag.Warning:
				warns = append(warns, d.Code)
			}
		}
	}
	if !sameCodes(errs, c.errors) || !sameCodes(warns, c.warnings) {
		t.Errorf("%s: want errors %v and warnings %v, got:\n%s", c.at, c.errors, c.warnings, strings.Join(all, "\n"))
	}
}

// sameCodes compares the distinct codes of two lists.
func sameCodes(got, want []string) bool {
	g, w := slices.Clone(got), slices.Clone(want)
	sort.Strings(g)
	sort.Strings(w)
	return slices.Equal(slices.Compact(g), slices.Compact(w))
}

// readCases reads the cases of one file.
func readCases(t *testing.T, path string) []conformanceCase {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []conformanceCase
	var cur *conformanceCase
	file := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "=== "):
			out = append(out, parseHeader(t, fmt.Sprintf("%s:%d", filepath.Base(path), n), line[4:]))
			cur, file = &out[len(out)-1], "main.yaml"
		case cur == nil:
			// The file's own comment before its first case.
		case strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --"):
			file = strings.TrimSpace(line[3 : len(line)-3])
		default:
			cur.files[file] += line + "\n"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// parseHeader reads `name | valid` or `name | errors: a, b | warnings: c`.
func parseHeader(t *testing.T, at, h string) conformanceCase {
	parts := strings.Split(h, "|")
	c := conformanceCase{name: strings.TrimSpace(parts[0]), at: at, files: map[string]string{}}
	if len(parts) < 2 {
		t.Fatalf("%s: the header says neither valid nor which codes", at)
	}
	for _, p := range parts[1:] {
		p = strings.TrimSpace(p)
		kind, list, _ := strings.Cut(p, ":")
		var codes []string
		for _, code := range strings.Split(list, ",") {
			if code = strings.TrimSpace(code); code == "" {
				continue
			}
			if !slices.ContainsFunc(diag.Codes, func(c struct{ Code, Doc string }) bool { return c.Code == code }) {
				t.Errorf("%s: no diagnostic code %q", at, code)
			}
			codes = append(codes, code)
		}
		switch kind {
		case "valid":
		case "errors":
			c.errors = codes
		case "warnings":
			c.warnings = codes
		default:
			t.Fatalf("%s: unknown header part %q", at, p)
		}
	}
	return c
}
