package syntax

import (
	"reflect"
	"strconv"
	"testing"
)

// TestParseMeta: blocks of `Name: value` lines, continued values, and the
// lines that are neither, each with exact spans.
func TestParseMeta(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		// blocks lists each block's pairs as "name=value@start-end" of the value.
		blocks [][]string
		errors []string
	}{
		{"block 0", "CSAR-Version: 2.0\nCreated-By: me\n", [][]string{{"CSAR-Version=2.0@14-17", "Created-By=me@30-32"}}, nil},
		{"blocks", "A: 1\n\nName: x\r\nContent-Type: y\n", [][]string{{"A=1@3-4"}, {"Name=x@12-13", "Content-Type=y@29-30"}}, nil},
		{"continued", "Other-Definitions: a.yaml\n  b.yaml\n", [][]string{{"Other-Definitions=a.yaml b.yaml@19-34"}}, nil},
		{"empty value", "Created-By:\n", [][]string{{"Created-By=@11-11"}}, nil},
		{"not a pair", "CSAR-Version 2.0\nA: b\n", [][]string{{"A=b@20-21"}}, []string{"expected a `Name: value` line@0-16"}},
		{"repeated", "A: 1\nA: 2\n", [][]string{{"A=1@3-4", "A=2@8-9"}}, []string{"\"A\" is given twice in this block@5-6"}},
		{"stray continuation", " x\n", nil, []string{"a continuation line must follow a `Name: value` line@0-2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := ParseMeta([]byte(tc.src))
			var blocks [][]string
			for _, d := range f.Docs {
				var pairs []string
				for _, p := range d.Root.Pairs {
					pairs = append(pairs, p.Key.Value+"="+p.Value.Value+"@"+strconv.Itoa(p.Value.Span.Start)+"-"+strconv.Itoa(p.Value.Span.End))
				}
				blocks = append(blocks, pairs)
			}
			var errs []string
			for _, e := range f.Errors {
				errs = append(errs, e.Message+"@"+strconv.Itoa(e.Span.Start)+"-"+strconv.Itoa(e.Span.End))
			}
			if !reflect.DeepEqual(blocks, tc.blocks) || !reflect.DeepEqual(errs, tc.errors) {
				t.Errorf("got %q %q, want %q %q", blocks, errs, tc.blocks, tc.errors)
			}
		})
	}
}

// FuzzParseMeta: any text reads without a panic, every span inside it.
func FuzzParseMeta(f *testing.F) {
	for _, s := range []string{"CSAR-Version: 2.0\nCreated-By: me\n", "A: 1\n\n B\nC:\r\n  d\n", ": x\n:\n \n\t\nA: b: c\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkSpans(t, ParseMeta(src))
	})
}
