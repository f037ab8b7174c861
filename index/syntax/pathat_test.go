package syntax

import (
	"fmt"
	"strings"
	"testing"
)

// describe renders a path as "key.key[1].@key" for comparisons.
func describe(p Path) string {
	var parts []string
	for _, s := range p {
		switch {
		case s.Pair != nil && s.OnKey:
			parts = append(parts, "@"+s.Pair.Key.Value)
		case s.Pair != nil:
			parts = append(parts, s.Pair.Key.Value)
		default:
			parts = append(parts, fmt.Sprintf("[%d]", s.Index))
		}
	}
	return strings.Join(parts, ".")
}

// cursor removes the `|` marking the cursor from src.
func cursor(src string) ([]byte, int) {
	i := strings.IndexByte(src, '|')
	if i < 0 {
		panic("no cursor in " + src)
	}
	return []byte(src[:i] + src[i+1:]), i
}

func TestPathAt(t *testing.T) {
	doc := "node_templates:\n  web:\n    type: Web\n    requirements:\n      - host: srv\n      - db\n    props: {a: [x, y], b: }\n    empty:\n"
	tests := []struct {
		src  string
		want string
		leaf string // text under the leaf's span
	}{
		{strings.Replace(doc, "node_templates", "node_te|mplates", 1), "@node_templates", "node_templates"},
		{strings.Replace(doc, "web", "|web", 1), "node_templates.@web", "web"},
		{strings.Replace(doc, "type:", "type|:", 1), "node_templates.web.@type", "type"},
		{strings.Replace(doc, "Web", "W|eb", 1), "node_templates.web.type", "Web"},
		{strings.Replace(doc, "srv", "srv|", 1), "node_templates.web.requirements.[0].host", "srv"},
		{strings.Replace(doc, "host", "h|ost", 1), "node_templates.web.requirements.[0].@host", "host"},
		{strings.Replace(doc, "- db", "- d|b", 1), "node_templates.web.requirements.[1]", "db"},
		{strings.Replace(doc, "[x, y]", "[x, |y]", 1), "node_templates.web.props.a.[1]", "y"},
		{strings.Replace(doc, "b: }", "b: |}", 1), "node_templates.web.props.b", ""},
		{strings.Replace(doc, "empty:\n", "empty: |\n", 1), "node_templates.web.empty", ""},
		{strings.Replace(doc, "empty:\n", "empty:|\n", 1), "node_templates.web.empty", ""},
		// Between pairs: the innermost enclosing collection.
		{strings.Replace(doc, "    requirements", "  |  requirements", 1), "node_templates.web", ""},
		{"|" + doc, "@node_templates", "node_templates"},
	}
	for _, tc := range tests {
		src, off := cursor(tc.src)
		f := Parse(src)
		if len(f.Errors) > 0 {
			t.Fatalf("errors %v", f.Errors)
		}
		p := PathAt(f.Root(), off)
		if got := describe(p); got != tc.want {
			t.Errorf("%q: path %q, want %q", tc.src, got, tc.want)
			continue
		}
		if tc.leaf != "" {
			if got := spanText(src, p.Leaf().Span); got != tc.leaf {
				t.Errorf("%q: leaf %q, want %q", tc.src, got, tc.leaf)
			}
		}
	}
	if PathAt(nil, 3) != nil {
		t.Error("nil root")
	}
}

