package markers_test

// The marker test format.
//
// A fixture is a txtar archive (`-- path --` lines start files) under
// testdata/markers. Its files are written to a temporary workspace, which
// is indexed, and every file is then opened as an editor would open it.
// Files ending in .golden are not written: markers compare with them.
//
// Markers live in YAML comments: `#@name(arg, …)`, several per comment if
// needed. The comment (and the blanks before it) is removed from the line
// before the file is written, so fixtures hold the text features see. An
// indented line holding only markers continues the markers of the line
// above: it is not written, and its markers apply to that line (a marker
// comment alone at the start of a line leaves an empty line).
// Arguments are Go string literals, bare identifiers (names of locations)
// or numbers. A string that locates something (most first arguments) is a
// substring of the marker's own line; a `‸` inside it marks the exact
// offset, else the locator's start is the offset and its text the span.
// Two `‸` delimit the span inside a longer locator (the offset is at the
// first): "‸host‸, ALL" is the host written before ", ALL". A `‸` in the
// text of a line is not written either: the locator "‸" of the line's
// markers stands for it, so a cursor may sit after blanks (`key: ‸`, an
// indented empty line) or before text (`[ SELF, ‸ ] }`).
//
//	#@loc(name, "text")         names the span of text on this line
//	#@diag("text", "code")      an error with that code exactly at text
//	#@warning / @info / @hint   the same for other severities; an optional
//	                            third argument is a substring of the message
//
// Every diagnostic of every file must be matched by a marker, and every
// diagnostic marker by a diagnostic, unless the archive's comment (the text
// before its first file) has a line `flags: -ignore_extra_diags`: fixtures
// of half-typed text for completion then match only the diagnostics they
// mark. Run with -update to rewrite golden files.

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

var update = flag.Bool("update", false, "rewrite the golden files of marker tests")

// cursor marks an exact offset inside a locator.
const cursor = "‸"

// Marker is one `#@name(args)` of a fixture.
type Marker struct {
	Name string
	Args []Arg
	// Path and Line locate the marker's line (0-based) in the written file.
	Path string
	Line int
	// pos is where the marker is written, for messages.
	pos string
}

// Arg is one marker argument: a string, an identifier or a number.
type Arg struct {
	Str   string
	Ident string
	IsStr bool
}

func (a Arg) String() string {
	if a.IsStr {
		return strconv.Quote(a.Str)
	}
	return a.Ident
}

// Env is one fixture's workspace, opened.
type Env struct {
	T             *testing.T
	Dir           string
	Files         map[string]string // relative path → text as written
	Names         []string          // the relative paths of Files, sorted
	Golden        map[string]string // golden file name → content
	WS            *index.Workspace
	Snap          *index.Snapshot
	Engine        *model.Engine
	View          *model.View
	Markers       []Marker
	locs          map[string]model.Location
	cursors       map[string]map[int]int // file → line → offset in it of the `‸` written in the text
	archive       string
	goldenChanged bool
	// ignoreExtraDiags lets diagnostics without a marker pass (see above).
	ignoreExtraDiags bool
	// server answers the features when the archive runs through the
	// language server (lsp_test.go); nil otherwise.
	server *lspServer
	// profilePaths are the profile folders of a corpus archive.
	profilePaths []string
}

// handlers run the markers of each feature (registered by the feature's
// test file).
var handlers = map[string]func(env *Env, m Marker){}

// archiveChecks run once on every archive, after its markers (registered
// by feature test files that check something of every fixture).
var archiveChecks []func(env *Env)

// diagnosticMarkers are the markers that expect a diagnostic, by severity.
var diagnosticMarkers = map[string]diag.Severity{"diag": diag.Error, "warning": diag.Warning, "info": diag.Information, "hint": diag.Hint}

func TestMarkers(t *testing.T) {
	var archives []string
	_ = filepath.WalkDir("../../testdata/markers", func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".txtar") {
			archives = append(archives, p)
		}
		return nil
	})
	if len(archives) == 0 {
		t.Fatal("no marker fixtures found under testdata/markers")
	}
	for _, a := range archives {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(a), "../../testdata/markers/"), ".txtar")
		t.Run(name, func(t *testing.T) { runArchive(t, a, false) })
	}
}

