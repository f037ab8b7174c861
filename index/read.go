//go:build unix

package index

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"time"
)

// readFile reads a regular file, at most limit bytes: a file that grew past
// the limit since it was listed is cut there and reported as too large by
// its caller. The open never blocks (O_NONBLOCK) and the file is checked
// again once open, so a path swapped for a pipe between the check and the
// open is not read either.
func readFile(path string, limit int) ([]byte, error) {
	var st syscall.Stat_t
	if err := ignoringEINTR(func() error { return syscall.Stat(path, &st) }); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	fd, size, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	return readFD(fd, path, make([]byte, 0, min(size, int64(limit))+1), limit+1)
}

// readHead reads up to n bytes from the start of a regular file.
func readHead(path string, n int) ([]byte, error) {
	fd, size, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	return readFD(fd, path, make([]byte, 0, min(int64(n), size+1)), n)
}

// openRegular opens path for reading and returns its descriptor and size
// once fstat says it is a regular file. The open never blocks
// (O_NONBLOCK), and the descriptor bypasses the runtime's poller, which
// os.Open would ask (a system call per file, refused for regular files):
// a workspace scan opens thousands.
func openRegular(path string) (fd int, size int64, err error) {
	err = ignoringEINTR(func() error {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		return err
	})
	if err != nil {
		return -1, 0, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := ignoringEINTR(func() error { return syscall.Fstat(fd, &st) }); err != nil {
		syscall.Close(fd)
		return -1, 0, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return -1, 0, fmt.Errorf("%s: %w", path, errNotRegular)
	}
	return fd, st.Size, nil
}

// readFD appends from fd to buf until end of file or until buf holds max
// bytes. It never blocks: a read that would (EAGAIN: /proc/kmsg, a FUSE
// file system honouring O_NONBLOCK while it fetches a page) is tried again
// a few times within about a tenth of a second, then the file is given up
// with errWouldBlock, so a walker never hangs on one.
func readFD(fd int, path string, buf []byte, max int) ([]byte, error) {
	wait := time.Millisecond
	for len(buf) < max {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		var n int
		err := ignoringEINTR(func() (err error) {
			n, err = syscall.Read(fd, buf[len(buf):min(cap(buf), max)])
			return err
		})
		if err == syscall.EAGAIN {
			if wait > maxReadWait {
				return buf, &fs.PathError{Op: "read", Path: path, Err: errWouldBlock}
			}
			time.Sleep(wait)
			wait *= 2
			continue
		}
		if err != nil {
			return buf, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			break
		}
		buf = buf[:len(buf)+n]
	}
	return buf, nil
}

// maxReadWait is the longest pause between two tries of a read that would
// block (the pauses double from a millisecond: 127 ms in all).
const maxReadWait = 64 * time.Millisecond

// errWouldBlock is the error of a file whose reads would block.
var errWouldBlock = errors.New("reading would block")

func ignoringEINTR(call func() error) error {
	for {
		if err := call(); err != syscall.EINTR {
			return err
		}
	}
}
