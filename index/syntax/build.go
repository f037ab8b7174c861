package syntax

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index/text"
)

const (
	// maxDepth bounds the nesting of collections: deeper input is not text
	// an author wrote, and each level costs stack in every tree walker.
	maxDepth = 1000
	// maxExpansion and maxExpansionBytes cap the nodes, and the bytes of
	// scalar text, that aliases and merge keys may expand to in one
	// document (alias bombs, and a long scalar named by many aliases: each
	// reader of the tree would read it again at each).
	maxExpansion      = 1_000_000
	maxExpansionBytes = 16 << 20
)

var expansionMessage = fmt.Sprintf("aliases expand to more than %d nodes or %d MB of text; further aliases are ignored", maxExpansion, maxExpansionBytes>>20)

// maxNodes bounds the nodes of one file (a variable so that tests can use
// a small bound).
var maxNodes = 4_000_000

const (
	yamlStrTag  = "tag:yaml.org,2002:str"
	yamlNullTag = "tag:yaml.org,2002:null"
)

// props are a node's properties: its anchor and tag.
type props struct {
	start, end int // span of the properties; start < 0 when there are none
	anchor     string
	tag        string
}

// frame is a collection being built.
type frame struct {
	n *Node
	// kind and flow are n's, read for each child without going to n.
	kind    Kind
	flow    bool
	start   int
	base    int    // its children are kids[base:] (for a mapping: key, value, key, ...)
	size    extent // of the subtree, aliases expanded
	lead    string
	ind     int
	keyLead string
	discard bool
}

type anchorDef struct {
	n    *Node
	size extent
}

// extent is how much a subtree holds: nodes, and bytes of scalar text.
type extent struct{ nodes, bytes int }

func (e extent) plus(o extent) extent { return extent{e.nodes + o.nodes, e.bytes + o.bytes} }

func (e extent) exceeds() bool { return e.nodes > maxExpansion || e.bytes > maxExpansionBytes }

// builder turns the parser's events into Nodes. Nodes, pairs and the
// slices that hold them are carved out of shared slabs: a tree is kept or
// dropped as a whole, and one allocation per node would dominate parsing.
type builder struct {
	f     *File
	src   []byte
	str   string
	errs  *errorSink
	merge bool // expand merge keys (`<<`)

	doc   *Document
	stack []frame
	kids  []*Node
	// keyTexts are the keys of a long mapping, sorted to find duplicates.
	keyTexts []string
	// handles are the %TAG handles of the current document.
	handles  map[string]string
	anchors  map[string]anchorDef
	expanded extent
	bomb     bool
	// lastEnd is the end of the content built so far: comments before it
	// belong to earlier nodes.
	lastEnd int
	// discardNext drops the next node started (it stands where no node
	// may be; it is still parsed, to stay in step).
	discardNext bool
	nodes       int
	stopped     bool

	// The slabs being filled, and the arena that lends them (a lone parse
	// has its own).
	nodeSlab []Node
	pairSlab []Pair
	pairPtrs []*Pair
	nodePtrs []*Node
	arena    *Arena
}

const slabSize = 1024

// slabCap is the capacity of a new slab that must hold need elements. An
// arena's slabs are all slabSize, so that any later parse can reuse them.
// A lone parse's hold what the rest of the text likely needs, at one
// element per bytesEach (YAML averages one node per ten bytes or more, and
// a pair or list entry per two nodes), so that little of the last one goes
// unused; and at least need.
func (b *builder) slabCap(need, bytesEach int) int {
	if !b.arena.own {
		return slabSize
	}
	return max(need, min(max(16, (len(b.src)-b.lastEnd)/bytesEach), slabSize))
}

// carve returns n elements of *slab, with no spare capacity (so that
// appends by readers never reach a neighbour). When *slab has no room for
// them the next slab comes from lent; a list longer than a quarter slab
// gets its own array.
func carve[T any](b *builder, slab *[]T, lent *slabs[T], n, bytesEach int) []T {
	if n > slabSize/4 {
		return make([]T, n)
	}
	if cap(*slab)-len(*slab) < n {
		*slab = lent.next(b.slabCap(n, bytesEach))
	}
	l := len(*slab)
	*slab = (*slab)[:l+n]
	return (*slab)[l : l+n : l+n]
}

// Bytes of text per element of each slab, for slabCap.
const (
	bytesPerNode  = 10
	bytesPerEntry = 20
)

