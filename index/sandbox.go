package index

import (
	"os"
	"path/filepath"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
)

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

// check returns why path may not be read, or nil; name is the import as
// the author wrote it (messages never show more of the target).
func (sb *sandbox) check(path, name string) *Problem {
	real := realPath(path)
	for _, r := range sb.roots {
		if within(r, real) {
			if st, err := os.Stat(real); err == nil && st.IsDir() {
				return &Problem{Code: diag.ImportNotFound, Message: "import " + name + " names a folder, not a file"}
			} else if err == nil && !st.Mode().IsRegular() {
				return &Problem{Code: diag.ImportRefused, Message: "import " + name + " refused: not a regular file (devices, pipes and sockets are never read)"}
			}
			return nil
		}
	}
	return &Problem{Code: diag.ImportRefused, Message: "import " + name + " refused: it lies outside the workspace folders, the CSAR root, the profile folders and the profile cache (add it to the allowedPaths setting to allow it)"}
}

// realPath follows the symbolic links of path (of its folder when the file
// does not exist).
func realPath(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		return real
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(dir, filepath.Base(path))
	}
	return path
}
