package analysis_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/bench/corpus"
	"github.com/tosca-ls/tosca-ls/index"
)

// The hostile inputs of issue 24 (bench/corpus): each is analysed at two
// sizes, and must give the right diagnostics, with messages of a bounded
// length, for memory that grows no faster than its text. Allocations are
// counted, not timed, so the tests are as steady as the code; the times
// at the sizes are BenchmarkHostile's and toscabench's (hostile).

// hostileRun is what the analysis of a hostile input gave: every file's
// diagnostics, by path relative to the input's folder, and the bytes the
// indexing and the analysis allocated.
type hostileRun struct {
	diags     map[string][]model.Diagnostic
	allocated uint64
}

// writeHostile writes the files of an input into a new folder.
func writeHostile(t testing.TB, files []corpus.File) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// analyseHostile indexes a folder the way check does and diagnoses every
// file of it.
func analyseHostile(t testing.TB, dir string) hostileRun {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache(t)})
	defer ws.Close()
	ws.AddFolder(context.Background(), dir, nil)
	ws.MarkComplete()
	snap := ws.Snapshot()
	engine := analysis.NewEngine()
	view := engine.View(snap)
	run := hostileRun{diags: map[string][]model.Diagnostic{}}
	for _, p := range snap.Paths() {
		if rel, err := filepath.Rel(dir, p); err == nil && filepath.IsLocal(rel) {
			run.diags[filepath.ToSlash(rel)] = engine.Diagnostics(context.Background(), view, p)
		}
	}
	runtime.ReadMemStats(&after)
	run.allocated = after.TotalAlloc - before.TotalAlloc
	return run
}

// codes counts the diagnostics of every file by code.
func (r hostileRun) codes() map[string]int {
	out := map[string]int{}
	for _, ds := range r.diags {
		for _, d := range ds {
			out[d.Code]++
		}
	}
	return out
}

// each calls fn for every diagnostic with a code.
func (r hostileRun) each(code string, fn func(d model.Diagnostic)) {
	for _, ds := range r.diags {
		for _, d := range ds {
			if d.Code == code {
				fn(d)
			}
		}
	}
}

// longestMessage is the length of the longest message, related
// information's included.
func (r hostileRun) longestMessage() int {
	n := 0
	for _, ds := range r.diags {
		for _, d := range ds {
			n = max(n, len(d.Message))
			for _, rel := range d.Related {
				n = max(n, len(rel.Message))
			}
		}
	}
	return n
}

// maxMessage bounds every message of the hostile inputs: a few names of at
// most diag.MaxQuoted characters, or a cycle of at most diag.MaxListed
// names, and words around them.
const maxMessage = 2*diag.MaxQuoted + 100 + diag.MaxListed*12

// hostileCases check what each input's analysis reports, at size n.
var hostileCases = []struct {
	name  string
	small int
	check func(t *testing.T, n int, r hostileRun)
}{
	{"deep-chain", 500, func(t *testing.T, n int, r hostileRun) {
		// The template of the deepest type assigns the first type's
		// property: valid.
		if len(r.codes()) != 0 {
			t.Errorf("diagnostics %v, want none", r.codes())
		}
	}},
	{"derivation-cycle", 500, func(t *testing.T, n int, r hostileRun) {
		want := fmt.Sprintf("derivation cycle: T0 → T%d → T%d → ", n-1, n-2)
		r.each(diag.DerivationCycle, func(d model.Diagnostic) {
			if !strings.HasPrefix(d.Message, want) || !strings.HasSuffix(d.Message, fmt.Sprintf("… and %d more → T0", n-diag.MaxListed)) {
				t.Errorf("message %q", d.Message)
			}
		})
		wantCodes(t, r, map[string]int{diag.DerivationCycle: 1})
	}},
	{"heat-cycle", 2000, func(t *testing.T, n int, r hostileRun) {
		r.each(diag.DependencyCycle, func(d model.Diagnostic) {
			if want := fmt.Sprintf("resource \"r0\" depends on itself: r0 → r1 → r2 → r3 → r4 → r5 → r6 → r7 → … and %d more → r0", n-8); d.Message != want {
				t.Errorf("message %q, want %q", d.Message, want)
			}
		})
		wantCodes(t, r, map[string]int{diag.DependencyCycle: 1})
	}},
	{"import-chain", 100, func(t *testing.T, n int, r hostileRun) {
		if len(r.codes()) != 0 {
			t.Errorf("diagnostics %v, want none", r.codes())
		}
	}},
	{"import-clique", 25, func(t *testing.T, n int, r hostileRun) {
		// One hint per file, on the import that leads back through the
		// first file (the first file's on its first import).
		for _, p := range []string{"c0000.yaml", fmt.Sprintf("c%04d.yaml", n-1)} {
			var got []string
			for _, d := range r.diags[p] {
				got = append(got, d.Message)
			}
			want := "import cycle: c0000.yaml → c0001.yaml → c0000.yaml"
			if p != "c0000.yaml" {
				want = fmt.Sprintf("import cycle: c%04d.yaml → c0000.yaml → c%04d.yaml", n-1, n-1)
			}
			if len(got) != 1 || got[0] != want {
				t.Errorf("%s: %q, want %q", p, got, want)
			}
		}
		wantCodes(t, r, map[string]int{diag.ImportCycle: n})
	}},
	{"unknown-targets", 500, func(t *testing.T, n int, r hostileRun) {
		wantCodes(t, r, map[string]int{diag.UnknownName: n})
	}},
	{"long-names", 15, func(t *testing.T, n int, r hostileRun) {
		// Each name is a letter away from a template's: suggested, and
		// quoted in 80 characters.
		r.each(diag.UnknownName, func(d model.Diagnostic) {
			stem := d.Message[strings.Index(d.Message, `"`)+1 : strings.Index(d.Message, "_")+1]
			if len(d.Suggestions) == 0 || len(d.Suggestions[0]) != 1000 || !strings.HasPrefix(d.Suggestions[0], stem) || !strings.HasSuffix(d.Suggestions[0], "a") ||
				!strings.Contains(d.Message, `…"; did you mean "`+stem) {
				t.Errorf("message %q, suggestions %.20q", d.Message, d.Suggestions)
			}
		})
		wantCodes(t, r, map[string]int{diag.UnknownName: n})
	}},
	{"aliased-name", 750, func(t *testing.T, n int, r hostileRun) {
		// The megabyte-long name is read through 16 aliases (16 MB of
		// text); the others are ignored, with one error.
		wantCodes(t, r, map[string]int{diag.UnknownName: 17, diag.YAMLSyntax: 1})
	}},
}

