package markers_test

// The marker tests through the language server, as gopls runs its marker
// tests through its fake editor: the archives below are run again with
// every feature the markers ask for answered by server.Run over a pipe
// (the framing of stdio), the fixture's folder its workspace and every
// fixture file open. Answers come back as LSP sends them (URIs, UTF-16
// positions, the protocol's kinds and encodings) and are converted back to
// paths and byte offsets with the file's text, so that a position the
// server gets wrong, a result it drops or a field it maps badly fails the
// marker that checks it. Markers of what these archives do not need the
// server for (outline, folding, the sweep) run only in TestMarkers.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/analysis/complete"
	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/fix"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/hover"
	"github.com/tosca-ls/tosca-ls/analysis/inlay"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
	"github.com/tosca-ls/tosca-ls/analysis/outline"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
	"github.com/tosca-ls/tosca-ls/server"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// lspArchives are the archives run through the server: together their
// markers ask for every feature (completion, signature help, hover,
// definition, declaration, type definition, implementation, references,
// highlights, rename, inlay hints, semantic tokens, code actions, type
// hierarchy, code lenses) and every diagnostic, on text with characters
// UTF-16 counts differently from bytes (lsp/utf16).
var lspArchives = []string{
	"lsp/utf16",
	"navigate/v2-project",
	"navigate/hierarchy",
	"navigate/members-2.0",
	"hover/tosca-path",
	"hover/values-2.0",
	"hover/values-1.3",
	"corpora/microservice",
	"complete/final-2.0",
	"complete/needs-2.0",
	"complete/quoting",
	"complete/signature",
	"inlay/hints-2.0",
	"outline/tokens-2.0-namespaces",
	"fix/draft",
	"fix/crlf",
}

// lspMarkers are the markers the server answers.
var lspMarkers = map[string]bool{
	"def": true, "decl": true, "typedef": true, "impl": true, "refs": true, "allrefs": true,
	"highlight": true, "preparerename": true, "rename": true, "renameerr": true,
	"hover": true, "nohover": true, "hoverlacks": true, "signature": true, "nosignature": true,
	"complete": true, "completeorder": true, "completefirst": true, "nocomplete": true,
	"completedetail": true, "completedoc": true, "completeedit": true, "completesnippet": true, "completerange": true,
	"inlays": true, "inlaysin": true, "tokens": true,
	"codeaction": true, "nocodeaction": true, "codeactions": true,
	"typehierarchy": true, "supertypes": true, "subtypes": true, "lenses": true, "lens": true,
	"language": true,
}

func TestMarkersLSP(t *testing.T) {
	for _, name := range lspArchives {
		t.Run(name, func(t *testing.T) {
			runArchive(t, filepath.Join("../../testdata/markers", name+".txtar"), true)
		})
	}
}

// lspServer is the language server an archive runs through.
type lspServer struct {
	env    *Env
	client *lsptest.Client
	// items are the type hierarchy items last answered, by where their
	// names are, to ask for their supertypes and subtypes.
	items map[model.Location]json.RawMessage
}

// lspTimeout bounds one request.
const lspTimeout = 30 * time.Second

// startServer runs the server over pipes with the fixture's folder as its
// workspace, the profiles where the fixture's index has them, and opens
// every fixture file (as the editor's language names it: @language, else
// TOSCA for a file that is not TOSCA by content, as completion's fixtures
// expect).
func startServer(env *Env) *lspServer {
	t := env.T
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- server.Run(ctx, serverIn, serverOut, server.Options{Version: "markers", CacheDir: markerCache()})
	}()
	s := &lspServer{env: env, client: lsptest.New(clientIn, clientOut), items: map[model.Location]json.RawMessage{}}
	t.Cleanup(func() {
		call, cancelCall := context.WithTimeout(context.Background(), lspTimeout)
		defer cancelCall()
		_, _ = s.client.Call(call, "shutdown", nil)
		_ = s.client.Notify("exit", nil)
		select {
		case <-done:
		case <-time.After(lspTimeout):
			t.Errorf("the server did not stop")
		}
		cancel()
	})
	root := string(uri.File(env.Dir))
	s.call("initialize", map[string]any{
		"processId": nil, "rootUri": root,
		"initializationOptions": map[string]any{"profilePaths": env.profilePaths},
		"workspaceFolders":      []any{map[string]any{"uri": root, "name": "fixture"}},
		"capabilities": map[string]any{
			"workspace": map[string]any{"workspaceEdit": map[string]any{"documentChanges": true}, "configuration": false},
			"textDocument": map[string]any{
				"completion": map[string]any{"completionItem": map[string]any{"snippetSupport": true}},
				"diagnostic": map[string]any{},
			},
		},
	}, nil)
	if err := s.client.Notify("initialized", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range env.Names {
		lang := "yaml"
		switch {
		case editorLanguage(env, name) != grammar.NotModel:
			lang = languageMarker(env, name)
		case index.DetectFile(name, []byte(env.Files[name])) == index.NotTOSCA:
			lang = "tosca"
		}
		if err := s.client.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
			"uri": s.uri(env.Abs(name)), "languageId": lang, "version": 1, "text": env.Files[name],
		}}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// markerCache is where the fixtures' indexes extract the embedded profiles.
