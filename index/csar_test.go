package index

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/index/indextest"
)

const toscaHead = "tosca_definitions_version: tosca_2_0\n"

// TestExtractCSAR: what an archive can make tosca-ls inflate, write and
// allocate is bounded, whatever its entries claim (a 500 MB entry took
// 1.26 GB, 30 entries of 15 MB 2.5 GB and 13 s): TOSCA files are streamed
// to disk and cut at the size limit, artifacts are never inflated, the
// total is budgeted, and nothing is written outside the new folder.
func TestExtractCSAR(t *testing.T) {
	many := func(n int, size int64) []indextest.Entry {
		var out []indextest.Entry
		for i := range n {
			out = append(out, indextest.Entry{Name: "types/t" + strings.Repeat("x", i) + ".yaml", Head: toscaHead, Size: size})
		}
		return out
	}
	meta := "CSAR-Version: 2.0\nCreated-By: test\nEntry-Definitions: Definitions/big.yaml\n"
	for _, tc := range []struct {
		name    string
		entries []indextest.Entry
		// limit replaces maxEntries when set.
		limit int
		// err is the refusal; else sizes are the sizes extracted.
		err   string
		sizes map[string]int64
	}{
		{"one TOSCA entry of 500 MB is cut at the size limit", []indextest.Entry{
			{Name: "TOSCA-Metadata/TOSCA.meta", Head: meta, Size: int64(len(meta))},
			{Name: "Definitions/big.yaml", Head: toscaHead, Size: 500 << 20},
		}, 0, "", map[string]int64{"TOSCA-Metadata/TOSCA.meta": int64(len(meta)), "Definitions/big.yaml": MaxFileSize + 1}},
		{"a 2 GiB zip bomb named as TOSCA is cut at the size limit", []indextest.Entry{
			{Name: "bomb.yaml", Head: toscaHead, Size: 2 << 30},
		}, 0, "", map[string]int64{"bomb.yaml": MaxFileSize + 1}},
		{"a 2 GiB zip bomb among the artifacts is never inflated", []indextest.Entry{
			{Name: "main.yaml", Head: toscaHead, Size: 100},
			{Name: "files/disk.img", Size: 2 << 30},
		}, 0, "", map[string]int64{"main.yaml": 100, "files/disk.img": 0}},
		{"entries leaving the folder are skipped", []indextest.Entry{
			{Name: "main.yaml", Head: toscaHead, Size: 100},
			{Name: "../escape.yaml", Head: toscaHead, Size: 100},
			{Name: "a/../../escape.yaml", Head: toscaHead, Size: 100},
		}, 0, "", map[string]int64{"main.yaml": 100}},
		{"30 TOSCA entries of 15 MB go over the budget", many(30, 15<<20), 0, "archive holds more than 256 MB of TOSCA files", nil},
		{"more entries than allowed", many(21, int64(len(toscaHead))), 20, "archive holds more than 20 entries", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.limit != 0 {
				defer func(n int) { maxEntries = n }(maxEntries)
				maxEntries = tc.limit
			}
			archive := filepath.Join(t.TempDir(), "archive.csar")
			if err := indextest.WriteCSAR(archive, tc.entries...); err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			var dir string
			var err error
			start := time.Now()
			allocated := allocatedBy(func() { dir, err = extractTemp(archive) })
			if took := time.Since(start); took > 60*time.Second {
				t.Errorf("extraction took %v", took) // a hang guard: it takes about a second
			}
			// Streamed: what is allocated does not grow with the entries.
			if allocated > 32<<20 {
				t.Errorf("extraction allocated %d MB", allocated>>20)
			}
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(dir)
			if filepath.Dir(dir) != tmp {
				t.Errorf("extracted into %s, not a new folder of %s", dir, tmp)
			}
			got := map[string]int64{}
			filepath.WalkDir(tmp, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					info, _ := d.Info()
					rel, _ := filepath.Rel(dir, p)
					got[filepath.ToSlash(rel)] = info.Size()
					if perm := info.Mode().Perm(); perm&0o077 != 0 {
						t.Errorf("%s: permissions %v, want private", rel, perm)
					}
				}
				return nil
			})
			if len(got) != len(tc.sizes) {
				t.Errorf("extracted %v, want %v", got, tc.sizes)
			}
			for name, size := range tc.sizes {
				if got[name] != size {
					t.Errorf("%s: %d bytes extracted, want %d", name, got[name], size)
				}
			}
		})
	}
}

