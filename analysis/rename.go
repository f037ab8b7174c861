package analysis

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// PrepareRename returns the span of the name at offset (without a
// namespace prefix such as `k8s:`) and the name itself, or an error
// wrapping ErrCannotRename for what cannot be renamed: names from the
// embedded profiles, built-in types, keynames, function names and the
// keywords SELF, SOURCE, TARGET and HOST.
func PrepareRename(ctx context.Context, snap *index.Snapshot, path string, offset int) (text.Span, string, error) {
	a, u, t := navAt(snap, path, offset)
	name, err := renameCheck(a, t)
	if err != nil {
		return text.Span{}, "", err
	}
	span, ok := navSuffixSpan(u.File.Syntax.Src, t.Node, name)
	if !ok {
		return text.Span{}, "", fmt.Errorf("%w: %q is not written as a plain name here", ErrCannotRename, t.Node.Value)
	}
	return span, name, nil
}

// Rename renames the type, template, input, property or requirement at
// offset: its declaration (and, for members, its refinements in derived
// types) and every reference across the workspace. Namespace-qualified
// uses keep the prefix they were written with.
func Rename(ctx context.Context, snap *index.Snapshot, path string, offset int, newName string) (map[string][]TextEdit, error) {
	a, _, t := navAt(snap, path, offset)
	name, err := renameCheck(a, t)
	if err != nil {
		return nil, err
	}
	if err := renameValidate(newName); err != nil {
		return nil, err
	}
	if newName == name {
		return map[string][]TextEdit{}, nil
	}
	if err := renameConflict(a, t, newName); err != nil {
		return nil, err
	}
	edits := map[string][]TextEdit{}
	for _, o := range a.navOccurrences(t.identity(), "") {
		f := snap.File(o.Path)
		if f == nil {
			continue
		}
		if f.Embedded {
			return nil, fmt.Errorf("%w: %q is used in the embedded profile file %s", ErrCannotRename, name, o.Path)
		}
		span, ok := navSuffixSpan(f.Syntax.Src, o.Node, o.Name)
		if !ok {
			return nil, fmt.Errorf("%w: %q at %s:%d is not written as a plain name", ErrCannotRename, o.Node.Value, o.Path, f.Lines().Line(o.Node.Span.Start)+1)
		}
		edits[o.Path] = append(edits[o.Path], TextEdit{Span: span, NewText: newName})
	}
	if len(edits) == 0 {
		return nil, ErrCannotRename
	}
	return edits, nil
}

// renameCheck says whether the target can be renamed and returns its name.
func renameCheck(a *Analyzer, t *navTarget) (string, error) {
	switch {
	case t == nil:
		return "", fmt.Errorf("%w: there is no name here", ErrCannotRename)
	case t.Keyword != "":
		return "", fmt.Errorf("%w: %s is a TOSCA keyword", ErrCannotRename, t.Keyword)
	case t.Key != nil:
		return "", fmt.Errorf("%w: %q is a TOSCA keyname", ErrCannotRename, t.Key.Name)
	case t.Func != nil:
		return "", fmt.Errorf("%w: %q is a TOSCA function", ErrCannotRename, t.Func.Name)
	case t.Import != nil:
		return "", fmt.Errorf("%w: imports are renamed by renaming the file", ErrCannotRename)
	case t.Unresolved:
		return "", fmt.Errorf("%w: %q does not name anything known", ErrCannotRename, t.Ref.Name)
	case t.Decl != nil:
		d := t.Decl
		if d.File.Embedded {
			if a.navIsBuiltin(d) {
				return "", fmt.Errorf("%w: %s is a built-in type", ErrCannotRename, d.Name)
			}
			return "", fmt.Errorf("%w: %s is defined in the embedded %s", ErrCannotRename, d.Name, renameWhere(a, d))
		}
		switch {
		case d.Kind.IsType(), d.Kind == grammar.NodeTemplate, d.Kind == grammar.RelationshipTemplate,
			d.Kind == grammar.Group, d.Kind == grammar.Policy, d.Kind == grammar.Input:
			return d.Name, nil
		}
		return "", fmt.Errorf("%w: renaming this %s is not supported", ErrCannotRename, d.Kind)
	case t.Member != nil:
		m := t.Member
		if m.Origin == nil || m.Origin.File.Embedded {
			return "", fmt.Errorf("%w: %s %q is defined in the embedded %s", ErrCannotRename, navSingular(m.Section), m.Name, renameWhere(a, m.Origin))
		}
		switch m.Section {
		case "properties", "requirements":
			return m.Name, nil
		}
		return "", fmt.Errorf("%w: renaming this %s is not supported", ErrCannotRename, navSingular(m.Section))
	case t.Entry != nil:
		return "", fmt.Errorf("%w: %q is not a declared name", ErrCannotRename, t.Entry.Key.Value)
	}
	return "", ErrCannotRename
}

func renameWhere(a *Analyzer, d *Decl) string {
	if d == nil {
		return "profile"
	}
	return strings.ReplaceAll(navWhere(a.snap, d.File), "`", "")
}

// navIsBuiltin reports the built-in types (string, integer, …), declared
// by the embedded built-in profiles.
func (a *Analyzer) navIsBuiltin(d *Decl) bool {
	return d.File.Embedded && strings.HasPrefix(navProfileOf(a.snap, d.File), "tosca-builtin")
}

// renameValidate checks that a new name can be written as a plain YAML
// name: not empty, no blanks, no namespace colon and no YAML indicators.
func renameValidate(newName string) error {
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

// renameConflict refuses a new name already taken by a declaration of the
// same kind where the renamed one is declared.
func renameConflict(a *Analyzer, t *navTarget, newName string) error {
	switch {
	case t.Decl != nil:
		d := t.Decl
		u := a.Unit(d.File.Path)
		if u == nil {
			return nil
		}
		for _, o := range u.Decls {
			if o != d && o.Kind == d.Kind && o.Name == newName {
				return fmt.Errorf("%w: a %s named %q already exists", ErrCannotRename, d.Kind, newName)
			}
		}
		if d.Kind.IsType() && u.Scope != nil {
			if o := u.Scope.Lookup(d.Kind, newName); o != nil && o != d {
				return fmt.Errorf("%w: a %s named %q is already visible in %s", ErrCannotRename, d.Kind, newName, navRelPath(a.snap, d.File.Path))
			}
		}
	case t.Member != nil:
		m := t.Member
		if a.Member(m.Origin, m.Section, newName) != nil {
			return fmt.Errorf("%w: %s already has a %s named %q", ErrCannotRename, m.Origin.Name, navSingular(m.Section), newName)
		}
	}
	return nil
}
