package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// codeactionsCursor strips the cursor marker ‸ from src and returns its
// byte offset (-1 when there is none).
func codeactionsCursor(src []byte) ([]byte, int) {
	const marker = "‸"
	i := strings.Index(string(src), marker)
	if i < 0 {
		return src, -1
	}
	return []byte(string(src[:i]) + string(src[i+len(marker):])), i
}

// codeactionsApply applies non-overlapping edits to src.
func codeactionsApply(t *testing.T, src []byte, edits []analysis.TextEdit) string {
	t.Helper()
	sorted := append([]analysis.TextEdit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Span.Start < sorted[j].Span.Start })
	var b strings.Builder
	at := 0
	for _, e := range sorted {
		if e.Span.Start < at || e.Span.End < e.Span.Start || e.Span.End > len(src) {
			t.Fatalf("bad or overlapping edit %+v (text so far ends at %d)", e, at)
		}
		b.Write(src[at:e.Span.Start])
		b.WriteString(e.NewText)
		at = e.Span.End
	}
	b.Write(src[at:])
	return b.String()
}

// codeactionsCase opens a fixture of testdata/codeactions (with the cursor
// marker removed, as an editor overlay) in a workspace of its folder and
// returns the actions at the cursor, or at the first occurrence of at.
func codeactionsAt(t *testing.T, file, at string) (*index.Snapshot, string, []byte, []analysis.CodeAction) {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "testdata", "codeactions", file))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src, off := codeactionsCursor(raw)
	if at != "" {
		off = strings.Index(string(src), at)
		if off < 0 {
			t.Fatalf("%s: %q not found", file, at)
		}
	}
	if off < 0 {
		t.Fatalf("%s: no cursor", file)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), filepath.Dir(path), nil)
	snap := ws.SetOverlay(path, 1, src)
	actions := analysis.CodeActions(context.Background(), snap, path, text.Span{Start: off, End: off})
	return snap, path, src, actions
}

func codeactionsTitles(actions []analysis.CodeAction) []string {
	var out []string
	for _, a := range actions {
		out = append(out, a.Title)
	}
	return out
}

func codeactionsFind(t *testing.T, actions []analysis.CodeAction, title string) *analysis.CodeAction {
	t.Helper()
	for i := range actions {
		if actions[i].Title == title {
			return &actions[i]
		}
	}
	t.Fatalf("no action %q among %q", title, codeactionsTitles(actions))
	return nil
}

