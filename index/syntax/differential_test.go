package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/goccy/go-yaml"
)

// FuzzParseAgainstGoccy runs our parser and goccy/go-yaml (the reference)
// on the same input. Ours must never panic, keep every span inside the
// text and every child in order inside its parent; where both accept the
// input and it is not a known goccy fault, both must load the same data.
func FuzzParseAgainstGoccy(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	paths, _ := filepath.Glob("testdata/*.yaml")
	if suite, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "reference", "yaml-test-suite")); err == nil {
		if _, err := os.Stat(suite); err == nil {
			for _, c := range suiteCases(f, suite) {
				paths = append(paths, filepath.Join(suite, filepath.FromSlash(c), "in.yaml"))
			}
		}
	}
	for _, p := range paths {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<12 {
			return
		}
		file := Parse(src)
		checkSpans(t, file)
		checkOrder(t, file)
		for _, e := range file.Errors {
			if !e.Duplicate {
				return
			}
		}
		if fault := goccyFault(src); fault != "" {
			return
		}
		want, ok := goccyLoad(src)
		if !ok {
			return
		}
		// goccy drops the documents that hold no node (or an empty one).
		var docs []*Document
		for _, d := range file.Docs {
			if r := d.Root; r != nil && (r.Span.Len() > 0 || r.Kind == Mapping || r.Kind == Sequence) {
				docs = append(docs, d)
			}
		}
		if diff := compareDocuments(&File{Docs: docs}, want); diff != "" {
			t.Fatalf("%s\nsource %q", diff, src)
		}
	})
}

// goccyFaults are inputs on which goccy/go-yaml v1.19.2 loads data that
// differs from the YAML 1.2 spec (and from the YAML test suite, which our
// parser follows): there goccy's data is wrong, not ours.
var goccyFaults = []struct {
	pattern *regexp.Regexp
	fault   string
}{
	{regexp.MustCompile(`!!binary`), "it decodes !!binary into bytes"},
	{regexp.MustCompile(`(?m)^[ \t]*:.*\n[ \t]*:`), "it nests a second ':' value after an explicit key into the first"},
	{regexp.MustCompile(`(?m)\?[ \t]*$`), "it reads a '?' alone on its line as a key \"?\""},
	{regexp.MustCompile(`[|>][^\n]*\n(.*\n)*[ \t]+$`), "it drops the line break of a last line of blanks in a block scalar"},
}

// goccyFault names the known goccy fault the input runs into ("" if none).
func goccyFault(src []byte) string {
	for _, f := range goccyFaults {
		if f.pattern.Match(src) {
			return f.fault
		}
	}
	return ""
}

// goccyLoad decodes every document of src with goccy/go-yaml; ok is false
// when goccy rejects the input (or panics on it).
func goccyLoad(src []byte) (docs []any, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return docs, true
		}
		if err != nil {
			return nil, false
		}
		docs = append(docs, normalizeGoccy(v))
	}
}

// normalizeGoccy turns goccy's values into those loadNode makes: numbers
// as float64, maps keyed by strings.
func normalizeGoccy(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case uint64:
		return float64(x)
	case float64:
		return x
	case []any:
		for i := range x {
			x[i] = normalizeGoccy(x[i])
		}
		return x
	case map[string]any:
		for k := range x {
			x[k] = normalizeGoccy(x[k])
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			if k == nil {
				m[""] = normalizeGoccy(e)
			} else {
				m[fmt.Sprint(normalizeGoccy(k))] = normalizeGoccy(e)
			}
		}
		return m
	}
	return v
}

// checkOrder asserts that every node's children lie inside it, in order.
func checkOrder(t testing.TB, f *File) {
	t.Helper()
	for _, d := range f.Docs {
		walk(d.Root, func(n *Node) {
			if n.Anchored != nil {
				return
			}
			prev := n.Span.Start
			check := func(k *Node) {
				if k.Span.Start < prev || k.Span.End > n.Span.End {
					t.Fatalf("child %v %q [%d,%d) out of order in %v [%d,%d) (previous end %d)\n%s", k.Kind, k.Value, k.Span.Start, k.Span.End, n.Kind, n.Span.Start, n.Span.End, prev, dumpFile(f))
				}
				prev = k.Span.End
			}
			for _, p := range n.Pairs {
				if !p.Merged {
					check(p.Key)
					check(p.Value)
				}
			}
			for _, it := range n.Items {
				check(it)
			}
		})
	}
}
