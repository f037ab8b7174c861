package index

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// TestOnSystemFiles: /proc, /sys and /dev are the system's by their paths,
// kernel file systems mounted elsewhere by their type; a workspace in a
// temporary folder (tmpfs or a disk) is not.
func TestOnSystemFiles(t *testing.T) {
	for path, want := range map[string]bool{
		"/proc": true, "/proc/self/environ": true, "/sys/kernel": true, "/dev": true, "/dev/null": true,
		"/": false, "/process": false, "/devices": false, t.TempDir(): false,
	} {
		if got := onSystemFiles(path); got != want {
			t.Errorf("onSystemFiles(%q) = %v, want %v", path, got, want)
		}
	}
	proc := mountProc(t, t.TempDir())
	if !onSystemFiles(filepath.Join(proc, "self")) {
		t.Errorf("a proc file system mounted at %s is not the system's", proc)
	}
}

// mountProc mounts a proc file system at dir/kernel (as root, where
// mounting is allowed; else the test is skipped) until the test ends.
func mountProc(t *testing.T, dir string) string {
	t.Helper()
	at := filepath.Join(dir, "kernel")
	if err := os.Mkdir(at, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("proc", at, "proc", 0, ""); err != nil {
		t.Skipf("cannot mount a proc file system: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(at, syscall.MNT_DETACH) })
	return at
}

// TestWalkSkipsSystemFiles: a workspace folder / never finished its first
// index: its walk read /proc/kmsg, whose non-blocking read (EAGAIN) was
// made blocking. Walks pass over the system folders and any kernel file
// system mounted in the workspace, and an import of a file there is
// refused; scanning such a workspace ends (a hang guard).
func TestWalkSkipsSystemFiles(t *testing.T) {
	for _, root := range systemFolders {
		walkFiles(t.Context(), []string{root}, func(string) bool { return true }, func(p string, _ bool) {
			t.Errorf("the walk of %s met %s", root, p)
		})
	}

	dir := t.TempDir()
	write(t, dir, map[string]string{"main.yaml": toscaHead + "imports:\n  - kernel/kmsg\n  - kernel/self/status\n"})
	proc := mountProc(t, dir)
	done := make(chan struct{})
	var found scan
	go func() {
		defer close(done)
		found = scanFolders(t.Context(), []string{dir}, grammar.ProcessorAuto, nil)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the scan of a workspace holding a proc file system did not end")
	}
	for p := range found.plain {
		if Within(proc, p) {
			t.Errorf("the walk entered %s", p)
		}
	}
	if len(found.files) != 1 || found.files[filepath.Join(dir, "main.yaml")] == nil {
		t.Errorf("scanned %v, want main.yaml alone", found.files)
	}

	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	defer ws.Close()
	ws.AddFolder(t.Context(), dir, nil)
	for _, l := range ws.Snapshot().Links(filepath.Join(dir, "main.yaml")) {
		if l.Problem == nil || l.Problem.Code != diag.ImportRefused || !strings.Contains(l.Problem.Message, "the system's files") {
			t.Errorf("import %s: %+v, want it refused as the system's", l.Import.URL, l.Problem)
		}
	}
}

// TestReadNeverBlocks: a read that would block gives the file up after a
// few tries instead of waiting (an empty pipe stands for /proc/kmsg, which
// answers EAGAIN the same way; the read of it blocked for good once).
func TestReadNeverBlocks(t *testing.T) {
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_NONBLOCK|syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fds[0])
	defer syscall.Close(fds[1])
	done := make(chan error, 1)
	go func() {
		_, err := readFD(fds[0], "pipe", nil, 100)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, errWouldBlock) {
			t.Errorf("err = %v, want %v", err, errWouldBlock)
		}
	case <-time.After(time.Minute):
		t.Fatal("a read that would block blocked") // a hang guard
	}
}

// TestSystemFolder: the folders never taken on a document's behalf.
func TestSystemFolder(t *testing.T) {
	for dir, want := range map[string]bool{
		"/": true, "/etc": true, "/etc/ssh": true, "/etc/": true, "/proc": true, "/proc/1": true, "/sys/kernel": true, "/dev": true, "/dev/shm": true,
		"/etcetera": false, "/home/me/project": false, "/tmp": false, t.TempDir(): false,
	} {
		if got := SystemFolder(dir); got != want {
			t.Errorf("SystemFolder(%q) = %v, want %v", dir, got, want)
		}
	}
}
