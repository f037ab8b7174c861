//go:build unix

package editortest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	repo      string // the repository root
	serverBin string // the tosca-ls binary built from this tree
	tmpRoot   string // removed when the tests end
	// userPath is PATH as the tests were started with, before serverBin's
	// folder was put in front.
	userPath string
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	_, file, _, _ := runtime.Caller(0)
	repo = filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
	dir, err := os.MkdirTemp("", "tosca-ls-editortest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	tmpRoot = dir
	serverBin = filepath.Join(dir, "bin", "tosca-ls")
	build := exec.Command("go", "build", "-o", serverBin, "./cmd/tosca-ls")
	build.Dir = repo
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building tosca-ls: %v\n%s", err, out)
		return 1
	}
	// The integrations start "tosca-ls" from PATH by default, as for a user
	// who ran go install.
	userPath = os.Getenv("PATH")
	os.Setenv("PATH", filepath.Dir(serverBin)+string(os.PathListSeparator)+userPath)
	return m.Run()
}

// hostRelease builds, once, the release of this machine's platform with
// the release builder (.ci/release): its archive, its VS Code packages and
// SHA256SUMS, as a user downloads them.
var hostRelease = sync.OnceValues(func() (string, error) {
	dir := filepath.Join(tmpRoot, "release")
	cmd := exec.Command("go", "run", "./cmd/release", "-platforms", runtime.GOOS+"/"+runtime.GOARCH, dir)
	cmd.Dir = repo
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the release: %v\n%s", err, out)
	}
	return dir, nil
})

// releaseFile is the one file of the host's release matching pattern.
func releaseFile(t *testing.T, pattern string) string {
	t.Helper()
	requireTools(t, "node", filepath.Join(repo, "editors", "vscode", "node_modules"))
	dir, err := hostRelease()
	if err != nil {
		t.Fatal(err)
	}
	found, _ := filepath.Glob(filepath.Join(dir, pattern))
	if len(found) != 1 {
		t.Fatalf("the release in %s has %d files matching %s", dir, len(found), pattern)
	}
	return found[0]
}

// withoutServerOnPath is the environment with PATH as the user had it:
// without the folder of the tosca-ls the tests built, so that only what an
// installation put in place can be found.
func withoutServerOnPath(t *testing.T, env []string) []string {
	t.Helper()
	for _, dir := range filepath.SplitList(userPath) {
		if _, err := os.Stat(filepath.Join(dir, "tosca-ls")); err == nil {
			t.Fatalf("a tosca-ls is installed on this machine's PATH (%s): the test of an installation without one cannot run", dir)
		}
	}
	out := []string{}
	for _, kv := range env {
		if !strings.HasPrefix(kv, "PATH=") {
			out = append(out, kv)
		}
	}
	return append(out, "PATH="+userPath)
}

