package server

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/tosca-ls/tosca-ls/index/text"
)

func rng(sl, sc, el, ec uint32) *protocol.Range {
	return &protocol.Range{Start: protocol.Position{Line: sl, Character: sc}, End: protocol.Position{Line: el, Character: ec}}
}

func TestApplyChangesUTF16(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		changes []change
		want    string
	}{
		{"ascii insert", "abc\ndef\n", []change{{rng(1, 1, 1, 1), "X"}}, "abc\ndXef\n"},
		{"after é (1 unit, 2 bytes)", "é=1\n", []change{{rng(0, 1, 0, 2), ":"}}, "é:1\n"},
		{"after 中 (1 unit, 3 bytes)", "a中b\n", []change{{rng(0, 2, 0, 3), "B"}}, "a中B\n"},
		{"replace 中", "a中b\n", []change{{rng(0, 1, 0, 2), "zh"}}, "azhb\n"},
		{"after emoji (2 units, 4 bytes)", "x😀y\n", []change{{rng(0, 3, 0, 4), "Y"}}, "x😀Y\n"},
		{"delete emoji", "x😀y\n", []change{{rng(0, 1, 0, 3), ""}}, "xy\n"},
		{"inside surrogate pair rounds down", "x😀y", []change{{rng(0, 2, 0, 2), "|"}}, "x|😀y"},
		{"tab counts one", "\tkey: v\n", []change{{rng(0, 1, 0, 4), "KEY"}}, "\tKEY: v\n"},
		{"crlf second line", "a: 1\r\nb: 2\r\n", []change{{rng(1, 3, 1, 4), "3"}}, "a: 1\r\nb: 3\r\n"},
		{"crlf past line end clamps before CR", "a\r\nb\r\n", []change{{rng(0, 9, 0, 9), "!"}}, "a!\r\nb\r\n"},
		{"crlf join lines", "a\r\nb\r\n", []change{{rng(0, 1, 1, 0), ""}}, "ab\r\n"},
		{"lone cr is a line break", "a\rb", []change{{rng(1, 0, 1, 1), "c"}}, "a\rc"},
		{"line past end appends", "a\n", []change{{rng(5, 0, 5, 0), "z"}}, "a\nz"},
		{"insert new line with multibyte", "é\n", []change{{rng(1, 0, 1, 0), "中😀\n"}}, "é\n中😀\n"},
		{"rangeless replaces", "old", []change{{nil, "new"}}, "new"},
		{"sequence uses updated text", "abc", []change{{rng(0, 0, 0, 0), "😀"}, {rng(0, 2, 0, 3), "A"}}, "😀Abc"},
		{"full then incremental", "zzz", []change{{nil, "ab\ncd"}, {rng(1, 1, 1, 2), "D"}}, "ab\ncD"},
		{"empty doc", "", []change{{rng(0, 0, 0, 0), "tosca"}}, "tosca"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := applyChanges(tt.src, tt.changes)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestApplyChangesStartAfterEnd(t *testing.T) {
	if _, err := applyChanges("abc\ndef", []change{{rng(1, 0, 0, 1), ""}}); err == nil {
		t.Fatal("want error for a reversed range")
	}
}

// utf16Pos is the LSP position of the rune index r in s (reference
// implementation working on runes).
func utf16Pos(s []rune, r int) protocol.Position {
	line, char := 0, 0
	for i := 0; i < r; i++ {
		switch s[i] {
		case '\n':
			line, char = line+1, 0
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
				if i >= r {
					// r points between CR and LF: not addressable; caller avoids it.
					break
				}
			}
			line, char = line+1, 0
		default:
			char += len(utf16.Encode([]rune{s[i]}))
		}
	}
	return protocol.Position{Line: uint32(line), Character: uint32(char)}
}

var alphabet = []string{"a", "b", " ", ":", "\n", "\r\n", "\t", "é", "中", "😀", "-", "\"", "𝄞"}

func randText(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(alphabet[r.Intn(len(alphabet))])
	}
	return b.String()
}

