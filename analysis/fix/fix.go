// Package fix offers the code actions of tosca-ls: quick fixes for the
// diagnostics under the cursor (did-you-mean replacements, missing
// mandatory keynames, operations written the pre-1.3 way, imports of the
// files that declare an unknown type) and the rewrites of a TOSCA 2.0 file
// written in the 2020 draft's form to the final form. The diagnostics are
// handed in by the caller: this package computes none.
package fix

import (
	"context"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Kind says what an action does.
type Kind uint8

const (
	// QuickFix solves the problem a diagnostic reports.
	QuickFix Kind = iota + 1
	// Rewrite writes the same thing in another form.
	Rewrite
)

// Action is one code action: edits an editor applies together.
type Action struct {
	Title string
	Kind  Kind
	// Diagnostic is the problem a quick fix solves (nil for a rewrite).
	Diagnostic *model.Diagnostic
	// Preferred marks the fix an editor may apply by itself: the first fix
	// of a diagnostic, unless that is an import (a choice among files).
	Preferred bool
	// Edits are by file path.
	Edits map[string][]model.TextEdit
}

// Actions returns the code actions for span of the document at path: the
// quick fixes of each diagnostic of diags that overlaps span, in the order
// given, then the rewrites to final TOSCA 2.0 available there (one per
// construct under the cursor, and one for the whole file).
func Actions(ctx context.Context, v *model.View, path string, span text.Span, diags []model.Diagnostic) []Action {
	u := v.Unit(path)
	if u == nil || u.Tree == nil {
		return nil
	}
	fx := &fixer{u: u, v: v, path: path, src: u.Facts.Src, lines: u.File.Lines(), versions: u.Versions()}
	var out []Action
	for _, d := range diags {
		if d.Path != "" && d.Path != path || d.Span.Start > span.End || span.Start > d.Span.End {
			continue
		}
		out = append(out, fx.quickFixes(d)...)
	}
	if ctx.Err() != nil {
		return out
	}
	return append(out, fx.rewrites(span)...)
}

// fixer works out the actions of one document.
type fixer struct {
	u        *model.Unit
	v        *model.View
	path     string
	src      string
	lines    *text.Lines
	versions grammar.Versions
}

func (fx *fixer) action(title string, kind Kind, edits ...model.TextEdit) Action {
	return Action{Title: title, Kind: kind, Edits: map[string][]model.TextEdit{fx.path: edits}}
}

func (fx *fixer) quickFix(d model.Diagnostic, title string, edits ...model.TextEdit) Action {
	a := fx.action(title, QuickFix, edits...)
	a.Diagnostic = &d
	return a
}

// quickFixes lists the fixes of one diagnostic: its did-you-mean
// replacements, the fix its code calls for, then the imports that would
// make an unknown type known.
func (fx *fixer) quickFixes(d model.Diagnostic) []Action {
	var out []Action
	target := fx.unquoted(d.Span)
	for _, s := range d.Suggestions {
		out = append(out, fx.quickFix(d, diag.Sprintf("Change to %q", s), model.TextEdit{Span: target, NewText: s}))
	}
	switch d.Code {
	case diag.MissingKeyname:
		if a, ok := fx.missingKeys(d); ok {
			out = append(out, a)
		}
	case diag.UnknownKeyname:
		if a, ok := fx.moveUnderHome(d); ok {
			out = append(out, a)
		}
	}
	if len(out) > 0 {
		out[0].Preferred = true
	}
	if d.Code == diag.UnknownType || d.Code == diag.UnknownName {
		out = append(out, fx.importFixes(d)...)
	}
	return out
}