// extractTemp extracts archive into a new folder of the temporary folder,
// removed when the archive is refused.
func extractTemp(archive string) (string, error) {
	dir, err := os.MkdirTemp("", "tosca-ls-csar-")
	if err != nil {
		return "", err
	}
	if err := ExtractCSAR(context.Background(), archive, dir); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// TestExtractCSARCountsBrokenEntries: every byte written counts against
// the budget, whatever the entry's error. A 29 KB archive of 250 entries
// overlapping one 16 MB bomb with a wrong checksum wrote 3.75 GB once, the
// budget skipped for each broken entry; so did entries declaring a size
// smaller than their data. Here with a budget of 8 MB: the extraction
// stops there, having written at most one byte more.
func TestExtractCSARCountsBrokenEntries(t *testing.T) {
	const budget = 8 << 20
	dir := t.TempDir()
	overlapping := filepath.Join(dir, "overlapping.csar")
	if err := indextest.WriteOverlapping(overlapping, 250, indextest.Entry{Name: "t.yaml", Head: toscaHead, Size: 16 << 20, WrongCRC: true}); err != nil {
		t.Fatal(err)
	}
	var shortEntries []indextest.Entry
	for i := range 10 {
		shortEntries = append(shortEntries, indextest.Entry{Name: fmt.Sprintf("t%d.yaml", i), Head: toscaHead, Size: 4 << 20, Declared: 3 << 20})
	}
	declaredShort := filepath.Join(dir, "short.csar")
	if err := indextest.WriteCSAR(declaredShort, shortEntries...); err != nil {
		t.Fatal(err)
	}
	for _, archive := range []string{overlapping, declaredShort} {
		t.Run(filepath.Base(archive), func(t *testing.T) {
			out := t.TempDir()
			written, err := extractCSAR(t.Context(), archive, out, budget)
			if err == nil || err.Error() != "archive holds more than 8 MB of TOSCA files" {
				t.Errorf("err = %v, want the budget's", err)
			}
			var onDisk int64
			filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					info, _ := d.Info()
					onDisk += info.Size()
				}
				return nil
			})
			if written > budget+1 || onDisk != written {
				t.Errorf("%d bytes written (%d on disk), budget %d", written, onDisk, budget)
			}
		})
	}
}

// TestExtractCSARStopsWhenDone: an extraction stops at its next entry once
// its context is done (check removes the folder on a signal, after the
// extraction has stopped writing into it).
func TestExtractCSARStopsWhenDone(t *testing.T) {
	archive := filepath.Join(t.TempDir(), "a.csar")
	if err := indextest.WriteCSAR(archive, indextest.Entry{Name: "a.yaml", Head: toscaHead, Size: 100}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	out := t.TempDir()
	if err := ExtractCSAR(ctx, archive, out); err != context.Canceled {
		t.Errorf("err = %v, want %v", err, context.Canceled)
	}
	if left, _ := os.ReadDir(out); len(left) != 0 {
		t.Errorf("%d files written after the context was done", len(left))
	}
}

// allocatedBy is the number of bytes allocated while fn runs.
func allocatedBy(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestExtractedHugeEntryIndexed: the index keeps only the first line of a
// TOSCA file cut at the size limit, and says it is too large.
func TestExtractedHugeEntryIndexed(t *testing.T) {
	archive := filepath.Join(t.TempDir(), "archive.csar")
	if err := indextest.WriteCSAR(archive, indextest.Entry{Name: "big.yaml", Head: toscaHead, Size: 100 << 20}); err != nil {
		t.Fatal(err)
	}
	dir, err := extractTemp(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(t.Context(), dir, nil)
	runtime.GC()
	runtime.ReadMemStats(&after)
	f := ws.Snapshot().File(filepath.Join(dir, "big.yaml"))
	if f == nil || !f.TooLarge || f.Text() != strings.TrimSuffix(toscaHead, "\n") {
		t.Fatalf("big.yaml: %+v", f)
	}
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 48<<20 {
		t.Errorf("the heap grew by %d MB for one huge entry", grew>>20)
	}
}

// FuzzExtractCSAR reads arbitrary bytes as an archive: nothing panics, and
// what is extracted stays inside its folder and within the limits, and
// indexes.
func FuzzExtractCSAR(f *testing.F) {
	meta := "CSAR-Version: 2.0\nCreated-By: test\nEntry-Definitions: main.yaml\n"
	for _, entries := range [][]indextest.Entry{
		{{Name: "TOSCA-Metadata/TOSCA.meta", Head: meta, Size: int64(len(meta))}, {Name: "main.yaml", Head: toscaHead + "imports: [types/t.yaml]\n", Size: 200}, {Name: "types/t.yaml", Head: toscaHead, Size: 100}},
		{{Name: "../up.yaml", Head: toscaHead, Size: 100}, {Name: "scripts/run.sh", Head: "echo\n", Size: 5}},
		{{Name: "big.yaml", Head: toscaHead, Size: 3 << 20}},
	} {
		archive := filepath.Join(f.TempDir(), "seed.csar")
		if err := indextest.WriteCSAR(archive, entries...); err != nil {
			f.Fatal(err)
		}
		data, err := os.ReadFile(archive)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	cache := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		tmp := t.TempDir()
		t.Setenv("TMPDIR", tmp)
		archive := filepath.Join(t.TempDir(), "fuzz.csar")
		if err := os.WriteFile(archive, data, 0o600); err != nil {
			t.Fatal(err)
		}
		dir, err := extractTemp(archive)
		if err != nil {
			return
		}
		defer os.RemoveAll(dir)
		var total int64
		filepath.WalkDir(tmp, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			if !Within(dir, p) || !info.Mode().IsRegular() || info.Size() > MaxFileSize+1 {
				t.Fatalf("extracted %s (%v, %d bytes)", p, info.Mode(), info.Size())
			}
			total += info.Size()
			return nil
		})
		if total > CSARBudget+1 {
			t.Fatalf("extracted %d bytes", total)
		}
		ws := NewWorkspace(Options{CacheDir: cache})
		defer ws.Close()
		ws.AddFolder(t.Context(), dir, nil)
		ws.Settle(t.Context())
	})
}
