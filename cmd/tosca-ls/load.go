package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/tosca-ls/tosca-ls/index"
)

// loaded is the workspace the command-line commands read: the files, folders
// and archives named on the command line, settled into one snapshot.
type loaded struct {
	snap *index.Snapshot
	// paths are the files to report on, sorted: the TOSCA files found in
	// the folders and archives, and every file named (TOSCA or not).
	paths []string
	// archives maps an extracted folder back to the archive it came from.
	archives map[string]string
	dirs     []string
}

// cleanup removes the folders archives were extracted into.
func (l *loaded) cleanup() {
	for _, d := range l.dirs {
		os.RemoveAll(d)
	}
}

// load indexes args (files, folders, CSAR archives) with the profiles
// declared around them (root, else the repository around each).
func load(args []string, opts index.Options, root string) (*loaded, error) {
	ws := index.NewWorkspace(opts)
	l := &loaded{archives: map[string]string{}}
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
		case st.IsDir():
			ws.AddFolder(context.Background(), abs, nil)
			roots = append(roots, abs)
		case isArchive(abs):
			dir, err := extractCSAR(abs)
			if err != nil {
				l.cleanup()
				return nil, fmt.Errorf("%s: %v", arg, err)
			}
			l.dirs = append(l.dirs, dir)
			l.archives[dir] = abs
			ws.AddFolder(context.Background(), dir, nil)
			roots = append(roots, dir)
		default:
			explicit[abs] = true
			// A file named on its own: its folder is its workspace.
			ws.AddRoot(filepath.Dir(abs))
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
