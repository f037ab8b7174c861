package analysis_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
)

// renameRun renames at a cursor label and returns the edits written as
// `file:line:old→new`, sorted, and the files as they read after the edits.
func renameRun(t *testing.T, p *navProject, label, newName string) ([]string, map[string]string) {
	t.Helper()
	path, off := p.at(t, label)
	edits, err := analysis.Rename(context.Background(), p.snap, path, off, newName)
	if err != nil {
		t.Fatalf("%s: rename to %q: %v", label, newName, err)
	}
	var desc []string
	after := map[string]string{}
	for file, es := range edits {
		src := string(p.src(t, file))
		for _, e := range es {
			desc = append(desc, p.describe(t, analysis.Location{Path: file, Span: e.Span})+"→"+e.NewText)
		}
		// Apply from the end so that earlier spans stay valid; edits must not overlap.
		sorted := append([]analysis.TextEdit(nil), es...)
		sort.Slice(sorted, func(i, j int) bool { return sorted[i].Span.Start > sorted[j].Span.Start })
		for i, e := range sorted {
			if i > 0 && e.Span.End > sorted[i-1].Span.Start {
				t.Fatalf("%s: overlapping edits in %s", label, file)
			}
			src = src[:e.Span.Start] + e.NewText + src[e.Span.End:]
		}
		rel, _ := filepath.Rel(p.dir, file)
		after[filepath.ToSlash(rel)] = src
	}
	sort.Strings(desc)
	return desc, after
}

// renameProblems lists the reference diagnostics of every workspace file
// of a snapshot (those a broken rename would cause).
func renameProblems(t *testing.T, p *navProject, files map[string]string) []string {
	t.Helper()
	snap := p.snap
	for rel, text := range files {
		snap = p.ws.SetOverlay(p.path(rel), 2, []byte(text))
	}
	var out []string
	for _, path := range snap.Paths() {
		if !snap.InWorkspace(path) {
			continue
		}
		for _, d := range analysis.Diagnostics(context.Background(), snap, path) {
			switch d.Code {
			case analysis.CodeUnknownType, analysis.CodeUnknownName, analysis.CodeWrongTypeKind, analysis.CodeUnknownKeyname, analysis.CodeDuplicateName:
				rel, _ := filepath.Rel(p.dir, path)
				out = append(out, fmt.Sprintf("%s: %s", filepath.ToSlash(rel), d.Message))
			}
		}
	}
	return out
}

// renameCheckClean asserts the renamed project has no more reference
// problems than before (none, for the fixtures).
func renameCheckClean(t *testing.T, p *navProject, after map[string]string) {
	t.Helper()
	if before := renameProblems(t, p, nil); len(before) > 0 {
		t.Fatalf("the fixture has problems before the rename:\n%s", strings.Join(before, "\n"))
	}
	if got := renameProblems(t, p, after); len(got) > 0 {
		t.Errorf("the rename left problems:\n%s", strings.Join(got, "\n"))
	}
}

func TestRenameType(t *testing.T) {
	want := []string{
		"final.yaml:26:Pod→Box",
		"k8s.yaml:9:Pod→Box",
		"main.yaml:16:Pod→Box",
		"main.yaml:39:Pod→Box",
		"main.yaml:57:Pod→Box",
		"my.yaml:11:Pod→Box",
	}
	// From the declaration and from namespace-qualified uses alike.
	for _, label := range []string{"k8s.Pod", "main.nestedPod", "my.derived", "main.subst.Pod"} {
		p := loadNavProject(t, "navigation/v2-project")
		got, after := renameRun(t, p, label, "Box")
		navEqual(t, "rename Pod from "+label, got, want)
		// Each use keeps the prefix it was written with.
		for file, lines := range map[string][]string{
			"k8s.yaml":   {"  Box:\n"},
			"my.yaml":    {"derived_from: k8s:Box\n"},
			"main.yaml":  {"derived_from: my:k8s:Box\n", "type: k8s:Box\n", "node_type: k8s:Box\n"},
			"final.yaml": {"type: my:k8s:Box\n"},
		} {
			for _, l := range lines {
				if !strings.Contains(after[file], l) {
					t.Errorf("%s after rename from %s lacks %q:\n%s", file, label, l, after[file])
				}
			}
		}
		if label == "k8s.Pod" {
			renameCheckClean(t, p, after)
		}
	}

	// TOSCA 1.3: a dotted type name used with a namespace_prefix.
	p13 := loadNavProject(t, "navigation/v13-project")
	got, after := renameRun(t, p13, "main.app.type", "my.nodes.Application")
	navEqual(t, "rename my.nodes.App", got, []string{
		"main.yaml:30:my.nodes.App→my.nodes.Application",
		"types/app.yaml:6:my.nodes.App→my.nodes.Application",
	})
	if !strings.Contains(after["main.yaml"], "type: app:my.nodes.Application\n") {
		t.Errorf("main.yaml after rename:\n%s", after["main.yaml"])
	}
	renameCheckClean(t, p13, after)

	// A type named in a get_nodes_of_type call.
	p13 = loadNavProject(t, "navigation/v13-project")
	got, after = renameRun(t, p13, "main.Server", "my.nodes.Host")
	navEqual(t, "rename my.nodes.Server", got, []string{
		"main.yaml:13:my.nodes.Server→my.nodes.Host",
		"main.yaml:24:my.nodes.Server→my.nodes.Host",
		"main.yaml:52:my.nodes.Server→my.nodes.Host",
	})
	renameCheckClean(t, p13, after)
}

