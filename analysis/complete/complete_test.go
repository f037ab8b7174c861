package complete_test

// What completion and signature help answer is tested with the marker
// fixtures (testdata/markers/complete, see analysis/markers/complete_test.go);
// this file tests how they behave as requests: cancelled, on files too large
// to parse, concurrently, and on any text.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/complete"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

func cacheDir() string { return filepath.Join(os.TempDir(), "tosca-ls-complete-test-cache") }

// buffer opens src as an unsaved editor buffer.
func buffer(t testing.TB, src string) (*model.View, string) {
	path := filepath.Join(t.TempDir(), "buffer.yaml")
	ws := index.NewWorkspace(index.Options{CacheDir: cacheDir()})
	return model.NewEngine().View(ws.SetOverlay(path, 1, []byte(src))), path
}

func TestCancelled(t *testing.T) {
	src := "tosca_definitions_version: tosca_2_0\nservice_template:\n  inputs:\n    a:\n      type: integer\n      default: { $sum: [ 1, "
	v, path := buffer(t, src)
	for _, tc := range []struct {
		name string
		ctx  func() context.Context
		want bool
	}{
		{"live", context.Background, true},
		{"cancelled", func() context.Context {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx
		}, false},
	} {
		items := complete.Complete(tc.ctx(), v, path, len(src), grammar.NotModel).Items
		sig := complete.SignatureHelp(tc.ctx(), v, path, len(src), grammar.NotModel)
		if got := len(items) > 0 && sig != nil; got != tc.want {
			t.Errorf("%s: %d items, signature %v", tc.name, len(items), sig)
		}
	}
}

// TestTooLarge: a buffer kept but not parsed gets no answer, and no panic.
func TestTooLarge(t *testing.T) {
	src := "tosca_definitions_version: tosca_2_0\ndescription: " + strings.Repeat("x", index.MaxFileSize) + "\n"
	v, path := buffer(t, src)
	if items := complete.Complete(context.Background(), v, path, 10, grammar.NotModel).Items; len(items) != 0 {
		t.Errorf("completion on an unparsed file: %d items", len(items))
	}
	if sig := complete.SignatureHelp(context.Background(), v, path, 10, grammar.NotModel); sig != nil {
		t.Errorf("signature help on an unparsed file: %q", sig.Label)
	}
}

// TestConcurrent runs completion and signature help from several
// goroutines on one view, as the server does for concurrent requests (run
// with -race): each answers what a request alone answers.
func TestConcurrent(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata/examples/tosca-2.0-k8s")
	main := filepath.Join(dir, "main.yaml")
	src, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: cacheDir()})
	ws.AddFolder(context.Background(), dir, nil)
	answer := func(v *model.View, off int) string {
		var b strings.Builder
		for _, it := range complete.Complete(context.Background(), v, main, off, grammar.NotModel).Items {
			b.WriteString(it.Label + " ")
		}
		if sig := complete.SignatureHelp(context.Background(), v, main, off, grammar.NotModel); sig != nil {
			fmt.Fprintf(&b, "| %s %d", sig.Label, sig.Active)
		}
		return b.String()
	}
	snap := ws.SetOverlay(main, 1, src)
	alone := map[int]string{}
	offered := 0
	for off := 0; off < len(src); off += 37 {
		alone[off] = answer(model.NewEngine().View(snap), off)
		if alone[off] != "" {
			offered++
		}
	}
	if offered == 0 {
		t.Fatal("nothing is offered anywhere in the example")
	}
	v := model.NewEngine().View(snap)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for off := g * 37; off < len(src); off += 37 {
				if got := answer(v, off); got != alone[off] {
					t.Errorf("@%d: concurrently %q, alone %q", off, got, alone[off])
				}
			}
		}()
	}
	wg.Wait()
}

// FuzzComplete feeds arbitrary text to completion and signature help:
// nothing may panic, and every edit lies inside the text and holds the cursor.
func FuzzComplete(f *testing.F) {
	examples, _ := filepath.Glob("../../testdata/examples/*/*.yaml")
	for _, p := range examples {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src, uint16(len(src)/2))
		}
	}
	f.Add([]byte("tosca_definitions_version: tosca_2_0\nservice_template:\n  node_templates:\n    a: {type: [, requirements: [{x: {node: *y}}]}\n"), uint16(40))
	f.Add([]byte("tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      properties:\n        p: { get_property: [ SELF, "), uint16(120))
	f.Fuzz(func(t *testing.T, src []byte, at uint16) {
		v, path := buffer(t, string(src))
		off := int(at) % (len(src) + 1)
		for _, it := range complete.Complete(context.Background(), v, path, off, grammar.NotModel).Items {
			if s := it.Edit.Span; s.Start < 0 || s.End > len(src) || s.Start > off || s.End < off {
				t.Fatalf("%q edits %v, cursor %d in %d bytes", it.Label, s, off, len(src))
			}
		}
		complete.SignatureHelp(context.Background(), v, path, off, grammar.NotModel)
	})
}

// TestLongListNarrowed: a long list is narrowed to the items whose label
// holds the typed word's letters in order (any case) and marked incomplete,
// so the editor asks again as the word changes; a short list, or one asked
// with nothing typed, is whole and complete.
func TestLongListNarrowed(t *testing.T) {
	var types strings.Builder
	types.WriteString("tosca_definitions_version: tosca_2_0\nnode_types:\n")
	for n := range 150 {
		fmt.Fprintf(&types, "  Kind%d:\n    derived_from: Root\n", n)
	}
	types.WriteString("  WebServer:\n    derived_from: Root\n")
	template := func(typed string) string {
		return types.String() + "service_template:\n  node_templates:\n    a:\n      type: " + typed
	}
	for _, tc := range []struct {
		typed          string
		wantIncomplete bool
		want, wantNot  []string
	}{
		{"", false, []string{"Kind7", "WebServer"}, nil},
		{"kd14", true, []string{"Kind14", "Kind140", "Kind149"}, []string{"Kind7", "WebServer"}},
		{"wEbS", true, []string{"WebServer"}, []string{"Kind1"}},
	} {
		src := template(tc.typed)
		v, path := buffer(t, src)
		list := complete.Complete(context.Background(), v, path, len(src), grammar.NotModel)
		labels := map[string]bool{}
		for _, it := range list.Items {
			labels[it.Label] = true
		}
		if list.Incomplete != tc.wantIncomplete {
			t.Errorf("%q: incomplete %v, want %v (%d items)", tc.typed, list.Incomplete, tc.wantIncomplete, len(list.Items))
		}
		for _, l := range tc.want {
			if !labels[l] {
				t.Errorf("%q: %s not offered", tc.typed, l)
			}
		}
		for _, l := range tc.wantNot {
			if labels[l] {
				t.Errorf("%q: %s offered", tc.typed, l)
			}
		}
	}
	// A short list is not narrowed, even of what the word cannot match:
	// the editor filters it.
	src := "tosca_definitions_version: tosca_2_0\nnode_types:\n  Mine:\n    derived_from: Root\nservice_template:\n  node_templates:\n    a:\n      type: Xy"
	v, path := buffer(t, src)
	list := complete.Complete(context.Background(), v, path, len(src), grammar.NotModel)
	if list.Incomplete || len(list.Items) == 0 || list.Items[0].Label != "Mine" {
		t.Errorf("short list: incomplete %v, items %v", list.Incomplete, list.Items)
	}
}
