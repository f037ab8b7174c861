package facts

import (
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// The parts of the binder that languages other than TOSCA need: the same
// walk along their grammar (Heat templates, CSAR metadata), expressions of
// a dialect's operators, and names that are map keys.

// rootEntity records the entity of the file itself.
func (b *binder) rootEntity(root *syntax.Node, lang grammar.Language) {
	b.f.Entities = append(b.f.Entities, Entity{g: entityG(lang.Root().Num(), false, false), Parent: None, End: 1, firstField: int32(len(b.f.Fields))})
	if root != nil {
		b.f.Entities[Root].Span = span(root.Span)
	}
}

// walkFile walks a whole file along the grammar of its language.
func (b *binder) walkFile(root *syntax.Node, lang grammar.Language) {
	b.walk(root, fileValues()[lang], walkCtx{entity: None, owner: None, member: None})
}

// fileValues are the values a whole file is walked as, by language: one
// each, not one a file.
var fileValues = sync.OnceValue(func() (values [1 << 8]*grammar.Value) {
	for lang := range values {
		if e := grammar.Language(lang).Root(); e != nil {
			values[lang] = &grammar.Value{Kind: grammar.EntityValue, Entity: e}
		}
	}
	return values
})

// bindDialect binds a Heat template or a CSAR's TOSCA.meta.
func (b *binder) bindDialect(root *syntax.Node, lang grammar.Language) {
	f := b.f
	versionKey := lang.VersionKey()
	f.Dialect = grammar.DialectOf(lang, root.Get(versionKey).Text())
	// A template of an unknown Heat version knows every function.
	f.Versions = grammar.HeatAll
	if f.Dialect != nil {
		f.Versions = f.Dialect.Grammar
	}
	b.v = f.Versions
	b.rootEntity(root, lang)
	if lang == grammar.Heat {
		b.checkHeatVersion(root)
	}
	if root != nil {
		b.walkFile(root, lang)
	}
	f.Entities[Root].End = ID(len(f.Entities))
	if lang == grammar.CSARMeta && root != nil {
		b.metaDefinitions(root)
		b.metaCustomNames(root)
	}
}

// checkHeatVersion reports a missing or unknown heat_template_version.
func (b *binder) checkHeatVersion(root *syntax.Node) {
	p := root.GetPair(grammar.HeatVersionKey)
	if p == nil || b.f.Dialect != nil {
		return // a missing one is a missing keyname
	}
	known := grammar.HeatVersionValues()
	d := b.report(p.Value.Span, diag.Error, diag.InvalidVersion,
		diag.Sprintf("unknown Heat template version %q; expected a date or release name such as %s", p.Value.Text(), strings.Join(known[len(known)-4:], ", ")))
	d.Suggestions = diag.Suggest(p.Value.Text(), known)
	if p.Value.IsNull() {
		d.Span = span(p.Key.Span)
	}
}

// keyRef records the key of an entry of a map whose keys name things
// declared elsewhere (grammar.Value.KeyRef).
func (b *binder) keyRef(p *syntax.Pair, val *grammar.Value, c walkCtx) {
	if val.KeyRef != grammar.NoRef {
		b.reference(p.Key, val.KeyRef, c)
	}
}

// isCall reports whether n is a call: of one of the operators of the
// expression being walked, else of a function of the file's version.
func (b *binder) isCall(n *syntax.Node, c walkCtx) bool { return b.callOf(n, c) != nil }

// callOf is the pair naming the function of call n, or nil when n is no
// call where c walks: a map naming an operator of the expression walked,
// else a function of the file's versions or a scriptlet function the file
// declares. Nothing is a call inside an opaque function's argument.
func (b *binder) callOf(n *syntax.Node, c walkCtx) *syntax.Pair {
	switch {
	case c.opaque || n == nil || n.Kind != syntax.Mapping:
		return nil
	case c.ops != nil:
		if len(n.Pairs) == 1 && b.functionNamed(n.Pairs[0].Key.Value, c) != nil {
			return n.Pairs[0]
		}
		return nil
	}
	if p := callPair(n, b.v); p != nil {
		return p
	}
	if len(n.Pairs) == 1 && b.scriptlets[n.Pairs[0].Key.Value] {
		return n.Pairs[0]
	}
	return nil
}

// functionNamed is the function or operator called name where c walks.
func (b *binder) functionNamed(name string, c walkCtx) *grammar.Function {
	if c.ops == nil {
		return grammar.FunctionNamed(name, b.v)
	}
	for _, op := range c.ops {
		if op.Name == name && op.In.Has(b.v) {
			return op
		}
	}
	return nil
}

// metaDefinitions records Entry-Definitions and each file of
// Other-Definitions as imports from the root of the CSAR (the folder
// holding TOSCA-Metadata), so that the index links them like imports.
func (b *binder) metaDefinitions(root *syntax.Node) {
	for _, key := range []string{grammar.MetaEntry, grammar.MetaOther} {
		v := root.Get(key)
		if v == nil || v.Kind != syntax.Scalar {
			continue
		}
		for _, name := range metaFileNames(b.f.Src, v) {
			b.f.Imports = append(b.f.Imports, Import{Entity: Root, URL: "/" + name.text, Target: name.span})
		}
	}
}

type spanned struct {
	text string
	span Span
}

// metaFileNames splits a value into file names at blanks; a name in double
// quotes may hold blanks. Spans are those of the names in the source.
func metaFileNames(src string, v *syntax.Node) []spanned {
	s := src[v.Span.Start:v.Span.End]
	var out []spanned
	for i := 0; i < len(s); {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n':
			i++
		case s[i] == '"':
			end := strings.IndexByte(s[i+1:], '"')
			if end < 0 {
				end = len(s) - i - 1
			}
			start := v.Span.Start + i + 1
			out = append(out, spanned{s[i+1 : i+1+end], Span{uint32(start), uint32(start + end)}})
			i += end + 2
		default:
			end := strings.IndexAny(s[i:], " \t\r\n")
			if end < 0 {
				end = len(s) - i
			}
			start := v.Span.Start + i
			out = append(out, spanned{s[i : i+end], Span{uint32(start), uint32(start + end)}})
			i += end
		}
	}
	return out
}