func markerCache() string { return filepath.Join(os.TempDir(), "tosca-ls-marker-cache") }

// languageMarker is the language id a file's @language marker gives.
func languageMarker(env *Env, name string) string {
	for _, m := range env.Markers {
		if m.Name == "language" && m.Path == name {
			return argIdent(m, 0)
		}
	}
	return ""
}

// call sends a request and decodes its result; an error answer fails the
// test (see request for the answers that may be errors).
func (s *lspServer) call(method string, params, result any) {
	if err := s.request(method, params, result); err != nil {
		s.env.T.Fatalf("%s: %v", method, err)
	}
}

func (s *lspServer) request(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), lspTimeout)
	defer cancel()
	return s.client.CallResult(ctx, method, params, result)
}

func (s *lspServer) uri(path string) string { return string(uri.File(path)) }

// position and span convert byte offsets of the file at path to LSP's
// positions (UTF-16 characters) and back.
func (s *lspServer) lines(path string) *text.Lines {
	f := s.env.Snap.File(path)
	if f == nil {
		s.env.T.Fatalf("the server answered about %s, which the fixture does not hold", path)
	}
	return f.Lines()
}

type lspPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPosition `json:"start"`
	End   lspPosition `json:"end"`
}

type lspLocation struct {
	URI   string   `json:"uri"`
	Range lspRange `json:"range"`
}

func (s *lspServer) position(path string, off int) lspPosition {
	l, c := s.lines(path).UTF16(off)
	return lspPosition{l, c}
}

func (s *lspServer) span(path string, r lspRange) text.Span {
	lines := s.lines(path)
	return text.Span{Start: lines.OffsetOfUTF16(r.Start.Line, r.Start.Character), End: lines.OffsetOfUTF16(r.End.Line, r.End.Character)}
}

func (s *lspServer) lspRange(path string, span text.Span) lspRange {
	return lspRange{s.position(path, span.Start), s.position(path, span.End)}
}

func pathOf(u string) string { return filepath.Clean(uri.URI(u).FsPath()) }

func (s *lspServer) location(l lspLocation) model.Location {
	p := pathOf(l.URI)
	return model.Location{Path: p, Span: s.span(p, l.Range)}
}

// at is the params of a request at an offset.
func (s *lspServer) at(path string, off int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": s.uri(path)}, "position": s.position(path, off)}
}

var locateMethods = map[string]string{
	"def": "textDocument/definition", "decl": "textDocument/declaration", "typedef": "textDocument/typeDefinition",
	"impl": "textDocument/implementation", "refs": "textDocument/references", "allrefs": "textDocument/references",
}

func (s *lspServer) locations(request, path string, off int) []model.Location {
	params := s.at(path, off)
	if request == "refs" || request == "allrefs" {
		params["context"] = map[string]any{"includeDeclaration": request == "allrefs"}
	}
	var got []lspLocation
	s.call(locateMethods[request], params, &got)
	out := make([]model.Location, len(got))
	for i, l := range got {
		out[i] = s.location(l)
	}
	return out
}

func (s *lspServer) highlights(path string, off int) []navigate.Highlight {
	var got []struct {
		Range lspRange `json:"range"`
		Kind  int      `json:"kind"`
	}
	s.call("textDocument/documentHighlight", s.at(path, off), &got)
	out := make([]navigate.Highlight, len(got))
	for i, h := range got {
		out[i] = navigate.Highlight{Span: s.span(path, h.Range), Kind: navigate.Read}
		if h.Kind == 3 {
			out[i].Kind = navigate.Write
		}
	}
	return out
}

