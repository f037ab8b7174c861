package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/parallel"
	"github.com/tosca-ls/tosca-ls/index/text"
)

const checkUsage = `usage: tosca-ls check [--format text|json|sarif|github|gitlab] [--profile-path DIR]... [--root DIR] [--processor NAME] [--remote-imports] [--hints] PATH...

Analyses TOSCA files, folders (searched recursively; TOSCA files are found
by content) and CSAR archives (.csar/.zip), and prints every diagnostic.
The profiles declared anywhere in the repository around each PATH (the
closest folder above it with a .git or a TOSCA-Metadata, or --root) are
importable by name, as in the editor.
Formats: text (path:line:col: severity: message [code]), json, sarif
(SARIF 2.1.0, for GitHub code scanning), github (workflow commands: GitHub
Actions annotations), gitlab (GitLab Code Quality).
Exit status: 0 when there is no error, 1 when there is one, 2 on bad usage
or a PATH that cannot be read.

Flags:
`

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newWorkspaceFlags("check", checkUsage, stderr)
	format := fs.String("format", "text", "output `format`: text, json, sarif, github or gitlab")
	hints := fs.Bool("hints", false, "also print hints (import cycles, unused names: what an editor shows discreetly)")
	remote := fs.Bool("remote-imports", false, "fetch imports with a URL scheme once into the cache folder (otherwise they are reported, not fetched)")
	if code, done := fs.parse(args); done {
		return code
	}
	write := checkFormats[*format]
	if fs.NArg() == 0 || write == nil {
		fs.Usage()
		return 2
	}
	files, err := checkFiles(fs.Args(), index.Options{ProfilePaths: fs.profilePaths, RemoteImports: *remote, Processor: fs.setting}, *fs.root)
	if err != nil {
		fmt.Fprintf(stderr, "tosca-ls: %s\n", text.Printable(err.Error()))
		return 2
	}
	failed := false
	out := []finding{}
	for _, f := range files {
		for _, d := range f.diags {
			if d.Severity == diag.Hint && !*hints {
				continue
			}
			if d.Severity == diag.Error {
				failed = true
			}
			out = append(out, finding{File: f.name, Severity: d.Severity, Code: d.Code, Message: d.Message,
				Range: jsonRange{Start: d.start, End: d.end}})
		}
	}
	// One write per finding to an unbuffered stdout was a system call each
	// (20,000 for the DMTF set), in the run's serial tail.
	buffered := bufio.NewWriter(stdout)
	write(buffered, out)
	if err := buffered.Flush(); err != nil {
		fmt.Fprintf(stderr, "tosca-ls: %s\n", text.Printable(err.Error()))
		return 2
	}
	if failed {
		return 1
	}
	return 0
}

// checkedFile is a file check reports on, with its diagnostics (hints
// included) in order.
type checkedFile struct {
	path  string // absolute
	name  string // as printed: relative to the working directory, an archive's files as archive.csar/inner/path
	diags []checkedDiagnostic
}

// checkedDiagnostic is a diagnostic with its LSP-style positions.
type checkedDiagnostic struct {
	model.Diagnostic
	start, end jsonPosition
}

// checkFiles analyses args (files, folders, archives) as `check` does: the
// files it reports on, sorted, each with its diagnostics. A file named in
// args that is not TOSCA gets an invalid-version error.
func checkFiles(args []string, opts index.Options, root string) ([]checkedFile, error) {
	loaded, err := load(args, opts, root)
	if err != nil {
		return nil, err
	}
	defer loaded.cleanup()
	engine := analysis.NewEngine()
	view := engine.View(loaded.snap)
	diags := diagnoseAll(engine, view, loaded.paths)
	files := make([]checkedFile, len(loaded.paths))
	// Positions are worked out on every core too: done in order they were
	// the run's serial tail.
	parallel.Each(len(files), func() func(int) {
		return func(i int) { files[i] = loaded.checked(loaded.paths[i], diags[i]) }
	})
	return files, nil
}

// checked is the file at p as check reports it, with its diagnostics.
func (l *loaded) checked(p string, diags []model.Diagnostic) checkedFile {
	c := checkedFile{path: p, name: l.display(p)}
	f := l.snap.File(p)
	if f == nil {
		c.diags = []checkedDiagnostic{{Diagnostic: model.Diagnostic{Severity: diag.Error, Code: diag.InvalidVersion,
			Message: "not a TOSCA file: it has no top-level tosca_definitions_version (nor heat_template_version)"}}}
		return c
	}
	if len(diags) > 0 {
		last := 0
		for _, d := range diags {
			last = max(last, d.Span.End)
		}
		lines := text.LinesThrough(text.Bytes(f.Text()), last)
		c.diags = make([]checkedDiagnostic, len(diags))
		for j, d := range diags {
			sl, sc := lines.UTF16(d.Span.Start)
			el, ec := lines.UTF16(d.Span.End)
			c.diags[j] = checkedDiagnostic{d, jsonPosition{sl, sc}, jsonPosition{el, ec}}
		}
	}
	return c
}

// diagnoseAll computes the diagnostics of every path (in order) on all
// cores: the engine's queries are safe for concurrent use, and files
// importing the same profiles share what one of them computed. All of
// them share one set of memo tables: dropped and made again every few
// hundred files (to hold less memory), the tables made each batch walk
// again what the batches before walked, and along a chain of 10,000
// imports every batch walked the rest of the chain (0.36 s became 2.3 s).
func diagnoseAll(engine *model.Engine, view *model.View, paths []string) [][]model.Diagnostic {
	out := make([][]model.Diagnostic, len(paths))
	parallel.Each(len(paths), func() func(int) {
		return func(i int) {
			if view.Snap.File(paths[i]) != nil {
				out[i] = engine.Diagnostics(context.Background(), view, paths[i])
			}
		}
	})
	return out
}
