package markers_test

// Markers of code actions (package analysis/fix). Actions are asked for at
// the locator's offset, with the diagnostics the engine reports for the
// file.
//
//	#@codeaction("loc‸", "title", NAME)
//	                            the action titled so is offered; NAME.golden
//	                            holds its kind (`quickfix for CODE` with the
//	                            code of the diagnostic it fixes, or
//	                            `rewrite`; `, preferred` when it is) and
//	                            every file it edits, as it reads after the
//	                            edits. A quick fix removes its diagnostic;
//	                            a rewrite changes no diagnostic.
//	#@nocodeaction("loc‸", "title")
//	                            no action titled so is offered
//	#@codeactions("loc‸", "title"…)
//	                            exactly these actions are offered, in this
//	                            order; a preferred one's title is followed by
//	                            " (preferred)"

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/fix"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func init() {
	handlers["codeaction"] = codeActionMarker
	handlers["nocodeaction"] = noCodeActionMarker
	handlers["codeactions"] = codeActionsMarker
}

// actionsAt returns the code actions at the marker's locator.
func (env *Env) actionsAt(m Marker) ([]fix.Action, bool) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return nil, false
	}
	return env.codeActions(env.Abs(m.Path), text.Span{Start: off, End: off}), true
}

// describeAction is an action's kind line of a golden.
func describeAction(a fix.Action) string {
	s := "rewrite"
	if a.Kind == fix.QuickFix {
		s = "quickfix"
		if a.Diagnostic != nil {
			s += " for " + a.Diagnostic.Code
		}
	}
	if a.Preferred {
		s += ", preferred"
	}
	return s
}

func codeActionMarker(env *Env, m Marker) {
	title := env.Str(m, 1)
	if len(m.Args) != 3 || m.Args[2].IsStr {
		env.Errorf(m, "want @codeaction(\"loc‸\", \"title\", NAME)")
		return
	}
	actions, ok := env.actionsAt(m)
	if !ok {
		return
	}
	i := slices.IndexFunc(actions, func(a fix.Action) bool { return a.Title == title })
	if i < 0 {
		env.Errorf(m, "no action %q among %q", title, actionTitles(actions))
		return
	}
	a := actions[i]
	after, ok := env.applyEdits(m, a.Edits)
	if !ok {
		return
	}
	env.CheckGolden(m, m.Args[2].Ident+".golden", describeAction(a)+"\n"+editedGolden(after))
	before, now := env.diagnosticsWith(nil), env.diagnosticsWith(after)
	switch a.Kind {
	case fix.QuickFix:
		if a.Diagnostic == nil {
			env.Errorf(m, "the quick fix %q names no diagnostic", title)
		} else if countLike(now, *a.Diagnostic) >= countLike(before, *a.Diagnostic) {
			env.Errorf(m, "%q leaves its diagnostic: %s", title, a.Diagnostic.Message)
		}
	case fix.Rewrite:
		if was, is := diagnosticLines(env, before), diagnosticLines(env, now); !slices.Equal(was, is) {
			env.Errorf(m, "%q changes the diagnostics:\n  %s\nto\n  %s", title, strings.Join(was, "\n  "), strings.Join(is, "\n  "))
		}
	}
}

// countLike counts the diagnostics with d's file, code and message.
func countLike(diags []model.Diagnostic, d model.Diagnostic) int {
	n := 0
	for _, o := range diags {
		if o.Path == d.Path && o.Code == d.Code && o.Message == d.Message {
			n++
		}
	}
	return n
}

// diagnosticLines shows diagnostics without their positions (which edits
// move), sorted.
func diagnosticLines(env *Env, diags []model.Diagnostic) []string {
	out := make([]string, len(diags))
	for i, d := range diags {
		out[i] = fmt.Sprintf("%s: %s %s: %s", env.Rel(d.Path), d.Severity, d.Code, d.Message)
	}
	slices.Sort(out)
	return out
}

func noCodeActionMarker(env *Env, m Marker) {
	title := env.Str(m, 1)
	actions, ok := env.actionsAt(m)
	if ok && slices.ContainsFunc(actions, func(a fix.Action) bool { return a.Title == title }) {
		env.Errorf(m, "unexpected action %q", title)
	}
}

func codeActionsMarker(env *Env, m Marker) {
	actions, ok := env.actionsAt(m)
	if !ok {
		return
	}
	env.compareLists(m, actionTitles(actions), env.Strs(m, 1))
}

// actionTitles lists the titles of actions, " (preferred)" after those that are.
func actionTitles(actions []fix.Action) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = a.Title
		if a.Preferred {
			out[i] += " (preferred)"
		}
	}
	return out
}
