//go:build unix

package editortest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestNeovim(t *testing.T) {
	requireTools(t, "nvim")
	sc := newScenario(t)
	// --clean: no user config, but filetype detection and plugins on the
	// runtimepath load as usual; the one set-up step is the rtp entry.
	res := runDriver(t, sc, time.Minute, "nvim", "--headless", "--clean",
		"--cmd", "set rtp^="+filepath.Join(repo, "editors", "nvim"),
		"-c", "luafile "+filepath.Join(repo, "editors", "editortest", "drivers", "nvim.lua"))
	checkEditing(t, sc, res)
	var highlight string
	res.field(t, "highlight", &highlight)
	if !strings.HasPrefix(highlight, "yaml") {
		t.Errorf("a tosca buffer's first key is highlighted as %q, want YAML's highlighting", highlight)
	}
	checkTopologySVG(t, res, ":ToscaTopology")
}

// checkTopologySVG checks the SVG an editor command wrote: the drawing of
// main.yaml, with its two node templates.
func checkTopologySVG(t *testing.T, res *result, command string) {
	t.Helper()
	var svg string
	res.field(t, "topology", &svg)
	if !strings.Contains(svg, "<svg") || !strings.Contains(svg, `id="n:app"`) || !strings.Contains(svg, `id="n:server"`) {
		t.Errorf("%s wrote no SVG of main.yaml's nodes: %.300q", command, svg)
	}
}

func TestEmacs(t *testing.T) {
	for _, client := range []struct{ name, library string }{{"eglot", "eglot"}, {"lsp-mode", "lsp-mode"}} {
		t.Run(client.name, func(t *testing.T) {
			requireTools(t, "emacs")
			if out, err := exec.Command("emacs", "--batch", "--eval",
				fmt.Sprintf("(kill-emacs (if (locate-library %q) 0 1))", client.library)).CombinedOutput(); err != nil {
				requireTools(t, "emacs package "+client.library)
				t.Logf("%s", out)
			}
			sc := newScenario(t)
			res := runDriver(t, sc, time.Minute, "emacs", "--batch",
				"-L", filepath.Join(repo, "editors", "emacs"),
				"-l", filepath.Join(repo, "editors", "editortest", "drivers", "emacs.el"), client.name)
			checkEditing(t, sc, res)
			checkTopologySVG(t, res, "M-x tosca-show-topology")
			var mode struct {
				Base                                 string
				CommentStart                         string
				CommentAfterBlank, CommentInsideWord bool
				IndentAfterKey, IndentAfterValue     int
			}
			res.field(t, "mode", &mode)
			// The machine has neither yaml-ts-mode's grammar nor yaml-mode:
			// the minimal YAML mode must carry comments and indentation.
			if mode.Base == "tosca-yaml-base-mode" {
				if mode.CommentStart != "# " || !mode.CommentAfterBlank || mode.CommentInsideWord {
					t.Errorf("minimal YAML mode comments: %+v", mode)
				}
				if mode.IndentAfterKey != 2 || mode.IndentAfterValue != 4 {
					t.Errorf("minimal YAML mode indentation: %+v", mode)
				}
			}
		})
	}
}

func TestNodeClient(t *testing.T) {
	compileExtension(t)
	requireTools(t, filepath.Join(repo, "editors", "editortest", "node", "node_modules"))
	sc := newScenario(t)
	res := runDriver(t, sc, time.Minute, "node", filepath.Join(repo, "editors", "editortest", "node", "client.js"), sc.file)
	checkEditing(t, sc, res)
}

// TestVSCodeExtensionUnits runs the extension's own tests: its detection on
// the shared table, the binary lookup and the settings filter.
func TestVSCodeExtensionUnits(t *testing.T) {
	requireTools(t, "node", "npm", filepath.Join(repo, "editors", "vscode", "node_modules"))
	cmd := exec.Command("npm", "test")
	cmd.Dir = filepath.Join(repo, "editors", "vscode")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("npm test: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "# fail 0") {
		t.Fatalf("npm test did not report its results:\n%s", out)
	}
}