// runArchive runs the markers of an archive, their features answered by
// the analysis packages or, throughServer, by the language server.
func runArchive(t *testing.T, archive string, throughServer bool) {
	data, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	env := &Env{T: t, Dir: t.TempDir(), Files: map[string]string{}, Golden: map[string]string{}, locs: map[string]model.Location{}, cursors: map[string]map[int]int{}, archive: archive}
	files := parseTxtar(string(data))
	comment := archiveComment(string(data))
	env.ignoreExtraDiags = hasFlag(comment, "-ignore_extra_diags")
	corpus := corpusFolder(t, comment)
	if corpus != "" {
		env.Dir = corpus
		env.profilePaths = corpusProfiles(t, comment)
	}
	for _, f := range files {
		if strings.HasSuffix(f.name, ".golden") {
			env.Golden[f.name] = f.data
			continue
		}
		if corpus != "" {
			content, markers := corpusMarkers(t, env.Abs(f.name), f.name, f.data)
			env.Files[f.name] = content
			env.Markers = append(env.Markers, markers...)
			continue
		}
		content, markers, cursors := extractMarkers(t, f.name, f.data)
		env.Files[f.name] = content
		env.cursors[f.name] = cursors
		env.Markers = append(env.Markers, markers...)
		p := filepath.Join(env.Dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws := index.NewWorkspace(index.Options{CacheDir: filepath.Join(os.TempDir(), "tosca-ls-marker-cache"), ProfilePaths: env.profilePaths})
	ws.AddFolder(context.Background(), env.Dir, nil)
	ws.MarkComplete()
	env.WS = ws
	names := make([]string, 0, len(env.Files))
	for name := range env.Files {
		names = append(names, name)
	}
	sort.Strings(names)
	env.Names = names
	for _, name := range names {
		if index.DetectFile(name, []byte(env.Files[name])) != index.NotTOSCA {
			env.Snap = ws.SetOverlay(env.Abs(name), 1, []byte(env.Files[name]))
		}
	}
	if env.Snap == nil {
		env.Snap = ws.Snapshot()
	}
	env.Engine = analysis.NewEngine()
	env.View = env.Engine.View(env.Snap)
	if throughServer {
		env.server = startServer(env)
	}
	for _, m := range env.Markers {
		if m.Name == "loc" {
			env.defineLoc(m)
		}
	}
	env.checkDiagnostics(names)
	for _, m := range env.Markers {
		if m.Name == "loc" || diagnosticMarkers[m.Name] != 0 || lspSkips(env, m) {
			continue
		}
		h, ok := handlers[m.Name]
		if !ok {
			t.Errorf("%s: unknown marker @%s", m.pos, m.Name)
			continue
		}
		h(env, m)
	}
	for _, check := range archiveChecks {
		if env.server == nil {
			check(env)
		}
	}
	if *update && env.goldenChanged {
		env.writeGolden()
	}
}

// Archives on real files. An archive whose comment has a line `corpus:
// folder` runs on that folder of ../shared/corpora as it is (skipped when
// the corpora are not there), with the profile folders of `profiles:`
// lines: its files name files of the folder and hold no text of their own,
// only marker lines `text #@marker(…)…`, whose markers apply to the first
// line of the real file (after the line of the previous marker line) that
// holds text. Such archives check what a user meets on the projects the
// corpora hold without copying them.

// corporaDir is ../shared/corpora from this package.
const corporaDir = "../../../shared/corpora"

// corpusFolder is the absolute folder of the archive's `corpus:` line, ""
// when it has none; the test is skipped when the folder is missing.
func corpusFolder(t *testing.T, comment string) string {
	dirs := commentValues(comment, "corpus:")
	if len(dirs) == 0 {
		return ""
	}
	dir, err := filepath.Abs(filepath.Join(corporaDir, filepath.FromSlash(dirs[0])))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the corpora are not here: %v", err)
	}
	return dir
}

// corpusProfiles are the absolute folders of the archive's `profiles:`
// lines.
func corpusProfiles(t *testing.T, comment string) []string {
	var out []string
	for _, d := range commentValues(comment, "profiles:") {
		dir, err := filepath.Abs(filepath.Join(corporaDir, filepath.FromSlash(d)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, dir)
	}
	return out
}

// commentValues are the values of the archive comment's lines that start
// with prefix.
func commentValues(comment, prefix string) []string {
	var out []string
	for _, line := range strings.Split(comment, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), prefix); ok {
			out = append(out, strings.TrimSpace(rest))
		}
	}
	return out
}

