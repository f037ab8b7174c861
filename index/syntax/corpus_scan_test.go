package syntax

import (
	"bufio"
	"os"
	"strings"
	"testing"

	goccyparser "github.com/goccy/go-yaml/parser"
)

// TestCorpusScan checks spans on a corpus of real YAML files (a list of
// paths, one a line, in $SYNTAX_CORPUS), e.g. goccy's yaml-test-suite:
//
//	find $(go env GOMODCACHE)/github.com/goccy/go-yaml@v1.19.2/testdata -name '*.yaml' > /tmp/list
//	SYNTAX_CORPUS=/tmp/list go test -run TestCorpusScan -v ./index/syntax/
//
// For every file goccy accepts, Parse must report no syntax error of its
// own; for every node, the text under its span must agree with its value
// and style, and children must lie in order inside their parent.
func TestCorpusScan(t *testing.T) {
	list := os.Getenv("SYNTAX_CORPUS")
	if list == "" {
		t.Skip()
	}
	fh, _ := os.Open(list)
	sc := bufio.NewScanner(fh)
	files, goccyOK, ours, mism := 0, 0, 0, 0
	for sc.Scan() {
		path := sc.Text()
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		files++
		f := Parse(src)
		checkSpans(t, f)
		_, gerr := goccyparser.ParseBytes(src, 0, goccyparser.AllowDuplicateMapKey())
		if gerr == nil {
			goccyOK++
			for _, e := range f.Errors {
				if !strings.Contains(e.Message, "duplicate") && !strings.Contains(e.Message, "alias") && !strings.Contains(e.Message, "merge") && !strings.Contains(e.Message, "tab") {
					ours++
					t.Errorf("%s: extra error %v", path, e)
				}
			}
		}
		if gerr != nil {
			continue // recovered trees hold whatever survived
		}
		if !strings.Contains(string(src), "\r") {
			// The CRLF+BOM variant must give the same tree and texts.
			v := Parse([]byte("\uFEFF" + strings.ReplaceAll(string(src), "\n", "\r\n")))
			var a, b []*Node
			for _, d := range f.Docs {
				walk(d.Root, func(n *Node) { a = append(a, n) })
			}
			for _, d := range v.Docs {
				walk(d.Root, func(n *Node) { b = append(b, n) })
			}
			if len(a) != len(b) || len(v.Errors) != len(f.Errors) {
				t.Errorf("%s: CRLF variant has %d nodes/%d errors, want %d/%d", path, len(b), len(v.Errors), len(a), len(f.Errors))
			} else {
				for i := range a {
					x, y := spanText(f.Src, a[i].Span), strings.ReplaceAll(spanText(v.Src, b[i].Span), "\r\n", "\n")
					if x != y || a[i].Value != b[i].Value {
						t.Errorf("%s: CRLF node %d %q, want %q", path, i, y, x)
						break
					}
				}
			}
		}
		for _, d := range f.Docs {
			walk(d.Root, func(n *Node) {
				txt := spanText(f.Src, n.Span)
				bad := false
				switch {
				case n.Anchored != nil:
					bad = !strings.HasPrefix(txt, "*")
				case n.Kind == Scalar && n.Style == Plain && n.Tag == "":
					bad = fold(txt) != n.Value
				case n.Style == DoubleQuoted:
					bad = !strings.HasPrefix(txt, "\"") || !strings.HasSuffix(txt, "\"")
				case n.Style == SingleQuoted:
					bad = !strings.HasPrefix(txt, "'") || !strings.HasSuffix(txt, "'")
				case n.Style == Literal:
					bad = !strings.HasPrefix(txt, "|")
					if strings.HasPrefix(txt, "|\n") && !bad {
						bad = !strings.HasPrefix(n.Value, strings.TrimSuffix(dedent(txt[2:]), "\n"))
					}
				case n.Style == Folded:
					bad = !strings.HasPrefix(txt, ">")
				case n.Kind == Mapping && n.Flow:
					bad = !strings.HasPrefix(txt, "{") || !strings.HasSuffix(txt, "}")
				case n.Kind == Sequence && n.Flow:
					bad = !strings.HasPrefix(txt, "[") || !strings.HasSuffix(txt, "]")
				case n.Kind == Sequence:
					bad = !strings.HasPrefix(txt, "-")
				}
				var kids []*Node
				for _, p := range n.Pairs {
					if !p.Merged {
						kids = append(kids, p.Key, p.Value)
					}
				}
				kids = append(kids, n.Items...)
				prev := n.Span.Start
				if n.Anchored == nil {
					for _, k := range kids {
						if k.Span.Start < prev || k.Span.End > n.Span.End {
							bad = true
						}
						prev = k.Span.End
					}
				}
				if bad {
					t.Fail()
					mism++
					if mism < 40 {
						t.Logf("%s: %v %v %q value %q", path, n.Kind, n.Style, txt, n.Value)
					}
				}
			})
		}
	}
	t.Logf("files %d goccyOK %d extraErrors %d spanMismatches %d", files, goccyOK, ours, mism)
}

func fold(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	var b strings.Builder
	blank := 0
	for i, l := range lines {
		l = strings.Trim(l, " \t")
		if i > 0 && l == "" {
			blank++
			continue
		}
		if i > 0 {
			if blank > 0 {
				b.WriteString(strings.Repeat("\n", blank))
			} else {
				b.WriteString(" ")
			}
		}
		blank = 0
		b.WriteString(l)
	}
	return b.String()
}

func dedent(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	ind := -1
	for _, l := range lines {
		if strings.TrimLeft(l, " ") == "" {
			continue
		}
		k := len(l) - len(strings.TrimLeft(l, " "))
		if ind < 0 {
			ind = k
		}
		break
	}
	var out []string
	for _, l := range lines {
		if len(l) >= ind && ind >= 0 {
			l = l[ind:]
		} else {
			l = strings.TrimLeft(l, " ")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + "\n"
}
