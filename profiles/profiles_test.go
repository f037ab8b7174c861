package profiles

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/goccy/go-yaml"
)

// referenceDir locates the OASIS reference profiles: $TOSCA_LS_SHARED (the
// shared/ folder, or the oasis-profiles folder itself), else
// ../../shared/reference/oasis-profiles from this package's directory.
func referenceDir(t *testing.T) string {
	t.Helper()
	var candidates []string
	if env := os.Getenv("TOSCA_LS_SHARED"); env != "" {
		candidates = append(candidates, filepath.Join(env, "reference", "oasis-profiles"), env)
	}
	candidates = append(candidates, filepath.Join("..", "..", "shared", "reference", "oasis-profiles"))
	for _, c := range candidates {
		if st, err := os.Stat(filepath.Join(c, "simple-2.0")); err == nil && st.IsDir() {
			return c
		}
	}
	t.Skipf("reference profiles not found (tried %v); set TOSCA_LS_SHARED", candidates)
	return ""
}

// decode parses YAML keeping mapping order (yaml.MapSlice).
func decode(t *testing.T, name string, data []byte) any {
	t.Helper()
	var v any
	if err := yaml.UnmarshalWithOptions(data, &v, yaml.UseOrderedMap()); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// stripDescriptions removes every "description" key, recursively.
func stripDescriptions(v any) any {
	switch v := v.(type) {
	case yaml.MapSlice:
		out := yaml.MapSlice{}
		for _, it := range v {
			if k, ok := it.Key.(string); ok && k == "description" {
				continue
			}
			out = append(out, yaml.MapItem{Key: it.Key, Value: stripDescriptions(it.Value)})
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if k != "description" {
				out[k] = stripDescriptions(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = stripDescriptions(x)
		}
		return out
	}
	return v
}

// firstDiff returns the path of the first difference between a and b, or "".
func firstDiff(p string, a, b any) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	am, aok := a.(yaml.MapSlice)
	bm, bok := b.(yaml.MapSlice)
	if aok && bok {
		for i := 0; i < len(am) || i < len(bm); i++ {
			if i >= len(am) || i >= len(bm) {
				return fmt.Sprintf("%s: key count %d vs %d", p, len(am), len(bm))
			}
			if !reflect.DeepEqual(am[i].Key, bm[i].Key) {
				return fmt.Sprintf("%s: key #%d is %v in the reference, %v in ours", p, i, am[i].Key, bm[i].Key)
			}
			if d := firstDiff(fmt.Sprintf("%s/%v", p, am[i].Key), am[i].Value, bm[i].Value); d != "" {
				return d
			}
		}
	}
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok && bok && len(as) == len(bs) {
		for i := range as {
			if d := firstDiff(fmt.Sprintf("%s[%d]", p, i), as[i], bs[i]); d != "" {
				return d
			}
		}
	}
	return fmt.Sprintf("%s: reference %#v, ours %#v", p, a, b)
}

// descriptions collects every string description by its path.
func descriptions(p string, v any, out map[string]string) map[string]string {
	switch v := v.(type) {
	case yaml.MapSlice:
		for _, it := range v {
			k := fmt.Sprint(it.Key)
			if s, ok := it.Value.(string); ok && k == "description" {
				out[p] = s
				continue
			}
			descriptions(p+"/"+k, it.Value, out)
		}
	case []any:
		for i, x := range v {
			descriptions(fmt.Sprintf("%s[%d]", p, i), x, out)
		}
	}
	return out
}

func normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

var simpleDirs = []string{"simple-1.0", "simple-1.1", "simple-1.2", "simple-1.3", "simple-2.0"}

func TestStructureMatchesReference(t *testing.T) {
	ref := referenceDir(t)

	// Every description in the whole reference, to prove ours are reworded.
	refTexts := map[string]string{}
	for _, dir := range simpleDirs {
		entries, err := os.ReadDir(filepath.Join(ref, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(ref, dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			for p, s := range descriptions("", decode(t, e.Name(), data), map[string]string{}) {
				refTexts[normalize(s)] = dir + "/" + e.Name() + ":" + p
			}
		}
	}
	if len(refTexts) < 100 {
		t.Fatalf("only %d reference descriptions found; is %s the right folder?", len(refTexts), ref)
	}

	for _, dir := range simpleDirs {
		t.Run(dir, func(t *testing.T) {
			entries, err := os.ReadDir(filepath.Join(ref, dir))
			if err != nil {
				t.Fatal(err)
			}
			var refNames []string
			for _, e := range entries {
				refNames = append(refNames, e.Name())
			}
			ours, err := fs.ReadDir(FS, dir)
			if err != nil {
				t.Fatal(err)
			}
			var ourNames []string
			for _, e := range ours {
				ourNames = append(ourNames, e.Name())
			}
			if !reflect.DeepEqual(refNames, ourNames) {
				t.Fatalf("files differ:\nreference %v\nours      %v", refNames, ourNames)
			}
			for _, name := range refNames {
				t.Run(name, func(t *testing.T) {
					refData, err := os.ReadFile(filepath.Join(ref, dir, name))
					if err != nil {
						t.Fatal(err)
					}
					ourData, err := FS.ReadFile(dir + "/" + name)
					if err != nil {
						t.Fatal(err)
					}
					refDoc := decode(t, "reference "+name, refData)
					ourDoc := decode(t, "ours "+name, ourData)
					if d := firstDiff("", stripDescriptions(refDoc), stripDescriptions(ourDoc)); d != "" {
						t.Errorf("structure differs from the reference at %s", d)
					}
					refDesc := descriptions("", refDoc, map[string]string{})
					ourDesc := descriptions("", ourDoc, map[string]string{})
					for p := range refDesc {
						if strings.TrimSpace(ourDesc[p]) == "" {
							t.Errorf("%s: the reference has a description, ours has none", p)
						}
					}
					for p, s := range ourDesc {
						if where, copied := refTexts[normalize(s)]; copied {
							t.Errorf("%s: description is copied from the reference (%s): %q", p, where, s)
						}
					}
				})
			}
		})
	}
}

func TestEmbeddedFilesParse(t *testing.T) {
	n := 0
	err := fs.WalkDir(FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if path.Base(name) == "LICENSE" {
			return nil // the licence of a profile that is not ours
		}
		n++
		data, err := FS.ReadFile(name)
		if err != nil {
			return err
		}
		var doc map[string]any
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Errorf("%s: %v", name, err)
			return nil
		}
		if !strings.HasSuffix(name, ".yaml") {
			return nil
		}
		if _, ok := doc["tosca_definitions_version"].(string); !ok {
			t.Errorf("%s: no tosca_definitions_version", name)
		}
		if !bytes.HasPrefix(data, []byte("# ")) {
			t.Errorf("%s: no header comment", name)
		}
		// Every relative import names a file of the same profile.
		imports, _ := doc["imports"].([]any)
		for _, imp := range imports {
			s, ok := imp.(string)
			if !ok {
				t.Errorf("%s: unexpected import %#v", name, imp)
				continue
			}
			if _, err := fs.Stat(FS, path.Join(path.Dir(name), s)); err != nil {
				t.Errorf("%s: import %q: %v", name, s, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 48 {
		t.Fatalf("only %d embedded files", n)
	}
}

func TestBuiltinTypes(t *testing.T) {
	tests := []struct {
		entry   string
		version string
		types   []string
		// units derive from scalar-unit (1.x and the drafts of 2.0); the others have no parent.
		units bool
	}{
		// The built-in types of the OASIS Standard (CSD07 §9.1).
		{"builtin-2.0/types.yaml", "tosca_2_0", []string{
			"string", "integer", "float", "boolean", "bytes", "nil", "timestamp", "scalar", "version",
			"list", "map",
		}, false},
		// Those of the drafts it replaced.
		{"builtin-2.0-draft/types.yaml", "tosca_2_0", []string{
			"range", "scalar-unit", "scalar-unit.size", "scalar-unit.time", "scalar-unit.frequency", "scalar-unit.bitrate",
		}, true},
		{"builtin-1.x/types.yaml", "tosca_simple_yaml_1_3", []string{
			"string", "integer", "float", "boolean", "timestamp", "null", "version", "range",
			"list", "map", "scalar-unit.size", "scalar-unit.time", "scalar-unit.frequency", "scalar-unit.bitrate",
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.entry, func(t *testing.T) {
			data, err := FS.ReadFile(tt.entry)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Version   string        `yaml:"tosca_definitions_version"`
				DataTypes yaml.MapSlice `yaml:"data_types"`
			}
			if err := yaml.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			if doc.Version != tt.version {
				t.Errorf("tosca_definitions_version = %q, want %q", doc.Version, tt.version)
			}
			var got []string
			for _, it := range doc.DataTypes {
				name, ok := it.Key.(string)
				if !ok {
					t.Errorf("type name %#v is not a string", it.Key)
					continue
				}
				got = append(got, name)
				def, _ := it.Value.(map[string]any)
				if desc, _ := def["description"].(string); len(strings.TrimSpace(desc)) < 20 {
					t.Errorf("%s: description missing or too short: %q", name, desc)
				}
				parent, _ := def["derived_from"].(string)
				if want := tt.units && strings.HasPrefix(name, "scalar-unit."); (parent == "scalar-unit") != want || (!want && parent != "") {
					t.Errorf("%s: derived_from %q (only units derive, from scalar-unit)", name, parent)
				}
			}
			if !reflect.DeepEqual(got, tt.types) {
				t.Errorf("types\n got  %v\n want %v", got, tt.types)
			}
		})
	}
}

func TestAll(t *testing.T) {
	all := All()
	if len(all) != 11 {
		t.Fatalf("All() has %d profiles, want 11", len(all))
	}
	all[0] = nil // callers may not disturb the package's list
	if All()[0] == nil {
		t.Fatal("All() returned the package's own slice")
	}
	seen := map[string]bool{}
	for _, p := range All() {
		if !sort.StringsAreSorted(p.Files) || len(p.Files) == 0 {
			t.Errorf("%s: Files empty or unsorted: %v", p.Name, p.Files)
		}
		hasEntry := false
		for _, f := range p.Files {
			if !strings.HasPrefix(f, p.Dir+"/") {
				t.Errorf("%s: file %s outside %s", p.Name, f, p.Dir)
			}
			if seen[f] {
				t.Errorf("%s: file %s belongs to two profiles", p.Name, f)
			}
			seen[f] = true
			hasEntry = hasEntry || f == p.Entry
		}
		if !hasEntry {
			t.Errorf("%s: entry %s not among its files", p.Name, p.Entry)
		}
	}
	// Every embedded file belongs to exactly one profile.
	_ = fs.WalkDir(FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !seen[name] {
			t.Errorf("embedded file %s belongs to no profile", name)
		}
		return err
	})
}

func TestByName(t *testing.T) {
	tests := []struct {
		name    string
		wantDir string // "" means nil
	}{
		{"org.oasis-open.simple:2.0", "simple-2.0"},
		{"org.oasis-open.tosca.simple:2.0", "simple-2.0"},
		{"tosca-simple-1.0", "simple-1.0"},
		{"tosca-simple-1.1", "simple-1.1"},
		{"tosca-simple-1.2", "simple-1.2"},
		{"tosca-simple-1.3", "simple-1.3"},
		{"http://docs.oasis-open.org/tosca/ns/simple/yaml/1.3", "simple-1.3"},
		{"tosca-builtin-2.0", "builtin-2.0"},
		{"tosca-builtin-1.x", "builtin-1.x"},
		{"variability4tosca-1.0", "variability4tosca-1.0"},
		{"tosca-vintner-profile", "tosca-vintner-profile"},
		{"", ""},
		{"org.oasis-open.simple:1.3", ""},
		{"ORG.OASIS-OPEN.SIMPLE:2.0", ""},
		{"simple-2.0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ByName(tt.name)
			switch {
			case tt.wantDir == "" && p != nil:
				t.Errorf("ByName(%q) = %s, want nil", tt.name, p.Dir)
			case tt.wantDir != "" && p == nil:
				t.Errorf("ByName(%q) = nil, want %s", tt.name, tt.wantDir)
			case p != nil && p.Dir != tt.wantDir:
				t.Errorf("ByName(%q) = %s, want %s", tt.name, p.Dir, tt.wantDir)
			}
		})
	}
	if ByName("org.oasis-open.simple:2.0") != ByName("org.oasis-open.tosca.simple:2.0") {
		t.Error("name and alias give different profiles")
	}
}

func TestImplicit(t *testing.T) {
	tests := []struct {
		version string
		want    []string
	}{
		{"tosca_simple_yaml_1_0", []string{"simple-1.0", "builtin-1.x"}},
		{"tosca_simple_yaml_1_1", []string{"simple-1.1", "builtin-1.x"}},
		{"tosca_simple_yaml_1_2", []string{"simple-1.2", "builtin-1.x"}},
		{"tosca_simple_yaml_1_3", []string{"simple-1.3", "builtin-1.x"}},
		{" tosca_simple_yaml_1_3 ", []string{"simple-1.3", "builtin-1.x"}},
		{"tosca_simple_profile_for_nfv_1_0", nil},
		{"tosca_2_0", []string{"builtin-2.0"}},
		{"tosca_variability_1_0", []string{"simple-1.3", "builtin-1.x", "variability4tosca-1.0", "tosca-vintner-profile"}},
		{"tosca_variability_1_0_rc_3", []string{"simple-1.3", "builtin-1.x", "variability4tosca-1.0", "tosca-vintner-profile"}},
		{"tosca_simple_yaml_1_4", nil},
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			var got []string
			for _, p := range Implicit(tt.version) {
				got = append(got, p.Dir)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Implicit(%q) = %v, want %v", tt.version, got, tt.want)
			}
		})
	}
}

// checkTree verifies that root holds exactly FS, read-only.
func checkTree(t *testing.T, root string) {
	t.Helper()
	want := map[string]bool{}
	err := fs.WalkDir(FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		want[name] = true
		data, _ := FS.ReadFile(name)
		got, err := os.ReadFile(Path(root, name))
		if err != nil {
			t.Errorf("materialized %s: %v", name, err)
			return nil
		}
		if !bytes.Equal(got, data) {
			t.Errorf("materialized %s differs from the embedded file", name)
		}
		if st, err := os.Stat(Path(root, name)); err == nil && st.Mode().Perm() != 0o400 {
			t.Errorf("materialized %s has mode %v, want 0400", name, st.Mode().Perm())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if st, err := os.Stat(p); err == nil && st.Mode().Perm() != 0o700 {
				t.Errorf("materialized folder %s has mode %v, want 0700", p, st.Mode().Perm())
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if !want[filepath.ToSlash(rel)] {
			t.Errorf("unexpected materialized file %s", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestMaterialize(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "a", "b") // created on demand
	root, err := Materialize(cache)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(root) != cache {
		t.Fatalf("root %s is not directly below %s", root, cache)
	}
	if st, err := os.Stat(cache); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("the cache folder was created with mode %v (%v), want 0700", st.Mode().Perm(), err)
	}
	checkTree(t, root)

	probe := Path(root, "simple-2.0/node_types.yaml")
	before, err := os.Stat(probe)
	if err != nil {
		t.Fatal(err)
	}
	root2, err := Materialize(cache)
	if err != nil {
		t.Fatal(err)
	}
	if root2 != root {
		t.Fatalf("second call returned %s, first %s", root2, root)
	}
	after, err := os.Stat(probe)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Error("second call rewrote the files")
	}
	entries, _ := os.ReadDir(cache)
	if len(entries) != 1 {
		t.Errorf("cache dir holds %d entries, want only the root: %v", len(entries), entries)
	}
}

func TestMaterializeRepairsIncompleteTree(t *testing.T) {
	cache := t.TempDir()
	root, err := Materialize(cache)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(Path(root, "simple-1.3/profile.yaml")); err != nil {
		t.Fatal(err)
	}
	root2, err := Materialize(cache)
	if err != nil {
		t.Fatal(err)
	}
	if root2 != root {
		t.Fatalf("root changed: %s vs %s", root2, root)
	}
	checkTree(t, root)
}

func TestMaterializeConcurrent(t *testing.T) {
	cache := t.TempDir()
	const n = 8
	roots := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			roots[i], errs[i] = Materialize(cache)
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if roots[i] != roots[0] {
			t.Fatalf("roots differ: %s vs %s", roots[i], roots[0])
		}
	}
	checkTree(t, roots[0])
	entries, _ := os.ReadDir(cache)
	if len(entries) != 1 {
		t.Errorf("leftover temporary directories: %v", entries)
	}
}

func TestDefaultCacheDir(t *testing.T) {
	d := DefaultCacheDir()
	if !filepath.IsAbs(d) || !strings.HasSuffix(d, filepath.Join("tosca-ls", "profiles")) {
		t.Errorf("DefaultCacheDir() = %q", d)
	}
}
