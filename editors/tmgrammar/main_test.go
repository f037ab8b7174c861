package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestGrammarFileIsCurrent: the committed grammar is what the generator
// writes from analysis/grammar today.
func TestGrammarFileIsCurrent(t *testing.T) {
	committed, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(output)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, generate()) {
		t.Errorf("%s is out of date: run go run ./editors/tmgrammar", output)
	}
}

// TestGrammarPatterns checks what the patterns match, with Go's regexp for
// the parts it shares with Oniguruma (no look-arounds or \G).
func TestGrammarPatterns(t *testing.T) {
	var g textMateGrammar
	if err := json.Unmarshal(generate(), &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Patterns) != 1 || g.Patterns[0].Include != "source.yaml" {
		t.Errorf("the grammar must be YAML's with injections, got patterns %+v", g.Patterns)
	}
	byName := map[string]string{}
	for _, inj := range g.Injections {
		for _, r := range inj.Patterns {
			byName[r.Name] = r.Match
		}
	}
	core := func(scope, prefix, suffix string) *regexp.Regexp {
		m := byName[scope]
		i, j := len(prefix), len(m)-len(suffix)
		if m[:i] != prefix || m[j:] != suffix {
			t.Fatalf("%s: %q does not have the form %s…%s", scope, m, prefix, suffix)
		}
		return regexp.MustCompile("^" + m[i:j] + "$")
	}
	for _, tc := range []struct {
		scope, prefix, suffix string
		in, out               []string
	}{
		{"support.function.tosca", `\G`, `(?=[ \t]*:)`,
			[]string{"get_input", "$get_input", "concat", "$concat", "get_property", "in_range", "$has_suffix"},
			[]string{"get_inputs", "$get", "properties"}},
		{"keyword.other.keyname.tosca", `\G`, `(?=[ \t]*:)`,
			[]string{"tosca_definitions_version", "node_types", "derived_from", "properties", "requirements", "service_template", "topology_template"},
			[]string{"my_property", "get_input", "node_typesx"}},
		{"constant.language.version.tosca", `(?<=^tosca_definitions_version: )`, `(?=[ \t]*(?:#|$))`,
			[]string{"tosca_simple_yaml_1_3", "tosca_2_0"},
			[]string{"tosca_3_0"}},
	} {
		re := core(tc.scope, tc.prefix, tc.suffix)
		for _, s := range tc.in {
			if !re.MatchString(s) {
				t.Errorf("%s does not match %q", tc.scope, s)
			}
		}
		for _, s := range tc.out {
			if re.MatchString(s) {
				t.Errorf("%s matches %q", tc.scope, s)
			}
		}
	}
	types := byName["entity.name.type.tosca"]
	for _, key := range []string{`\btype: `, `\bderived_from: `, `\bnode: `, `\brelationship: `, `\bcapability: `, `\bentry_schema: `} {
		if !bytes.Contains([]byte(types), []byte(key)) {
			t.Errorf("type names after %s are not scoped: %s", key, types)
		}
	}
}
