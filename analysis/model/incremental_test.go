package model_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

// TestIncrementalEqualsFresh edits the files of real example projects at
// random (inserts, deletes, multi-byte text, CRLF line ends, lines moved
// between files) through one workspace and one engine, as an editor session
// would, and checks after every edit that the diagnostics of every file
// equal those a fresh workspace and engine compute for the same texts: the
// reuse of parses, links, scopes and memoised results never shows.
func TestIncrementalEqualsFresh(t *testing.T) {
	projects := []string{"tosca-1.3-webapp", "tosca-2.0-k8s", "tosca-2.0-csar"}
	steps := 60
	if testing.Short() {
		steps = 15
	}
	for _, name := range projects {
		t.Run(name, func(t *testing.T) {
			src, err := filepath.Abs(filepath.Join("..", "..", "testdata", "examples", name))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			files := copyTree(t, src, dir)
			cache := t.TempDir()
			ws := index.NewWorkspace(index.Options{CacheDir: cache})
			defer ws.Close()
			ws.AddFolder(context.Background(), dir, nil)
			ws.MarkComplete()
			engine := model.NewEngine()
			r := rand.New(rand.NewSource(int64(len(name))))
			texts := map[string]string{}
			for _, f := range files {
				texts[f] = readFile(t, f)
			}
			for step := 0; step < steps; step++ {
				path := files[r.Intn(len(files))]
				texts[path] = randomEdit(r, texts[path], texts[files[r.Intn(len(files))]])
				snap := ws.SetOverlay(path, int32(step+1), []byte(texts[path]))
				got := diagnosticsOf(engine, snap, files)
				want := fresh(t, dir, cache, texts, files)
				if got != want {
					t.Fatalf("step %d (edited %s): incremental and fresh analyses differ\n--- incremental\n%s--- fresh\n%s", step, filepath.Base(path), got, want)
				}
			}
		})
	}
}

// fresh analyses the texts with a new workspace and engine.
func fresh(t *testing.T, dir, cache string, texts map[string]string, files []string) string {
	ws := index.NewWorkspace(index.Options{CacheDir: cache})
	defer ws.Close()
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	var snap *index.Snapshot
	for _, f := range files {
		snap = ws.SetOverlay(f, 1, []byte(texts[f]))
	}
	return diagnosticsOf(model.NewEngine(), snap, files)
}

func diagnosticsOf(engine *model.Engine, snap *index.Snapshot, files []string) string {
	view := engine.View(snap)
	var b strings.Builder
	for _, f := range files {
		for _, d := range engine.Diagnostics(context.Background(), view, f) {
			fmt.Fprintf(&b, "%s:%d-%d %s %s %s\n", filepath.Base(f), d.Span.Start, d.Span.End, d.Severity, d.Code, d.Message)
			for _, r := range d.Related {
				fmt.Fprintf(&b, "  related %s:%d-%d %s\n", filepath.Base(r.Path), r.Span.Start, r.Span.End, r.Message)
			}
		}
	}
	return b.String()
}

// randomEdit applies one editor-like change to text: typing, deleting,
// pasting a line of other (another file), multi-byte text or a CRLF.
func randomEdit(r *rand.Rand, text, other string) string {
	at := r.Intn(len(text) + 1)
	for at > 0 && at < len(text) && (text[at]&0xC0) == 0x80 {
		at-- // never split a UTF-8 sequence
	}
	switch r.Intn(6) {
	case 0: // delete a few bytes
		end := min(len(text), at+1+r.Intn(8))
		for end < len(text) && (text[end]&0xC0) == 0x80 {
			end++
		}
		return text[:at] + text[end:]
	case 1: // paste a line of another file
		lines := strings.SplitAfter(other, "\n")
		return text[:at] + lines[r.Intn(len(lines))] + text[at:]
	case 2:
		return text[:at] + "é中😀" + text[at:]
	case 3:
		return text[:at] + "\r\n" + text[at:]
	case 4: // rename something: change a letter of a name
		if at < len(text) && text[at] >= 'a' && text[at] <= 'z' {
			return text[:at] + string(rune('a'+r.Intn(26))) + text[at+1:]
		}
		return text
	default: // type a key on a new line
		return text[:at] + "\n  x: 1\n" + text[at:]
	}
}

// copyTree copies the YAML files of src into dst and returns their paths there.
func copyTree(t *testing.T, src, dst string) []string {
	var out []string
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".yaml") {
			out = append(out, target)
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func readFile(t *testing.T, p string) string {
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