// newNode and newPair take the next element of their slab (carve's path,
// spelt out: they run for every node).
func (b *builder) newNode() *Node {
	if len(b.nodeSlab) == cap(b.nodeSlab) {
		b.nodeSlab = b.arena.nodes.next(b.slabCap(1, bytesPerNode))
	}
	b.nodeSlab = b.nodeSlab[:len(b.nodeSlab)+1]
	n := &b.nodeSlab[len(b.nodeSlab)-1]
	*n = Node{} // an arena's slab holds an old tree's nodes
	b.nodes++
	if b.nodes > maxNodes && !b.stopped {
		b.stopped = true
		b.errs.add(Error{Span: text.Span{Start: b.lastEnd, End: b.lastEnd}, Message: fmt.Sprintf("more than %d YAML nodes: the rest of the file is not parsed", maxNodes)})
	}
	return n
}

func (b *builder) newPair(k, v *Node, merged bool) *Pair {
	if len(b.pairSlab) == cap(b.pairSlab) {
		b.pairSlab = b.arena.pairs.next(b.slabCap(1, bytesPerEntry))
	}
	b.pairSlab = append(b.pairSlab, Pair{Key: k, Value: v, Merged: merged})
	return &b.pairSlab[len(b.pairSlab)-1]
}

func (b *builder) seen(end int) {
	if end > b.lastEnd {
		b.lastEnd = end
	}
}

func (b *builder) beginDocument(start, lastEnd int, handles map[string]string) {
	b.doc = &Document{Span: text.Span{Start: start, End: start}, handles: handles}
	b.f.Docs = append(b.f.Docs, b.doc)
	b.handles = handles
	b.anchors = nil
	b.expanded, b.bomb = extent{}, false
	b.lastEnd = lastEnd
}

// endDocument closes whatever is still open and ends the document at end.
func (b *builder) endDocument(end int) {
	for len(b.stack) > 0 {
		b.end(-1)
	}
	b.doc.Span.End = max(end, b.doc.Span.Start)
}

// begin is called at the start of each node: it returns the comment lines
// above it when it is a key or a block sequence item, and records the
// indicator (the ':' or '-' ending at ind) as content.
func (b *builder) begin(start, ind int) string {
	lead := ""
	if n := len(b.stack); n > 0 {
		top := &b.stack[n-1]
		switch {
		case top.kind == Mapping && (len(b.kids)-top.base)%2 == 0:
			lead = b.leading(start)
		case top.kind == Sequence && !top.flow && ind > 0:
			lead = b.leading(ind - 1)
		}
	}
	b.seen(ind)
	return lead
}

func propsStart(pr *props, pos int) int {
	if pr.start >= 0 && pr.start < pos {
		return pr.start
	}
	return pos
}

func (b *builder) scalar(t *token, pr *props, ind int) {
	lead := b.begin(propsStart(pr, t.start), ind)
	n := b.newNode()
	n.Kind, n.Style, n.Value = Scalar, t.style, t.value
	n.Span = text.Span{Start: t.start, End: t.end}
	n.Tag, n.Anchor = pr.tag, pr.anchor
	if t.style == Plain && isNullValue(t.value) && !b.isStrTag(pr.tag) {
		n.Kind = Null
	}
	b.seen(t.end)
	b.done(n, extent{1, len(t.value)}, lead, ind)
}

// empty adds an empty node at pos: a null (or, tagged !!str, an empty
// string). Its span is empty, after its properties if it has some.
func (b *builder) empty(pos int, pr *props, ind int) {
	if pr.start >= 0 {
		pos = max(pos, pr.end)
	}
	if len(b.stack) == 0 && pr.start < 0 {
		return // an empty document has no root
	}
	lead := b.begin(propsStart(pr, pos), ind)
	n := b.newNode()
	n.Kind = Null
	n.Span = text.Span{Start: pos, End: pos}
	n.Tag, n.Anchor = pr.tag, pr.anchor
	if b.isStrTag(pr.tag) {
		n.Kind = Scalar
	} else {
		// A cursor after `key: ` is in the value.
		t := pos
		for t < len(b.src) && isBlank(b.src[t]) {
			t++
		}
		n.tail = t
	}
	b.seen(pos)
	b.done(n, extent{1, 0}, lead, ind)
}

