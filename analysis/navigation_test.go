package analysis_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
)

// navMarker is a cursor marker of the navigation, hover and rename
// fixtures: `‸` alone, or labelled `‸[label]` when a file holds several.
// The marker is stripped; the cursor is the byte offset where it was.
var navMarker = regexp.MustCompile(`‸(?:\[([A-Za-z0-9_.-]+)\])?`)

// navProject is a fixture folder copied, without its markers, into a
// temporary workspace folder and indexed.
type navProject struct {
	dir     string
	cache   string
	ws      *index.Workspace
	snap    *index.Snapshot
	cursors map[string]navCursorPos
}

type navCursorPos struct {
	path   string
	offset int
}

// navCursors strips the markers of src and returns the text and the
// offset of each label ("" for an unlabelled marker).
func navCursors(src string) (string, map[string]int) {
	out := map[string]int{}
	var b strings.Builder
	last := 0
	for _, m := range navMarker.FindAllStringSubmatchIndex(src, -1) {
		b.WriteString(src[last:m[0]])
		label := ""
		if m[2] >= 0 {
			label = src[m[2]:m[3]]
		}
		out[label] = b.Len()
		last = m[1]
	}
	b.WriteString(src[last:])
	return b.String(), out
}

// loadNavProject copies the fixture folder (under testdata) and indexes it.
func loadNavProject(t *testing.T, fixture string) *navProject {
	t.Helper()
	src := filepath.Join("..", "testdata", filepath.FromSlash(fixture))
	p := &navProject{dir: t.TempDir(), cache: t.TempDir(), cursors: map[string]navCursorPos{}}
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if rel == "." {
			rel = filepath.Base(path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text, cursors := navCursors(string(data))
		dst := filepath.Join(p.dir, rel)
		for label, off := range cursors {
			if label == "" {
				label = filepath.ToSlash(rel)
			}
			if _, dup := p.cursors[label]; dup {
				t.Fatalf("cursor label %q used twice", label)
			}
			p.cursors[label] = navCursorPos{path: dst, offset: off}
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, []byte(text), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	p.ws = index.NewWorkspace(index.Options{CacheDir: p.cache})
	p.ws.AddFolder(context.Background(), p.dir, nil)
	p.snap = p.ws.Snapshot()
	return p
}

// navOverlay indexes one editor buffer (which may be broken YAML) of a
// fixture, with its markers stripped, as an overlay of an empty folder.
func navOverlay(t *testing.T, fixture string) *navProject {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", filepath.FromSlash(fixture)))
	if err != nil {
		t.Fatal(err)
	}
	p := &navProject{dir: t.TempDir(), cache: t.TempDir(), cursors: map[string]navCursorPos{}}
	text, cursors := navCursors(string(data))
	path := filepath.Join(p.dir, filepath.Base(fixture))
	for label, off := range cursors {
		if label == "" {
			label = filepath.Base(fixture)
		}
		p.cursors[label] = navCursorPos{path: path, offset: off}
	}
	p.ws = index.NewWorkspace(index.Options{CacheDir: p.cache})
	p.ws.AddFolder(context.Background(), p.dir, nil)
	p.snap = p.ws.SetOverlay(path, 1, []byte(text))
	return p
}

// at returns the file and offset of a cursor label.
func (p *navProject) at(t *testing.T, label string) (string, int) {
	t.Helper()
	c, ok := p.cursors[label]
	if !ok {
		t.Fatalf("no cursor labelled %q", label)
	}
	return c.path, c.offset
}

// path is the absolute path of a file of the project.
func (p *navProject) path(rel string) string { return filepath.Join(p.dir, filepath.FromSlash(rel)) }

// src is the text of a file as the snapshot holds it.
func (p *navProject) src(t *testing.T, path string) []byte {
	t.Helper()
	f := p.snap.File(path)
	if f == nil {
		t.Fatalf("%s is not in the snapshot", path)
	}
	return f.Syntax.Src
}

// describe writes a location as `file:line:text` where file is relative
// to the project, or `<profiles>/…` inside the embedded profiles cache.
func (p *navProject) describe(t *testing.T, l analysis.Location) string {
	t.Helper()
	name := l.Path
	if rel, err := filepath.Rel(p.dir, l.Path); err == nil && !strings.HasPrefix(rel, "..") {
		name = filepath.ToSlash(rel)
	} else if rel, err := filepath.Rel(p.cache, l.Path); err == nil && !strings.HasPrefix(rel, "..") {
		// <cache>/profiles/<hash>/simple-2.0/node_types.yaml → <profiles>/simple-2.0/node_types.yaml
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if len(parts) > 2 {
			parts = parts[len(parts)-2:]
		}
		name = "<profiles>/" + strings.Join(parts, "/")
	}
	src := p.src(t, l.Path)
	line := 1 + strings.Count(string(src[:l.Span.Start]), "\n")
	return fmt.Sprintf("%s:%d:%s", name, line, src[l.Span.Start:l.Span.End])
}

func (p *navProject) describeAll(t *testing.T, ls []analysis.Location) []string {
	t.Helper()
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = p.describe(t, l)
	}
	return out
}

func navEqual(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func navSorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

func TestNavigationDefinition(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		fixture string
		label   string
		want    []string
	}{
		// TOSCA 2.0: types through namespaces, nested namespaces and profiles.
		{"navigation/v2-project", "main.SuperPod", []string{"my.yaml:10:SuperPod"}},
		{"navigation/v2-project", "main.nestedPod", []string{"k8s.yaml:9:Pod"}},
		{"navigation/v2-project", "main.MegaPod", []string{"main.yaml:13:MegaPod"}},
		{"navigation/v2-project", "main.Volume", []string{"k8s.yaml:27:Volume"}},
		{"navigation/v2-project", "my.derived", []string{"k8s.yaml:9:Pod"}},
		{"navigation/v2-project", "final.nestedPod", []string{"k8s.yaml:9:Pod"}},
		{"navigation/v2-project", "main.Compute", []string{"<profiles>/simple-2.0/node_types.yaml:47:Compute"}},
		{"navigation/v2-project", "final.Compute", []string{"<profiles>/simple-2.0/node_types.yaml:47:Compute"}},
		// Inputs in get_input (draft) and $get_input (final).
		{"navigation/v2-project", "main.get_input.arg", []string{"main.yaml:20:replicas"}},
		{"navigation/v2-project", "final.get_input.arg", []string{"final.yaml:20:count"}},
		// Members used in templates land on the defining type's member.
		{"navigation/v2-project", "main.web.replicas", []string{"my.yaml:14:replicas"}},
		{"navigation/v2-project", "main.web.image", []string{"k8s.yaml:20:image"}},
		{"navigation/v2-project", "main.web.volume", []string{"k8s.yaml:23:volume"}},
		{"navigation/v2-project", "main.web.create", []string{"<profiles>/simple-2.0/interface_types.yaml:20:create"}},
		{"navigation/v2-project", "main.server.prop", []string{"<profiles>/simple-2.0/capability_types.yaml:28:num_cpus"}},
		// A refinement leads to what it refines.
		{"navigation/v2-project", "my.replicas", []string{"k8s.yaml:13:replicas"}},
		// Templates named by requirements, groups, policies, substitution mappings and functions.
		{"navigation/v2-project", "main.web.volume.target", []string{"main.yaml:36:data"}},
		{"navigation/v2-project", "main.group.web", []string{"main.yaml:25:web"}},
		{"navigation/v2-project", "main.policy.pods", []string{"main.yaml:49:pods"}},
		{"navigation/v2-project", "main.subst.Pod", []string{"k8s.yaml:9:Pod"}},
		{"navigation/v2-project", "main.subst.replicas.key", []string{"k8s.yaml:13:replicas"}},
		{"navigation/v2-project", "main.subst.input", []string{"main.yaml:20:replicas"}},
		{"navigation/v2-project", "main.subst.web", []string{"main.yaml:25:web"}},
		{"navigation/v2-project", "main.subst.volume", []string{"k8s.yaml:23:volume"}},
		{"navigation/v2-project", "main.getprop.web", []string{"main.yaml:25:web"}},
		{"navigation/v2-project", "main.getprop.image", []string{"k8s.yaml:20:image"}},
		// Calls of the file's own functions (final 2.0).
		{"navigation/v2-project", "final.fn.use", []string{"final.yaml:11:pod_name"}},
		// Imports open the file (at its start).
		{"navigation/v2-project", "my.import", []string{"k8s.yaml:1:"}},
		{"navigation/v2-project", "main.profile", []string{"<profiles>/simple-2.0/profile.yaml:1:"}},
		// A declaration is its own definition.
		{"navigation/v2-project", "k8s.Pod", []string{"k8s.yaml:9:Pod"}},
		// Nothing to go to.
		{"navigation/v2-project", "main.derived_from", nil},
		{"navigation/v2-project", "main.SELF", nil},

		// TOSCA 1.3: implicit normative types (full and short names), prefixes.
		{"navigation/v13-project", "main.Compute.full", []string{"<profiles>/simple-1.3/node.yaml:64:tosca.nodes.Compute"}},
		{"navigation/v13-project", "main.Compute.short", []string{"<profiles>/simple-1.3/node.yaml:64:tosca.nodes.Compute"}},
		{"navigation/v13-project", "main.server.type", []string{"main.yaml:13:my.nodes.Server"}},
		{"navigation/v13-project", "main.app.type", []string{"types/app.yaml:6:my.nodes.App"}},
		{"navigation/v13-project", "main.get_input.arg", []string{"main.yaml:19:port"}},
		{"navigation/v13-project", "main.app.port", []string{"types/app.yaml:10:port"}},
		{"navigation/v13-project", "main.app.host", []string{"main.yaml:23:server"}},
		{"navigation/v13-project", "main.app.database", []string{"types/app.yaml:17:database"}},
		{"navigation/v13-project", "main.repo.use", []string{"main.yaml:10:repo"}},
		{"navigation/v13-project", "main.self.port", []string{"types/app.yaml:10:port"}},
		{"navigation/v13-project", "main.getattr.server", []string{"main.yaml:23:server"}},
		{"navigation/v13-project", "main.getattr.attr", []string{"<profiles>/simple-1.3/node.yaml:76:public_address"}},
		{"navigation/v13-project", "main.app.create", []string{"<profiles>/simple-1.3/interface.yaml:21:create"}},
		{"navigation/v13-project", "main.import", []string{"types/app.yaml:1:"}},
		{"navigation/v13-project", "main.nodes_of_type", []string{"main.yaml:13:my.nodes.Server"}},
	}
	projects := map[string]*navProject{}
	for _, c := range cases {
		t.Run(c.fixture+"/"+c.label, func(t *testing.T) {
			p := projects[c.fixture]
			if p == nil {
				p = loadNavProject(t, c.fixture)
				projects[c.fixture] = p
			}
			path, off := p.at(t, c.label)
			got := p.describeAll(t, analysis.Definition(ctx, p.snap, path, off))
			navEqual(t, "definition", got, c.want)
		})
	}
}

// TestNavigationDefinitionInProfileCache checks that definitions in the
// embedded profiles open real files inside the profiles cache folder.
func TestNavigationDefinitionInProfileCache(t *testing.T) {
	for _, c := range []struct{ fixture, label, base string }{
		{"navigation/v2-project", "main.Compute", "node_types.yaml"},
		{"navigation/v13-project", "main.Compute.short", "node.yaml"},
	} {
		p := loadNavProject(t, c.fixture)
		path, off := p.at(t, c.label)
		locs := analysis.Definition(context.Background(), p.snap, path, off)
		if len(locs) != 1 {
			t.Fatalf("%s: got %d locations", c.label, len(locs))
		}
		if rel, err := filepath.Rel(p.cache, locs[0].Path); err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("%s: %s is not under the profiles cache %s", c.label, locs[0].Path, p.cache)
		}
		if filepath.Base(locs[0].Path) != c.base {
			t.Errorf("%s: definition in %s, want %s", c.label, filepath.Base(locs[0].Path), c.base)
		}
		if _, err := os.Stat(locs[0].Path); err != nil {
			t.Errorf("%s: the profile file does not exist on disk: %v", c.label, err)
		}
	}
}

func TestNavigationTypeDefinition(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		fixture, label string
		want           []string
	}{
		{"navigation/v2-project", "main.web", []string{"main.yaml:13:MegaPod"}},
		{"navigation/v2-project", "main.group.web", []string{"main.yaml:13:MegaPod"}},
		{"navigation/v2-project", "main.input", []string{"<profiles>/builtin-2.0/types.yaml:21:integer"}},
		{"navigation/v2-project", "main.web.replicas", []string{"<profiles>/builtin-2.0/types.yaml:21:integer"}},
		// A requirement leads to its capability type and its node type.
		{"navigation/v2-project", "main.web.volume", []string{"<profiles>/simple-2.0/capability_types.yaml:137:Attachment", "k8s.yaml:27:Volume"}},
		{"navigation/v2-project", "main.SuperPod", []string{"my.yaml:10:SuperPod"}},
		{"navigation/v13-project", "main.app", []string{"types/app.yaml:6:my.nodes.App"}},
		{"navigation/v13-project", "main.app.host", []string{"main.yaml:13:my.nodes.Server"}},
		{"navigation/v13-project", "main.getattr.attr", []string{"<profiles>/builtin-1.x/types.yaml:15:string"}},
		{"navigation/v13-project", "main.get_input", nil},
	}
	projects := map[string]*navProject{}
	for _, c := range cases {
		t.Run(c.fixture+"/"+c.label, func(t *testing.T) {
			p := projects[c.fixture]
			if p == nil {
				p = loadNavProject(t, c.fixture)
				projects[c.fixture] = p
			}
			path, off := p.at(t, c.label)
			navEqual(t, "type definition", p.describeAll(t, analysis.TypeDefinition(ctx, p.snap, path, off)), c.want)
		})
	}
}