// metaCustomNames warns about the names of block 0 that the specification
// does not define but that are close to one it does: custom names are
// allowed (§17.2.2), a misspelt keyname is not what the author meant.
func (b *binder) metaCustomNames(root *syntax.Node) {
	var names []string
	for _, k := range grammar.MetaBlock.Keys {
		names = append(names, k.Name)
	}
	for _, p := range root.Pairs {
		if grammar.MetaBlock.Key(p.Key.Value, b.v) != nil {
			continue
		}
		if sugg := diag.Suggest(p.Key.Value, names); len(sugg) > 0 {
			d := b.report(p.Key.Span, diag.Warning, diag.UnknownKeyname,
				diag.Sprintf("%q is not a keyname of the CSAR metadata (a custom name?); did you mean %q?", p.Key.Value, sugg[0]))
			d.Suggestions = sugg
		}
	}
}

// heatExports adds to the export hash what other Heat files see of this
// one: an environment whole (its mappings and parameters), a template's
// parameters, outputs and resource types (its parameters and outputs make
// the type of a provider template, its resource types tell the
// environments it is used with).
func (f *Facts) heatExports(str func(string)) {
	switch f.Lang {
	case grammar.HeatEnv:
		str(f.Src)
	case grammar.Heat:
		for id := range f.Declarations() {
			e := &f.Entities[id]
			switch e.Declares() {
			case grammar.HeatParameter:
				str(f.Src[e.NameSpan.Start:max(e.NameSpan.End, e.Span.End)])
			case grammar.HeatOutput:
				str(e.Name)
			case grammar.HeatResource:
				str(f.FieldText(id, grammar.KeyType))
			}
		}
	}
}

// wraps reports whether n is a mapping holding one of e's keynames: a
// Value.Wrapper entry (or a Value.ShortMap value) written as e rather than
// as its short notation.
func wraps(n *syntax.Node, e *grammar.Entity, v grammar.Versions) bool {
	if n == nil || n.Kind != syntax.Mapping {
		return false
	}
	for _, p := range n.Pairs {
		if e.Key(p.Key.Value, v) != nil {
			return true
		}
	}
	return false
}

// HeatMappingTarget is what a mapping of a Heat resource registry maps its
// name onto ("" for a null, which removes the mapping).
func (f *Facts) HeatMappingTarget(id ID) string {
	if fl := f.FieldsOf(id); len(fl) > 0 {
		return f.Text(fl[0].Value)
	}
	return ""
}

// HeatMappingOf is the mapping of name among an entity's mappings (a
// registry, or one resource's entry in it): exact, or the longest glob
// (`OS::Networking::*`) that matches; None if there is none.
func (f *Facts) HeatMappingOf(id ID, name string) ID {
	best, bestLen := None, -1
	for c := range f.Children(id) {
		e := f.Entity(c)
		if e.G() != grammar.HeatMappingDef {
			continue
		}
		if e.Name == name {
			return c
		}
		if prefix, ok := strings.CutSuffix(e.Name, "*"); ok && strings.HasPrefix(name, prefix) && len(prefix) > bestLen {
			best, bestLen = c, len(prefix)
		}
	}
	return best
}
