package text

import (
	"math/rand/v2"
	"testing"
)

// TestLinesThroughMatchesWholeIndex: every offset up to the one asked has
// the position a whole-document index gives it, whatever the breaks
// ("\n", "\r\n", a lone "\r") and characters around it.
func TestLinesThroughMatchesWholeIndex(t *testing.T) {
	pieces := []string{"a", "é", "𝄞", "\n", "\r\n", "\r", " ", "key: v"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var src []byte
		for n := rng.IntN(12); n > 0; n-- {
			src = append(src, pieces[rng.IntN(len(pieces))]...)
		}
		whole := NewLines(src)
		for off := -1; off <= len(src)+1; off++ {
			part := LinesThrough(src, off)
			for o := -1; o <= off; o++ {
				wl, wc := whole.UTF16(o)
				pl, pc := part.UTF16(o)
				if wl != pl || wc != pc {
					t.Fatalf("%q through %d: offset %d at %d:%d, want %d:%d", src, off, o, pl, pc, wl, wc)
				}
			}
		}
	}
}

// TestLinesThroughStopsAtTheLine: the index does not reach past the line
// of the offset asked.
func TestLinesThroughStopsAtTheLine(t *testing.T) {
	src := []byte("a: 1\nb: 2\nc: 3\n")
	if got := len(LinesThrough(src, 6).Source()); got != 10 {
		t.Errorf("indexed %d bytes, want 10 (through the second line)", got)
	}
}