// TestRenameQuoted renames a type whose declaration and uses are quoted
// or in flow mappings: the quotes stay, only the name changes.
func TestRenameQuoted(t *testing.T) {
	p := loadNavProject(t, "rename/quoted")
	got, after := renameRun(t, p, "lib.yaml", "Core")
	navEqual(t, "rename Base", got, []string{
		"lib.yaml:7:Base→Core",
		"main.yaml:10:Base→Core",
		"main.yaml:15:Base→Core",
		"main.yaml:16:Base→Core",
	})
	for _, l := range []string{`derived_from: "lib:Core"`, `type: 'lib:Core'`, `two: { type: lib:Core }`} {
		if !strings.Contains(after["main.yaml"], l) {
			t.Errorf("main.yaml lacks %q:\n%s", l, after["main.yaml"])
		}
	}
	if !strings.Contains(after["lib.yaml"], `  "Core":`) {
		t.Errorf("lib.yaml:\n%s", after["lib.yaml"])
	}
	renameCheckClean(t, p, after)
}

func TestRenameTemplatesAndInputs(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	got, after := renameRun(t, p, "main.getprop.web", "frontend")
	navEqual(t, "rename web", got, []string{
		"main.yaml:25:web→frontend",
		"main.yaml:51:web→frontend",
		"main.yaml:61:web→frontend",
		"main.yaml:64:web→frontend",
	})
	renameCheckClean(t, p, after)

	p = loadNavProject(t, "navigation/v2-project")
	got, after = renameRun(t, p, "main.get_input.arg", "pod_count")
	navEqual(t, "rename the input", got, []string{
		"main.yaml:20:replicas→pod_count",
		"main.yaml:28:replicas→pod_count",
		"main.yaml:59:replicas→pod_count",
	})
	renameCheckClean(t, p, after)

	// Final 2.0 ($get_input) and a group named by a policy.
	p = loadNavProject(t, "navigation/v2-project")
	got, _ = renameRun(t, p, "final.get_input.arg", "n")
	navEqual(t, "rename count", got, []string{"final.yaml:20:count→n", "final.yaml:28:count→n"})
	got, _ = renameRun(t, p, "main.policy.pods", "all_pods")
	navEqual(t, "rename the group", got, []string{"main.yaml:49:pods→all_pods", "main.yaml:55:pods→all_pods"})
}

func TestRenameMembers(t *testing.T) {
	// A property: its definition, the refinement in a derived type of
	// another file, assignments in templates of several types and files,
	// and the substitution mapping.
	p := loadNavProject(t, "navigation/v2-project")
	got, after := renameRun(t, p, "main.web.replicas", "copies")
	navEqual(t, "rename replicas", got, []string{
		"final.yaml:28:replicas→copies",
		"k8s.yaml:13:replicas→copies",
		"main.yaml:28:replicas→copies",
		"main.yaml:41:replicas→copies",
		"main.yaml:59:replicas→copies",
		"my.yaml:14:replicas→copies",
	})
	// The input of the same name is untouched.
	if !strings.Contains(after["main.yaml"], "get_input: replicas }") || !strings.Contains(after["main.yaml"], "[ replicas ]") {
		t.Errorf("the input replicas was renamed too:\n%s", after["main.yaml"])
	}
	renameCheckClean(t, p, after)

	p = loadNavProject(t, "navigation/v2-project")
	got, after = renameRun(t, p, "k8s.volume", "disk")
	navEqual(t, "rename the requirement", got, []string{
		"k8s.yaml:23:volume→disk",
		"main.yaml:31:volume→disk",
		"main.yaml:61:volume→disk",
		"main.yaml:61:volume→disk",
	})
	if !strings.Contains(after["main.yaml"], "disk: [ web, disk ]") {
		t.Errorf("substitution mapping not renamed:\n%s", after["main.yaml"])
	}
	renameCheckClean(t, p, after)

	// TOSCA 1.3: get_property [SELF, port] follows; the input port does not.
	p13 := loadNavProject(t, "navigation/v13-project")
	got, after = renameRun(t, p13, "app.port", "listen_port")
	navEqual(t, "rename port", got, []string{
		"main.yaml:32:port→listen_port",
		"main.yaml:47:port→listen_port",
		"types/app.yaml:10:port→listen_port",
	})
	if !strings.Contains(after["main.yaml"], "listen_port: { get_input: port }") {
		t.Errorf("main.yaml after rename:\n%s", after["main.yaml"])
	}
	renameCheckClean(t, p13, after)
}

