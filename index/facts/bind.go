package facts

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// anyValue describes free-form values (property values, metadata, …).
var anyValue = &grammar.Value{Kind: grammar.AnyValue}

// Bind walks a parsed file once along the grammar and records its facts.
// src is the text tree was parsed from; lang is the file's language as the
// index judged it (a file imported by a TOSCA file is read as TOSCA even
// without a version, and is told it lacks one); setting chooses the
// processors a TOSCA file is read for.
func Bind(path, src string, tree *syntax.File, lang grammar.Language, setting grammar.ProcessorSetting) *Facts {
	f, _ := bind(path, src, tree, lang, setting, false, nil)
	return f
}

// Scratch is where the binder grows a file's tables, reused from one file
// to the next (one per worker): each file then allocates its tables once,
// at their size, instead of every size they grew through, which the
// collector had to take back and which left the heap of a workspace's
// index fragmented.
type Scratch struct {
	entities []Entity
	fields   []Field
	values   []Value
	refs     []Ref
	calls    []Call
	// sized is set for a scratch made for one file (SizedLike): its tables
	// become the file's own, not copied; frames is the room its frames
	// are made with.
	sized  bool
	frames int
	// entries is the room of the binder's stack of entries.
	entries []walked
}

// SizedLike is a scratch for one file, its tables made with room for the
// rows of prev (the previous version of the same document, whose frames
// were prevFrames) and a little more: a keystroke changes them little, so
// each table is allocated once, at about its size, instead of through
// every size it grows through and then copied at its size.
func SizedLike(prev *Facts, prevFrames Frames) *Scratch {
	if prev == nil {
		return nil
	}
	return &Scratch{
		entities: roomFor[Entity](len(prev.Entities)),
		fields:   roomFor[Field](len(prev.Fields)),
		values:   roomFor[Value](len(prev.Values)),
		refs:     roomFor[Ref](len(prev.Refs)),
		calls:    roomFor[Call](len(prev.Calls)),
		sized:    true,
		frames:   len(prevFrames) + len(prevFrames)/spare,
	}
}

// spare is the share of room a sized table is made with beyond its
// previous rows (1/spare), and the most spare room a table is kept with.
const spare = 32

func roomFor[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, 0, n+n/spare+8)
}

// BindIn is Bind growing the tables in scratch.
func BindIn(path, src string, tree *syntax.File, lang grammar.Language, setting grammar.ProcessorSetting, scratch *Scratch) *Facts {
	f, _ := bind(path, src, tree, lang, setting, false, scratch)
	return f
}

// BindOpen is Bind for a document open in the editor: it also records the
// grammar frame of every node of the tree, which position features read.
// sized, if not nil, is a scratch made by SizedLike for this file alone.
func BindOpen(path, src string, tree *syntax.File, lang grammar.Language, setting grammar.ProcessorSetting, sized *Scratch) (*Facts, Frames) {
	return bind(path, src, tree, lang, setting, true, sized)
}

// Frame is what the binder knew about a node of the tree: the grammar value
// it was read as, the keyname whose value (or key) it is, the innermost
// entity around it and the innermost declaration.
type Frame struct {
	Value  *grammar.Value
	Key    *grammar.Key
	Entity ID
	Owner  ID
}

// Frames maps the nodes of an open document's tree to their frames.
type Frames map[*syntax.Node]Frame

func bind(path, src string, tree *syntax.File, lang grammar.Language, setting grammar.ProcessorSetting, withFrames bool, scratch *Scratch) (*Facts, Frames) {
	if setting == "" {
		setting = grammar.ProcessorAuto
	}
	f := &Facts{Path: path, Src: src, Lang: lang, Versions: grammar.All, Setting: setting}
	if scratch != nil {
		f.Entities, f.Fields, f.Values = scratch.entities[:0], scratch.fields[:0], scratch.values[:0]
		f.Refs, f.Calls = scratch.refs[:0], scratch.calls[:0]
	}
	b := &binder{f: f, tree: tree}
	if scratch != nil {
		b.entries = scratch.entries[:0]
		defer func() { scratch.entries = b.entries[:0] }()
	}
	if withFrames {
		b.frames = make(Frames, scratch.framesRoom())
	}
	b.syntaxDiagnostics()
	root := tree.Root()
	switch lang {
	case grammar.Heat, grammar.HeatEnv, grammar.CSARMeta:
		b.bindDialect(root, lang)
	case grammar.TOSCA:
		version := root.Get(grammar.ToscaVersionKey).Text()
		f.Dialect = grammar.DialectOf(lang, version)
		if f.Dialect != nil && f.Dialect.Modelled {
			f.Versions = f.Dialect.Grammar
			b.lenient = f.Dialect.Lenient
			b.base = f.Versions
			f.Processors = readFor(setting, b.base, root)
			for _, p := range f.Processors {
				f.Versions |= p.Grammar
			}
			b.others = othersOf(f, b.base)
		}
		b.v = f.Versions
		b.rootEntity(root, lang)
		foreign := grammar.ForeignLanguage(version)
		switch {
		case f.Dialect == nil && foreign != "":
			// Another language: one error says so, and nothing else is read.
			p := root.GetPair(grammar.ToscaVersionKey)
			b.report(p.Value.Span, diag.Error, diag.InvalidVersion,
				diag.Sprintf("%q is a version of %s, not of TOSCA: this file is not read (a folder scan skips it)", version, foreign))
			b.quiet = true
		case f.Dialect != nil && !f.Dialect.Modelled:
			// Its own keynames are not described: the names it declares are
			// recorded (for navigation), but checking it against plain TOSCA
			// would only produce false errors.
			if p := root.GetPair(grammar.ToscaVersionKey); p != nil {
				b.report(p.Value.Span, diag.Information, diag.UnmodelledDialect,
					f.Dialect.Title+" files are checked for YAML and imports only; their own keynames are not described yet")
			}
			b.quiet = true
		default:
			b.checkVersion(root)
		}
		if root != nil && !(f.Dialect == nil && foreign != "") {
			b.scriptlets = b.scriptletNames(root)
			b.walkFile(root, lang)
		}
		f.Entities[Root].End = ID(len(f.Entities))
		f.Form = b.form
		b.imports()
		f.Profile = f.FieldText(Root, grammar.KeyProfile)
	}
	f.trim(scratch)
	f.ExportHash = f.exportHash()
	return f, b.frames
}

// TooLarge records a file that is kept but not parsed.
func TooLarge(path, src string, lang grammar.Language, limit int) *Facts {
	f := &Facts{Path: path, Src: src, Lang: lang, Versions: grammar.All}
	end := strings.IndexAny(src, "\r\n")
	if end < 0 {
		end = len(src)
	}
	f.Diags = []Diagnostic{{Span: Span{0, uint32(end)}, Severity: diag.Warning, Code: diag.FileTooLarge,
		Message: fmt.Sprintf("the file is larger than %d MB and is not analysed", limit>>20)}}
	f.ExportHash = f.exportHash()
	return f
}