// corpusMarkers reads the real file at path and the markers of a corpus
// archive's file (see above).
func corpusMarkers(t *testing.T, path, name, sheet string) (string, []Marker) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	content := string(data)
	lines := strings.Split(content, "\n")
	var markers []Marker
	next := 0
	for i, line := range strings.Split(sheet, "\n") {
		at := markerStart(line)
		if at < 0 {
			if strings.TrimSpace(line) != "" {
				t.Fatalf("%s:%d: a corpus archive holds marker lines only", name, i+1)
			}
			continue
		}
		pos := fmt.Sprintf("%s:%d", name, i+1)
		want := strings.TrimSpace(line[:at])
		found := -1
		for j := next; j < len(lines) && want != ""; j++ {
			if strings.Contains(lines[j], want) {
				found = j
				break
			}
		}
		if found < 0 {
			t.Fatalf("%s: no line of %s after line %d holds %q", pos, path, next, want)
		}
		ms, err := parseMarkers(line[at+1:])
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		for _, m := range ms {
			m.Path, m.Line, m.pos = name, found, pos
			markers = append(markers, m)
		}
		next = found + 1
	}
	return content, markers
}

// Abs is the absolute path of a fixture file.
func (env *Env) Abs(name string) string { return filepath.Join(env.Dir, filepath.FromSlash(name)) }

