package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/indextest"
)

// The command-line side of issue 15 (safety and robustness): each bad
// input measured on an earlier version is checked on tosca-ls run as a
// child process, for its output, its exit status, its time (a hang guard)
// and its peak memory, and for leaving the workspace and the temporary
// folder as they were.

// TestMain lets the tests run tosca-ls itself: with TOSCA_LS_TEST_CHILD=1
// the test binary is the command, and writes its peak memory to the file
// TOSCA_LS_TEST_PEAK names. (The peak is the kernel's high-water mark of
// the process's own memory: getrusage's maxrss would also count the test
// process the child was forked from.) With TOSCA_LS_GATE_CHILD=1 it is
// the check of one project of the real-world gate (realworld_test.go).
func TestMain(m *testing.M) {
	if os.Getenv("TOSCA_LS_GATE_CHILD") == "1" {
		if err := gateChild(os.Args[1:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	if os.Getenv("TOSCA_LS_TEST_CHILD") == "1" {
		code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		if status, err := os.ReadFile("/proc/self/status"); err == nil {
			for line := range strings.Lines(string(status)) {
				if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
					_ = os.WriteFile(os.Getenv("TOSCA_LS_TEST_PEAK"), []byte(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB"))), 0o600)
				}
			}
		}
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// secretEnv is in the environment of the child: /proc/self/environ holds it.
const secretEnv = "TOSCA_LS_TEST_SECRET=never-quote-this"

// childRun is how a run of tosca-ls went.
type childRun struct {
	stdout, stderr string
	code           int
	maxRSS         int64 // bytes
}

// runChild runs tosca-ls with args in dir, with its own cache and
// temporary folders, and kills it after limit.
func runChild(t *testing.T, dir, cache, tmp string, limit time.Duration, args ...string) childRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Dir = dir
	peak := filepath.Join(t.TempDir(), "peak")
	cmd.Env = append(os.Environ(), "TOSCA_LS_TEST_CHILD=1", "TOSCA_LS_TEST_PEAK="+peak, secretEnv, "XDG_CACHE_HOME="+cache, "TMPDIR="+tmp)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("tosca-ls %s did not end within %v (a hang)", strings.Join(args, " "), limit)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	kb, err := os.ReadFile(peak)
	if err != nil {
		t.Fatalf("the child wrote no peak memory: %v", err)
	}
	rss, err := strconv.ParseInt(string(kb), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return childRun{stdout: out.String(), stderr: errOut.String(), code: cmd.ProcessState.ExitCode(), maxRSS: rss << 10}
}

// tree lists what is under dir.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	listing, err := indextest.Tree(dir)
	if err != nil {
		t.Fatal(err)
	}
	return listing
}

// refusedOutside is the message for an import outside the sandbox.
func refusedOutside(at, name string) string {
	return fmt.Sprintf("main.yaml:%s: error: import %q refused: it lies outside the workspace folders, the CSAR root, the profile folders and the profile cache (add it to the allowedPaths setting to allow it) [import-refused]", at, name)
}

// refusedSpecial is the message for an import of a special file.
func refusedSpecial(at, name string) string {
	return fmt.Sprintf("main.yaml:%s: error: import %q refused: not a regular file (devices, pipes and sockets are never read) [import-refused]", at, name)
}

// importing is a TOSCA file importing urls, each at line 3+i, column 10.
func importing(urls ...string) string {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_2_0\nimports:\n")
	for _, u := range urls {
		b.WriteString("  - url: " + u + "\n")
	}
	return b.String()
}

// writeFile writes a file of dir.
func writeFile(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := indextest.WriteFiles(dir, map[string]string{name: content}); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

// deepMappings nests block mappings by indentation, one space a level.
func deepMappings(levels int) string {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_2_0\nmetadata:\n")
	for i := 1; i <= levels; i++ {
		b.WriteString(strings.Repeat(" ", i) + "a:\n")
	}
	return b.String()
}

const toscaHead = "tosca_definitions_version: tosca_2_0\n"

func TestCheckSafety(t *testing.T) {
	// Issue 15 measured these with the binary; the test binary is as large.
	// The race detector makes the child several times slower and larger.
	scale := int64(1)
	if raceEnabled {
		scale = 4
	}
	const mb = 1 << 20
	passwd, err := os.ReadFile("/etc/passwd")
	if err != nil || len(passwd) < 8 {
		t.Skip("no /etc/passwd to refuse")
	}
	firstLine, _, _ := strings.Cut(string(passwd), "\n")
	tooLarge := "warning: the file is larger than 16 MB and is not analysed [file-too-large]"
	// The profiles are extracted once for all cases; the temporary folder
	// is left empty.
	cache, tmp := t.TempDir(), t.TempDir()
	for _, tc := range []struct {
		name string
		// setup writes the workspace into dir and returns the arguments
		// of check.
		setup func(t *testing.T, dir string) []string
		code  int
		// out is the whole output; errOut a part of stderr.
		out    []string
		errOut string
		// rss bounds the peak memory (MB), limit the time.
		rss   int64
		limit time.Duration
	}{
		{
			name: "an import escaping with ..",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "main.yaml", importing("../../../../../../../../../etc/passwd"))
				return []string{"."}
			},
			code: 1, out: []string{refusedOutside("3:10", "../../../../../../../../../etc/passwd")},
		},
		{
			name: "a file: URL of /etc/passwd",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "main.yaml", importing("file:///etc/passwd"))
				return []string{"."}
			},
			code: 1, out: []string{refusedOutside("3:10", "file:///etc/passwd")},
		},
		{
			name: "/proc/self/environ",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "main.yaml", importing("file:///proc/self/environ", "../../../../../../../../../proc/self/environ"))
				return []string{"main.yaml"}
			},
			code: 1, out: []string{
				refusedOutside("3:10", "file:///proc/self/environ"),
				refusedOutside("4:10", "../../../../../../../../../proc/self/environ"),
			},
		},
		{
			name: "symbolic links to /etc in the workspace",
			setup: func(t *testing.T, dir string) []string {
				symlink(t, "/etc", filepath.Join(dir, "etc"))
				symlink(t, "/etc/passwd", filepath.Join(dir, "passwd.yaml"))
				writeFile(t, dir, "main.yaml", importing("etc/passwd", "passwd.yaml"))
				return []string{"."}
			},
			code: 1, out: []string{refusedOutside("3:10", "etc/passwd"), refusedOutside("4:10", "passwd.yaml")},
		},
		{
			name: "/dev/zero and /dev/urandom",
			setup: func(t *testing.T, dir string) []string {
				symlink(t, "/dev/zero", filepath.Join(dir, "zero.yaml"))
				writeFile(t, dir, "main.yaml", importing("file:///dev/zero", "file:///dev/urandom", "zero.yaml"))
				return []string{"."}
			},
			code: 1, out: []string{
				refusedOutside("3:10", "file:///dev/zero"),
				refusedOutside("4:10", "file:///dev/urandom"),
				refusedOutside("5:10", "zero.yaml"),
			},
		},
		{
			name: "a named pipe and a socket in the workspace",
			setup: func(t *testing.T, dir string) []string {
				mkfifo(t, filepath.Join(dir, "pipe.yaml"))
				l, err := net.Listen("unix", filepath.Join(dir, "socket.yaml"))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { l.Close() })
				writeFile(t, dir, "main.yaml", importing("pipe.yaml", "socket.yaml"))
				return []string{"."}
			},
			code: 1, out: []string{refusedSpecial("3:10", "pipe.yaml"), refusedSpecial("4:10", "socket.yaml")},
		},
		{
			name: "a named pipe given as a file",
			setup: func(t *testing.T, dir string) []string {
				mkfifo(t, filepath.Join(dir, "pipe.yaml"))
				return []string{"pipe.yaml"}
			},
			code: 2, errOut: "pipe.yaml: not a regular file (devices, pipes and sockets are never read)",
		},
		{
			name: "a named pipe given as an archive",
			setup: func(t *testing.T, dir string) []string {
				mkfifo(t, filepath.Join(dir, "pipe.csar"))
				return []string{"pipe.csar"}
			},
			code: 2, errOut: "pipe.csar: not a regular file (devices, pipes and sockets are never read)",
		},
		{
			name: "/dev/urandom given as a file",
			setup: func(t *testing.T, dir string) []string {
				return []string{"/dev/urandom"}
			},
			code: 2, errOut: "/dev/urandom: not a regular file (devices, pipes and sockets are never read)",
		},
		{
			name: "NUL bytes",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "nul.yaml", toscaHead+"description: x\x00y\n"+strings.Repeat("\x00", 10_000))
				return []string{"."}
			},
			code: 1, out: []string{"nul.yaml:2:15: error: NUL byte: this is not a text file; the rest is not parsed [yaml-syntax]"},
		},
		{
			name: "a file of NUL bytes given as a file",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "zeros.yaml", strings.Repeat("\x00", 10_000))
				return []string{"zeros.yaml"}
			},
			code: 1, out: []string{"zeros.yaml:1:1: error: not a TOSCA file: it has no top-level tosca_definitions_version (nor heat_template_version) [invalid-version]"},
		},
		{
			name: "invalid UTF-8",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "latin1.yaml", toscaHead+"description: caf\xe9\n")
				return []string{"."}
			},
			code: 1, out: []string{"latin1.yaml:2:17: error: invalid UTF-8 (byte 0xE9): the rest is not parsed [yaml-syntax]"},
		},
		{
			// 4.4 GB and a crash once. The root mapping is the first level.
			name: "200 KB of flow sequences nested 100,000 deep",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "flow.yaml", toscaHead+"description: "+strings.Repeat("[ ", 100_000)+"\n")
				return []string{"."}
			},
			code: 1, out: []string{fmt.Sprintf("flow.yaml:2:%d: error: nesting deeper than 1000 levels: the rest of the file is not parsed [yaml-syntax]", len("description: ")+999*2+1)},
			rss: 100,
		},
		{
			// 665 MB and no diagnostic once.
			name: "block mappings nested 1,200 deep",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "deep.yaml", deepMappings(1200))
				return []string{"."}
			},
			code: 1, out: []string{"deep.yaml:1002:1001: error: nesting deeper than 1000 levels: the rest of the file is not parsed [yaml-syntax]"},
			rss: 100,
		},
		{
			name: "a 15 MB template",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "big.yaml", modeltest.HugeTemplate(15<<20))
				return []string{"."}
			},
			code: 1, out: []string{fmt.Sprintf("big.yaml:%d:7: error: unknown keyname \"proprties\" in node template; did you mean \"properties\"? [unknown-keyname]", hugeTypoLine(15<<20))},
			rss: 1024, limit: time.Minute,
		},
		{
			// "not a TOSCA file" with exit 0 once.
			name: "a file over 16 MB, named and in a folder",
			setup: func(t *testing.T, dir string) []string {
				writeFile(t, dir, "named/huge.yaml", toscaHead+"description: |\n"+strings.Repeat("  "+strings.Repeat("x", 77)+"\n", 17<<20/80))
				writeFile(t, dir, "folder/huge.yaml", toscaHead+"description: |\n"+strings.Repeat("  "+strings.Repeat("x", 77)+"\n", 17<<20/80))
				return []string{"named/huge.yaml", "folder"}
			},
			code: 0, out: []string{"folder/huge.yaml:1:1: " + tooLarge, "named/huge.yaml:1:1: " + tooLarge},
			rss: 150,
		},
		{
			// One 500 MB entry took 1.26 GB once.
			name: "a CSAR with a 500 MB template and a 2 GiB zip bomb among its artifacts",
			setup: func(t *testing.T, dir string) []string {
				meta := "CSAR-Version: 2.0\nCreated-By: test\nEntry-Definitions: big.yaml\n"
				err := indextest.WriteCSAR(filepath.Join(dir, "bomb.csar"),
					indextest.Entry{Name: "TOSCA-Metadata/TOSCA.meta", Head: meta, Size: int64(len(meta))},
					indextest.Entry{Name: "big.yaml", Head: toscaHead, Size: 500 << 20},
					indextest.Entry{Name: "files/disk.img", Size: 2 << 30})
				if err != nil {
					t.Fatal(err)
				}
				return []string{"bomb.csar"}
			},
			code: 0, out: []string{"bomb.csar/big.yaml:1:1: " + tooLarge},
			rss: 150,
		},
		{
			// 2.5 GB and 13 s once.
			name: "a CSAR with 30 templates of 15 MB",
			setup: func(t *testing.T, dir string) []string {
				var entries []indextest.Entry
				for i := range 30 {
					entries = append(entries, indextest.Entry{Name: fmt.Sprintf("t%d.yaml", i), Head: toscaHead, Size: 15 << 20})
				}
				if err := indextest.WriteCSAR(filepath.Join(dir, "many.csar"), entries...); err != nil {
					t.Fatal(err)
				}
				return []string{"many.csar"}
			},
			code: 2, errOut: fmt.Sprintf("tosca-ls: many.csar: archive holds more than %d MB of TOSCA files\n", index.CSARBudget>>20),
			rss: 150,
		},
		{
			// 3.75 GB written into $TMPDIR, then out of memory, the folder
			// left behind once: broken entries escaped the budget.
			name: "a 29 KB CSAR of 250 entries overlapping a 16 MB bomb with a wrong checksum",
			setup: func(t *testing.T, dir string) []string {
				err := indextest.WriteOverlapping(filepath.Join(dir, "overlap.csar"), 250,
					indextest.Entry{Name: "t.yaml", Head: toscaHead, Size: 16 << 20, WrongCRC: true})
				if err != nil {
					t.Fatal(err)
				}
				return []string{"overlap.csar"}
			},
			code: 2, errOut: fmt.Sprintf("tosca-ls: overlap.csar: archive holds more than %d MB of TOSCA files\n", index.CSARBudget>>20),
			rss: 150,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"check"}, tc.setup(t, dir)...)
			before := tree(t, dir)
			limit := max(tc.limit, 20*time.Second) * time.Duration(scale)
			run := runChild(t, dir, cache, tmp, limit, args...)
			want := strings.Join(tc.out, "\n")
			if want != "" {
				want += "\n"
			}
			if run.code != tc.code || run.stdout != want || !strings.Contains(run.stderr, tc.errOut) {
				t.Errorf("exit %d, output:\n%s\nstderr:\n%s\nwant exit %d, output:\n%s\nstderr with %q", run.code, run.stdout, run.stderr, tc.code, want, tc.errOut)
			}
			for _, secret := range []string{firstLine, secretEnv} {
				if strings.Contains(run.stdout+run.stderr, secret) {
					t.Errorf("the output quotes %q", secret)
				}
			}
			rss := max(tc.rss, 100) * scale
			if run.maxRSS > rss*mb {
				t.Errorf("peak memory %d MB, bound %d MB", run.maxRSS/mb, rss)
			}
			t.Logf("peak memory %d MB", run.maxRSS/mb)
			if after := tree(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("the workspace changed:\nbefore %v\nafter  %v", before, after)
			}
			left, _ := os.ReadDir(tmp)
			for _, e := range left {
				t.Errorf("%s left in the temporary folder", e.Name())
			}
		})
	}
}

