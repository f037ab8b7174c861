package index

import (
	"hash/maphash"
	"strings"
	"sync"
	"weak"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// File is one parsed TOSCA (or Heat) file at one content. Files are
// immutable: an edit produces a new File, and identical content reuses the
// parsed one.
type File struct {
	Path    string
	Dialect Dialect
	// Open is true when the text comes from an editor buffer, with its Version.
	Open    bool
	Version int32
	// Embedded is true for the normative profiles shipped inside tosca-ls.
	Embedded bool
	// Fallback is set for the files of embedded fallback profiles
	// (profiles.Profile.Fallback): their types only fill gaps.
	Fallback bool
	// Refines is set for the files of embedded profiles whose types
	// restating one of the profiles they see refine it
	// (profiles.Profile.Refines).
	Refines bool
	// TooLarge is set for text over MaxFileSize: it is kept but not parsed,
	// so one huge buffer cannot stall every edit.
	TooLarge bool
	// Facts is the compact model of the file (its text is Facts.Src).
	Facts *facts.Facts
	// Syntax is the tree of a document open in the editor and Frames the
	// grammar frame of its nodes; closed files keep their facts only (a
	// tree is ≈19× its text), and Tree parses them again when asked.
	Syntax *syntax.File
	Frames facts.Frames

	// DefinitionsVersion is the tosca_definitions_version value ("" if absent).
	DefinitionsVersion string
	// ProfileName is the `profile:` this file declares, making it importable by name.
	ProfileName string
	// Repositories are the file's `repositories:` by name.
	Repositories map[string]Repository

	// lineIndex is the line index of a closed file, held weakly: it is
	// made again when asked after the collector took it (a workspace's
	// line indexes, all made for one run of diagnostics, are not kept).
	linesMu   sync.Mutex
	lineIndex weak.Pointer[text.Lines]

	// textHash digests the text, made on the first comparison with another
	// file of the same length (see SameTextAs).
	textHashOnce sync.Once
	textHash     [2]uint64
}

// Text is the file's content.
func (f *File) Text() string { return f.Facts.Src }

// Imports are the entries of the file's `imports:` (its facts' own: the
// index keeps no copy of them).
func (f *File) Imports() []facts.Import { return f.Facts.Imports }

// Lines is the file's line index; the caller holds it as long as it needs
// it (a closed file's is made again once nothing holds it).
func (f *File) Lines() *text.Lines {
	if f.Syntax != nil {
		return f.Syntax.Lines
	}
	f.linesMu.Lock()
	defer f.linesMu.Unlock()
	if l := f.lineIndex.Value(); l != nil {
		return l
	}
	l := text.NewLines(text.Bytes(f.Text()))
	f.lineIndex = weak.Make(l)
	return l
}

// Tree is the file's syntax tree: the one the index keeps for a document
// open in the editor, else a new parse of its text, which the caller holds
// only as long as it needs it (closed files keep their facts only).
func (f *File) Tree() *syntax.File {
	if f.Syntax != nil {
		return f.Syntax
	}
	return parse(f.Text(), f.Dialect, nil)
}

// parse reads content in the syntax of its language.
func parse(content string, lang Dialect, arena *syntax.Arena) *syntax.File {
	switch {
	case lang == CSARMeta:
		return syntax.ParseMeta(text.Bytes(content))
	case arena != nil:
		return syntax.ParseIn(content, arena)
	}
	return syntax.Parse(text.Bytes(content))
}

// SameText reports whether f holds text, as read from disk: the index
// compares a file read again with the one it has (a hash of every file's
// text cost more, at each scan, than the comparisons it saved). A file too
// large to analyse keeps its first line only, and so never holds the text
// read again.
func (f *File) SameText(text string) bool { return f.Facts.Src == text }

// SameTextAs reports whether f and g hold the same text: the model asks it
// for each type of a file that another file declares too, so each text is
// digested once, when first compared with one of its length, and the
// comparisons cost nothing more (comparing the texts themselves made a
// file's types cost their number times its length). The digests are 128
// bits of the runtime's hash, seeded afresh in each process and never
// stored: no text can be chosen to collide, and a collision by chance is
// negligible.
func (f *File) SameTextAs(g *File) bool {
	if f == g {
		return true
	}
	if len(f.Text()) != len(g.Text()) {
		return false
	}
	return f.digest() == g.digest()
}

func (f *File) digest() [2]uint64 {
	f.textHashOnce.Do(func() {
		f.textHash = [2]uint64{maphash.String(textSeeds[0], f.Text()), maphash.String(textSeeds[1], f.Text())}
	})
	return f.textHash
}

// textSeeds seed the two halves of the text digests.
var textSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// Repository is one entry of `repositories:`.
type Repository struct {
	Name     string
	NameSpan text.Span
	URL      string
	URLSpan  text.Span
}

// newFile parses content and records its facts; lang is the language the
// file is read as, setting the processor setting it is read with.
// Documents open in the editor also keep their tree and the frames of its
// nodes.
func newFile(path, content string, lang Dialect, setting grammar.ProcessorSetting, open bool) *File {
	return newFileIn(path, content, lang, setting, open, nil, nil)
}

// newClosedFile is newFile for a file not open in the editor, its tree
// parsed in arena: the tree is dropped once bound, and the caller may
// reset the arena as soon as this returns.
func newClosedFile(path, content string, lang Dialect, setting grammar.ProcessorSetting, arena *syntax.Arena, scratch *facts.Scratch) *File {
	return newFileIn(path, content, lang, setting, false, arena, scratch)
}

// readWith is f read with another processor setting (f itself when the
// setting does not change how it is read).
func (f *File) readWith(setting grammar.ProcessorSetting) *File {
	if f.TooLarge || f.Facts == nil || f.Facts.Lang != TOSCA || f.Facts.Setting == setting {
		return f
	}
	g := newFile(f.Path, f.Facts.Src, f.Dialect, setting, f.Open)
	g.Version, g.Embedded, g.Fallback, g.Refines = f.Version, f.Embedded, f.Fallback, f.Refines
	return g
}

// newFileIn is newFile with the tree parsed in arena and the facts bound
// in scratch (nil: none); an open document's scratch is one made by
// facts.SizedLike for it alone.
func newFileIn(path, content string, lang Dialect, setting grammar.ProcessorSetting, open bool, arena *syntax.Arena, scratch *facts.Scratch) *File {
	f := &File{Path: path, Dialect: lang, Open: open}
	if len(content) > MaxFileSize {
		f.TooLarge = true
		if !open {
			// Not parsed: keep the first line only, where the diagnostic is
			// (an editor buffer is the editor's own text, shared, not a copy).
			if i := strings.IndexAny(content, "\r\n"); i >= 0 {
				content = content[:i]
			}
			content = strings.Clone(content)
		}
		f.Facts = facts.TooLarge(path, content, lang, MaxFileSize)
		f.Syntax = &syntax.File{Src: text.Bytes(content), Lines: text.NewLines(text.Bytes(content))}
		return f
	}
	tree := parse(content, lang, arena)
	if open {
		f.Facts, f.Frames = facts.BindOpen(path, content, tree, lang, setting, scratch)
		f.Syntax = tree
	} else {
		f.Facts = facts.BindIn(path, content, tree, lang, setting, scratch)
	}
	// A copy: the value of a tree parsed in an arena lives until its reset.
	f.DefinitionsVersion = strings.Clone(tree.Root().Get(grammar.ToscaVersionKey).Text())
	f.ProfileName = f.Facts.Profile
	for id := range f.Facts.Declarations() {
		e := f.Facts.Entity(id)
		if e.G() != grammar.RepositoryDef {
			continue
		}
		if f.Repositories == nil {
			f.Repositories = map[string]Repository{}
		}
		r := Repository{Name: e.Name, NameSpan: e.NameSpan.Text()}
		if v := f.Facts.Value(f.Facts.FieldValue(id, grammar.KeyURL)); v != nil {
			r.URL, r.URLSpan = f.Facts.Text(f.Facts.FieldValue(id, grammar.KeyURL)), v.Span.Text()
		}
		f.Repositories[e.Name] = r
	}
	return f
}

// sameImports reports whether two versions of a file import the same way
// (so the newer one's links are the older one's).
func sameImports(a, b *File) bool {
	if a == nil || b == nil || len(a.Imports()) != len(b.Imports()) || len(a.Repositories) != len(b.Repositories) || a.Dialect != b.Dialect || a.DefinitionsVersion != b.DefinitionsVersion {
		return false
	}
	for i, x := range a.Imports() {
		y := b.Imports()[i]
		if x.URL != y.URL || x.Profile != y.Profile || x.Repository != y.Repository || x.Namespace != y.Namespace {
			return false
		}
	}
	for name, r := range a.Repositories {
		if b.Repositories[name].URL != r.URL {
			return false
		}
	}
	return true
}

// hasScheme reports whether an import url names a remote resource (http:, https:, …).
// Windows drive letters ("C:") and plain paths are not schemes.
func hasScheme(u string) bool {
	i := strings.Index(u, ":")
	if i <= 1 {
		return false
	}
	for _, c := range u[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return strings.HasPrefix(u[i:], "://") || strings.HasPrefix(u, "file:")
}