func (b *builder) alias(t *token, ind int) {
	lead := b.begin(t.start, ind)
	sp := text.Span{Start: t.start, End: t.end}
	b.seen(t.end)
	def, ok := b.anchors[t.value]
	n := b.newNode()
	switch {
	case !ok:
		b.errs.add(Error{Span: sp, Message: diag.Sprintf("undefined alias %q", t.value)})
		*n = Node{Kind: Null, Span: sp}
		b.done(n, extent{1, 0}, lead, ind)
		return
	case b.expanded.plus(def.size).exceeds():
		if !b.bomb {
			b.bomb = true
			b.errs.add(Error{Span: sp, Message: expansionMessage})
		}
		*n = Node{Kind: Null, Span: sp}
		b.done(n, extent{1, 0}, lead, ind)
		return
	}
	b.expanded = b.expanded.plus(def.size)
	*n = *def.n
	n.Span = sp
	n.Anchored = def.n
	n.Anchor, n.Comment, n.tail = "", "", 0
	b.done(n, def.size, lead, ind)
}

// start opens a collection at pos; nesting too deep stops the parse.
func (b *builder) start(kind Kind, flow bool, pos int, pr *props, ind int) {
	if len(b.stack) >= maxDepth {
		b.errs.add(Error{Span: text.Span{Start: pos, End: pos + 1}, Message: fmt.Sprintf("nesting deeper than %d levels: the rest of the file is not parsed", maxDepth)})
		b.stopped = true
		return
	}
	lead := b.begin(propsStart(pr, pos), ind)
	n := b.newNode()
	n.Kind, n.Flow = kind, flow
	n.Tag, n.Anchor = pr.tag, pr.anchor
	// Field by field, as the scanner stores a token.
	b.stack = append(b.stack, frame{})
	fr := &b.stack[len(b.stack)-1]
	fr.n, fr.kind, fr.flow, fr.start, fr.base, fr.size = n, kind, flow, pos, len(b.kids), extent{1, 0}
	fr.lead, fr.ind, fr.discard = lead, ind, b.discardNext
	b.discardNext = false
	if flow {
		b.seen(pos + 1)
	}
}

// end closes the innermost collection; closeEnd is the end of its closing
// bracket, or -1 for a block collection (which ends with its content).
func (b *builder) end(closeEnd int) {
	// Nothing is pushed on the stack before fr is read.
	fr := &b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	if closeEnd >= 0 {
		b.seen(closeEnd)
	}
	n := fr.n
	n.Span = text.Span{Start: fr.start, End: max(b.lastEnd, fr.start)}
	kids := b.kids[fr.base:]
	if n.Kind == Mapping {
		if len(kids)%2 == 1 {
			// The parse stopped between a key and its value.
			v := b.newNode()
			*v = Node{Kind: Null, Span: text.Span{Start: b.lastEnd, End: b.lastEnd}}
			kids = append(kids, v)
		}
		n.Pairs = b.pairs(kids)
	} else {
		n.Items = carve(b, &b.nodePtrs, &b.arena.nodePtrs, len(kids), bytesPerEntry)
		copy(n.Items, kids)
	}
	b.kids = b.kids[:fr.base]
	if fr.discard {
		return
	}
	b.done(n, fr.size, fr.lead, fr.ind)
}

// done attaches a finished node to its parent (or makes it the root),
// registers its anchor and places its comments.
func (b *builder) done(n *Node, size extent, lead string, ind int) {
	if n.Anchor != "" {
		if b.anchors == nil {
			b.anchors = make(map[string]anchorDef)
		}
		b.anchors[n.Anchor] = anchorDef{n: n, size: size}
	}
	if b.discardNext {
		b.discardNext = false
		return
	}
	if len(b.stack) == 0 {
		b.doc.Root = n
		return
	}
	top := &b.stack[len(b.stack)-1]
	top.size = top.size.plus(size)
	switch {
	case top.kind == Mapping && (len(b.kids)-top.base)%2 == 0:
		top.keyLead = lead
	case top.kind == Mapping:
		// Comments: above the key on the key; on the line of a scalar or
		// flow value on the value; after the ':' of a block collection on
		// the key.
		key := b.kids[len(b.kids)-1]
		lead = top.keyLead
		top.keyLead = ""
		if n.isBlockCollection() {
			if ind >= 0 {
				lead = joinComment(lead, b.trailing(ind))
			}
		} else if n.Comment == "" {
			n.Comment = b.trailing(b.lastEnd)
		}
		if lead != "" && key.Comment == "" {
			key.Comment = lead
		}
	default:
		if !n.isBlockCollection() {
			lead = joinComment(lead, b.trailing(b.lastEnd))
		} else if ind >= 0 {
			lead = joinComment(lead, b.trailing(ind))
		}
		if lead != "" && n.Comment == "" {
			n.Comment = lead
		}
	}
	b.kids = append(b.kids, n)
}

