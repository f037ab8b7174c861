package facts

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/profiles"
)

// TestSizedLikeBindsTheSame: an open document bound in tables sized after
// another version (here the file before it, larger or smaller) has the
// facts and frames of one bound in fresh tables, and a file bound in
// tables sized after itself keeps them as made (no table is copied).
func TestSizedLikeBindsTheSame(t *testing.T) {
	paths, srcs := fixtures(t)
	var prev *Facts
	var prevFrames Frames
	for i, src := range srcs {
		tree := syntax.Parse([]byte(src))
		fresh, freshFrames := BindOpen(paths[i], src, tree, grammar.TOSCA, grammar.ProcessorAuto, nil)
		sized, sizedFrames := BindOpen(paths[i], src, tree, grammar.TOSCA, grammar.ProcessorAuto, SizedLike(prev, prevFrames))
		if !reflect.DeepEqual(fresh, sized) || !reflect.DeepEqual(freshFrames, sizedFrames) {
			t.Errorf("%s: bound in tables sized after %s, it differs from a fresh binding", paths[i], paths[max(i-1, 0)])
		}
		same := SizedLike(fresh, freshFrames)
		again, _ := BindOpen(paths[i], src, tree, grammar.TOSCA, grammar.ProcessorAuto, same)
		if len(again.Entities) > 0 && &again.Entities[0] != &same.entities[:1][0] ||
			len(again.Fields) > 0 && &again.Fields[0] != &same.fields[:1][0] ||
			len(again.Values) > 0 && &again.Values[0] != &same.values[:1][0] ||
			len(again.Refs) > 0 && &again.Refs[0] != &same.refs[:1][0] ||
			len(again.Calls) > 0 && &again.Calls[0] != &same.calls[:1][0] {
			t.Errorf("%s: bound again in tables sized after itself, a table was copied", paths[i])
		}
		prev, prevFrames = fresh, freshFrames
	}
}

// fixtures are the YAML files of the test data and the embedded profiles.
func fixtures(t *testing.T) (paths, srcs []string) {
	t.Helper()
	add := func(p string, data []byte) {
		if strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") {
			paths, srcs = append(paths, p), append(srcs, string(data))
		}
	}
	_ = filepath.WalkDir("../../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, err := os.ReadFile(p); err == nil {
				add(p, data)
			}
		}
		return nil
	})
	_ = fs.WalkDir(profiles.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := profiles.FS.ReadFile(p)
			add(p, data)
		}
		return nil
	})
	if len(srcs) < 100 {
		t.Fatalf("only %d files found", len(srcs))
	}
	return paths, srcs
}
