package index

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// realCorpora are the real repositories of ../shared/corpora the index
// benchmarks read: the OASIS community repository, and its DMTF set alone.
var realCorpora = []struct{ name, dir string }{
	{"oasis", "tosca-community-contributions"},
	{"dmtf", "tosca-community-contributions/profiles/org/dmtf"},
}

// corpusDir is a folder of ../shared/corpora; the benchmark is skipped
// when it is absent.
func corpusDir(b *testing.B, rel string) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "corpora", rel))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		b.Skipf("%s is absent", dir)
	}
	return dir
}

// cpuTime is the CPU time the process has used: on a machine shared with
// other work it measures what wall time cannot.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkIndexReal indexes a real repository as the server does when it
// starts (AddFolder, then MarkComplete): the walk, the parses and binds on
// every core, then the linking of the imports on the worker. cpu-s/op is
// the CPU time of all of it.
func BenchmarkIndexReal(b *testing.B) {
	for _, c := range realCorpora {
		b.Run(c.name, func(b *testing.B) {
			dir, cache := corpusDir(b, c.dir), b.TempDir()
			var cpu time.Duration
			for b.Loop() {
				start := cpuTime()
				ws := NewWorkspace(Options{CacheDir: cache})
				ws.AddFolder(context.Background(), dir, nil)
				ws.MarkComplete()
				cpu += cpuTime() - start
				ws.Close()
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkLinkReal times the part of BenchmarkIndexReal that runs on the
// index's one worker, after the last parse: the files of a scan put into a
// build, their imports linked, their keys worked out.
func BenchmarkLinkReal(b *testing.B) {
	for _, c := range realCorpora {
		b.Run(c.name, func(b *testing.B) {
			dir, cache := corpusDir(b, c.dir), b.TempDir()
			found := scanFolders(context.Background(), []string{dir}, setting(Options{}), nil)
			for b.Loop() {
				b.StopTimer()
				ws := NewWorkspace(Options{CacheDir: cache})
				ws.Snapshot()
				b.StartTimer()
				ws.addScanned(context.Background(), dir, found)
				ws.MarkComplete()
				b.StopTimer()
				ws.Close()
				b.StartTimer()
			}
		})
	}
}
