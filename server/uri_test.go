package server

import (
	"strings"
	"testing"

	"go.lsp.dev/uri"
)

func TestPathFromURI(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"file:///tmp/a.yaml", "/tmp/a.yaml"},
		{"file:///tmp/a%20b/c%40d.yaml", "/tmp/a b/c@d.yaml"},
		{"file:///tmp/a b/x.yaml", "/tmp/a b/x.yaml"},
		{"file:///tmp/%E4%B8%AD/%F0%9F%98%80.yaml", "/tmp/中/😀.yaml"},
		{"file:///tmp/x/../y/./z.yaml", "/tmp/y/z.yaml"},
		{"file:///c%3A/work/t.yaml", "c:/work/t.yaml"},
	}
	for _, tt := range tests {
		if got := pathFromURI(uri.URI(tt.in)); got != tt.want {
			t.Errorf("pathFromURI(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNonFileURIs(t *testing.T) {
	for _, in := range []string{
		"untitled:Untitled-1",
		"untitled:/Untitled-2",
		"git:/tmp/a.yaml?%7B%22ref%22%3A%22HEAD%22%7D",
		"vscode-notebook-cell:/x.ipynb#W0sZmlsZQ%3D%3D",
	} {
		p := pathFromURI(uri.URI(in))
		if p == "" || !isVirtual(p) {
			t.Errorf("pathFromURI(%q) = %q, want a virtual key", in, p)
			continue
		}
		if again := pathFromURI(uri.URI(in)); again != p {
			t.Errorf("pathFromURI(%q) gave %q, then %q", in, p, again)
		}
	}
	// Strings that are not URIs never panic and give some key (vscode-uri's
	// non-strict parsing reads them as file paths).
	for _, in := range []string{"not a uri", "%%%", ":", "file:", "file://", "untitled:", "a:b:c", "\x00"} {
		if p := pathFromURI(uri.URI(in)); p == "" {
			t.Errorf("pathFromURI(%q) is empty", in)
		}
	}
	a, b := pathFromURI("untitled:Untitled-1"), pathFromURI("untitled:Untitled-2")
	if a == b {
		t.Errorf("distinct untitled documents share key %q", a)
	}
	q1, q2 := pathFromURI("git:/a.yaml?rev1"), pathFromURI("git:/a.yaml?rev2")
	if q1 == q2 {
		t.Errorf("git URIs differing by query share key %q", q1)
	}
	if pathFromURI("") != "" {
		t.Error("empty URI must give an empty key")
	}
}

func TestURIRoundTrip(t *testing.T) {
	for _, p := range []string{"/tmp/a.yaml", "/tmp/a b/c@d:e.yaml", "/tmp/中/😀 #?.yaml", "/tmp/100%.yaml"} {
		u := uriFromPath(p)
		if !strings.HasPrefix(string(u), "file:///") {
			t.Errorf("uriFromPath(%q) = %q", p, u)
		}
		if strings.ContainsAny(string(u)[len("file://"):], " #?") {
			t.Errorf("uriFromPath(%q) = %q is not percent-encoded", p, u)
		}
		if back := pathFromURI(u); back != p {
			t.Errorf("round trip %q -> %q -> %q", p, u, back)
		}
	}
}
