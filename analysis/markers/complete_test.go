package markers_test

// Markers of completion and signature help (package complete). The first
// argument locates the cursor on the marker's line (`‸` in it, else its
// start). Every completion marker also checks that each item's edit holds
// the cursor.
//
//	#@complete("loc", "label", …)           each label is offered
//	#@completeorder("loc", "a", "b", …)     the labels are offered in this order
//	#@completefirst("loc", "label")         the first item is label
//	#@language(heat)                        the editor opens the file as Heat
//	                                        (its language id), not as TOSCA
//	#@nocomplete("loc", "label", …)         no label is offered (nothing at all
//	                                        when no label is given)
//	#@completedetail("loc", "label", "s")   the item's detail contains s
//	#@completedoc("loc", "label", "s")      its documentation contains s
//	#@completeedit("loc", "label", "text")  it inserts text, plain
//	#@completesnippet("loc", "label", "s")  it inserts snippet s
//	#@completerange("loc", "label", "text") its edit replaces text ("" when
//	                                        it inserts at the cursor)
//	#@signature("loc", "label", active)     signature help shows label (its
//	                                        parameters and docs with it) with
//	                                        parameter number active
//	#@nosignature("loc")                    no signature help there
//
// A file the index does not take as TOSCA by content (an empty one) is
// opened as the server opens a document whose language is TOSCA (or the
// one @language names). Every
// fixture (of any feature) is also completed at every line: nothing may
// panic, and every edit holds its cursor.

import (
	"context"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/complete"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
)

func init() {
	archiveChecks = append(archiveChecks, completeEverywhere)
	handlers["language"] = func(env *Env, m Marker) {
		if index.EditorLanguage(argIdent(m, 0)) == grammar.NotModel {
			env.Errorf(m, "%q is no language id tosca-ls knows", argIdent(m, 0))
		}
	}
	handlers["complete"] = func(env *Env, m Marker) {
		items, _, ok := completeAt(env, m)
		for _, label := range env.Strs(m, 1) {
			if ok && itemIndex(items, label) < 0 {
				env.Errorf(m, "%q is not offered: %v", label, labels(items))
			}
		}
	}
	handlers["completeorder"] = func(env *Env, m Marker) {
		items, _, ok := completeAt(env, m)
		last := -1
		for _, label := range env.Strs(m, 1) {
			i := itemIndex(items, label)
			switch {
			case !ok:
			case i < 0:
				env.Errorf(m, "%q is not offered: %v", label, labels(items))
			case i < last:
				env.Errorf(m, "%q comes too early: %v", label, labels(items))
			}
			last = max(last, i)
		}
	}
	handlers["completefirst"] = func(env *Env, m Marker) {
		items, _, ok := completeAt(env, m)
		if want := env.Str(m, 1); ok && (len(items) == 0 || items[0].Label != want) {
			env.Errorf(m, "the first item is not %q: %v", want, labels(items))
		}
	}
	handlers["nocomplete"] = func(env *Env, m Marker) {
		items, _, ok := completeAt(env, m)
		absent := env.Strs(m, 1)
		if ok && len(absent) == 0 && len(items) > 0 {
			env.Errorf(m, "nothing should be offered: %v", labels(items))
		}
		for _, label := range absent {
			if itemIndex(items, label) >= 0 {
				env.Errorf(m, "%q must not be offered: %v", label, labels(items))
			}
		}
	}
	itemCheck := func(check func(env *Env, m Marker, it complete.Item, src string, want string)) func(env *Env, m Marker) {
		return func(env *Env, m Marker) {
			items, src, ok := completeAt(env, m)
			if !ok {
				return
			}
			label, want := env.Str(m, 1), env.Str(m, 2)
			i := itemIndex(items, label)
			if i < 0 {
				env.Errorf(m, "%q is not offered: %v", label, labels(items))
				return
			}
			check(env, m, items[i], src, want)
		}
	}
	handlers["completedetail"] = itemCheck(func(env *Env, m Marker, it complete.Item, _, want string) {
		if !strings.Contains(it.Detail, want) {
			env.Errorf(m, "%q: detail %q does not contain %q", it.Label, it.Detail, want)
		}
	})
	handlers["completedoc"] = itemCheck(func(env *Env, m Marker, it complete.Item, _, want string) {
		if !strings.Contains(it.Documentation, want) {
			env.Errorf(m, "%q: documentation %q does not contain %q", it.Label, it.Documentation, want)
		}
	})
	handlers["completeedit"] = itemCheck(func(env *Env, m Marker, it complete.Item, _, want string) {
		if it.Snippet || it.Edit.NewText != want {
			env.Errorf(m, "%q inserts %q (snippet %v), want plain %q", it.Label, it.Edit.NewText, it.Snippet, want)
		}
	})
	handlers["completesnippet"] = itemCheck(func(env *Env, m Marker, it complete.Item, _, want string) {
		if !it.Snippet || it.Edit.NewText != want {
			env.Errorf(m, "%q inserts %q (snippet %v), want snippet %q", it.Label, it.Edit.NewText, it.Snippet, want)
		}
	})
	handlers["completerange"] = itemCheck(func(env *Env, m Marker, it complete.Item, src, want string) {
		if got := src[it.Edit.Span.Start:it.Edit.Span.End]; got != want {
			env.Errorf(m, "%q replaces %q, want %q", it.Label, got, want)
		}
	})
	handlers["signature"] = func(env *Env, m Marker) {
		off, _, ok := env.Locate(m, 0)
		if !ok {
			return
		}
		view, path := openAsTOSCA(env, m)
		sig := env.signatureHelp(view, path, off, editorLanguage(env, m.Path))
		want := env.Str(m, 1)
		active, err := strconv.Atoi(argIdent(m, 2))
		if err != nil {
			env.Errorf(m, "argument 3 must be the active parameter's number")
			return
		}
		if sig == nil {
			env.Errorf(m, "no signature, want %q", want)
			return
		}
		if sig.Label != want || sig.Active != active {
			env.Errorf(m, "got %q with parameter %d active, want %q with %d", sig.Label, sig.Active, want, active)
		}
		if params := strings.Count(want, ",") + 1; !strings.HasSuffix(want, "[]") && len(sig.Params) != params {
			env.Errorf(m, "%d parameters, the label shows %d", len(sig.Params), params)
		}
		if sig.Documentation == "" {
			env.Errorf(m, "the signature has no documentation")
		}
		for _, p := range sig.Params {
			if p.Documentation == "" {
				env.Errorf(m, "parameter %q has no documentation", p.Label)
			}
		}
	}
	handlers["nosignature"] = func(env *Env, m Marker) {
		off, _, ok := env.Locate(m, 0)
		if !ok {
			return
		}
		view, path := openAsTOSCA(env, m)
		if sig := env.signatureHelp(view, path, off, editorLanguage(env, m.Path)); sig != nil {
			env.Errorf(m, "no call at the cursor, got %q", sig.Label)
		}
	}
}