func codeactionsGolden(t *testing.T, golden string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "codeactions", golden))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCodeActionsQuickFixes(t *testing.T) {
	cases := []struct {
		name, file, at, title, kind, golden string
		preferred                           bool
		// check: the diagnostic code the fix is attached to.
		code string
	}{
		{"unknown keyname 1.3", "fixes/keyname.yaml", "", `Change to "properties"`, "quickfix", "fixes/keyname.golden", true, "unknown-keyname"},
		{"unknown type keeps quotes", "fixes/type.yaml", "", `Change to "tosca.nodes.Compute"`, "quickfix", "fixes/type.golden", true, "unknown-type"},
		{"unknown node template", "fixes/name.yaml", "", `Change to "server"`, "quickfix", "fixes/name.golden", true, "unknown-name"},
		{"invalid version", "fixes/version.yaml", "", `Change to "tosca_simple_yaml_1_3"`, "quickfix", "fixes/version.golden", true, "invalid-version"},
		{"missing keynames, block", "fixes/missing.yaml", "", "Add missing keynames `type`, `file`", "quickfix", "fixes/missing-artifact.golden", true, "missing-keyname"},
		{"missing keyname, flow", "fixes/missing.yaml", "db:", "Add missing keyname `capability`", "quickfix", "fixes/missing-flow.golden", true, "missing-keyname"},
		{"missing keyname, empty flow", "fixes/missing.yaml", "orphan", "Add missing keyname `type`", "quickfix", "fixes/missing-empty.golden", true, "missing-keyname"},
		{"namespaced name suggested", "project/main.yaml", "SuperPod", `Change to "my:SuperPod"`, "quickfix", "project/main-use-superpod.golden", true, "unknown-type"},
		{"nested namespaced name suggested", "project/main.yaml", "k8s:Pod", `Change to "my:k8s:Pod"`, "quickfix", "project/main-use-pod.golden", true, "unknown-type"},
		{"use the nested namespaced name", "project/main.yaml", "Px", "Use my:k8s:Px", "quickfix", "project/main-use-px.golden", false, "unknown-type"},
		{"import into a block list", "project/main.yaml", "Widget", "Import other/widgets.yaml", "quickfix", "project/main-import-widget.golden", false, "unknown-type"},
		{"create the imports section", "project/bare.yaml", "Widget", "Import other/widgets.yaml", "quickfix", "project/bare-import-widget.golden", false, "unknown-type"},
		{"import a profile", "project/bare.yaml", "Compute", "Import profile org.oasis-open.simple:2.0", "quickfix", "project/bare-import-profile.golden", false, "unknown-type"},
		{"import into a namespace", "project/bare.yaml", "wd:Widget", "Import other/widgets.yaml as namespace wd", "quickfix", "project/bare-import-ns.golden", false, "unknown-type"},
		{"operations moved under operations:", "fixes/operations.yaml", "", "Move `create`, `configure` under `operations:`", "quickfix", "fixes/operations.golden", true, "unknown-keyname"},
		{"import 1.x into a flow list", "project/legacy.yaml", "gd:lib", "Import other/gadgets.yaml as namespace gd", "quickfix", "project/legacy-import-ns.golden", false, "unknown-type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, path, src, actions := codeactionsAt(t, c.file, c.at)
			a := codeactionsFind(t, actions, c.title)
			if a.Kind != c.kind {
				t.Errorf("kind %q, want %q", a.Kind, c.kind)
			}
			if a.Preferred != c.preferred {
				t.Errorf("preferred = %v, want %v", a.Preferred, c.preferred)
			}
			if len(a.Diagnostics) != 1 || a.Diagnostics[0].Code != c.code {
				t.Errorf("diagnostics %+v, want one %s", a.Diagnostics, c.code)
			}
			if len(a.Edits) != 1 || len(a.Edits[path]) == 0 {
				t.Fatalf("edits %+v, want edits of %s only", a.Edits, path)
			}
			got := codeactionsApply(t, src, a.Edits[path])
			if want := codeactionsGolden(t, c.golden); got != want {
				t.Errorf("after %q:\n%s\nwant:\n%s", c.title, got, want)
			}
		})
	}
}

// Only the first did-you-mean is preferred, and nothing is offered away
// from any diagnostic in a final-form file.
func TestCodeActionsOffered(t *testing.T) {
	_, _, _, actions := codeactionsAt(t, "fixes/version.yaml", "")
	preferred := 0
	for _, a := range actions {
		if a.Preferred {
			preferred++
		}
	}
	if len(actions) < 2 || preferred != 1 || !actions[0].Preferred {
		t.Errorf("version fixes %q: want several, the first one alone preferred", codeactionsTitles(actions))
	}
	if _, _, _, actions := codeactionsAt(t, "fixes/version.yaml", "derived_from"); len(actions) != 0 {
		t.Errorf("actions away from diagnostics: %q", codeactionsTitles(actions))
	}
	// A type visible under a qualified name is not imported again, and the
	// qualified name is offered once.
	_, _, _, actions = codeactionsAt(t, "project/main.yaml", "SuperPod")
	if got := strings.Join(codeactionsTitles(actions), "|"); got != `Change to "my:SuperPod"` {
		t.Errorf("SuperPod: %q", got)
	}
	// A final-form 2.0 file gets no rewrite.
	_, _, _, actions = codeactionsAt(t, "fixes/missing.yaml", "derived_from")
	for _, a := range actions {
		if a.Kind == "refactor.rewrite" {
			t.Errorf("rewrite %q offered in a final-form file", a.Title)
		}
	}
}

