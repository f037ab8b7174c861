package model

import (
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// TargetKind says what an offset of a document designates.
type TargetKind uint8

const (
	NoTarget TargetKind = iota
	// TargetDecl is a declared name (a type, a template, an input, a
	// function, a repository …): its declaration or a use of it.
	TargetDecl
	// TargetMember is a member of a type (a property, a requirement, an
	// operation …): a definition of it in a type or a use of it.
	TargetMember
	// TargetImport is the url, file or profile of an import.
	TargetImport
	// TargetKeyname is a keyname of the grammar.
	TargetKeyname
	// TargetFunction is the name of a call of an intrinsic function.
	TargetFunction
	// TargetKeyword is SELF, SOURCE, TARGET or HOST in a function call.
	TargetKeyword
	// TargetEntry is a named entry that is neither a declaration nor a
	// member of a type (an operation's parameter definition, a template's
	// own artifact …).
	TargetEntry
	// TargetUnresolved is a name that refers to nothing known.
	TargetUnresolved
)

// Target is what an offset of a document designates: the answer hover,
// definition, references and rename start from.
type Target struct {
	Kind TargetKind
	// Span is the name, key or value at the offset; Name its text.
	Span text.Span
	Name string
	// OnDecl is set when the offset is on a declaration or member
	// definition itself, which Site then names.
	OnDecl bool
	Site   Decl
	// Decl is the declaration of a TargetDecl; Member the member of a
	// TargetMember.
	Decl   Decl
	Member Member
	// Import and Link are the import of a TargetImport and how it resolved
	// (Link is nil when the snapshot has no link for it).
	Import *facts.Import
	Link   *index.Link
	// Key is a TargetKeyname's keyname and Entity the entity it belongs to;
	// for a TargetEntry, Entity describes the entry.
	Key    *grammar.Key
	Entity *grammar.Entity
	// Call is the call of a TargetFunction or TargetKeyword (nil when a
	// keyword is not in a call), Fn the function called.
	Call *facts.Call
	Fn   *grammar.Function
}

// Target returns what offset off of the unit designates.
func (u *Unit) Target(off int) Target {
	v, f := u.View, u.Facts
	if t, ok := u.importAt(off); ok {
		return t
	}
	if use, ok := v.UseAt(u.Path, off); ok && !isImportRef(f, use) {
		t := Target{Span: use.Span, Name: use.Name}
		if call, ok := u.keywordCall(use); ok {
			t.Kind, t.Call = TargetKeyword, call
			if call != nil {
				t.Fn = call.Fn
			}
			return t
		}
		if use.Kind == UseRef && grammar.IsBuiltin(f.Refs[use.Ref].Kind, use.Name) {
			// A name that exists without a declaration (a Heat pseudo parameter).
			t.Kind = TargetKeyword
			return t
		}
		r := v.ResolveUse(u.Path, use)
		switch {
		case r.Member != nil:
			t.Kind, t.Member = TargetMember, *r.Member
			return t
		case r.Target.Valid():
			t.Kind, t.Decl = TargetDecl, r.Target
			return t
		case isName(f, use):
			t.Kind = TargetUnresolved
			return t
		}
	}
	if id := f.EntityAt(off); id != facts.None {
		if e := f.Entity(id); e.Name != "" && e.NameSpan.Text().Contains(off) {
			return u.entityTarget(id)
		}
	}
	for i := range f.Calls {
		c := &f.Calls[i]
		if c.Fn != nil && c.NameSpan.Text().Contains(off) {
			return Target{Kind: TargetFunction, Span: c.NameSpan.Text(), Name: c.Name, Call: c, Fn: c.Fn}
		}
	}
	pos := u.At(off)
	if pos.OnKey && pos.Frame.Key != nil && pos.Frame.Value == nil {
		if e := f.Entity(pos.Frame.Entity); e != nil && e.G() != nil {
			return Target{Kind: TargetKeyname, Span: pos.Node.Span, Name: pos.Node.Value, Key: pos.Frame.Key, Entity: e.G()}
		}
	}
	return Target{}
}

// importAt finds the import whose url, file or profile holds off.
func (u *Unit) importAt(off int) (Target, bool) {
	f := u.Facts
	for i := range f.Imports {
		imp := &f.Imports[i]
		s := imp.Target.Text()
		if s.Len() == 0 || !s.Contains(off) {
			continue
		}
		t := Target{Kind: TargetImport, Span: s, Name: f.Src[s.Start:s.End], Import: imp}
		links := u.View.Snap.Links(u.Path)
		for j := range links {
			if links[j].Import != nil && links[j].Import.Target == imp.Target {
				t.Link = &links[j]
			}
		}
		return t, true
	}
	return Target{}, false
}

// isImportRef reports the references the imports hold (their targets are
// imports, not names).
func isImportRef(f *facts.Facts, use Use) bool {
	if use.Kind != UseRef {
		return false
	}
	k := f.Refs[use.Ref].Kind
	return k == grammar.ImportURL || k == grammar.ProfileName
}

// isName reports whether an unresolved use is still a name, under which
// nothing else is looked for: a reference the grammar says names something,
// except file paths and capabilities (which may be types or names).
func isName(f *facts.Facts, use Use) bool {
	if use.Kind != UseRef {
		return false
	}
	switch f.Refs[use.Ref].Kind {
	case grammar.ArtifactFile, grammar.CapabilityTypeOrName, grammar.NoRef:
		return false
	}
	return true
}

// keywordCall reports whether a use is a keyword — SELF, SOURCE, TARGET
// or HOST naming an entity, or a step of a TOSCA path — and returns its
// call (nil outside calls).
func (u *Unit) keywordCall(use Use) (*facts.Call, bool) {
	f := u.Facts
	switch use.Kind {
	case UseRef:
		r := &f.Refs[use.Ref]
		if !grammar.IsEntityKeyword(use.Name) || r.Kind != grammar.ModelableEntity && r.Kind != grammar.NodeTemplate {
			return nil, false
		}
		if r.Call() < 0 {
			return nil, true
		}
		return &f.Calls[r.Call()], true
	case UsePathArg:
		call := &f.Calls[use.Call]
		for _, s := range u.View.CallPath(u.Path, call) {
			if s.Arg != int(use.Arg) {
				continue
			}
			switch {
			case s.Kind == StepKeyword, s.Kind == StepStart && !s.Target.Valid(),
				s.Kind == StepIndex && s.Name == grammar.KeywordAll:
				return call, grammar.KeywordDoc(use.Name) != ""
			}
		}
	}
	return nil, false
}

// entityTarget classifies the named entity id whose name is at the offset.
func (u *Unit) entityTarget(id facts.ID) Target {
	e := u.Facts.Entity(id)
	if e.G() == nil {
		return Target{}
	}
	d := u.Decl(id)
	t := Target{Span: e.NameSpan.Text(), Name: e.Name, OnDecl: true, Site: d}
	if e.Declares() != grammar.NoRef {
		t.Kind, t.Decl = TargetDecl, d
		return t
	}
	if m, ok := u.View.DefinedMember(d); ok {
		t.Kind, t.Member = TargetMember, m
		return t
	}
	t.Kind, t.Entity = TargetEntry, e.G()
	return t
}

// DefinedMember returns the member a definition entity of a type defines
// or refines: a property definition in a node type, or an operation
// refined inside an interface definition of a node type (a member of the
// interface's type).
func (v *View) DefinedMember(d Decl) (Member, bool) {
	f := v.Facts(d.Path)
	e := f.Entity(d.ID)
	if e == nil || e.Name == "" || e.Parent == facts.None {
		return Member{}, false
	}
	section := entrySection(f, d.ID)
	if section == "" {
		return Member{}, false
	}
	owner := Decl{d.Path, e.Parent}
	t := owner
	if !v.Kind(owner).IsType() {
		m, ok := v.DefinedMember(owner)
		if !ok {
			return Member{}, false
		}
		t = v.MemberType(m)
	}
	return v.Member(t, section, e.Name)
}

// entrySection is the section of its parent that a named entity is an
// entry of ("" when it is none): its keyname, or for entries written
// directly in the parent the way 1.0–1.2 allowed (operations in an
// interface), the keyname holding such entries now.
func entrySection(f *facts.Facts, id facts.ID) string {
	e := f.Entity(id)
	if e.Key() != nil {
		if e.Key().Definitions() == nil {
			return ""
		}
		return e.Key().Name
	}
	parent := f.Entity(e.Parent)
	if parent == nil || parent.G() == nil {
		return ""
	}
	for _, k := range parent.G().Keys {
		if k.Definitions() == e.G() {
			return k.Name
		}
	}
	return ""
}