// boundary picks a rune index that is not between CR and LF.
func boundary(r *rand.Rand, s []rune) int {
	for {
		i := r.Intn(len(s) + 1)
		if i > 0 && i < len(s) && s[i-1] == '\r' && s[i] == '\n' {
			continue
		}
		return i
	}
}

// TestIncrementalEqualsFullText applies random incremental edits and checks
// the result equals the full text computed independently on runes.
func TestIncrementalEqualsFullText(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		text := []rune(randText(r, r.Intn(40)))
		doc := string(text)
		var batch []change
		for step := 0; step < 1+r.Intn(8); step++ {
			a, b := boundary(r, text), boundary(r, text)
			if a > b {
				a, b = b, a
			}
			ins := []rune(randText(r, r.Intn(6)))
			// An insertion must not split a CRLF it lands next to.
			if (a > 0 && text[a-1] == '\r' && len(ins) > 0 && ins[0] == '\n') ||
				(b < len(text) && text[b] == '\n' && len(ins) > 0 && ins[len(ins)-1] == '\r') ||
				(a > 0 && b < len(text) && len(ins) == 0 && text[a-1] == '\r' && text[b] == '\n') {
				continue
			}
			c := change{Range: &protocol.Range{Start: utf16Pos(text, a), End: utf16Pos(text, b)}, Text: string(ins)}
			text = append(append(append([]rune{}, text[:a]...), ins...), text[b:]...)
			batch = append(batch, c)
			if r.Intn(3) == 0 {
				var err error
				doc, err = applyChanges(doc, batch)
				if err != nil {
					t.Fatal(err)
				}
				batch = nil
			}
		}
		doc, _ = applyChanges(doc, batch)
		if doc != string(text) {
			t.Fatalf("iteration %d: incremental %q != full %q", iter, doc, string(text))
		}
	}
}

// applyNaively is what applyChanges computes, by definition: each change
// applied to the whole text, through a line table built anew.
func applyNaively(src string, changes []change) (string, error) {
	out := src
	for i, c := range changes {
		if c.Range == nil {
			out = c.Text
			continue
		}
		lines := text.NewLines(text.Bytes(out))
		start := lines.OffsetOfUTF16(int(c.Range.Start.Line), int(c.Range.Start.Character))
		end := lines.OffsetOfUTF16(int(c.Range.End.Line), int(c.Range.End.Character))
		if start > end {
			return "", fmt.Errorf("change %d: start after end", i)
		}
		out = out[:start] + c.Text + out[end:]
	}
	return out, nil
}

// TestApplyChangesMatchesNaive applies random batches of edits anywhere
// (past line ends and the document's end, reversed ranges, splitting CRLF
// and surrogate pairs, whole-text replacements, bytes that are not UTF-8)
// on chunked buffers of every small size and the default, and checks each
// gives what applying each edit to the whole text gives.
func TestApplyChangesMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	pieces := append(slices.Clone(alphabet), "\r", "\r\r\n", "\n\r", "\xe2\x82", "\xac", "\xff", "abcdefgh")
	random := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		return b.String()
	}
	for iter := range 3000 {
		src := random(r.Intn(120))
		lines := strings.Count(src, "\n") + strings.Count(src, "\r") + 2
		var batch []change
		for range 1 + r.Intn(12) {
			if r.Intn(25) == 0 {
				batch = append(batch, change{Text: random(r.Intn(30))})
				continue
			}
			at := func() (uint32, uint32) { return uint32(r.Intn(lines + 1)), uint32(r.Intn(12)) }
			sl, sc := at()
			el, ec := sl, sc+uint32(r.Intn(4))
			if r.Intn(3) == 0 {
				el, ec = at()
			}
			batch = append(batch, change{rng(sl, sc, el, ec), random(r.Intn(6))})
		}
		want, wantErr := applyNaively(src, batch)
		for _, size := range []int{1, 2, 3, 5, 16, editChunkSize} {
			got, err := applyChangesIn(src, batch, size)
			if (err != nil) != (wantErr != nil) || got != want {
				t.Fatalf("iteration %d, chunks of %d: %q with %+v\ngot  %q (%v)\nwant %q (%v)", iter, size, src, batch, got, err, want, wantErr)
			}
		}
	}
}