// codeServer is where .ci/editors-install puts code-server.
func codeServer() string {
	if p := os.Getenv("TOSCA_LS_CODE_SERVER"); p != "" {
		return p
	}
	home := os.Getenv("TOSCA_LS_EDITORS_HOME")
	if home == "" {
		cache, _ := os.UserCacheDir()
		home = filepath.Join(cache, "tosca-ls-editors")
	}
	return filepath.Join(home, "code-server", "node_modules", ".bin", "code-server")
}

// TestTextMateGrammar tokenizes the fixture with the extension's grammar on
// top of the YAML grammar of the VS Code that code-server ships.
func TestTextMateGrammar(t *testing.T) {
	requireTools(t, codeServer(), filepath.Join(repo, "editors", "editortest", "node", "node_modules"))
	sc := newScenario(t)
	sc.YAMLExtension = filepath.Join(filepath.Dir(codeServer()), "..", "code-server", "lib", "vscode", "extensions", "yaml")
	want := map[string][]string{
		"source.tosca my.App":                {"entity.name.type.tosca"},
		"source.tosca get_input":             {"meta.flow.map.key.yaml", "support.function.tosca"},
		"source.tosca node_templates":        {"entity.name.tag.yaml", "keyword.other.keyname.tosca"},
		"source.tosca app":                   {"entity.name.tag.yaml"},
		"source.tosca tosca_simple_yaml_1_3": {"constant.language.version.tosca"},
		"source.heat resources":              {"source.heat", "entity.name.tag.yaml"},
		"source.heat OS::Nova::Server":       {"string.unquoted.plain.out.yaml"},
	}
	for word := range want {
		sc.ScopeWords = append(sc.ScopeWords, word)
	}
	res := runDriver(t, sc, time.Minute, "node", filepath.Join(repo, "editors", "editortest", "node", "grammar.js"), sc.file)
	var scopes map[string]string
	res.field(t, "scopes", &scopes)
	for word, parts := range want {
		got := " " + scopes[word] + " "
		for _, p := range parts {
			if !strings.Contains(got, " "+p+" ") {
				t.Errorf("%s: scopes %q lack %s", word, scopes[word], p)
			}
		}
	}
	for _, scope := range strings.Fields(scopes["source.tosca app"])[1:] {
		if strings.HasSuffix(scope, ".tosca") {
			t.Errorf("a template name got the TOSCA scope %s", scope)
		}
	}
}

