package syntax

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

type anchorDef struct {
	n    *Node
	size int // nodes in the expanded subtree
}

// conv turns one goccy document into Nodes. Offsets it handles are offsets
// in the chunk buffer ("local"); spans stored in Nodes are original offsets.
type conv struct {
	p        *docParser
	anchors  map[string]anchorDef
	expanded int
	bomb     bool
	// lastEnd is the local end of the content converted so far: comments
	// before it belong to earlier nodes.
	lastEnd int
	flow    int
}

func (p *docParser) convert(file *ast.File) {
	defer func() {
		if r := recover(); r != nil {
			p.roots = nil
			p.addError(0, p.lineEnd(0), fmt.Sprintf("YAML conversion failure: %v", r))
		}
	}()
	if file == nil {
		return
	}
	for _, d := range file.Docs {
		if d == nil || d.Body == nil {
			p.roots = append(p.roots, nil)
			continue
		}
		if _, ok := d.Body.(*ast.DirectiveNode); ok {
			continue
		}
		c := &conv{p: p}
		at := 0
		if d.Start != nil {
			at = p.tokOff(d.Start) + 3
		}
		n, _ := c.node(d.Body, at)
		p.roots = append(p.roots, n)
	}
}

func (c *conv) end(e int) {
	if e > c.lastEnd {
		c.lastEnd = e
	}
}

// null is an implicit null: an empty span at local offset at.
func (c *conv) null(at int) *Node {
	p := c.p
	n := &Node{Kind: Null, Span: p.span(at, at)}
	// tail: the rest of the line up to the next non-blank character, so
	// that a cursor after `key: ` still touches the value.
	le := p.lineEnd(p.lineOf(at))
	t := at
	for t < le && (p.buf[t] == ' ' || p.buf[t] == '\t') {
		t++
	}
	if t == le {
		n.tail = p.orig(le, false)
	} else {
		n.tail = p.orig(t, false)
	}
	c.end(at)
	return n
}

func hasAt(b []byte, at int, s string) bool {
	return at >= 0 && at+len(s) <= len(b) && string(b[at:at+len(s)]) == s
}

// scalar converts a one-token scalar.
func (c *conv) scalar(tk *token.Token, kind Kind, style Style, value string) *Node {
	p := c.p
	s := p.tokOff(tk)
	e := -1
	if t := strings.Trim(tk.Origin, " \t\n"); t != "" {
		if x, ok := p.near(s, t); ok {
			s, e = x, x+len(t)
		} else if strings.IndexByte(t, '\n') >= 0 {
			s, e = p.multiLine(s, t)
		}
	}
	if t := strings.Trim(tk.Value, " \t\n"); e < 0 && t != "" && style == Plain {
		if x, ok := p.near(s, t); ok {
			s, e = x, x+len(t)
		}
	}
	if e < 0 {
		switch style {
		case DoubleQuoted:
			e = p.scanDouble(s)
		case SingleQuoted:
			e = p.scanSingle(s)
		default:
			e = p.scanPlain(s, c.flow > 0)
		}
	}
	c.end(e)
	return &Node{Kind: kind, Style: style, Value: value, Span: p.span(s, e)}
}

// multiLine locates a multi-line scalar whose goccy Origin (trimmed) is t
// when the Origin is not verbatim (goccy drops trailing blanks of its
// lines) or the position is not its start (goccy may report the position
// after its end). The first line of the scalar ends its start line; the last
// line starts its end line. It returns s, -1 when it cannot tell.
func (p *docParser) multiLine(s int, t string) (int, int) {
	first := strings.TrimRight(t[:strings.IndexByte(t, '\n')], " \t")
	last := strings.TrimLeft(t[strings.LastIndexByte(t, '\n')+1:], " \t")
	n := strings.Count(t, "\n")
	line := p.lineOf(s)
	for _, sl := range []int{line, line - n} {
		if sl < 0 || first == "" {
			continue
		}
		ls := p.starts[sl]
		le := trimRightEnd(p.buf, ls, p.lineEnd(sl))
		if le-ls < len(first) || string(p.buf[le-len(first):le]) != first {
			continue
		}
		start, end := le-len(first), le
		if el := sl + n; el < len(p.starts) && last != "" {
			fn := p.starts[el]
			for fn < len(p.buf) && (p.buf[fn] == ' ' || p.buf[fn] == '\t') {
				fn++
			}
			if hasAt(p.buf, fn, last) {
				end = fn + len(last)
			}
		}
		return start, end
	}
	return s, -1
}

