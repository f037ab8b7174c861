package syntax

import (
	"fmt"
	"os"
	"strings"
	"testing"

	goccyparser "github.com/goccy/go-yaml/parser"
)

var fuzzSeeds = []string{
	"a: foo bar # c\nb: \"x\\\"y\"\nc: 'it''s'\nd: |\n  l1\n  l2\ne: >-\n  f\n",
	"a: one\n  two\nb: [p,\n  q]\nc: {x: 1, y: }\n- bad\n",
	"\uFEFF# c\r\n# d\r\nk: v\r\nx: |\r\n  l\r\n",
	"a: é 中 😀\nb: [😀, x]\nc: !t [!u x, !v y]\n",
	"base: &b {x: 1}\nm:\n  <<: *b\n  <<: [*b, *c]\nn: *b\nu: *zz\n",
	"a: 1\n---\nb: [\n---\nc: \"x\n...\n%YAML 1.2\n---\nd: 1\n",
	"a:\n  properties: {port: 80\n  requirements: x\n",
	"a:\n  b: 1\n properties: x\nc: 2\n",
	"a:\n  b: 1\n  prop\n  c: 2\n",
	"a:\n\tb: 1\n\t\nc: 2\n",
	"a: 1\na: 2\n? k\n: v\n",
	"l0: &l0 [x, x]\nl1: &l1 [*l0, *l0]\nl2: [*l1, *l1]\n",
	"{? {? ", "true :", "0::", "&{0", "- - -", "[[[", "a: !!str\nb: 1\n",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), uint16(len(s)/2))
	}
	if src, err := os.ReadFile("testdata/service.yaml"); err == nil {
		f.Add(src, uint16(100))
	}
	f.Fuzz(func(t *testing.T, src []byte, cur uint16) {
		if len(src) > 1<<16 {
			return
		}
		file := Parse(src)
		checkSpans(t, file)
		checkOrder(t, file)
		c := int(cur)
		if len(src) > 0 {
			c %= len(src) + 1
		}
		cf := ParseForCompletion(src, c)
		checkSpans(t, cf)
		for _, d := range cf.Docs {
			for _, s := range PathAt(d.Root, c) {
				if s.Node() == nil {
					t.Fatalf("path step without node")
				}
			}
		}
	})
}

// toscaLike generates about size bytes of TOSCA-like YAML: node types with
// flow maps, anchors and merge keys, comments, block scalars, templates with
// requirement lists.
func toscaLike(size int) []byte {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_2_0\n# generated\ndescription: >\n  A generated service template\n  used by benchmarks.\n\n")
	b.WriteString("dsl_definitions:\n  defaults: &defaults\n    timeout: 30\n    retries: 3\n\nnode_types:\n")
	for i := 0; b.Len() < size/2; i++ {
		fmt.Fprintf(&b, "  # node type %d\n  example.nodes.Type%d:\n    derived_from: tosca.nodes.Root\n    description: |\n      Type number %d.\n      Second line é.\n    properties:\n", i, i, i)
		for j := 0; j < 4; j++ {
			fmt.Fprintf(&b, "      prop%d: {type: string, required: false, default: \"v%d\"}\n", j, j)
		}
		b.WriteString("    attributes:\n      state: {type: string}\n    requirements:\n      - host:\n          capability: tosca.capabilities.Compute\n          relationship: tosca.relationships.HostedOn\n          occurrences: [1, 1]\n")
	}
	b.WriteString("\ntopology_template:\n  node_templates:\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "    node%d:\n      type: example.nodes.Type%d\n      properties:\n        <<: *defaults\n        prop0: 'value %d'\n        prop1: 1.0\n        prop2: [a, b, c]\n      requirements:\n        - host: node%d  # comment\n", i, i, i, i+1)
	}
	return []byte(b.String())
}

func BenchmarkParse(b *testing.B) {
	src := toscaLike(1 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		f := Parse(src)
		if len(f.Errors) > 0 {
			b.Fatal(f.Errors[0])
		}
	}
}

// BenchmarkParseArena is BenchmarkParse with the tree's memory lent by an
// arena reset between parses, as a workspace scan parses closed files.
func BenchmarkParseArena(b *testing.B) {
	src := string(toscaLike(1 << 20))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var a Arena
	for b.Loop() {
		a.Reset()
		if f := ParseIn(src, &a); len(f.Errors) > 0 {
			b.Fatal(f.Errors[0])
		}
	}
}

// BenchmarkGoccyParse is goccy/go-yaml's parse of the same input (its AST
// only), the yardstick BenchmarkParse is read against.
func BenchmarkGoccyParse(b *testing.B) {
	src := toscaLike(1 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := goccyparser.ParseBytes(src, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseSmall(b *testing.B) {
	src := toscaLike(5 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(src)
	}
}

func BenchmarkParseForCompletionBroken(b *testing.B) {
	src := toscaLike(5 << 10)
	i := len(src) / 2
	for src[i] != '\n' {
		i++
	}
	broken := append(append(append([]byte{}, src[:i+1]...), "    pro\n"...), src[i+1:]...)
	b.SetBytes(int64(len(broken)))
	b.ReportAllocs()
	for b.Loop() {
		ParseForCompletion(broken, i+8)
	}
}

func TestGeneratedParses(t *testing.T) {
	src := toscaLike(64 << 10)
	f := Parse(src)
	if len(f.Errors) > 0 {
		t.Fatalf("errors %v", f.Errors[:1])
	}
	checkSpans(t, f)
	n := get(f.Root(), "topology_template", "node_templates", "node3", "properties")
	if n == nil || n.Get("timeout").Text() != "30" || n.Get("prop1").Text() != "1.0" {
		t.Errorf("node3 properties wrong")
	}
}

// Long single lines (minified flow collections) must stay linear.
func TestLongLineLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: [")
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&b, "\tx%d,", i)
	}
	b.WriteString("\tend]\n")
	src := []byte(b.String())
	f := Parse(src)
	checkSpans(t, f)
	a := get(f.Root(), "a")
	if a == nil || len(a.Items) != 50001 {
		t.Fatalf("items wrong: %v", f.Errors)
	}
	if got := spanText(src, a.Items[12345].Span); got != "x12345" {
		t.Errorf("item span %q", got)
	}
}

func TestLongNonASCIILineLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: [")
	for i := 0; i < 30000; i++ {
		fmt.Fprintf(&b, "\té%d, !t ü%d,", i, i)
	}
	b.WriteString("\tend]\n")
	src := []byte(b.String())
	f := Parse(src)
	checkSpans(t, f)
	a := get(f.Root(), "a")
	if a == nil || len(a.Items) != 60001 {
		t.Fatalf("items wrong: %v", f.Errors)
	}
	if got := spanText(src, a.Items[20001].Span); got != "ü10000" {
		t.Errorf("item span %q", got)
	}
}
