package indextest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Tree lists what is under dir, each path with its type, permissions,
// size and modification time: two listings differ when anything was
// created, removed or written.
func Tree(dir string) (map[string]string, error) {
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = fmt.Sprint(info.Mode(), info.Size(), info.ModTime().UnixNano())
		return nil
	})
	return out, err
}

// WriteFiles writes files (slash-separated paths relative to root, and
// their content) below root, making the folders they need.
func WriteFiles(root string, files map[string]string) error {
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}
