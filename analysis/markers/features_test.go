package markers_test

// The editor features the markers ask for. Each is answered by the
// analysis packages, or, when the archive runs through the language server
// (TestMarkersLSP, lsp_test.go), by the server over its protocol, its
// answer converted back (URIs to paths, UTF-16 positions to byte offsets)
// so that the markers compare the same things either way.

import (
	"context"

	"github.com/tosca-ls/tosca-ls/analysis/complete"
	"github.com/tosca-ls/tosca-ls/analysis/fix"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/hover"
	"github.com/tosca-ls/tosca-ls/analysis/inlay"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// locateRequests are the requests that answer locations, by marker name.
var locateRequests = map[string]func(context.Context, *model.View, string, int) []model.Location{
	"def":     navigate.Definition,
	"decl":    navigate.Declaration,
	"typedef": navigate.TypeDefinition,
	"impl":    navigate.Implementation,
	"refs": func(ctx context.Context, v *model.View, path string, off int) []model.Location {
		return navigate.References(ctx, v, path, off, false)
	},
	"allrefs": func(ctx context.Context, v *model.View, path string, off int) []model.Location {
		return navigate.References(ctx, v, path, off, true)
	},
}

func (env *Env) locations(request, path string, off int) []model.Location {
	if env.server != nil {
		return env.server.locations(request, path, off)
	}
	return locateRequests[request](context.Background(), env.View, path, off)
}

func (env *Env) highlights(path string, off int) []navigate.Highlight {
	if env.server != nil {
		return env.server.highlights(path, off)
	}
	return navigate.Highlights(context.Background(), env.View, path, off)
}

func (env *Env) prepareRename(path string, off int) (text.Span, string, error) {
	if env.server != nil {
		return env.server.prepareRename(path, off)
	}
	return navigate.PrepareRename(context.Background(), env.View, path, off)
}

func (env *Env) rename(path string, off int, newName string) (map[string][]model.TextEdit, error) {
	if env.server != nil {
		return env.server.rename(path, off, newName)
	}
	return navigate.Rename(context.Background(), env.View, path, off, newName)
}

func (env *Env) hover(path string, off int) *hover.Hover {
	if env.server != nil {
		return env.server.hover(path, off)
	}
	return hover.At(context.Background(), env.View, path, off)
}

// completion completes at off of the file at path, open in view (see
// openAsTOSCA) in the editor language lang.
func (env *Env) completion(view *model.View, path string, off int, lang grammar.Language) []complete.Item {
	if env.server != nil {
		return env.server.completion(path, off)
	}
	return complete.Complete(context.Background(), view, path, off, lang).Items
}

func (env *Env) signatureHelp(view *model.View, path string, off int, lang grammar.Language) *complete.Signature {
	if env.server != nil {
		return env.server.signatureHelp(path, off)
	}
	return complete.SignatureHelp(context.Background(), view, path, off, lang)
}

func (env *Env) inlayHints(path string, span text.Span, enabled func(inlay.Kind) bool) []inlay.Hint {
	if env.server != nil {
		return env.server.inlayHints(path, span, enabled)
	}
	return inlay.Hints(context.Background(), env.View, path, span, enabled)
}

func (env *Env) semanticTokens(path string) []outline.Token {
	if env.server != nil {
		return env.server.semanticTokens(path)
	}
	return outline.SemanticTokens(context.Background(), env.View, path)
}

func (env *Env) codeActions(path string, span text.Span) []fix.Action {
	if env.server != nil {
		return env.server.codeActions(path, span)
	}
	ctx := context.Background()
	return fix.Actions(ctx, env.View, path, span, env.Engine.Diagnostics(ctx, env.View, path))
}

// diagnostics are the diagnostics of the file at path.
func (env *Env) diagnostics(path string) []model.Diagnostic {
	if env.server != nil {
		return env.server.diagnostics(path)
	}
	return env.Engine.Diagnostics(context.Background(), env.View, path)
}

// typeHierarchy prepares the type hierarchy at off of the file at path
// and, unless related is "", asks for the "supertypes" or "subtypes" of
// the one type prepared (nil when not one).
func (env *Env) typeHierarchy(path string, off int, related string) (prepared, answer []navigate.TypeItem) {
	if env.server != nil {
		return env.server.typeHierarchy(path, off, related)
	}
	ctx := context.Background()
	prepared = navigate.PrepareTypeHierarchy(ctx, env.View, path, off)
	if related == "" || len(prepared) != 1 {
		return prepared, nil
	}
	if related == "supertypes" {
		return prepared, navigate.Supertypes(ctx, env.View, prepared[0].Decl)
	}
	return prepared, navigate.Subtypes(ctx, env.View, prepared[0].Decl)
}

// codeLenses lists the lenses of the file at path, each resolved (ok is
// false for one that does not resolve).
func (env *Env) codeLenses(path string) []resolvedLens {
	if env.server != nil {
		return env.server.codeLenses(path)
	}
	ctx := context.Background()
	var out []resolvedLens
	for _, l := range navigate.CodeLenses(ctx, env.View, path) {
		title, locs, ok := navigate.ResolveLens(ctx, env.View, path, l)
		out = append(out, resolvedLens{Lens: l, title: title, locs: locs, ok: ok})
	}
	return out
}