// Starting tosca-ls costs little: `version` peaks under 20 MB and writes
// nothing, in the temporary folder or the cache (no library keeps a cache
// of its own there).
func TestStartFootprint(t *testing.T) {
	const mb = 1 << 20
	bound := int64(20)
	if raceEnabled {
		bound *= 4
	}
	cache, tmp := t.TempDir(), t.TempDir()
	run := runChild(t, t.TempDir(), cache, tmp, 10*time.Second, "version")
	if run.code != 0 || !strings.HasPrefix(run.stdout, "tosca-ls ") {
		t.Errorf("exit %d, output %q, stderr %q", run.code, run.stdout, run.stderr)
	}
	t.Logf("peak memory %.1f MB", float64(run.maxRSS)/mb)
	if run.maxRSS > bound*mb {
		t.Errorf("peak memory %.1f MB, bound %d MB", float64(run.maxRSS)/mb, bound)
	}
	for _, dir := range []string{tmp, cache} {
		left, _ := os.ReadDir(dir)
		for _, e := range left {
			t.Errorf("%s written in %s", e.Name(), dir)
		}
	}
}

// hugeTypoLine is the 1-based line of the misspelled keyname that ends
// HugeTemplate(size).
func hugeTypoLine(size int) int {
	huge := modeltest.HugeTemplate(size)
	return strings.Count(huge[:strings.Index(huge, "proprties")], "\n") + 1
}
