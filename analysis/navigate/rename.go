package navigate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// ErrCannotRename is wrapped by the errors of PrepareRename and Rename for
// what cannot be renamed; the message says why.
var ErrCannotRename = errors.New("cannot rename this element")

// PrepareRename returns the span of the name at offset (without a
// namespace prefix such as `k8s:`, and inside its quotes) and the name
// itself. Names from the embedded profiles, built-in types, keynames,
// function names and the keywords SELF, SOURCE, TARGET and HOST cannot be
// renamed.
func PrepareRename(ctx context.Context, v *model.View, path string, off int) (text.Span, string, error) {
	t := targetAt(v, path, off)
	name, err := renameable(v, t)
	if err != nil {
		return text.Span{}, "", err
	}
	span, ok := nameSpan(v.Facts(path).Src, t.Span, t.Name, name)
	if !ok {
		return text.Span{}, "", fmt.Errorf("%w: %q is not written as a plain name here", ErrCannotRename, t.Name)
	}
	return span, name, nil
}

// Rename renames the type, template, group, policy, input, or the member
// of a type (property, data type field, attribute, requirement,
// capability, interface, operation) at offset: its declaration (and, for
// members, its refinements in derived types) and every use across the
// workspace (assignments, function paths, operation output mappings,
// substitution mappings, node filters, conditions, call_operation
// activities, the fields of complex values). Uses written with a
// namespace prefix keep it.
func Rename(ctx context.Context, v *model.View, path string, off int, newName string) (map[string][]model.TextEdit, error) {
	t := targetAt(v, path, off)
	name, err := renameable(v, t)
	if err != nil {
		return nil, err
	}
	if err := validName(newName); err != nil {
		return nil, err
	}
	if newName == name {
		return map[string][]model.TextEdit{}, nil
	}
	if err := conflict(v, t, newName); err != nil {
		return nil, err
	}
	s, _ := symbolOf(t)
	edits := map[string][]model.TextEdit{}
	for _, o := range occurrences(ctx, v, s, "") {
		f := v.Snap.File(o.Path)
		if f == nil || f.Facts == nil {
			continue
		}
		if f.Embedded {
			return nil, fmt.Errorf("%w: %q is used in the embedded profile file %s", ErrCannotRename, name, o.Path)
		}
		span, ok := nameSpan(f.Facts.Src, o.Span, o.Written, o.Name)
		if !ok {
			return nil, fmt.Errorf("%w: %q at %s:%d is not written as a plain name", ErrCannotRename, o.Written, o.Path, f.Lines().Line(o.Span.Start)+1)
		}
		edits[o.Path] = append(edits[o.Path], model.TextEdit{Span: span, NewText: newName})
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if len(edits) == 0 {
		return nil, ErrCannotRename
	}
	return edits, nil
}

// renameable says whether the target can be renamed and returns its name.
func renameable(v *model.View, t model.Target) (string, error) {
	switch t.Kind {
	case model.NoTarget:
		return "", fmt.Errorf("%w: there is no name here", ErrCannotRename)
	case model.TargetKeyword:
		return "", fmt.Errorf("%w: %s is a TOSCA keyword", ErrCannotRename, t.Name)
	case model.TargetKeyname:
		return "", fmt.Errorf("%w: %q is a TOSCA keyname", ErrCannotRename, t.Key.Name)
	case model.TargetFunction:
		return "", fmt.Errorf("%w: %q is a TOSCA function", ErrCannotRename, t.Fn.Name)
	case model.TargetImport:
		return "", fmt.Errorf("%w: imports are renamed by renaming the file", ErrCannotRename)
	case model.TargetUnresolved:
		return "", fmt.Errorf("%w: %q does not name anything known", ErrCannotRename, t.Name)
	case model.TargetEntry:
		return "", fmt.Errorf("%w: %q is not a declared name", ErrCannotRename, t.Name)
	case model.TargetDecl:
		d, name, kind := t.Decl, v.Name(t.Decl), v.Kind(t.Decl)
		if embedded(v, d.Path) {
			if v.IsBuiltin(d.Path) {
				return "", fmt.Errorf("%w: %s is a built-in type", ErrCannotRename, name)
			}
			return "", fmt.Errorf("%w: %s is defined in the embedded %s", ErrCannotRename, name, plainWhere(v, d.Path))
		}
		switch kind {
		case grammar.NodeTemplate, grammar.RelationshipTemplate, grammar.Group, grammar.Policy, grammar.Input,
			grammar.VariabilityInput, grammar.VariabilityExpression,
			grammar.HeatParameter, grammar.HeatResource, grammar.HeatOutput, grammar.HeatCondition:
			return name, nil
		}
		if kind.Imported() {
			return name, nil
		}
		return "", fmt.Errorf("%w: renaming this %s is not supported", ErrCannotRename, kind)
	case model.TargetMember:
		m := t.Member
		what := grammar.Singular(m.Section)
		if !m.Origin.Valid() || embedded(v, m.Origin.Path) {
			return "", fmt.Errorf("%w: %s %q is defined in the embedded %s", ErrCannotRename, what, m.Name, plainWhere(v, m.Origin.Path))
		}
		switch m.Section {
		case grammar.SectionProperties, grammar.SectionAttributes, grammar.SectionRequirements,
			grammar.SectionCapabilities, grammar.SectionInterfaces, grammar.SectionOperations:
			return m.Name, nil
		}
		return "", fmt.Errorf("%w: renaming this %s is not supported", ErrCannotRename, what)
	}
	return "", ErrCannotRename
}

func embedded(v *model.View, path string) bool {
	f := v.Snap.File(path)
	return f != nil && f.Embedded
}

// plainWhere is model.View.Where without markdown.
func plainWhere(v *model.View, path string) string {
	if path == "" {
		return "profile"
	}
	return strings.ReplaceAll(v.Where(path), "`", "")
}

// validName checks that a new name can be written as a plain YAML name:
// not empty, no blanks, no namespace colon and no YAML indicators.
func validName(newName string) error {
	if newName == "" {
		return fmt.Errorf("%w: the new name is empty", ErrCannotRename)
	}
	for _, r := range newName {
		if unicode.IsSpace(r) {
			return fmt.Errorf("%w: the new name %q contains a blank", ErrCannotRename, newName)
		}
		if r == ':' {
			return fmt.Errorf("%w: the new name %q contains a colon; namespace prefixes are kept from each use", ErrCannotRename, newName)
		}
		if strings.ContainsRune("#{}[],&*!|>'\"%@`", r) {
			return fmt.Errorf("%w: the new name %q contains %q, which YAML would not read as part of a name", ErrCannotRename, newName, r)
		}
	}
	if strings.HasPrefix(newName, "-") || strings.HasPrefix(newName, "?") || strings.HasPrefix(newName, "$") {
		return fmt.Errorf("%w: the new name %q cannot start with %q", ErrCannotRename, newName, newName[:1])
	}
	return nil
}

// conflict refuses a new name already taken by a declaration of the same
// kind where the renamed one is declared, or by a member of the same type.
func conflict(v *model.View, t model.Target, newName string) error {
	switch t.Kind {
	case model.TargetDecl:
		d := t.Decl
		kind := v.Kind(d)
		f := v.Facts(d.Path)
		for id := range f.Declarations() {
			if e := f.Entity(id); id != d.ID && e.Declares() == kind && e.Name == newName {
				return fmt.Errorf("%w: a %s named %q already exists", ErrCannotRename, kind, newName)
			}
		}
		if kind.Imported() {
			if o := v.LookupKind(d.Path, kind, newName); o.Valid() && o != d {
				return fmt.Errorf("%w: a %s named %q is already visible in %s", ErrCannotRename, kind, newName, v.RelPath(d.Path))
			}
		}
	case model.TargetMember:
		m := t.Member
		if _, ok := v.Member(m.Origin, m.Section, newName); ok {
			return fmt.Errorf("%w: %s already has a %s named %q", ErrCannotRename, v.Name(m.Origin), grammar.Singular(m.Section), newName)
		}
	}
	return nil
}

// nameSpan is the span of name at the end of a name written at span of src
// (after a namespace prefix such as `k8s:`, or the `$` of a function call),
// inside its quotes; false when the source text is not the plain name (an
// escaped or block scalar).
func nameSpan(src string, span text.Span, written, name string) (text.Span, bool) {
	if span.Start < 0 || span.End > len(src) || span.Start > span.End {
		return span, false
	}
	raw := src[span.Start:span.End]
	switch {
	case raw == written:
	case len(raw) >= 2 && (raw[0] == '"' || raw[0] == '\'') && raw[len(raw)-1] == raw[0] && raw[1:len(raw)-1] == written:
		span = text.Span{Start: span.Start + 1, End: span.End - 1}
	default:
		return span, false
	}
	if written == name {
		return span, true
	}
	if strings.HasSuffix(written, ":"+name) || written == "$"+name {
		return text.Span{Start: span.End - len(name), End: span.End}, true
	}
	return span, false
}
