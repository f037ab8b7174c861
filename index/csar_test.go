package index

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// writeZip makes an archive of entries whose content is a TOSCA header and
// size bytes of padding (compressed: the archive itself stays small).
func writeZip(t *testing.T, entries map[string]int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "archive.csar")
	fh, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(fh)
	pad := bytes.Repeat([]byte("# padding padding padding padding padding padding padding padding\n"), 1<<14)
	for name, size := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("tosca_definitions_version: tosca_2_0\n"))
		for written := 0; written < size; written += len(pad) {
			w.Write(pad[:min(len(pad), size-written)])
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	return p
}

// TestExtractCSARBoundsOneHugeEntry: a 100 MB entry is cut at the size limit
// while streaming (reported as too large, never read whole) and the index
// keeps only its first line.
func TestExtractCSARBoundsOneHugeEntry(t *testing.T) {
	archive := writeZip(t, map[string]int{"big.yaml": 100 << 20, "TOSCA-Metadata/TOSCA.meta": 10, "scripts/install.sh": 1 << 20})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	dir, err := ExtractCSAR(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if st, err := os.Stat(filepath.Join(dir, "big.yaml")); err != nil || st.Size() != MaxFileSize+1 {
		t.Errorf("big.yaml extracted: %v, %v (want %d bytes)", st, err, MaxFileSize+1)
	}
	if st, err := os.Stat(filepath.Join(dir, "scripts/install.sh")); err != nil || st.Size() != 0 {
		t.Errorf("an artifact is created empty, not read: %v %v", st, err)
	}
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(t.Context(), dir, nil)
	runtime.GC()
	runtime.ReadMemStats(&after)
	f := ws.Snapshot().File(filepath.Join(dir, "big.yaml"))
	if f == nil || !f.TooLarge || len(f.Text()) > 100 {
		t.Fatalf("big.yaml: %+v", f)
	}
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 48<<20 {
		t.Errorf("the heap grew by %d MB for one huge entry", grew>>20)
	}
}

// TestExtractCSARTotalBudget: an archive with more TOSCA content than the
// budget is refused as it is read, not after.
func TestExtractCSARTotalBudget(t *testing.T) {
	entries := map[string]int{}
	for i := range 20 {
		entries["types/t"+strings.Repeat("x", i)+".yaml"] = 15 << 20
	}
	_, err := ExtractCSAR(writeZip(t, entries))
	if err == nil || !strings.Contains(err.Error(), "more than 256 MB") {
		t.Fatalf("err = %v", err)
	}
}
