package index

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// MaxFileSize bounds what is read from disk: larger files are kept without
// being parsed (and say so).
const MaxFileSize = 16 << 20

// errNotRegular is returned for anything but a regular file: directories,
// devices, named pipes and sockets are never read (a pipe would block, a
// device would never end).
var errNotRegular = errors.New("not a regular file")

// readFile reads a regular file, at most limit bytes: a file that grew past
// the limit since it was listed is cut there and reported as too large by
// its caller. The open never blocks (O_NONBLOCK) and the file is checked
// again once open, so a path swapped for a pipe between the check and the
// open is not read either.
func readFile(path string, limit int) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	fh, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if st, err = fh.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	blocking(fh)
	size := st.Size()
	if size > int64(limit) {
		size = int64(limit)
	}
	data := make([]byte, 0, size+1)
	data, err = readUpTo(fh, data, limit+1)
	if err != nil {
		return nil, err
	}
	return data, nil
}

// readUpTo appends from r to buf until EOF or until buf holds max bytes.
func readUpTo(r io.Reader, buf []byte, max int) ([]byte, error) {
	lr := io.LimitReader(r, int64(max-len(buf)))
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// readHead reads up to n bytes from the start of a regular file.
func readHead(path string, n int) ([]byte, error) {
	fh, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	blocking(fh)
	return readUpTo(fh, make([]byte, 0, min(int64(n), st.Size()+1)), n)
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// blocking puts a file known to be regular back in blocking mode: some
// file systems answer EAGAIN to a non-blocking read of a regular file whose
// pages are not cached. (Fd does it, as a documented side effect.)
func blocking(fh *os.File) { _ = fh.Fd() }
