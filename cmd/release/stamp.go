package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// stamped is what a release carries of its source: the version, the
// commit, and the commit's time, which every archive entry gets (so that
// two builds of one commit are the same bytes).
type stamped struct {
	version string
	commit  string // "+modified" when the tracked files differ from it
	time    time.Time
}

// versionHeading is a version heading of CHANGELOG.md: "## [0.3.0]",
// optionally followed by a date.
var versionHeading = regexp.MustCompile(`^## \[(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\]`)

// changelogVersion is the version of the first version heading of the
// changelog (the one above it, "Unreleased", gathers what comes next).
func changelogVersion(changelog []byte) (string, error) {
	sc := bufio.NewScanner(bytes.NewReader(changelog))
	for sc.Scan() {
		if m := versionHeading.FindStringSubmatch(sc.Text()); m != nil {
			return m[1], nil
		}
	}
	return "", fmt.Errorf("CHANGELOG.md has no version heading (## [X.Y.Z])")
}

func stamp(repo string) (stamped, error) {
	changelog, err := os.ReadFile(filepath.Join(repo, "CHANGELOG.md"))
	if err != nil {
		return stamped{}, err
	}
	version, err := changelogVersion(changelog)
	if err != nil {
		return stamped{}, err
	}
	commit, err := git(repo, "rev-parse", "HEAD")
	if err != nil {
		return stamped{}, err
	}
	changed, err := git(repo, "status", "--porcelain", "--untracked-files=no")
	if err != nil {
		return stamped{}, err
	}
	if changed != "" {
		commit += "+modified"
	}
	seconds, err := git(repo, "log", "-1", "--format=%ct", "HEAD")
	if err != nil {
		return stamped{}, err
	}
	epoch, err := strconv.ParseInt(seconds, 10, 64)
	if err != nil {
		return stamped{}, fmt.Errorf("commit time %q: %v", seconds, err)
	}
	return stamped{version: version, commit: commit, time: time.Unix(epoch, 0).UTC()}, nil
}

// git runs a git command in repo and returns its output, trimmed.
func git(repo string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = repo
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return strings.TrimSpace(string(out)), nil
}

// exportTracked copies the files git tracks in repo, as they are in the
// work tree, to dst: what is released is what the repository holds, never
// a stray file of the work tree (an untracked source file, an old build).
func exportTracked(repo, dst string) error {
	cmd := exec.Command("git", "ls-files", "-z", "--cached")
	cmd.Dir = repo
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		from, to := filepath.Join(repo, filepath.FromSlash(name)), filepath.Join(dst, filepath.FromSlash(name))
		info, err := os.Lstat(from)
		if os.IsNotExist(err) {
			continue // deleted in the work tree
		}
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if info.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(from)
			if err == nil {
				err = os.Symlink(target, to)
			}
			if err != nil {
				return err
			}
			continue
		}
		if err := copyFile(from, to, info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(from, to string, perm os.FileMode) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, perm)
}
