package markers_test

// Markers of the outline features (package analysis/outline). Each
// document-wide marker reads the file it is written in; its identifier
// argument names the golden file (NAME.golden) the answer is compared with.
//
//	#@symbols(NAME)      the document outline, one symbol a line, children
//	                     indented: name (kind): detail  range
//	#@tokens(NAME)       the semantic tokens: range text type [modifiers]
//	#@folds(NAME)        the folding ranges: range kind
//	#@links(NAME)        the document links: range "text" -> target (tooltip);
//	                     files of the embedded profiles show as <profiles>/…
//	#@wsymbols("query", "name (kind) @container", …)
//	                     the workspace symbols of query start with these, in
//	                     order; with no expected symbol, the answer is empty
//	#@nowsymbols("query", "substring", …)
//	                     no workspace symbol of query, rendered as above,
//	                     contains one of the substrings
//
// Every answer is also checked for its invariants: symbols nest and select
// their name, tokens are sorted, apart and on one line, folds span lines,
// links open files that exist.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index/text"
)

func init() {
	handlers["symbols"] = symbolsMarker
	handlers["tokens"] = tokensMarker
	handlers["folds"] = foldsMarker
	handlers["links"] = linksMarker
	handlers["wsymbols"] = wsymbolsMarker
	handlers["nowsymbols"] = nowsymbolsMarker
}

// document reads a document-wide marker: the golden file it compares with,
// and the absolute path and text of the file it is written in.
func document(env *Env, m Marker) (golden, path, src string, ok bool) {
	if len(m.Args) != 1 || m.Args[0].IsStr {
		env.Errorf(m, "want @%s(NAME): NAME.golden holds the expected answer", m.Name)
		return "", "", "", false
	}
	return m.Args[0].Ident + ".golden", env.Abs(m.Path), env.Files[m.Path], true
}

// rangeOf shows a span of a fixture file as line:col-line:col (1-based).
func rangeOf(env *Env, path string, s text.Span) string {
	lines := env.Snap.File(path).Lines()
	sl, sc := lines.LineCol(s.Start)
	el, ec := lines.LineCol(s.End)
	return fmt.Sprintf("%d:%d-%d:%d", sl+1, sc+1, el+1, ec+1)
}

var symbolKindNames = map[outline.SymbolKind]string{
	outline.SymbolFile: "file", outline.SymbolModule: "module", outline.SymbolNamespace: "namespace",
	outline.SymbolPackage: "package", outline.SymbolClass: "class", outline.SymbolMethod: "method",
	outline.SymbolProperty: "property", outline.SymbolField: "field", outline.SymbolInterface: "interface",
	outline.SymbolFunction: "function", outline.SymbolVariable: "variable", outline.SymbolObject: "object",
	outline.SymbolKey: "key", outline.SymbolStruct: "struct", outline.SymbolEvent: "event",
}

func symbolsMarker(env *Env, m Marker) {
	golden, path, src, ok := document(env, m)
	if !ok {
		return
	}
	var b strings.Builder
	var walk func(syms []outline.Symbol, parent *outline.Symbol, depth int)
	walk = func(syms []outline.Symbol, parent *outline.Symbol, depth int) {
		for i := range syms {
			s := &syms[i]
			if s.Selection.Start < s.Span.Start || s.Selection.End > s.Span.End || s.Span.End > len(src) {
				env.Errorf(m, "%s: selection %v outside span %v", s.Name, s.Selection, s.Span)
			} else if sel := src[s.Selection.Start:s.Selection.End]; !strings.Contains(sel, s.Name) && !strings.EqualFold(strings.ReplaceAll(sel, "_", " "), s.Name) {
				env.Errorf(m, "%s: selection is %q", s.Name, sel)
			}
			if parent != nil && (s.Span.Start < parent.Span.Start || s.Span.End > parent.Span.End) {
				env.Errorf(m, "%s: span %v outside parent %s %v", s.Name, s.Span, parent.Name, parent.Span)
			}
			fmt.Fprintf(&b, "%s%s (%s)", strings.Repeat("  ", depth), s.Name, symbolKindNames[s.Kind])
			if s.Detail != "" {
				fmt.Fprintf(&b, ": %s", s.Detail)
			}
			fmt.Fprintf(&b, "  %s\n", rangeOf(env, path, s.Span))
			walk(s.Children, s, depth+1)
		}
	}
	walk(outline.DocumentSymbols(context.Background(), env.View, path), nil, 0)
	env.CheckGolden(m, golden, b.String())
}

var tokenTypeNames = map[outline.TokenType]string{
	outline.TokenTypeName: "type", outline.TokenTemplate: "template", outline.TokenInput: "input",
	outline.TokenFunction: "function", outline.TokenProperty: "property", outline.TokenKeyword: "keyword",
	outline.TokenNamespace: "namespace", outline.TokenParameter: "parameter",
}