func TestNavigationImplementation(t *testing.T) {
	ctx := context.Background()
	p := loadNavProject(t, "navigation/v2-project")
	// Pod: the types deriving from it (directly, through my:SuperPod and
	// through nested namespaces) and the templates of those types.
	path, off := p.at(t, "k8s.Pod")
	navEqual(t, "implementations of Pod", p.describeAll(t, analysis.Implementation(ctx, p.snap, path, off)), []string{
		"final.yaml:25:app",
		"main.yaml:13:MegaPod",
		"main.yaml:15:LocalPod",
		"main.yaml:25:web",
		"main.yaml:38:legacy",
		"my.yaml:10:SuperPod",
	})
	// From a namespace-qualified use in another file.
	path, off = p.at(t, "main.SuperPod")
	navEqual(t, "implementations of my:SuperPod", p.describeAll(t, analysis.Implementation(ctx, p.snap, path, off)), []string{
		"main.yaml:13:MegaPod",
		"main.yaml:25:web",
	})
	// A template has no implementations.
	path, off = p.at(t, "main.web")
	navEqual(t, "implementations of a template", p.describeAll(t, analysis.Implementation(ctx, p.snap, path, off)), nil)

	// TOSCA 1.3: the implicit normative Compute, used by its short name.
	p13 := loadNavProject(t, "navigation/v13-project")
	path, off = p13.at(t, "main.Compute.short")
	navEqual(t, "implementations of Compute", p13.describeAll(t, analysis.Implementation(ctx, p13.snap, path, off)), []string{
		"main.yaml:13:my.nodes.Server",
		"main.yaml:23:server",
		"main.yaml:25:other",
	})
}

