package indextest

import (
	"fmt"
	"io/fs"
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