type binder struct {
	f    *Facts
	tree *syntax.File
	v    grammar.Versions
	form grammar.Form
	// quiet suppresses grammar diagnostics (dialects not described).
	quiet bool
	// lenient makes grammar problems warnings (dialects not fully described).
	lenient bool
	// frames, when set, records the frame of every node walked.
	frames Frames
	// base is the grammar of the file's version, without its processors'.
	base grammar.Versions
	// scriptlets are the functions the file declares as scriptlets;
	// others the processors that could read it and do not (othersOf).
	scriptlets map[string]bool
	others     []*grammar.Processor
	// decoded are the texts of scalars that differ from their source, by
	// node (an alias's is its anchor's): each is copied once, however many
	// times it is read.
	decoded map[*syntax.Node]string
	// entries is walkEntity's stack of the entries it walks.
	entries []walked
}

func (b *binder) frame(n *syntax.Node, val *grammar.Value, key *grammar.Key, c walkCtx) {
	if b.frames != nil && n != nil {
		b.frames[n] = Frame{Value: val, Key: key, Entity: c.entity, Owner: c.owner}
	}
}

// walkCtx is what the walker knows about where it is.
type walkCtx struct {
	// entity is the innermost entity, owner the innermost declaring one.
	entity, owner ID
	// key is the keyname whose value is walked; keyNode where it is written.
	key     *grammar.Key
	keyNode *syntax.Node
	// name is the entry name when the value of a named entry is walked.
	name   *syntax.Node
	merged bool
	// member is the entry of a type's section around (a property definition
	// of a node type, …), or None; refining is set inside what always
	// refines (Key.Refines): keynames mandatory only for new definitions
	// may then be left out.
	member   ID
	refining bool
	// ops are the operators of the expression being walked (nil: the
	// intrinsic functions of the file's version).
	ops []*grammar.Function
	// listEntry is set while the value of an entry of a named list written
	// as a list is walked (where a Value.Wrapper may be its entity).
	listEntry bool
	// opaque is set inside the argument of an opaque function
	// (grammar.Function.Opaque): nothing there is a call.
	opaque bool
}

// text is a scalar node's value, as a substring of the facts' source when
// it is written as is (no copy is kept), else as decoded.
func (b *binder) text(n *syntax.Node) string {
	s, _ := b.sourceText(n)
	return s
}

// sourceText is text, and whether it differs from what is written at the
// node (an alias, a quoted or escaped scalar). An alias's text is its
// anchor's, kept once however many aliases name it: a name of a megabyte
// named by thousands of aliases is still one string.
func (b *binder) sourceText(n *syntax.Node) (string, bool) {
	if s := n.Span; n.Anchored == nil && s.Start >= 0 && s.End <= len(b.f.Src) && b.f.Src[s.Start:s.End] == n.Value {
		return b.f.Src[s.Start:s.End], false
	}
	if t, ok := b.decoded[n]; ok {
		return t, true
	}
	var t string
	if n.Anchored != nil {
		t, _ = b.sourceText(n.Anchored)
	} else {
		t = strings.Clone(n.Value)
	}
	if b.decoded == nil {
		b.decoded = map[*syntax.Node]string{}
	}
	b.decoded[n] = t
	return t, true
}

// refSpan is the span of a name a reference writes, its decoded text kept
// aside when it differs from the source (a quoted name, an alias).
func (b *binder) refSpan(n *syntax.Node) Span {
	if t, differs := b.sourceText(n); differs {
		if b.f.refNames == nil {
			b.f.refNames = map[uint32]string{}
		}
		b.f.refNames[uint32(n.Span.Start)] = t
	}
	return span(n.Span)
}

func (b *binder) report(s text.Span, sev diag.Severity, code, msg string) *Diagnostic {
	b.f.Diags = append(b.f.Diags, Diagnostic{Span: span(s), Severity: sev, Code: code, Message: msg})
	return &b.f.Diags[len(b.f.Diags)-1]
}

// problem reports a grammar problem, unless the dialect is not described.
func (b *binder) problem(s text.Span, code, msg string) *Diagnostic {
	if b.quiet {
		return &Diagnostic{}
	}
	return b.report(s, b.severity(), code, msg)
}

// severity is that of a grammar problem: an error, a warning in a dialect
// not fully described.
func (b *binder) severity() diag.Severity {
	if b.lenient {
		return diag.Warning
	}
	return diag.Error
}

func (b *binder) syntaxDiagnostics() {
	for _, e := range b.tree.Errors {
		code, sev := diag.YAMLSyntax, diag.Error
		switch {
		case e.Duplicate:
			code = diag.DuplicateKey
		case e.Lenient:
			sev = diag.Warning
		}
		b.report(e.Span, sev, code, e.Message)
	}
	if len(b.tree.Docs) > 1 && b.f.Lang == grammar.TOSCA {
		for _, d := range b.tree.Docs[1:] {
			if d.Root != nil {
				b.report(d.Span, diag.Warning, diag.MultipleDocuments, "only the first YAML document of a TOSCA file is read; this document is ignored")
			}
		}
	}
}

func (b *binder) checkVersion(root *syntax.Node) {
	if root == nil || root.Kind != syntax.Mapping {
		return
	}
	p := root.GetPair(grammar.ToscaVersionKey)
	if p == nil {
		s := root.Span
		if len(root.Pairs) > 0 {
			s = root.Pairs[0].Key.Span
		}
		b.report(s, diag.Error, diag.InvalidVersion, grammar.ToscaVersionKey+" is missing: it must be the first key")
		return
	}
	if root.Pairs[0] != p {
		b.report(p.Key.Span, diag.Error, diag.InvalidVersion, grammar.ToscaVersionKey+" must be the first key of the file")
	}
	if b.f.Dialect == nil {
		known := grammar.ModelledVersions()
		d := b.report(p.Value.Span, diag.Error, diag.InvalidVersion, diag.Sprintf("unknown TOSCA version %q; expected one of %s", p.Value.Text(), strings.Join(known, ", ")))
		d.Suggestions = diag.Suggest(p.Value.Text(), known)
		if p.Value.IsNull() {
			d.Span = span(p.Key.Span)
		}
	}
}

// newEntity appends an entity for node n described by e.
func (b *binder) newEntity(n *syntax.Node, e *grammar.Entity, c walkCtx, short bool) ID {
	id := ID(len(b.f.Entities))
	ent := Entity{g: entityG(e.Num(), short, c.merged), key: c.key.Num(), Parent: c.entity, End: id + 1, Span: span(n.Span), firstField: int32(len(b.f.Fields))}
	if c.name != nil {
		ent.Name, ent.NameSpan = b.text(c.name), span(c.name.Span)
	}
	b.f.Entities = append(b.f.Entities, ent)
	if b.frames != nil {
		inner := b.enter(c, id, e, c.name != nil)
		fr := b.frames[n]
		fr.Entity, fr.Owner = id, inner.owner
		b.frames[n] = fr
		if c.name != nil {
			b.frames[c.name] = Frame{Value: fr.Value, Key: c.key, Entity: id, Owner: inner.owner}
		}
	}
	return id
}

