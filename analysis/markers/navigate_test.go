package markers_test

// Markers of navigation (package navigate). A location is either the name
// of a @loc, or a string `path:line:text` (1-based line; path relative to
// the fixture, or `<profiles>/folder/file.yaml` for a file of the embedded
// profiles; text is what the location spans, empty for the start of a
// file). Results are compared in the order the feature returns them.
//
//	#@def("loc‸", want…)        go to definition lists exactly these locations
//	#@decl("loc‸", want…)       go to declaration
//	#@typedef("loc‸", want…)    go to type definition
//	#@impl("loc‸", want…)       go to implementation
//	#@refs("loc‸", want…)       references, declarations excluded
//	#@allrefs("loc‸", want…)    references, declarations included
//	#@highlight("loc‸", "write", want…, "read", want…)
//	                            document highlights; "write" and "read"
//	                            say the kind of the locations after them
//	#@preparerename("loc‸", "text")
//	                            prepare rename spans text (at the locator),
//	                            which is also the placeholder
//	#@rename("loc‸", "new", golden)
//	                            rename to new: golden holds every file the
//	                            rename changes, as it reads after the edits;
//	                            the rename adds no reference problem and
//	                            writes nothing to disk
//	#@renameerr("loc‸", "why")  prepare rename and rename refuse, saying why
//	#@renameerr("loc‸", "why", "new")
//	                            rename to new is refused, saying why
//	#@sweep()                   every navigation, hover and code action
//	                            request at every offset of every file of the
//	                            fixture answers spans inside the files (and
//	                            no panic), with requests running concurrently

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/fix"
	"github.com/tosca-ls/tosca-ls/analysis/hover"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func init() {
	for name := range locateRequests {
		handlers[name] = locationsMarker(name)
	}
	handlers["highlight"] = highlightMarker
	handlers["preparerename"] = prepareRenameMarker
	handlers["rename"] = renameMarker
	handlers["renameerr"] = renameErrMarker
	handlers["sweep"] = sweepMarker
}

// describeLocation writes a location as `path:line:text`.
func (env *Env) describeLocation(l model.Location) string {
	f := env.Snap.File(l.Path)
	if f == nil || f.Facts == nil {
		return fmt.Sprintf("%s:?:?", env.Rel(l.Path))
	}
	name := env.Rel(l.Path)
	if f.Embedded {
		// <cache>/profiles/<hash>/simple-2.0/node_types.yaml → <profiles>/simple-2.0/node_types.yaml
		name = "<profiles>/" + filepath.Base(filepath.Dir(l.Path)) + "/" + filepath.Base(l.Path)
	}
	src := f.Facts.Src
	if l.Span.Start < 0 || l.Span.End > len(src) || l.Span.Start > l.Span.End {
		return fmt.Sprintf("%s:outside the file %v", name, l.Span)
	}
	line := 1 + strings.Count(src[:l.Span.Start], "\n")
	return fmt.Sprintf("%s:%d:%s", name, line, src[l.Span.Start:l.Span.End])
}

// wantLocations reads the location arguments of m from argument i on.
func (env *Env) wantLocations(m Marker, i int) []string {
	var out []string
	for ; i < len(m.Args); i++ {
		if m.Args[i].IsStr {
			out = append(out, m.Args[i].Str)
			continue
		}
		if l, ok := env.Loc(m, i); ok {
			out = append(out, env.describeLocation(l))
		}
	}
	return out
}

func (env *Env) compareLocations(m Marker, got []model.Location, want []string) {
	var desc []string
	for _, l := range got {
		desc = append(desc, env.describeLocation(l))
		if _, err := os.Stat(l.Path); err != nil {
			env.Errorf(m, "%s is not a file on disk: %v", l.Path, err)
		}
	}
	env.compareLists(m, desc, want)
}

