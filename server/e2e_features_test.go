package server_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/uri"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// The editing features end to end: the real binary, a multi-file TOSCA 2.0
// project with nested namespaces (main → my → k8s → the simple profile),
// driven over stdio as an editor does.

const cursor = "‸"

var featureProject = map[string]string{
	"k8s.yaml": `tosca_definitions_version: tosca_2_0
profile: example.com.k8s:1.0
imports:
  - profile: org.oasis-open.simple:2.0
node_types:
  ‸[pod]Pod:
    derived_from: Root
    description: A group of containers scheduled together.
    properties:
      image:
        type: string
        default: busybox
`,
	"my.yaml": `tosca_definitions_version: tosca_2_0
imports:
  - profile: example.com.k8s:1.0
    namespace: k8s
node_types:
  SuperPod:
    derived_from: k8s:Pod
`,
	"main.yaml": `tosca_definitions_version: tosca_2_0
imports:
  - url: ‸[import]my.yaml
    namespace: ‸[ns]my
service_template:
  inputs:
    img:
      type: string
  node_templates:
    web:
      type: ‸[prefix]my:Super‸[super]Pod
      properties:
        image: { $get_input: [ i‸[input]mg ] }
    db:
      type: my:k8s:Pod
`,
}

// markers strips `‸[name]` markers and returns the text and each marker's
// LSP position (UTF-16 columns).
func markers(src string) (string, map[string]map[string]any) {
	out := map[string]map[string]any{}
	var b strings.Builder
	line, col := 0, 0
	for i := 0; i < len(src); {
		if strings.HasPrefix(src[i:], cursor+"[") {
			end := strings.Index(src[i:], "]")
			out[src[i+len(cursor)+1:i+end]] = pos(line, col)
			i += end + 1
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		b.WriteString(src[i : i+size])
		if r == '\n' {
			line, col = line+1, 0
		} else {
			col += len(utf16.Encode([]rune{r}))
		}
		i += size
	}
	return b.String(), out
}

func TestE2EFeatures(t *testing.T) {
	e := startBinary(t)
	at := map[string]map[string]map[string]any{}
	for name, src := range featureProject {
		text, marks := markers(src)
		e.write(name, text)
		at[name] = marks
	}
	e.initialize(defaultInitParams(e.dir))
	e.awaitIndexed()
	main := e.uri("main.yaml")
	mainText, _ := markers(featureProject["main.yaml"])
	e.open(main, "yaml", mainText, 1)
	p := e.awaitPublish(main, "diagnostics of main.yaml", versionIs(1))
	if len(p.Diagnostics) != 0 {
		t.Fatalf("the project should be clean: %s", p.Raw)
	}
	doc := func(u string) map[string]any { return map[string]any{"uri": u} }
	atPos := func(u string, position map[string]any) map[string]any {
		return map[string]any{"textDocument": doc(u), "position": position}
	}

	t.Run("hover shows the derivation chain", func(t *testing.T) {
		var h struct {
			Contents struct{ Value string } `json:"contents"`
		}
		e.result("textDocument/hover", atPos(main, at["main.yaml"]["super"]), &h)
		chain := regexpChain(h.Contents.Value)
		if !strings.HasPrefix(chain, "my:SuperPod → ") || !strings.Contains(chain, "Pod → ") || !strings.HasSuffix(chain, "Root") || !strings.Contains(h.Contents.Value, "Defined in `my.yaml`") {
			t.Errorf("hover: want the chain SuperPod → …Pod → …Root, got:\n%s", h.Contents.Value)
		}
	})

	t.Run("definition through two namespaces", func(t *testing.T) {
		var locs []struct {
			URI   string         `json:"uri"`
			Range map[string]any `json:"range"`
		}
		e.result("textDocument/definition", atPos(main, at["main.yaml"]["super"]), &locs)
		if len(locs) != 1 || locs[0].URI != e.uri("my.yaml") {
			t.Errorf("definition of my:SuperPod: %+v", locs)
		}
		e.result("textDocument/definition", atPos(main, at["main.yaml"]["input"]), &locs)
		if len(locs) != 1 || locs[0].URI != main {
			t.Errorf("definition of the input: %+v", locs)
		}
	})

	t.Run("type hierarchy, declaration and code lenses", func(t *testing.T) {
		type item struct {
			Name   string          `json:"name"`
			Detail string          `json:"detail"`
			URI    string          `json:"uri"`
			Kind   int             `json:"kind"`
			Data   json.RawMessage `json:"data"`
			Range  any             `json:"range"`
			Sel    any             `json:"selectionRange"`
		}
		var prepared, supers, subs []item
		e.result("textDocument/prepareTypeHierarchy", atPos(main, at["main.yaml"]["super"]), &prepared)
		if len(prepared) != 1 || prepared[0].Name != "SuperPod" || prepared[0].URI != e.uri("my.yaml") || prepared[0].Detail != "node type · my.yaml" || prepared[0].Kind != 5 {
			t.Fatalf("prepare on my:SuperPod: %+v", prepared)
		}
		e.result("typeHierarchy/supertypes", map[string]any{"item": prepared[0]}, &supers)
		if len(supers) != 1 || supers[0].Name != "Pod" || supers[0].URI != e.uri("k8s.yaml") {
			t.Fatalf("supertypes of SuperPod: %+v", supers)
		}
		e.result("typeHierarchy/subtypes", map[string]any{"item": supers[0]}, &subs)
		if len(subs) != 1 || subs[0].Name != "SuperPod" {
			t.Errorf("subtypes of Pod: %+v", subs)
		}
		var decl []struct {
			URI   string `json:"uri"`
			Range struct {
				Start map[string]any `json:"start"`
			} `json:"range"`
		}
		for _, p := range []map[string]any{at["main.yaml"]["prefix"], at["main.yaml"]["super"]} {
			e.result("textDocument/declaration", atPos(main, p), &decl)
			if len(decl) != 1 || decl[0].URI != main || !reflect.DeepEqual(decl[0].Range.Start, at0(at["main.yaml"]["ns"])) {
				t.Errorf("declaration of my:SuperPod at %v: %+v, want the namespace of the import", p, decl)
			}
		}
		k8s := e.uri("k8s.yaml")
		var lenses []struct {
			Range   map[string]any  `json:"range"`
			Command json.RawMessage `json:"command"`
			Data    json.RawMessage `json:"data"`
		}
		e.result("textDocument/codeLens", map[string]any{"textDocument": doc(k8s)}, &lenses)
		if len(lenses) != 2 || lenses[0].Command != nil {
			t.Fatalf("lenses of k8s.yaml (2, unresolved): %s", mustJSON(t, lenses))
		}
		var titles []string
		for _, l := range lenses {
			var resolved struct {
				Command struct {
					Title     string            `json:"title"`
					Command   string            `json:"command"`
					Arguments []json.RawMessage `json:"arguments"`
				} `json:"command"`
			}
			e.result("codeLens/resolve", l, &resolved)
			titles = append(titles, resolved.Command.Title)
			var locs []struct{ URI string }
			if c := resolved.Command; c.Command != "tosca-ls.showReferences" || len(c.Arguments) != 3 || json.Unmarshal(c.Arguments[2], &locs) != nil || len(locs) == 0 {
				t.Errorf("lens command: %+v", c)
			}
		}
		if strings.Join(titles, ", ") != "1 derived type, 2 node templates" {
			t.Errorf("lens titles: %q", titles)
		}
	})

	t.Run("references and rename across files keep prefixes", func(t *testing.T) {
		k8s := e.uri("k8s.yaml")
		var refs []struct{ URI string }
		e.result("textDocument/references", map[string]any{"textDocument": doc(k8s), "position": at["k8s.yaml"]["pod"], "context": map[string]any{"includeDeclaration": true}}, &refs)
		files := map[string]bool{}
		for _, r := range refs {
			files[r.URI] = true
		}
		if !files[k8s] || !files[e.uri("my.yaml")] || !files[main] {
			t.Errorf("references of Pod: %+v", refs)
		}
		var edit struct {
			Changes         map[string][]struct{ NewText string } `json:"changes"`
			DocumentChanges []struct {
				TextDocument struct{ URI string }
				Edits        []struct{ NewText string }
			} `json:"documentChanges"`
		}
		e.result("textDocument/rename", map[string]any{"textDocument": doc(k8s), "position": at["k8s.yaml"]["pod"], "newName": "Box"}, &edit)
		texts := map[string][]string{}
		for u, es := range edit.Changes {
			for _, x := range es {
				texts[u] = append(texts[u], x.NewText)
			}
		}
		for _, dc := range edit.DocumentChanges {
			for _, x := range dc.Edits {
				texts[dc.TextDocument.URI] = append(texts[dc.TextDocument.URI], x.NewText)
			}
		}
		if len(texts[k8s]) == 0 || len(texts[e.uri("my.yaml")]) == 0 || len(texts[main]) == 0 {
			t.Errorf("rename edits: %+v", texts)
		}
		for u, ts := range texts {
			for _, x := range ts {
				if x != "Box" {
					t.Errorf("%s: rename rewrote %q (the prefix must stay as written)", u, x)
				}
			}
		}
	})

	t.Run("completion on a half-typed line", func(t *testing.T) {
		typed := mainText + "      pro"
		e.change(main, 2, edit(nil, typed))
		var list struct {
			Items []struct{ Label string } `json:"items"`
		}
		lines := strings.Split(typed, "\n")
		e.result("textDocument/completion", atPos(main, pos(len(lines)-1, len(lines[len(lines)-1]))), &list)
		if !hasLabel(list.Items, "properties") {
			t.Errorf("completion under db lacks properties: %+v", list.Items)
		}
		e.change(main, 3, edit(nil, mainText))
	})

	t.Run("a long completion list comes narrowed and incomplete", func(t *testing.T) {
		// 1.3's capability and node types, each by three names: over 100.
		u := e.uri("narrowed.yaml")
		text := "tosca_definitions_version: tosca_simple_yaml_1_3\nrelationship_types:\n  R:\n    derived_from: tosca.relationships.ConnectsTo\n    valid_target_types: [ Comp ]\n"
		e.open(u, "yaml", text, 1)
		var list struct {
			IsIncomplete bool                     `json:"isIncomplete"`
			Items        []struct{ Label string } `json:"items"`
		}
		e.result("textDocument/completion", atPos(u, pos(4, len("    valid_target_types: [ Comp"))), &list)
		if !list.IsIncomplete || !hasLabel(list.Items, "tosca.capabilities.Compute") || hasLabel(list.Items, "tosca.capabilities.Endpoint") {
			t.Errorf("want an incomplete list narrowed to what \"Comp\" matches, got incomplete=%v %+v", list.IsIncomplete, list.Items)
		}
	})

	t.Run("diagnostic and its quick fix", func(t *testing.T) {
		broken := strings.Replace(mainText, "my:SuperPod", "my:SuperPood", 1)
		e.change(main, 4, edit(nil, broken))
		p := e.awaitPublish(main, "unknown-type", func(p lsptest.Publish) bool { return p.Version != nil && *p.Version == 4 })
		if !hasCode(p, "unknown-type") {
			t.Fatalf("want unknown-type, got %s", p.Raw)
		}
		var actions []struct {
			Title string
			Edit  json.RawMessage
		}
		fixOffered := func() bool {
			actions = nil
			e.result("textDocument/codeAction", map[string]any{"textDocument": doc(main), "range": map[string]any{"start": at["main.yaml"]["super"], "end": at["main.yaml"]["super"]}, "context": map[string]any{"diagnostics": []any{}}}, &actions)
			found := false
			for _, a := range actions {
				found = found || strings.Contains(a.Title, "my:SuperPod") && strings.Contains(string(a.Edit), "my:SuperPod")
			}
			return found
		}
		if !fixOffered() {
			t.Errorf("no did-you-mean fix to my:SuperPod in %+v", actions)
		}
		// A code turned off in the settings shows nothing to fix.
		settings := func(diags map[string]string) map[string]any {
			return map[string]any{"settings": map[string]any{"tosca": map[string]any{"diagnostics": diags}}}
		}
		e.notify("workspace/didChangeConfiguration", settings(map[string]string{"unknown-type": "off"}))
		if fixOffered() {
			t.Errorf("a fix of unknown-type, which is off: %+v", actions)
		}
		e.notify("workspace/didChangeConfiguration", settings(map[string]string{}))
		e.change(main, 5, edit(nil, mainText))
	})

	t.Run("symbols, links, tokens, folding, signature help", func(t *testing.T) {
		var syms []struct {
			Name     string
			Children []struct {
				Name     string
				Children []struct{ Name string }
			}
		}
		e.result("textDocument/documentSymbol", map[string]any{"textDocument": doc(main)}, &syms)
		if !strings.Contains(mustJSON(t, syms), `"web"`) || !strings.Contains(mustJSON(t, syms), `"db"`) {
			t.Errorf("outline lacks the node templates: %s", mustJSON(t, syms))
		}
		var ws []struct{ Name string }
		e.result("workspace/symbol", map[string]any{"query": "SupPod"}, &ws)
		if len(ws) == 0 || ws[0].Name != "SuperPod" {
			t.Errorf("workspace symbol SupPod: %+v", ws)
		}
		// my.yaml was never opened: the index keeps no tree of it, the
		// request parses it again.
		e.result("textDocument/documentSymbol", map[string]any{"textDocument": doc(e.uri("my.yaml"))}, &syms)
		if !strings.Contains(mustJSON(t, syms), `"SuperPod"`) {
			t.Errorf("outline of a closed file lacks SuperPod: %s", mustJSON(t, syms))
		}
		var links []struct{ Target string }
		e.result("textDocument/documentLink", map[string]any{"textDocument": doc(main)}, &links)
		if len(links) != 1 || uri.URI(links[0].Target).FsPath() != uri.URI(e.uri("my.yaml")).FsPath() {
			t.Errorf("links: %+v", links)
		}
		var tokens struct{ Data []int }
		e.result("textDocument/semanticTokens/full", map[string]any{"textDocument": doc(main)}, &tokens)
		if len(tokens.Data) == 0 || len(tokens.Data)%5 != 0 {
			t.Errorf("semantic tokens: %v", tokens.Data)
		}
		// A delta against the full result: nothing changed, no edit.
		var full struct {
			ResultID string `json:"resultId"`
			Data     []int  `json:"data"`
		}
		e.result("textDocument/semanticTokens/full", map[string]any{"textDocument": doc(main)}, &full)
		var delta struct {
			ResultID string            `json:"resultId"`
			Edits    []json.RawMessage `json:"edits"`
		}
		e.result("textDocument/semanticTokens/full/delta", map[string]any{"textDocument": doc(main), "previousResultId": full.ResultID}, &delta)
		if full.ResultID == "" || delta.ResultID == "" || delta.ResultID == full.ResultID || len(delta.Edits) != 0 {
			t.Errorf("delta of an unchanged document: %+v after %+v", delta, full.ResultID)
		}
		// An unknown previous result gets the whole tokens.
		var whole struct{ Data []int }
		e.result("textDocument/semanticTokens/full/delta", map[string]any{"textDocument": doc(main), "previousResultId": "stale"}, &whole)
		if len(whole.Data) != len(full.Data) {
			t.Errorf("delta from an unknown result: %v", whole.Data)
		}
		// The range of the node templates holds fewer tokens, all inside it.
		var ranged struct{ Data []int }
		e.result("textDocument/semanticTokens/range", map[string]any{"textDocument": doc(main), "range": rangeOf(8, 0, 11, 0)}, &ranged)
		if len(ranged.Data) == 0 || len(ranged.Data) >= len(full.Data) || ranged.Data[0] < 8 {
			t.Errorf("range tokens: %v", ranged.Data)
		}
		var sel []struct {
			Range  map[string]any `json:"range"`
			Parent *struct {
				Parent *json.RawMessage `json:"parent"`
			} `json:"parent"`
		}
		e.result("textDocument/selectionRange", map[string]any{"textDocument": doc(main), "positions": []any{at["main.yaml"]["super"]}}, &sel)
		if len(sel) != 1 || sel[0].Parent == nil || sel[0].Parent.Parent == nil {
			t.Errorf("selection ranges: %s", mustJSON(t, sel))
		}
		var folds []map[string]any
		e.result("textDocument/foldingRange", map[string]any{"textDocument": doc(main)}, &folds)
		if len(folds) < 3 {
			t.Errorf("folding ranges: %v", folds)
		}
		var sig struct {
			Signatures []struct{ Label string }
		}
		e.result("textDocument/signatureHelp", atPos(main, at["main.yaml"]["input"]), &sig)
		if len(sig.Signatures) == 0 || !strings.Contains(sig.Signatures[0].Label, "$get_input") {
			t.Errorf("signature help in $get_input: %+v", sig)
		}
	})
}

// at0 is a position as JSON decodes it (numbers as float64).
func at0(p map[string]any) map[string]any {
	return map[string]any{"line": float64(p["line"].(int)), "character": float64(p["character"].(int))}
}

func hasLabel(items []struct{ Label string }, label string) bool {
	for _, it := range items {
		if it.Label == label {
			return true
		}
	}
	return false
}

// regexpChain extracts the "A → B → C" line of a hover.
func regexpChain(md string) string {
	for _, line := range strings.Split(md, "\n") {
		if strings.Count(line, "→") >= 2 {
			return strings.Trim(strings.TrimSpace(line[strings.Index(line, ": ")+1:]), "`* ")
		}
	}
	return ""
}

func mustJSON(t *testing.T, v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
