package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/bench/corpus"
	"github.com/tosca-ls/tosca-ls/index"
)

// brokenDMTF writes a generated DMTF-shaped set of files into a new folder
// with problems spread over it, as in the real set: some files are
// missing (their importers' imports fail and mute the names they would
// bring) and some types derive from a misspelt name (unknown, with a
// suggestion).
func brokenDMTF(tb testing.TB, files int) string {
	tb.Helper()
	dir := tb.TempDir()
	n := 0
	err := corpus.Generate(corpus.DMTF, corpus.Options{DMTFFiles: files, DMTFFileKB: 2, WSFiles: 20, BigLines: 100, BigImports: 1},
		func(rel string, data []byte) error {
			n++
			switch {
			case n%29 == 0:
				return nil
			case n%31 == 0:
				data = []byte(strings.Replace(string(data), "derived_from: ", "derived_from: x", 1))
			}
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			return os.WriteFile(p, data, 0o644)
		})
	if err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkDiagnoseAll: check's diagnostics of a DMTF-shaped import graph
// of 2,000 files (the index is built once, out of the timing).
func BenchmarkDiagnoseAll(b *testing.B) { benchDiagnose(b, brokenDMTF(b, 2000)) }

// benchDiagnose times every file's diagnostics of the folder dir from a
// fresh engine, the index built once, out of the timing.
func benchDiagnose(b *testing.B, dir string) {
	loaded, err := load([]string{dir}, index.Options{}, "")
	if err != nil {
		b.Fatal(err)
	}
	defer loaded.cleanup()
	b.ReportAllocs()
	for b.Loop() {
		engine := analysis.NewEngine()
		out := diagnoseAll(engine, engine.View(loaded.snap), loaded.paths)
		if len(out) != len(loaded.paths) {
			b.Fatal(len(out))
		}
	}
}

// TestDiagnoseAllIsLinear: check's diagnostics of an import chain four
// times as long allocate about four times as much. Memo tables made afresh
// for each batch of files walked the rest of the chain again per batch:
// the work grew with the square of the chain.
func TestDiagnoseAllIsLinear(t *testing.T) {
	allocated := func(n int) (bytes uint64, text int) {
		dir := t.TempDir()
		for _, f := range corpus.ImportChain(n) {
			text += len(f.Data)
			if err := os.WriteFile(filepath.Join(dir, f.Rel), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		loaded, err := load([]string{dir}, index.Options{}, "")
		if err != nil {
			t.Fatal(err)
		}
		defer loaded.cleanup()
		engine := analysis.NewEngine()
		view := engine.View(loaded.snap)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		diagnoseAll(engine, view, loaded.paths)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc, text
	}
	small, smallText := allocated(1000)
	large, largeText := allocated(4000)
	grew := float64(largeText) / float64(smallText)
	ratio := float64(large) / float64(max(small, 1))
	t.Logf("×%.1f the text: %d → %d kB allocated (×%.1f)", grew, small>>10, large>>10, ratio)
	if ratio > 1.5*grew {
		t.Errorf("×%.1f the chain allocates ×%.1f the memory", grew, ratio)
	}
}

// realDMTF is the real DMTF Redfish set of ../shared/corpora (issue 27's
// `check` budget); a benchmark on it is skipped where it is absent.
func realDMTF(b *testing.B) string {
	dir := filepath.Join(gateCorpora, "tosca-community-contributions/profiles/org/dmtf")
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		b.Skipf("%s is absent (../shared/corpora)", dir)
	}
	return dir
}

// BenchmarkLoadRealDMTF: check's first phase on the real DMTF set, reading,
// parsing, binding and linking its 7,374 files.
func BenchmarkLoadRealDMTF(b *testing.B) {
	dir := realDMTF(b)
	b.ReportAllocs()
	for b.Loop() {
		loaded, err := load([]string{dir}, index.Options{}, "")
		if err != nil {
			b.Fatal(err)
		}
		loaded.cleanup()
	}
}

// BenchmarkDiagnoseRealDMTF: check's second phase on the real DMTF set,
// every file's diagnostics from a fresh engine (the index is built once,
// out of the timing).
func BenchmarkDiagnoseRealDMTF(b *testing.B) { benchDiagnose(b, realDMTF(b)) }
