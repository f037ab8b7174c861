package index

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// CSARBudget bounds the bytes of TOSCA files read out of one archive.
const CSARBudget = 256 << 20

// maxEntries bounds the entries of one archive: each becomes a file on
// disk (an artifact an empty one), and a small archive of millions of
// empty entries would otherwise take minutes and the disk's inodes.
var maxEntries = 100_000

// IsArchive reports whether a path names a CSAR archive by its extension.
func IsArchive(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".csar" || ext == ".zip"
}

// ExtractCSAR unpacks what tosca-ls reads of a CSAR into a new temporary
// folder: the files that may hold TOSCA (by extension, or without one) and
// the metadata, each streamed and cut at MaxFileSize+1 bytes (a larger one
// is then reported as too large, not read whole), at most CSARBudget bytes
// in all. Every other entry (scripts, images: artifacts) is created empty,
// so that references to it still find a file, without reading it. Entries
// that would leave the folder are skipped; an archive of more than
// maxEntries entries is refused.
func ExtractCSAR(archive string) (string, error) {
	r, err := zip.OpenReader(archive)
	if err != nil {
		return "", err
	}
	defer r.Close()
	if len(r.File) > maxEntries {
		return "", fmt.Errorf("archive holds more than %d entries", maxEntries)
	}
	dir, err := os.MkdirTemp("", "tosca-ls-csar-")
	if err != nil {
		return "", err
	}
	var total int64
	for _, f := range r.File {
		target := filepath.Join(dir, filepath.FromSlash(f.Name))
		if !within(dir, target) || target == dir {
			continue
		}
		if f.FileInfo().IsDir() {
			_ = os.MkdirAll(target, 0o700)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
			continue
		}
		n, err := extractEntry(f, target, readsEntry(f.Name))
		total += n
		if err != nil {
			continue
		}
		if total > CSARBudget {
			os.RemoveAll(dir)
			return "", fmt.Errorf("archive holds more than %d MB of TOSCA files", CSARBudget>>20)
		}
	}
	return dir, nil
}

// readsEntry reports whether an archive entry's content is read: TOSCA
// files and the CSAR metadata.
func readsEntry(name string) bool {
	return MayHoldProfile(name) || filepath.Base(name) == grammar.CSARMetaFile
}

// extractEntry writes an entry to target, its content only when read is
// set (streamed, cut at MaxFileSize+1 bytes); it returns the bytes written.
func extractEntry(f *zip.File, target string, read bool) (int64, error) {
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return 0, err
	}
	defer out.Close()
	if !read {
		return 0, nil
	}
	rc, err := f.Open()
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	return io.Copy(out, io.LimitReader(rc, MaxFileSize+1))
}