func (n *Node) isBlockCollection() bool {
	return (n.Kind == Mapping || n.Kind == Sequence) && !n.Flow && n.Anchored == nil
}

type mergeSrc struct {
	at   int // index in the explicit pairs the merged ones go before
	from *Node
}

// pairs makes the pairs of a mapping from its alternating keys and values,
// reporting duplicate keys and expanding merge keys.
func (b *builder) pairs(kids []*Node) []*Pair {
	var merges []mergeSrc
	out := carve(b, &b.pairPtrs, &b.arena.pairPtrs, len(kids)/2, bytesPerEntry)
	np := 0
	for i := 0; i+1 < len(kids); i += 2 {
		k, v := kids[i], kids[i+1]
		if b.merge && k.Kind == Scalar && k.Style == Plain && k.Value == "<<" && k.Tag == "" {
			merges = append(merges, mergeSrc{at: np, from: v})
			continue
		}
		out[np] = b.newPair(k, v, false)
		np++
	}
	out = out[:np:np]
	b.checkDuplicates(out)
	if len(merges) > 0 {
		out = b.expandMerges(out, merges)
	}
	return out
}

// keyText is the text a key is compared by for duplicates; ok is false for
// keys that are not compared (collections).
func keyText(k *Node) (string, bool) {
	if k.Kind != Scalar && k.Kind != Null || k.Kind == Null && k.Span.Len() == 0 {
		return "", false // a collection, or no key written at all
	}
	return k.Value, true
}

func (b *builder) checkDuplicates(pairs []*Pair) {
	if len(pairs) < 2 {
		return
	}
	var seen map[string]bool
	if len(pairs) > 16 {
		if !b.anyDuplicate(pairs) {
			return
		}
		seen = make(map[string]bool, len(pairs))
	}
	for i, pr := range pairs {
		kt, ok := keyText(pr.Key)
		if !ok {
			continue
		}
		dup := false
		if seen != nil {
			dup = seen[kt]
			seen[kt] = true
		} else {
			for _, q := range pairs[:i] {
				if qt, ok := keyText(q.Key); ok && qt == kt {
					dup = true
					break
				}
			}
		}
		if dup {
			b.errs.add(Error{Span: pr.Key.Span, Message: diag.Sprintf("duplicate key %q", kt), Duplicate: true})
		}
	}
}

// anyDuplicate reports whether two of the keys of a long mapping are the
// same: they are sorted in a slice the builder keeps, where a map would be
// made for each mapping, most having none.
func (b *builder) anyDuplicate(pairs []*Pair) bool {
	texts := b.keyTexts[:0]
	for _, pr := range pairs {
		if kt, ok := keyText(pr.Key); ok {
			texts = append(texts, kt)
		}
	}
	slices.Sort(texts)
	b.keyTexts = texts
	for i := 1; i < len(texts); i++ {
		if texts[i] == texts[i-1] {
			return true
		}
	}
	return false
}

// expandMerges expands merge keys: the pairs of the merged mappings go where
// the `<<` pair was, except for keys the mapping defines itself or that an
// earlier merged mapping already provided.
func (b *builder) expandMerges(pairs []*Pair, merges []mergeSrc) []*Pair {
	explicit := make(map[string]bool, len(pairs))
	for _, pr := range pairs {
		if kt, ok := keyText(pr.Key); ok {
			explicit[kt] = true
		}
	}
	seen := make(map[string]bool)
	out := make([]*Pair, 0, len(pairs)+8)
	budgetHit := false
	var emit func(src *Node, top bool)
	emit = func(src *Node, top bool) {
		switch src.Kind {
		case Mapping:
			for _, q := range src.Pairs {
				if kt, ok := keyText(q.Key); ok {
					if explicit[kt] || seen[kt] {
						continue
					}
					seen[kt] = true
				}
				if b.expanded.nodes++; b.expanded.exceeds() {
					budgetHit = true
					return
				}
				out = append(out, b.newPair(q.Key, q.Value, true))
			}
		case Sequence:
			if top {
				for _, it := range src.Items {
					emit(it, false)
				}
				return
			}
			fallthrough
		case Scalar:
			b.errs.add(Error{Span: src.Span, Message: "merge key value must be a mapping or a list of mappings"})
		}
	}
	mi := 0
	for i := 0; i <= len(pairs); i++ {
		for mi < len(merges) && merges[mi].at == i {
			emit(merges[mi].from, true)
			mi++
		}
		if i < len(pairs) {
			out = append(out, pairs[i])
		}
	}
	if budgetHit && !b.bomb {
		b.bomb = true
		b.errs.add(Error{Span: merges[0].from.Span, Message: expansionMessage})
	}
	return out
}

