package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestInSandbox: what the features may look at (artifact files, local
// repositories) is judged like imports, after following symbolic links;
// a missing file is judged by its folder.
func TestInSandbox(t *testing.T) {
	root, allowed, outside := t.TempDir(), t.TempDir(), t.TempDir()
	write(t, root, map[string]string{"main.yaml": "tosca_definitions_version: tosca_2_0\n", "scripts/run.sh": "echo\n"})
	write(t, allowed, map[string]string{"lib.sh": "echo\n"})
	write(t, outside, map[string]string{"secret": "s3cret\n"})
	for link, target := range map[string]string{
		"etc":         "/etc",
		"passwd":      "/etc/passwd",
		"out":         outside,
		"dangling":    filepath.Join(outside, "none"),
		"run.sh":      filepath.Join(root, "scripts/run.sh"),
		"scripts/lib": allowed,
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	ws := NewWorkspace(Options{CacheDir: t.TempDir(), AllowedPaths: []string{allowed}})
	defer ws.Close()
	ws.AddFolder(context.Background(), root, nil)
	snap := ws.Snapshot()
	for _, tc := range []struct {
		name, path string
		want       bool
	}{
		{"a file in the workspace", filepath.Join(root, "scripts/run.sh"), true},
		{"a missing file in the workspace", filepath.Join(root, "scripts/none.sh"), true},
		{"a missing file in a missing folder", filepath.Join(root, "none/none.sh"), true},
		{"a link inside leading inside", filepath.Join(root, "run.sh"), true},
		{"an allowed path", filepath.Join(allowed, "lib.sh"), true},
		{"a link inside leading to an allowed path", filepath.Join(root, "scripts/lib/lib.sh"), true},
		{"an embedded profile", snap.Profile("org.oasis-open.simple:2.0"), true},
		{"an escape with ..", filepath.Join(root, "../../../../../../../etc/passwd"), false},
		{"an absolute path", "/etc/passwd", false},
		{"/proc", "/proc/self/environ", false},
		{"a device", "/dev/zero", false},
		{"a link to a file outside", filepath.Join(root, "passwd"), false},
		{"a file under a link to a folder outside", filepath.Join(root, "etc/passwd"), false},
		{"a missing file under a link to a folder outside", filepath.Join(root, "out/none"), false},
		{"a dangling link leading outside", filepath.Join(root, "dangling"), false},
		{"a sibling folder of the workspace", filepath.Join(outside, "secret"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := snap.InSandbox(tc.path); got != tc.want {
				t.Errorf("InSandbox(%s) = %v, want %v", tc.path, got, tc.want)
			}
		})
	}
}
