//go:build unix

package editortest

import (
	"archive/zip"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tosca-ls/tosca-ls/editors/mason"
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
	checkLenses(t, sc, res, "vim.lsp.codelens.run()")
	checkTypeHierarchy(t, res)
}

// checkLenses checks the code lenses an editor shows on main.yaml's node
// templates, and what running the one on server (which app's host
// requirement targets) opened: that requirement.
func checkLenses(t *testing.T, sc *scenario, res *result, run string) {
	t.Helper()
	var lenses []struct {
		Line  int
		Title string
	}
	var shown []struct {
		Path            string
		Line, Character int
	}
	res.field(t, "codeLenses", &lenses)
	res.field(t, "lensShown", &shown)
	titles := map[int]string{}
	for _, l := range lenses {
		titles[l.Line] = l.Title
	}
	if titles[sc.Lens.Line] != "targeted by 1 requirement" {
		t.Errorf("the lens of server (line %d) is %q; lenses: %+v", sc.Lens.Line, titles[sc.Lens.Line], lenses)
	}
	host := find(t, readFile(t, filepath.Join(sc.Workspace, sc.Main)), "- host: server", "host")
	if len(shown) != 1 || filepath.Base(shown[0].Path) != sc.Main || shown[0].Line != host.Line || shown[0].Character != host.Character {
		t.Errorf("%s on server's lens opened %+v, want app's host requirement at %+v", run, shown, host)
	}
}

