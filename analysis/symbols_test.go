package analysis_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
)

// symbolsWorkspace loads a fixture folder of testdata/symbols.
func symbolsWorkspace(t *testing.T, dir string) (*index.Workspace, *index.Snapshot, string) {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", "testdata", "symbols", dir))
	if err != nil {
		t.Fatal(err)
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), abs, nil)
	return ws, ws.Snapshot(), abs
}

// symbolsOutline renders a symbol tree, one symbol a line: name, kind and
// detail, children indented; it also checks that every child lies inside
// its parent and every selection inside its span.
func symbolsOutline(t *testing.T, src []byte, syms []analysis.Symbol) string {
	t.Helper()
	var b strings.Builder
	var walk func(syms []analysis.Symbol, parent *analysis.Symbol, depth int)
	walk = func(syms []analysis.Symbol, parent *analysis.Symbol, depth int) {
		for i := range syms {
			s := &syms[i]
			if s.Selection.Start < s.Span.Start || s.Selection.End > s.Span.End {
				t.Errorf("%s: selection %v outside span %v", s.Name, s.Selection, s.Span)
			}
			if parent != nil && (s.Span.Start < parent.Span.Start || s.Span.End > parent.Span.End) {
				t.Errorf("%s: span %v outside parent %s %v", s.Name, s.Span, parent.Name, parent.Span)
			}
			sel := string(src[s.Selection.Start:s.Selection.End])
			if !strings.Contains(sel, s.Name) && s.Name != symbolsTitleOf(sel) {
				t.Errorf("%s: selection is %q", s.Name, sel)
			}
			fmt.Fprintf(&b, "%s%s (%s)", strings.Repeat("  ", depth), s.Name, symbolsKindName(s.Kind))
			if s.Detail != "" {
				fmt.Fprintf(&b, " : %s", s.Detail)
			}
			b.WriteByte('\n')
			walk(s.Children, s, depth+1)
		}
	}
	walk(syms, nil, 0)
	return b.String()
}

