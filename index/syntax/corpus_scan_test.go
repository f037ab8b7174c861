package syntax

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/parser"
)

func TestCorpusScan(t *testing.T) {
	list := os.Getenv("CORPUS")
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
		_, gerr := parser.ParseBytes(src, 0, parser.AllowDuplicateMapKey())
		if gerr == nil {
			goccyOK++
			for _, e := range f.Errors {
				if !strings.Contains(e.Message, "duplicate") && !strings.Contains(e.Message, "alias") && !strings.Contains(e.Message, "merge") && !strings.Contains(e.Message, "tab") {
					ours++
					t.Logf("%s: extra error %v", path, e)
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
						bad = dedent(txt[2:]) != n.Value
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
