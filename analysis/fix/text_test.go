package fix

import (
	"testing"

	"github.com/goccy/go-yaml"
)

// Inserted strings read back as the same string, in block and in flow
// context: those YAML would read as something else (a boolean, a number,
// null, a mapping, a comment, a flow collection's separators) are quoted,
// the others stay plain.
func TestScalar(t *testing.T) {
	cases := []struct {
		s           string
		block, flow string
	}{
		{"other/widgets.yaml", "other/widgets.yaml", "other/widgets.yaml"},
		{"org.oasis-open.simple:2.0", "org.oasis-open.simple:2.0", `"org.oasis-open.simple:2.0"`},
		{"true", `"true"`, `"true"`},
		{"1.0", `"1.0"`, `"1.0"`},
		{"null", `"null"`, `"null"`},
		{"~", `"~"`, `"~"`},
		{"", `""`, `""`},
		{"a: b", `"a: b"`, `"a: b"`},
		{"x #y", `"x #y"`, `"x #y"`},
		{"- x", `"- x"`, `"- x"`},
		{"a,b", "a,b", `"a,b"`},
		{"a[0]", "a[0]", `"a[0]"`},
		{".inf", `".inf"`, `".inf"`},
		{"two\nlines", `"two\nlines"`, `"two\nlines"`},
		{"é 中", "é 中", "é 中"},
	}
	for _, c := range cases {
		for _, flow := range []bool{false, true} {
			want := c.block
			if flow {
				want = c.flow
			}
			got := scalar(c.s, flow)
			if got != want {
				t.Errorf("scalar(%q, flow %v) = %s, want %s", c.s, flow, got, want)
			}
			if !readsAs(got, flow, c.s) {
				t.Errorf("scalar(%q, flow %v) = %s does not read back", c.s, flow, got)
			}
		}
	}
}

// A plain scalar copied into a flow collection keeps its meaning: numbers
// stay numbers, strings that the collection would split become quoted.
func TestInFlow(t *testing.T) {
	for plain, want := range map[string]string{
		"1":     "1",
		"65536": "65536",
		"low":   "low",
		"true":  "true",
		"a,b":   `"a,b"`,
		"x]":    `"x]"`,
	} {
		got := inFlow(plain)
		if got != want {
			t.Errorf("inFlow(%q) = %s, want %s", plain, got, want)
		}
		var block, flow map[string]any
		if yaml.Unmarshal([]byte("k: "+plain), &block) != nil || yaml.Unmarshal([]byte("{ k: "+got+" }"), &flow) != nil || block["k"] != flow["k"] {
			t.Errorf("inFlow(%q) = %s reads %v, not %v", plain, got, flow["k"], block["k"])
		}
	}
}