// errRefused is how an LSP client learns that prepareRename refuses: null.
var errRefused = fmt.Errorf("%w (prepareRename answered null)", navigate.ErrCannotRename)

func (s *lspServer) prepareRename(path string, off int) (text.Span, string, error) {
	var got *struct {
		Range       lspRange `json:"range"`
		Placeholder string   `json:"placeholder"`
	}
	s.call("textDocument/prepareRename", s.at(path, off), &got)
	if got == nil {
		return text.Span{}, "", errRefused
	}
	return s.span(path, got.Range), got.Placeholder, nil
}

// workspaceEdit is a WorkspaceEdit as the client asked for it (document
// changes, versioned for open documents).
type workspaceEdit struct {
	DocumentChanges []struct {
		TextDocument struct {
			URI     string `json:"uri"`
			Version *int   `json:"version"`
		} `json:"textDocument"`
		Edits []struct {
			Range   lspRange `json:"range"`
			NewText string   `json:"newText"`
		} `json:"edits"`
	} `json:"documentChanges"`
	Changes map[string]any `json:"changes"`
}

func (s *lspServer) edits(m Marker, we workspaceEdit) map[string][]model.TextEdit {
	if len(we.Changes) > 0 {
		s.env.Errorf(m, "the edit uses changes, not the documentChanges the client asked for")
	}
	out := map[string][]model.TextEdit{}
	for _, dc := range we.DocumentChanges {
		p := pathOf(dc.TextDocument.URI)
		if dc.TextDocument.Version == nil || *dc.TextDocument.Version != 1 {
			s.env.Errorf(m, "the edit of the open document %s has version %v, want 1", s.env.Rel(p), dc.TextDocument.Version)
		}
		for _, e := range dc.Edits {
			out[p] = append(out[p], model.TextEdit{Span: s.span(p, e.Range), NewText: e.NewText})
		}
	}
	return out
}

func (s *lspServer) rename(path string, off int, newName string) (map[string][]model.TextEdit, error) {
	params := s.at(path, off)
	params["newName"] = newName
	var we workspaceEdit
	if err := s.request("textDocument/rename", params, &we); err != nil {
		var e *lsptest.Error
		if errors.As(err, &e) && e.Code == -32803 { // RequestFailed
			return nil, fmt.Errorf("%w: %s", navigate.ErrCannotRename, e.Message)
		}
		s.env.T.Fatalf("rename: %v", err)
	}
	return s.edits(Marker{Name: "rename", pos: s.env.Rel(path)}, we), nil
}

func (s *lspServer) hover(path string, off int) *hover.Hover {
	var got *struct {
		Contents struct {
			Kind  string `json:"kind"`
			Value string `json:"value"`
		} `json:"contents"`
		Range lspRange `json:"range"`
	}
	s.call("textDocument/hover", s.at(path, off), &got)
	if got == nil {
		return nil
	}
	return &hover.Hover{Span: s.span(path, got.Range), Markdown: got.Contents.Value}
}

func (s *lspServer) completion(path string, off int) []complete.Item {
	var got struct {
		Items []struct {
			Label            string `json:"label"`
			Detail           string `json:"detail"`
			InsertTextFormat int    `json:"insertTextFormat"`
			Documentation    struct {
				Value string `json:"value"`
			} `json:"documentation"`
			TextEdit struct {
				Range   lspRange `json:"range"`
				NewText string   `json:"newText"`
			} `json:"textEdit"`
		} `json:"items"`
	}
	s.call("textDocument/completion", s.at(path, off), &got)
	out := make([]complete.Item, len(got.Items))
	for i, it := range got.Items {
		out[i] = complete.Item{Label: it.Label, Detail: it.Detail, Documentation: it.Documentation.Value, Snippet: it.InsertTextFormat == 2,
			Edit: model.TextEdit{Span: s.span(path, it.TextEdit.Range), NewText: it.TextEdit.NewText}}
	}
	return out
}

