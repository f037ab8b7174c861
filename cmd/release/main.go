// Command release builds every release artefact of tosca-ls into a folder:
// for each platform an archive of the binary (tosca-ls_<version>_<os>_<arch>.tar.gz,
// .zip for Windows), the VS Code packages (one per platform carrying its
// binary, and a universal one without), and SHA256SUMS over them all.
//
//	.ci/release DIR                          # every platform
//	go run ./cmd/release -platforms linux/amd64 DIR
//
// The release is built from the files git tracks (as they are in the work
// tree), copied to a temporary folder, with the version of CHANGELOG.md's
// first version heading and the commit stamped in. Two builds of the same
// tree are the same bytes: binaries are built with -trimpath and without
// cgo, and every archive entry has the commit's time, fixed owners and
// modes, and a fixed order.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A platform the release builds for.
type platform struct {
	goos, goarch string
}

// platforms are every platform released, in the order they are built.
var platforms = []platform{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

func (p platform) String() string { return p.goos + "/" + p.goarch }

// exe is the binary's file name on the platform.
func (p platform) exe() string {
	if p.goos == "windows" {
		return "tosca-ls.exe"
	}
	return "tosca-ls"
}

// archive is the name of the platform's archive.
func (p platform) archive(version string) string {
	ext := ".tar.gz"
	if p.goos == "windows" {
		ext = ".zip"
	}
	return fmt.Sprintf("tosca-ls_%s_%s_%s%s", version, p.goos, p.goarch, ext)
}

// vscodeTargets are the VS Code platforms the binary serves (vsce's
// --target names). The Linux binaries are static, so Alpine's packages
// carry them too.
func (p platform) vscodeTargets() []string {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[p.goarch]
	switch p.goos {
	case "linux":
		return []string{"linux-" + arch, "alpine-" + arch}
	case "darwin":
		return []string{"darwin-" + arch}
	case "windows":
		return []string{"win32-" + arch}
	}
	return nil
}

// vsixName is the name vsce gives a package: name-target-version.vsix, or
// name-version.vsix for the universal one (target "").
func vsixName(target, version string) string {
	if target == "" {
		return fmt.Sprintf("tosca-ls-%s.vsix", version)
	}
	return fmt.Sprintf("tosca-ls-%s-%s.vsix", target, version)
}

func parsePlatforms(list string) ([]platform, error) {
	var out []platform
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(platforms, func(p platform) bool { return p.String() == strings.TrimSpace(name) })
		if i < 0 {
			return nil, fmt.Errorf("unknown platform %q (known: %v)", name, platforms)
		}
		out = append(out, platforms[i])
	}
	return out, nil
}

func main() {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	all := make([]string, len(platforms))
	for i, p := range platforms {
		all[i] = p.String()
	}
	list := fs.String("platforms", strings.Join(all, ","), "comma-separated `os/arch` list to build")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "usage: .ci/release [-platforms os/arch,...] DIR\n\nBuilds the release archives, the VS Code packages and SHA256SUMS into DIR (created; it must be empty).\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(2)
	}
	chosen, err := parsePlatforms(*list)
	if err != nil || fs.NArg() != 1 {
		if err != nil {
			fmt.Fprintln(os.Stderr, "release:", err)
		}
		fs.Usage()
		os.Exit(2)
	}
	repo, err := os.Getwd()
	if err == nil {
		err = build(repo, fs.Arg(0), chosen, os.Stderr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

// build writes the release of the repository at repo for the platforms
// into out, and lists what it wrote on log.
func build(repo, out string, chosen []platform, log io.Writer) error {
	start := time.Now()
	if err := emptyDir(out); err != nil {
		return err
	}
	st, err := stamp(repo)
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "release %s (commit %s, %s)\n", st.version, st.commit, st.time.UTC().Format(time.RFC3339))
	work, err := os.MkdirTemp("", "tosca-ls-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	src := filepath.Join(work, "src")
	if err := exportTracked(repo, src); err != nil {
		return err
	}
	binaries := map[platform]string{}
	for _, p := range chosen {
		bin, err := buildBinary(src, filepath.Join(work, "bin", p.goos+"_"+p.goarch), p, st)
		if err != nil {
			return err
		}
		binaries[p] = bin
		if err := writeArchive(filepath.Join(out, p.archive(st.version)), p, bin, src, st.time); err != nil {
			return err
		}
	}
	if err := packageVSCode(repo, src, out, chosen, binaries, st); err != nil {
		return err
	}
	if err := writeChecksums(out); err != nil {
		return err
	}
	return list(out, log, time.Since(start))
}

// emptyDir creates dir, or checks that it is empty: a release folder holds
// one release, with nothing left from another.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	}
	return nil
}

// buildBinary cross-compiles cmd/tosca-ls in src for p into dir.
func buildBinary(src, dir string, p platform, st stamped) (string, error) {
	bin := filepath.Join(dir, p.exe())
	ldflags := "-s -w -X main.version=" + st.version + " -X main.commit=" + st.commit
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", bin, "./cmd/tosca-ls")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS="+p.goos, "GOARCH="+p.goarch, "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build for %s: %v\n%s", p, err, out)
	}
	return bin, nil
}

// writeChecksums writes SHA256SUMS over every file of dir, in the format
// `sha256sum -c` reads.
func writeChecksums(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), e.Name())
	}
	return os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(b.String()), 0o644)
}

// list prints what the release folder holds, with sizes.
func list(dir string, log io.Writer, took time.Duration) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(log, "  %-44s %10s\n", e.Name(), strconv.FormatInt(info.Size(), 10))
	}
	fmt.Fprintf(log, "%d files in %s, built in %.0fs\n", len(entries), dir, took.Seconds())
	return nil
}
