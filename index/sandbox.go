package index

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
)

// errOutside is the error of a read refused by the sandbox.
var errOutside = errors.New("outside the folders tosca-ls may read")

// sandbox is the set of folders whose files imports may read: the
// workspace folders, the folders scanned for profiles, the profile paths,
// the cache (embedded profiles, downloads) and the paths the settings
// allow. A path is judged after following its symbolic links, so a link
// inside the workspace that points outside it is refused too. Nothing
// outside is ever opened: the diagnostic never quotes a refused file.
type sandbox struct {
	roots []string
}

func (b *builder) sandbox() *sandbox {
	if b.s.sandbox == nil {
		s := b.s
		var roots []string
		roots = append(roots, s.folders...)
		roots = append(roots, s.profileRoots...)
		roots = append(roots, s.opts.ProfilePaths...)
		roots = append(roots, s.opts.AllowedPaths...)
		roots = append(roots, cacheDir(s.opts), s.embedded.root)
		box := &sandbox{}
		for _, r := range roots {
			if r == "" {
				continue
			}
			r = absPath(r)
			box.roots = append(box.roots, r)
			if real, err := filepath.EvalSymlinks(r); err == nil && real != r {
				box.roots = append(box.roots, real)
			}
		}
		s.sandbox = box
	}
	return b.s.sandbox
}

// contains reports whether path lies inside one of the roots once its
// symbolic links are followed. A path outside them all by its text is
// refused without a system call; one inside is resolved, so that a link
// leading out is refused too.
func (box *sandbox) contains(path string) bool {
	inside := false
	for _, r := range box.roots {
		inside = inside || Within(r, path)
	}
	if !inside {
		return false
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		if !isNotExist(err) {
			return false // a loop of links, a folder that cannot be searched
		}
		// Missing: the folder decides, unless the name is a dangling link.
		if info, lerr := os.Lstat(path); lerr == nil && info.Mode()&os.ModeSymlink != 0 {
			return false
		}
		parent := filepath.Dir(path)
		return parent != path && box.contains(parent)
	}
	for _, r := range box.roots {
		if Within(r, real) {
			return true
		}
	}
	return false
}

// access is what the sandbox says of reading an import's target.
type access uint8

const (
	readable access = iota
	namesFolder
	systemFile
	notRegular
	outsideBox
)

// judge says whether imports may read path: a path outside the
// sandbox's folders once its links are followed, or not a regular file,
// is refused.
func (b *builder) judge(path string) access {
	real, kind, err := b.realPath(path)
	for _, r := range b.sandbox().roots {
		if Within(r, real) {
			switch {
			case err != nil || kind == regularEntry:
				return readable
			case kind == folderEntry:
				return namesFolder
			case kind == systemEntry:
				return systemFile
			}
			return notRegular
		}
	}
	return outsideBox
}

// refusal returns why an import of url may not read its target, or nil;
// url is the import as the author wrote it (messages never show more of the
// target).
func (a access) refusal(url string) *Problem {
	switch a {
	case namesFolder:
		return &Problem{Code: diag.ImportNotFound, Message: "import " + diag.Quote(url) + " names a folder, not a file"}
	case systemFile:
		return &Problem{Code: diag.ImportRefused, Message: "import " + diag.Quote(url) + " refused: the system's files (/proc, /sys, /dev, kernel file systems) are never read"}
	case notRegular:
		return &Problem{Code: diag.ImportRefused, Message: "import " + diag.Quote(url) + " refused: not a regular file (devices, pipes and sockets are never read)"}
	case outsideBox:
		return &Problem{Code: diag.ImportRefused, Message: "import " + diag.Quote(url) + " refused: it lies outside the workspace folders, the CSAR root, the profile folders and the profile cache (add it to the allowedPaths setting to allow it)"}
	}
	return nil
}

// realPath follows the symbolic links of path and tells what it leads to
// (err when nothing is there). Resolving a folder costs a system call per
// path element, memoised for the build (see realDir); a regular file or
// folder the build's scan met costs none.
func (b *builder) realPath(path string) (string, entryKind, error) {
	real := filepath.Join(b.realDir(filepath.Dir(path)), filepath.Base(path))
	kind, met := b.plain[path]
	var err error
	if !met {
		var info os.FileInfo
		info, err = os.Lstat(real)
		if err == nil && info.Mode()&os.ModeSymlink != 0 {
			if target, lerr := filepath.EvalSymlinks(real); lerr == nil {
				real = target
			}
			info, err = os.Stat(real)
		}
		kind = kindOf(info)
		if kind == regularEntry && onSystemFiles(real) {
			kind = systemEntry
		}
	}
	return real, kind, err
}

// entryKind is what a path leads to.
type entryKind uint8

const (
	otherEntry entryKind = iota // a device, pipe, socket (or nothing)
	regularEntry
	folderEntry
	systemEntry // a regular file of the system's (see onSystemFiles)
)

func kindOf(info os.FileInfo) entryKind {
	switch {
	case info == nil:
		return otherEntry
	case info.IsDir():
		return folderEntry
	case info.Mode().IsRegular():
		return regularEntry
	}
	return otherEntry
}

// realDir is the real path of a folder, built from its parent's (memoised)
// with one system call per folder the build's scan did not meet.
func (b *builder) realDir(dir string) string {
	if real, ok := b.realDirs[dir]; ok {
		return real
	}
	real := dir
	if parent := filepath.Dir(dir); parent != dir {
		real = filepath.Join(b.realDir(parent), filepath.Base(dir))
		if _, met := b.plain[dir]; !met {
			if info, err := os.Lstat(real); err == nil && info.Mode()&os.ModeSymlink != 0 {
				if target, err := filepath.EvalSymlinks(real); err == nil {
					real = target
				}
			}
		}
	}
	if b.realDirs == nil {
		b.realDirs = map[string]string{}
	}
	b.realDirs[dir] = real
	return real
}