func TestCodeActionsDraftToFinal(t *testing.T) {
	cases := []struct {
		name, at, title, golden string
	}{
		{"whole file", "description", "Convert to final TOSCA 2.0 syntax", "draft/draft.all.golden"},
		{"function at cursor", "get_input: port }\n        name", "Convert `get_input` to `$get_input`", "draft/draft.get_input.golden"},
		{"path with a capability", "get_property", "Convert `get_property` to `$get_property`", "draft/draft.get_property.golden"},
		{"constraints at cursor", "- 1024", "Convert `constraints` to `validation`", "draft/draft.in_range.golden"},
		{"topology_template", "topology_template", "Rename `topology_template` to `service_template`", "draft/draft.topology.golden"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			snap, path, src, actions := codeactionsAt(t, "draft/draft.yaml", c.at)
			a := codeactionsFind(t, actions, c.title)
			if a.Kind != "refactor.rewrite" {
				t.Errorf("kind %q", a.Kind)
			}
			got := codeactionsApply(t, src, a.Edits[path])
			if want := codeactionsGolden(t, c.golden); got != want {
				t.Errorf("after %q:\n%s\nwant:\n%s", c.title, got, want)
			}
			if c.name != "whole file" {
				return
			}
			// The converted file is final 2.0 and as valid as before: the
			// same diagnostics (none).
			before := analysis.Diagnostics(context.Background(), snap, path)
			ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
			ws.AddFolder(context.Background(), filepath.Dir(path), nil)
			after := ws.SetOverlay(path, 2, []byte(got))
			if d := analysis.Diagnostics(context.Background(), after, path); len(d) != len(before) {
				t.Errorf("diagnostics before %v, after %v", before, d)
			}
			// Applying it leaves only what is not mechanical: no more
			// whole-file action once nothing converts.
			for _, a := range analysis.CodeActions(context.Background(), after, path, text.Span{}) {
				if a.Title == "Convert to final TOSCA 2.0 syntax" {
					t.Errorf("the converted file still offers %q: %+v", a.Title, a.Edits)
				}
			}
		})
	}
	// At the cursor on get_input: that conversion and the whole-file one only.
	_, _, _, actions := codeactionsAt(t, "draft/draft.yaml", "get_input: port }\n        name")
	var rewrites []string
	for _, a := range actions {
		if a.Kind == "refactor.rewrite" {
			rewrites = append(rewrites, a.Title)
		}
	}
	if strings.Join(rewrites, "|") != "Convert `get_input` to `$get_input`|Convert to final TOSCA 2.0 syntax" {
		t.Errorf("rewrites at get_input: %q", rewrites)
	}
}

// Inserted lines follow the file's line breaks.
func TestCodeActionsCRLF(t *testing.T) {
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	path := filepath.Join(t.TempDir(), "crlf.yaml")
	src := []byte("tosca_definitions_version: tosca_simple_yaml_1_3\r\nnode_types:\r\n  my.nodes.A:\r\n    artifacts:\r\n      img:\r\n        description: x\r\n")
	snap := ws.SetOverlay(path, 1, src)
	off := strings.Index(string(src), "img")
	actions := analysis.CodeActions(context.Background(), snap, path, text.Span{Start: off, End: off})
	a := codeactionsFind(t, actions, "Add missing keynames `type`, `file`")
	got := codeactionsApply(t, src, a.Edits[path])
	want := string(src)[:len(src)-2] + "\r\n        type: \"\"\r\n        file: \"\"\r\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// The edits of every action offered anywhere in a spec fixture (valid or
// not, opened in the editor) apply: they do not overlap and stay inside
// the text.
func TestCodeActionEditsOnSpecFixtures(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "testdata", "spec"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: profileCache(t)})
	ws.AddFolder(context.Background(), root, nil)
	ctx := context.Background()
	files := 0
	for _, path := range ws.Snapshot().Paths() {
		if !strings.HasPrefix(path, root) {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files++
		snap := ws.SetOverlay(path, 1, src)
		for off := 0; off < len(src); off += 97 {
			for _, a := range analysis.CodeActions(ctx, snap, path, text.Span{Start: off, End: off}) {
				sorted := append([]analysis.TextEdit(nil), a.Edits[path]...)
				sort.Slice(sorted, func(i, j int) bool { return sorted[i].Span.Start < sorted[j].Span.Start })
				end := 0
				for _, e := range sorted {
					if e.Span.Start < end || e.Span.End > len(src) {
						t.Errorf("%s: %q has overlapping or bad edits %+v", path, a.Title, a.Edits[path])
						break
					}
					end = e.Span.End
				}
			}
		}
	}
	if files < 100 {
		t.Errorf("only %d spec fixtures found", files)
	}
}