// compareLists reports a list of results that is not the one wanted.
func (env *Env) compareLists(m Marker, got, want []string) {
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		env.Errorf(m, "got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// locationsMarker checks a request answering locations (locateRequests).
func locationsMarker(request string) func(env *Env, m Marker) {
	return func(env *Env, m Marker) {
		off, _, ok := env.Locate(m, 0)
		if !ok {
			return
		}
		env.compareLocations(m, env.locations(request, env.Abs(m.Path), off), env.wantLocations(m, 1))
	}
}

func highlightMarker(env *Env, m Marker) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	path := env.Abs(m.Path)
	var want []string
	kind := ""
	for i := 1; i < len(m.Args); i++ {
		if a := m.Args[i]; a.IsStr && (a.Str == "read" || a.Str == "write") {
			kind = a.Str
			continue
		}
		for _, l := range env.wantLocations(Marker{Name: m.Name, Args: m.Args[i : i+1], pos: m.pos}, 0) {
			want = append(want, l+" "+kind)
		}
	}
	var got []string
	for _, h := range env.highlights(path, off) {
		kind := "read"
		if h.Kind == navigate.Write {
			kind = "write"
		}
		got = append(got, env.describeLocation(model.Location{Path: path, Span: h.Span})+" "+kind)
	}
	env.compareLists(m, got, want)
}

func prepareRenameMarker(env *Env, m Marker) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	want := env.Str(m, 1)
	path := env.Abs(m.Path)
	span, placeholder, err := env.prepareRename(path, off)
	if err != nil {
		env.Errorf(m, "%v", err)
		return
	}
	if got := env.Files[m.Path][span.Start:span.End]; got != want || placeholder != want {
		env.Errorf(m, "span %q, placeholder %q; want %q", got, placeholder, want)
	}
}

func renameMarker(env *Env, m Marker) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	newName := env.Str(m, 1)
	if len(m.Args) < 3 || m.Args[2].IsStr {
		env.Errorf(m, "argument 3 must name a golden file")
		return
	}
	edits, err := env.rename(env.Abs(m.Path), off, newName)
	if err != nil {
		env.Errorf(m, "%v", err)
		return
	}
	after, ok := env.applyEdits(m, edits)
	if !ok {
		return
	}
	env.CheckGolden(m, m.Args[2].Ident+".golden", editedGolden(after))
	for name, content := range env.Files {
		if data, err := os.ReadFile(env.Abs(name)); err != nil || string(data) != content {
			env.Errorf(m, "%s changed on disk", name)
		}
	}
	if before, now := env.referenceProblems(nil), env.referenceProblems(after); len(now) > len(before) {
		env.Errorf(m, "the rename leaves reference problems:\n%s", strings.Join(now, "\n"))
	}
}

// referenceProblems lists the diagnostics a broken rename would cause in
// the fixture's files, once the given files read as given.
func (env *Env) referenceProblems(files map[string]string) []string {
	var out []string
	for _, d := range env.diagnosticsWith(files) {
		switch d.Code {
		case diag.UnknownType, diag.UnknownName, diag.WrongTypeKind, diag.UnknownKeyname, diag.DuplicateName, diag.UnknownMember:
			out = append(out, env.Rel(d.Path)+": "+d.Message)
		}
	}
	sort.Strings(out)
	return out
}

func renameErrMarker(env *Env, m Marker) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	path, why := env.Abs(m.Path), env.Str(m, 1)
	newName := "other"
	if len(m.Args) > 2 {
		newName = env.Str(m, 2)
	} else if _, _, err := env.prepareRename(path, off); !errors.Is(err, navigate.ErrCannotRename) || env.server == nil && !strings.Contains(err.Error(), why) {
		// (LSP's prepareRename refuses with null, saying nothing.)
		env.Errorf(m, "prepare rename: %v; want a refusal saying %q", err, why)
	}
	edits, err := env.rename(path, off, newName)
	if !errors.Is(err, navigate.ErrCannotRename) || !strings.Contains(err.Error(), why) || edits != nil {
		env.Errorf(m, "rename to %q: %v, %v; want a refusal saying %q", newName, edits, err, why)
	}
}

