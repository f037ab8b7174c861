// Package complete proposes what may be written at a position of a TOSCA
// document, or of one of its dialects (a Heat template, a CSAR's
// TOSCA.meta), and describes the function call around it (signature
// help). Both read the same context: where the cursor is in the
// document's tree, the grammar frame the binder recorded there, and what the
// model says about the types around it.
//
// Results are plain structs with byte spans; the server maps them to LSP.
package complete

import (
	"bytes"
	"context"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Kind is what an item names.
type Kind uint8

const (
	// KindKeyname is a keyname of the grammar.
	KindKeyname Kind = iota + 1
	// KindProperty is a property, attribute, input or data type field.
	KindProperty
	KindCapability
	KindRequirement
	KindInterface
	KindOperation
	KindNotification
	KindArtifact
	// KindType is a node, relationship, group or policy type;
	// KindDataType, KindCapabilityType, KindInterfaceType and
	// KindArtifactType the other kinds of type.
	KindType
	KindDataType
	KindCapabilityType
	KindInterfaceType
	KindArtifactType
	// KindTemplate is a node or relationship template.
	KindTemplate
	// KindName is another name of the file: an input, a group, a policy …
	KindName
	// KindEnum is one of the values a keyname or data type allows.
	KindEnum
	// KindBool is true or false.
	KindBool
	KindFunction
	// KindKeyword is a reserved word (SELF, CAPABILITY …).
	KindKeyword
	KindProfile
	KindFile
	KindFolder
	// KindSnippet writes a whole construct (a new node template).
	KindSnippet
)

// isName reports the kinds of items that insert a name (of a type, a
// template, a member, a profile …), which is a string wherever it is
// written: quoted where the plain text would read as something else.
func (k Kind) isName() bool {
	switch k {
	case KindKeyname, KindEnum, KindBool, KindFunction, KindKeyword, KindSnippet:
		return false
	}
	return true
}

// Item is one proposal.
type Item struct {
	Label  string
	Kind   Kind
	Detail string
	// Documentation is markdown.
	Documentation string
	// Edit replaces the word being typed; its NewText is a snippet (tab
	// stops `$0`, placeholders `${1:x}`) when Snippet is set.
	Edit    model.TextEdit
	Snippet bool
	// SortText orders items (lower first); FilterText is matched against
	// what was typed.
	SortText   string
	FilterText string
	Deprecated bool
}

// Complete proposes what may be written at offset in the open document at
// path: keynames, type and template names, member names of a template's
// type, function names and their arguments, enumerated values, import paths
// and profile names — and in the dialects the names of the file (Heat
// parameters and resources, variability inputs and expressions), operators,
// resource types and CSAR metadata. Items come sorted by SortText.
//
// editorLang is the language the editor gave the document (grammar.NotModel
// when it gave none tosca-ls knows): a document whose text does not tell
// its language yet (an empty one) is read in it, TOSCA by default.
//
// Multi-line insertions are snippets whose continuation lines are indented
// relative to the line the completion starts on (LSP insertTextMode
// adjustIndentation, which editors apply to snippets by default).
func Complete(ctx context.Context, v *model.View, path string, offset int, editorLang grammar.Language) List {
	if ctx.Err() != nil {
		return List{}
	}
	r := newRequest(v, path, offset, editorLang)
	if r == nil {
		return List{}
	}
	r.complete()
	slices.SortStableFunc(r.items, func(a, b Item) int { return strings.Compare(a.SortText, b.SortText) })
	list := r.narrowed()
	if r.needs {
		// Written only for the types offered in the end (a thousand
		// names through imports narrow to a few as letters are typed).
		for i := range list.Items {
			if it := &list.Items[i]; it.Kind == KindType {
				r.withNeeds(it, r.v.Lookup(r.u.Path, grammar.NodeType, it.Label))
			}
		}
	}
	return list
}

// List is what Complete proposes. Incomplete is set when a long list was
// narrowed to what the typed word can still match: the editor asks again
// as the word changes instead of filtering the list itself.
type List struct {
	Items      []Item
	Incomplete bool
}

// longList is the length from which a list is narrowed: a thousand type
// names through imports cost more to encode and send than to find, and an
// editor shows a handful of them once a few letters are typed.
const longList = 100

// narrowed keeps, of a long list, the items whose filter text (or label)
// holds the typed word's characters in order, in any case: a superset of
// what editors' fuzzy filters keep, so no item the editor would show is
// lost. Items replacing another span than the word are kept.
func (r *request) narrowed() List {
	if len(r.items) <= longList || r.typed == "" {
		return List{Items: r.items}
	}
	typed := strings.ToLower(r.typed)
	kept := r.items[:0]
	for _, it := range r.items {
		text := it.FilterText
		if text == "" {
			text = it.Label
		}
		if it.Edit.Span.Start != r.word.Start || subsequence(typed, strings.ToLower(text)) {
			kept = append(kept, it)
		}
	}
	return List{Items: kept, Incomplete: len(kept) < len(r.items)}
}

// subsequence reports whether the bytes of sub appear in s in order.
func subsequence(sub, s string) bool {
	for i := 0; i < len(s) && sub != ""; i++ {
		if s[i] == sub[0] {
			sub = sub[1:]
		}
	}
	return sub == ""
}

// request is one completion (or signature help) request.
type request struct {
	v *model.View
	// u is the document as read for the request: the snapshot's unit, or
	// a reparse patched around the cursor (see reparse).
	u     *model.Unit
	src   []byte
	lines *text.Lines
	off   int
	// ver is the set of versions whose keynames are offered: the file's,
	// narrowed for TOSCA 2.0 to the form the file uses.
	ver grammar.Versions
	// line is the cursor's line and lineStart its first byte.
	line, lineStart int
	// word is the partial word the edits replace; typed is the part of it
	// before the cursor.
	word  text.Span
	typed string
	// colonAfter is set when the word is followed by `:` (an existing key
	// is being renamed): only the name is inserted then.
	colonAfter bool
	// keyPos is set when only blanks and list dashes precede the word on
	// its line (a key or a new list item is being written); indent is the
	// column of the first non-blank and dash whether a `- ` was written.
	keyPos bool
	indent int
	dash   bool
	// indentUnit is the file's indentation step.
	indentUnit string
	// ops are the operators of the expression around the cursor (a
	// Variability4TOSCA condition), nil outside expressions; exprRoot is
	// the depth of the expression's root in the cursor's path.
	ops      []*grammar.Function
	exprRoot int

	// flow caches inFlow: 0 unknown, 1 no, 2 yes.
	flow uint8
	// env is the document's values (see shapes).
	env *shape.Env
	// needs is set when the node types offered are a new template's
	// `type`: their items write what the template must give (withNeeds).
	needs bool

	items []Item
	seen  map[string]bool
	// wheres memoises where, which hundreds of items of one file share.
	wheres map[string]string
}

func newRequest(v *model.View, path string, offset int, editorLang grammar.Language) *request {
	u := v.Unit(path)
	if f := v.Snap.File(path); u == nil && f != nil {
		// A document the editor calls TOSCA (or Heat) before its text says so.
		if editorLang == grammar.NotModel {
			editorLang = grammar.TOSCA
		}
		u = v.Reparsed(path, f.Tree(), editorLang)
	}
	if u == nil || u.Tree == nil || u.File.TooLarge {
		return nil
	}
	v = u.View
	src := u.Tree.Src
	offset = max(0, min(offset, len(src)))
	// Only the first document of a file (block of a TOSCA.meta) is described.
	if docs := u.Tree.Docs; len(docs) > 1 && docs[1].Span.Start <= offset {
		return nil
	}
	r := &request{v: v, u: u, src: src, lines: u.Tree.Lines, off: offset, seen: map[string]bool{}}
	r.line = r.lines.Line(offset)
	r.lineStart = r.lines.LineStart(r.line)
	if u.Facts.Lang == grammar.CSARMeta && r.laterMetaBlock() {
		return nil
	}
	r.findWord()
	r.indent, r.dash, r.keyPos = keyPrefix(string(src[r.lineStart:r.word.Start]))
	if r.lineLost() {
		if r.u = r.reparse(); r.u == nil {
			return nil
		}
		r.v = r.u.View
	}
	r.ver = offeredVersions(r.u)
	r.indentUnit = indentUnit(src)
	return r
}

// lineLost reports whether the snapshot's tree may lack what the request
// needs: YAML recovery blanks the lines it cannot parse, so a document
// with syntax errors elsewhere may have lost the structure around the
// cursor, and one with an error on the cursor line has lost that line's
// content (which a key being typed does not need: its mapping is found
// from the lines above).
func (r *request) lineLost() bool {
	first := text.Span{End: len(r.src)}
	if docs := r.u.Tree.Docs; len(docs) > 0 {
		first = docs[0].Span
	}
	for _, e := range r.u.Tree.Errors {
		if e.Duplicate || e.Lenient || e.Span.Start >= first.End {
			continue
		}
		if r.lines.Line(e.Span.Start) != r.line || !r.keyPos {
			return true
		}
	}
	return false
}

// reparse parses the text again with the cursor line patched so that it
// yields a tree (syntax.ParseForCompletion, or ParseMetaForCompletion for a
// TOSCA.meta) and binds that tree afresh. It costs parsing the cursor's
// document again (twice: as is, then patched) and binding the file, so it
// runs only when the snapshot's tree lost the cursor line or the structure
// around it.
func (r *request) reparse() *model.Unit {
	parsed := r.src
	if strings.HasSuffix(r.typed, ":") && r.word.End == r.off {
		// `type: ns:‸` does not parse: read the colon as a letter.
		parsed = append([]byte(nil), r.src...)
		parsed[r.off-1] = '_'
	}
	lang := r.u.Facts.Lang
	var tree *syntax.File
	if lang == grammar.CSARMeta {
		tree = syntax.ParseMetaForCompletion(parsed, r.off)
	} else {
		tree = syntax.ParseForCompletion(parsed, r.off)
	}
	tree.Src, tree.Lines = r.src, r.lines
	return r.v.Reparsed(r.u.Path, tree, lang)
}

// laterMetaBlock reports whether the cursor of a TOSCA.meta is in a block
// after the first (past an empty line that follows a line of text), whose
// names are the author's own.
func (r *request) laterMetaBlock() bool {
	blank := false
	for l := r.line - 1; l >= 0; l-- {
		empty := len(bytes.TrimSpace(r.lines.LineText(l))) == 0
		if !empty && blank {
			return true
		}
		blank = blank || empty
	}
	return false
}

// offeredVersions are the versions whose keynames are offered: the file's;
// for TOSCA 2.0 only the form the file already uses (the final form when
// nothing tells).
func offeredVersions(u *model.Unit) grammar.Versions {
	v := u.Versions()
	if v != grammar.V2 {
		return v
	}
	switch u.Facts.Form {
	case grammar.FormDraft:
		return grammar.V2Draft
	case grammar.FormMixed:
		return grammar.V2
	}
	return grammar.V2Final
}

// add appends an item unless one with the same label is already there.
func (r *request) add(it Item) {
	if r.seen[it.Label] {
		return
	}
	r.seen[it.Label] = true
	if it.Edit == (model.TextEdit{}) {
		text := it.Label
		if it.Kind.isName() {
			text = r.scalarText(text)
		}
		it.Edit = model.TextEdit{Span: r.word, NewText: text}
	}
	if it.FilterText == "" {
		it.FilterText = it.Label
	}
	r.items = append(r.items, it)
}

// withSort runs fn with the sort text of every item it adds prefixed by p.
func (r *request) withSort(p string, fn func()) {
	n := len(r.items)
	fn()
	for i := n; i < len(r.items); i++ {
		r.items[i].SortText = p + r.items[i].SortText
	}
}

// withSuffix runs fn with every insertion followed by suffix, the way a
// key is inserted (only the name replaces an existing key).
func (r *request) withSuffix(suffix string, fn func()) {
	n := len(r.items)
	fn()
	if r.colonAfter {
		return
	}
	for i := n; i < len(r.items); i++ {
		r.items[i].Edit.NewText += suffix
	}
}

// withPrefix runs fn with every insertion prefixed by p.
func (r *request) withPrefix(p string, fn func()) {
	n := len(r.items)
	fn()
	for i := n; i < len(r.items); i++ {
		r.items[i].Edit.NewText = p + r.items[i].Edit.NewText
	}
}
