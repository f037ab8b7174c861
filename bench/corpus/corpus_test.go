package corpus

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// small keeps the shape tests fast: enough schemas for ServiceRoot's hubs
// of 20 and more, a workspace of every dialect.
var small = Options{DMTFFiles: 900, DMTFFileKB: 2, WSFiles: 120, BigLines: 400, BigImports: 6}

func generate(t *testing.T, name string, o Options) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := Generate(name, o, func(rel string, data []byte) error {
		if _, dup := files[rel]; dup {
			t.Errorf("%s written twice", rel)
		}
		files[rel] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestDeterministic(t *testing.T) {
	for _, name := range []string{DMTF, WS1000} {
		a, b := generate(t, name, small), generate(t, name, small)
		if len(a) != len(b) {
			t.Fatalf("%s: %d files, then %d", name, len(a), len(b))
		}
		for rel, data := range a {
			if !bytes.Equal(data, b[rel]) {
				t.Errorf("%s: %s differs between two generations", name, rel)
			}
		}
	}
}

func TestCorporaAreValid(t *testing.T) {
	for _, name := range []string{DMTF, WS1000} {
		t.Run(name, func(t *testing.T) {
			v, err := newValidator(generate(t, name, small))
			if err != nil {
				t.Fatal(err)
			}
			errs := v.check()
			for i, e := range errs {
				if i == 20 {
					t.Errorf("… and %d more", len(errs)-i)
					break
				}
				t.Error(e)
			}
		})
	}
}

// The validator must fail on what it is meant to catch, or its silence on
// the corpora means nothing.
func TestValidatorCatches(t *testing.T) {
	base := map[string]string{
		"types.yaml": "tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n  A:\n    derived_from: tosca.nodes.SoftwareComponent\n    properties:\n      p:\n        type: string\n",
		"b.yaml":     "tosca_definitions_version: tosca_simple_yaml_1_3\nimports:\n  - file: types.yaml\n    namespace_prefix: t\n",
	}
	tests := []struct {
		name, main, want string
	}{
		{"valid", "n: { type: t:A, properties: { p: x }, requirements: [ { host: h } ] }\nh: { type: tosca.nodes.Compute }", ""},
		{"unknown type", "n: { type: t:B }", "t:B is not one of the node_types"},
		{"missing prefix", "n: { type: A }", "A is not one of the node_types"},
		{"nested prefix", "n: { type: b:t:A }", ""},
		{"wrong kind", "n: { type: tosca.capabilities.Node }", "is not one of the node_types"},
		{"unknown property", "n: { type: t:A, properties: { q: x } }", "has no property q"},
		{"inherited requirement, unknown target", "n: { type: t:A, requirements: [ { host: nowhere } ] }", "names no node template nowhere"},
		{"unknown requirement", "n: { type: t:A, requirements: [ { hots: n } ] }", "has no requirement hots"},
		{"unknown input", "n: { type: t:A, properties: { p: { get_input: nope } } }", "no input nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string][]byte{}
			for k, s := range base {
				files[k] = []byte(s)
			}
			files["main.yaml"] = []byte("tosca_definitions_version: tosca_simple_yaml_1_3\nimports:\n  - file: types.yaml\n    namespace_prefix: t\n  - file: b.yaml\n    namespace_prefix: b\ntopology_template:\n  node_templates:\n    " + strings.ReplaceAll(tt.main, "\n", "\n    ") + "\n")
			v, err := newValidator(files)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(v.check(), "\n")
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDMTFShape(t *testing.T) {
	files := generate(t, DMTF, small)
	if len(files) != small.DMTFFiles {
		t.Errorf("%d files, want %d", len(files), small.DMTFFiles)
	}
	depth := 0
	importsOf := map[string]map[string]string{} // file → imported file → prefix
	for rel, data := range files {
		depth = max(depth, strings.Count(rel, "/"))
		var doc struct {
			Imports []struct {
				File   string `yaml:"file"`
				Prefix string `yaml:"namespace_prefix"`
			} `yaml:"imports"`
		}
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		importsOf[rel] = map[string]string{}
		for _, im := range doc.Imports {
			importsOf[rel][filepath.ToSlash(filepath.Join(filepath.Dir(rel), im.File))] = im.Prefix
		}
	}
	if depth < 7 {
		t.Errorf("deepest file is %d folders down, want nested vendor folders", depth)
	}
	cycles, hubs, prefixed := 0, 0, 0
	for a, imports := range importsOf {
		if n := len(imports); n >= 20 && n <= 55 {
			hubs++
		}
		for b, prefix := range imports {
			if prefix != "" {
				prefixed++
			}
			if back, ok := importsOf[b][a]; ok && prefix != "" && back != "" {
				cycles++
			}
		}
	}
	if cycles < 20 {
		t.Errorf("%d imports belong to namespaced two-file cycles, want many", cycles)
	}
	if hubs < 2 {
		t.Errorf("%d files import 20–50 others, want ServiceRoot's versions", hubs)
	}
	if prefixed < len(files) {
		t.Errorf("only %d namespaced imports in %d files", prefixed, len(files))
	}
	service := string(files[DMTFService])
	for _, re := range []string{`type: redfish:\w+:[\w.]+\n`, `type: redfish:\w+:\w+:[\w.]+\n`} {
		if !regexp.MustCompile(re).MatchString(service) {
			t.Errorf("the service template uses no type matching %s", re)
		}
	}
}

func TestDMTFDefaultSize(t *testing.T) {
	files, total := 0, 0
	err := Generate(DMTF, DefaultOptions(), func(rel string, data []byte) error {
		files++
		total += len(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files != 7400 || total < 70e6 || total > 80e6 {
		t.Errorf("%d files of %d bytes, want 7,400 of ~75 MB", files, total)
	}
}

func TestWorkspaceShape(t *testing.T) {
	o := DefaultOptions()
	files := generate(t, WS1000, o)
	if want := o.WSFiles + 1 + o.BigImports; len(files) != want {
		t.Errorf("%d files, want %d", len(files), want)
	}
	total := 0
	kinds := map[string]int{}
	for rel, data := range files {
		total += len(data)
		s := string(data)
		switch {
		case !strings.HasPrefix(s, "tosca_definitions_version"):
			kinds["other YAML"]++
		case strings.Contains(s, "service_template:"):
			kinds["2.0 final template"]++
		case strings.Contains(s, "tosca_2_0") && strings.Contains(s, "topology_template:"):
			kinds["2.0 draft template"]++
		case strings.Contains(s, "tosca_simple_yaml_1_2"):
			kinds["1.2"]++
		case strings.Contains(s, "topology_template:"):
			kinds["1.3 template"]++
		case strings.Contains(s, "node_types:"):
			kinds["type file"]++
		default:
			t.Errorf("%s: neither a template nor a type file", rel)
		}
	}
	for _, k := range []string{"other YAML", "2.0 final template", "2.0 draft template", "1.2", "1.3 template", "type file"} {
		if kinds[k] < 5 {
			t.Errorf("%d files of kind %s, want a mix", kinds[k], k)
		}
	}
	if total < 700_000 || total > 950_000 {
		t.Errorf("%d bytes, want about 0.8 MB", total)
	}
	main := string(files[BigMain])
	if n := strings.Count(main, "\n"); n < o.BigLines || n > o.BigLines+20 {
		t.Errorf("big/main.yaml has %d lines, want %d", n, o.BigLines)
	}
	if n := strings.Count(main, "    namespace: t"); n != o.BigImports {
		t.Errorf("big/main.yaml has %d namespaced imports, want %d", n, o.BigImports)
	}
}

func TestFindBigSites(t *testing.T) {
	main := string(generate(t, WS1000, small)[BigMain])
	lines := strings.Split(main, "\n")
	s := FindBigSites(main)
	if len(s.Labels) < 20 || len(s.Types) != len(s.Labels) || len(s.Targets) < 10 {
		t.Fatalf("sites: %d labels, %d types, %d targets", len(s.Labels), len(s.Types), len(s.Targets))
	}
	checks := []struct {
		kind  string
		sites []Site
		re    string
	}{
		{"label", s.Labels, `^node \d+ of host\d+$`},
		{"type", s.Types, `^t\d+:Node\d$`},
		{"target", s.Targets, `^node\d+$`},
	}
	for _, c := range checks {
		for _, site := range c.sites {
			value := lines[site.Line][site.Start:site.End]
			if !regexp.MustCompile(c.re).MatchString(value) {
				t.Errorf("%s site %+v is %q", c.kind, site, value)
			}
		}
	}
}

func TestSymbolQueriesHitTheCorpus(t *testing.T) {
	for _, name := range []string{DMTF, WS1000} {
		var all strings.Builder
		for _, data := range generate(t, name, small) {
			all.Write(data)
		}
		text := all.String()
		queries := SymbolQueries(name, small)
		for _, q := range queries[:len(queries)-1] {
			if !strings.Contains(text, q) {
				t.Errorf("%s: query %q matches nothing", name, q)
			}
		}
		if miss := queries[len(queries)-1]; strings.Contains(text, miss) {
			t.Errorf("%s: the miss %q is in the corpus", name, miss)
		}
	}
}

func TestEnsureRegeneratesOnlyWhenStale(t *testing.T) {
	work := t.TempDir()
	o := small
	c, err := Ensure(work, WS1000, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Files) != o.WSFiles+1+o.BigImports {
		t.Fatalf("%d files", len(c.Files))
	}
	marker := filepath.Join(c.Dir, "marker")
	if err := os.WriteFile(marker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Ensure(work, WS1000, o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Errorf("the same options regenerated the corpus: %v", err)
	}
	o.BigLines++
	if _, err := Ensure(work, WS1000, o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("other options kept the old corpus")
	}
}

func TestRelPath(t *testing.T) {
	tests := []struct{ from, to, want string }{
		{"a/b", "a/b/x.yaml", "x.yaml"},
		{"a/b/c", "a/b/d/x.yaml", "../d/x.yaml"},
		{"a/b", "c/x.yaml", "../../c/x.yaml"},
		{"a", "a/b/c/x.yaml", "b/c/x.yaml"},
	}
	for _, tt := range tests {
		if got := relPath(tt.from, tt.to); got != tt.want {
			t.Errorf("relPath(%q, %q) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
}