// Rel is the fixture-relative name of an absolute path (the path itself
// when it is outside the fixture, e.g. an embedded profile).
func (env *Env) Rel(p string) string {
	if rel, err := filepath.Rel(env.Dir, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	if len(env.profilePaths) > 0 {
		// A profile of a corpus archive: <corpora>/its/path.
		corpora, _ := filepath.Abs(corporaDir)
		if rel, err := filepath.Rel(corpora, p); err == nil && !strings.HasPrefix(rel, "..") {
			return "<corpora>/" + filepath.ToSlash(rel)
		}
	}
	return p
}

// Errorf reports a failed expectation of marker m.
func (env *Env) Errorf(m Marker, format string, args ...any) {
	env.T.Helper()
	env.T.Errorf("%s: @%s: %s", m.pos, m.Name, fmt.Sprintf(format, args...))
}

// Locate returns the offset and span that locator arg i of m designates
// on the marker's line.
func (env *Env) Locate(m Marker, i int) (off int, span text.Span, ok bool) {
	if i >= len(m.Args) || !m.Args[i].IsStr {
		env.Errorf(m, "argument %d must be a locator string", i+1)
		return 0, text.Span{}, false
	}
	parts := strings.Split(m.Args[i].Str, cursor)
	plain := strings.Join(parts, "")
	content := env.Files[m.Path]
	start, end := lineBounds(content, m.Line)
	if col, ok := env.cursors[m.Path][m.Line]; ok && m.Args[i].Str == cursor {
		return start + col, text.Span{Start: start + col, End: start + col}, true
	}
	at := strings.Index(content[start:end], plain)
	if at < 0 || len(parts) > 3 {
		env.Errorf(m, "locator %q is not on line %d", plain, m.Line+1)
		return 0, text.Span{}, false
	}
	s := start + at
	span = text.Span{Start: s, End: s + len(plain)}
	off = s
	if len(parts) > 1 {
		off = s + len(parts[0])
	}
	if len(parts) == 3 {
		span = text.Span{Start: off, End: off + len(parts[1])}
	}
	return off, span, true
}

// Loc resolves a location argument: a named location.
func (env *Env) Loc(m Marker, i int) (model.Location, bool) {
	if i >= len(m.Args) || m.Args[i].IsStr {
		env.Errorf(m, "argument %d must name a location defined with @loc", i+1)
		return model.Location{}, false
	}
	l, ok := env.locs[m.Args[i].Ident]
	if !ok {
		env.Errorf(m, "no location named %s", m.Args[i].Ident)
	}
	return l, ok
}

// Str returns string argument i of m.
func (env *Env) Str(m Marker, i int) string {
	if i >= len(m.Args) || !m.Args[i].IsStr {
		env.Errorf(m, "argument %d must be a string", i+1)
		return ""
	}
	return m.Args[i].Str
}

// Strs returns the string arguments of m from i on.
func (env *Env) Strs(m Marker, i int) []string {
	var out []string
	for ; i < len(m.Args); i++ {
		out = append(out, env.Str(m, i))
	}
	return out
}

// DescribeLoc shows a location as file:line:col-col, fixture-relative.
func (env *Env) DescribeLoc(l model.Location) string {
	f := env.Snap.File(l.Path)
	if f == nil {
		return fmt.Sprintf("%s@%d-%d", env.Rel(l.Path), l.Span.Start, l.Span.End)
	}
	sl, sc := f.Lines().LineCol(l.Span.Start)
	el, ec := f.Lines().LineCol(l.Span.End)
	return fmt.Sprintf("%s:%d:%d-%d:%d", env.Rel(l.Path), sl+1, sc+1, el+1, ec+1)
}

// CheckGolden compares got with golden file name (rewritten with -update).
func (env *Env) CheckGolden(m Marker, name, got string) {
	want, ok := env.Golden[name]
	if *update {
		if !ok || want != got {
			env.Golden[name] = got
			env.goldenChanged = true
		}
		return
	}
	if !ok {
		env.Errorf(m, "no golden file %s (run with -update)", name)
		return
	}
	if want != got {
		env.Errorf(m, "%s differs:\n--- got ---\n%s--- want ---\n%s", name, got, want)
	}
}

func (env *Env) defineLoc(m Marker) {
	if len(m.Args) != 2 || m.Args[0].IsStr {
		env.Errorf(m, "want @loc(name, \"text\")")
		return
	}
	_, span, ok := env.Locate(m, 1)
	if ok {
		env.locs[m.Args[0].Ident] = model.Location{Path: env.Abs(m.Path), Span: span}
	}
}

// checkDiagnostics matches every diagnostic of every file with a marker.
func (env *Env) checkDiagnostics(names []string) {
	type want struct {
		m    Marker
		span text.Span
		sev  diag.Severity
		used bool
	}
	expected := map[string][]*want{}
	for _, m := range env.Markers {
		sev := diagnosticMarkers[m.Name]
		if sev == 0 {
			continue
		}
		if _, span, ok := env.Locate(m, 0); ok {
			expected[m.Path] = append(expected[m.Path], &want{m: m, span: span, sev: sev})
		}
	}
	for _, name := range names {
		p := env.Abs(name)
		if env.Snap.File(p) == nil {
			continue
		}
		for _, d := range env.diagnostics(p) {
			found := false
			for _, w := range expected[name] {
				if w.used || w.span != d.Span || w.sev != d.Severity || len(w.m.Args) < 2 || w.m.Args[1].Str != d.Code {
					continue
				}
				if len(w.m.Args) > 2 && !strings.Contains(d.Message, w.m.Args[2].Str) {
					continue
				}
				w.used, found = true, true
				break
			}
			if !found && !env.ignoreExtraDiags {
				env.T.Errorf("%s: unexpected %s %s: %s", env.DescribeLoc(model.Location{Path: p, Span: d.Span}), d.Severity, d.Code, d.Message)
			}
		}
	}
	for _, ws := range expected {
		for _, w := range ws {
			if !w.used {
				env.Errorf(w.m, "no such diagnostic")
			}
		}
	}
}

func lineBounds(content string, line int) (int, int) {
	start := 0
	for i := 0; i < line; i++ {
		nl := strings.IndexByte(content[start:], '\n')
		if nl < 0 {
			return len(content), len(content)
		}
		start += nl + 1
	}
	end := strings.IndexByte(content[start:], '\n')
	if end < 0 {
		return start, len(content)
	}
	return start, start + end
}

type txtarFile struct{ name, data string }

// archiveComment is the text of an archive before its first file.
func archiveComment(s string) string {
	if i := strings.Index(s, "\n-- "); i >= 0 {
		return s[:i+1]
	}
	if strings.HasPrefix(s, "-- ") {
		return ""
	}
	return s
}

// hasFlag reports whether a `flags:` line of an archive comment holds flag.
func hasFlag(comment, flag string) bool {
	for _, line := range strings.Split(comment, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "flags:"); ok && slices.Contains(strings.Fields(rest), flag) {
			return true
		}
	}
	return false
}

// parseTxtar splits an archive into its files (`-- name --` lines).
func parseTxtar(s string) []txtarFile {
	var out []txtarFile
	var cur *txtarFile
	for len(s) > 0 {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i+1], s[i+1:]
		} else {
			s = ""
		}
		trimmed := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			out = append(out, txtarFile{name: strings.TrimSpace(trimmed[3 : len(trimmed)-3])})
			cur = &out[len(out)-1]
			continue
		}
		if cur != nil {
			cur.data += line
		}
	}
	return out
}

