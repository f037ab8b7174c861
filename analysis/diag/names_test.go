package diag

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestName(t *testing.T) {
	long := strings.Repeat("é", 200)
	tests := []struct{ in, want string }{
		{"", ""},
		{"db_host", "db_host"},
		{strings.Repeat("a", MaxQuoted), strings.Repeat("a", MaxQuoted)},
		{strings.Repeat("a", MaxQuoted+1), strings.Repeat("a", MaxQuoted-1) + "…"},
		{strings.Repeat("é", MaxQuoted), strings.Repeat("é", MaxQuoted)},
		{long, strings.Repeat("é", MaxQuoted-1) + "…"},
	}
	for _, tc := range tests {
		if got := Name(tc.in); got != tc.want {
			t.Errorf("Name(%d runes) = %q, want %q", utf8.RuneCountInString(tc.in), got, tc.want)
		}
	}
	if got := Quote(long); got != `"`+strings.Repeat("é", MaxQuoted-1)+`…"` {
		t.Errorf("Quote = %s", got)
	}
}

// TestSprintf: names quoted with %q are shortened, everything else is
// formatted as fmt does.
func TestSprintf(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	got := Sprintf("no %s named %q (%d, %q, %v)", "node template", long, 3, 'c', []string{"a"})
	want := `no node template named "` + strings.Repeat("x", MaxQuoted-1) + `…" (3, 'c', [a])`
	if got != want {
		t.Errorf("Sprintf = %.200q", got)
	}
	if got := Sprintf("%s|%5s|%q", "abc", "de", "f\ng"); got != `abc|   de|"f\ng"` {
		t.Errorf("Sprintf = %q", got)
	}
}

func TestCycle(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	name := func(i int) string { return names[i] }
	tests := []struct {
		n    int
		want string
	}{
		{1, "a → a"},
		{3, "a → b → c → a"},
		{MaxListed, "a → b → c → d → e → f → g → h → a"},
		{10, "a → b → c → d → e → f → g → h → … and 2 more → a"},
	}
	for _, tc := range tests {
		if got := Cycle(tc.n, name); got != tc.want {
			t.Errorf("Cycle(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got := Cycle(1_000_000, func(int) string { return strings.Repeat("y", 1000) }); len(got) > (MaxListed+1)*(MaxQuoted*4+8)+40 {
		t.Errorf("a cycle of a million long names is written in %d bytes", len(got))
	}
}