func (s *lspServer) signatureHelp(path string, off int) *complete.Signature {
	type doc struct {
		Value string `json:"value"`
	}
	var got *struct {
		Signatures []struct {
			Label         string `json:"label"`
			Documentation doc    `json:"documentation"`
			Parameters    []struct {
				Label         string `json:"label"`
				Documentation doc    `json:"documentation"`
			} `json:"parameters"`
		} `json:"signatures"`
		ActiveParameter *int `json:"activeParameter"`
	}
	s.call("textDocument/signatureHelp", s.at(path, off), &got)
	if got == nil || len(got.Signatures) == 0 {
		return nil
	}
	sig := got.Signatures[0]
	out := &complete.Signature{Label: sig.Label, Documentation: sig.Documentation.Value, Active: -1}
	if got.ActiveParameter != nil {
		out.Active = *got.ActiveParameter
	}
	for _, p := range sig.Parameters {
		out.Params = append(out.Params, complete.Param{Label: p.Label, Documentation: p.Documentation.Value})
	}
	return out
}

// hintSettings name each kind of inlay hint in the server's settings.
var hintSettings = map[inlay.Kind]string{
	inlay.InputDefault: "inputDefaults", inlay.Capability: "capabilities",
	inlay.ChainRoot: "chainRoots", inlay.Incoming: "incomingRelationships",
}

// inlayHints asks for the hints of each kind enabled in turn, the settings
// switching the others off: LSP's hints do not say their kind.
func (s *lspServer) inlayHints(path string, span text.Span, enabled func(inlay.Kind) bool) []inlay.Hint {
	var out []inlay.Hint
	for _, kind := range inlay.Kinds {
		if !enabled(kind) {
			continue
		}
		on := map[string]bool{}
		for k, name := range hintSettings {
			on[name] = k == kind
		}
		if err := s.client.Notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"tosca": map[string]any{"inlayHints": on}}}); err != nil {
			s.env.T.Fatal(err)
		}
		var got []struct {
			Position lspPosition `json:"position"`
			Label    string      `json:"label"`
			Tooltip  string      `json:"tooltip"`
		}
		s.call("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": s.uri(path)}, "range": s.lspRange(path, span)}, &got)
		for _, h := range got {
			off := s.span(path, lspRange{h.Position, h.Position}).Start
			out = append(out, inlay.Hint{Offset: off, Label: h.Label, Kind: kind, Tooltip: h.Tooltip})
		}
	}
	slices.SortStableFunc(out, func(a, b inlay.Hint) int { return a.Offset - b.Offset })
	return out
}

// semanticTokens decodes LSP's relative encoding with the legend.
func (s *lspServer) semanticTokens(path string) []outline.Token {
	var got struct {
		Data []int `json:"data"`
	}
	s.call("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": s.uri(path)}}, &got)
	var out []outline.Token
	line, char := 0, 0
	for i := 0; i+5 <= len(got.Data); i += 5 {
		d := got.Data[i : i+5]
		if d[0] > 0 {
			line, char = line+d[0], 0
		}
		char += d[1]
		start := s.span(path, lspRange{Start: lspPosition{line, char}, End: lspPosition{line, char + d[2]}})
		tok := outline.Token{Span: start}
		if d[3] < len(outline.TokenTypes) {
			tok.Type = outline.TokenTypes[d[3]] // the legend's order
		}
		for bit, m := range outline.Modifiers {
			if d[4]&(1<<bit) != 0 {
				tok.Modifiers |= m
			}
		}
		out = append(out, tok)
	}
	return out
}

