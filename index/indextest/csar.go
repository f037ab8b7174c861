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
	"encoding/binary"
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
	// WrongCRC records a checksum the data does not have; Declared, when
	// set, is the size recorded instead of Size. A reader finds either lie
	// only once it has read (and its caller written) the data.
	WrongCRC bool
	Declared int64
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

// deflated is an entry compressed: head, then steady repeated, then tail.
type deflated struct {
	head, steady, tail []byte
	repeats            int64
	crc                uint32
}

func (d *deflated) size() int64 {
	return int64(len(d.head)) + d.repeats*int64(len(d.steady)) + int64(len(d.tail))
}

func (d *deflated) writeTo(w io.Writer) error {
	if _, err := w.Write(d.head); err != nil {
		return err
	}
	for range d.repeats {
		if _, err := w.Write(d.steady); err != nil {
			return err
		}
	}
	_, err := w.Write(d.tail)
	return err
}

// header is what the archive records of an entry, lies included.
func (e Entry) header(d *deflated) *zip.FileHeader {
	h := &zip.FileHeader{Name: e.Name, Method: zip.Deflate, CRC32: d.crc,
		CompressedSize64: uint64(d.size()), UncompressedSize64: uint64(e.Size)}
	if e.WrongCRC {
		h.CRC32 = ^d.crc
	}
	if e.Declared != 0 {
		h.UncompressedSize64 = uint64(e.Declared)
	}
	return h
}

func writeEntry(zw *zip.Writer, e Entry) error {
	d, err := deflate(e)
	if err != nil {
		return err
	}
	w, err := zw.CreateRaw(e.header(d))
	if err != nil {
		return err
	}
	return d.writeTo(w)
}

// deflate compresses the padding chunk by chunk (each flushed to a byte
// boundary) until two chunks compress to the same bytes: from then on every
// chunk does (the compressor's window holds nothing but padding), so the
// rest is that block repeated, without compressing it.
func deflate(e Entry) (*deflated, error) {
	if e.Size < int64(len(e.Head)) {
		return nil, fmt.Errorf("size %d is shorter than the head", e.Size)
	}
	var out bytes.Buffer
	fw, err := flate.NewWriter(&out, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	d := &deflated{crc: crc32.Update(0, crc32.IEEETable, []byte(e.Head))}
	fw.Write([]byte(e.Head))
	rest := e.Size - int64(len(e.Head))
	var prev []byte
	for ; rest >= chunk; rest -= chunk {
		d.crc = crc32.Update(d.crc, crc32.IEEETable, padding)
		if d.steady != nil {
			d.repeats++
			continue
		}
		start := out.Len()
		fw.Write(padding)
		if err := fw.Flush(); err != nil {
			return nil, err
		}
		block := bytes.Clone(out.Bytes()[start:])
		if bytes.Equal(block, prev) {
			d.steady = block
			out.Truncate(start) // written by writeTo, with the repeats
			d.repeats++
		}
		prev = block
	}
	d.head = bytes.Clone(out.Bytes())
	out.Reset()
	d.crc = crc32.Update(d.crc, crc32.IEEETable, padding[:rest])
	fw.Write(padding[:rest])
	if err := fw.Close(); err != nil {
		return nil, err
	}
	d.tail = out.Bytes()
	return d, nil
}

// WriteOverlapping makes an archive at path whose n entries, named
// "<i>-<e.Name>", all point at one copy of e's data: the archive is the
// size of one entry, its content n times that.
func WriteOverlapping(path string, n int, e Entry) error {
	d, err := deflate(e)
	if err != nil {
		return err
	}
	h := e.header(d)
	var buf bytes.Buffer
	le := func(vs ...any) {
		for _, v := range vs {
			_ = binary.Write(&buf, binary.LittleEndian, v)
		}
	}
	// The one local file header and its data, at offset 0.
	le(uint32(0x04034b50), uint16(20), uint16(0), zip.Deflate, uint16(0), uint16(0),
		h.CRC32, uint32(h.CompressedSize64), uint32(h.UncompressedSize64), uint16(len(e.Name)), uint16(0))
	buf.WriteString(e.Name)
	if err := d.writeTo(&buf); err != nil {
		return err
	}
	directory := buf.Len()
	for i := range n {
		name := fmt.Sprintf("%d-%s", i, e.Name)
		le(uint32(0x02014b50), uint16(20), uint16(20), uint16(0), zip.Deflate, uint16(0), uint16(0),
			h.CRC32, uint32(h.CompressedSize64), uint32(h.UncompressedSize64),
			uint16(len(name)), uint16(0), uint16(0), uint16(0), uint16(0), uint32(0), uint32(0))
		buf.WriteString(name)
	}
	end := buf.Len()
	le(uint32(0x06054b50), uint16(0), uint16(0), uint16(n), uint16(n),
		uint32(end-directory), uint32(directory), uint16(0))
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