// TestPathAtMeta: a TOSCA.meta value, empty or not, holds the blanks after
// it on its line (more blank-separated names may follow), not the next line.
func TestPathAtMeta(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"Entry-Definitions: |\nCreated-By: me\n", "Entry-Definitions"},
		{"Entry-Definitions:|\n", "Entry-Definitions"},
		{"Other-Definitions: a.yaml |\nCreated-By: me\n", "Other-Definitions"},
		{"Other-Definitions: a.yaml\r\n  b.yaml  |\r\nCreated-By: me\r\n", "Other-Definitions"},
		{"Other-Definitions: a.yaml\n|\n", ""},
	} {
		src, off := cursor(tc.src)
		f := ParseMeta(src)
		if got := describe(PathAt(f.Root(), off)); got != tc.want {
			t.Errorf("%q: path %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestPathAtSkipsAliasAndMerge(t *testing.T) {
	src, off := cursor("a: &a {x: 1}\nb:\n  <<: *a\n  y: 2\nc: *|a\n")
	f := Parse(src)
	p := PathAt(f.Root(), off)
	if describe(p) != "c" || p.Leaf().Anchored == nil {
		t.Errorf("path %q", describe(p))
	}
	// An offset in the anchored mapping is found through the anchor only.
	src, off = cursor("a: &a {x: |1}\nb:\n  <<: *a\n")
	f = Parse(src)
	if got := describe(PathAt(f.Root(), off)); got != "a.x" {
		t.Errorf("path %q", got)
	}
}

func TestParseForCompletion(t *testing.T) {
	base := "tosca_definitions_version: tosca_2_0\nnode_templates:\n  server:\n    type: Compute\n    properties:\n      port: 80\n%s\n    interfaces: {}\n---\nother: doc\n"
	tests := []struct {
		name string
		line string // the cursor line, `|` marks the cursor
		want string // PathAt the cursor
		leaf string // text under the leaf span
		keys []string
	}{
		{"bare key", "    pro|", "node_templates.server.@pro", "pro", []string{"type", "properties", "pro", "interfaces"}},
		{"bare key mid-word", "    pro|p", "node_templates.server.@prop", "prop", []string{"type", "properties", "prop", "interfaces"}},
		{"nested bare key", "      ti|", "node_templates.server.properties.@ti", "ti", []string{"type", "properties", "interfaces"}},
		{"empty value", "    requirements: |", "node_templates.server.requirements", "", []string{"type", "properties", "requirements", "interfaces"}},
		{"unclosed flow seq", "    tags: [a, b|", "node_templates.server.tags.[1]", "b", []string{"type", "properties", "tags", "interfaces"}},
		{"unclosed flow seq after comma", "    tags: [a, |", "node_templates.server.tags", "", []string{"type", "properties", "tags", "interfaces"}},
		{"unclosed flow map", "    attrs: {x: 1, y: |", "node_templates.server.attrs.y", "", []string{"type", "properties", "attrs", "interfaces"}},
		{"unclosed nested flow", "    attrs: {x: [p, q|", "node_templates.server.attrs.x.[1]", "q", []string{"type", "properties", "attrs", "interfaces"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src, off := cursor(fmt.Sprintf(base, tc.line))
			f := ParseForCompletion(src, off)
			checkSpans(t, f)
			if len(f.Docs) != 2 || get(f.Docs[1].Root, "other") == nil {
				t.Fatalf("second document lost\n%s", dumpFile(f))
			}
			server := get(f.Root(), "node_templates", "server")
			if server == nil {
				t.Fatalf("no server\n%s", dumpFile(f))
			}
			var keys []string
			for _, p := range server.Pairs {
				keys = append(keys, p.Key.Value)
			}
			if fmt.Sprint(keys) != fmt.Sprint(tc.keys) {
				t.Errorf("server keys %v, want %v\n%s", keys, tc.keys, dumpFile(f))
			}
			p := PathAt(f.Root(), off)
			if got := describe(p); got != tc.want {
				t.Errorf("path %q, want %q\n%s", got, tc.want, dumpFile(f))
			}
			if tc.leaf != "" && p.Leaf() != nil {
				if got := spanText(src, p.Leaf().Span); got != tc.leaf {
					t.Errorf("leaf %q, want %q", got, tc.leaf)
				}
			}
			// Spans in the enclosing mapping stay valid for the original text.
			if got := spanText(src, get(server, "@interfaces").Span); got != "interfaces" {
				t.Errorf("interfaces key span %q", got)
			}
		})
	}
}

// TestParseMetaForCompletion: a TOSCA.meta read for completion keeps the
// errors of other lines, not those of the cursor's, and its pairs.
func TestParseMetaForCompletion(t *testing.T) {
	src, off := cursor("CSAR-Version: 2.0\nbroken line\nEntry|\nCreated-By: me\n")
	f := ParseMetaForCompletion(src, off)
	if len(f.Errors) != 1 || spanText(src, f.Errors[0].Span) != "broken line" {
		t.Errorf("errors %v", f.Errors)
	}
	if f.Root().Get("Created-By").Text() != "me" || f.Root().Get("CSAR-Version").Text() != "2.0" {
		t.Errorf("pairs lost\n%s", dumpFile(f))
	}
}

func TestParseForCompletionCRLF(t *testing.T) {
	src, off := cursor("\uFEFFa:\r\n  b: 1\r\n  pr|\r\n  c: [x,\r\nd: 2\r\n")
	f := ParseForCompletion(src, off)
	checkSpans(t, f)
	p := PathAt(f.Root(), off)
	if describe(p) != "a.@pr" || spanText(src, p.Leaf().Span) != "pr" {
		t.Errorf("path %q\n%s", describe(p), dumpFile(f))
	}
	if get(f.Root(), "d") == nil {
		t.Error("d lost")
	}
	// The unrelated broken line is still reported.
	if len(f.Errors) != 1 || spanText(src, f.Errors[0].Span) != "[" {
		t.Errorf("errors %v", f.Errors)
	}
}

func TestParseForCompletionValidDocument(t *testing.T) {
	src, off := cursor("a:\n  b: |\n")
	f := ParseForCompletion(src, off)
	if len(f.Errors) > 0 {
		t.Errorf("errors %v", f.Errors)
	}
	if describe(PathAt(f.Root(), off)) != "a.b" {
		t.Errorf("path %q", describe(PathAt(f.Root(), off)))
	}
	for _, c := range []int{-5, 0, len(src), len(src) + 10} {
		checkSpans(t, ParseForCompletion(src, c))
	}
}
