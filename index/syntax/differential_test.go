package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// The differential tests compare our parser with goccy/go-yaml (the
// reference the project started from) on the same input: where both
// accept it they must load the same data, and where one rejects it the
// other must too. Every difference is either our bug or one of goccy's
// known departures from YAML 1.2.2 (goccyFaults), recognised in the text
// around the difference: a fault explains a difference only there, never
// a whole file.

// faultKind is what a goccy fault does to the outcome.
type faultKind uint8

const (
	loadsOther     faultKind = iota // goccy loads other data than the text holds
	rejectsValid                    // goccy rejects valid YAML
	acceptsInvalid                  // goccy accepts YAML that is not valid
)

// goccyFaults are goccy/go-yaml v1.19.2's departures from YAML 1.2.2, each
// with the section it breaks, found on the YAML test suite (which our
// parser passes whole, TestYAMLTestSuite), on real files and by fuzzing. A pattern matches the
// text around a difference (aroundSpan: the lines of the node where the
// data differ, or of the error for a rejection, and two either side); a
// flowFault's only inside a flow collection, on the part of that text
// the collection holds.
var goccyFaults = []goccyFault{
	fault(loadsOther, `!!binary`, "it decodes !!binary into bytes (§10.3: not a tag of the core schema; loaded as the text)"),
	fault(loadsOther, "\uFEFF", "it reads a byte order mark as text (§5.2: a byte order mark is not content)"),
	fault(loadsOther, `(^|[ \t\n{,\[?-])[-+]?[0-9]*\.[0-9a-zA-Z]*[ \t]*:|\?[ \t]+[-+]?[0-9]*\.[0-9a-zA-Z]*[ \t]*(#.*)?(\n|\z)`, "it writes float keys as strings its own way, -.0 as \"-0\", 1000000. as \"1e+06\" (§10.3.2)"),
	fault(loadsOther, `[{\[,][ \t\n]*\?[ \t\n]`, "it misreads explicit keys ('? ') inside flow collections (§7.4.1, §7.4.2)"),
	fault(loadsOther, `\?[ \t]+[!&]`, "it loses an explicit key that has a tag or anchor (§8.2.2, §6.9)"),
	fault(loadsOther, `[|>][-+]?[1-9]`, "it counts a block scalar's indentation indicator from the indicator's column, not the parent's indentation (§8.1.1.1)"),
	fault(loadsOther, `(?m)^[ ]*-[ \t]*(#.*)?\n([ \t]*(#.*)?\n)*([^ \n-]|-[^ \n])`, "it puts the key after an empty item of an unindented list into the item (§8.2.1)"),
	fault(loadsOther, `!!str[ \t]+(~|null|Null|NULL)`, "it loads !!str ~ as an empty string (§6.9.1: the tag makes the text a string)"),
	fault(loadsOther, `(?s)[|>"'].*\n(---|\.\.\.)`, "it reads a document marker inside a block or quoted scalar as text (§9.1.4: c-forbidden lines end it)"),
	fault(loadsOther, `(?s)[|>].*[ \t]\n`, "it trims the trailing blanks of block scalar lines (§8.1.2, §8.1.3: they are content)"),
	fault(loadsOther, `\\[ \t]*\n`, "it folds the line break after an escaped blank ('\\ ') into nothing (§7.3.1)"),
	fault(loadsOther, `(?m)^(---|\.\.\.)[ \t]*(#.*)?\n(\s*(#.*)?\n)*(---|\.\.\.)`, "it loses a document next to an empty one (§9.2)"),
	fault(loadsOther, `(?m)^[ ]+[^:#\n]* #`, "it keeps a comment after a continuation line of a plain scalar as text (§6.6, §7.3.3)"),
	fault(loadsOther, `[0-9]{19}`, "it loads integers beyond 64 bits as strings (§10.3.2: an integer of any size)"),
	flowFault(loadsOther, `:[^ \t\r\n,\]}]`, "its lexer splits a plain scalar at a ':' inside a flow collection, { $ns:func: [1] } (§7.3.3: ':' followed by a safe character is part of it)"),
	fault(loadsOther, `(?m)^(---|\.\.\.)[^ \t\n]`, "it takes '---' or '...' followed by text for a document marker (§9.1.2)"),
	fault(loadsOther, `:[,\]}\[{]`, "it reads a ':' before a flow indicator as text, not as a value indicator (§7.4.2)"),
	fault(loadsOther, `\r`, "it mishandles CR line breaks (§5.4; goccy#560; TestYAMLTestSuiteCRLF covers ours)"),
	fault(loadsOther, `\n[ ]+\n`, "it drops a line of blanks inside a multi-line scalar (§6.5: an empty line is a line break)"),
	fault(loadsOther, `!!(int|float|bool|null)`, "it converts any text tagged !!int, !!float, !!bool or !!null, \"0A0\" to 0 (§10.3.2)"),
	fault(loadsOther, `\t`, "it treats tabs as separators, even inside plain scalars (§6.2, §7.3.3: a tab between words is content)"),
	fault(loadsOther, `[!&][^ \t\n]*[ \t]*(#.*)?(\n|\z)`, "it nests the next line into a value that is a tag or anchor alone (§6.9, §8.2.2)"),
	fault(loadsOther, `(^|[^0-9A-Za-z._])([-+]?(0[0-9_bB]|[0-9]+_|[0-9]*\.[0-9]*_|[0-9]+:[0-9]|[0-9]+[eE])|[-+](0[xo]|_)|\+-)`, "it reads numbers the YAML 1.1 way: leading 0, 0b, underscores (after a sign too), base 60, exponents, a sign before 0x or 0o; and +- before a number, +-0 as 0 (§10.3.2: the core schema's 0x and 0o forms have no sign, the others one at most)"),
	fault(loadsOther, `(^|[ \t\n\[{,-])!([ \t\n,\]}]|\z)`, "it ignores the non-specific tag '!', which makes a scalar a string (§6.9.1)"),
	fault(loadsOther, `<<[ \t]*:[ \t]*(#.*)?(\n|\z)`, "it keeps a merge key with an empty value as a key \"<<\" (the merge key type: the value must be a mapping)"),
	fault(loadsOther, `[|>][-+0-9]*[ \t]*(#[^\n]*)?\s*\z`, "it adds a line break to a block scalar with no content at the end of the text (§8.1.1.2)"),
	fault(loadsOther, `(?m)^[ \t-]*:`, "it misplaces a ':' value at the start of a line, an empty or explicit key's (§8.2.2)"),
	fault(loadsOther, `(?m)\?[ \t]*$`, "it reads a '?' alone on its line as a key \"?\" (§8.2.2)"),
	fault(loadsOther, `(?s)[|>].*[^\n]\z`, "it trims the last line of a block scalar at the end of the text (§8.1.1.2)"),
	fault(loadsOther, `&[^ \t\n,\[\]{}]*!`, "it reads a '!' inside an anchor name (&!) as a tag (§6.9.2)"),
	fault(loadsOther, `![^ \t\n]*\s+&`, "it loses a tag written before an anchor, !e &a 1 (a local tag on the node, any tag on its aliases) and resolves the text as untagged (§6.9: the properties come in either order; §6.9.1: only a node with a non-specific tag is resolved)"),
	fault(loadsOther, `![^ \t\n]*[\[\]{}]`, "it reads flow indicators after a '!' as part of the tag, ![ 0] as the tag ! on a list (§6.9.1)"),
	nodeFault(loadsOther, `\n[ \t]*('')+[ \t\n]`, "it misreads the blanks or line break after the '' that start a continuation line of a single-quoted scalar, 'a\\n'' b' as \"a 'b\", 'a\\n''\\nb' as \"a '\\nb\" (§7.3.2: blanks are content, a line break folds)"),
	nodeFault(loadsOther, `(?s)^[^"'|>].*\n[ ]*[-?:]`, "it breaks a plain scalar at a continuation line starting with an indicator (§7.3.3: '- ' is text after the first line)"),

	fault(rejectsValid, `[\]}][ \t]*:([ \t\n,\]}]|\z)|\?([ \t]+[-\[{|>]|[ \t]+[^ \t\n]+:[ \t]|[ \t]*\n[ \t]*-)`, "it rejects a collection as a key, [a, b]: c or ? - a (§8.2.2: an implicit key may be a flow collection, c-s-implicit-json-key; an explicit key any node)"),
	fault(rejectsValid, `(^|\n|[\[{,?-])[ \t]*([!&][^ \t\n]*[ \t]+)*:([ \t\n,\]}]|\z)`, "it rejects a ':' with nothing before it on its line or in its flow entry: an empty key, : a, a key of properties alone, a flow key whose ':' is on the next line (§8.2.2, §7.4.2)"),
	fault(rejectsValid, `["'\]}]:[^ \t\n]`, "it rejects a value adjacent to the ':' after a JSON-like key, [ \"a\":b ] (§7.4.2: c-ns-flow-map-adjacent-value)"),
	fault(rejectsValid, `\n[ ]*\t[ \t]*\n`, "it rejects a line holding only tabs among block entries (§6.5: an empty line may hold white space)"),
	fault(rejectsValid, `(?m)^%`, "it reads a '%' starting a line of a block scalar as a directive (§9.2: directives only come before '---'; §8.1.2: the line is content)"),
	fault(rejectsValid, `(^|[ \t])[?:-][ \t]+#[^\n]*\n`, "it rejects a comment between an indicator ('? ', ': ', '- ') and its value on the next line (§6.7, §8.2.2: comment lines may separate them)"),
	fault(rejectsValid, `[!&][^ \t\n,\]}]*[ \t]*(#.*)?(\n|\z)`, "it rejects an empty node with a tag or anchor alone, - !!str or &a : a (§6.9: properties may stand before an empty node)"),

	fault(acceptsInvalid, `[^ \t\n]#`, "it takes a '#' right after a token for a comment (§6.6: a comment is separated from what precedes it by white space)"),
	fault(acceptsInvalid, `["\[{][^"\]}\n]*\n\t*[^ \t\n]`, "it accepts lines of a flow collection or quoted scalar indented no deeper than the block around them (§6.1, §7.3.1, §7.4: s-flow-line-prefix(n) needs that indentation)"),
	fault(acceptsInvalid, `[\[{,][ \t]*-[ \t]*[,\]}]`, "it reads a '-' before a flow indicator as a plain scalar, [-] (§7.3.3: ns-plain-first excludes it)"),
	fault(acceptsInvalid, `![A-Za-z0-9-]+!`, "it keeps a %TAG handle past the document that declares it (§6.8.2: a directive applies to its document)"),
	fault(acceptsInvalid, `![^ \t\n]*,`, "it reads a ',' after a tag outside a flow collection as part of it (§6.9.1: ns-tag-char excludes ',')"),
}

