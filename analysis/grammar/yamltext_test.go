package grammar

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Inserted strings read back as the same string, in block and in flow
// context: those our parser or the core schema would read as something
// else (a boolean, a number, null, a mapping, a comment, a flow
// collection's separators) are quoted, the others stay plain.
func TestStringScalar(t *testing.T) {
	cases := []struct {
		s           string
		block, flow string
	}{
		{"other/widgets.yaml", "other/widgets.yaml", "other/widgets.yaml"},
		{"org.oasis-open.simple:2.0", "org.oasis-open.simple:2.0", "org.oasis-open.simple:2.0"},
		{"true", "'true'", "'true'"},
		{"1.0", "'1.0'", "'1.0'"},
		{"1e3", "'1e3'", "'1e3'"}, // issue 24: goccy wrote it plain, a float
		{"?", "'?'", "'?'"},       // issue 24: goccy wrote `k: ?`, which is an error
		{"null", "'null'", "'null'"},
		{"~", "'~'", "'~'"},
		{"", "''", "''"},
		{"yes", "'yes'", "'yes'"},
		{"0755", "'0755'", "'0755'"},
		{"1_000", "'1_000'", "'1_000'"},
		{"1.2.3", "1.2.3", "1.2.3"},
		{"a: b", "'a: b'", "'a: b'"},
		{"x #y", "'x #y'", "'x #y'"},
		{"- x", "'- x'", "'- x'"},
		{"a,b", "a,b", "'a,b'"},
		{"a[0]", "a[0]", "'a[0]'"},
		{"it's", "it's", "it's"},
		{"'quoted'", `'''quoted'''`, `'''quoted'''`},
		{" lead", "' lead'", "' lead'"},
		{".inf", "'.inf'", "'.inf'"},
		{"two\nlines", `"two\nlines"`, `"two\nlines"`},
		{"tab\there", "tab\there", "tab\there"},
		{"bell\a", `"bell\a"`, `"bell\a"`},
		{"é 中", "é 中", "é 中"},
	}
	for _, c := range cases {
		for _, flow := range []bool{false, true} {
			want := c.block
			if flow {
				want = c.flow
			}
			if got := StringScalar(c.s, flow); got != want {
				t.Errorf("StringScalar(%q, flow %v) = %s, want %s", c.s, flow, got, want)
			}
		}
	}
}

// A plain scalar copied into a flow collection keeps its meaning: numbers
// stay numbers, strings that the collection would split become quoted.
func TestPlainScalarInFlow(t *testing.T) {
	for plain, want := range map[string]string{
		"1":     "1",
		"65536": "65536",
		"low":   "low",
		"true":  "true",
		"1e3":   "1e3",
		"a,b":   "'a,b'",
		"x]":    "'x]'",
		"{x}":   "'{x}'",
	} {
		if got := PlainScalarInFlow(plain); got != want {
			t.Errorf("PlainScalarInFlow(%q) = %s, want %s", plain, got, want)
		}
	}
}

// placements are the places a written scalar goes: a block value, a list
// item, an item among others in a flow sequence, a flow mapping's value,
// nested; each reads the scalar back from the parsed file.
var placements = []struct {
	flow  bool
	write func(text string) string
	read  func(root *syntax.Node) *syntax.Node
}{
	{false, func(x string) string { return "k: " + x + "\n" }, func(r *syntax.Node) *syntax.Node { return r.Get("k") }},
	{false, func(x string) string { return "a:\n  - " + x + "\n  - z\nb: 1\n" }, func(r *syntax.Node) *syntax.Node { return item(r.Get("a"), 0) }},
	{false, func(x string) string { return "a:\n  k: " + x + " # note\n  n: 2\n" }, func(r *syntax.Node) *syntax.Node { return r.Get("a").Get("k") }},
	{true, func(x string) string { return "k: [a, " + x + ", b]\n" }, func(r *syntax.Node) *syntax.Node { return item(r.Get("k"), 1) }},
	{true, func(x string) string { return "k: { x: " + x + ", y: 1 }\n" }, func(r *syntax.Node) *syntax.Node { return r.Get("k").Get("x") }},
	{true, func(x string) string { return "- [" + x + "]\n" }, func(r *syntax.Node) *syntax.Node { return item(item(r, 0), 0) }},
}

func item(n *syntax.Node, i int) *syntax.Node {
	if n == nil || n.Kind != syntax.Sequence || i >= len(n.Items) {
		return nil
	}
	return n.Items[i]
}