// requireTools skips the test when a tool is missing, or fails it when
// TOSCA_LS_EDITOR_TESTS=1 says the editors must be there.
func requireTools(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			continue
		}
		msg := fmt.Sprintf("%s is not installed (run .ci/editors-install)", p)
		if os.Getenv("TOSCA_LS_EDITOR_TESTS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// position is an LSP position (0-based line, UTF-16 character; the
// fixture is ASCII).
type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// scenario is what a driver is told: where the fixture is, which files to
// open and where to ask.
type scenario struct {
	Repo             string   `json:"repo"`
	Server           string   `json:"server"`
	Workspace        string   `json:"workspace"`
	Main             string   `json:"main"`
	DescriptionFirst string   `json:"descriptionFirst"`
	Heat             string   `json:"heat"`
	Plain            string   `json:"plain"`
	Hover            position `json:"hover"`
	Definition       position `json:"definition"`
	Completion       position `json:"completion"`
	Lens             position `json:"lens"`
	DetectCases      string   `json:"detectCases"`
	Out              string   `json:"out"`
	// For the grammar check only.
	YAMLExtension string   `json:"yamlExtension,omitempty"`
	ScopeWords    []string `json:"scopeWords,omitempty"`
	file          string   // the scenario's own JSON file
}

// result is what a driver reports.
type result struct {
	Error     string `json:"error"`
	Detect    []struct{ Name, Got string }
	Started   bool              `json:"started"`
	Languages map[string]string `json:"languages"`
	Served    map[string]bool   `json:"served"`
	Diags     []struct {
		position
		Message string `json:"message"`
	} `json:"diagnostics"`
	Hover      string `json:"hover"`
	Definition []struct {
		position
		Path string `json:"path"`
	} `json:"definition"`
	Completion []string `json:"completion"`
	raw        []byte
}

// newScenario copies the fixture into a fresh folder (editors may write
// next to files) and finds the positions to ask at in its text.
func newScenario(t *testing.T) *scenario {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "workspace")
	if err := os.CopyFS(ws, os.DirFS(filepath.Join(repo, "testdata", "editors"))); err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile(filepath.Join(ws, "main.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sc := &scenario{
		Repo: repo, Server: serverBin, Workspace: ws,
		Main: "main.yaml", DescriptionFirst: "description-first.yaml", Heat: "hot.yaml", Plain: "plain.yaml",
		Hover:       find(t, main, "type: my.App", "my.App"),
		Definition:  find(t, main, "type: my.App", "my.App"),
		Completion:  find(t, main, "colour: blue", "colour"),
		Lens:        find(t, main, "server:", "server"), // a requirement targets it: its code lens opens that
		DetectCases: filepath.Join(repo, "testdata", "detect", "cases.json"),
		Out:         filepath.Join(dir, "result.json"),
		file:        filepath.Join(dir, "scenario.json"),
	}
	return sc
}

// find is the position of word in the first line of text containing line.
func find(t *testing.T, text []byte, line, word string) position {
	t.Helper()
	for i, l := range strings.Split(string(text), "\n") {
		if strings.Contains(l, line) {
			return position{Line: i, Character: strings.Index(l, line) + strings.Index(line, word)}
		}
	}
	t.Fatalf("fixture has no line with %q", line)
	return position{}
}

func (sc *scenario) write(t *testing.T) {
	t.Helper()
	raw, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sc.file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// command prepares a process in its own process group, killed whole when
// ctx ends, with the scenario in its environment.
func command(ctx context.Context, sc *scenario, dir, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TOSCA_LS_SCENARIO="+sc.file)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// runDriver runs a driver to its end (at most limit) and reads its result.
func runDriver(t *testing.T, sc *scenario, limit time.Duration, name string, args ...string) *result {
	t.Helper()
	return runDriverEnv(t, sc, nil, limit, name, args...)
}

// runDriverEnv is runDriver with the environment changed by env (nil: as it is).
func runDriverEnv(t *testing.T, sc *scenario, env func([]string) []string, limit time.Duration, name string, args ...string) *result {
	t.Helper()
	sc.write(t)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := command(ctx, sc, repo, name, args...)
	if env != nil {
		cmd.Env = env(cmd.Env)
	}
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s ran in %.2fs", filepath.Base(name), time.Since(start).Seconds())
	res, readErr := readResult(sc.Out)
	if readErr != nil {
		t.Fatalf("%s wrote no result (%v; exit: %v); output:\n%s", name, readErr, err, output.String())
	}
	if res.Error != "" || err != nil {
		t.Fatalf("%s failed (exit: %v): %s\noutput:\n%s", name, err, res.Error, output.String())
	}
	return res
}

func readResult(path string) (*result, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	res := &result{raw: raw}
	if err := json.Unmarshal(raw, res); err != nil {
		return nil, fmt.Errorf("%v in %s", err, raw)
	}
	return res, nil
}

// field decodes one more field of the raw result.
func (r *result) field(t *testing.T, name string, v any) {
	t.Helper()
	var all map[string]json.RawMessage
	if err := json.Unmarshal(r.raw, &all); err != nil {
		t.Fatal(err)
	}
	raw, ok := all[name]
	if !ok {
		t.Fatalf("the result has no %q: %s", name, r.raw)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// expectedHover is a line of the hover on my.App in every client.
const expectedHover = "Derivation: `my.App → tosca.nodes.SoftwareComponent → tosca.nodes.Root`"

// checkEditing checks what every editor must show for the fixture.
func checkEditing(t *testing.T, sc *scenario, res *result) {
	t.Helper()
	checkDetection(t, res)
	for name, want := range map[string]string{sc.Main: "tosca", sc.DescriptionFirst: "tosca", sc.Heat: "heat"} {
		if got := res.Languages[name]; got != want {
			t.Errorf("%s: language %q, want %q", name, got, want)
		}
		if !res.Served[name] {
			t.Errorf("%s: not handed to tosca-ls", name)
		}
	}
	if got := res.Languages[sc.Plain]; got == "tosca" || got == "heat" {
		t.Errorf("%s (plain YAML): language %q", sc.Plain, got)
	}
	if res.Served[sc.Plain] {
		t.Errorf("%s (plain YAML) was handed to tosca-ls", sc.Plain)
	}
	checkServed(t, sc, res)
	want := filepath.Join(sc.Workspace, "types", "app-types.yaml")
	landed := false
	for _, d := range res.Definition {
		if samePath(d.Path, want) && d.Line == 4 {
			landed = true
		}
	}
	if !landed {
		t.Errorf("definition of my.App did not land on line 5 of %s: %+v", want, res.Definition)
	}
}

// checkServed checks that the server started and answered on main.yaml:
// its diagnostic, hover and completion.
func checkServed(t *testing.T, sc *scenario, res *result) {
	t.Helper()
	if !res.Started {
		t.Error("the server did not start")
	}
	colour := sc.Completion // the unknown property is where completion is asked
	found := false
	for _, d := range res.Diags {
		if d.position == colour && strings.Contains(d.Message, `node type "my.App" has no property named "colour"`) {
			found = true
		}
	}
	if !found {
		t.Errorf("no unknown-member diagnostic at %+v; got %+v", colour, res.Diags)
	}
	if !strings.Contains(res.Hover, expectedHover) {
		t.Errorf("hover does not contain %q:\n%s", expectedHover, res.Hover)
	}
	if !contains(res.Completion, "admin_email") {
		t.Errorf("completion has no admin_email: %v", res.Completion)
	}
}

// checkDetection compares the editor's detection with the shared table.
func checkDetection(t *testing.T, res *result) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(repo, "testdata", "detect", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []struct{ Name, Want string } }
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	if len(res.Detect) != len(table.Cases) {
		t.Fatalf("the editor ran %d detection cases, the table has %d", len(res.Detect), len(table.Cases))
	}
	for i, c := range table.Cases {
		if got := res.Detect[i]; got.Name != c.Name || got.Got != c.Want {
			t.Errorf("detection case %q: got %q, want %q", c.Name, got.Got, c.Want)
		}
	}
}

func samePath(a, b string) bool {
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var compileOnce = sync.OnceValues(func() ([]byte, error) {
	cmd := exec.Command("npm", "run", "compile")
	cmd.Dir = filepath.Join(repo, "editors", "vscode")
	return cmd.CombinedOutput()
})

// compileExtension builds editors/vscode/out, whose detection the Node
// client and the grammar check use.
func compileExtension(t *testing.T) {
	t.Helper()
	requireTools(t, "node", "npm", filepath.Join(repo, "editors", "vscode", "node_modules"))
	if out, err := compileOnce(); err != nil {
		t.Fatalf("npm run compile: %v\n%s", err, out)
	}
}
