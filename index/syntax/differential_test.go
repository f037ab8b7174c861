package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
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
		if len(file.Errors) > 0 {
			return // goccy may accept it: then its data is no reference
		}
		if fault := goccyFault(src, file); fault != "" {
			return
		}
		want, ok := goccyLoad(src)
		if !ok {
			return
		}
		// goccy drops the documents with no node; those that are null or an
		// empty string it keeps or drops depending on their properties.
		var docs []*Document
		for _, d := range file.Docs {
			switch r := d.Root; {
			case r == nil:
			case r.Kind == Null || r.Span.Len() == 0:
				return
			default:
				docs = append(docs, d)
			}
		}
		if diff, err := compareDocuments(&File{Docs: docs}, want); err == nil && diff != "" {
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
	{regexp.MustCompile("\uFEFF"), "it reads a byte order mark as text"},
	{regexp.MustCompile(`(^|[ \t\n{,\[?-])[-+]?[0-9]*\.[0-9a-zA-Z]*[ \t]*:`), "it writes float keys as strings its own way (-.0 is \"-0\")"},
	{regexp.MustCompile(`[{\[,][ \t\n]*\?[ \t\n]`), "it misreads explicit keys ('? ') inside flow collections"},
	{regexp.MustCompile(`\?[ \t]+[!&]`), "it loses an explicit key that has a tag or anchor"},
	{regexp.MustCompile(`[|>][-+]?[1-9]`), "it counts a block scalar's indentation indicator from the indicator's column"},
	{regexp.MustCompile(`(?m)^[ ]*-[ \t]*(#.*)?\n([ \t]*(#.*)?\n)*([^ \n-]|-[^ \n])`), "it puts the key after an empty item of an unindented list into the item"},
	{regexp.MustCompile(`!!str[ \t]+(~|null|Null|NULL)`), "it loads !!str ~ as an empty string"},
	{regexp.MustCompile(`(?s)[|>"'].*\n(---|\.\.\.)`), "it reads a document marker inside a block or quoted scalar as text"},
	{regexp.MustCompile(`(?s)[|>].*[ \t]\n`), "it trims the trailing blanks of block scalar lines"},
	{regexp.MustCompile(`\\[ \t]*\n`), "it folds the line break after an escaped blank ('\\ ') into nothing"},
	{regexp.MustCompile(`(?m)^(---|\.\.\.)[ \t]*(#.*)?\n(\s*(#.*)?\n)*(---|\.\.\.)`), "it loses a document next to an empty one"},
	{regexp.MustCompile(`(?m)^[ ]+[^:#\n]* #`), "it keeps a comment after a continuation line of a plain scalar as text"},
	{regexp.MustCompile(`[0-9]{19}`), "it loads integers beyond 64 bits as strings"},
	{regexp.MustCompile(`[\[{][^\]}]*:[^ \t\r\n,\]}]`), "its lexer splits a plain scalar at a ':' inside a flow collection ({ $ns:func: [1] })"},
	{regexp.MustCompile(`(?m)^(---|\.\.\.)[^ \t\n]`), "it takes '---' or '...' followed by text for a document marker"},
	{regexp.MustCompile(`:[,\]}\[{]`), "it reads a ':' before a flow indicator as text, not as a value indicator"},
	{regexp.MustCompile(`\r`), "it mishandles CR line breaks (goccy#560; TestYAMLTestSuiteCRLF covers ours)"},
	{regexp.MustCompile(`\n[ ]+\n`), "it drops a line of blanks inside a multi-line scalar"},
	{regexp.MustCompile(`!!(int|float|bool|null)`), "it converts any text tagged !!int, !!float, !!bool or !!null (\"0A0\" is 0)"},
	{regexp.MustCompile(`\t`), "it treats tabs as separators, even inside plain scalars"},
	{regexp.MustCompile(`[!&][^ \t\n]*[ \t]*(#.*)?(\n|\z)`), "it nests the next line into a value that is a tag or anchor alone"},
	{regexp.MustCompile(`(^|[^0-9A-Za-z.])[-+]?(0[0-9_bB]|[0-9]+_|[0-9]+:[0-9]|[0-9]+[eE])`), "it reads numbers the YAML 1.1 way (leading 0, 0b, underscores, base 60, exponents)"},
	{regexp.MustCompile(`(^|[ \t\n\[{,-])!([ \t\n,\]}]|\z)`), "it ignores the non-specific tag '!' (which makes a scalar a string)"},
	{regexp.MustCompile(`<<[ \t]*:[ \t]*(#.*)?(\n|\z)`), "it keeps a merge key with an empty value as a key \"<<\""},
	{regexp.MustCompile(`[|>][-+0-9]*[ \t]*(#[^\n]*)?\s*\z`), "it adds a line break to a block scalar with no content at the end of the text"},
	{regexp.MustCompile(`(?m)^[ \t-]*:`), "it misplaces a ':' value at the start of a line (an empty or explicit key's)"},
	{regexp.MustCompile(`(?m)\?[ \t]*$`), "it reads a '?' alone on its line as a key \"?\""},
	{regexp.MustCompile(`(?s)[|>].*[^\n]\z`), "it trims the last line of a block scalar at the end of the text"},
	{regexp.MustCompile(`&[^ \t\n,\[\]{}]*!`), "it reads a '!' inside an anchor name (&!) as a tag"},
	{regexp.MustCompile(`![^ \t\n]*[\[\]{}]`), "it reads flow indicators after a '!' as part of the tag (![ 0] is the tag ! on a list)"},
}

// indicatorLine is a line break followed by a line starting with an
// indicator character.
var indicatorLine = regexp.MustCompile(`\n[ ]*[-?:]`)

// goccyFault names the known goccy fault the input runs into ("" if none).
func goccyFault(src []byte, f *File) string {
	for _, gf := range goccyFaults {
		if gf.pattern.Match(src) {
			return gf.fault
		}
	}
	fault := ""
	for _, d := range f.Docs {
		walk(d.Root, func(n *Node) {
			if n.Kind == Scalar && n.Style == Plain && indicatorLine.MatchString(spanText(src, n.Span)) {
				fault = "it breaks a plain scalar at a continuation line starting with an indicator"
			}
		})
	}
	return fault
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

// normalizeGoccy turns goccy's values into those loadNode makes: integers
// as int64, maps keyed by strings.
func normalizeGoccy(v any) any {
	switch x := v.(type) {
	case int:
		return int64(x)
	case uint64:
		if x > math.MaxInt64 {
			return float64(x)
		}
		return int64(x)
	case float64:
		return number(x)
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
			ks, ok := keyString(normalizeGoccy(k))
			if !ok {
				ks = fmt.Sprint(k)
			}
			m[ks] = normalizeGoccy(e)
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
