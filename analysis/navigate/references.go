package navigate

import (
	"context"
	"sort"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// symbol is what occurrences are collected for: a declaration, a member
// (identified by the type that introduced it, its section and its name,
// so that its refinements in derived types are the same symbol), or a file
// that imports open.
type symbol struct {
	decl   model.Decl
	member *model.Member
	file   string
}

// symbolOf is the symbol a target designates (false when it has none).
func symbolOf(t model.Target) (symbol, bool) {
	switch t.Kind {
	case model.TargetDecl:
		return symbol{decl: t.Decl}, true
	case model.TargetMember:
		if t.Member.Origin.Valid() {
			m := t.Member
			return symbol{member: &m}, true
		}
	case model.TargetImport:
		if t.Link != nil && t.Link.Path != "" {
			return symbol{file: t.Link.Path}, true
		}
	}
	return symbol{}, false
}

func (s symbol) isMember(m *model.Member) bool {
	return m != nil && s.member != nil && m.Origin == s.member.Origin && m.Section == s.member.Section && m.Name == s.member.Name
}

// occurrence is one place a symbol is written.
type occurrence struct {
	Path string
	Span text.Span
	// Written is the text at Span (decoded); Name the symbol's own name,
	// which Written ends with (after a namespace prefix, say).
	Written, Name string
	Decl          bool
}

// occurrences lists where a symbol is declared and used, sorted by file and
// position: across the files that can see it, or in the file only when
// only is set.
func occurrences(ctx context.Context, v *model.View, s symbol, only string) []occurrence {
	var out []occurrence
	for _, p := range occurrenceFiles(v, s, only) {
		if ctx.Err() != nil {
			return nil
		}
		switch {
		case s.file != "":
			for _, l := range v.Snap.Links(p) {
				if l.Path == s.file && l.Import != nil {
					out = append(out, occurrence{Path: p, Span: l.Import.Target.Text()})
				}
			}
		case s.member != nil:
			out = append(out, memberOccurrences(v, s, p)...)
		default:
			out = append(out, declOccurrences(v, s.decl, p)...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Span.Start < out[j].Span.Start
	})
	// A name reached twice (an anchored block merged into two places) is one occurrence.
	uniq := out[:0]
	for _, o := range out {
		if n := len(uniq); n > 0 && uniq[n-1].Path == o.Path && uniq[n-1].Span == o.Span {
			continue
		}
		uniq = append(uniq, o)
	}
	return uniq
}

// occurrenceFiles are the files a symbol may be written in.
func occurrenceFiles(v *model.View, s symbol, only string) []string {
	switch {
	case only != "":
		return []string{only}
	case s.file != "":
		return v.Snap.Paths()
	case s.member != nil:
		return filesSeeing(v, s.member.Origin.Path)
	case !v.Kind(s.decl).Imported():
		// Template-level names are visible in their own file only.
		return []string{s.decl.Path}
	}
	return filesSeeing(v, s.decl.Path)
}

func declOccurrences(v *model.View, d model.Decl, p string) []occurrence {
	name := v.Name(d)
	var out []occurrence
	if d.Path == p {
		out = append(out, occurrence{Path: p, Span: v.Location(d).Span, Written: name, Name: name, Decl: true})
	}
	for _, base := range v.UseNames(d) {
		for _, u := range v.UsesNamed(p, base) {
			if r := v.ResolveUse(p, u); r.Member == nil && r.Target == d {
				out = append(out, occurrence{Path: p, Span: u.Span, Written: u.Name, Name: name})
			}
		}
	}
	return out
}

func memberOccurrences(v *model.View, s symbol, p string) []occurrence {
	name := s.member.Name
	var out []occurrence
	for _, id := range v.Named(p, name) {
		site := model.Decl{Path: p, ID: id}
		if m, ok := v.DefinedMember(site); ok && s.isMember(&m) {
			out = append(out, occurrence{Path: p, Span: v.Location(site).Span, Written: name, Name: name, Decl: true})
		}
	}
	for _, u := range v.UsesNamed(p, name) {
		if r := v.ResolveUse(p, u); s.isMember(r.Member) {
			out = append(out, occurrence{Path: p, Span: u.Span, Written: u.Name, Name: name})
		}
	}
	return out
}

// References returns every use of the name at offset across the
// workspace; includeDeclaration adds its declaration (and, for members,
// the refinements in derived types).
func References(ctx context.Context, v *model.View, path string, off int, includeDeclaration bool) []model.Location {
	s, ok := symbolOf(targetAt(v, path, off))
	if !ok {
		return nil
	}
	var out []model.Location
	for _, o := range occurrences(ctx, v, s, "") {
		if o.Decl && !includeDeclaration {
			continue
		}
		out = append(out, model.Location{Path: o.Path, Span: o.Span})
	}
	return out
}

// HighlightKind tells a declaration from a use.
type HighlightKind uint8

const (
	// Read is a use of the name.
	Read HighlightKind = iota + 1
	// Write is its declaration (or a member's definition).
	Write
)

// Highlight is one occurrence of the name under the cursor in its file.
type Highlight struct {
	Span text.Span
	Kind HighlightKind
}

// Highlights returns the occurrences of the name at offset in the same
// file: its declaration (Write) and its uses (Read).
func Highlights(ctx context.Context, v *model.View, path string, off int) []Highlight {
	s, ok := symbolOf(targetAt(v, path, off))
	if !ok {
		return nil
	}
	var out []Highlight
	for _, o := range occurrences(ctx, v, s, path) {
		kind := Read
		if o.Decl {
			kind = Write
		}
		out = append(out, Highlight{Span: o.Span, Kind: kind})
	}
	return out
}