func TestNavigationReferences(t *testing.T) {
	ctx := context.Background()
	p := loadNavProject(t, "navigation/v2-project")
	podUses := []string{
		"final.yaml:26:my:k8s:Pod",
		"main.yaml:16:my:k8s:Pod",
		"main.yaml:39:k8s:Pod",
		"main.yaml:57:k8s:Pod",
		"my.yaml:11:k8s:Pod",
	}
	// The same references from the declaration and from each kind of use.
	for _, label := range []string{"k8s.Pod", "my.derived", "main.nestedPod", "final.nestedPod", "main.subst.Pod"} {
		path, off := p.at(t, label)
		navEqual(t, "references of Pod from "+label, p.describeAll(t, analysis.References(ctx, p.snap, path, off, false)), podUses)
		withDecl := p.describeAll(t, analysis.References(ctx, p.snap, path, off, true))
		navEqual(t, "references of Pod with declaration from "+label, navSorted(withDecl), navSorted(append([]string{"k8s.yaml:9:Pod"}, podUses...)))
	}

	// A property: its refinement in my:SuperPod is a declaration; uses in
	// templates of derived types, in another file and in substitution
	// mappings are references.
	path, off := p.at(t, "k8s.replicas")
	navEqual(t, "references of replicas", p.describeAll(t, analysis.References(ctx, p.snap, path, off, false)), []string{
		"final.yaml:28:replicas",
		"main.yaml:28:replicas",
		"main.yaml:41:replicas",
		"main.yaml:59:replicas",
	})
	navEqual(t, "references of replicas with declarations", p.describeAll(t, analysis.References(ctx, p.snap, path, off, true)), []string{
		"final.yaml:28:replicas",
		"k8s.yaml:13:replicas",
		"main.yaml:28:replicas",
		"main.yaml:41:replicas",
		"main.yaml:59:replicas",
		"my.yaml:14:replicas",
	})

	// An input: get_input and the substitution mapping.
	path, off = p.at(t, "main.get_input.arg")
	navEqual(t, "references of the input", p.describeAll(t, analysis.References(ctx, p.snap, path, off, true)), []string{
		"main.yaml:20:replicas",
		"main.yaml:28:replicas",
		"main.yaml:59:replicas",
	})

	// A template: group members, substitution mappings and get_property.
	path, off = p.at(t, "main.getprop.web")
	navEqual(t, "references of web", p.describeAll(t, analysis.References(ctx, p.snap, path, off, false)), []string{
		"main.yaml:51:web",
		"main.yaml:61:web",
		"main.yaml:64:web",
	})

	// A function of the `functions` section, called as $pod_name.
	path, off = p.at(t, "final.fn.decl")
	navEqual(t, "references of pod_name", p.describeAll(t, analysis.References(ctx, p.snap, path, off, true)), []string{
		"final.yaml:11:pod_name",
		"final.yaml:29:$pod_name",
	})

	// An import: every import of the same file.
	path, off = p.at(t, "my.import")
	navEqual(t, "references of k8s.yaml", p.describeAll(t, analysis.References(ctx, p.snap, path, off, false)), []string{
		"main.yaml:7:k8s.yaml",
		"my.yaml:6:k8s.yaml",
	})

	// TOSCA 1.3: a property used through get_property SELF and assigned in a template.
	p13 := loadNavProject(t, "navigation/v13-project")
	path, off = p13.at(t, "app.port")
	navEqual(t, "references of port", p13.describeAll(t, analysis.References(ctx, p13.snap, path, off, false)), []string{
		"main.yaml:32:port",
		"main.yaml:47:port",
	})
	// Nothing is referenced from a keyname.
	path, off = p.at(t, "main.derived_from")
	navEqual(t, "references of a keyname", p.describeAll(t, analysis.References(ctx, p.snap, path, off, true)), nil)
}

