package index

import (
	"bytes"
	"context"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// scan is what a walk of folders found: the files it parsed, and the
// folders and regular files it met below its roots, with their kind. The
// walk never follows a symbolic link, so each of those is its parent's real
// path plus its name (see builder.realPath).
type scan struct {
	files map[string]*File
	// walked are the files in the order of the walk, which is nearly that
	// of their paths: a build puts them in that order (a sorted table takes
	// them in order several times faster).
	walked []*File
	plain  map[string]entryKind
	// plainTargets are the targets of the files' plain imports (see
	// plainTargets), worked out as they were parsed.
	plainTargets map[*File][]string
	// setting is the processor setting the files were read with.
	setting grammar.ProcessorSetting
}

// scanFolders walks folders for TOSCA files (by extension, then by
// content) and parses them in parallel. progress, when set, is called as
// files are parsed.
// A file without an extension is read only when it declares a profile;
// one of another language that writes tosca_definitions_version (Cloudify's
// DSL) is not read. Files are read with the processor setting.
func scanFolders(ctx context.Context, dirs []string, setting grammar.ProcessorSetting, progress func(done, total int)) scan {
	read := func(p string) ([]byte, error) {
		switch {
		case IsCSARMeta(p):
			return readFile(p, MaxFileSize+1)
		case HasTOSCAExtension(p):
			return readTOSCA(p)
		}
		return readProfile(p)
	}
	want := func(p string) bool { return MayHoldProfile(p) || IsCSARMeta(p) }
	plain := map[string]entryKind{}
	files, walked, targets := parseAll(ctx, func(emit func(string)) {
		walkFiles(ctx, dirs, want, func(p string, isDir bool) {
			if isDir {
				plain[p] = folderEntry
			} else {
				plain[p] = regularEntry
				emit(p)
			}
		})
	}, read, setting, progress)
	return scan{files, walked, plain, targets, setting}
}

// scanProfiles walks folders for the files that declare a profile (any
// name without an extension too), and parses only those.
func scanProfiles(ctx context.Context, dirs []string, setting grammar.ProcessorSetting) map[string]*File {
	files, _, _ := parseAll(ctx, func(emit func(string)) {
		walkFiles(ctx, dirs, MayHoldProfile, func(p string, isDir bool) {
			if !isDir {
				emit(p)
			}
		})
	}, readProfile, setting, nil)
	return files
}

// walkFiles emits the regular files under dirs whose name passes want and
// the folders below dirs it enters, skipping hidden folders, node_modules
// and the system's files (/proc, /sys, /dev and kernel file systems
// mounted anywhere: a workspace folder / is walked past them).
func walkFiles(ctx context.Context, dirs []string, want func(string) bool, emit func(p string, isDir bool)) {
	for _, dir := range dirs {
		dir = absPath(dir)
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || ctx.Err() != nil {
				return filepath.SkipDir
			}
			if d.IsDir() {
				name := d.Name()
				if p != dir && (strings.HasPrefix(name, ".") || name == "node_modules") || onSystemFiles(p) {
					return filepath.SkipDir
				}
				if p != dir {
					emit(p, true)
				}
				return nil
			}
			if d.Type().IsRegular() && want(p) {
				emit(p, false)
			}
			return nil
		})
	}
}

// parseAll reads (with read, which returns nil for files to skip) and
// parses in parallel the paths walk emits, as it emits them: the walk
// overlaps the parsing. progress is told the count once the walk is done.
// It returns the files, by path and in the order of the walk, and the
// targets of their plain imports (see plainTargets).
func parseAll(ctx context.Context, walk func(emit func(string)), read func(string) ([]byte, error), setting grammar.ProcessorSetting, progress func(done, total int)) (map[string]*File, []*File, map[*File][]string) {
	out := map[string]*File{}
	var walked []*File // by the index of its path in the walk (nil: skipped)
	targets := map[*File][]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	// Room for every path of a large workspace: the walk never waits for
	// the parsers (a goroutine woken per path costs more than the path).
	type emitted struct {
		index int
		path  string
	}
	jobs := make(chan emitted, 4096)
	done, total := 0, -1
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The worker's trees are dropped as soon as they are bound: one
			// arena serves them all, and one scratch their tables.
			var arena syntax.Arena
			var scratch facts.Scratch
			var joined joinedPaths
			for job := range jobs {
				p := job.path
				var f *File
				var plain []string
				if src, err := read(p); err == nil && src != nil {
					// src is this read's own buffer: it becomes the text.
					f = newClosedFile(p, text.Owned(src), DetectFile(p, src), setting, &arena, &scratch)
					arena.Reset()
					if f.Facts != nil {
						plain = plainTargets(p, f.Imports(), &joined)
					}
				}
				mu.Lock()
				if f != nil {
					out[p] = f
					for len(walked) <= job.index {
						walked = append(walked, nil)
					}
					walked[job.index] = f
				}
				if plain != nil {
					targets[f] = plain
				}
				done++
				if progress != nil && total >= 0 {
					progress(done, total)
				}
				mu.Unlock()
			}
		}()
	}
	count := 0
	walk(func(p string) {
		if ctx.Err() == nil {
			jobs <- emitted{count, p}
			count++
		}
	})
	close(jobs)
	mu.Lock()
	total = count
	if progress != nil {
		progress(done, total)
	}
	mu.Unlock()
	wg.Wait()
	return out, slices.DeleteFunc(walked, func(f *File) bool { return f == nil }), targets
}

// readTOSCA reads a file only if its head says it is TOSCA (or Heat): a
// workspace holds many large YAML files that are not, and they are not
// read whole. It returns nil for other files.
func readTOSCA(p string) ([]byte, error) {
	head, err := readHead(p, detectLimit)
	if err != nil {
		return nil, err
	}
	if Detect(head) == NotTOSCA || ForeignHead(head) != "" {
		return nil, nil
	}
	if len(head) < detectLimit {
		return head, nil
	}
	return readFile(p, MaxFileSize+1)
}

// readProfile reads a file only if its head declares a profile.
func readProfile(p string) ([]byte, error) {
	head, err := readHead(p, detectLimit)
	if err != nil || !DeclaresProfile(head) {
		return nil, err
	}
	if len(head) < detectLimit {
		return head, nil
	}
	return readFile(p, MaxFileSize+1)
}

// ForeignHead names the language a file's head states a
// tosca_definitions_version of when that language is not TOSCA ("" for
// TOSCA and other files): a folder scan does not read such a file.
func ForeignHead(head []byte) string {
	line := topLevelLine(head, grammar.ToscaVersionKey)
	if line == nil {
		return ""
	}
	_, value, _ := bytes.Cut(line, []byte(":"))
	if i := bytes.Index(value, []byte(" #")); i >= 0 {
		value = value[:i]
	}
	return grammar.ForeignLanguage(strings.Trim(string(value), " \t'\""))
}
