package indextest

import (
	"archive/zip"
	"bytes"
	"io"
	"path/filepath"
	"testing"
)

// TestWriteCSAR: every entry reads back whole, byte for byte, with its checksum
// verified, whatever its size against the chunks'; a 2 GiB entry stays a
// small file.
func TestWriteCSAR(t *testing.T) {
	const head = "tosca_definitions_version: tosca_2_0\n"
	entries := []Entry{
		{"empty.yaml", "", 0},
		{"head-only.yaml", head, int64(len(head))},
		{"short.yaml", head, 1000},
		{"one-chunk.yaml", head, chunk},
		{"many-chunks.yaml", head, 9*chunk + 12345},
		{"no-head.bin", "", 7 * chunk},
	}
	path := filepath.Join(t.TempDir(), "a.csar")
	if err := WriteCSAR(path, entries...); err != nil {
		t.Fatal(err)
	}
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if len(r.File) != len(entries) {
		t.Fatalf("%d entries, want %d", len(r.File), len(entries))
	}
	for i, f := range r.File {
		e := entries[i]
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc) // checks the CRC at the end
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		want := []byte(e.Head)
		for int64(len(want)) < e.Size {
			want = append(want, padding[:min(int64(len(padding)), e.Size-int64(len(want)))]...)
		}
		if f.Name != e.Name || !bytes.Equal(got, want) {
			t.Errorf("%s: read %d bytes back, want %d (equal: %v)", f.Name, len(got), len(want), bytes.Equal(got, want))
		}
	}

	bomb := filepath.Join(t.TempDir(), "bomb.csar")
	if err := WriteCSAR(bomb, Entry{"bomb.yaml", head, 2 << 30}); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(bomb)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if f := zr.File[0]; f.UncompressedSize64 != 2<<30 || f.CompressedSize64 > 8<<20 {
		t.Errorf("bomb: %d bytes compressed to %d", f.UncompressedSize64, f.CompressedSize64)
	}
}