func symbolsTitleOf(key string) string {
	words := strings.Split(key, "_")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

func symbolsKindName(k analysis.SymbolKind) string {
	switch k {
	case analysis.SymbolFile:
		return "file"
	case analysis.SymbolModule:
		return "module"
	case analysis.SymbolNamespace:
		return "namespace"
	case analysis.SymbolPackage:
		return "package"
	case analysis.SymbolClass:
		return "class"
	case analysis.SymbolMethod:
		return "method"
	case analysis.SymbolProperty:
		return "property"
	case analysis.SymbolField:
		return "field"
	case analysis.SymbolInterface:
		return "interface"
	case analysis.SymbolFunction:
		return "function"
	case analysis.SymbolVariable:
		return "variable"
	case analysis.SymbolObject:
		return "object"
	case analysis.SymbolKey:
		return "key"
	case analysis.SymbolStruct:
		return "struct"
	case analysis.SymbolEvent:
		return "event"
	}
	return fmt.Sprintf("kind%d", k)
}

func symbolsCompare(t *testing.T, got, want string) {
	t.Helper()
	want = strings.TrimLeft(want, "\n")
	if got != want {
		t.Errorf("outline mismatch\n--- got\n%s--- want\n%s", got, want)
	}
}

func TestDocumentSymbols13(t *testing.T) {
	_, snap, dir := symbolsWorkspace(t, "tosca-1.3")
	path := filepath.Join(dir, "main.yaml")
	syms := analysis.DocumentSymbols(context.Background(), snap, path)
	got := symbolsOutline(t, snap.File(path).Syntax.Src, syms)
	symbolsCompare(t, got, `
Imports (namespace) : 2 entries
  types.yaml (file)
  more.yaml (file) : namespace_prefix: more
Repositories (namespace) : 1 entry
  docker_hub (package) : https://registry.hub.docker.com/
Node Types (namespace) : 1 entry
  my.nodes.WebApp (class) : tosca.nodes.WebApplication
    port (property) : integer
    url (field) : string
    database (field) : tosca.capabilities.Endpoint.Database
    admin (event) : tosca.capabilities.Endpoint.Admin
    Standard (interface) : tosca.interfaces.node.lifecycle.Standard
      create (method) : scripts/create.sh
      configure (method)
        db_url (variable) : string
Data Types (namespace) : 1 entry
  my.datatypes.Settings (struct) : tosca.datatypes.Root
    level (property) : string
Topology Template (module)
  Inputs (namespace) : 1 entry
    cpus (variable) : integer
  Node Templates (namespace) : 3 entries
    web (object) : my.nodes.WebApp
      port (property) : 80
      host (field) : server
      database (field) : db
    server (object) : Compute
    db (object) : tosca.nodes.Database
      name (property) : appdb
  Relationship Templates (namespace) : 1 entry
    db_link (object) : ConnectsTo
  Groups (namespace) : 1 entry
    backend (object) : tosca.groups.Root
  Policies (namespace) : 1 entry
    placement (object) : tosca.policies.Placement
  Outputs (namespace) : 1 entry
    url (variable)
`)
}

func TestDocumentSymbols20Namespaced(t *testing.T) {
	_, snap, dir := symbolsWorkspace(t, "project")
	path := filepath.Join(dir, "mytypes.yaml")
	got := symbolsOutline(t, snap.File(path).Syntax.Src, analysis.DocumentSymbols(context.Background(), snap, path))
	symbolsCompare(t, got, `
Imports (namespace) : 2 entries
  org.oasis-open.simple:2.0 (file)
  io.kubernetes:1.18 (file) : namespace: k8s
Node Types (namespace) : 2 entries
  MyNode (class)
  SuperPod (class) : k8s:Pod
    replicas (property) : integer
    volume (field) : Attachment
    Standard (interface) : Lifecycle.Standard
`)
	path = filepath.Join(dir, "main.yaml")
	got = symbolsOutline(t, snap.File(path).Syntax.Src, analysis.DocumentSymbols(context.Background(), snap, path))
	symbolsCompare(t, got, `
Imports (namespace) : 2 entries
  org.oasis-open.simple:2.0 (file)
  mytypes.yaml (file) : namespace: my
Service Template (module)
  Inputs (namespace) : 1 entry
    replicas (variable) : integer
  Node Templates (namespace) : 3 entries
    frontend (object) : my:SuperPod
      replicas (property)
    pod (object) : my:k8s:Pod
    server (object) : Compute
      local_storage (field) : frontend
  Outputs (namespace) : 1 entry
    address (variable)
`)
}

// A file being edited, with a broken line and 1.1 operations written
// directly under the interface type, still has an outline.
func TestDocumentSymbolsBrokenAndExtra(t *testing.T) {
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	path := filepath.Join(t.TempDir(), "broken.yaml")
	src := []byte(`tosca_definitions_version: tosca_simple_yaml_1_1
interface_types:
  my.interfaces.Admin:
    derived_from: tosca.interfaces.Root
    backup:
      description: Backs up.
    restore: scripts/restore.sh
node_types:
  my.nodes.A:
    properties:
      p: [ unclosed
  my.nodes.B:
    derived_from: tosca.nodes.Root
`)
	snap := ws.SetOverlay(path, 1, src)
	got := symbolsOutline(t, src, analysis.DocumentSymbols(context.Background(), snap, path))
	for _, want := range []string{
		"Interface Types (namespace)",
		"  my.interfaces.Admin (interface) : tosca.interfaces.Root\n    backup (method)\n    restore (method) : scripts/restore.sh\n",
		"  my.nodes.B (class) : tosca.nodes.Root\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
	// Not a TOSCA file: no outline.
	other := filepath.Join(t.TempDir(), "other.yaml")
	snap = ws.SetOverlay(other, 1, []byte("kind: Pod\n"))
	if syms := analysis.DocumentSymbols(context.Background(), snap, other); len(syms) != 0 {
		t.Errorf("non-TOSCA file has symbols: %v", syms)
	}
}

func TestWorkspaceSymbolsFuzzy(t *testing.T) {
	_, snap, dir := symbolsWorkspace(t, "project")
	ctx := context.Background()
	names := func(syms []analysis.WorkspaceSymbol) []string {
		var out []string
		for _, s := range syms {
			out = append(out, s.Name+"@"+s.Container)
		}
		return out
	}

	// Exact name first (the workspace's Pod before profile types), then
	// prefixes, then substrings, then subsequences.
	got := analysis.WorkspaceSymbols(ctx, snap, "pod")
	if len(got) < 4 {
		t.Fatalf("too few results: %v", names(got))
	}
	want := []string{"Pod@k8s-profile.yaml", "pod@main.yaml", "PodSpec@k8s-profile.yaml", "PodTemplate@k8s-profile.yaml", "SuperPod@mytypes.yaml"}
	if g := names(got); strings.Join(g[:len(want)], " ") != strings.Join(want, " ") {
		t.Errorf("pod: got %v, want prefix %v", g, want)
	}

	// A subsequence ("spod" in SuperPod) ranks after substrings.
	got = analysis.WorkspaceSymbols(ctx, snap, "SPod")
	if len(got) == 0 || got[0].Name != "SuperPod" {
		t.Errorf("SPod: got %v", names(got))
	}
	if got[0].Kind != analysis.SymbolClass || got[0].Location.Path != filepath.Join(dir, "mytypes.yaml") {
		t.Errorf("SuperPod: %+v", got[0])
	}
	src := snap.File(got[0].Location.Path).Syntax.Src
	if s := got[0].Location.Span; string(src[s.Start:s.End]) != "SuperPod" {
		t.Errorf("SuperPod location spans %q", src[s.Start:s.End])
	}

	// Profile types are found too, with the profile name as container;
	// the exact last segment (Compute) ranks before longer names.
	got = analysis.WorkspaceSymbols(ctx, snap, "compute")
	if len(got) < 2 {
		t.Fatalf("compute: %v", names(got))
	}
	if got[0].Name != "Compute" || got[0].Container != "org.oasis-open.simple:2.0" {
		t.Errorf("compute: first is %v", names(got)[0])
	}
	for _, s := range got {
		if !strings.Contains(strings.ToLower(s.Name), "c") {
			t.Errorf("compute matched %s", s.Name)
		}
		// A 2.0 workspace does not list the 1.x normative types.
		if strings.HasPrefix(s.Container, "tosca-simple-1") {
			t.Errorf("compute: %s from %s", s.Name, s.Container)
		}
	}
	// Templates and inputs are symbols as well.
	got = analysis.WorkspaceSymbols(ctx, snap, "replicas")
	if len(got) == 0 || got[0].Name != "replicas" || got[0].Kind != analysis.SymbolVariable {
		t.Errorf("replicas: %v", names(got))
	}
	// No match.
	if got := analysis.WorkspaceSymbols(ctx, snap, "zzqqxx"); len(got) != 0 {
		t.Errorf("zzqqxx: %v", names(got))
	}
	// An empty query lists everything: the workspace's names first.
	if got := analysis.WorkspaceSymbols(ctx, snap, ""); len(got) < 20 || strings.Contains(got[0].Container, ":") {
		t.Errorf("empty query: %v", names(got))
	}
}

func TestWorkspaceSymbolsManyFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a large workspace")
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	dir := t.TempDir()
	var snap *index.Snapshot
	for i := 0; i < 2000; i++ {
		src := fmt.Sprintf("tosca_definitions_version: tosca_2_0\nnode_types:\n  Type%04d:\n    derived_from: Root\n  Other%04d: {}\n", i, i)
		snap = ws.SetOverlay(filepath.Join(dir, fmt.Sprintf("f%04d.yaml", i)), 1, []byte(src))
	}
	ctx := context.Background()
	got := analysis.WorkspaceSymbols(ctx, snap, "type1234")
	if len(got) == 0 || got[0].Name != "Type1234" || got[0].Container != "f1234.yaml" {
		t.Fatalf("type1234: %v", got)
	}
	if got := analysis.WorkspaceSymbols(ctx, snap, ""); len(got) != 200 {
		t.Errorf("empty query: %d results, want the cap of 200", len(got))
	}
	// A second query reuses the declarations.
	if got := analysis.WorkspaceSymbols(ctx, snap, "other0001"); len(got) == 0 || got[0].Name != "Other0001" {
		t.Errorf("other0001: %v", got)
	}
}
