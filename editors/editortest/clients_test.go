package editortest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// The set-ups of the clients that do not install here (no Debian or npm
// package): Helix, Sublime Text's LSP and JetBrains IDEs' LSP4IJ. Each
// file is checked against the fields its editor documents for it, and for
// starting `tosca-ls serve` on YAML and .tosca files.

func readClientFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repo, "editors", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// keysIn fails the test for a key of m not among known.
func keysIn(t *testing.T, what string, m map[string]any, known ...string) {
	t.Helper()
	for k := range m {
		if !slices.Contains(known, k) {
			t.Errorf("%s: %q is not a field the editor documents (%v)", what, k, known)
		}
	}
}

// TestHelixSetup: languages.toml as the Helix book's "Languages" chapter
// describes it: [language-server.NAME] with command and args, [[language]]
// entries with the keys of a language configuration; YAML files get
// tosca-ls next to their own server, .tosca files are a language of their
// own with YAML's grammar and queries.
func TestHelixSetup(t *testing.T) {
	var config map[string]any
	if _, err := toml.Decode(string(readClientFile(t, "helix/languages.toml")), &config); err != nil {
		t.Fatal(err)
	}
	keysIn(t, "languages.toml", config, "language-server", "language")
	servers, _ := config["language-server"].(map[string]any)
	server, _ := servers["tosca-ls"].(map[string]any)
	keysIn(t, "[language-server.tosca-ls]", server, "command", "args", "config", "timeout", "environment", "required-root-patterns")
	if server["command"] != "tosca-ls" || !slices.Equal(toStrings(server["args"]), []string{"serve"}) {
		t.Errorf("[language-server.tosca-ls] does not start tosca-ls serve: %v", server)
	}
	languages := map[string]map[string]any{}
	for _, l := range config["language"].([]map[string]any) {
		keysIn(t, "[[language]]", l, "name", "language-id", "scope", "injection-regex", "file-types", "shebangs", "roots",
			"comment-token", "comment-tokens", "block-comment-tokens", "indent", "grammar", "formatter", "auto-format",
			"language-servers", "workspace-lsp-roots", "auto-pairs")
		languages[l["name"].(string)] = l
	}
	if !slices.Contains(toStrings(languages["yaml"]["language-servers"]), "tosca-ls") {
		t.Error("YAML files are not handed to tosca-ls")
	}
	tosca := languages["tosca"]
	if tosca["grammar"] != "yaml" || !slices.Equal(toStrings(tosca["file-types"]), []string{"tosca"}) ||
		!slices.Equal(toStrings(tosca["language-servers"]), []string{"tosca-ls"}) || tosca["scope"] != "source.tosca" {
		t.Errorf("the tosca language: %v", tosca)
	}
	for _, q := range []string{"highlights.scm", "indents.scm"} {
		if got := string(readClientFile(t, "helix/queries/tosca/"+q)); got != "; inherits: yaml\n" {
			t.Errorf("queries/tosca/%s: %q, want YAML's", q, got)
		}
	}
}

// TestSublimeSetup: LSP.sublime-settings as Sublime Text's LSP package
// documents a client: enabled, command, selector (a scope selector) and
// settings, in a JSON file that may hold // comments.
func TestSublimeSetup(t *testing.T) {
	raw := regexp.MustCompile(`(?m)^\s*//.*$`).ReplaceAll(readClientFile(t, "sublime/LSP.sublime-settings"), nil)
	var config map[string]map[string]map[string]any
	if err := json.Unmarshal(raw, &config); err != nil {
		t.Fatal(err)
	}
	client := config["clients"]["tosca-ls"]
	keysIn(t, "clients.tosca-ls", client, "enabled", "command", "selector", "priority_selector", "schemes", "settings",
		"initializationOptions", "env", "experimental_capabilities", "disabled_capabilities", "file_watcher", "tcp_port")
	if client["enabled"] != true || !slices.Equal(toStrings(client["command"]), []string{"tosca-ls", "serve"}) || client["selector"] != "source.yaml" {
		t.Errorf("clients.tosca-ls: %v", client)
	}
}

// TestLSP4IJSetup: a user-defined language server template for LSP4IJ, as
// its documentation describes one: template.json with an id, a name, the
// command line per OS and file type mappings to language ids, and the
// server's settings in settings.json.
func TestLSP4IJSetup(t *testing.T) {
	var template map[string]any
	if err := json.Unmarshal(readClientFile(t, "lsp4ij/template.json"), &template); err != nil {
		t.Fatal(err)
	}
	keysIn(t, "template.json", template, "id", "name", "programArgs", "languageMappings", "fileTypeMappings", "patternMappings", "description", "url")
	args, _ := template["programArgs"].(map[string]any)
	if template["id"] != "tosca-ls" || args["default"] != "tosca-ls serve" || args["windows"] != "tosca-ls.exe serve" {
		t.Errorf("template.json: %v", template)
	}
	ids := map[string]string{}
	for _, m := range template["fileTypeMappings"].([]any) {
		mapping := m.(map[string]any)
		keysIn(t, "fileTypeMappings", mapping, "fileType", "languageId")
		fileType := mapping["fileType"].(map[string]any)
		keysIn(t, "fileType", fileType, "name", "patterns")
		ids[fileType["name"].(string)] = mapping["languageId"].(string)
		for _, p := range toStrings(fileType["patterns"]) {
			if ok, _ := filepath.Match(p, "service.tosca"); !ok {
				t.Errorf("pattern %q does not match .tosca files", p)
			}
		}
	}
	if ids["YAML"] != "yaml" || ids["TOSCA"] != "tosca" {
		t.Errorf("file types: %v", ids)
	}
	var settings map[string]any
	if err := json.Unmarshal(readClientFile(t, "lsp4ij/settings.json"), &settings); err != nil || settings["tosca"] == nil {
		t.Errorf("settings.json: %v %v", err, settings)
	}
}

func toStrings(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, strings.TrimSpace(s))
	}
	return out
}