// leading is the block of comment lines directly above the line of s, when
// s is the first thing on its line (after blanks and '-'/'?' indicators).
func (b *builder) leading(s int) string {
	// Such a block lies after the end of what came before s: most nodes
	// have no '#' there to look back for.
	if lo := max(b.lastEnd, 0); lo >= s || strings.IndexByte(b.str[lo:s], '#') < 0 {
		return ""
	}
	i := spacesStart(b.src, s) - 1
	for ; i >= 0; i-- {
		c := b.src[i]
		if c == '\n' || c == '\r' {
			break
		}
		if c != ' ' && c != '\t' && c != '-' && c != '?' {
			return ""
		}
	}
	var lines []string
	for lineStart := i + 1; lineStart > 0; {
		e := lineStart - 1 // the previous line's break
		if e > 0 && b.src[e] == '\n' && b.src[e-1] == '\r' {
			e--
		}
		if b.lastEnd >= e {
			break
		}
		ps := e
		for ps > 0 && b.src[ps-1] != '\n' && b.src[ps-1] != '\r' {
			ps--
		}
		if ps < b.lastEnd {
			break
		}
		t := strings.TrimLeft(b.str[ps:e], " \t\uFEFF")
		if t == "" || t[0] != '#' {
			break
		}
		lines = append(lines, commentText(t))
		lineStart = ps
	}
	if len(lines) == 0 {
		return ""
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return strings.Join(lines, "\n")
}

// trailing is the comment after offset e on its line.
func (b *builder) trailing(e int) string {
	if e < 0 || e > len(b.src) {
		return ""
	}
	i := e
	for i < len(b.src) && isBlank(b.src[i]) {
		i++
	}
	if i >= len(b.src) || b.src[i] != '#' || !(i == 0 || i > e || isBlank(b.src[i-1]) || b.src[i-1] == '\n' || b.src[i-1] == '\r') {
		return ""
	}
	j := i
	for j < len(b.src) && b.src[j] != '\n' && b.src[j] != '\r' {
		j++
	}
	return commentText(b.str[i:j])
}

func commentText(t string) string {
	t = strings.TrimPrefix(t, "#")
	t = strings.TrimPrefix(t, " ")
	return strings.TrimRight(t, " \t")
}

func joinComment(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}

// isNullValue reports whether a plain scalar is null in the YAML 1.2 core
// schema.
func isNullValue(v string) bool {
	switch v {
	case "", "~", "null", "Null", "NULL":
		return true
	}
	return false
}

func (b *builder) isStrTag(tag string) bool {
	return tag == "!" || tag != "" && resolveTag(b.handles, tag) == yamlStrTag
}

// resolveTag expands a tag as written (`!!str`, `!e!x`, `!<uri>`) with the
// document's %TAG handles.
func resolveTag(handles map[string]string, tag string) string {
	if strings.HasPrefix(tag, "!<") && strings.HasSuffix(tag, ">") {
		return tag[2 : len(tag)-1]
	}
	if tag == "" || tag == "!" {
		return tag
	}
	handle, suffix := tagHandle(tag)
	prefix, ok := handles[handle]
	if !ok {
		switch handle {
		case "!":
			prefix = "!"
		case "!!":
			prefix = "tag:yaml.org,2002:"
		default:
			return tag
		}
	}
	return prefix + percentDecode(suffix)
}

// tagHandle splits a shorthand tag into its handle and suffix.
func tagHandle(tag string) (string, string) {
	if j := strings.IndexByte(tag[1:], '!'); j >= 0 {
		return tag[:j+2], tag[j+2:]
	}
	return "!", tag[1:]
}

func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && hexValue(s[i+1]) >= 0 && hexValue(s[i+2]) >= 0 {
			out = append(out, byte(hexValue(s[i+1])<<4|hexValue(s[i+2])))
			i += 2
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}