// checkTypeHierarchy checks the type hierarchy of my.App an editor shows:
// its supertype, and that one's subtypes (my.App among them). An editor
// whose client has none says so (its version).
func checkTypeHierarchy(t *testing.T, res *result) {
	t.Helper()
	var th struct {
		Unsupported                    string
		Prepared, Supertypes, Subtypes []string
	}
	res.field(t, "typeHierarchy", &th)
	if th.Unsupported != "" {
		t.Logf("no type hierarchy in the editor: %s", th.Unsupported)
		return
	}
	if !slices.Equal(th.Prepared, []string{"my.App"}) || !slices.Equal(th.Supertypes, []string{"tosca.nodes.SoftwareComponent"}) || !slices.Contains(th.Subtypes, "my.App") {
		t.Errorf("type hierarchy of my.App: %+v", th)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNeovimMason installs tosca-ls as mason.nvim does from its package
// definition (editors/nvim/mason/package.yaml): the release archive of
// this platform unpacked into mason's package folder and its binary linked
// into mason's bin folder, which mason puts first on Neovim's PATH. Then
// Neovim, with no tosca-ls of the tests on PATH and without the project's
// plugin, loads lsp/tosca_ls.lua as nvim-lspconfig's server file, and the
// server it starts answers.
func TestNeovimMason(t *testing.T) {
	requireTools(t, "nvim")
	pkg, err := mason.Load(filepath.Join(repo, "editors", "nvim", "mason", "package.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	target := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	asset, err := pkg.Asset(runtime.GOOS + "_" + target)
	if err != nil {
		t.Fatal(err)
	}
	archive := releaseFile(t, asset.File)
	home := filepath.Join(t.TempDir(), "mason")
	packageDir, binDir := filepath.Join(home, "packages", pkg.Name), filepath.Join(home, "bin")
	for _, d := range []string{packageDir, binDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("tar", "-xzf", archive, "-C", packageDir).CombinedOutput(); err != nil {
		t.Fatalf("unpacking %s: %v\n%s", archive, err, out)
	}
	links, err := pkg.Links(asset)
	if err != nil {
		t.Fatal(err)
	}
	for name, target := range links {
		if err := os.Symlink(filepath.Join(packageDir, target), filepath.Join(binDir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if pkg.Neovim.Lspconfig != "tosca_ls" {
		t.Errorf("the package names the lspconfig server %q, not tosca_ls", pkg.Neovim.Lspconfig)
	}

	// nvim-lspconfig's tree: its lsp/ folder, holding the server's file.
	lspconfig := filepath.Join(t.TempDir(), "nvim-lspconfig")
	serverFile, err := os.ReadFile(filepath.Join(repo, "editors", "nvim", "lsp", "tosca_ls.lua"))
	if err != nil {
		t.Fatal(err)
	}
	checkLspconfigShape(t, string(serverFile))
	write(t, filepath.Join(lspconfig, "lsp", "tosca_ls.lua"), string(serverFile))

	sc := newScenario(t)
	// A repository: the root marker the configuration names.
	if err := os.Mkdir(filepath.Join(sc.Workspace, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	res := runDriverEnv(t, sc, func(env []string) []string {
		env = withoutServerOnPath(t, env)
		return append(env[:len(env)-1], "PATH="+binDir+string(os.PathListSeparator)+userPath)
	}, time.Minute, "nvim", "--headless", "--clean", "--cmd", "set rtp^="+lspconfig,
		"-c", "luafile "+filepath.Join(repo, "editors", "editortest", "drivers", "nvim_lspconfig.lua"))
	checkServed(t, sc, res)
	var executable string
	res.field(t, "executable", &executable)
	if executable != filepath.Join(binDir, "tosca-ls") {
		t.Errorf("Neovim found tosca-ls at %q, not in mason's bin folder", executable)
	}
	var config struct {
		Cmd, Filetypes, RootMarkers []string
	}
	res.field(t, "config", &config)
	if !slices.Equal(config.Cmd, []string{"tosca-ls", "serve"}) || !slices.Equal(config.Filetypes, []string{"tosca", "heat"}) {
		t.Errorf("lsp/tosca_ls.lua: %+v", config)
	}
	var root string
	res.field(t, "root", &root)
	if !samePath(root, sc.Workspace) {
		t.Errorf("the server's root is %q, want the fixture's folder (it has a .git)", root)
	}
}

// checkLspconfigShape checks lsp/tosca_ls.lua against what nvim-lspconfig
// asks of a server file: a ---@brief documentation block first (its docs
// are generated from it), then `---@type vim.lsp.Config` and a plain table
// returned, requiring no module, with the configuration fields only.
func checkLspconfigShape(t *testing.T, src string) {
	t.Helper()
	if !strings.HasPrefix(src, "---@brief\n") {
		t.Error("lsp/tosca_ls.lua does not start with its ---@brief block")
	}
	if !strings.Contains(src, "\n---@type vim.lsp.Config\nreturn {\n") || !strings.HasSuffix(src, "\n}\n") {
		t.Error("lsp/tosca_ls.lua does not end with ---@type vim.lsp.Config and the table it returns")
	}
	if strings.Contains(src, "require(") {
		t.Error("lsp/tosca_ls.lua requires a module: nvim-lspconfig's server files stand alone")
	}
	_, table, _ := strings.Cut(src, "\nreturn {\n")
	for _, line := range strings.Split(strings.TrimSuffix(table, "}\n"), "\n") {
		if key, _, ok := strings.Cut(strings.TrimSpace(line), " = "); ok && !slices.Contains([]string{"cmd", "filetypes", "root_markers", "settings", "init_options"}, key) {
			t.Errorf("lsp/tosca_ls.lua sets %q", key)
		}
	}
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

// TestEmacs drives Eglot in a clean Emacs (emacs -Q) into which
// tosca-mode.el was installed with package-install-file, as a user without
// a clone does, and lsp-mode with tosca-mode.el on the load-path.
func TestEmacs(t *testing.T) {
	driver := filepath.Join(repo, "editors", "editortest", "drivers", "emacs.el")
	for _, client := range []struct {
		name, library string
		args          []string
	}{
		{"eglot", "eglot", []string{"-Q", "--batch", "-l", driver, "eglot", "package"}},
		{"lsp-mode", "lsp-mode", []string{"--batch", "-L", filepath.Join(repo, "editors", "emacs"), "-l", driver, "lsp-mode", "load-path"}},
	} {
		t.Run(client.name, func(t *testing.T) {
			requireTools(t, "emacs")
			if out, err := exec.Command("emacs", "--batch", "--eval",
				fmt.Sprintf("(kill-emacs (if (locate-library %q) 0 1))", client.library)).CombinedOutput(); err != nil {
				requireTools(t, "emacs package "+client.library)
				t.Logf("%s", out)
			}
			sc := newScenario(t)
			packaged := client.args[len(client.args)-1] == "package"
			elpa := filepath.Join(t.TempDir(), "elpa")
			if packaged {
				installEmacsPackage(t, elpa)
			}
			res := runDriverEnv(t, sc, func(env []string) []string { return append(env, "TOSCA_LS_ELPA="+elpa) },
				time.Minute, "emacs", client.args...)
			checkEditing(t, sc, res)
			if packaged {
				var installed, loadedBeforeVisit bool
				res.field(t, "installed", &installed)
				res.field(t, "loadedBeforeVisit", &loadedBeforeVisit)
				if !installed || loadedBeforeVisit {
					t.Errorf("after package-install-file, Emacs starts with tosca-mode installed %v, loaded before a file is visited %v (want its autoloads only)",
						installed, loadedBeforeVisit)
				}
			}
			checkTopologySVG(t, res, "M-x tosca-show-topology")
			if client.name == "lsp-mode" {
				checkLenses(t, sc, res, "lsp-mode's lens command")
			}
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

// installEmacsPackage runs M-x package-install-file on tosca-mode.el in a
// clean Emacs, with elpa as its package folder; it byte-compiles the file
// on the way, with no warning.
func installEmacsPackage(t *testing.T, elpa string) {
	t.Helper()
	out, err := exec.Command("emacs", "-Q", "--batch", "--eval", fmt.Sprintf(`(progn
  (require 'package)
  (setq package-user-dir %q)
  (package-initialize)
  (package-install-file %q)
  (unless (package-installed-p 'tosca-mode) (kill-emacs 1))
  (princ (with-current-buffer (get-buffer-create "*Compile-Log*") (buffer-string))))`,
		elpa, filepath.Join(repo, "editors", "emacs", "tosca-mode.el"))).CombinedOutput()
	if err != nil || strings.Contains(string(out), "Warning") || strings.Contains(string(out), "Error") {
		t.Fatalf("package-install-file tosca-mode.el: %v\n%s", err, out)
	}
}

// TestEmacsPackage: tosca-mode.el is a package package.el installs (its
// headers name it, its version and what it requires), byte-compiles with no
// warning, and passes checkdoc, as ELPA archives ask.
func TestEmacsPackage(t *testing.T) {
	requireTools(t, "emacs")
	src, err := os.ReadFile(filepath.Join(repo, "editors", "emacs", "tosca-mode.el"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "tosca-mode.el")
	write(t, file, string(src))
	out, err := exec.Command("emacs", "-Q", "--batch", "--eval", fmt.Sprintf(`(progn
  (require 'package)
  (require 'checkdoc)
  (with-temp-buffer
    (insert-file-contents %[1]q)
    (let ((desc (package-buffer-info)))
      (princ (format "package %%s %%s %%S\n" (package-desc-name desc)
                     (package-version-join (package-desc-version desc)) (package-desc-reqs desc)))))
  (setq byte-compile-error-on-warn t)
  (unless (byte-compile-file %[1]q) (kill-emacs 1))
  (checkdoc-file %[1]q))`, file)).CombinedOutput()
	if err != nil || strings.Contains(string(out), "Warning") {
		t.Fatalf("tosca-mode.el: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), `package tosca-mode 0.3.0 ((emacs (28 1)))`) {
		t.Errorf("package.el reads tosca-mode.el's headers as:\n%s", out)
	}
}

func TestNodeClient(t *testing.T) {
	compileExtension(t)
	requireTools(t, filepath.Join(repo, "editors", "editortest", "node", "node_modules"))
	sc := newScenario(t)
	res := runDriver(t, sc, time.Minute, "node", filepath.Join(repo, "editors", "editortest", "node", "client.js"), sc.file)
	checkEditing(t, sc, res)
}

// TestVSCodeExtensionUnits runs the extension's own tests (its detection on
// the shared table, the binary lookup, the settings filter), then packages
// it as README says one does from a clone: a universal package, with no
// binary in it.
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
	vsix := filepath.Join(t.TempDir(), "tosca-ls.vsix")
	cmd = exec.Command("npm", "run", "package", "--", "--out", vsix)
	cmd.Dir = filepath.Join(repo, "editors", "vscode")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm run package: %v\n%s", err, out)
	}
	entries := zipEntries(t, vsix)
	if !entries["extension/out/extension.js"] || !entries["extension/package.json"] {
		t.Errorf("npm run package made a package without the extension: %v", entries)
	}
	for name := range entries {
		if strings.HasPrefix(name, "extension/bin/") {
			t.Errorf("the universal package holds %s", name)
		}
	}
}

// zipEntries are the names in a zip archive (a .vsix).
func zipEntries(t *testing.T, path string) map[string]bool {
	t.Helper()
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	names := map[string]bool{}
	for _, f := range r.File {
		names[f.Name] = true
	}
	return names
}

// vscodeTarget is VS Code's name of this machine's platform (vsce --target).
func vscodeTarget() string {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	return runtime.GOOS + "-" + arch
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

// TestVSCode installs the release's package for this platform in real VS
// Code (code-server, loaded by headless Chromium), with no tosca-ls on PATH
// and no setting naming one, next to a driver extension that opens the
// fixture and asks what a user would see: the package's own binary serves.
func TestVSCode(t *testing.T) {
	requireTools(t, codeServer(), "chromium", "npm", filepath.Join(repo, "editors", "vscode", "node_modules"))
	vsix := releaseFile(t, "tosca-ls-"+vscodeTarget()+"-*.vsix")
	sc := newScenario(t)
	dir := filepath.Dir(sc.file)
	driver := filepath.Join(dir, "driver.vsix")
	vsce := filepath.Join(repo, "editors", "vscode", "node_modules", ".bin", "vsce")
	steps := []struct {
		dir  string
		args []string
	}{
		{filepath.Join(repo, "editors", "editortest", "drivers", "vscode"),
			[]string{vsce, "package", "--allow-missing-repository", "--skip-license", "--out", driver}},
		{dir, []string{codeServer(), "--config", filepath.Join(dir, "config.yaml"),
			"--extensions-dir", filepath.Join(dir, "extensions"), "--user-data-dir", filepath.Join(dir, "data"),
			"--install-extension", vsix, "--install-extension", driver}},
	}
	write(t, filepath.Join(dir, "config.yaml"), "auth: none\ncert: false\n")
	// No tosca.server.path: installing the package is the only step.
	write(t, filepath.Join(dir, "data", "User", "settings.json"), `{
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "workbench.startupEditor": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false
}`)
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
	server.Env = withoutServerOnPath(t, server.Env)
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
	// The server that answered is the package's own binary.
	var extensionPath string
	res.field(t, "extensionPath", &extensionPath)
	bundled := filepath.Join(extensionPath, "bin", "tosca-ls")
	if !strings.HasPrefix(extensionPath, filepath.Join(dir, "extensions")) || !running(bundled) {
		t.Errorf("no tosca-ls runs from the installed package (%s)", bundled)
	}
	checkLenses(t, sc, res, "the lens command tosca-ls.showReferences")
	checkTypeHierarchy(t, res)
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

// running reports whether a process runs the executable at path.
func running(path string) bool {
	exes, _ := filepath.Glob("/proc/[0-9]*/exe")
	for _, exe := range exes {
		if target, err := os.Readlink(exe); err == nil && samePath(target, path) {
			return true
		}
	}
	return false
}

// stop ends a started process and all its children.
func stop(cmd *exec.Cmd) {
	_ = cmd.Cancel()
	_ = cmd.Wait()
}
