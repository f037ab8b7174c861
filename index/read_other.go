//go:build !unix

package index

import (
	"fmt"
	"io"
	"os"
)

// readFile reads a regular file, at most limit bytes (one more tells its
// caller the file is too large). On Unix (read.go) the open itself never
// blocks; here (Windows) a path is checked to be a regular file before and
// after it is opened, so a device or a pipe is not read.
func readFile(path string, limit int) ([]byte, error) {
	return readRegular(path, limit+1)
}

// readHead reads up to n bytes from the start of a regular file.
func readHead(path string, n int) ([]byte, error) {
	return readRegular(path, n)
}

func readRegular(path string, max int) ([]byte, error) {
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	buf := make([]byte, 0, min(st.Size(), int64(max))+1)
	return readUpTo(f, buf, max)
}

// readUpTo appends from r to buf until the end or max bytes.
func readUpTo(r io.Reader, buf []byte, max int) ([]byte, error) {
	for len(buf) < max {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), max)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}