func wantCodes(t *testing.T, r hostileRun, want map[string]int) {
	t.Helper()
	if got := r.codes(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("diagnostics %v, want %v", got, want)
	}
}

// TestHostileInputs: each hostile input gets the diagnostics it should,
// with bounded messages, and four times the input (four times the types,
// files, names or aliases, and at least as much more text) allocates at
// most half again as many times more memory: the analysis is linear in
// what it reads. Each was quadratic or worse before issue 24.
func TestHostileInputs(t *testing.T) {
	// What any analysis allocates (the embedded profiles' linking, …),
	// once the profiles were read a first time.
	trivial := writeHostile(t, corpus.HostileInputs[0].Generate(1))
	analyseHostile(t, trivial)
	baseline := analyseHostile(t, trivial).allocated
	t.Logf("baseline: %d kB", baseline>>10)
	for _, c := range hostileCases {
		t.Run(c.name, func(t *testing.T) {
			var h corpus.Hostile
			for _, x := range corpus.HostileInputs {
				if x.Name == c.name {
					h = x
				}
			}
			var runs [2]hostileRun
			var sizes [2]int
			for i, n := range []int{c.small, 4 * c.small} {
				files := h.Generate(n)
				for _, f := range files {
					sizes[i] += len(f.Data)
				}
				runs[i] = analyseHostile(t, writeHostile(t, files))
				c.check(t, n, runs[i])
				if l := runs[i].longestMessage(); l > maxMessage {
					t.Errorf("size %d: a message of %d bytes", n, l)
				}
			}
			// The input grew four times in count (types, files, names,
			// aliases), and its text as much or more.
			grew := max(float64(sizes[1])/float64(sizes[0]), 4)
			small, large := runs[0].allocated-min(baseline, runs[0].allocated), runs[1].allocated-min(baseline, runs[1].allocated)
			ratio := float64(large) / float64(max(small, 1))
			t.Logf("%d → %d bytes of text (×%.1f): %d → %d kB allocated (×%.1f)", sizes[0], sizes[1], grew, small>>10, large>>10, ratio)
			if ratio > 1.5*grew {
				t.Errorf("×%.1f the text allocates ×%.1f the memory", grew, ratio)
			}
		})
	}
}

// BenchmarkHostile analyses each hostile input at the size of issue 24
// (index and every file's diagnostics, as check does). Before issue 24:
// out of memory, or a minute and more, for each.
func BenchmarkHostile(b *testing.B) {
	for _, h := range corpus.HostileInputs {
		b.Run(h.Name, func(b *testing.B) {
			dir := writeHostile(b, h.Generate(h.Size))
			analyseHostile(b, dir) // the embedded profiles' first reading is not the input's
			b.ResetTimer()
			for range b.N {
				analyseHostile(b, dir)
			}
		})
	}
}
