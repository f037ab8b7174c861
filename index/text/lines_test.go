package text

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestUTF16RoundTrip(t *testing.T) {
	src := []byte("a: é\r\nb: 中😀x\n\tc: 1\rd")
	l := NewLines(src)
	if l.Count() != 4 {
		t.Fatalf("Count = %d, want 4", l.Count())
	}
	for _, tc := range []struct {
		off, line, char int
	}{
		{0, 0, 0},
		{3, 0, 3},  // é starts
		{5, 0, 4},  // end of line 0 (before \r)
		{7, 1, 0},  // b
		{10, 1, 3}, // 中
		{13, 1, 4}, // 😀 (after one UTF-16 unit for 中)
		{17, 1, 6}, // x: the emoji counts two units
		{19, 2, 0}, // tab
		{20, 2, 1},
		{len(src), 3, 1},
	} {
		line, char := l.UTF16(tc.off)
		if line != tc.line || char != tc.char {
			t.Errorf("UTF16(%d) = %d:%d, want %d:%d", tc.off, line, char, tc.line, tc.char)
		}
		if back := l.OffsetOfUTF16(tc.line, tc.char); back != tc.off {
			t.Errorf("OffsetOfUTF16(%d, %d) = %d, want %d", tc.line, tc.char, back, tc.off)
		}
	}
	// Between the \r and \n of a line break is the line's end.
	if line, char := l.UTF16(6); line != 0 || char != 4 {
		t.Errorf("UTF16 inside CRLF = %d:%d, want 0:4", line, char)
	}
	// Inside a surrogate pair rounds down; past the end of a line clamps.
	if got := l.OffsetOfUTF16(1, 5); got != 13 {
		t.Errorf("inside surrogate pair: %d, want 13", got)
	}
	if got := l.OffsetOfUTF16(0, 99); got != 5 {
		t.Errorf("past line end: %d, want 5", got)
	}
	if got := l.OffsetOfUTF16(99, 0); got != len(src) {
		t.Errorf("past last line: %d, want %d", got, len(src))
	}
	if got := string(l.LineText(1)); got != "b: 中😀x" {
		t.Errorf("LineText(1) = %q", got)
	}
}

func TestLineCol(t *testing.T) {
	l := NewLines([]byte("x\nkey: \"é😀\" # c\n"))
	if line, col := l.LineCol(4); line != 1 || col != 2 {
		t.Errorf("LineCol(4) = %d:%d", line, col)
	}
}

// TestLineStartsOfEveryBreak checks the line starts of "\n"-only text (found
// by the vectorised search) against those of the scan every break needs.
func TestLineStartsOfEveryBreak(t *testing.T) {
	for _, src := range []string{"", "a", "\n", "\n\n", "a\nb", "a\nb\n", "\na: 1\n\n  b: 2", strings.Repeat("key: value\n", 100)} {
		got := NewLines([]byte(src)).lineStarts()
		if want := anyBreakStarts([]byte(src)); !slices.Equal(got, want) {
			t.Errorf("NewLines(%q) starts %v, want %v", src, got, want)
		}
		if len(got) != cap(got) {
			t.Errorf("NewLines(%q): %d starts in room for %d", src, len(got), cap(got))
		}
	}
	for _, tc := range []struct {
		src  string
		want []int
	}{
		{"a\r\nb", []int{0, 3}},
		{"a\rb\nc", []int{0, 2, 4}},
		{"\r\r\n\n", []int{0, 1, 3, 4}},
		{"a\r", []int{0, 2}},
	} {
		if got := NewLines([]byte(tc.src)).lineStarts(); !slices.Equal(got, tc.want) {
			t.Errorf("NewLines(%q) starts %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestLinesIndexedWhenAsked: making a line index finds no line start (a
// scan makes one per file and asks most of them nothing), and readers
// asking at once all get the same answers.
func TestLinesIndexedWhenAsked(t *testing.T) {
	src := []byte(strings.Repeat("key: value\n", 1000))
	var kept *Lines
	if n := testing.AllocsPerRun(10, func() { kept = NewLines(src) }); n != 1 || kept.starts != nil {
		t.Errorf("NewLines makes %v allocations, want 1 (the index alone)", n)
	}
	l := NewLines(src)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for off := g; off < len(src); off += 97 {
				if line, col := l.LineCol(off); line != off/11 || col != off%11 {
					t.Errorf("LineCol(%d) = %d:%d, want %d:%d", off, line, col, off/11, off%11)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func BenchmarkNewLines(b *testing.B) {
	src := []byte(strings.Repeat("node_types:\n  example.Node:\n    derived_from: tosca.nodes.Root\n    description: a node type of the benchmark\n", 10000))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		NewLines(src).Count()
	}
}