// closeEntity records where an entity's subtree ends.
func (b *binder) closeEntity(id ID) { b.f.Entities[id].End = ID(len(b.f.Entities)) }

// enter makes the context of an entity's content.
func (b *binder) enter(c walkCtx, id ID, e *grammar.Entity, named bool) walkCtx {
	if named && c.member == None && c.owner != None && c.entity == c.owner {
		if k := b.f.Entities[c.owner].G().Declares; k.IsType() || k == grammar.NodeTemplate {
			// An entry of one of the type's sections, or of a node
			// template's (an artifact its type may define).
			c.member = id
		}
	}
	c.entity = id
	if named && e.Declares != grammar.NoRef {
		c.owner = id
	}
	c.name, c.key, c.keyNode, c.merged, c.listEntry = nil, nil, nil, false, false
	return c
}

func (b *binder) addField(k *grammar.Key, keyNode *syntax.Node, n *syntax.Node, c walkCtx) {
	fl := Field{key: k.Num()}
	if keyNode != nil {
		ks := span(keyNode.Span)
		fl.keyStart = ks.Start
		if n := ks.End - ks.Start; n < longKey {
			fl.keyLen = uint16(n)
		} else {
			fl.keyLen = longKey
			if b.f.longKeys == nil {
				b.f.longKeys = map[uint32]uint32{}
			}
			b.f.longKeys[ks.Start] = ks.End
		}
	}
	// An entity's fields run from its firstField to the next entity's: the
	// field is the last entity's (an entity's sub-entities are made once
	// its fields are added, when the values of its other keynames are
	// walked; TestFieldsFollowTheirEntity).
	b.f.Fields = append(b.f.Fields, fl)
	idx := len(b.f.Fields) - 1
	if k != nil {
		if ops := expressionOps(k.Value); ops != nil {
			c.ops = ops
		}
	}
	b.f.Fields[idx].Value = b.value(n, c)
}

// expressionOps are the operators of an expression value, or of the
// expressions a list holds (Variability4TOSCA's constraints, implications).
func expressionOps(v *grammar.Value) []*grammar.Function {
	for v != nil && v.Kind == grammar.ListOfValue {
		v = v.Elem
	}
	if v != nil && v.Kind == grammar.ExpressionValue {
		return v.Ops
	}
	return nil
}

func (b *binder) walk(n *syntax.Node, val *grammar.Value, c walkCtx) {
	if n == nil || val == nil {
		return
	}
	b.frame(n, val, c.key, c)
	if n.Kind == syntax.Null {
		if val.Kind == grammar.EntityValue && c.name != nil {
			// `web:` with nothing yet still declares its name.
			id := b.newEntity(n, val.Entity, c, false)
			b.closeEntity(id)
		}
		return
	}
	if n.Kind == syntax.Scalar && val.Kind != grammar.AnyValue && isCallString(n.Value, b.v) {
		return // a call without arguments (2.0 §10.1): its value is not known here
	}
	if short := val.ShortFor(b.v); short != nil {
		switch {
		case val.Kind == grammar.EntityValue && len(val.Entity.Keys) == 0:
			// An entity that is only ever written as a value (a named
			// expression, a Heat condition).
			b.walkShort(n, val, short, c)
			return
		case val.Wrapper && !(c.listEntry && wraps(n, val.Entity, b.v)):
			b.walkShort(n, val, short, c)
			return
		case b.isFunctionCall(n):
			b.walkShort(n, val, short, c)
			return
		case n.Kind == syntax.Scalar && (val.Kind == grammar.EntityValue || val.Kind == grammar.MapOfValue || val.Kind == grammar.NamedListValue),
			n.Kind == syntax.Sequence && (val.Kind == grammar.EntityValue || val.Kind == grammar.MapOfValue),
			n.Kind == syntax.Mapping && val.Kind == grammar.ListOfValue, // one item of a list
			n.Kind == syntax.Mapping && val.ShortMap && !wraps(n, val.Entity, b.v):
			b.walkShort(n, val, short, c)
			return
		}
	}
	switch val.Kind {
	case grammar.AnyValue:
	case grammar.StringValue:
		b.expectScalar(n, val, "a string")
	case grammar.BoolValue:
		if b.expectScalar(n, val, "true or false") && !isBool(n.Value) {
			b.problem(n.Span, diag.WrongValueShape, diag.Sprintf("expected true or false, found %q", n.Value))
		}
	case grammar.IntValue:
		if !b.expectScalar(n, val, "an integer") || b.v.Has(grammar.V2Final) && grammar.IsCallString(n.Value) {
			break // a call, `$node_index`
		}
		switch i, ok := grammar.ParseInteger(n.Value); {
		case !isInt(n.Value):
			b.problem(n.Span, diag.WrongValueShape, diag.Sprintf("expected an integer, found %q", n.Value))
		case val.NonNegative && ok && i < 0:
			b.problem(n.Span, diag.WrongValueShape, diag.Sprintf("expected a non-negative integer, found %q", n.Value))
		}
	case grammar.NumberValue:
		if b.expectScalar(n, val, "a number") && !isNumber(n.Value) {
			b.problem(n.Span, diag.WrongValueShape, diag.Sprintf("expected a number, found %q", n.Value))
		}
	case grammar.RangeValue:
		if (n.Kind != syntax.Sequence || len(n.Items) != 2) && !b.isFunctionCall(n) {
			b.problem(n.Span, diag.WrongValueShape, "expected a range: a list of two bounds such as [0, UNBOUNDED]")
		}
	case grammar.MapValue:
		if n.Kind != syntax.Mapping {
			b.shape(n, "a map")
		} else if len(val.Prefixed) > 0 {
			b.prefixed(n, val, c)
		}
	case grammar.ListValue:
		if n.Kind != syntax.Sequence {
			b.shape(n, "a list")
		}
	case grammar.RefValue:
		if n.Kind != syntax.Scalar {
			// A reference may have a longer notation (`node: [ template, index ]`).
			if short := val.ShortFor(b.v); short != nil {
				b.walk(n, short, c)
				return
			}
			b.shape(n, "a name")
			return
		}
		b.reference(n, val.Ref, c)
	case grammar.EntityValue:
		b.walkEntity(n, val.Entity, c)
	case grammar.MapOfValue:
		if n.Kind != syntax.Mapping {
			b.shape(n, "a map of names to definitions")
			return
		}
		for _, p := range n.Pairs {
			b.keyRef(p, val, c)
			b.walkEntry(p, val.Elem, c)
		}
	case grammar.ListOfValue:
		if n.Kind != syntax.Sequence {
			b.shape(n, "a list")
			return
		}
		if len(val.Items) > 0 {
			// A list of fixed length, each item with its own shape.
			if len(n.Items) != len(val.Items) {
				b.shape(n, fmt.Sprintf("a list of %d items", len(val.Items)))
				return
			}
			for i, item := range n.Items {
				b.walk(item, val.Items[i], c)
			}
			return
		}
		for _, item := range n.Items {
			b.walk(item, val.Elem, c)
		}
	case grammar.NamedListValue:
		switch {
		case n.Kind == syntax.Sequence:
			for _, item := range n.Items {
				if item.Kind != syntax.Mapping || len(item.Pairs) != 1 {
					b.shape(item, "a single-entry map `name: definition`")
					continue
				}
				b.keyRef(item.Pairs[0], val, c)
				entry := c
				entry.listEntry = true
				b.walkEntry(item.Pairs[0], val.Elem, entry)
			}
		case n.Kind == syntax.Mapping && val.AlsoMap:
			for _, p := range n.Pairs {
				b.keyRef(p, val, c)
				b.walkEntry(p, val.Elem, c)
			}
		default:
			b.shape(n, "a list of single-entry maps `- name: definition`")
		}
	}
}

