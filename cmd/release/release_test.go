package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tosca-ls/tosca-ls/editors/mason"
)

// repoRoot is the repository this test package is in.
var repoRoot = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}()

func TestChangelogVersion(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"# Changelog\n\n## Unreleased\n\n- x\n\n## [0.3.0] - 2026-11-27\n\n## [0.2.0]\n", "0.3.0"},
		{"## [1.0.0-rc.1]\n", "1.0.0-rc.1"},
		{"## Unreleased\n", ""},
		{"## [next]\n", ""},
	} {
		got, err := changelogVersion([]byte(tc.text))
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("changelogVersion(%q) = %q, %v; want %q", tc.text, got, err, tc.want)
		}
	}
}

// TestVersionsAgree: the version CHANGELOG.md gives is the one of the VS
// Code extension, the Emacs package and the mason package, so that a
// release is one version everywhere.
func TestVersionsAgree(t *testing.T) {
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	version, err := changelogVersion([]byte(read("CHANGELOG.md")))
	if err != nil {
		t.Fatal(err)
	}
	var manifest, lock struct{ Version string }
	if err := readJSON(filepath.Join(repoRoot, "editors", "vscode", "package.json"), &manifest); err != nil {
		t.Fatal(err)
	}
	if err := readJSON(filepath.Join(repoRoot, "editors", "vscode", "package-lock.json"), &lock); err != nil {
		t.Fatal(err)
	}
	elisp := regexp.MustCompile(`(?m)^;; Version: (\S+)$`).FindStringSubmatch(read("editors/emacs/tosca-mode.el"))
	pkg, err := mason.Load(filepath.Join(repoRoot, "editors", "nvim", "mason", "package.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]string{
		"editors/vscode/package.json":      manifest.Version,
		"editors/vscode/package-lock.json": lock.Version,
		"editors/emacs/tosca-mode.el":      elisp[len(elisp)-1],
		"editors/nvim/mason/package.yaml":  strings.TrimPrefix(pkg.Version(), "v"),
	} {
		if got != version {
			t.Errorf("%s has version %s, CHANGELOG.md %s", name, got, version)
		}
	}
}

// requireNode skips a test that packages the VS Code extension when its
// npm packages are not installed, or fails it when TOSCA_LS_EDITOR_TESTS=1
// says .ci/editors-install ran.
func requireNode(t *testing.T) {
	t.Helper()
	_, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(repoRoot, "editors", "vscode", "node_modules", "@vscode", "vsce"))
	}
	if err != nil {
		msg := fmt.Sprintf("the VS Code extension's npm packages are not installed (run .ci/editors-install): %v", err)
		if os.Getenv("TOSCA_LS_EDITOR_TESTS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if raceEnabled {
		t.Skip("cross-builds every platform; nothing of it runs concurrently")
	}
}

var (
	releaseDir  string
	releaseErr  error
	releaseOnce sync.Once
)

// fullRelease is the release of every platform, built once for the tests.
func fullRelease(t *testing.T) string {
	t.Helper()
	requireNode(t)
	releaseOnce.Do(func() {
		releaseDir, releaseErr = os.MkdirTemp("", "tosca-ls-release-test-")
		if releaseErr == nil {
			releaseErr = build(repoRoot, releaseDir, platforms, io.Discard)
		}
	})
	if releaseErr != nil {
		t.Fatal(releaseErr)
	}
	return releaseDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if releaseDir != "" {
		os.RemoveAll(releaseDir)
	}
	os.Exit(code)
}

// TestReleaseReproducible builds the release twice, from two exports at
// different paths, and compares the bytes of every file.
func TestReleaseReproducible(t *testing.T) {
	first := fullRelease(t)
	second := t.TempDir()
	if err := build(repoRoot, second, platforms, io.Discard); err != nil {
		t.Fatal(err)
	}
	names := releaseNames(t, first)
	if got := releaseNames(t, second); !slices.Equal(got, names) {
		t.Fatalf("the builds hold different files:\n%v\n%v", names, got)
	}
	for _, name := range names {
		a, _ := os.ReadFile(filepath.Join(first, name))
		b, _ := os.ReadFile(filepath.Join(second, name))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds", name)
		}
	}
}

func releaseNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestReleaseContents: every platform's archive holds its binary (built
// with -trimpath, without cgo, the version and commit stamped) and the
// documents; every platform package of the extension carries the same
// binary and says its target; the universal one carries none; SHA256SUMS
// covers them all; mason's definition names each archive and its binary.
func TestReleaseContents(t *testing.T) {
	dir := fullRelease(t)
	st, err := stamp(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	v := st.version
	want := []string{"SHA256SUMS", vsixName("", v)}
	for _, p := range platforms {
		want = append(want, p.archive(v))
		for _, target := range p.vscodeTargets() {
			want = append(want, vsixName(target, v))
		}
	}
	slices.Sort(want)
	if got := releaseNames(t, dir); !slices.Equal(got, want) {
		t.Fatalf("the release holds\n%v\nwant\n%v", got, want)
	}

	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range want[1:] {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		sum := sha256.Sum256(data)
		if !strings.Contains(string(sums), hex.EncodeToString(sum[:])+"  "+name+"\n") {
			t.Errorf("SHA256SUMS has no right line for %s", name)
		}
	}

	for _, p := range platforms {
		files := readArchive(t, filepath.Join(dir, p.archive(v)))
		if names := slices.Sorted(maps.Keys(files)); !slices.Equal(names, []string{"CHANGELOG.md", "README.md", p.exe()}) {
			t.Errorf("%s holds %v", p.archive(v), names)
			continue
		}
		bin := files[p.exe()]
		if bin.mode != 0o755 || files["README.md"].mode != 0o644 {
			t.Errorf("%s: modes %o and %o", p.archive(v), bin.mode, files["README.md"].mode)
		}
		checkBinary(t, p, bin.data, st)
		for _, target := range p.vscodeTargets() {
			vsix := readArchive(t, filepath.Join(dir, vsixName(target, v)))
			if got := vsix["extension/bin/"+p.exe()]; !bytes.Equal(got.data, bin.data) || got.mode&0o111 == 0 {
				t.Errorf("%s does not carry the %s binary, executable", vsixName(target, v), p)
			}
			if !strings.Contains(string(vsix["extension.vsixmanifest"].data), `TargetPlatform="`+target+`"`) {
				t.Errorf("%s is not marked for %s", vsixName(target, v), target)
			}
		}
	}
	universal := readArchive(t, filepath.Join(dir, vsixName("", v)))
	for name := range universal {
		if strings.HasPrefix(name, "extension/bin/") {
			t.Errorf("the universal package holds %s", name)
		}
	}
	if manifest := string(universal["extension.vsixmanifest"].data); strings.Contains(manifest, "TargetPlatform") || !strings.Contains(manifest, `Version="`+v+`"`) {
		t.Errorf("the universal package's manifest: %s", manifest)
	}
	if !universal["extension/out/extension.js"].exists() || !universal["extension/node_modules/vscode-languageclient/package.json"].exists() ||
		universal["extension/node_modules/typescript/package.json"].exists() {
		t.Error("the universal package lacks the compiled extension or its runtime dependencies, or holds a development one")
	}

	pkg, err := mason.Load(filepath.Join(repoRoot, "editors", "nvim", "mason", "package.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range mason.Targets {
		asset, err := pkg.Asset(target)
		if err != nil {
			t.Error(err)
			continue
		}
		if _, ok := readArchive(t, filepath.Join(dir, asset.File))[asset.Bin]; !ok {
			t.Errorf("mason's %s asset %s has no %s", target, asset.File, asset.Bin)
		}
	}
}

// checkBinary checks a platform's binary: its build information, and on
// this machine's platform what `tosca-ls version` prints.
func checkBinary(t *testing.T, p platform, data []byte, st stamped) {
	t.Helper()
	file := filepath.Join(t.TempDir(), p.exe())
	if err := os.WriteFile(file, data, 0o755); err != nil {
		t.Fatal(err)
	}
	info, err := exec.Command("go", "version", "-m", file).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, setting := range []string{"-trimpath=true", "CGO_ENABLED=0", "GOOS=" + p.goos, "GOARCH=" + p.goarch} {
		if !strings.Contains(string(info), setting) {
			t.Errorf("%s: the build information has no %s:\n%s", p, setting, info)
		}
	}
	// -trimpath leaves -ldflags out of the build information: the stamp is
	// found in the binary's strings.
	if !bytes.Contains(data, []byte(st.commit)) {
		t.Errorf("%s: the commit %s is not stamped in", p, st.commit)
	}
	// No path of the machine that built it: not the export's, not a module cache's.
	for _, path := range []string{os.TempDir() + string(filepath.Separator) + "tosca-ls-release-", filepath.Join(runtime.GOROOT(), "src")} {
		if bytes.Contains(data, []byte(path)) {
			t.Errorf("%s: the binary holds the build path %s", p, path)
		}
	}
	if p.goos != runtime.GOOS || p.goarch != runtime.GOARCH {
		return
	}
	out, err := exec.Command(file, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("tosca-ls %s\ncommit: %s\ngo: %s\nplatform: %s\n", st.version, st.commit, runtime.Version(), p)
	if string(out) != want {
		t.Errorf("tosca-ls version printed\n%s\nwant\n%s", out, want)
	}
}

// entry is a file of an archive.
type entry struct {
	data []byte
	mode os.FileMode
}

func (e entry) exists() bool { return e.data != nil }

// readArchive reads a .tar.gz or a zip (a .vsix).
func readArchive(t *testing.T, path string) map[string]entry {
	t.Helper()
	out := map[string]entry{}
	if strings.HasSuffix(path, ".tar.gz") {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		gz, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		tr := tar.NewReader(gz)
		for {
			hdr, err := tr.Next()
			if err == io.EOF {
				return out
			}
			if err != nil {
				t.Fatal(err)
			}
			data, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			out[hdr.Name] = entry{data, os.FileMode(hdr.Mode).Perm()}
		}
	}
	r, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = entry{data, f.Mode().Perm()}
	}
	return out
}
