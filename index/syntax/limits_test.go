package syntax

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
)

// allocatedBy is the number of bytes allocated while fn runs.
func allocatedBy(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDepthLimit: 200 KB of nesting, flow or block, gets one error at the
// opener that goes past maxDepth, and costs memory in proportion to the
// input (goccy/go-yaml took 4.4 GB and crashed on the flow case).
func TestDepthLimit(t *testing.T) {
	tests := []struct {
		name string
		unit string // one nesting level, its opener first
	}{
		{"flow sequences", "[ "},
		{"flow mappings", "{a: "},
		{"block sequences", "- "},
		{"block mappings", "? "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(strings.Repeat(tc.unit, 200_000/len(tc.unit)))
			var f *File
			if n := allocatedBy(func() { f = Parse(src) }); n > 50<<20 {
				t.Errorf("parsing allocated %d MB", n>>20)
			}
			checkSpans(t, f)
			if len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Message, fmt.Sprintf("nesting deeper than %d levels", maxDepth)) {
				t.Fatalf("errors %v", f.Errors)
			}
			if got, want := f.Errors[0].Span.Start, maxDepth*len(tc.unit); got != want {
				t.Errorf("error at %d, want %d (the opener of level %d)", got, want, maxDepth+1)
			}
		})
	}
}

// TestDeepIndentation: block mappings nested by indentation (each level
// one space deeper) cost memory in proportion to the input.
func TestDeepIndentation(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 200_000; i++ {
		b.WriteString(strings.Repeat(" ", i))
		b.WriteString("a:\n")
	}
	src := []byte(b.String())
	var f *File
	if n := allocatedBy(func() { f = Parse(src) }); n > 50<<20 {
		t.Errorf("parsing allocated %d MB", n>>20)
	}
	checkSpans(t, f)
	if len(f.Errors) != 0 {
		t.Errorf("errors %v", f.Errors)
	}
	depth := 0
	for n := f.Root(); n != nil && n.Kind == Mapping; n = n.Get("a") {
		depth++
	}
	if want := strings.Count(b.String(), "\n"); depth != want {
		t.Errorf("depth %d, want %d", depth, want)
	}
}

func TestNodeLimit(t *testing.T) {
	defer func(n int) { maxNodes = n }(maxNodes)
	maxNodes = 1000
	src := []byte("a: [" + strings.Repeat("x, ", 5000) + "x]\nb: 1\n")
	f := Parse(src)
	checkSpans(t, f)
	if len(f.Errors) != 1 || !strings.Contains(f.Errors[0].Message, "more than 1000 YAML nodes") {
		t.Fatalf("errors %v", f.Errors)
	}
	a := mustGet(t, f, 0, "a")
	if len(a.Items) >= 1000 || len(a.Items) < 900 {
		t.Errorf("%d items kept", len(a.Items))
	}
	if get(f.Root(), "b") != nil {
		t.Error("the parse went on past the limit")
	}
}

// TestNotText: content YAML forbids gets one error at the first offending
// character; what comes before it is parsed, nothing after it.
func TestNotText(t *testing.T) {
	tests := []struct {
		name string
		src  string
		at   string // text before the offending character
		msg  string
		keys []string // top-level keys parsed
	}{
		{"NUL bytes", strings.Repeat("\x00", 10_000), "", "NUL byte", nil},
		{"binary", "\x7fELF\x02\x01\x01\x00\x00" + strings.Repeat("\x00\xff\x10", 3000), "", "control character U+007F", nil},
		{"invalid UTF-8", "a: 1\nb: caf\xe9\nc: 3\n", "a: 1\nb: caf", "invalid UTF-8 (byte 0xE9)", []string{"a", "b"}},
		{"NUL in a value", "a: 1\nb: x\x00y\nc: 3\n", "a: 1\nb: x", "NUL byte", []string{"a", "b"}},
		{"control character", "a: \x1b[31mred\n", "a: ", "control character U+001B", []string{"a"}},
		{"C1 control", "a: \u0085ok\u0093\n", "a: \u0085ok", "character U+0093", []string{"a"}},
		{"noncharacter", "a: \uffff\n", "a: ", "character U+FFFF", []string{"a"}},
		{"UTF-16", "\xff\xfea\x00:\x00", "", "invalid UTF-8 (byte 0xFF)", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Parse([]byte(tc.src))
			checkSpans(t, f)
			if len(f.Errors) != 1 {
				t.Fatalf("errors %v", f.Errors)
			}
			if e := f.Errors[0]; e.Span.Start != len(tc.at) || e.Span.Len() == 0 || !strings.Contains(e.Message, tc.msg) {
				t.Errorf("error %v %q, want at %d with %q", e.Span, e.Message, len(tc.at), tc.msg)
			}
			var keys []string
			if r := f.Root(); r != nil {
				for _, p := range r.Pairs {
					keys = append(keys, p.Key.Value)
				}
			}
			if fmt.Sprint(keys) != fmt.Sprint(tc.keys) {
				t.Errorf("keys %v, want %v", keys, tc.keys)
			}
		})
	}
}

