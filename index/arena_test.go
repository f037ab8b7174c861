package index

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/profiles"
)

// TestArenaFilesKeepNothingOfTheirTree: a closed file parsed in an arena
// keeps nothing of its tree. Every fixture and profile is read into files
// twice, once with fresh memory and once in one arena and one binder's
// scratch that every other file then reuses; the two must not differ
// (facts holding a node of the arena or a table of the scratch would have
// seen it overwritten).
func TestArenaFilesKeepNothingOfTheirTree(t *testing.T) {
	srcs := map[string]string{}
	_ = filepath.WalkDir("../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			if data, err := os.ReadFile(p); err == nil {
				srcs[p] = string(data)
			}
		}
		return nil
	})
	_ = fs.WalkDir(profiles.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".yaml") {
			data, _ := profiles.FS.ReadFile(p)
			srcs[p] = string(data)
		}
		return nil
	})
	if len(srcs) < 100 {
		t.Fatalf("only %d files found", len(srcs))
	}
	var arena syntax.Arena
	var scratch facts.Scratch
	lent := map[string]*File{}
	for p, src := range srcs {
		lent[p] = newClosedFile(p, src, DetectFile(p, []byte(src)), grammar.ProcessorAuto, &arena, &scratch)
		arena.Reset()
	}
	for p, src := range srcs {
		fresh := newFile(p, src, DetectFile(p, []byte(src)), grammar.ProcessorAuto, false)
		if !reflect.DeepEqual(lent[p], fresh) {
			t.Errorf("%s: the file read in the arena differs from a fresh reading", p)
		}
	}
}

// TestArenaFileKeepsItsVersion: the version a closed file keeps outlives
// the arena its tree was parsed in, even written as a folded scalar (whose
// value the arena holds).
func TestArenaFileKeepsItsVersion(t *testing.T) {
	var arena syntax.Arena
	var scratch facts.Scratch
	f := newClosedFile("a.yaml", "tosca_definitions_version: >-\n  tosca_simple_yaml_1_3\n  x\n", TOSCA, grammar.ProcessorAuto, &arena, &scratch)
	arena.Reset()
	newClosedFile("b.yaml", "description: >-\n  "+strings.Repeat("overwritten ", 100)+"\n  y\n", TOSCA, grammar.ProcessorAuto, &arena, &scratch)
	if want := "tosca_simple_yaml_1_3 x"; f.DefinitionsVersion != want {
		t.Errorf("DefinitionsVersion = %q, want %q", f.DefinitionsVersion, want)
	}
}