func TestNavigationHighlights(t *testing.T) {
	ctx := context.Background()
	p := loadNavProject(t, "navigation/v2-project")
	describe := func(label string) []string {
		path, off := p.at(t, label)
		var out []string
		for _, h := range analysis.DocumentHighlights(ctx, p.snap, path, off) {
			kind := "read"
			if h.Kind == analysis.HighlightWrite {
				kind = "write"
			}
			out = append(out, p.describe(t, analysis.Location{Path: path, Span: h.Span})+" "+kind)
		}
		return out
	}
	navEqual(t, "highlights of web", describe("main.subst.web"), []string{
		"main.yaml:25:web write",
		"main.yaml:51:web read",
		"main.yaml:61:web read",
		"main.yaml:64:web read",
	})
	navEqual(t, "highlights of the input", describe("main.input"), []string{
		"main.yaml:20:replicas write",
		"main.yaml:28:replicas read",
		"main.yaml:59:replicas read",
	})
	// Only the file's own occurrences: Pod is declared elsewhere.
	navEqual(t, "highlights of Pod in main.yaml", describe("main.nestedPod"), []string{
		"main.yaml:16:my:k8s:Pod read",
		"main.yaml:39:k8s:Pod read",
		"main.yaml:57:k8s:Pod read",
	})
	navEqual(t, "highlights of Pod in k8s.yaml", describe("k8s.Pod"), []string{
		"k8s.yaml:9:Pod write",
	})
}