// completeAt runs completion at the cursor of marker m; it also checks
// that every edit holds the cursor. It returns the file's text.
func completeAt(env *Env, m Marker) ([]complete.Item, string, bool) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return nil, "", false
	}
	view, path := openAsTOSCA(env, m)
	items := env.completion(view, path, off, editorLanguage(env, m.Path))
	for _, it := range items {
		if it.Edit.Span.Start > off || it.Edit.Span.End < off {
			env.Errorf(m, "%q edits %v, which does not hold the cursor %d", it.Label, it.Edit.Span, off)
		}
	}
	return items, env.Files[m.Path], true
}

// openAsTOSCA is the view in which the marker's file is open: the
// fixture's, or for a file that is not TOSCA by content one where it is
// open as a TOSCA document.
func openAsTOSCA(env *Env, m Marker) (*model.View, string) {
	path := env.Abs(m.Path)
	if env.Snap.File(path) != nil {
		return env.View, path
	}
	return env.Engine.View(env.WS.SetOverlay(path, 1, []byte(env.Files[m.Path]))), path
}

// editorLanguage is the language id the editor gives the fixture file
// name: the one its @language marker names, else none.
func editorLanguage(env *Env, name string) grammar.Language {
	for _, m := range env.Markers {
		if m.Name == "language" && m.Path == name {
			return index.EditorLanguage(argIdent(m, 0))
		}
	}
	return grammar.NotModel
}

func argIdent(m Marker, i int) string {
	if i >= len(m.Args) {
		return ""
	}
	return m.Args[i].Ident
}

func itemIndex(items []complete.Item, label string) int {
	for i, it := range items {
		if it.Label == label {
			return i
		}
	}
	return -1
}

func labels(items []complete.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Label
	}
	return out
}

// completeEverywhere runs completion and signature help at the start,
// middle and end of every line of every fixture, then again with each
// completion marker's line cut at its cursor (as while typing): nothing may
// panic and every edit must hold the cursor.
func completeEverywhere(env *Env) {
	ctx := context.Background()
	texts := map[string][]string{}
	for _, name := range env.Names {
		if env.Snap.File(env.Abs(name)) != nil {
			texts[name] = append(texts[name], env.Files[name])
		}
	}
	for _, m := range env.Markers {
		if !strings.HasPrefix(m.Name, "complete") {
			continue
		}
		if off, _, ok := env.Locate(m, 0); ok {
			content := env.Files[m.Path]
			end := strings.IndexByte(content[off:], '\n')
			if end < 0 {
				end = len(content) - off
			}
			texts[m.Path] = append(texts[m.Path], content[:off]+content[off+end:])
		}
	}
	for name, variants := range texts {
		path := env.Abs(name)
		for i, text := range variants {
			view := env.Engine.View(env.WS.SetOverlay(path, int32(i+2), []byte(text)))
			start := 0
			for _, line := range strings.SplitAfter(text, "\n") {
				body := strings.TrimRight(line, "\r\n")
				for _, off := range []int{start, start + len(body)/2, start + len(body)} {
					for _, it := range complete.Complete(ctx, view, path, off, editorLanguage(env, name)).Items {
						if it.Edit.Span.Start > off || it.Edit.Span.End < off {
							env.T.Errorf("%s@%d: %q edits %v", name, off, it.Label, it.Edit.Span)
						}
					}
					complete.SignatureHelp(ctx, view, path, off, editorLanguage(env, name))
				}
				start += len(line)
			}
		}
	}
}