// generatedStrings are strings made of what trips YAML up: every
// indicator, blanks where they count, words the core schema or YAML 1.1
// read as something else, numbers in every notation, unicode, line
// breaks and control characters; deterministic (a fixed seed).
func generatedStrings(n int) []string {
	pieces := []string{
		"-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", `"`, "%", "@", "`", "\\",
		" ", "  ", "\t", "\n", "\r\n", "\r", ": ", " #", "- ", "? ", "---", "...", "<<", "=",
		"true", "False", "NULL", "null", "~", "yes", "No", "on", "OFF", "y", ".inf", "-.Inf", ".NaN",
		"0", "1", "42", "-7", "+3", "0o17", "0x1F", "0b101", "0755", "1_000", "1:30", "1e3", "1E-3", "2.5", ".5", "5.", "1.2.3",
		"a", "web", "tosca.nodes.Compute", "my:Type", "x/y.yaml", "http://a.b/c?d=e#f", "$get_input",
		"é", "中文", "😀", "\u00a0", "\u0085", "\u2028", "\u2029", "\ufeff", "\x01", "\x1b", "\x7f", "\u0090",
	}
	r := rand.New(rand.NewPCG(24, 13))
	out := make([]string, 0, n+len(pieces))
	out = append(out, pieces...)
	for range n {
		var b strings.Builder
		for k := r.IntN(5) + 1; k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		out = append(out, b.String())
	}
	return out
}

// Every string written by StringScalar, in every placement, parses back
// without error as a string scalar holding it: a plain one only where the
// core schema reads the text as a string.
func TestStringScalarRoundTrip(t *testing.T) {
	for _, s := range generatedStrings(6_000) {
		if !utf8.ValidString(s) {
			t.Fatalf("generated invalid UTF-8 %q", s)
		}
		for i, p := range placements {
			text := StringScalar(s, p.flow)
			if strings.ContainsAny(text, "\r\n") {
				t.Fatalf("StringScalar(%q, %v) = %q: not on one line", s, p.flow, text)
			}
			src := p.write(text)
			f := syntax.Parse([]byte(src))
			n := p.read(f.Root())
			switch {
			case len(f.Errors) > 0:
				t.Fatalf("placement %d of %q as %s: %v", i, s, text, f.Errors[0].Message)
			case n == nil || n.Kind != syntax.Scalar || n.Value != s:
				t.Fatalf("placement %d of %q as %s reads back %s", i, s, text, describe(n))
			case n.Style == syntax.Plain && CoreScalar(n.Value) != YAMLString:
				t.Fatalf("placement %d of %q as %s reads back %s", i, s, text, CoreScalar(n.Value))
			}
		}
	}
}

// Every plain scalar copied into a flow collection reads back there as
// the value it had, of the same kind.
func TestPlainScalarInFlowRoundTrip(t *testing.T) {
	for _, s := range generatedStrings(6_000) {
		block := syntax.Parse([]byte("k: " + s + "\n"))
		v := block.Root().Get("k")
		if len(block.Errors) > 0 || v == nil || v.Kind != syntax.Scalar || v.Style != syntax.Plain || v.Tag != "" {
			continue // not a plain scalar on one line
		}
		text := PlainScalarInFlow(v.Value)
		f := syntax.Parse([]byte("k: [" + text + ", z]\n"))
		n := item(f.Root().Get("k"), 0)
		if len(f.Errors) > 0 || n == nil || n.Kind != syntax.Scalar || n.Value != v.Value {
			t.Fatalf("%q as %s in a flow sequence reads back %s (%v)", v.Value, text, describe(n), f.Errors)
		}
		if got, want := kindOf(n), kindOf(v); got != want {
			t.Fatalf("%q as %s in a flow sequence is %s, was %s", v.Value, text, got, want)
		}
	}
}

func kindOf(n *syntax.Node) ScalarKind {
	if n.Style != syntax.Plain {
		return YAMLString
	}
	return CoreScalar(n.Value)
}

func describe(n *syntax.Node) string {
	if n == nil {
		return "nothing"
	}
	return fmt.Sprintf("%v %q", n.Kind, n.Value)
}

// The names plainName lets through without parsing read back plain, as
// the parser decides.
func TestPlainName(t *testing.T) {
	for _, s := range []string{"my.nodes.App", "ns:Type", "OS::Nova::Server", "org.oasis-open.simple:2.0", "a/b.yaml", "x+y", "_x", ".hidden", "1.2.3"} {
		if !plainName(s) {
			t.Errorf("plainName(%q) = false", s)
		}
		for _, flow := range []bool{false, true} {
			if !readsBack(s, flow, s, syntax.Plain) {
				t.Errorf("%q (flow %v) does not read back plain", s, flow)
			}
		}
	}
	for _, s := range []string{"", "a:", "-x", ":x", "a b", "a: b", "a,b", "a#b", "?x", "@x", "é"} {
		if plainName(s) {
			t.Errorf("plainName(%q) = true", s)
		}
	}
}

// plainWord lets through the common names without the core schema's
// rules, and never a word YAML reads as a boolean or null.
func TestPlainWord(t *testing.T) {
	for _, s := range []string{"my.nodes.App", "ns:Type", "OS::Nova::Server", "Compute", "_x", "nullable", "yesterday"} {
		if !plainWord(s) {
			t.Errorf("plainWord(%q) = false", s)
		}
	}
	for _, s := range []string{"", "1abc", ".x", "a b", "a:"} {
		if plainWord(s) {
			t.Errorf("plainWord(%q) = true", s)
		}
	}
	for _, s := range append([]string{"true", "False", "NULL", "null"}, legacyBooleans...) {
		if plainWord(s) || StringScalar(s, false) == s {
			t.Errorf("the reserved word %q is written plain", s)
		}
	}
}