// walkShort records an entity written in its short notation (or computed
// by a function): the value is the field its short notation stands for.
func (b *binder) walkShort(n *syntax.Node, val, short *grammar.Value, c walkCtx) {
	e := val.Entity
	if e == nil {
		// A map of definitions given as one value (no entity of its own).
		b.walk(n, short, c)
		return
	}
	id := b.newEntity(n, e, c, true)
	sk := grammar.ShortKey(e, short, b.v)
	inner := b.enter(c, id, e, c.name != nil)
	if short.Kind == grammar.ExpressionValue {
		inner.ops = short.Ops
	}
	b.addField(sk, nil, n, inner)
	if !b.isCall(n, inner) {
		inner.key = sk
		b.walk(n, short, inner)
	}
	b.closeEntity(id)
}

// walkEntry walks one named entry of a map (or named list).
func (b *binder) walkEntry(p *syntax.Pair, elem *grammar.Value, c walkCtx) {
	if elem == nil {
		return
	}
	c.name, c.merged = p.Key, p.Merged
	b.walk(p.Value, elem, c)
}

func (b *binder) walkEntity(n *syntax.Node, e *grammar.Entity, c walkCtx) {
	if n.Kind != syntax.Mapping {
		if c.name != nil {
			// The entry still declares its name (while it is being typed).
			b.closeEntity(b.newEntity(n, e, c, false))
		}
		b.shape(n, "a map of "+e.Name+" keynames")
		return
	}
	var id ID
	if c.entity == None {
		id = Root
	} else {
		id = b.newEntity(n, e, c, false)
	}
	inner := b.enter(c, id, e, c.name != nil)
	// Fields first, so that an entity's fields are contiguous; then the
	// values of the keynames, which may hold entities of their own. The
	// entries to walk are pushed on the binder's stack, which the walk of
	// their values grows above them and gives back.
	base := len(b.entries)
	for _, p := range n.Pairs {
		k, sec := e.KeyAssigning(p.Key.Value, b.v)
		if k == nil {
			if extra := e.ExtraFor(b.v); extra != nil {
				b.extraEntry(p, e, inner)
				b.entries = append(b.entries, walked{p, nil, nil})
				continue
			}
			if other, proc := b.additionKey(e, p.Key.Value); other != nil {
				if !p.Merged {
					b.addition(p.Key, proc, false, diag.UnknownKeyname,
						diag.Sprintf("%q is %s's keyname of %s, not one of %s", p.Key.Value, proc.Title, e.Name, b.versionName()))
				}
				k = other
			} else {
				if !p.Merged {
					b.unknownKey(p.Key, e)
				}
				if e == grammar.ImportDef && e.Extra != nil {
					// A named import where the version no longer allows one is
					// still followed, so its names do not turn into errors too.
					b.entries = append(b.entries, walked{p, nil, nil})
				}
				continue
			}
		}
		b.noteForm(k)
		b.excludedKeys(n, k, p.Key, e)
		b.frame(p.Key, nil, k, inner)
		if !holdsEntities(k.Value, p.Value, b.v) {
			b.addField(k, p.Key, p.Value, inner)
		}
		b.entries = append(b.entries, walked{p, k, sec})
	}
	end := len(b.entries)
	for i := base; i < end; i++ {
		w := b.entries[i]
		v := b.v
		if w.k != nil && w.k.In&b.v == 0 {
			// The addition of a processor that does not read the file
			// (additionKey): its value is walked in the processor's grammar.
			b.v |= w.k.In & grammar.VProcessors
		}
		if w.k == nil {
			if extra := e.ExtraFor(b.v); extra != nil {
				b.walkEntry(w.p, extra, inner)
			} else {
				quiet := b.quiet
				b.quiet = true
				b.walkEntry(w.p, e.Extra, inner)
				b.quiet = quiet
			}
			b.v = v
			continue
		}
		kc := inner
		kc.key, kc.keyNode, kc.merged = w.k, w.p.Key, w.p.Merged
		kc.refining = inner.refining || w.k.Refines
		if w.p.Value.Kind == syntax.Null && !w.p.Merged {
			b.nullKeyname(w.p, w.k)
		}
		b.walk(w.p.Value, w.k.Value, kc)
		if w.sec != nil {
			b.memberRefs(w.p, w.k, w.sec, inner)
		}
		b.v = v
	}
	b.entries = b.entries[:base]
	b.missingKeys(n, e, c, inner, id)
	if id != Root {
		b.closeEntity(id)
	}
}

// walked is an entry of a mapping walkEntity walks, with its keyname (nil
// for one walked as an extra entry) and the section of the entity's type
// whose members the keyname assigns (grammar.AssignedSection).
type walked struct {
	p      *syntax.Pair
	k, sec *grammar.Key
}

// nullKeyname reports a keyname written without a value: an error where
// a name, a text, a number or a truth value goes (`type:`, `description:`),
// and where a map or a list does (`node_types:`, `outputs:`): null is none
// of them, and no valid file of the real-world gate writes one. A value
// that may be anything (a default) may be null. On a line with a syntax
// error the value is missing because recovery blanked it: the syntax error
// says it.
func (b *binder) nullKeyname(p *syntax.Pair, k *grammar.Key) {
	if b.quiet || k.Name == grammar.ToscaVersionKey || b.brokenYAML(text.Span{Start: p.Key.Span.Start, End: p.Key.Span.Start}) {
		return
	}
	switch k.Value.Kind {
	case grammar.AnyValue:
	case grammar.MapOfValue, grammar.MapValue, grammar.EntityValue:
		b.problem(p.Key.Span, diag.WrongValueShape, fmt.Sprintf("`%s` has no value: give it a map or leave it out", k.Name))
	case grammar.ListOfValue, grammar.ListValue, grammar.NamedListValue:
		b.problem(p.Key.Span, diag.WrongValueShape, fmt.Sprintf("`%s` has no value: give it a list or leave it out", k.Name))
	default:
		b.report(p.Key.Span, diag.Error, diag.WrongValueShape, fmt.Sprintf("`%s` has no value: expected %s", k.Name, expectedScalar(k.Value)))
	}
}