// TestVSCode installs the packaged extension in real VS Code (code-server,
// loaded by headless Chromium) next to a driver extension that opens the
// fixture and asks what a user would see.
func TestVSCode(t *testing.T) {
	requireTools(t, codeServer(), "chromium", "npm", filepath.Join(repo, "editors", "vscode", "node_modules"))
	sc := newScenario(t)
	dir := filepath.Dir(sc.file)
	vsix := filepath.Join(dir, "tosca-ls.vsix")
	driver := filepath.Join(dir, "driver.vsix")
	vsce := filepath.Join(repo, "editors", "vscode", "node_modules", ".bin", "vsce")
	steps := []struct {
		dir  string
		args []string
	}{
		// What a user runs to build it: npm ci && npm run package.
		{filepath.Join(repo, "editors", "vscode"), []string{"npm", "run", "package", "--", "--out", vsix}},
		{filepath.Join(repo, "editors", "editortest", "drivers", "vscode"),
			[]string{vsce, "package", "--allow-missing-repository", "--skip-license", "--out", driver}},
		{dir, []string{codeServer(), "--config", filepath.Join(dir, "config.yaml"),
			"--extensions-dir", filepath.Join(dir, "extensions"), "--user-data-dir", filepath.Join(dir, "data"),
			"--install-extension", vsix, "--install-extension", driver}},
	}
	write(t, filepath.Join(dir, "config.yaml"), "auth: none\ncert: false\n")
	// The server is found through the extension's setting, here; on PATH
	// it is found too (see the extension's unit tests).
	write(t, filepath.Join(dir, "data", "User", "settings.json"), fmt.Sprintf(`{
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "workbench.startupEditor": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "tosca.server.path": %q
}`, serverBin))
	start := time.Now()
	for _, s := range steps {
		cmd := exec.Command(s.args[0], s.args[1:]...)
		cmd.Dir = s.dir
		cmd.Stdin = nil
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(s.args, " "), err, out)
		}
	}
	t.Logf("packaged and installed the extensions in %.2fs", time.Since(start).Seconds())

	sc.write(t)
	port := freePort(t)
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start = time.Now()
	server := command(ctx, sc, dir, codeServer(), "--config", filepath.Join(dir, "config.yaml"),
		"--bind-addr", fmt.Sprintf("127.0.0.1:%d", port), "--auth", "none",
		"--extensions-dir", filepath.Join(dir, "extensions"), "--user-data-dir", filepath.Join(dir, "data"),
		"--disable-telemetry", "--disable-update-check", "--disable-workspace-trust", sc.Workspace)
	serverLog := logFile(t, dir, "code-server.log")
	server.Stdout, server.Stderr = serverLog, serverLog
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	defer stop(server)
	waitUntil(t, 20*time.Second, "code-server to answer", func() bool {
		resp, err := http.Get(url + "/healthz")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil && resp.StatusCode == http.StatusOK
	})
	browser := command(ctx, sc, dir, "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--user-data-dir="+filepath.Join(dir, "chromium"), url+"/?folder="+sc.Workspace)
	// Chromium writes its crash reports under the config folder: keep them here.
	browser.Env = append(browser.Env, "XDG_CONFIG_HOME="+filepath.Join(dir, "xdg"), "XDG_CACHE_HOME="+filepath.Join(dir, "xdg"))
	browserLog := logFile(t, dir, "chromium.log")
	browser.Stdout, browser.Stderr = browserLog, browserLog
	if err := browser.Start(); err != nil {
		t.Fatal(err)
	}
	defer stop(browser)
	waitUntil(t, 90*time.Second, "the driver's result", func() bool {
		_, err := os.Stat(sc.Out)
		return err == nil
	})
	t.Logf("VS Code ran in %.2fs", time.Since(start).Seconds())
	res, err := readResult(sc.Out)
	if err != nil {
		t.Fatal(err)
	}
	if res.Error != "" {
		t.Fatalf("the driver failed: %s\nlogs: %s", res.Error, dir)
	}
	checkEditing(t, sc, res)
	var more struct {
		ServedDescriptionFirst   bool
		SwitchedTo, SwitchedBack string
		Commands                 []string
		HoverAfterRestart        string
		Topology, HeatTopology   []string
	}
	res.field(t, "servedDescriptionFirst", &more.ServedDescriptionFirst)
	res.field(t, "switchedTo", &more.SwitchedTo)
	res.field(t, "switchedBack", &more.SwitchedBack)
	res.field(t, "commands", &more.Commands)
	res.field(t, "hoverAfterRestart", &more.HoverAfterRestart)
	res.field(t, "topology", &more.Topology)
	res.field(t, "heatTopology", &more.HeatTopology)
	if !more.ServedDescriptionFirst {
		t.Error("the file starting with description: got no diagnostics from the server")
	}
	if more.SwitchedTo != "tosca" || more.SwitchedBack != "yaml" {
		t.Errorf("adding and removing the version key switched plain.yaml to %q and back to %q, want tosca and yaml",
			more.SwitchedTo, more.SwitchedBack)
	}
	// The webview shows the SVG of main.yaml, then of the Heat template:
	// each node with its name and type.
	for _, tc := range []struct {
		shown []string
		want  []string
	}{
		{more.Topology, []string{"app\nmy.App", "server\ntosca.nodes.Compute"}},
		{more.HeatTopology, []string{"server\nOS::Nova::Server"}},
	} {
		for _, want := range tc.want {
			found := false
			for _, n := range tc.shown {
				found = found || strings.HasPrefix(n, want)
			}
			if !found {
				t.Errorf("the topology webview shows no node %q; its nodes: %q", want, tc.shown)
			}
		}
	}
	for _, c := range []string{"tosca.restartServer", "tosca.showOutput", "tosca.locateServer", "tosca.setLanguage", "tosca.showTopology"} {
		if !contains(more.Commands, c) {
			t.Errorf("command %s is not registered: %v", c, more.Commands)
		}
	}
	if !strings.Contains(more.HoverAfterRestart, expectedHover) {
		t.Errorf("after tosca.restartServer, hover is %q", more.HoverAfterRestart)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func logFile(t *testing.T, dir, name string) *os.File {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func waitUntil(t *testing.T, limit time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", limit, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stop ends a started process and all its children.
func stop(cmd *exec.Cmd) {
	_ = cmd.Cancel()
	_ = cmd.Wait()
}
