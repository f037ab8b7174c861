package main

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/diag"
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

// TestDiagnoseAllInChunks: check's chunks, each memoised apart, give every
// file the diagnostics one view over the whole workspace gives it.
func TestDiagnoseAllInChunks(t *testing.T) {
	dir := brokenDMTF(t, 3*diagnoseChunk)
	loaded, err := load([]string{dir}, index.Options{}, "")
	if err != nil {
		t.Fatal(err)
	}
	defer loaded.cleanup()
	if len(loaded.paths) <= 2*diagnoseChunk {
		t.Fatalf("%d files: not enough for three chunks", len(loaded.paths))
	}
	engine := analysis.NewEngine()
	chunked := diagnoseAll(engine, engine.View(loaded.snap), loaded.paths)

	whole := analysis.NewEngine()
	view := whole.View(loaded.snap)
	codes := map[string]int{}
	for i, p := range loaded.paths {
		want := whole.Diagnostics(context.Background(), view, p)
		if !reflect.DeepEqual(chunked[i], want) {
			t.Errorf("%s: in chunks\n%v\nwith one view\n%v", p, chunked[i], want)
		}
		for _, d := range want {
			codes[d.Code]++
		}
	}
	if codes[diag.ImportNotFound] == 0 || codes[diag.UnknownType] == 0 {
		t.Errorf("the broken set should have missing imports and unknown types: %v", codes)
	}
}

// BenchmarkDiagnoseAll: check's diagnostics of a DMTF-shaped import graph
// of 2,000 files (the index is built once, out of the timing).
func BenchmarkDiagnoseAll(b *testing.B) {
	dir := brokenDMTF(b, 2000)
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