// goccyFault is one of goccy's departures from YAML 1.2.2.
type goccyFault struct {
	kind    faultKind
	pattern *regexp.Regexp
	fault   string // what goccy does, and the section it breaks
	// inNode: the pattern matches the text of the node where the data
	// differ, not the lines around it.
	inNode bool
	// inFlow: the fault needs a flow collection (goccy's lexer is in flow
	// mode there): it explains a difference inside one only, and its
	// pattern matches the text around the difference that lies inside the
	// innermost collection (which its opening indicator may be lines above).
	inFlow bool
}

func fault(kind faultKind, pattern, what string) goccyFault {
	return goccyFault{kind: kind, pattern: regexp.MustCompile(pattern), fault: what}
}

func nodeFault(kind faultKind, pattern, what string) goccyFault {
	f := fault(kind, pattern, what)
	f.inNode = true
	return f
}

func flowFault(kind faultKind, pattern, what string) goccyFault {
	f := fault(kind, pattern, what)
	f.inFlow = true
	return f
}

// goccyLoad decodes every document of src with goccy/go-yaml; err is
// set when goccy rejects the input (or panics on it). Duplicate keys are
// let through, the last one winning, as loadNode does (ours reports them,
// but reads the text all the same).
func goccyLoad(src []byte) (docs []any, err error) {
	defer func() {
		if r := recover(); r != nil {
			docs, err = nil, fmt.Errorf("goccy panics: %v", r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(src), yaml.AllowDuplicateMapKey())
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
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

// comparison is the outcome of reading one text with both parsers.
type comparison struct {
	ours     *File
	goccyErr error
	// outcome is "same", "both reject", "goccy fault" (every difference
	// explained), "differ", or "not comparable" (data JSON has no form for:
	// a collection as a key).
	outcome string
	// faults are the known goccy faults that explain the differences;
	// unexplained the differences none explains.
	faults      []string
	unexplained []string
}

// compareWithGoccy reads src with both parsers and explains their
// differences.
func compareWithGoccy(src []byte) comparison {
	c := comparison{ours: Parse(src), outcome: "differ"}
	want, err := goccyLoad(src)
	c.goccyErr = err
	f := c.ours
	var syntaxErrs []Error
	for _, e := range f.Errors {
		if !e.Duplicate {
			syntaxErrs = append(syntaxErrs, e)
		}
	}
	switch {
	case len(syntaxErrs) > 0 && err != nil:
		c.outcome = "both reject"
	case len(syntaxErrs) > 0:
		e := syntaxErrs[0]
		c.explain(acceptsInvalid, e.Span, fmt.Sprintf("we reject (%s at %q), goccy accepts", e.Message, spanText(src, e.Span)))
	case err != nil:
		c.explain(rejectsValid, goccyErrorSpan(f.Lines, err), fmt.Sprintf("goccy rejects: %s", firstLine(err.Error())))
	default:
		c.compareData(want)
	}
	switch {
	case c.outcome != "differ" || len(c.unexplained) > 0:
	case len(c.faults) > 0:
		c.outcome = "goccy fault"
	default:
		c.outcome = "same"
	}
	return c
}

// compareData compares the documents both parsers accepted. goccy drops
// or keeps a document that loads as null or an empty string depending on
// how it is written (§9.2: each is a document): those are left out on
// both sides (by the data loaded: !e ~ is the text "~", not null).
func (c *comparison) compareData(want []any) {
	f := c.ours
	var docs []*Document
	var gots []any
	comparable := true
	for _, d := range f.Docs {
		got, err := loadNode(d, d.Root)
		if err != nil {
			comparable = false
		} else if got == nil || got == "" {
			continue
		}
		docs, gots = append(docs, d), append(gots, got)
	}
	var wants []any
	for _, w := range want {
		if w != nil && w != "" {
			wants = append(wants, w)
		}
	}
	if len(docs) != len(wants) {
		c.explain(loadsOther, text.Span{End: len(f.Src)}, fmt.Sprintf("%d documents, goccy %d", len(docs), len(wants)))
		return
	}
	if !comparable {
		c.outcome = "not comparable"
		return
	}
	for i, d := range docs {
		diffs := dataDifferences(d, d.Root, gots[i], wants[i], "")
		what := func(df *dataDifference) string {
			return fmt.Sprintf("document %d at %s: %#v, goccy %#v", i, df.path, df.ours, df.goccy)
		}
		// The differences that follow from others once those are explained.
		for _, df := range diffs {
			switch {
			case df.dependsOn != nil:
				continue
			case df.node.Anchored != nil:
				// An alias is the node it refers to (§7.1): a fault may
				// show around either.
				fault := c.faultAt(loadsOther, df.node.Span)
				if fault == "" {
					fault = c.faultAt(loadsOther, df.node.Anchored.Span)
				}
				df.fault = c.record(fault, what(df))
			default:
				df.fault = c.explain(loadsOther, df.node.Span, what(df))
			}
		}
		for _, df := range diffs {
			if df.dependsOn != nil {
				df.fault = c.record(cascadeFault(df.dependsOn), what(df))
			}
		}
	}
}

// explain records a difference at span, explained when a known fault of
// its kind matches the text around it, and returns that fault ("" when
// none does).
func (c *comparison) explain(kind faultKind, span text.Span, what string) string {
	return c.record(c.faultAt(kind, span), what)
}

// faultAt is the first known fault of kind that matches the text around
// span ("" when none does).
func (c *comparison) faultAt(kind faultKind, span text.Span) string {
	src := c.ours.Src
	around := aroundSpan(c.ours.Lines, len(src), span)
	flow := flowCollectionAt(c.ours, span)
	for _, gf := range goccyFaults {
		if gf.kind != kind {
			continue
		}
		in := src[around.Start:around.End]
		switch {
		case gf.inNode:
			in = src[span.Start:span.End]
		case gf.inFlow && flow == nil:
			continue
		case gf.inFlow:
			in = src[max(around.Start, flow.Span.Start):min(around.End, flow.Span.End)]
		}
		if gf.pattern.Match(in) {
			return gf.fault
		}
	}
	return ""
}

// record counts a difference as explained by fault, or unexplained when
// fault is "", and returns fault.
func (c *comparison) record(fault, what string) string {
	if fault == "" {
		c.unexplained = append(c.unexplained, what)
	} else {
		c.faults = append(c.faults, fault)
	}
	return fault
}

// cascadeFault is the fault that explains the differences another
// follows from (the first's, when every one of them is explained): ""
// when one is unexplained.
func cascadeFault(entry []*dataDifference) string {
	for _, df := range entry {
		if df.fault == "" {
			return ""
		}
	}
	return entry[0].fault
}

// aroundSpan is the text around span: its lines, and the aroundLines
// lines either side that hold more than blanks and a comment (a fault
// shows a line or two from where the data differ: a tag alone on the line
// above, the item a key was put into).
func aroundSpan(lines *text.Lines, size int, span text.Span) text.Span {
	blank := func(l int) bool {
		t := bytes.TrimSpace(lines.LineText(l))
		return len(t) == 0 || t[0] == '#'
	}
	first, last := lines.Line(span.Start), lines.Line(max(span.End-1, span.Start))
	for range aroundLines {
		for first--; first > 0 && blank(first); first-- {
		}
		for last++; last < lines.Count()-1 && blank(last); last++ {
		}
	}
	end := size
	if last+1 < lines.Count() {
		end = lines.LineStart(last + 1)
	}
	return text.Span{Start: lines.LineStart(max(first, 0)), End: end}
}

// flowCollectionAt is the innermost flow collection of f whose text holds
// span (nil when span lies in block context).
func flowCollectionAt(f *File, span text.Span) *Node {
	var in *Node
	var descend func(n *Node)
	descend = func(n *Node) {
		if n == nil || n.Anchored != nil || n.Span.Start > span.Start || n.Span.End < span.End {
			return
		}
		if n.Flow {
			in = n
		}
		eachChild(n, descend)
	}
	for _, d := range f.Docs {
		descend(d.Root)
	}
	return in
}

const aroundLines = 2

var goccyPosition = regexp.MustCompile(`^\[(\d+):(\d+)\]`)

// goccyErrorSpan is where goccy reports its error (its first line when
// it gives none).
func goccyErrorSpan(lines *text.Lines, err error) text.Span {
	m := goccyPosition.FindStringSubmatch(err.Error())
	if m == nil {
		return text.Span{}
	}
	line, _ := strconv.Atoi(m[1])
	off := lines.LineStart(max(line-1, 0))
	return text.Span{Start: off, End: off}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// dataDifference is a place where the data of a document differ.
type dataDifference struct {
	path        string
	node        *Node // our node there (the deepest one the path reaches)
	ours, goccy any
	// dependsOn are the differences this one follows from, explained by
	// the fault that explains them: for a key goccy lacks because it nested
	// the key into the value of an earlier entry of the mapping, that
	// entry's; for a value goccy took from a key it read as this one (the
	// key colliding), the difference of that key.
	dependsOn []*dataDifference
	fault     string // the fault that explains the difference, once explained
}

// dataDifferences lists the places where got (loaded from n) and want
// differ: the values that differ, the keys only ours has, and the
// collections whose lengths (or whose keys, where only goccy has some)
// differ. A key only ours has that goccy holds in its value of an earlier
// entry that differs was nested there (the lines after a value goccy
// misreads taken into it): its value is compared with the nested one. An
// entry whose goccy value is ours of a key goccy lacks took it from that
// key (goccy read the key as this one, the later winning).
func dataDifferences(d *Document, n *Node, got, want any, path string) []*dataDifference {
	here := []*dataDifference{{path: path, node: n, ours: got, goccy: want}}
	switch g := got.(type) {
	case map[string]any:
		w, ok := want.(map[string]any)
		if !ok {
			return here
		}
		type changedEntry struct {
			goccy map[string]any
			diffs []*dataDifference
		}
		var changed []changedEntry // the entries that differ so far, whose goccy values are mappings
		nestedBy := func(key string) *changedEntry {
			for i := len(changed) - 1; i >= 0; i-- {
				if _, ok := changed[i].goccy[key]; ok {
					return &changed[i]
				}
			}
			return nil
		}
		var out []*dataDifference
		keys, pairs := keptPairs(d, n)
		lacked := map[string]*dataDifference{} // the keys goccy lacks
		for i, k := range keys {
			if _, ok := w[k]; !ok {
				lacked[k] = &dataDifference{path: path + "." + k, node: pairs[i].Key, ours: k}
			}
		}
		collided := func(wv any) *dataDifference {
			for _, k := range keys {
				if df := lacked[k]; df != nil && reflect.DeepEqual(g[k], wv) {
					return df
				}
			}
			return nil
		}
		for i, k := range keys {
			p, gv := pairs[i], g[k]
			wv, ok := w[k]
			switch {
			case !ok:
				df := lacked[k]
				out = append(out, df)
				if e := nestedBy(k); e != nil {
					df.dependsOn = e.diffs
					out = append(out, dataDifferences(d, p.Value, gv, e.goccy[k], path+"."+k)...)
				}
			case reflect.DeepEqual(gv, wv):
			case collided(wv) != nil:
				out = append(out, &dataDifference{path: path + "." + k, node: p.Value, ours: gv, goccy: wv, dependsOn: []*dataDifference{collided(wv)}})
			default:
				diffs := dataDifferences(d, p.Value, gv, wv, path+"."+k)
				out = append(out, diffs...)
				if m, ok := wv.(map[string]any); ok && len(diffs) > 0 {
					changed = append(changed, changedEntry{m, diffs})
				}
			}
		}
		for k := range w {
			if _, ok := g[k]; !ok {
				return append(out, here...)
			}
		}
		return out
	case []any:
		w, ok := want.([]any)
		if !ok || len(w) != len(g) {
			return here
		}
		var out []*dataDifference
		for i := range g {
			if !reflect.DeepEqual(g[i], w[i]) {
				out = append(out, dataDifferences(d, n.Items[i], g[i], w[i], fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
		return out
	}
	if reflect.DeepEqual(got, want) {
		return nil
	}
	return here
}

// keptPairs are the pairs of mapping n that loadNode keeps (of those
// whose keys load the same, the last), in source order, with their keys.
func keptPairs(d *Document, n *Node) (keys []string, pairs []*Pair) {
	last := make(map[string]int, len(n.Pairs))
	loaded := make([]string, len(n.Pairs))
	for i, p := range n.Pairs {
		k, _ := loadNode(d, p.Key)
		loaded[i], _ = keyString(k)
		last[loaded[i]] = i
	}
	for i, p := range n.Pairs {
		if last[loaded[i]] == i {
			keys, pairs = append(keys, loaded[i]), append(pairs, p)
		}
	}
	return keys, pairs
}

// FuzzParseAgainstGoccy runs our parser and goccy/go-yaml on the same
// input. Ours must never panic, keep every span inside the text and every
// child in order inside its parent; where both accept the input, their
// data must agree except where a known goccy fault explains it. Fuzzing
// keeps finding new goccy faults, so this target is run by hand, not as
// a gate (.ci/fuzz); its seeds (the YAML test suite among them) run with
// the tests.
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
		c := compareWithGoccy(src)
		checkSpans(t, c.ours)
		checkOrder(t, c.ours)
		if c.outcome == "differ" && len(c.ours.Errors) == 0 && c.goccyErr == nil {
			t.Fatalf("%s\nsource %q", c.unexplained[0], src)
		}
	})
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
			eachChild(n, check)
		})
	}
}

// sharedDir is the reference material beside the repository
// (../shared from the module root); the test is skipped without it.
func sharedDir(t testing.TB) string {
	suite := suiteDir(t)
	return filepath.Dir(filepath.Dir(suite))
}

// dmtfSample keeps every dmtfSampleEvery-th file, by path, of the DMTF
// profile set (7,374 generated files, 75 MB, which goccy alone takes
// about 20 s to read); SYNTAX_DIFFERENTIAL=all compares all of it.
const dmtfSampleEvery = 10

// differentialInputs lists the YAML files the differential test reads:
// every file of ../shared/corpora (the DMTF set sampled) and the input
// of every case of the YAML test suite.
func differentialInputs(t *testing.T) []string {
	shared := sharedDir(t)
	var inputs []string
	dmtf := 0
	all := os.Getenv("SYNTAX_DIFFERENTIAL") == "all"
	err := filepath.WalkDir(filepath.Join(shared, "corpora"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			return err
		}
		if strings.Contains(filepath.ToSlash(p), "/org/dmtf/") {
			if dmtf++; !all && dmtf%dmtfSampleEvery != 1 {
				return nil
			}
		}
		inputs = append(inputs, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	suite := suiteDir(t)
	for _, c := range suiteCases(t, suite) {
		inputs = append(inputs, filepath.Join(suite, filepath.FromSlash(c), "in.yaml"))
	}
	return inputs
}

// TestDifferential compares our parser with goccy/go-yaml on real YAML
// (differentialInputs): each difference must be a known goccy fault,
// recognised in the text around it. The log counts the outcomes and the
// faults met.
func TestDifferential(t *testing.T) {
	if raceEnabled {
		t.Skip("the parser runs on one goroutine: go test without -race compares the files")
	}
	outcomes := map[string]int{}
	faults := map[string]int{}
	for _, p := range differentialInputs(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c := compareWithGoccy(src)
		outcomes[c.outcome]++
		for _, f := range c.faults {
			faults[f]++
		}
		for _, u := range c.unexplained {
			t.Errorf("%s: %s: our bug, or a goccy fault to add to goccyFaults", p, u)
		}
		if msg := parserFailure(c.ours); msg != "" {
			t.Errorf("%s: %s", p, msg)
		}
	}
	var names []string
	for f := range faults {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		t.Logf("%4d× %s", faults[f], f)
	}
	t.Logf("outcomes: %v", outcomes)
}

// A known goccy fault explains a difference only near its text: a block
// scalar with trailing blanks (which goccy trims) at the top of a file
// does not excuse a difference further down, as the whole-file patterns of
// old did (they skipped nine real files in ten: `tosca_simple_yaml_1_3`
// looked like a YAML 1.1 number).
func TestDifferentialIsLocal(t *testing.T) {
	var b strings.Builder
	b.WriteString("tosca_definitions_version: tosca_simple_yaml_1_3\ndescription: |\n  trailing blanks   \n")
	for i := range 8 {
		fmt.Fprintf(&b, "k%d: v%d\n", i, i)
	}
	b.WriteString("last: [x, y]\n")
	src := []byte(b.String())
	f := Parse(src)
	goccy := map[string]any{"tosca_definitions_version": "tosca_simple_yaml_1_3", "description": "trailing blanks\n", "last": []any{"x", "y"}}
	for i := range 8 {
		goccy[fmt.Sprintf("k%d", i)] = fmt.Sprintf("v%d", i)
	}
	c := comparison{ours: f}
	c.compareData([]any{goccy})
	if len(c.unexplained) != 0 || len(c.faults) != 1 || !strings.Contains(c.faults[0], "trailing blanks") {
		t.Fatalf("the block scalar: faults %q, unexplained %q", c.faults, c.unexplained)
	}
	goccy["last"] = []any{"x", "z"}
	c = comparison{ours: f}
	c.compareData([]any{goccy})
	if len(c.unexplained) != 1 || !strings.Contains(c.unexplained[0], ".last[1]") {
		t.Errorf("a difference far from the fault: unexplained %q (faults %q)", c.unexplained, c.faults)
	}
	delete(goccy, "k3")
	c = comparison{ours: f}
	c.compareData([]any{goccy})
	if len(c.unexplained) != 2 || !strings.Contains(strings.Join(c.unexplained, " "), ".k3") {
		t.Errorf("a key goccy lacks: unexplained %q", c.unexplained)
	}
}

// A fault explains the differences it causes beyond the lines around it,
// and no others: the keys goccy nested into an entry's value (a tag alone,
// the lines below taken into it), the value of a key it reads as another
// one lines below, a ':' goccy splits a plain scalar at lines below the
// flow collection's '{', an alias of a node it misreads.
func TestDifferentialFarEffects(t *testing.T) {
	nested := "a: !\nb: 1\nc: 2\nd: 3\ne: 4\nf: [x, y]\n"
	flow := "{\n  k0: v0,\n  k1: v1,\n  k2: v2,\n  url:http://x\n}\n"
	const (
		nests     = "nests the next line"
		splits    = "splits a plain scalar at a ':'"
		tagAnchor = "loses a tag written before an anchor"
	)
	for _, tc := range []struct {
		name, src   string
		goccy       any
		fault       string   // the fault that explains every explained difference
		unexplained []string // the paths of the differences left unexplained
	}{
		{"the keys nested into a tag alone", nested,
			map[string]any{"a": map[string]any{"b": int64(1), "c": int64(2), "d": int64(3), "e": int64(4), "f": []any{"x", "y"}}},
			nests, nil},
		{"a nested key's value is still compared", nested,
			map[string]any{"a": map[string]any{"b": int64(1), "c": int64(2), "d": int64(3), "e": int64(4), "f": []any{"x", "z"}}},
			nests, []string{".f[1]"}},
		{"a key goccy lacks, not nested", nested,
			map[string]any{"a": map[string]any{"b": int64(1), "c": int64(2), "d": int64(3), "e": int64(4)}},
			nests, []string{".f"}},
		{"a key goccy lacks before the nesting entry", "z: 0\ny: 0\nx: 0\n" + nested,
			map[string]any{"y": int64(0), "x": int64(0), "a": map[string]any{"z": int64(0), "b": int64(1), "c": int64(2), "d": int64(3), "e": int64(4), "f": []any{"x", "y"}}},
			nests, []string{".z"}},
		{"the nesting entry's difference unexplained", "a: v\nb: 1\nc: 2\nd: 3\ne: 4\nf: [x, y]\n",
			map[string]any{"a": map[string]any{"b": int64(1), "c": int64(2), "d": int64(3), "e": int64(4), "f": []any{"x", "y"}}},
			"", []string{".a", ".b", ".c", ".d", ".e", ".f"}},
		{"a ':' split lines below the '{'", flow,
			map[string]any{"k0": "v0", "k1": "v1", "k2": "v2", "url": "http://x"},
			splits, nil},
		{"a difference in the flow collection far from the ':'", "{\n  url:http://x,\n  k0: v0,\n  k1: v1,\n  k2: v2,\n  k3: v3\n}\n",
			map[string]any{"url:http://x": nil, "k0": "v0", "k1": "v1", "k2": "v2", "k3": "w"},
			"", []string{".k3"}},
		{"a difference in block context beside the ':'", "k: {a:b}\nv: 1\n",
			map[string]any{"k": map[string]any{"a:b": nil}, "v": int64(2)},
			"", []string{".v"}},
		{"a key goccy reads as an earlier one", "0: v\nx: 1\ny: 2\nz: 3\n0\t0: [a]\n",
			map[string]any{"0": []any{"a"}, "x": int64(1), "y": int64(2), "z": int64(3)},
			"tabs as separators", nil},
		{"a key goccy lacks, its value at another", "0: v\nx: 1\ny: 2\nz: 3\nw: [a]\n",
			map[string]any{"0": []any{"a"}, "x": int64(1), "y": int64(2), "z": int64(3)},
			"", []string{".w", ".0"}},
		{"an alias of a node goccy misreads", "- !!str &a 12\n- 1\n- 2\n- 3\n- 4\n- *a\n",
			[]any{"12", int64(1), int64(2), int64(3), int64(4), int64(12)},
			tagAnchor, nil},
		{"an alias of a node read the same", "- &a 12\n- 1\n- 2\n- 3\n- 4\n- *a\n",
			[]any{int64(12), int64(1), int64(2), int64(3), int64(4), "12"},
			"", []string{"[5]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := comparison{ours: Parse([]byte(tc.src))}
			c.compareData([]any{tc.goccy})
			for _, f := range c.faults {
				if !strings.Contains(f, tc.fault) || tc.fault == "" {
					t.Errorf("explained by %q, want %q", f, tc.fault)
				}
			}
			if len(c.unexplained) != len(tc.unexplained) {
				t.Fatalf("unexplained %q, want the differences at %q", c.unexplained, tc.unexplained)
			}
			for i, u := range c.unexplained {
				if !strings.Contains(u, " at "+tc.unexplained[i]+":") {
					t.Errorf("unexplained %q, want the difference at %s", u, tc.unexplained[i])
				}
			}
		})
	}
	// The inputs fuzzing found (testdata/fuzz/FuzzParseAgainstGoccy), read
	// by goccy itself.
	for src, fault := range map[string]string{"0: !\n1:\n 0\n2:": nests, "{\n0\n0,\n0:A}": splits, "!0 &0 0": tagAnchor} {
		c := compareWithGoccy([]byte(src))
		if c.outcome != "goccy fault" || len(c.faults) == 0 || !strings.Contains(c.faults[0], fault) {
			t.Errorf("%q: %s, faults %q, unexplained %q", src, c.outcome, c.faults, c.unexplained)
		}
	}
}
