package analysis_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// structureWorkspace loads a fixture folder of testdata/structure.
func structureWorkspace(t *testing.T, dir string) (*index.Workspace, *index.Snapshot, string) {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", "testdata", "structure", dir))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), abs, nil)
	return ws, ws.Snapshot(), abs
}

func TestDocumentLinks(t *testing.T) {
	_, snap, dir := structureWorkspace(t, "links")
	path := filepath.Join(dir, "main.yaml")
	src := snap.File(path).Syntax.Src
	links := analysis.DocumentLinks(context.Background(), snap, path)
	var got []string
	for _, l := range links {
		rel, err := filepath.Rel(dir, l.Target)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s -> %s", src[l.Span.Start:l.Span.End], filepath.ToSlash(rel)))
		if l.Tooltip == "" {
			t.Errorf("%s: no tooltip", l.Target)
		}
	}
	want := []string{
		"lib/types.yaml -> lib/types.yaml",
		"lib/more.yaml -> lib/more.yaml", // quotes are not part of the link
		"scripts/install.sh -> scripts/install.sh",
		"tool.sh -> repo/tool.sh", // relative to the local repository
		"scripts/install.sh -> scripts/install.sh",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(links[1].Tooltip, "namespace more") {
		t.Errorf("namespaced import tooltip: %q", links[1].Tooltip)
	}

	// 2.0: a profile name opens the profile's entry file.
	path = filepath.Join(dir, "profile.yaml")
	src = snap.File(path).Syntax.Src
	links = analysis.DocumentLinks(context.Background(), snap, path)
	if len(links) != 2 {
		t.Fatalf("profile.yaml: %d links, want 2: %+v", len(links), links)
	}
	if s := string(src[links[0].Span.Start:links[0].Span.End]); s != "org.oasis-open.simple:2.0" {
		t.Errorf("profile link spans %q", s)
	}
	if f := snap.File(links[0].Target); f == nil || !f.Embedded || f.ProfileName == "" {
		t.Errorf("profile link target %s is not the embedded profile entry", links[0].Target)
	}
	if !strings.Contains(links[0].Tooltip, "org.oasis-open.simple:2.0") {
		t.Errorf("profile tooltip %q", links[0].Tooltip)
	}
	if links[1].Target != filepath.Join(dir, "lib", "final.yaml") {
		t.Errorf("url link target %s", links[1].Target)
	}
}

// structureFolds renders folds as "first-last kind" with 1-based lines.
func structureFolds(src []byte, folds []analysis.Fold) []string {
	lines := text.NewLines(src)
	var out []string
	for _, f := range folds {
		out = append(out, fmt.Sprintf("%d-%d %s", lines.Line(f.Span.Start)+1, lines.Line(f.Span.End-1)+1, f.Kind))
	}
	return out
}

func TestFoldingRanges(t *testing.T) {
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	path := filepath.Join(t.TempDir(), "fold.yaml")
	src := []byte(`tosca_definitions_version: tosca_simple_yaml_1_3
# A comment block
# over three lines
# before the imports.
imports:
  - a.yaml
  - b.yaml
description: >
  Folded text
  # not a comment
node_types:
  my.nodes.A:
    derived_from: tosca.nodes.Root
    properties:
      p: { type: string }
      q:
        type: integer
        # a lone comment line
  my.nodes.B: {}
topology_template:
  node_templates:
    n:
      type: my.nodes.A
      requirements:
        - host:
            node: m
        - dependency: m
`)
	snap := ws.SetOverlay(path, 1, src)
	got := structureFolds(src, analysis.FoldingRanges(context.Background(), snap, path))
	want := []string{
		"2-4 comment",
		"5-7 imports",
		"8-10 region", // the folded scalar
		"11-19 region",
		"12-17 region", // a trailing comment is not part of the entry
		"14-17 region",
		"16-17 region",
		"20-27 region",
		"21-27 region",
		"22-27 region",
		"24-27 region",
		"25-26 region", // the `- host:` item (its entry has the same lines)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("folds:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, f := range analysis.FoldingRanges(context.Background(), snap, path) {
		if f.Span.Len() <= 0 || f.Span.End > len(src) {
			t.Errorf("bad fold span %v", f.Span)
		}
	}

	// Broken text still folds what parsed.
	broken := []byte("tosca_definitions_version: tosca_2_0\nnode_types:\n  A:\n    properties:\n      p: [ x\n  B:\n    derived_from: A\n    description: b\n")
	snap = ws.SetOverlay(path, 2, broken)
	got = structureFolds(broken, analysis.FoldingRanges(context.Background(), snap, path))
	found := false
	for _, g := range got {
		if g == "6-8 region" {
			found = true
		}
	}
	if !found {
		t.Errorf("broken file folds %v lack 6-8 region (type B)", got)
	}
}

// structureToken is a decoded token: its text, type and modifiers.
type structureToken struct {
	text string
	typ  string
	mods string
}

func (s structureToken) String() string {
	if s.mods == "" {
		return s.text + ":" + s.typ
	}
	return s.text + ":" + s.typ + "[" + s.mods + "]"
}

// structureTokens decodes the tokens of a file by their text, checking the
// invariants: sorted, non-overlapping, single-line, within the file.
func structureTokens(t *testing.T, snap *index.Snapshot, path string) []structureToken {
	t.Helper()
	src := snap.File(path).Syntax.Src
	lines := text.NewLines(src)
	toks := analysis.SemanticTokens(context.Background(), snap, path)
	var out []structureToken
	prevEnd := -1
	for _, tk := range toks {
		s := tk.Span
		if s.Start < prevEnd {
			t.Errorf("token %v overlaps the previous one (ends %d)", s, prevEnd)
		}
		if s.Len() <= 0 || s.End > len(src) {
			t.Fatalf("bad token span %v", s)
		}
		if lines.Line(s.Start) != lines.Line(s.End-1) {
			t.Errorf("token %q crosses lines", src[s.Start:s.End])
		}
		prevEnd = s.End
		var mods []string
		for i, m := range analysis.TokenModifiers {
			if tk.Modifiers&(1<<i) != 0 {
				mods = append(mods, m)
			}
		}
		out = append(out, structureToken{string(src[s.Start:s.End]), analysis.TokenTypes[tk.Type], strings.Join(mods, ",")})
	}
	return out
}

// structureExpectTokens checks that each wanted token appears, in order.
func structureExpectTokens(t *testing.T, got []structureToken, want []string) {
	t.Helper()
	i := 0
	for _, w := range want {
		found := false
		for i < len(got) {
			g := got[i].String()
			i++
			if g == w {
				found = true
				break
			}
		}
		if !found {
			var all []string
			for _, g := range got {
				all = append(all, g.String())
			}
			t.Errorf("token %s not found (in order) among:\n%s", w, strings.Join(all, "\n"))
			return
		}
	}
}

func structureHasToken(got []structureToken, textWanted string) []string {
	var out []string
	for _, g := range got {
		if g.text == textWanted {
			out = append(out, g.String())
		}
	}
	sort.Strings(out)
	return out
}

func TestSemanticTokens13(t *testing.T) {
	_, snap, dir := structureWorkspace(t, "tokens")
	path := filepath.Join(dir, "tosca13.yaml")
	got := structureTokens(t, snap, path)
	structureExpectTokens(t, got, []string{
		"tosca_definitions_version:keyword",
		"node_types:keyword",
		"my.nodes.App:type[declaration]",
		"derived_from:keyword",
		"tosca.nodes.SoftwareComponent:type[defaultLibrary]",
		"properties:keyword",
		"port:property[declaration]",
		"type:keyword",
		"interfaces:keyword",
		"Standard:property[declaration]",
		"tosca.interfaces.node.lifecycle.Standard:type[defaultLibrary]",
		"operations:keyword",
		"create:function[declaration]",
		"topology_template:keyword",
		"inputs:keyword",
		"app_port:variable[declaration]",
		"node_templates:keyword",
		"app:class[declaration]",
		"my.nodes.App:type",
		"port:property",
		"get_input:function[defaultLibrary]",
		"app_port:variable",
		"host:property[defaultLibrary]", // a requirement inherited from tosca.nodes.SoftwareComponent
		"server:class",
		"Standard:property",
		"server:class[declaration]",
		"Compute:type[defaultLibrary]",
		"backup:class[declaration]",
		"tosca:namespace", // the 1.x namespace of the normative types
		"Compute:type[defaultLibrary]",
		"outputs:keyword",
		"where:parameter[declaration]",
		"value:keyword",
		"get_attribute:function[defaultLibrary]",
		"server:class",
		"private_address:property[defaultLibrary]", // a name inside a function path
		"concat:function[defaultLibrary]",
		"get_property:function[defaultLibrary]",
		"SELF:keyword",
	})
	// Property values are not tokens; a name that does not resolve is not one either.
	if tk := structureHasToken(got, "install.sh"); len(tk) != 0 {
		t.Errorf("install.sh is a token: %v", tk)
	}
	if tk := structureHasToken(got, "description"); len(tk) != 0 {
		t.Errorf("an unknown property name is a token: %v", tk)
	}
}

func TestSemanticTokens20Namespaces(t *testing.T) {
	_, snap, dir := structureWorkspace(t, "tokens/project")
	path := filepath.Join(dir, "main.yaml")
	got := structureTokens(t, snap, path)
	structureExpectTokens(t, got, []string{
		"imports:keyword",
		"profile:keyword",
		"url:keyword",
		"namespace:keyword",
		// The file mixes both 2.0 forms: the draft ones are flagged.
		"topology_template:keyword[deprecated]",
		"size:variable[declaration]",
		"constraints:keyword[deprecated]",
		"greater_than:keyword[deprecated]",
		"pod:class[declaration]",
		"my:namespace",
		"k8s:namespace",
		"Pod:type",
		"super:class[declaration]",
		"my:namespace",
		"SuperPod:type",
		"size:property",
		"get_input:function[defaultLibrary,deprecated]",
		"size:variable",
		"label:property",
		"$concat:function[defaultLibrary]",
	})
	// The profile types are the default library.
	path = filepath.Join(dir, "k8s.yaml")
	structureExpectTokens(t, structureTokens(t, snap, path), []string{"Pod:type[declaration]", "Root:type[defaultLibrary]"})
}

// A mixed file flags its draft forms as deprecated.
func TestSemanticTokensMixedDeprecated(t *testing.T) {
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	path := filepath.Join(t.TempDir(), "mixed.yaml")
	src := []byte(`tosca_definitions_version: tosca_2_0
imports:
  - profile: org.oasis-open.simple:2.0
service_template:
  inputs:
    n:
      type: integer
  node_templates:
    a:
      type: Compute
  outputs:
    x:
      value: { get_input: n }
    y:
      value: { $get_input: n }
`)
	snap := ws.SetOverlay(path, 1, src)
	structureExpectTokens(t, structureTokens(t, snap, path), []string{
		"service_template:keyword",
		"get_input:function[defaultLibrary,deprecated]",
		"n:variable",
		"$get_input:function[defaultLibrary]",
		"n:variable",
	})
}

// Every structural feature keeps its invariants on every spec fixture,
// valid or not: symbols nest, tokens are sorted, single-line and apart,
// folds span lines, links open existing files and code action edits do not
// overlap.
func TestStructureInvariantsOnSpecFixtures(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "testdata", "spec"))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	snap := ws.Snapshot()
	ctx := context.Background()
	files := 0
	for _, path := range snap.Paths() {
		f := snap.File(path)
		if f.Embedded || !strings.HasPrefix(path, root) || f.Dialect != index.TOSCA {
			continue
		}
		files++
		src := f.Syntax.Src
		lines := text.NewLines(src)
		var check func(syms []analysis.Symbol, parent *analysis.Symbol)
		check = func(syms []analysis.Symbol, parent *analysis.Symbol) {
			for i := range syms {
				s := &syms[i]
				if s.Name == "" || s.Span.Start > s.Selection.Start || s.Selection.End > s.Span.End || s.Span.End > len(src) {
					t.Errorf("%s: bad symbol %+v", path, *s)
				}
				if parent != nil && (s.Span.Start < parent.Span.Start || s.Span.End > parent.Span.End) {
					t.Errorf("%s: %s outside %s", path, s.Name, parent.Name)
				}
				check(s.Children, s)
			}
		}
		check(analysis.DocumentSymbols(ctx, snap, path), nil)
		structureTokens(t, snap, path)
		for _, fold := range analysis.FoldingRanges(ctx, snap, path) {
			if fold.Span.End > len(src) || lines.Line(fold.Span.Start) >= lines.Line(fold.Span.End-1) {
				t.Errorf("%s: bad fold %v", path, fold.Span)
			}
		}
		for _, l := range analysis.DocumentLinks(ctx, snap, path) {
			if l.Span.End > len(src) || l.Target == "" {
				t.Errorf("%s: bad link %+v", path, l)
			}
		}
		for off := 0; off < len(src); off += 97 {
			for _, a := range analysis.CodeActions(ctx, snap, path, text.Span{Start: off, End: off}) {
				for p, edits := range a.Edits {
					if p != path {
						continue
					}
					sorted := append([]analysis.TextEdit(nil), edits...)
					sort.Slice(sorted, func(i, j int) bool { return sorted[i].Span.Start < sorted[j].Span.Start })
					end := 0
					for _, e := range sorted {
						if e.Span.Start < end || e.Span.End > len(src) {
							t.Errorf("%s: %q has overlapping or bad edits %+v", path, a.Title, edits)
							break
						}
						end = e.Span.End
					}
				}
			}
		}
	}
	if files < 20 {
		t.Errorf("only %d spec fixtures found", files)
	}
}
