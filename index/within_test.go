package index

import "testing"

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
	}
}