// sweepMarker runs every request at every offset of every file, from
// several goroutines sharing a fresh view as a server's concurrent requests
// do (run with -race to check the model's memos).
func sweepMarker(env *Env, m Marker) {
	const workers = 4
	engine := analysis.NewEngine()
	v := engine.View(env.Snap)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for name := range env.Files {
				f := env.Snap.File(env.Abs(name))
				if f == nil || f.Facts == nil {
					continue
				}
				for off := w; off <= len(f.Facts.Src); off += workers {
					env.sweepAt(m, engine, v, name, off)
				}
				env.sweepLenses(m, v, name)
			}
		}()
	}
	wg.Wait()
}

// sweepLenses resolves every code lens of a file: each spans a name of
// the file and opens locations inside the files.
func (env *Env) sweepLenses(m Marker, v *model.View, name string) {
	ctx, path := context.Background(), env.Abs(name)
	for _, l := range navigate.CodeLenses(ctx, v, path) {
		_, locs, ok := navigate.ResolveLens(ctx, v, path, l)
		if !ok {
			env.Errorf(m, "the lens %+v of %s does not resolve", l, name)
		}
		for _, loc := range append(locs, model.Location{Path: path, Span: l.Span}) {
			if lf := env.Snap.File(loc.Path); lf == nil || lf.Facts == nil || loc.Span.Start < 0 || loc.Span.End > len(lf.Facts.Src) || loc.Span.Start > loc.Span.End {
				env.Errorf(m, "the lens %+v of %s opens %v, outside its file", l, name, loc)
			}
		}
	}
}

// sweepAt runs every request at one offset: each answers spans inside the files.
func (env *Env) sweepAt(m Marker, engine *model.Engine, v *model.View, name string, off int) {
	ctx := context.Background()
	path := env.Abs(name)
	inside := func(what string, l model.Location) {
		lf := env.Snap.File(l.Path)
		if lf == nil || lf.Facts == nil || l.Span.Start < 0 || l.Span.End > len(lf.Facts.Src) || l.Span.Start > l.Span.End {
			env.Errorf(m, "%s at %s:%d returned %v, outside its file", what, name, off, l)
		}
	}
	if h := hover.At(ctx, v, path, off); h != nil {
		inside("hover", model.Location{Path: path, Span: h.Span})
		if h.Markdown == "" {
			env.Errorf(m, "empty hover at %s:%d", name, off)
		}
	}
	for _, l := range navigate.Definition(ctx, v, path, off) {
		inside("definition", l)
	}
	for _, l := range navigate.TypeDefinition(ctx, v, path, off) {
		inside("type definition", l)
	}
	for _, l := range navigate.Declaration(ctx, v, path, off) {
		inside("declaration", l)
	}
	for _, h := range navigate.Highlights(ctx, v, path, off) {
		inside("highlight", model.Location{Path: path, Span: h.Span})
	}
	if span, _, err := navigate.PrepareRename(ctx, v, path, off); err == nil {
		inside("prepare rename", model.Location{Path: path, Span: span})
	}
	if off%5 == 0 {
		for _, l := range navigate.References(ctx, v, path, off, true) {
			inside("references", l)
		}
		for _, l := range navigate.Implementation(ctx, v, path, off) {
			inside("implementation", l)
		}
		for _, it := range navigate.PrepareTypeHierarchy(ctx, v, path, off) {
			for _, related := range [][]navigate.TypeItem{{it}, navigate.Supertypes(ctx, v, it.Decl), navigate.Subtypes(ctx, v, it.Decl)} {
				for _, r := range related {
					inside("type hierarchy", model.Location{Path: r.Decl.Path, Span: r.Span})
					inside("type hierarchy", model.Location{Path: r.Decl.Path, Span: r.NameSpan})
				}
			}
		}
		for _, a := range fix.Actions(ctx, v, path, text.Span{Start: off, End: off}, engine.Diagnostics(ctx, v, path)) {
			for p, edits := range a.Edits {
				for _, e := range edits {
					inside("code action "+a.Title, model.Location{Path: p, Span: e.Span})
				}
			}
		}
	}
}
