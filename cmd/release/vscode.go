package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// packageVSCode writes the VS Code packages into out: for each platform
// and each of its VS Code targets one carrying the binary as bin/tosca-ls
// (the extension runs it unless tosca.server.path names another), and a
// universal one without a binary. They are packaged by vsce from the
// exported extension, compiled with the repository's TypeScript and
// holding only its runtime dependencies, with SOURCE_DATE_EPOCH set (vsce
// then orders the entries and gives them that time).
func packageVSCode(repo, src, out string, chosen []platform, binaries map[platform]string, st stamped) error {
	ext := filepath.Join(src, "editors", "vscode")
	modules := filepath.Join(repo, "editors", "vscode", "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "@vscode", "vsce")); err != nil {
		return fmt.Errorf("the VS Code extension's npm packages are not installed (cd editors/vscode && npm ci; .ci/release does it): %v", err)
	}
	var manifest struct{ Version string }
	if err := readJSON(filepath.Join(ext, "package.json"), &manifest); err != nil {
		return err
	}
	if manifest.Version != st.version {
		return fmt.Errorf("editors/vscode/package.json has version %s, CHANGELOG.md %s", manifest.Version, st.version)
	}
	if err := compileExtension(ext, modules); err != nil {
		return err
	}
	if err := copyRuntimeDependencies(ext, modules); err != nil {
		return err
	}
	vsce := func(target string) error {
		args := []string{filepath.Join(modules, "@vscode", "vsce", "vsce"), "package", "--out", filepath.Join(out, vsixName(target, st.version))}
		if target != "" {
			args = append(args, "--target", target)
		}
		cmd := exec.Command("node", args...)
		cmd.Dir = ext
		cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH="+strconv.FormatInt(st.time.Unix(), 10))
		if output, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("vsce package %s: %v\n%s", target, err, output)
		}
		return nil
	}
	binDir := filepath.Join(ext, "bin")
	for _, p := range chosen {
		if err := os.RemoveAll(binDir); err != nil {
			return err
		}
		if err := os.MkdirAll(binDir, 0o755); err != nil {
			return err
		}
		if err := copyFile(binaries[p], filepath.Join(binDir, p.exe()), 0o755); err != nil {
			return err
		}
		for _, target := range p.vscodeTargets() {
			if err := vsce(target); err != nil {
				return err
			}
		}
	}
	if err := os.RemoveAll(binDir); err != nil {
		return err
	}
	return vsce("")
}

// compileExtension compiles the extension's TypeScript in ext with the
// compiler and types the repository installed (node_modules linked in for
// the time of the compilation).
func compileExtension(ext, modules string) error {
	link := filepath.Join(ext, "node_modules")
	if err := os.Symlink(modules, link); err != nil {
		return err
	}
	defer os.Remove(link)
	cmd := exec.Command("node", filepath.Join(modules, "typescript", "bin", "tsc"), "-p", ext)
	if output, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("compiling the VS Code extension: %v\n%s", err, output)
	}
	return nil
}

// copyRuntimeDependencies copies into ext/node_modules the packages the
// lock file does not mark as development ones: what vsce packs.
func copyRuntimeDependencies(ext, modules string) error {
	var lock struct {
		Packages map[string]struct {
			Dev  bool
			Link bool
		}
	}
	if err := readJSON(filepath.Join(ext, "package-lock.json"), &lock); err != nil {
		return err
	}
	for key, pkg := range lock.Packages {
		if key == "" || pkg.Dev || pkg.Link {
			continue
		}
		rel, ok := strings.CutPrefix(key, "node_modules/")
		if !ok {
			continue
		}
		if err := copyPackage(filepath.Join(modules, filepath.FromSlash(rel)), filepath.Join(ext, filepath.FromSlash(key))); err != nil {
			return err
		}
	}
	return nil
}

// copyPackage copies one npm package's folder, without the packages
// nested in its own node_modules (the lock file lists those apart).
func copyPackage(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		target := filepath.Join(to, rel)
		switch {
		case d.IsDir() && d.Name() == "node_modules" && p != from:
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			info, err := d.Info()
			if err != nil {
				return err
			}
			return copyFile(p, target, info.Mode().Perm())
		}
		return nil // links and the like are not part of a package's files
	})
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}