// TestFirstNonTextEveryOffset puts each kind of character YAML does not
// allow at every offset of a text (eight bytes of it are checked at once)
// and each kind of character it allows beside them.
func TestFirstNonTextEveryOffset(t *testing.T) {
	const allowed = "key: value # ~ 0x7e\tok\r\nnext: é😀 {[x]}\n"
	for _, bad := range []struct{ char, msg string }{
		{"\x00", "NUL byte"},
		{"\x01", "control character U+0001"},
		{"\x1f", "control character U+001F"},
		{"\x7f", "control character U+007F"},
		{"\xff", "invalid UTF-8 (byte 0xFF)"},
		{"\xc2\x80", "character U+0080"},
		{"\uFFFE", "character U+FFFE"},
	} {
		for at := 0; at <= len(allowed); at++ {
			if at < len(allowed) && !utf8.RuneStart(allowed[at]) {
				continue
			}
			src := allowed[:at] + bad.char + allowed[at:]
			off, end, msg := firstNonText([]byte(src))
			if off != at || end != at+len(bad.char) || !strings.HasPrefix(msg, bad.msg) {
				t.Errorf("%q at %d: got [%d, %d) %q, want [%d, %d) %q", bad.char, at, off, end, msg, at, at+len(bad.char), bad.msg)
			}
		}
	}
	for _, good := range []string{allowed, " ~~~~~~~~~~~~~~~", "\t\t\t\t\t\t\t\t\n\n\n\n\n\n\n\n", "\u0085\u00a0éééééé\U0010FFFF"} {
		if off, _, msg := firstNonText([]byte(good)); off >= 0 {
			t.Errorf("%q: %s at %d, want text", good, msg, off)
		}
	}
}

// TestPlainTextWord checks the word at a time tests of firstNonText against
// byte at a time ones: every byte value at every place of a word whose
// other bytes are each of a set of neighbours (borrows and carries between
// bytes would show there).
func TestPlainTextWord(t *testing.T) {
	plain := func(c byte) bool { return c >= 0x20 && c < 0x7f || c == '\n' || c == '\r' || c == '\t' }
	line := func(c byte) bool { return c >= 0x20 && c < 0x7f || c == '\n' }
	for _, around := range []byte{' ', '!', 'a', '~', '\n', '\r', '\t', 0x00, 0x1f, 0x7f, 0x80, 0xff} {
		for at := range 8 {
			for c := range 256 {
				var w [8]byte
				for i := range w {
					w[i] = around
				}
				w[at] = byte(c)
				want := plain(around) && plain(byte(c))
				if got := plainText(binary.LittleEndian.Uint64(w[:])); got != want {
					t.Fatalf("% x: %v, want %v", w, got, want)
				}
				want = line(around) && line(byte(c))
				if got := lineText(binary.LittleEndian.Uint64(w[:])); got != want {
					t.Fatalf("% x: lineText %v, want %v", w, got, want)
				}
				for _, other := range []uint64{0x2020202020202020, 0x0a7e0a7e0a7e0a7e} {
					if got := lineTexts(binary.LittleEndian.Uint64(w[:]), other); got != want {
						t.Fatalf("% x, %x: lineTexts %v, want %v", w, other, got, want)
					}
					if got := lineTexts(other, binary.LittleEndian.Uint64(w[:])); got != want {
						t.Fatalf("%x, % x: lineTexts %v, want %v", other, w, got, want)
					}
				}
			}
		}
	}
}

// TestSpacesRuns checks the word at a time ends of a run of spaces against
// byte at a time ones, for runs of every length up to three words, at every
// offset, ended by each kind of byte or by the text.
func TestSpacesRuns(t *testing.T) {
	for _, before := range []string{"", "x", "\n", "\t", "-"} {
		for _, after := range []string{"", "x", "\n", "\t", "\x00", "\xff"} {
			for n := range 26 {
				src := []byte(before + strings.Repeat(" ", n) + after)
				from, to := len(before), len(before)+n
				if got := spacesEnd(src, from); got != to {
					t.Errorf("spacesEnd(%q, %d) = %d, want %d", src, from, got, to)
				}
				if got := spacesStart(src, to); got != from {
					t.Errorf("spacesStart(%q, %d) = %d, want %d", src, to, got, from)
				}
			}
		}
	}
}