var modifierNames = map[outline.TokenModifiers]string{
	outline.ModDeclaration: "declaration", outline.ModDefaultLibrary: "defaultLibrary", outline.ModDeprecated: "deprecated",
}

func tokensMarker(env *Env, m Marker) {
	golden, path, src, ok := document(env, m)
	if !ok {
		return
	}
	lines := text.NewLines([]byte(src))
	var b strings.Builder
	prevEnd := -1
	for _, tok := range env.semanticTokens(path) {
		s := tok.Span
		if s.Start < prevEnd || s.Len() <= 0 || s.End > len(src) || lines.Line(s.Start) != lines.Line(s.End-1) {
			env.Errorf(m, "token %v overlaps the previous one, is empty or crosses a line", s)
			continue
		}
		prevEnd = s.End
		fmt.Fprintf(&b, "%s %s %s", rangeOf(env, path, s), src[s.Start:s.End], tokenTypeNames[tok.Type])
		var mods []string
		for _, mod := range outline.Modifiers {
			if tok.Modifiers&mod != 0 {
				mods = append(mods, modifierNames[mod])
			}
		}
		if len(mods) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(mods, ","))
		}
		b.WriteByte('\n')
	}
	env.CheckGolden(m, golden, b.String())
}

var foldKindNames = map[outline.FoldKind]string{outline.FoldRegion: "region", outline.FoldComment: "comment", outline.FoldImports: "imports"}

func foldsMarker(env *Env, m Marker) {
	golden, path, src, ok := document(env, m)
	if !ok {
		return
	}
	lines := text.NewLines([]byte(src))
	var b strings.Builder
	for _, f := range outline.FoldingRanges(context.Background(), env.View, path) {
		if f.Span.Len() <= 0 || lines.Line(f.Span.Start) >= lines.Line(f.Span.End-1) {
			env.Errorf(m, "fold %v does not span lines", f.Span)
		}
		fmt.Fprintf(&b, "%s %s\n", rangeOf(env, path, f.Span), foldKindNames[f.Kind])
	}
	env.CheckGolden(m, golden, b.String())
}

func linksMarker(env *Env, m Marker) {
	golden, path, src, ok := document(env, m)
	if !ok {
		return
	}
	var b strings.Builder
	for _, l := range outline.DocumentLinks(context.Background(), env.View, path) {
		if st, err := os.Stat(l.Target); err != nil || st.IsDir() {
			env.Errorf(m, "link %v opens %s, which is not a file", l.Span, l.Target)
		}
		target, tip := env.Rel(l.Target), l.Tooltip
		if f := env.Snap.File(l.Target); f != nil && f.Embedded {
			// The profiles are extracted under a folder named by their hash.
			root := filepath.Dir(filepath.Dir(l.Target))
			target = strings.ReplaceAll(target, root, "<profiles>")
			tip = strings.ReplaceAll(tip, root, "<profiles>")
		}
		fmt.Fprintf(&b, "%s %q -> %s (%s)\n", rangeOf(env, path, l.Span), src[l.Span.Start:l.Span.End], target, tip)
	}
	env.CheckGolden(m, golden, b.String())
}

// workspaceSymbols renders the workspace symbols of the marker's query.
func workspaceSymbols(env *Env, m Marker) []string {
	var out []string
	for _, s := range outline.NewIndex().WorkspaceSymbols(context.Background(), env.View, env.Str(m, 0)) {
		f := env.Snap.File(s.Location.Path)
		if f == nil || s.Location.Span.End > len(f.Facts.Src) || f.Facts.Src[s.Location.Span.Start:s.Location.Span.End] != s.Name {
			env.Errorf(m, "%s is not located on its name: %s", s.Name, env.DescribeLoc(s.Location))
		}
		out = append(out, fmt.Sprintf("%s (%s) @%s", s.Name, symbolKindNames[s.Kind], s.Container))
	}
	return out
}

func wsymbolsMarker(env *Env, m Marker) {
	got := workspaceSymbols(env, m)
	want := env.Strs(m, 1)
	if len(want) == 0 && len(got) > 0 || len(got) < len(want) || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
		env.Errorf(m, "workspace symbols of %q:\n%s\nwant them to start with:\n%s", env.Str(m, 0), strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func nowsymbolsMarker(env *Env, m Marker) {
	for _, s := range workspaceSymbols(env, m) {
		for _, bad := range env.Strs(m, 1) {
			if strings.Contains(s, bad) {
				env.Errorf(m, "workspace symbols of %q include %s", env.Str(m, 0), s)
			}
		}
	}
}