func TestPrepareRename(t *testing.T) {
	ctx := context.Background()
	p := loadNavProject(t, "navigation/v2-project")
	p13 := loadNavProject(t, "navigation/v13-project")
	for _, c := range []struct {
		p           *navProject
		label, want string
	}{
		// The span is the name without its namespace prefix.
		{p, "main.nestedPod", "Pod"},
		{p, "main.SuperPod", "SuperPod"},
		{p, "k8s.Pod", "Pod"},
		{p, "main.web", "web"},
		{p, "main.get_input.arg", "replicas"},
		{p, "main.web.replicas", "replicas"},
		{p, "main.web.volume", "volume"},
		{p13, "main.app.type", "my.nodes.App"},
	} {
		path, off := c.p.at(t, c.label)
		span, placeholder, err := analysis.PrepareRename(ctx, c.p.snap, path, off)
		if err != nil {
			t.Errorf("%s: %v", c.label, err)
			continue
		}
		if got := string(c.p.src(t, path)[span.Start:span.End]); got != c.want || placeholder != c.want {
			t.Errorf("%s: span %q placeholder %q, want %q", c.label, got, placeholder, c.want)
		}
	}
}

func TestRenameRefused(t *testing.T) {
	ctx := context.Background()
	p := loadNavProject(t, "navigation/v2-project")
	p13 := loadNavProject(t, "navigation/v13-project")
	for _, c := range []struct {
		p     *navProject
		label string
		why   string
	}{
		{p, "main.Compute", "embedded"},
		{p13, "main.Compute.short", "embedded"},
		{p13, "main.Compute.full", "embedded"},
		{p, "main.integer", "built-in type"},
		{p, "main.server.prop", "embedded"},
		{p, "main.web.create", "embedded"},
		{p, "main.derived_from", "keyname"},
		{p13, "main.kn.requirements", "keyname"},
		{p, "main.SELF", "keyword"},
		{p13, "main.SELF", "keyword"},
		{p, "main.get_input", "function"},
		{p, "final.get_input", "function"},
		{p, "my.import", "import"},
	} {
		path, off := c.p.at(t, c.label)
		_, _, err := analysis.PrepareRename(ctx, c.p.snap, path, off)
		if !errors.Is(err, analysis.ErrCannotRename) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: PrepareRename error %v, want ErrCannotRename about %q", c.label, err, c.why)
		}
		edits, err := analysis.Rename(ctx, c.p.snap, path, off, "other")
		if !errors.Is(err, analysis.ErrCannotRename) || edits != nil {
			t.Errorf("%s: Rename gave %v, %v; want ErrCannotRename", c.label, edits, err)
		}
	}
}

func TestRenameValidatesNewName(t *testing.T) {
	ctx := context.Background()
	p := loadNavProject(t, "navigation/v2-project")
	path, off := p.at(t, "k8s.Pod")
	for newName, why := range map[string]string{
		"":        "empty",
		"Big Box": "blank",
		"k8s:Box": "colon",
		"[Box]":   "YAML",
		"Volume":  "already exists",
	} {
		edits, err := analysis.Rename(ctx, p.snap, path, off, newName)
		if !errors.Is(err, analysis.ErrCannotRename) || !strings.Contains(err.Error(), why) || edits != nil {
			t.Errorf("rename to %q: %v, %v; want ErrCannotRename about %q", newName, edits, err, why)
		}
	}
	// The same name is no edit at all.
	edits, err := analysis.Rename(ctx, p.snap, path, off, "Pod")
	if err != nil || len(edits) != 0 {
		t.Errorf("rename to the same name: %v, %v", edits, err)
	}
	// The fixture files are never written.
	if data, err := os.ReadFile(p.path("k8s.yaml")); err != nil || !strings.Contains(string(data), "  Pod:\n") {
		t.Errorf("k8s.yaml changed on disk: %v", err)
	}
}