// FuzzApplyChanges checks applyChanges never panics, keeps UTF-8 valid for
// valid input, and that replacing everything equals a rangeless change.
func FuzzApplyChanges(f *testing.F) {
	f.Add("a: é\r\nb: 😀\n", uint32(1), uint32(3), uint32(1), uint32(5), "x")
	f.Add("中\r中", uint32(0), uint32(1), uint32(2), uint32(0), "\r\n")
	f.Add("", uint32(0), uint32(0), uint32(0), uint32(0), "tosca_definitions_version: tosca_2_0")
	f.Fuzz(func(t *testing.T, src string, sl, sc, el, ec uint32, ins string) {
		if sl > 1000 || el > 1000 {
			return
		}
		out, err := applyChanges(src, []change{{rng(sl, sc, el, ec), ins}})
		for _, size := range []int{1, 3} {
			if small, smallErr := applyChangesIn(src, []change{{rng(sl, sc, el, ec), ins}}, size); small != out || (smallErr != nil) != (err != nil) {
				t.Fatalf("chunks of %d give %q (%v), the default %q (%v)", size, small, smallErr, out, err)
			}
		}
		if want, wantErr := applyNaively(src, []change{{rng(sl, sc, el, ec), ins}}); want != out || (wantErr != nil) != (err != nil) {
			t.Fatalf("got %q (%v), applied to the whole text %q (%v)", out, err, want, wantErr)
		}
		if err != nil {
			return
		}
		if utf8.ValidString(src) && utf8.ValidString(ins) && !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 from %q + %q: %q", src, ins, out)
		}
		if len(out) > len(src)+len(ins) {
			t.Fatalf("output longer than source plus insertion")
		}
		full, _ := applyChanges(src, []change{{rng(0, 0, 1<<20, 0), ins}})
		whole, _ := applyChanges(src, []change{{nil, ins}})
		if full != whole {
			t.Fatalf("replace-all %q != rangeless %q", full, whole)
		}
	})
}

// replaceAllBatch is a document of about size bytes and one didChange
// replacing each of its n first occurrences of a name, as a replace-all or
// a multi-cursor edit sends it: the last occurrence first (VS Code's
// order), or the first first (each range then relative to the text the
// previous edits left).
func replaceAllBatch(size, n int, lastFirst bool) (string, []change) {
	var b strings.Builder
	line := 0
	for b.Len() < size {
		fmt.Fprintf(&b, "    node_%d: { type: Compute, properties: { name: \"é中😀\" } }\r\n", line)
		line++
	}
	src := b.String()
	// "Compute" starts at UTF-16 column 18 + the line number's digits.
	var changes []change
	for i := range min(n, line) {
		col := uint32(18 + len(fmt.Sprint(i)))
		changes = append(changes, change{rng(uint32(i), col, uint32(i), col+7), "Compute.Large"})
	}
	if lastFirst {
		slices.Reverse(changes)
	}
	// First first, the ranges are the same: each edit is on a line of its own.
	return src, changes
}

// BenchmarkApplyChanges times didChange's edits: one keystroke in a
// 240 kB document (as typing in the 10,000-line template), and one
// didChange of 20,000 edits on a 2 MB document (issue 24: 71 s when each
// edit copied the text and built its line table).
func BenchmarkApplyChanges(b *testing.B) {
	keySrc, _ := replaceAllBatch(240<<10, 0, true)
	keystroke := []change{{rng(3000, 20, 3000, 20), "x"}}
	for _, bc := range []struct {
		name    string
		src     string
		changes []change
		apply   func(string, []change) (string, error)
	}{
		{"keystroke-240kB", keySrc, keystroke, applyChanges},
		{"keystroke-240kB-naive", keySrc, keystroke, applyNaively},
		{"replace-all-20000-2MB-last-first", "", nil, applyChanges},
		{"replace-all-20000-2MB-first-first", "", nil, applyChanges},
	} {
		if bc.src == "" {
			bc.src, bc.changes = replaceAllBatch(2<<20, 20000, strings.HasSuffix(bc.name, "last-first"))
		}
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.src)))
			for b.Loop() {
				if _, err := bc.apply(bc.src, bc.changes); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
