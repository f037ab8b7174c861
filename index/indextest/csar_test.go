package indextest

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteCSAR: every entry reads back whole, byte for byte, with its checksum
// verified, whatever its size against the chunks'; a 2 GiB entry stays a
// small file.
func TestWriteCSAR(t *testing.T) {
	const head = "tosca_definitions_version: tosca_2_0\n"
	entries := []Entry{
		{Name: "empty.yaml", Head: "", Size: 0},
		{Name: "head-only.yaml", Head: head, Size: int64(len(head))},
		{Name: "short.yaml", Head: head, Size: 1000},
		{Name: "one-chunk.yaml", Head: head, Size: chunk},
		{Name: "many-chunks.yaml", Head: head, Size: 9*chunk + 12345},
		{Name: "no-head.bin", Head: "", Size: 7 * chunk},
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
	if err := WriteCSAR(bomb, Entry{Name: "bomb.yaml", Head: head, Size: 2 << 30}); err != nil {
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

// TestWriteLies: an entry's lies are found only once its data is read (a
// wrong checksum at its end, a declared size smaller than the data past
// that size), and overlapping entries all read the one copy of the data.
func TestWriteLies(t *testing.T) {
	const head = "tosca_definitions_version: tosca_2_0\n"
	dir := t.TempDir()
	lies := filepath.Join(dir, "lies.csar")
	if err := WriteCSAR(lies,
		Entry{Name: "crc.yaml", Head: head, Size: 3 * chunk, WrongCRC: true},
		Entry{Name: "short.yaml", Head: head, Size: 3 * chunk, Declared: chunk}); err != nil {
		t.Fatal(err)
	}
	checkReads(t, lies, []int64{3 * chunk, chunk}, []error{zip.ErrChecksum, zip.ErrFormat})

	overlapping := filepath.Join(dir, "overlapping.csar")
	if err := WriteOverlapping(overlapping, 250, Entry{Name: "t.yaml", Head: head, Size: 16 * chunk, WrongCRC: true}); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(overlapping); err != nil || info.Size() > 64<<10 {
		t.Fatalf("the overlapping archive is not small: %v, %v", info, err)
	}
	sizes, errs := make([]int64, 250), make([]error, 250)
	for i := range sizes {
		sizes[i], errs[i] = 16*chunk, zip.ErrChecksum
	}
	checkReads(t, overlapping, sizes, errs)
}

// checkReads reads every entry of archive: each gives about sizes[i] bytes
// (the reader holds back its last block once it finds a lie), then errs[i].
func checkReads(t *testing.T, archive string, sizes []int64, errs []error) {
	t.Helper()
	r, err := zip.OpenReader(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if len(r.File) != len(sizes) {
		t.Fatalf("%s: %d entries, want %d", archive, len(r.File), len(sizes))
	}
	for i, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, rc)
		rc.Close()
		if err != errs[i] || n < sizes[i]-chunk || n > sizes[i] {
			t.Errorf("%s: %d bytes, %v; want about %d, %v", f.Name, n, err, sizes[i], errs[i])
		}
	}
}