// TestNavigationEveryOffset runs every feature at every offset of the
// fixtures (and of a broken buffer): nothing panics, and every span
// returned lies inside its file.
func TestNavigationEveryOffset(t *testing.T) {
	ctx := context.Background()
	projects := []*navProject{
		loadNavProject(t, "navigation/v2-project"),
		loadNavProject(t, "navigation/v13-project"),
		loadNavProject(t, "hover/interfaces-1.2.yaml"),
		navOverlay(t, "hover/broken-final.yaml"),
	}
	for _, p := range projects {
		for _, path := range p.snap.Paths() {
			if !p.snap.InWorkspace(path) {
				continue
			}
			n := len(p.src(t, path))
			inside := func(what string, l analysis.Location) {
				if f := p.snap.File(l.Path); f == nil || l.Span.Start < 0 || l.Span.End > len(f.Syntax.Src) || l.Span.Start > l.Span.End {
					t.Errorf("%s:%s: %s returned %v outside its file", path, what, what, l)
				}
			}
			for off := 0; off <= n; off++ {
				if h := analysis.HoverAt(ctx, p.snap, path, off); h != nil {
					inside("hover", analysis.Location{Path: path, Span: h.Span})
					if h.Markdown == "" {
						t.Errorf("%s:%d: empty hover", path, off)
					}
				}
				for _, l := range analysis.Definition(ctx, p.snap, path, off) {
					inside("definition", l)
				}
				for _, l := range analysis.TypeDefinition(ctx, p.snap, path, off) {
					inside("type definition", l)
				}
				for _, h := range analysis.DocumentHighlights(ctx, p.snap, path, off) {
					inside("highlight", analysis.Location{Path: path, Span: h.Span})
				}
				if span, _, err := analysis.PrepareRename(ctx, p.snap, path, off); err == nil {
					inside("prepare rename", analysis.Location{Path: path, Span: span})
				}
				if off%5 == 0 {
					for _, l := range analysis.References(ctx, p.snap, path, off, true) {
						inside("references", l)
					}
					for _, l := range analysis.Implementation(ctx, p.snap, path, off) {
						inside("implementation", l)
					}
				}
			}
		}
	}
}