func (p *docParser) scanDouble(s int) int {
	le := p.lineEnd(p.lineOf(s))
	for i := s + 1; i < len(p.buf); i++ {
		switch p.buf[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return le
}

func (p *docParser) scanSingle(s int) int {
	le := p.lineEnd(p.lineOf(s))
	for i := s + 1; i < len(p.buf); i++ {
		if p.buf[i] == '\'' {
			if i+1 < len(p.buf) && p.buf[i+1] == '\'' {
				i++
				continue
			}
			return i + 1
		}
	}
	return le
}

func (p *docParser) scanPlain(s int, flow bool) int {
	le := p.lineEnd(p.lineOf(s))
	i := s
	for ; i < le; i++ {
		b := p.buf[i]
		if b == '#' && i > s && (p.buf[i-1] == ' ' || p.buf[i-1] == '\t') {
			break
		}
		if flow && (b == ',' || b == ']' || b == '}') {
			break
		}
	}
	return trimRightEnd(p.buf, s, i)
}

// tokTextEnd is the end of the token's text want starting at s.
func (p *docParser) tokTextEnd(tk *token.Token, s int, want string) int {
	if hasAt(p.buf, s, want) {
		return s + len(want)
	}
	return p.tokEnd(tk, s)
}

// locate is the local start of a token, checked against its text.
func (p *docParser) locate(tk *token.Token) int {
	s := p.tokOff(tk)
	t := strings.TrimLeft(tk.Origin, " \t\n")
	if i := strings.IndexAny(t, " \t\n"); i >= 0 {
		t = t[:i]
	}
	s, _ = p.near(s, t)
	return s
}

// tokSpan locates a token whose text is want: its local start and end.
func (p *docParser) tokSpan(tk *token.Token, want string) (int, int) {
	s := p.tokOff(tk)
	if x, ok := p.near(s, want); ok {
		return x, x + len(want)
	}
	return s, p.tokEnd(tk, s)
}

// firstTok is the first token of a node, nil if unknown.
func firstTok(n ast.Node) *token.Token {
	switch v := n.(type) {
	case nil:
		return nil
	case *ast.DocumentNode:
		return v.Start
	case *ast.MappingKeyNode:
		return v.Start
	case *ast.TagNode:
		return v.Start
	case *ast.AnchorNode:
		return v.Start
	case *ast.AliasNode:
		return v.Start
	case *ast.LiteralNode:
		return v.Start
	case *ast.MappingValueNode:
		if v.Key != nil {
			return firstTok(v.Key)
		}
		return v.Start
	case *ast.MappingNode:
		if !v.IsFlowStyle && len(v.Values) > 0 {
			return firstTok(v.Values[0])
		}
		return v.Start
	case *ast.SequenceNode:
		return v.Start
	}
	return n.GetToken()
}

func (c *conv) node(n ast.Node, nullAt int) (*Node, int) {
	switch v := n.(type) {
	case nil:
		return c.null(nullAt), 1
	case *ast.NullNode:
		if v == nil || v.Token == nil || v.Token.Type == token.ImplicitNullType {
			return c.null(nullAt), 1
		}
		return c.scalar(v.Token, Null, Plain, v.Token.Value), 1
	case *ast.StringNode:
		if v == nil || v.Token == nil {
			return c.null(nullAt), 1
		}
		if v.Token.Type == token.StringType && strings.Trim(v.Token.Origin, " \t\n") == "" {
			// goccy's placeholder for an empty value (`!!str,` in flow).
			return c.null(nullAt), 1
		}
		style := Plain
		switch v.Token.Type {
		case token.SingleQuoteType:
			style = SingleQuoted
		case token.DoubleQuoteType:
			style = DoubleQuoted
		}
		return c.scalar(v.Token, Scalar, style, v.Value), 1
	case *ast.IntegerNode:
		return c.tokScalar(v.Token, nullAt)
	case *ast.FloatNode:
		return c.tokScalar(v.Token, nullAt)
	case *ast.BoolNode:
		return c.tokScalar(v.Token, nullAt)
	case *ast.InfinityNode:
		return c.tokScalar(v.Token, nullAt)
	case *ast.NanNode:
		return c.tokScalar(v.Token, nullAt)
	case *ast.MergeKeyNode:
		return c.tokScalar(v.Token, nullAt)
	case *ast.LiteralNode:
		if v == nil || v.Start == nil {
			return c.null(nullAt), 1
		}
		return c.block(v), 1
	case *ast.MappingNode:
		if v == nil {
			return c.null(nullAt), 1
		}
		return c.mapping(v.Values, v)
	case *ast.MappingValueNode:
		if v == nil {
			return c.null(nullAt), 1
		}
		return c.mapping([]*ast.MappingValueNode{v}, nil)
	case *ast.MappingKeyNode:
		if v == nil {
			return c.null(nullAt), 1
		}
		at := nullAt
		if v.Start != nil {
			_, at = c.p.tokSpan(v.Start, "?")
		}
		return c.node(v.Value, at)
	case *ast.SequenceNode:
		if v == nil {
			return c.null(nullAt), 1
		}
		return c.sequence(v)
	case *ast.AnchorNode:
		if v == nil {
			return c.null(nullAt), 1
		}
		return c.anchor(v, nullAt)
	case *ast.AliasNode:
		if v == nil || v.Start == nil {
			return c.null(nullAt), 1
		}
		return c.alias(v)
	case *ast.TagNode:
		if v == nil || v.Start == nil {
			return c.null(nullAt), 1
		}
		return c.tag(v)
	}
	return c.null(nullAt), 1
}

func (c *conv) tokScalar(tk *token.Token, nullAt int) (*Node, int) {
	if tk == nil {
		return c.null(nullAt), 1
	}
	return c.scalar(tk, Scalar, Plain, tk.Value), 1
}

// block converts a `|` or `>` scalar: the span runs from the indicator to
// the end of the last content line.
func (c *conv) block(v *ast.LiteralNode) *Node {
	p := c.p
	s, e := p.tokSpan(v.Start, v.Start.Value)
	style := Literal
	if v.Start.Type == token.FoldedType {
		style = Folded
	}
	value := ""
	if v.Value != nil {
		value = v.Value.Value
		if ct := v.Value.Token; ct != nil {
			line := p.lineOf(s)
			if t := strings.TrimRight(ct.Origin, " \t\n"); t != "" && line+1 < len(p.starts) {
				cs := p.starts[line+1]
				if hasAt(p.buf, cs, t) {
					e = cs + len(t)
				} else if i := strings.LastIndexByte(t, '\n'); i >= 0 {
					// Fall back on the last content line.
					last := t[i+1:]
					if j := strings.Index(string(p.buf[cs:]), last); j >= 0 {
						e = cs + j + len(last)
					}
				}
			}
		}
	}
	c.end(e)
	return &Node{Kind: Scalar, Style: style, Value: value, Span: p.span(s, e)}
}

func (c *conv) anchor(v *ast.AnchorNode, nullAt int) (*Node, int) {
	p := c.p
	name := ""
	at := nullAt
	if v.Name != nil {
		if tk := v.Name.GetToken(); tk != nil {
			name = tk.Value
			_, at = p.tokSpan(tk, name)
		}
	} else if v.Start != nil {
		_, at = p.tokSpan(v.Start, "&")
	}
	c.end(at)
	n, size := c.node(v.Value, at)
	n.Anchor = name
	if name != "" {
		if c.anchors == nil {
			c.anchors = make(map[string]anchorDef)
		}
		c.anchors[name] = anchorDef{n: n, size: size}
	}
	return n, size
}

func (c *conv) alias(v *ast.AliasNode) (*Node, int) {
	p := c.p
	s, e := p.tokSpan(v.Start, "*")
	name := ""
	if v.Value != nil {
		if tk := v.Value.GetToken(); tk != nil {
			name = tk.Value
			_, e = p.tokSpan(tk, name)
		}
	}
	c.end(e)
	sp := p.span(s, e)
	def, ok := c.anchors[name]
	if !ok {
		p.errs = append(p.errs, Error{Span: sp, Message: fmt.Sprintf("undefined alias %q", name)})
		return &Node{Kind: Null, Span: sp}, 1
	}
	if c.expanded+def.size > maxExpansion {
		if !c.bomb {
			c.bomb = true
			p.errs = append(p.errs, Error{Span: sp, Message: fmt.Sprintf("aliases expand to more than %d nodes; further aliases are ignored", maxExpansion)})
		}
		return &Node{Kind: Null, Span: sp}, 1
	}
	c.expanded += def.size
	cp := *def.n
	cp.Span = sp
	cp.Anchored = def.n
	cp.Anchor = ""
	cp.Comment = ""
	cp.tail = 0
	return &cp, def.size
}

func (c *conv) tag(v *ast.TagNode) (*Node, int) {
	p := c.p
	_, at := p.tokSpan(v.Start, v.Start.Value)
	c.end(at)
	n, size := c.node(v.Value, at)
	n.Tag = v.Start.Value
	if n.Kind == Null && n.Anchored == nil && (n.Tag == "!!str" || n.Tag == "tag:yaml.org,2002:str") {
		n.Kind = Scalar
		n.tail = 0
	}
	return n, size
}

type mergeSrc struct {
	at   int // index in the explicit pairs the merged ones go before
	from *Node
}

func (c *conv) mapping(values []*ast.MappingValueNode, m *ast.MappingNode) (*Node, int) {
	p := c.p
	out := &Node{Kind: Mapping}
	start := -1
	if m != nil && m.IsFlowStyle {
		out.Flow = true
		c.flow++
		defer func() { c.flow-- }()
		if m.Start != nil {
			start = p.locate(m.Start)
			c.end(start + 1)
		}
	}
	size := 1
	pairs := make([]*Pair, 0, len(values))
	var merges []mergeSrc
	for _, mv := range values {
		if mv == nil {
			continue
		}
		ks := -1
		if tk := firstTok(mv.Key); tk != nil {
			ks = p.locate(tk)
		} else if mv.Start != nil {
			ks = p.locate(mv.Start)
		}
		if start < 0 {
			start = ks
		}
		lead := ""
		if ks >= 0 {
			lead = c.leading(ks)
		}
		_, isMerge := mv.Key.(*ast.MergeKeyNode)
		var key *Node
		var n int
		if mv.Key == nil {
			key, n = c.null(max(ks, 0)), 1
		} else {
			key, n = c.node(mv.Key, max(ks, 0))
		}
		size += n
		nullAt := c.lastEnd
		colonEnd := -1
		if mv.Start != nil && mv.Start.Type == token.MappingValueType {
			_, colonEnd = p.tokSpan(mv.Start, ":")
			nullAt = colonEnd
			c.end(colonEnd)
		}
		value, n := c.node(mv.Value, nullAt)
		size += n
		// Comments: above the key on the key; on the line of a scalar value
		// on the value; after the colon of a block collection on the key.
		if value.isBlockCollection() {
			if colonEnd >= 0 {
				lead = joinComment(lead, c.trailing(colonEnd))
			}
		} else if value.Comment == "" {
			value.Comment = c.trailing(c.lastEnd)
		}
		if lead != "" && key.Comment == "" {
			key.Comment = lead
		}
		if isMerge {
			merges = append(merges, mergeSrc{at: len(pairs), from: value})
			continue
		}
		pairs = append(pairs, &Pair{Key: key, Value: value})
	}
	c.checkDuplicates(pairs)
	if len(merges) > 0 {
		pairs = c.merge(pairs, merges)
	}
	out.Pairs = pairs
	var closer *token.Token
	if m != nil {
		closer = m.End
	}
	c.finishCollection(out, start, closer, "}")
	return out, size
}

// finishCollection sets a collection's span: from start (or its end when
// empty) to its last child, or to the closing bracket of a flow collection.
func (c *conv) finishCollection(out *Node, start int, closer *token.Token, bracket string) {
	end := c.lastEnd
	if out.Flow && closer != nil {
		_, end = c.p.tokSpan(closer, bracket)
		c.end(end)
	}
	if start < 0 {
		start = end
	}
	out.Span = c.p.span(start, end)
}

func (n *Node) isBlockCollection() bool {
	return (n.Kind == Mapping || n.Kind == Sequence) && !n.Flow && n.Anchored == nil
}

func (c *conv) checkDuplicates(pairs []*Pair) {
	if len(pairs) < 2 {
		return
	}
	dup := func(i int) bool {
		k := pairs[i].Key
		if k.Kind != Scalar && k.Kind != Null {
			return false
		}
		for _, q := range pairs[:i] {
			if q.Key.Value == k.Value && (q.Key.Kind == Scalar || q.Key.Kind == Null) {
				return true
			}
		}
		return false
	}
	var seen map[string]bool
	if len(pairs) > 16 {
		seen = make(map[string]bool, len(pairs))
	}
	for i, pr := range pairs {
		k := pr.Key
		if k.Kind != Scalar && k.Kind != Null {
			continue
		}
		isDup := false
		if seen != nil {
			isDup = seen[k.Value]
			seen[k.Value] = true
		} else {
			isDup = dup(i)
		}
		if isDup {
			c.p.errs = append(c.p.errs, Error{Span: k.Span, Message: fmt.Sprintf("duplicate key %q", k.Value), Duplicate: true})
		}
	}
}

// merge expands merge keys: the pairs of the merged mappings go where the
// `<<` pair was, except for keys the mapping defines itself or that an
// earlier merged mapping already provided.
func (c *conv) merge(pairs []*Pair, merges []mergeSrc) []*Pair {
	explicit := make(map[string]bool, len(pairs))
	for _, pr := range pairs {
		if pr.Key.Kind == Scalar || pr.Key.Kind == Null {
			explicit[pr.Key.Value] = true
		}
	}
	seen := make(map[string]bool)
	out := make([]*Pair, 0, len(pairs)+8)
	var emit func(src *Node, top bool)
	emit = func(src *Node, top bool) {
		switch src.Kind {
		case Mapping:
			for _, q := range src.Pairs {
				if q.Key.Kind == Scalar || q.Key.Kind == Null {
					if explicit[q.Key.Value] || seen[q.Key.Value] {
						continue
					}
					seen[q.Key.Value] = true
				}
				out = append(out, &Pair{Key: q.Key, Value: q.Value, Merged: true})
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
			c.p.errs = append(c.p.errs, Error{Span: src.Span, Message: "merge key value must be a mapping or a list of mappings"})
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
	return out
}

func (c *conv) sequence(v *ast.SequenceNode) (*Node, int) {
	p := c.p
	out := &Node{Kind: Sequence, Flow: v.IsFlowStyle}
	start := -1
	if v.Start != nil {
		start = p.locate(v.Start)
	}
	if out.Flow {
		c.flow++
		defer func() { c.flow-- }()
		if start >= 0 {
			c.end(start + 1)
		}
	}
	size := 1
	out.Items = make([]*Node, 0, len(v.Values))
	for i, item := range v.Values {
		dash := -1
		if i < len(v.Entries) && v.Entries[i] != nil && v.Entries[i].Start != nil &&
			v.Entries[i].Start.Type == token.SequenceEntryType {
			dash = p.locate(v.Entries[i].Start)
		}
		nullAt := c.lastEnd
		lead := ""
		if dash >= 0 {
			if start < 0 {
				start = dash
			}
			lead = c.leading(dash)
			nullAt = dash + 1
			c.end(nullAt)
		} else if start < 0 {
			if tk := firstTok(item); tk != nil {
				start = p.locate(tk)
			}
		}
		n, sz := c.node(item, nullAt)
		size += sz
		if !n.isBlockCollection() {
			lead = joinComment(lead, c.trailing(c.lastEnd))
		} else if dash >= 0 {
			lead = joinComment(lead, c.trailing(dash+1))
		}
		if lead != "" && n.Comment == "" {
			n.Comment = lead
		}
		out.Items = append(out.Items, n)
	}
	c.finishCollection(out, start, v.End, "]")
	return out, size
}

// leading is the block of comment lines directly above the line of local
// offset s, when s is the first thing on its line (after `- `/`? `).
func (c *conv) leading(s int) string {
	p := c.p
	line := p.lineOf(s)
	for i := p.starts[line]; i < s; i++ {
		switch p.buf[i] {
		case ' ', '\t', '-', '?':
		default:
			return ""
		}
	}
	var lines []string
	for l := line - 1; l >= 0 && p.starts[l] >= c.lastEnd; l-- {
		t := bytes.TrimLeft(p.buf[p.starts[l]:p.lineEnd(l)], " \t")
		if len(t) == 0 || t[0] != '#' {
			break
		}
		lines = append(lines, commentText(string(t)))
	}
	if len(lines) == 0 {
		return ""
	}
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	return strings.Join(lines, "\n")
}

// trailing is the comment after local offset e on its line.
func (c *conv) trailing(e int) string {
	p := c.p
	if e < 0 || e > len(p.buf) {
		return ""
	}
	le := p.lineEnd(p.lineOf(e))
	i := e
	for i < le && (p.buf[i] == ' ' || p.buf[i] == '\t') {
		i++
	}
	if i < le && p.buf[i] == '#' && (i == 0 || i > e || p.buf[i-1] == ' ' || p.buf[i-1] == '\t' || p.buf[i-1] == '\n') {
		return commentText(string(p.buf[i:le]))
	}
	return ""
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