type lspDiagnostic struct {
	Range    lspRange `json:"range"`
	Severity int      `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
}

func (s *lspServer) diagnostic(path string, d lspDiagnostic) model.Diagnostic {
	return model.Diagnostic{Path: path, Span: s.span(path, d.Range), Severity: diag.Severity(d.Severity), Code: d.Code, Message: d.Message}
}

// diagnostics pulls the file's diagnostics (the client announced pull
// diagnostics, so none are pushed).
func (s *lspServer) diagnostics(path string) []model.Diagnostic {
	var got struct {
		Kind  string          `json:"kind"`
		Items []lspDiagnostic `json:"items"`
	}
	s.call("textDocument/diagnostic", map[string]any{"textDocument": map[string]any{"uri": s.uri(path)}}, &got)
	out := make([]model.Diagnostic, len(got.Items))
	for i, d := range got.Items {
		out[i] = s.diagnostic(path, d)
	}
	return out
}

func (s *lspServer) codeActions(path string, span text.Span) []fix.Action {
	var got []struct {
		Title       string          `json:"title"`
		Kind        string          `json:"kind"`
		IsPreferred bool            `json:"isPreferred"`
		Diagnostics []lspDiagnostic `json:"diagnostics"`
		Edit        workspaceEdit   `json:"edit"`
	}
	s.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": s.uri(path)}, "range": s.lspRange(path, span),
		"context": map[string]any{"diagnostics": []any{}}}, &got)
	out := make([]fix.Action, len(got))
	for i, a := range got {
		out[i] = fix.Action{Title: a.Title, Kind: fix.Rewrite, Preferred: a.IsPreferred, Edits: s.edits(Marker{Name: "codeaction", pos: s.env.Rel(path)}, a.Edit)}
		if a.Kind == "quickfix" {
			out[i].Kind = fix.QuickFix
		}
		if len(a.Diagnostics) > 0 {
			d := s.diagnostic(path, a.Diagnostics[0])
			out[i].Diagnostic = &d
		}
	}
	return out
}

// typeItem is a type hierarchy item as LSP sends it.
type typeItem struct {
	Name           string          `json:"name"`
	Kind           int             `json:"kind"`
	Detail         string          `json:"detail"`
	URI            string          `json:"uri"`
	Range          lspRange        `json:"range"`
	SelectionRange lspRange        `json:"selectionRange"`
	Data           json.RawMessage `json:"data"`
}

func (s *lspServer) typeItems(raw []json.RawMessage) []navigate.TypeItem {
	out := make([]navigate.TypeItem, len(raw))
	for i, r := range raw {
		var it typeItem
		if err := json.Unmarshal(r, &it); err != nil {
			s.env.T.Fatal(err)
		}
		p := pathOf(it.URI)
		out[i] = navigate.TypeItem{Decl: model.Decl{Path: p}, Name: it.Name, Detail: it.Detail, Span: s.span(p, it.Range), NameSpan: s.span(p, it.SelectionRange)}
		s.items[model.Location{Path: p, Span: out[i].NameSpan}] = r
	}
	return out
}

func (s *lspServer) typeHierarchy(path string, off int, related string) (prepared, answer []navigate.TypeItem) {
	var got []json.RawMessage
	s.call("textDocument/prepareTypeHierarchy", s.at(path, off), &got)
	prepared = s.typeItems(got)
	if related == "" || len(prepared) != 1 {
		return prepared, nil
	}
	var rel []json.RawMessage
	s.call("typeHierarchy/"+related, map[string]any{"item": got[0]}, &rel)
	return prepared, s.typeItems(rel)
}

// codeLenses lists the lenses, then resolves each: its title, and the
// locations its command tosca-ls.showReferences [uri, position,
// locations] opens.
func (s *lspServer) codeLenses(path string) []resolvedLens {
	var got []json.RawMessage
	s.call("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": s.uri(path)}}, &got)
	out := make([]resolvedLens, len(got))
	for i, raw := range got {
		var lens struct {
			Range   lspRange `json:"range"`
			Command *struct {
				Title     string            `json:"title"`
				Command   string            `json:"command"`
				Arguments []json.RawMessage `json:"arguments"`
			} `json:"command"`
		}
		if err := json.Unmarshal(raw, &lens); err != nil || lens.Command != nil {
			s.env.T.Errorf("%s: lens %s comes resolved or unreadable: %v", s.env.Rel(path), raw, err)
		}
		out[i].Span = s.span(path, lens.Range)
		var resolved json.RawMessage
		s.call("codeLens/resolve", raw, &resolved)
		if err := json.Unmarshal(resolved, &lens); err != nil || lens.Command == nil {
			continue
		}
		out[i].title, out[i].ok = lens.Command.Title, lens.Command.Title != "…"
		var locs []lspLocation
		switch c := lens.Command; {
		case c.Command == "" && len(c.Arguments) == 0:
		case c.Command != "tosca-ls.showReferences" || len(c.Arguments) != 3 || json.Unmarshal(c.Arguments[2], &locs) != nil:
			s.env.T.Errorf("%s: lens %q runs %q %s", s.env.Rel(path), c.Title, c.Command, c.Arguments)
		}
		for _, l := range locs {
			out[i].locs = append(out[i].locs, s.location(l))
		}
	}
	return out
}

// lspSkips reports whether the server run leaves marker m to TestMarkers.
func lspSkips(env *Env, m Marker) bool {
	return env.server != nil && !lspMarkers[m.Name]
}
