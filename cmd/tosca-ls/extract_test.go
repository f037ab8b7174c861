package main

import (
	"archive/zip"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalRemovesExtraction: check and graph of a CSAR interrupted by
// SIGINT, SIGTERM or SIGHUP leave no extraction folder behind (they left
// it once), and end by the signal. The archive's 20,000 entries keep the
// extraction going when the signal comes, as soon as its folder appears.
func TestSignalRemovesExtraction(t *testing.T) {
	archive := filepath.Join(t.TempDir(), "many.csar")
	writeManyEntries(t, archive, 20_000)
	cache := t.TempDir()
	for _, command := range []string{"check", "graph"} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
			t.Run(command+" "+sig.String(), func(t *testing.T) {
				if signal.Ignored(sig) {
					// Under nohup the child starts with SIGHUP ignored too,
					// and a process restores what it started with.
					t.Skipf("the test runs with %v ignored, which its child inherits", sig)
				}
				tmp := t.TempDir()
				cmd := exec.Command(os.Args[0], command, archive)
				cmd.Env = append(os.Environ(), "TOSCA_LS_TEST_CHILD=1", "TOSCA_LS_TEST_PEAK="+filepath.Join(t.TempDir(), "peak"),
					"XDG_CACHE_HOME="+cache, "TMPDIR="+tmp)
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				exited := make(chan error, 1)
				go func() { exited <- cmd.Wait() }()
				// A hang guard: the folder appears within a second.
				deadline := time.After(time.Minute)
			poll:
				for {
					if left, _ := os.ReadDir(tmp); len(left) > 0 {
						break
					}
					select {
					case err := <-exited:
						t.Fatalf("%s ended before any folder appeared: %v", command, err)
					case <-deadline:
						cmd.Process.Kill()
						t.Fatal("no extraction folder appeared")
					case <-time.After(time.Millisecond):
						continue poll
					}
				}
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				select {
				case <-exited:
				case <-deadline:
					cmd.Process.Kill()
					t.Fatalf("%s did not end after %v", command, sig)
				}
				if status := cmd.ProcessState.Sys().(syscall.WaitStatus); !status.Signaled() || status.Signal() != sig {
					t.Errorf("%s ended with %v, not by %v (it finished before the signal?)", command, cmd.ProcessState, sig)
				}
				left, _ := os.ReadDir(tmp)
				for _, e := range left {
					t.Errorf("%s left in the temporary folder", e.Name())
				}
			})
		}
	}
}

// writeManyEntries makes an archive of n small TOSCA files, stored.
func writeManyEntries(t *testing.T, path string, n int) {
	t.Helper()
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zw := zip.NewWriter(fh)
	for i := range n {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("types/t%d.yaml", i), Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(w, "%snode_types:\n  T%d:\n    derived_from: Root\n", strings.TrimSuffix(toscaHead, ""), i)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}
