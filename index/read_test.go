package index

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadFile: only regular files are opened for reading, without ever
// blocking, and the size limit holds while reading, whatever stat said.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	regular := filepath.Join(dir, "file.yaml")
	if err := os.WriteFile(regular, []byte("0123456789"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		path  string
		limit int
		size  int   // bytes read
		err   error // wanted error (errors.Is)
	}{
		{"a regular file", regular, 100, 10, nil},
		{"a regular file over the limit is cut after it", regular, 4, 5, nil},
		// /proc files say they are empty and are not: the limit is enforced
		// on what is read, not on what stat said.
		{"a file larger than stat says", "/proc/self/status", 20, 21, nil},
		{"a named pipe with no writer", fifo, 100, 0, errNotRegular},
		{"/dev/zero", "/dev/zero", 100, 0, errNotRegular},
		{"/dev/urandom", "/dev/urandom", 100, 0, errNotRegular},
		{"a folder", dir, 100, 0, errNotRegular},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan struct{})
			var data []byte
			var err error
			go func() {
				defer close(done)
				data, err = readFile(tc.path, tc.limit)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("readFile blocked") // a hang guard
			}
			if !errors.Is(err, tc.err) || len(data) != tc.size {
				t.Errorf("read %d bytes, error %v; want %d bytes, error %v", len(data), err, tc.size, tc.err)
			}
		})
	}
	// readFD stops at its maximum on an endless file, and at the end of a
	// short one.
	zero, err := syscall.Open("/dev/zero", syscall.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(zero)
	if data, err := readFD(zero, "/dev/zero", nil, 1000); err != nil || len(data) != 1000 {
		t.Errorf("an endless file: %d bytes, %v", len(data), err)
	}
	short, err := syscall.Open(regular, syscall.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(short)
	if data, err := readFD(short, regular, make([]byte, 0, 2), 1000); err != nil || string(data) != "0123456789" {
		t.Errorf("a short file: %q, %v", data, err)
	}
	if _, err := readHead(filepath.Join(dir, "none.yaml"), 10); !isNotExist(err) {
		t.Errorf("a missing file: %v, want an error that is fs.ErrNotExist", err)
	}
}

// TestRefreshStaysInSandbox: a file an editor reports changed is read only
// inside the sandbox, and a special file there is never read.
func TestRefreshStaysInSandbox(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	write(t, root, map[string]string{"main.yaml": "tosca_definitions_version: tosca_2_0\n"})
	write(t, outside, map[string]string{"other.yaml": "tosca_definitions_version: tosca_2_0\n"})
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.yaml"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "other.yaml"), filepath.Join(root, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(t.Context(), root, nil)
	for _, tc := range []struct {
		path string
		kept bool
	}{
		{filepath.Join(root, "main.yaml"), true},
		{filepath.Join(outside, "other.yaml"), false},
		{filepath.Join(root, "link.yaml"), false},
		{filepath.Join(root, "pipe.yaml"), false},
		{"/dev/zero", false},
		{"/proc/self/environ", false},
	} {
		t.Run(tc.path, func(t *testing.T) {
			if got := ws.Refresh(tc.path).File(tc.path) != nil; got != tc.kept {
				t.Errorf("Refresh: indexed %v, want %v", got, tc.kept)
			}
			ws.Reload(tc.path)
			if got := ws.Settle(t.Context()).File(tc.path) != nil; got != tc.kept {
				t.Errorf("Reload: indexed %v, want %v", got, tc.kept)
			}
		})
	}
}