// expectedScalar names what a scalar keyname takes, for messages.
func expectedScalar(v *grammar.Value) string {
	switch v.Kind {
	case grammar.BoolValue:
		return "true or false"
	case grammar.IntValue:
		return "an integer"
	case grammar.NumberValue:
		return "a number"
	case grammar.RangeValue:
		return "a range such as [0, UNBOUNDED]"
	case grammar.RefValue:
		return "a " + v.Ref.String() + " name"
	}
	return "a string"
}

// holdsEntities reports whether the value of a keyname is recorded as
// entities of its own (definitions, a nested entity) rather than as a field.
func holdsEntities(val *grammar.Value, n *syntax.Node, v grammar.Versions) bool {
	switch val.Kind {
	case grammar.EntityValue:
		return true
	case grammar.MapOfValue, grammar.ListOfValue, grammar.NamedListValue:
		if val.ShortFor(v) != nil && n != nil && n.Kind == syntax.Scalar {
			return false
		}
		return val.Elem != nil && holdsEntities(val.Elem, nil, v)
	}
	return false
}

// memberRefs records the names an entity assigns from its type's members
// (a template's properties, requirements, interfaces, …), and the
// operations of the interfaces it assigns.
func (b *binder) memberRefs(p *syntax.Pair, k, sec *grammar.Key, c walkCtx) {
	for _, entry := range namedEntries(p.Value) {
		flags := RefMember
		if entry.Merged {
			flags |= refMerged
		}
		b.f.Refs = append(b.f.Refs, Ref{Kind: grammar.MemberKind(k.Name), Span: b.refSpan(entry.Key),
			Entity: c.entity, Owner: c.owner, slot: sec.Num(), Flags: flags, link: -1})
		if k.Name != grammar.SectionInterfaces || entry.Value.Kind != syntax.Mapping {
			continue
		}
		parent := int32(len(b.f.Refs) - 1)
		ops := entry.Value.Get(grammar.KeyOperations)
		if ops == nil {
			ops = entry.Value
		}
		opSection := grammar.TypeSection(grammar.InterfaceType, grammar.SectionOperations)
		for _, op := range namedEntries(ops) {
			if grammar.InterfaceAssign.Key(op.Key.Value, b.v) != nil {
				continue // a keyname of the assignment, not an operation
			}
			b.f.Refs = append(b.f.Refs, Ref{Kind: grammar.NoRef, Span: b.refSpan(op.Key),
				Entity: c.entity, Owner: c.owner, slot: opSection.Num(), Flags: RefMember | refInMember, link: parent})
		}
	}
}

// maxArg is the last position of an argument a reference records: those
// after it read as at it (as when positions were 16-bit signed).
const maxArg = 1<<15 - 1

// refMerged marks a member reference that came from a YAML merge key: its
// problems are reported where the anchored block is written.
const refMerged RefFlags = 1 << 7

// Merged reports whether the reference came from a YAML merge key.
func (r *Ref) Merged() bool { return r.Flags&refMerged != 0 }

// namedEntries reads a map, or a list of single-entry maps, as pairs.
func namedEntries(n *syntax.Node) []*syntax.Pair {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case syntax.Mapping:
		return n.Pairs
	case syntax.Sequence:
		var out []*syntax.Pair
		for _, item := range n.Items {
			if item.Kind == syntax.Mapping && len(item.Pairs) == 1 {
				out = append(out, item.Pairs[0])
			}
		}
		return out
	}
	return nil
}

// reference records a name the grammar says refers to something.
func (b *binder) reference(n *syntax.Node, kind grammar.RefKind, c walkCtx) {
	r := Ref{Kind: kind, Span: b.refSpan(n), Entity: c.entity, Owner: c.owner, slot: c.key.Num(), link: -1}
	if b.brokenYAML(n.Span) {
		r.Flags |= RefBroken
	}
	b.f.Refs = append(b.f.Refs, r)
}

func (b *binder) noteForm(k *grammar.Key) {
	if b.v.Has(grammar.V2) {
		b.noteFormMarker(k.FormMarker())
	}
}

func (b *binder) noteFormMarker(m grammar.Form) { b.form = b.form.Merge(m) }

func (b *binder) unknownKey(key *syntax.Node, e *grammar.Entity) {
	if b.quiet || b.brokenYAML(key.Span) {
		return
	}
	msg, sugg := UnknownKeyname(e, key.Value, b.v, b.versionName(), nil)
	d := b.report(key.Span, b.severity(), diag.UnknownKeyname, msg)
	d.Suggestions = sugg
}

// UnknownKeyname says that name is no keyname of e in versions v (of the
// version called version), with the keynames (and other names) it may be
// a misspelling of.
func UnknownKeyname(e *grammar.Entity, name string, v grammar.Versions, version string, others []string) (string, []string) {
	var names []string
	replacement := ""
	for _, k := range e.KeysIn(v) {
		names = append(names, k.Name)
		if k.Replaces == name {
			replacement = k.Name // a keyname of a draft another replaced (units, unit_symbol_map)
		}
	}
	msg := diag.Sprintf("unknown keyname %q in %s", name, e.Name)
	if e.AnyKey(name) != nil {
		msg = diag.Sprintf("keyname %q of %s does not exist in %s", name, e.Name, version)
	}
	sugg := diag.Suggest(name, append(names, others...))
	if home := e.ExtraHome(v); replacement != "" {
		msg += diag.Sprintf(": %q replaces it", replacement)
		sugg = []string{replacement}
	} else if home != "" {
		// Written the way older versions allowed (an operation directly
		// under an interface): say where it belongs now.
		msg = diag.Sprintf("%q is not a keyname of %s: before TOSCA 1.3 entries like it were written directly here, in %s they go under `%s:`", name, e.Name, version, home)
		sugg = nil
	} else if len(sugg) > 0 {
		msg += diag.Sprintf("; did you mean %q?", sugg[0])
	}
	return msg, sugg
}

func (b *binder) versionName() string { return b.f.VersionName() }

// VersionName is how messages name the file's version.
func (f *Facts) VersionName() string {
	if f.Dialect == nil {
		return "this TOSCA version"
	}
	return f.Dialect.Version
}

// missingKeys reports the mandatory keynames entity id (described by e,
// walked in context c, its content in inner) lacks. Those mandatory only
// for new definitions are waived inside what always refines, and left to
// the model (facts.Refinements) inside an entry of a type's section: the
// entry may refine one the type inherits.
func (b *binder) missingKeys(n *syntax.Node, e *grammar.Entity, c, inner walkCtx, id ID) {
	var missing, newOnly []string
	for _, k := range e.RequiredKeys() {
		// A missing version is an invalid-version (checkVersion).
		if !k.Required.Has(b.v) || n.GetPair(k.Name) != nil || anyPresent(n, k.RequiredUnless) || k.Name == grammar.ToscaVersionKey {
			continue
		}
		switch {
		case !k.NewOnly:
			missing = append(missing, k.Name)
		case inner.refining:
		case inner.member != None:
			newOnly = append(newOnly, k.Name)
		default:
			missing = append(missing, k.Name)
		}
	}
	s := n.Span
	switch {
	case c.name != nil:
		s = c.name.Span
	case c.keyNode != nil:
		s = c.keyNode.Span
	case c.entity == None && len(n.Pairs) > 0:
		s = n.Pairs[0].Key.Span // the file itself: its first line
	}
	if len(newOnly) > 0 && !b.quiet {
		b.f.Refinements = append(b.f.Refinements, Refinement{Member: inner.member, Entity: id, Keys: newOnly, Span: span(s)})
	}
	if len(missing) > 0 {
		b.problem(s, diag.MissingKeyname, MissingMessage(e, missing))
	}
}

