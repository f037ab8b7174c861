package analysis_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// The texts of final TOSCA 2.0 are tests: every complete example a text
// means to be valid must get no error. An example is complete when it is a
// TOSCA file: a mapping whose keys are all keynames of a TOSCA file (the
// version line, which snippets leave out, is added), without
// `<placeholders>` or `...` elisions. Examples are known by the line of
// their opening fence; those that are not clean as written are listed,
// each with its reason (csd07_test.go for the OASIS Standard's text,
// csd06_test.go for the draft before it).

// specText is one text of TOSCA 2.0 and the examples it holds that are not
// clean as written.
type specText struct {
	// file is the text's name in ../shared/reference/tosca-2.0.
	file string
	// exceptions are, by line, the complete examples that are not clean.
	exceptions map[int]specException
}

// specExample is one YAML example of a text.
type specExample struct {
	line int
	src  string
	// versioned is set when the example has its own version line.
	versioned bool
}

// brevity explains the examples that leave sections empty, a comment in
// their place (`properties:  # omitted here for brevity`): an empty section
// is an error (issue 23 §4), though the text means no mistake there.
const brevity = "its sections are left empty for brevity (a comment in their place)"

// specException is an example that cannot be clean as written, and why.
type specException struct {
	reason string
	// want are the errors the example gets instead, each as "code" or
	// "code name" (the name quoted in the message); all of them must
	// appear and no other error may, so that a stale entry fails.
	want []string
	// files are the other files the example imports, by import path: the
	// examples (by line) the text means by them.
	files map[string]int
}

// path locates the text: $TOSCA_LS_SHARED (the shared/ folder), else
// ../../shared from this package's directory.
func (s specText) path(t *testing.T) string {
	t.Helper()
	rel := filepath.Join("reference", "tosca-2.0", s.file)
	var candidates []string
	if env := os.Getenv("TOSCA_LS_SHARED"); env != "" {
		candidates = append(candidates, filepath.Join(env, rel))
	}
	candidates = append(candidates, filepath.Join("..", "..", "shared", rel))
	for _, c := range candidates {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	t.Skipf("%s was not found (tried %v); set TOSCA_LS_SHARED", s.file, candidates)
	return ""
}

var (
	specPlaceholder = regexp.MustCompile(`<[A-Za-z_]`)
	specElision     = regexp.MustCompile(`(?m)^\s*\.\.\.\s*$`)
)

// examples extracts the complete examples of the text at path.
func specExamples(t *testing.T, path string) []specExample {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []specExample
	var block []string
	start, lang, in := 0, "", false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && strings.HasPrefix(line, "```"):
			in, start, lang, block = true, n, strings.TrimSpace(line[3:]), nil
		case in && strings.HasPrefix(line, "```"):
			in = false
			src := strings.Join(block, "\n") + "\n"
			if (lang == "" || lang == "yaml") && specComplete(src) {
				ex := specExample{line: start, src: src, versioned: strings.Contains(src, "tosca_definitions_version:")}
				if !ex.versioned {
					ex.src = "tosca_definitions_version: tosca_2_0\n" + src
				}
				out = append(out, ex)
			}
		case in:
			block = append(block, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// specComplete reports whether src is a whole TOSCA file.
func specComplete(src string) bool {
	if specPlaceholder.MatchString(src) || specElision.MatchString(src) {
		return false
	}
	root := syntax.Parse([]byte(src)).Root()
	if root == nil || root.Kind != syntax.Mapping || len(root.Pairs) == 0 {
		return false
	}
	for _, p := range root.Pairs {
		if grammar.ServiceTemplate.Key(p.Key.Value, grammar.V2Final) == nil {
			return false
		}
	}
	return true
}

// run checks every complete example of the text: no error, or exactly the
// errors its exception names.
func (s specText) run(t *testing.T) {
	examples := specExamples(t, s.path(t))
	if len(examples) < 50 {
		t.Fatalf("only %d complete examples found", len(examples))
	}
	byLine := map[int]string{}
	for _, ex := range examples {
		byLine[ex.line] = ex.src
	}
	for line := range s.exceptions {
		if _, ok := byLine[line]; !ok {
			t.Errorf("exception for line %d, which holds no complete example", line)
		}
	}
	for _, ex := range examples {
		t.Run(strconv.Itoa(ex.line), func(t *testing.T) {
			exc := s.exceptions[ex.line]
			dir := t.TempDir()
			main := filepath.Join(dir, "example.yaml")
			write := func(path, src string) {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write(main, ex.src)
			for name, line := range exc.files {
				src, ok := byLine[line]
				if !ok {
					t.Fatalf("%s: line %d holds no complete example", name, line)
				}
				write(filepath.Join(dir, filepath.FromSlash(name)), src)
			}
			snap, diags := analyse(t, fixtureCase{name: strconv.Itoa(ex.line), path: dir})
			// specLine is where a diagnostic is in the text.
			specLine := func(d model.Diagnostic) int {
				l, _ := snap.File(main).Lines().LineCol(d.Span.Start)
				if !ex.versioned {
					l--
				}
				return ex.line + 1 + l
			}
			var got []string
			seen := map[string]bool{}
			for _, d := range diags[main] {
				if d.Severity != diag.Error {
					continue
				}
				got = append(got, d.Code+": "+d.Message)
				ok := false
				for _, w := range exc.want {
					code, name, _ := strings.Cut(w, " ")
					if code == d.Code && (name == "" || strings.Contains(d.Message, strconv.Quote(name))) {
						ok, seen[w] = true, true
					}
				}
				if !ok {
					t.Errorf("line %d: unexpected error %s: %s", specLine(d), d.Code, d.Message)
				}
			}
			for _, w := range exc.want {
				if !seen[w] {
					sort.Strings(got)
					t.Errorf("expected an error %q (%s); got %q", w, exc.reason, got)
				}
			}
		})
	}
}
