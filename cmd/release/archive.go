package main

import (
	"archive/tar"
	"archive/zip"
	"compress/flate"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"time"
)

// archived is one file of a platform's archive.
type archived struct {
	name string // in the archive
	path string // on disk
	mode os.FileMode
}

// archiveFiles are what each platform's archive holds, at its top level
// (package managers such as mason name the binary by its path there), in
// the order written.
func archiveFiles(p platform, bin, src string) []archived {
	return []archived{
		{"CHANGELOG.md", filepath.Join(src, "CHANGELOG.md"), 0o644},
		{"README.md", filepath.Join(src, "README.md"), 0o644},
		{p.exe(), bin, 0o755},
	}
}

// writeArchive writes the platform's archive at path: a zip for Windows,
// else a gzipped tar. Every entry has the time given, root as owner and
// a fixed mode, so the bytes depend on the files' contents only.
func writeArchive(path string, p platform, bin, src string, modified time.Time) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	files := archiveFiles(p, bin, src)
	if p.goos == "windows" {
		err = writeZip(f, files, modified)
	} else {
		err = writeTarGz(f, files, modified)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func writeTarGz(w io.Writer, files []archived, modified time.Time) error {
	// A gzip header with no name and no time.
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	for _, f := range files {
		data, err := os.ReadFile(f.path)
		if err != nil {
			return err
		}
		hdr := &tar.Header{
			Typeflag: tar.TypeReg, Name: f.name, Size: int64(len(data)), Mode: int64(f.mode),
			ModTime: modified, Uname: "root", Gname: "root", Format: tar.FormatUSTAR,
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

func writeZip(w io.Writer, files []archived, modified time.Time) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	for _, f := range files {
		data, err := os.ReadFile(f.path)
		if err != nil {
			return err
		}
		hdr := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: modified}
		hdr.SetMode(f.mode)
		entry, err := zw.CreateHeader(hdr)
		if err != nil {
			return err
		}
		if _, err := entry.Write(data); err != nil {
			return err
		}
	}
	return zw.Close()
}
