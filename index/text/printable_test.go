package text

import (
	"testing"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"main.yaml", "main.yaml"},
		{`C:\work\main.yaml`, `C:\work\main.yaml`},
		{"naïve 中 😀", "naïve 中 😀"},
		{"a\nb.yaml:1:1: error: forged [x]", `a\nb.yaml:1:1: error: forged [x]`},
		{"a\r\nb", `a\r\nb`},
		{"tab\there", `tab\there`},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`},
		{"del\x7f", `del\x7f`},
		{"nel\u0085", `nel\u0085`},
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"abc\u202eexe.yaml", `abc\u202eexe.yaml`},
		{"iso\u2066late\u2069", `iso\u2066late\u2069`},
		{"bad\xffbyte\xc3", `bad\xffbyte\xc3`},
		{"", ""},
	} {
		if got := Printable(tc.in); got != tc.want {
			t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzPrintable: whatever the input, the output has no character that
// Printable escapes (so it is one line of output, shown as written), and
// text without any is returned unchanged.
func FuzzPrintable(f *testing.F) {
	f.Add("a\nb\x1b\u2028\xff")
	f.Add("plain ü")
	f.Fuzz(func(t *testing.T, s string) {
		out := Printable(s)
		if hasUnprintable(out) {
			t.Fatalf("Printable(%q) = %q keeps a character to escape", s, out)
		}
		if !hasUnprintable(s) && out != s {
			t.Fatalf("Printable(%q) = %q changed printable text", s, out)
		}
	})
}

func hasUnprintable(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unprintable(r, size) {
			return true
		}
		i += size
	}
	return false
}
