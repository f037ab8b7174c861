package outline

import (
	"context"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// TokenType classifies a semantic token.
type TokenType uint8

const (
	// TokenTypeName is a type name (declared or used).
	TokenTypeName TokenType = iota
	// TokenTemplate is a node or relationship template, a group or a policy.
	TokenTemplate
	TokenInput
	// TokenFunction is a function call's name, an operation, a workflow.
	TokenFunction
	// TokenProperty is a member name: property, attribute, requirement,
	// capability, interface, artifact.
	TokenProperty
	// TokenKeyword is a TOSCA keyname or a keyword (SELF, RELATIONSHIP, …).
	TokenKeyword
	// TokenNamespace is a namespace prefix (`my:` in `my:Type`) or a repository.
	TokenNamespace
	// TokenParameter is an output or an operation's input or output.
	TokenParameter
)

// TokenTypes lists every token type, in the order of their values (the
// server's legend follows it).
var TokenTypes = []TokenType{TokenTypeName, TokenTemplate, TokenInput, TokenFunction, TokenProperty, TokenKeyword, TokenNamespace, TokenParameter}

// TokenModifiers is a set of token modifiers.
type TokenModifiers uint8

const (
	// ModDeclaration marks where a name is declared.
	ModDeclaration TokenModifiers = 1 << iota
	// ModDefaultLibrary marks what the embedded profiles and the language provide.
	ModDefaultLibrary
	// ModDeprecated marks a 2020-draft form in a file that uses final TOSCA 2.0.
	ModDeprecated
)

// Modifiers lists every modifier, lowest bit first.
var Modifiers = []TokenModifiers{ModDeclaration, ModDefaultLibrary, ModDeprecated}

// Token is one semantic token; spans never cross lines.
type Token struct {
	Span      text.Span
	Type      TokenType
	Modifiers TokenModifiers
}

// Priorities of the sources of tokens: when two start at one offset, the
// lower wins (a declared name over a keyname, …).
const (
	prioDeclaration = iota
	prioReference
	prioMember
	prioKeyname
)

// SemanticTokens classifies the names of a document open in the editor:
// declared and referenced types (namespace prefixes apart, profile types as
// default library), templates, inputs, function names and the names inside
// function paths, TOSCA keynames, and the member names (properties,
// requirements, operations, …) of types and templates. Tokens are sorted,
// never overlap and never cross a line.
func SemanticTokens(ctx context.Context, v *model.View, path string) []Token {
	u := v.Unit(path)
	if u == nil {
		return nil
	}
	t := &tokenizer{v: v, path: path, f: u.Facts, lines: u.File.Lines(), byStart: map[int]candidateToken{}}
	if u.File.Embedded {
		t.fileLib = ModDefaultLibrary
	}
	t.declarations()
	t.members()
	if ctx.Err() != nil {
		return nil
	}
	t.references()
	if ctx.Err() != nil {
		return nil
	}
	t.calls()
	t.keynames(u)
	return t.result()
}

type candidateToken struct {
	tok  Token
	prio int
}

type tokenizer struct {
	v       *model.View
	path    string
	f       *facts.Facts
	lines   *text.Lines
	fileLib TokenModifiers
	byStart map[int]candidateToken
}

func (t *tokenizer) add(s text.Span, typ TokenType, mods TokenModifiers, prio int) {
	if s.Len() <= 0 || t.lines.Line(s.Start) != t.lines.Line(s.End-1) {
		return
	}
	if c, ok := t.byStart[s.Start]; ok && c.prio <= prio {
		return
	}
	t.byStart[s.Start] = candidateToken{Token{Span: s, Type: typ, Modifiers: mods}, prio}
}

// lib marks what a declaration of an embedded profile provides.
func (t *tokenizer) lib(d model.Decl) TokenModifiers {
	if f := t.v.Snap.File(d.Path); d.Valid() && f != nil && f.Embedded {
		return ModDefaultLibrary
	}
	return 0
}

// name adds the token of a name written at s (quotes apart); a type name's
// namespace prefixes are tokens of their own.
func (t *tokenizer) name(s text.Span, name string, typ TokenType, mods TokenModifiers, prio int) {
	src := t.f.Src
	s = unquoted(src, s)
	if typ != TokenTypeName || !strings.Contains(name, ":") || src[s.Start:s.End] != name {
		t.add(s, typ, mods, prio)
		return
	}
	start := s.Start
	parts := strings.Split(name, ":")
	for i, part := range parts {
		ps := text.Span{Start: start, End: start + len(part)}
		if i < len(parts)-1 {
			t.add(ps, TokenNamespace, 0, prio)
		} else {
			t.add(ps, TokenTypeName, mods, prio)
		}
		start = ps.End + 1
	}
}

// declarations tokens the names the file declares.
func (t *tokenizer) declarations() {
	for id := range t.f.Declarations() {
		e := t.f.Entity(id)
		t.name(e.NameSpan.Text(), e.Name, declToken(e.Declares()), ModDeclaration|t.fileLib, prioDeclaration)
	}
}

// members tokens the names of the member definitions of types
// (properties, requirements, operations, their inputs, …); templates' member
// names are references (tokened when they resolve).
func (t *tokenizer) members() {
	f := t.f
	// owner[id] is the innermost entity around id (itself included) that
	// declares a name; parents come before their children.
	owner := make([]facts.ID, len(f.Entities))
	memberSections := grammar.MemberSections()
	for i := range f.Entities {
		id := facts.ID(i)
		e := f.Entity(id)
		owner[id] = facts.None
		switch {
		case e.Declares() != grammar.NoRef:
			owner[id] = id
			continue
		case e.Parent != facts.None:
			owner[id] = owner[e.Parent]
		}
		if e.Name == "" || owner[id] == facts.None || !f.Entity(owner[id]).Declares().IsType() {
			continue
		}
		typ := TokenProperty
		section := ""
		if e.Key() != nil {
			section = e.Key().Name
		}
		switch {
		case section == "" || section == grammar.SectionOperations || section == grammar.SectionNotifications:
			typ = TokenFunction
		case section == grammar.SectionInputs || section == grammar.SectionOutputs:
			typ = TokenParameter
		case !slices.Contains(memberSections, section):
			continue
		}
		t.add(unquoted(f.Src, e.NameSpan.Text()), typ, ModDeclaration|t.fileLib, prioMember)
	}
}

// memberToken is the token type of a member's name.
func memberToken(section string) TokenType {
	if section == grammar.SectionOperations || section == grammar.SectionNotifications {
		return TokenFunction
	}
	return TokenProperty
}

// references tokens the names the file uses, as they resolve.
func (t *tokenizer) references() {
	f := t.f
	for i := range f.Refs {
		r := &f.Refs[i]
		s := r.Span.Text()
		if isAlias(f.Src, s) {
			continue
		}
		res := t.v.Resolve(t.path, i)
		switch {
		case res.Member != nil:
			t.add(s, memberToken(res.Member.Section), t.lib(res.Member.Definer), prioReference)
		case !res.Target.Valid():
			if grammar.IsEntityKeyword(f.RefName(r)) && (r.Kind == grammar.ModelableEntity || r.Kind == grammar.NodeTemplate) {
				t.add(unquoted(f.Src, s), TokenKeyword, 0, prioReference)
			}
		default:
			t.name(s, f.RefName(r), declToken(t.v.Kind(res.Target)), t.lib(res.Target), prioReference)
		}
	}
}

// calls tokens the function names of calls and the names in their paths,
// as the calls' shapes report them.
func (t *tokenizer) calls() {
	env := shape.NewEnv(t.v, t.path)
	if env == nil {
		return
	}
	src := t.f.Src
	env.CallTokens(func(tok shape.Token) {
		switch tok.Kind {
		case shape.TokenFunction:
			var mods TokenModifiers
			if tok.Fn != nil {
				mods = ModDefaultLibrary | t.deprecated(tok.Fn.FormMarker())
			}
			t.add(tok.Span, TokenFunction, mods, prioReference)
		case shape.TokenMember:
			t.add(unquoted(src, tok.Span), memberToken(tok.Member.Section), t.lib(tok.Member.Definer), prioReference)
		case shape.TokenDecl:
			t.add(unquoted(src, tok.Span), declToken(t.v.Kind(tok.Decl)), 0, prioReference)
		case shape.TokenKeyword:
			t.add(unquoted(src, tok.Span), TokenKeyword, 0, prioReference)
		}
	})
}

// keynames tokens every keyname the binder recognised.
func (t *tokenizer) keynames(u *model.Unit) {
	for key, k := range u.Keynames() {
		t.add(key.Span, TokenKeyword, t.deprecated(k.FormMarker()), prioKeyname)
	}
}

// deprecated flags a 2020-draft form in a file that also uses final 2.0.
func (t *tokenizer) deprecated(form grammar.Form) TokenModifiers {
	if form == grammar.FormDraft && t.f.Versions == grammar.V2 && t.f.Form != grammar.FormDraft {
		return ModDeprecated
	}
	return 0
}

// result sorts the tokens and drops those overlapping the previous one.
func (t *tokenizer) result() []Token {
	out := make([]Token, 0, len(t.byStart))
	for _, c := range t.byStart {
		out = append(out, c.tok)
	}
	slices.SortFunc(out, func(a, b Token) int { return a.Span.Start - b.Span.Start })
	kept := out[:0]
	end := -1
	for _, tok := range out {
		if tok.Span.Start < end {
			continue
		}
		kept = append(kept, tok)
		end = tok.Span.End
	}
	return kept
}

// declToken is the token type of a declared name.
func declToken(k grammar.RefKind) TokenType {
	switch k {
	case grammar.NodeTemplate, grammar.RelationshipTemplate, grammar.Group, grammar.Policy, grammar.HeatResource:
		return TokenTemplate
	case grammar.Input, grammar.VariabilityInput, grammar.HeatParameter:
		return TokenInput
	case grammar.Output, grammar.HeatOutput:
		return TokenParameter
	case grammar.Workflow, grammar.UserFunction, grammar.VariabilityExpression, grammar.HeatCondition:
		return TokenFunction
	case grammar.Repository:
		return TokenNamespace
	}
	return TokenTypeName
}
