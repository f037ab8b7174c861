package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// workspaceFlags are the flags of a command that reads a workspace (check,
// graph): its usage text, the profile folders, the profiles' root and the
// processor setting.
type workspaceFlags struct {
	*flag.FlagSet
	profilePaths stringList
	root         *string
	processor    *string
	// setting is the processor setting read from --processor.
	setting grammar.ProcessorSetting
}

func newWorkspaceFlags(name, usage string, stderr io.Writer) *workspaceFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	w := &workspaceFlags{FlagSet: fs}
	fs.Var(&w.profilePaths, "profile-path", "a `folder` of profiles importable by name (repeatable)")
	w.root = fs.String("root", "", "the `folder` whose profiles are importable by name (default: the repository around each PATH)")
	w.processor = fs.String("processor", string(grammar.ProcessorAuto), "the `processor` files are read for: "+strings.Join(grammar.ProcessorSettings(), ", ")+
		" (auto: those each file shows it is written for; strict: the text of its version alone)")
	return w
}

// parse reads args; done is set when the command stops there, with its
// exit code (0 after --help, 2 on a bad flag).
func (w *workspaceFlags) parse(args []string) (code int, done bool) {
	if err := w.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, true
		}
		return 2, true
	}
	setting, ok := grammar.ParseProcessorSetting(*w.processor)
	if !ok {
		fmt.Fprintf(w.Output(), "invalid value %q for flag -processor: want %s\n", *w.processor, strings.Join(grammar.ProcessorSettings(), ", "))
		w.Usage()
		return 2, true
	}
	w.setting = setting
	return 0, false
}

// loaded is the workspace the command-line commands read: the files, folders
// and archives named on the command line, settled into one snapshot.
type loaded struct {
	snap *index.Snapshot
	// paths are the files to report on, sorted: the TOSCA files found in
	// the folders and archives, and every file named (TOSCA or not).
	paths []string
	// archives maps an extracted folder back to the archive it came from.
	archives    map[string]string
	extractions *extractions
	// wd is the working directory paths are shown relative to.
	wd string
}

// cleanup removes the folders archives were extracted into.
func (l *loaded) cleanup() { l.extractions.remove() }

// load indexes args (files, folders, CSAR archives) with the profiles
// declared around them (root, else the repository around each).
func load(args []string, opts index.Options, root string) (*loaded, error) {
	ws := index.NewWorkspace(opts)
	// Its worker is stopped once the snapshot is settled: the snapshot
	// stays readable, and the state only the worker needs is let go.
	defer ws.Close()
	l := &loaded{archives: map[string]string{}, extractions: newExtractions()}
	l.wd, _ = os.Getwd()
	var roots []string
	explicit := map[string]bool{}
	for _, arg := range args {
		abs, err := filepath.Abs(arg)
		if err != nil {
			l.cleanup()
			return nil, err
		}
		st, err := os.Stat(abs)
		if err != nil {
			l.cleanup()
			return nil, err
		}
		switch {
		case !st.IsDir() && !st.Mode().IsRegular():
			l.cleanup()
			return nil, fmt.Errorf("%s: not a regular file (devices, pipes and sockets are never read)", arg)
		case st.IsDir():
			ws.AddFolder(context.Background(), abs, nil)
			roots = append(roots, abs)
		case index.IsArchive(abs):
			dir, err := l.extractions.extract(abs)
			if err != nil {
				l.cleanup()
				return nil, fmt.Errorf("%s: %v", arg, err)
			}
			l.archives[dir] = abs
			ws.AddFolder(context.Background(), dir, nil)
			roots = append(roots, dir)
		default:
			explicit[abs] = true
			// A file named on its own: its folder is its workspace, unless
			// that is a system folder (/etc, /): then the file alone.
			if dir := filepath.Dir(abs); !index.SystemFolder(dir) {
				ws.AddRoot(dir)
			} else {
				ws.AddRoot(abs)
			}
			ws.Refresh(abs)
		}
	}
	for _, r := range profileRoots(root, args) {
		ws.AddProfileRoot(context.Background(), r)
	}
	// Every folder is indexed: a profile name not found now is unknown.
	ws.MarkComplete()
	l.snap = ws.Settle(context.Background())
	for _, p := range l.snap.Paths() {
		if explicit[p] || underAny(p, roots) {
			l.paths = append(l.paths, p)
		}
	}
	// A folder scan skips what is not TOSCA; a file named on the command
	// line is meant to be TOSCA, so it is kept to be reported.
	for p := range explicit {
		if l.snap.File(p) == nil {
			l.paths = append(l.paths, p)
		}
	}
	sort.Strings(l.paths)
	return l, nil
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
		if r := index.RepositoryRoot(abs); r != "" && !seen[r] && !index.SystemFolder(r) {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

func underAny(p string, roots []string) bool {
	for _, r := range roots {
		if index.Within(r, p) {
			return true
		}
	}
	return false
}

// display shows a path relative to the working directory, and files from
// an archive as archive.csar/inner/path.
func (l *loaded) display(p string) string {
	for dir, archive := range l.archives {
		if rel, ok := index.RelWithin(dir, p); ok {
			p = filepath.Join(archive, rel)
		}
	}
	if l.wd != "" {
		if rel, ok := index.RelWithin(l.wd, p); ok {
			return rel
		}
	}
	return p
}
