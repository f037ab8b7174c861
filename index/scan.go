package index

import (
	"context"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// scanFolders walks folders for TOSCA files (by extension, then by
// content) and parses them in parallel. progress, when set, is called as
// files are parsed.
func scanFolders(ctx context.Context, dirs []string, progress func(done, total int)) map[string]*File {
	var paths []string
	for _, dir := range dirs {
		dir = absPath(dir)
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || ctx.Err() != nil {
				return filepath.SkipDir
			}
			if d.IsDir() {
				name := d.Name()
				if p != dir && (strings.HasPrefix(name, ".") || name == "node_modules") {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && HasTOSCAExtension(p) {
				paths = append(paths, p)
			}
			return nil
		})
	}
	out := make(map[string]*File, len(paths))
	var mu sync.Mutex
	var wg sync.WaitGroup
	jobs := make(chan string)
	done := 0
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				var f *File
				if src, err := readTOSCA(p); err == nil && src != nil {
					f = newFile(p, string(src), Detect(src), false)
				}
				mu.Lock()
				if f != nil {
					out[p] = f
				}
				done++
				if progress != nil {
					progress(done, len(paths))
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range paths {
		if ctx.Err() != nil {
			break
		}
		jobs <- p
	}
	close(jobs)
	wg.Wait()
	return out
}

// readTOSCA reads a file only if its head says it is TOSCA (or Heat): a
// workspace holds many large YAML files that are not, and they are not
// read whole. It returns nil for other files.
func readTOSCA(p string) ([]byte, error) {
	head, err := readHead(p, detectLimit)
	if err != nil {
		return nil, err
	}
	if Detect(head) == NotTOSCA {
		return nil, nil
	}
	if len(head) < detectLimit {
		return head, nil
	}
	return readFile(p, MaxFileSize+1)
}
