package index

import (
	"path/filepath"
	"testing"
)

func TestWithin(t *testing.T) {
	for _, tc := range []struct {
		dir, path string
		want      bool
	}{
		{"/w", "/w", true},
		{"/w", "/w/a.yaml", true},
		{"/w", "/w/..x.yaml", true},
		{"/w", "/w/..d/a.yaml", true},
		{"/w", "/w/sub/../a.yaml", true},
		{"/w", "/", false},
		{"/w", "/wx/a.yaml", false},
		{"/w", "/w/../a.yaml", false},
		{"/w/sub", "/w/a.yaml", false},
	} {
		if got := Within(tc.dir, tc.path); got != tc.want {
			t.Errorf("Within(%q, %q) = %v, want %v", tc.dir, tc.path, got, tc.want)
		}
		if rel, ok := RelWithin(tc.dir, tc.path); ok && filepath.Join(tc.dir, rel) != filepath.Clean(tc.path) {
			t.Errorf("RelWithin(%q, %q) = %q, which does not lead back to the path", tc.dir, tc.path, rel)
		}
	}
}
