package index

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// CSARBudget bounds the bytes of TOSCA files written out of one archive.
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

// ExtractCSAR unpacks what tosca-ls reads of a CSAR into dir, a new empty
// folder the caller owns (and removes): the files that may hold TOSCA (by
// extension, or without one) and the metadata, each streamed and cut at
// MaxFileSize+1 bytes (a larger one is then reported as too large, not
// read whole), at most CSARBudget bytes written in all. Every other entry
// (scripts, images: artifacts) is created empty, so that references to it
// still find a file, without reading it. Entries that would leave the
// folder are skipped; an archive of more than maxEntries entries is
// refused. It stops at the next entry once ctx is done.
func ExtractCSAR(ctx context.Context, archive, dir string) error {
	_, err := extractCSAR(ctx, archive, dir, CSARBudget)
	return err
}

// extractCSAR is ExtractCSAR within budget bytes; it returns the bytes
// written. Every byte written counts, whatever the entry's error (a wrong
// checksum, a declared size smaller than the data): an entry is cut where
// the budget ends, so no more than budget+1 bytes are ever written.
func extractCSAR(ctx context.Context, archive, dir string, budget int64) (int64, error) {
	r, err := zip.OpenReader(archive)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	if len(r.File) > maxEntries {
		return 0, fmt.Errorf("archive holds more than %d entries", maxEntries)
	}
	var written int64
	for _, f := range r.File {
		if err := ctx.Err(); err != nil {
			return written, err
		}
		target := filepath.Join(dir, filepath.FromSlash(f.Name))
		if !Within(dir, target) || target == dir {
			continue
		}
		if f.FileInfo().IsDir() {
			_ = os.MkdirAll(target, 0o700)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
			continue
		}
		// A broken entry is skipped, but what it wrote counts.
		n, _ := extractEntry(f, target, readsEntry(f.Name), min(MaxFileSize+1, budget-written+1))
		written += n
		if written > budget {
			return written, fmt.Errorf("archive holds more than %d MB of TOSCA files", budget>>20)
		}
	}
	return written, nil
}

// readsEntry reports whether an archive entry's content is read: TOSCA
// files and the CSAR metadata.
func readsEntry(name string) bool {
	return MayHoldProfile(name) || filepath.Base(name) == grammar.CSARMetaFile
}

// extractEntry writes an entry to target, its content only when read is
// set (streamed, cut at limit bytes); it returns the bytes written, also
// when the entry turns out broken.
func extractEntry(f *zip.File, target string, read bool, limit int64) (int64, error) {
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
	return io.Copy(out, io.LimitReader(rc, limit))
}