// extractMarkers removes the marker comments (and the `‸` written in the
// text of their lines) of a file and returns them, with the offset in its
// line of each such `‸`.
func extractMarkers(t *testing.T, name, content string) (string, []Marker, map[int]int) {
	var out strings.Builder
	var markers []Marker
	cursors := map[int]int{}
	lines := strings.SplitAfter(content, "\n")
	written := 0
	for i, line := range lines {
		body := strings.TrimRight(line, "\r\n")
		eol := line[len(body):]
		at := markerStart(body)
		if at < 0 {
			out.WriteString(line)
			written++
			continue
		}
		pos := fmt.Sprintf("%s:%d", name, i+1)
		ms, err := parseMarkers(body[at+1:])
		if err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
		continued := at > 0 && strings.TrimSpace(body[:at]) == "" && written > 0
		for _, m := range ms {
			m.Path, m.Line, m.pos = name, written, pos
			if continued {
				m.Line--
			}
			markers = append(markers, m)
		}
		if continued {
			continue
		}
		text := strings.TrimRight(body[:at], " \t")
		if c := strings.Index(text, cursor); c >= 0 {
			cursors[written] = c
			text = text[:c] + text[c+len(cursor):]
		}
		out.WriteString(text)
		out.WriteString(eol)
		written++
	}
	return out.String(), markers, cursors
}

// markerStart finds the `#` of a `#@` comment (at the start or after a blank).
func markerStart(line string) int {
	for i := 0; i+1 < len(line); i++ {
		if line[i] == '#' && line[i+1] == '@' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return i
		}
	}
	return -1
}

// parseMarkers reads `@name(args) @name(args)…`.
func parseMarkers(s string) ([]Marker, error) {
	var out []Marker
	for {
		s = strings.TrimSpace(s)
		if s == "" {
			return out, nil
		}
		if s[0] != '@' {
			return nil, fmt.Errorf("expected @marker, found %q", s)
		}
		open := strings.IndexByte(s, '(')
		if open < 0 {
			return nil, fmt.Errorf("marker %q has no arguments", s)
		}
		m := Marker{Name: s[1:open]}
		s = s[open+1:]
		for {
			s = strings.TrimLeft(s, " \t")
			if s == "" {
				return nil, fmt.Errorf("unclosed marker @%s", m.Name)
			}
			if s[0] == ')' {
				s = s[1:]
				break
			}
			var a Arg
			if s[0] == '"' {
				q, err := strconv.QuotedPrefix(s)
				if err != nil {
					return nil, fmt.Errorf("@%s: %v", m.Name, err)
				}
				a.Str, _ = strconv.Unquote(q)
				a.IsStr = true
				s = s[len(q):]
			} else {
				end := strings.IndexFunc(s, func(r rune) bool {
					return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.')
				})
				if end <= 0 {
					return nil, fmt.Errorf("@%s: bad argument at %q", m.Name, s)
				}
				a.Ident, s = s[:end], s[end:]
			}
			m.Args = append(m.Args, a)
			s = strings.TrimLeft(s, " \t")
			if strings.HasPrefix(s, ",") {
				s = s[1:]
			}
		}
		out = append(out, m)
	}
}

// writeGolden rewrites the archive with the updated golden files.
func (env *Env) writeGolden() {
	data, err := os.ReadFile(env.archive)
	if err != nil {
		env.T.Fatal(err)
	}
	files := parseTxtar(string(data))
	var b strings.Builder
	// Keep the archive's leading comment.
	if i := strings.Index(string(data), "-- "); i > 0 {
		b.WriteString(string(data)[:i])
	}
	written := map[string]bool{}
	for _, f := range files {
		data := f.data
		if g, ok := env.Golden[f.name]; ok {
			data = g
			written[f.name] = true
		}
		fmt.Fprintf(&b, "-- %s --\n%s", f.name, data)
	}
	var extra []string
	for name := range env.Golden {
		if !written[name] {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	for _, name := range extra {
		fmt.Fprintf(&b, "-- %s --\n%s", name, env.Golden[name])
	}
	if err := os.WriteFile(env.archive, []byte(b.String()), 0o644); err != nil {
		env.T.Fatal(err)
	}
}
