package server

import "testing"

func TestPlainSnippet(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"properties:\n  $0", "properties:\n  "},
		{"type: ${1:Compute}$0", "type: Compute"},
		{"{ \\$get_input: $1 }", "{ $get_input:  }"},
		{"plain", "plain"},
		{"${2}x", "x"},
	} {
		if got := plainSnippet(tc.in); got != tc.want {
			t.Errorf("plainSnippet(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
