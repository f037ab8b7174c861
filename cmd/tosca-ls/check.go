package main

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
	"github.com/tosca-ls/tosca-ls/index"
)

const checkUsage = `usage: tosca-ls check [--format text|json] [--profile-path DIR]... [--root DIR] [--remote-imports] PATH...

Analyses TOSCA files, folders (searched recursively; TOSCA files are found
by content) and CSAR archives (.csar/.zip), and prints every diagnostic.
The profiles declared anywhere in the repository around each PATH (the
closest folder above it with a .git or a TOSCA-Metadata, or --root) are
importable by name, as in the editor.
Exit status: 0 when there is no error, 1 when there is one, 2 on bad usage.

Flags:
`

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// jsonDiagnostic is one entry of `check --format json`: LSP-style 0-based
// positions with UTF-16 characters, so tools can reuse editor conventions.
type jsonDiagnostic struct {
	File     string    `json:"file"`
	Range    jsonRange `json:"range"`
	Severity string    `json:"severity"`
	Code     string    `json:"code"`
	Message  string    `json:"message"`
}

type jsonRange struct {
	Start jsonPosition `json:"start"`
	End   jsonPosition `json:"end"`
}

type jsonPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, checkUsage)
		fs.PrintDefaults()
	}
	format := fs.String("format", "text", "output `format`: text or json")
	var profilePaths stringList
	fs.Var(&profilePaths, "profile-path", "a `folder` of profiles importable by name (repeatable)")
	root := fs.String("root", "", "the `folder` whose profiles are importable by name (default: the repository around each PATH)")
	remote := fs.Bool("remote-imports", false, "fetch imports with a URL scheme once into the cache folder (otherwise they are reported, not fetched)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 || (*format != "text" && *format != "json") {
		fs.Usage()
		return 2
	}
	ws := index.NewWorkspace(index.Options{ProfilePaths: profilePaths, RemoteImports: *remote})
	var roots []string
	explicit := map[string]bool{}
	// archives maps an extracted folder back to the archive it came from.
	archives := map[string]string{}
	for _, arg := range fs.Args() {
		abs, err := filepath.Abs(arg)
		if err != nil {
			fmt.Fprintf(stderr, "tosca-ls: %v\n", err)
			return 2
		}
		st, err := os.Stat(abs)
		if err != nil {
			fmt.Fprintf(stderr, "tosca-ls: %v\n", err)
			return 2
		}
		switch {
		case st.IsDir():
			ws.AddFolder(context.Background(), abs, nil)
			roots = append(roots, abs)
		case isArchive(abs):
			dir, err := extractCSAR(abs)
			if err != nil {
				fmt.Fprintf(stderr, "tosca-ls: %s: %v\n", arg, err)
				return 2
			}
			defer os.RemoveAll(dir)
			archives[dir] = abs
			ws.AddFolder(context.Background(), dir, nil)
			roots = append(roots, dir)
		default:
			explicit[abs] = true
			// A file checked on its own: its folder is its workspace.
			ws.AddRoot(filepath.Dir(abs))
			ws.Refresh(abs)
		}
	}
	for _, r := range profileRoots(*root, fs.Args()) {
		ws.AddProfileRoot(context.Background(), r)
	}
	// Every folder is indexed: a profile name not found now is unknown.
	ws.MarkComplete()
	snap := ws.Settle(context.Background())
	var paths []string
	for _, p := range snap.Paths() {
		if explicit[p] || underAny(p, roots) {
			paths = append(paths, p)
		}
	}
	// A folder scan skips what is not TOSCA; a file named on the command
	// line is meant to be TOSCA, so it is an error when it is not.
	for p := range explicit {
		if snap.File(p) == nil {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	engine := model.NewEngine(validate.Check)
	view := engine.View(snap)
	failed := false
	out := []jsonDiagnostic{}
	emit := func(name string, start, end jsonPosition, d model.Diagnostic) {
		if d.Severity == diag.Error {
			failed = true
		}
		if *format == "text" {
			fmt.Fprintf(stdout, "%s:%d:%d: %s: %s [%s]\n", name, start.Line+1, start.Character+1, d.Severity, d.Message, d.Code)
			return
		}
		out = append(out, jsonDiagnostic{File: name, Severity: d.Severity.String(), Code: d.Code, Message: d.Message,
			Range: jsonRange{Start: start, End: end}})
	}
	for _, p := range paths {
		name := display(p, archives)
		f := snap.File(p)
		if f == nil {
			emit(name, jsonPosition{}, jsonPosition{}, model.Diagnostic{Severity: diag.Error, Code: diag.InvalidVersion,
				Message: "not a TOSCA file: it has no top-level tosca_definitions_version (nor heat_template_version)"})
			continue
		}
		for _, d := range engine.Diagnostics(context.Background(), view, p) {
			sl, sc := f.Lines().UTF16(d.Span.Start)
			el, ec := f.Lines().UTF16(d.Span.End)
			emit(name, jsonPosition{sl, sc}, jsonPosition{el, ec}, d)
		}
	}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
	}
	if failed {
		return 1
	}
	return 0
}

// profileRoots are the folders whose declared profiles a check sees: the
// given root, else the repository around each argument (a .git or a
// TOSCA-Metadata above it).
func profileRoots(root string, args []string) []string {
	if root != "" {
		return []string{root}
	}
	seen := map[string]bool{}
	var out []string
	for _, arg := range args {
		abs, err := filepath.Abs(arg)
		if err != nil {
			continue
		}
		if st, err := os.Stat(abs); err != nil || !st.IsDir() {
			abs = filepath.Dir(abs)
		}
		if r := index.RepositoryRoot(abs); r != "" && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

func underAny(p string, roots []string) bool {
	for _, r := range roots {
		if rel, err := filepath.Rel(r, p); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}

// display shows a path relative to the working directory, and files from
// an archive as archive.csar/inner/path.
func display(p string, archives map[string]string) string {
	for dir, archive := range archives {
		if rel, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = filepath.Join(archive, rel)
		}
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return p
}

func isArchive(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".csar" || ext == ".zip"
}

// extractCSAR unpacks a CSAR into a temporary folder, refusing entries that
// would leave it and bounding the total size.
func extractCSAR(archive string) (string, error) {
	r, err := zip.OpenReader(archive)
	if err != nil {
		return "", err
	}
	defer r.Close()
	dir, err := os.MkdirTemp("", "tosca-ls-csar-")
	if err != nil {
		return "", err
	}
	const maxTotal = 512 << 20
	var total int64
	for _, f := range r.File {
		target := filepath.Join(dir, filepath.FromSlash(f.Name))
		if rel, err := filepath.Rel(dir, target); err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		if f.FileInfo().IsDir() {
			_ = os.MkdirAll(target, 0o755)
			continue
		}
		total += int64(f.UncompressedSize64)
		if total > maxTotal {
			os.RemoveAll(dir)
			return "", fmt.Errorf("archive expands beyond %d MB", maxTotal>>20)
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(rc, maxTotal))
		rc.Close()
		if err == nil {
			_ = os.WriteFile(target, data, 0o644)
		}
	}
	return dir, nil
}
