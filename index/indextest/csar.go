// Package indextest makes what the tests of file reading need: the files
// of a workspace, CSAR archives whose entries have any size (made the way
// zip bombs are, so that a 2 GiB entry takes a few milliseconds and
// megabytes to write), and listings of folders to tell that nothing was
// written into them.
package indextest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"
)

// Entry is one file of an archive: Head, then lines of padding up to Size
// bytes in all.
type Entry struct {
	Name string
	Head string
	Size int64
}

// chunk is the unit of padding compressed at a time; its size is a
// multiple of the padding line's, so every chunk holds the same bytes.
const chunk = 1 << 20

var padding = bytes.Repeat([]byte(strings.Repeat("# padding ", 6)+"pad\n"), chunk/64) // 64-byte lines

// WriteCSAR makes an archive of entries at path.
func WriteCSAR(path string, entries ...Entry) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(fh)
	for _, e := range entries {
		if err := writeEntry(zw, e); err != nil {
			fh.Close()
			return fmt.Errorf("%s: %w", e.Name, err)
		}
	}
	if err := zw.Close(); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// writeEntry compresses the padding chunk by chunk (each flushed to a byte
// boundary) until two chunks compress to the same bytes: from then on every
// chunk does (the compressor's window holds nothing but padding), so the
// rest is that block repeated, without compressing it.
func writeEntry(zw *zip.Writer, e Entry) error {
	if e.Size < int64(len(e.Head)) {
		return fmt.Errorf("size %d is shorter than the head", e.Size)
	}
	var out bytes.Buffer
	fw, err := flate.NewWriter(&out, flate.BestCompression)
	if err != nil {
		return err
	}
	crc := crc32.Update(0, crc32.IEEETable, []byte(e.Head))
	fw.Write([]byte(e.Head))
	rest := e.Size - int64(len(e.Head))
	var steady, prev []byte
	var repeats int64
	for ; rest >= chunk; rest -= chunk {
		crc = crc32.Update(crc, crc32.IEEETable, padding)
		if steady != nil {
			repeats++
			continue
		}
		start := out.Len()
		fw.Write(padding)
		if err := fw.Flush(); err != nil {
			return err
		}
		block := bytes.Clone(out.Bytes()[start:])
		if bytes.Equal(block, prev) {
			steady = block
			out.Truncate(start) // written below, with the repeats
			repeats++
		}
		prev = block
	}
	head := bytes.Clone(out.Bytes())
	out.Reset()
	crc = crc32.Update(crc, crc32.IEEETable, padding[:rest])
	fw.Write(padding[:rest])
	if err := fw.Close(); err != nil {
		return err
	}
	compressed := int64(len(head)) + repeats*int64(len(steady)) + int64(out.Len())
	w, err := zw.CreateRaw(&zip.FileHeader{Name: e.Name, Method: zip.Deflate, CRC32: crc,
		CompressedSize64: uint64(compressed), UncompressedSize64: uint64(e.Size)})
	if err != nil {
		return err
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	for range repeats {
		if _, err := w.Write(steady); err != nil {
			return err
		}
	}
	_, err = io.Copy(w, &out)
	return err
}