// MissingMessage says which mandatory keynames an entity lacks.
func MissingMessage(e *grammar.Entity, missing []string) string {
	word := "keyname"
	if len(missing) > 1 {
		word = "keynames"
	}
	return fmt.Sprintf("%s is missing the mandatory %s %s", e.Name, word, quoteAll(missing))
}

// excludedKeys reports keyname k written together with a sibling it
// excludes: an import's `profile` with `url` or `repository` (2.0 §6.8.1),
// `service_template` in a file that defines a `profile` (§6.7.1).
func (b *binder) excludedKeys(n *syntax.Node, k *grammar.Key, key *syntax.Node, e *grammar.Entity) {
	for _, other := range k.Excludes {
		if n.GetPair(other) != nil {
			b.problem(key.Span, diag.UnknownKeyname, diag.Sprintf("%q cannot be used together with %q in %s", k.Name, other, e.Name))
		}
	}
}

// anyPresent reports whether n has one of the keynames that waive a
// mandatory one (a node template made with `copy` takes its type from the copy).
func anyPresent(n *syntax.Node, names []string) bool {
	for _, name := range names {
		if n.GetPair(name) != nil {
			return true
		}
	}
	return false
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

func (b *binder) expectScalar(n *syntax.Node, val *grammar.Value, what string) bool {
	if n.Kind == syntax.Scalar {
		if !val.Allows(n.Value) {
			var d *Diagnostic
			if val.Open {
				// The specification does not close the list: a warning.
				d = b.report(n.Span, diag.Warning, diag.WrongValueShape, diag.Sprintf("%q is not one of the values the specification names (%s)", n.Value, strings.Join(val.Enum, ", ")))
				if b.quiet {
					b.f.Diags = b.f.Diags[:len(b.f.Diags)-1]
				}
			} else {
				d = b.problem(n.Span, diag.WrongValueShape, diag.Sprintf("%q is not one of %s", n.Value, strings.Join(val.Enum, ", ")))
			}
			d.Suggestions = diag.Suggest(n.Value, val.Enum)
		}
		return true
	}
	if !b.isFunctionCall(n) {
		b.shape(n, what)
	}
	return false
}

func (b *binder) shape(n *syntax.Node, want string) {
	if b.brokenYAML(n.Span) {
		return // the syntax error says it: a shape read from broken text adds noise
	}
	b.problem(n.Span, diag.WrongValueShape, fmt.Sprintf("expected %s, found %s", want, describe(n)))
}

// brokenYAML reports whether a YAML syntax error lies on the lines of span:
// what the parser recovered there is being typed, and problems read from it
// (a shape, an unknown keyname, an unknown name) would only add noise.
func (b *binder) brokenYAML(s text.Span) bool {
	if len(b.tree.Errors) == 0 {
		return false
	}
	lines := b.tree.Lines
	first, last := lines.Line(s.Start), lines.Line(s.End)
	for _, e := range b.tree.Errors {
		if !e.Duplicate && !e.Lenient {
			if l := lines.Line(e.Span.Start); l >= first && l <= last {
				return true
			}
		}
	}
	return false
}

func describe(n *syntax.Node) string {
	switch n.Kind {
	case syntax.Mapping:
		return "a map"
	case syntax.Sequence:
		return "a list"
	case syntax.Scalar:
		return diag.Sprintf("%q", n.Value)
	}
	return "nothing"
}

func isBool(s string) bool {
	switch s {
	case "true", "false", "True", "False", "TRUE", "FALSE":
		return true
	}
	return false
}

func isInt(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" {
		return false
	}
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0o") {
		return len(s) > 2
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isNumber(s string) bool {
	if isInt(s) {
		return true
	}
	switch strings.ToLower(s) {
	case ".inf", "-.inf", "+.inf", ".nan":
		return true
	}
	var f float64
	_, err := fmt.Sscanf(s, "%g", &f)
	return err == nil && !strings.ContainsAny(s, " \t")
}

// callPair is the pair of a call naming its function: the one pair of a
// single-entry map naming a function of v, or the pair of a function whose
// calls take keys beside it (grammar.Function.Siblings); nil for a map
// that is no call.
func callPair(n *syntax.Node, v grammar.Versions) *syntax.Pair {
	if n == nil || n.Kind != syntax.Mapping || len(n.Pairs) == 0 {
		return nil
	}
	if len(n.Pairs) == 1 {
		if isFunctionName(n.Pairs[0].Key.Value, v) {
			return n.Pairs[0]
		}
		return nil
	}
	sib := siblingCalls()
	if !v.Has(sib.in) {
		return nil // no such function in v: the keys need not be read
	}
	for _, p := range n.Pairs {
		for _, name := range sib.names {
			if p.Key.Value == name && grammar.FunctionNamed(name, v) != nil {
				return p
			}
		}
	}
	return nil
}

// siblingCalls are the names of the functions whose calls take keys beside
// theirs, and the versions that have any, made once every init has added
// its functions: a handful, compared with the keys of every mapping of
// several entries a file of those versions holds instead of a lookup of
// each key among all the functions.
var siblingCalls = sync.OnceValue(func() (sib struct {
	names []string
	in    grammar.Versions
}) {
	for _, fn := range grammar.Functions {
		if len(fn.Siblings) > 0 {
			sib.names = append(sib.names, fn.Name)
			sib.in |= fn.In
		}
	}
	return sib
})

func isFunctionName(name string, v grammar.Versions) bool {
	return isCallString(name, v) || grammar.IsFunctionName(name, v)
}

// isCallString reports whether s names a final 2.0 function: `$name`, but
// not the escaped literal `$$name` (§10.1). As a key it is a call with
// arguments, as a string value a call without.
func isCallString(s string, v grammar.Versions) bool {
	return v.Has(grammar.V2Final) && grammar.IsCallString(s)
}

// value stores n (and everything below it) as a Value, recording the
// function calls it holds.
func (b *binder) value(n *syntax.Node, c walkCtx) ValueID {
	id := ValueID(len(b.f.Values))
	b.f.Values = append(b.f.Values, Value{})
	b.fill(id, n, c)
	return id
}

// fill writes the value at slot id, then its children at the end of the
// table, so that every collection's children are contiguous.
func (b *binder) fill(id ValueID, n *syntax.Node, c walkCtx) {
	if _, walked := b.frames[n]; b.frames != nil && !walked {
		b.frame(n, anyValue, c.key, c)
	}
	var call *syntax.Pair
	first, children := int32(len(b.f.Values)), 0
	switch n.Kind {
	case syntax.Scalar:
		// A quoted, escaped or folded value is read again from the source
		// when asked (see Text); a copy is kept only of those the source
		// alone does not give (an alias, a block scalar keeping trailing
		// lines): the DMTF set's folded descriptions were 35 MB of copies.
		if !syntax.Decodes(b.f.Src, n, len(b.tree.Errors) == 0) {
			t, _ := b.sourceText(n)
			if b.f.decoded == nil {
				b.f.decoded = map[uint32]string{}
			}
			b.f.decoded[uint32(id)] = t
		}
	case syntax.Mapping:
		// A call is stored as a one-entry map (name, arguments): the keys
		// beside a function that takes some are checked, not stored.
		call = b.callOf(n, c)
		children = 2 * len(n.Pairs)
		if call != nil {
			children = 2
		}
	case syntax.Sequence:
		children = len(n.Items)
	}
	// The parser's limits keep a collection far below maxChildren; were
	// one larger, what lies past it is left out rather than miscounted.
	if children > maxChildren {
		children = maxChildren
		if n.Kind == syntax.Mapping {
			children &^= 1 // pairs
		}
	}
	for range children {
		b.f.Values = append(b.f.Values, Value{})
	}
	b.f.Values[id] = Value{Span: span(n.Span), First: first,
		bits: valueBits(n.Kind, n.Style, n.Flow, n.Tag != "", children)}
	switch n.Kind {
	case syntax.Mapping:
		if call != nil {
			b.fill(ValueID(first), call.Key, c)
			b.call(n, call, ValueID(first+1), c)
			return
		}
		for i, p := range n.Pairs[:children/2] {
			b.fill(ValueID(first)+ValueID(2*i), p.Key, c)
			b.fill(ValueID(first)+ValueID(2*i+1), p.Value, c)
		}
	case syntax.Sequence:
		for i, item := range n.Items[:children] {
			b.fill(ValueID(first)+ValueID(i), item, c)
		}
	}
}

// call records a function call n, named by its pair p, whose arguments go
// to slot args.
func (b *binder) call(n *syntax.Node, p *syntax.Pair, args ValueID, c walkCtx) {
	name := p.Key.Value
	fn := b.functionNamed(name, c)
	b.siblings(n, p, fn)
	if strings.HasPrefix(name, "$") {
		b.noteFormMarker(grammar.FormFinal)
	} else if b.v.Has(grammar.V2Draft) {
		b.noteFormMarker(grammar.FormDraft)
	}
	ci := int32(len(b.f.Calls))
	b.f.Calls = append(b.f.Calls, Call{Name: b.text(p.Key), Fn: fn, NameSpan: span(p.Key.Span), Span: span(n.Span), Args: args, Owner: c.owner, Entity: c.entity})
	if fn != nil && fn.Opaque {
		c.opaque = true
	}
	b.fill(args, p.Value, c)
	list := []*syntax.Node{p.Value}
	if p.Value.Kind == syntax.Sequence {
		list = p.Value.Items
	}
	if fn == nil || fn.Opaque || len(fn.Params) == 0 || !b.pathCallFits(p, fn, list) {
		return
	}
	for i, arg := range list {
		if i >= len(fn.Params) && !fn.Variadic || arg.Kind != syntax.Scalar {
			continue
		}
		p := &fn.Params[min(i, len(fn.Params)-1)]
		// A keyword or an index instead of a name (the entity keywords of
		// get_property and of TOSCA paths stay references, which resolve
		// as keywords).
		if p.Ref != grammar.ModelableEntity && !p.Path && slices.Contains(p.Keywords, arg.Value) || p.Index && isInt(arg.Value) {
			continue
		}
		switch r := p.Ref; r {
		case grammar.Input, grammar.ModelableEntity, grammar.NodeTemplate, grammar.NodeType,
			grammar.Output, grammar.Group, grammar.Policy, grammar.RelationshipType, grammar.GroupType, grammar.PolicyType,
			grammar.VariabilityInput, grammar.VariabilityExpression, grammar.HeatParameter, grammar.HeatResource, grammar.HeatCondition:
			b.f.Refs = append(b.f.Refs, Ref{Kind: r, Span: b.refSpan(arg), Entity: c.entity, Owner: c.owner, link: ci, slot: uint16(min(i, maxArg)), Flags: refInCall})
		}
	}
}

// siblings reports the keys beside a function's in the map of its call
// that the function does not take (Unfurl's eval takes vars, select, …).
func (b *binder) siblings(n *syntax.Node, p *syntax.Pair, fn *grammar.Function) {
	if fn == nil || len(n.Pairs) < 2 {
		return
	}
	for _, other := range n.Pairs {
		if other != p && !slices.Contains(fn.Siblings, other.Key.Value) && !b.quiet {
			d := b.report(other.Key.Span, diag.Warning, diag.WrongArguments,
				diag.Sprintf("%q is no keyword of `%s` (it takes %s beside it)", other.Key.Value, fn.Name, quoteAll(fn.Siblings)))
			d.Suggestions = diag.Suggest(other.Key.Value, fn.Siblings)
		}
	}
}

// pathCallFits checks a call of a function whose arguments start with a
// TOSCA path (final 2.0 §10.3): the path starts with SELF or a template
// name (HOST is gone, SOURCE and TARGET follow SELF), and the arguments
// after it are those §10.2.1 gives the function. It reports what does not
// fit and whether the call is worth resolving further.
func (b *binder) pathCallFits(p *syntax.Pair, fn *grammar.Function, args []*syntax.Node) bool {
	if len(fn.Params) == 0 || !fn.Params[0].Path {
		return true
	}
	if len(args) > 0 && args[0].Kind == syntax.Scalar && grammar.IsEntityKeyword(args[0].Value) && !slices.Contains(fn.Params[0].Keywords, args[0].Value) {
		// SOURCE, TARGET and HOST started the paths of 1.x and the 2020
		// draft; puccini and the TC's 2.0 profiles still write them with
		// `$` functions: a warning, and the path is not judged further.
		first := args[0]
		msg := diag.Sprintf("%q starts the path as in the 2020 draft: a final 2.0 TOSCA path starts with SELF or a template name, [ SELF, %s, … ] (§10.3)", first.Value, first.Value)
		if first.Value == grammar.KeywordHost {
			msg = "HOST starts the path as in the 2020 draft: final 2.0 has no HOST; a TOSCA path starts with SELF or a template name, [ SELF, RELATIONSHIP, host, TARGET, … ] (§10.3)"
		}
		if !b.quiet {
			b.report(first.Span, diag.Warning, diag.WrongValueShape, msg)
		}
		return false
	}
	words := make([]grammar.PathArg, len(args))
	for i, a := range args {
		words[i] = grammar.PathArg{Word: a.Value, Computed: a.Kind != syntax.Scalar || isCallString(a.Value, b.v)}
	}
	if !fn.MatchArgs(words) {
		path := "the TOSCA path of 2.0 §10.3"
		if ends := fn.Params[0].Ends; len(ends) > 0 {
			names := make([]string, len(ends))
			for i, e := range ends {
				names[i] = e.String()
			}
			path += " leading to a " + strings.Join(names, " or ")
		}
		b.problem(p.Value.Span, diag.WrongValueShape, fmt.Sprintf("the arguments do not fit `%s`, with %s", fn.Signature(), path))
	}
	return true
}

// imports turns the import definitions into what the index links.
func (b *binder) imports() {
	f := b.f
	// The table is made at its size: the files of a profile set import
	// a dozen files each, and grown an entry at a time, then trimmed, it
	// was made several times over (a tenth of the DMTF set's allocation).
	n := 0
	for id := range f.Entities {
		if isImport(&f.Entities[id]) {
			n++
		}
	}
	if n == 0 {
		return
	}
	f.Imports = make([]Import, 0, n)
	for id := range f.Entities {
		e := &f.Entities[id]
		if !isImport(e) {
			continue
		}
		src := ID(id)
		if !f.hasImportTarget(src) {
			// 1.0/1.1 named import: `- name: {file: …}` or `- name: path`.
			for child := src + 1; child < e.End; child++ {
				if f.Entities[child].G() == grammar.ImportDef && f.Entities[child].Parent == src {
					src = child
					break
				}
			}
		}
		imp := Import{Entity: ID(id)}
		for _, fl := range f.FieldsOf(src) {
			if fl.Key() == nil {
				continue
			}
			val := f.Values[fl.Value]
			if val.Kind() != syntax.Scalar {
				continue
			}
			txt := f.Text(fl.Value)
			switch {
			case fl.Key().Value.Kind == grammar.RefValue && fl.Key().Value.Ref == grammar.ImportURL:
				imp.URL, imp.Target = txt, val.Span
			case fl.Key().Value.Kind == grammar.RefValue && fl.Key().Value.Ref == grammar.ProfileName:
				imp.Profile, imp.Target = txt, val.Span
			case fl.Key().Value.Kind == grammar.RefValue && fl.Key().Value.Ref == grammar.Repository:
				imp.Repository, imp.RepoSpan = txt, val.Span
			case fl.Key().Name == grammar.KeyNamespace || fl.Key().Name == grammar.KeyNamespacePrefix:
				imp.Namespace, imp.NSpan = txt, val.Span
			}
		}
		f.Imports = append(f.Imports, imp)
	}
}

// isImport reports whether e is an entry of the file's `imports`.
func isImport(e *Entity) bool { return e.G() == grammar.ImportDef && e.Parent == Root }

// isFunctionCall reports whether n is a call of a function of the file's
// versions or of a scriptlet function it declares.
func (b *binder) isFunctionCall(n *syntax.Node) bool { return b.callOf(n, walkCtx{}) != nil }

func (f *Facts) hasImportTarget(id ID) bool {
	for _, fl := range f.FieldsOf(id) {
		if fl.Key() != nil && fl.Key().Value.Kind == grammar.RefValue && (fl.Key().Value.Ref == grammar.ImportURL || fl.Key().Value.Ref == grammar.ProfileName) {
			return true
		}
	}
	return false
}

func (s *Scratch) framesRoom() int {
	if s == nil {
		return 0
	}
	return s.frames
}

// trim drops the spare capacity of the tables: facts live as long as the file.
func (f *Facts) trim(scratch *Scratch) {
	if scratch != nil && scratch.sized {
		f.Entities, f.Fields, f.Values = roomy(f.Entities), roomy(f.Fields), roomy(f.Values)
		f.Refs, f.Calls = roomy(f.Refs), roomy(f.Calls)
	} else {
		shared := scratch != nil
		if !shared {
			scratch = &Scratch{}
		}
		f.Entities = kept(f.Entities, &scratch.entities, shared)
		f.Fields = kept(f.Fields, &scratch.fields, shared)
		f.Values = kept(f.Values, &scratch.values, shared)
		f.Refs = kept(f.Refs, &scratch.refs, shared)
		f.Calls = kept(f.Calls, &scratch.calls, shared)
	}
	f.Imports = trimmed(f.Imports)
	f.Diags = trimmed(f.Diags)
	f.Refinements = trimmed(f.Refinements)
}

// kept is trimmed for a table grown in *scratch when shared, which keeps
// the room for the next file: the table is then always copied.
func kept[T any](s []T, scratch *[]T, shared bool) []T {
	if !shared {
		return trimmed(s)
	}
	*scratch = s[:0]
	if len(s) == 0 {
		return nil
	}
	return copyOf(s)
}

// roomy is trimmed for a table made by SizedLike: kept as made unless it
// grew past its room (then its spare room could be as large as it).
func roomy[T any](s []T) []T {
	if cap(s)-len(s) <= len(s)/spare+8 {
		return s
	}
	return trimmed(s)
}

func trimmed[T any](s []T) []T {
	if cap(s) == len(s) {
		return s
	}
	if len(s) == 0 {
		return nil
	}
	return copyOf(s)
}

// copyOf is a copy of s at its size. Appended to no table, the rows of a
// table without pointers (values, fields, references: two thirds of the
// DMTF set's 112 MB of tables) are copied into memory not cleared first,
// as that of a table made at its size is.
func copyOf[T any](s []T) []T { return slices.Clip(append([]T(nil), s...)) }

// exportSeed seeds the export digests, compared within one process only.
var exportSeed = maphash.MakeSeed()

// exportHash digests what importers of the file depend on: its language and
// version, profile name, imports and repositories, and the text and place
// of every type, custom function and custom constraint it declares.
func (f *Facts) exportHash() uint64 {
	var h maphash.Hash
	h.SetSeed(exportSeed)
	var buf [8]byte
	num := func(x uint32) {
		buf[0], buf[1], buf[2], buf[3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
		h.Write(buf[:4])
	}
	str := func(s string) { num(uint32(len(s))); h.WriteString(s) }
	num(uint32(f.Lang))
	if f.Dialect != nil {
		str(f.Dialect.Version)
	}
	num(uint32(f.Versions))
	// The form decides which fallback types the file itself sees.
	num(uint32(f.Form))
	str(f.Profile)
	for _, imp := range f.Imports {
		str(imp.URL)
		str(imp.Profile)
		str(imp.Repository)
		str(imp.Namespace)
	}
	for id := range f.Entities {
		e := &f.Entities[id]
		if e.Parent != Root {
			continue
		}
		k := e.Declares()
		if k.Imported() || k == grammar.Repository || e.G() == grammar.ImportDef {
			num(e.NameSpan.Start)
			num(e.Span.End)
			start, end := e.NameSpan.Start, e.Span.End
			if e.Name == "" {
				start = e.Span.Start
			}
			if int(end) <= len(f.Src) && start <= end {
				str(f.Src[start:end])
			}
		}
	}
	f.heatExports(str)
	return h.Sum64()
}
