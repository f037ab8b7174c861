package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/server"
	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// fuzzServer is an initialized in-process server shared by the inputs of
// a fuzz target (starting one per input would cost more than the input),
// replaced when an input legitimately ends it, and after maxUses inputs
// so that what the server and the fake client accumulate stays bounded.
type fuzzServer struct {
	dir, cacheDir string
	e             *env
	stop          func() error
	uses          int
}

const maxUses = 5000

func newFuzzServer(f *testing.F) *fuzzServer {
	fs := &fuzzServer{dir: f.TempDir(), cacheDir: f.TempDir()}
	f.Cleanup(fs.close)
	return fs
}

// get returns the running server reporting to t, starting one if needed.
func (fs *fuzzServer) get(t *testing.T) *env {
	t.Helper()
	if fs.uses++; fs.uses > maxUses {
		fs.close()
	}
	if fs.e == nil {
		fs.e, fs.stop = runInProcess(fs.dir, fs.cacheDir, zap.NewNop())
		fs.uses = 1
		fs.e.in(t).initialize(defaultInitParams(fs.dir))
	}
	return fs.e.in(t)
}

func (fs *fuzzServer) close() {
	if fs.e != nil {
		_ = fs.stop()
		fs.e = nil
	}
}

// methodOf is the method named by body, if it is a JSON object with one.
func methodOf(body []byte) string {
	var m struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal(body, &m)
	return m.Method
}

// FuzzDispatch feeds arbitrary message bodies to an initialized server.
// No panic may escape (it would end the test binary), and the server must
// answer the next request within the hang guard, unless the body was a
// shutdown (then it answers InvalidRequest) or an exit (then it ends).
func FuzzDispatch(f *testing.F) {
	for _, body := range server.SeedMessages(f) {
		f.Add(body)
	}
	for _, tc := range server.MalformedBodies {
		f.Add([]byte(tc.Body))
	}
	fs := newFuzzServer(f)
	nonce, sentinels := rand.Uint64(), 0
	f.Fuzz(func(t *testing.T, body []byte) {
		e := fs.get(t)
		seen := len(e.c.Snapshot().Unmatched)
		if err := e.c.Send(body); err != nil {
			t.Fatalf("sending %q: %v", body, err)
		}
		method := methodOf(body)
		if method == "exit" {
			// Accepted, it ends the server; refused, it is answered.
			l, _ := e.c.Await(waitLong, func(l lsptest.Log) bool { return len(l.Unmatched) > seen || l.Closed })
			if l.Closed {
				if code, err := e.wait(waitLong); err != nil {
					t.Fatalf("after %q: code %d, %v", body, code, err)
				}
				fs.close()
				return
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), waitLong)
		defer cancel()
		// The fuzzed body may be a request with any id, which gets an
		// answer: the sentinel's id is one it cannot know.
		sentinels++
		p, err := e.c.StartWithID(fmt.Appendf(nil, `"sentinel-%d-%d"`, nonce, sentinels), "tosca/test/sleep", map[string]any{"ms": 0})
		var m *lsptest.Message
		if err == nil {
			m, err = p.Wait(ctx)
		}
		switch {
		case err != nil:
			t.Fatalf("no answer after %q: %v", body, err)
		case m.Error == nil:
		case m.Error.Code == -32600 && method == "shutdown":
			// The next input gets a new server.
			fs.close()
		default:
			t.Fatalf("after %q the next request got %s", body, raw(m))
		}
	})
}

// contentChange is one fuzzed content change of didChange.
type contentChange struct {
	whole          bool // replaces the document (no range)
	sl, sc, el, ec int  // UTF-16 positions
	text           string
	// batched puts the change in the same notification as the previous one.
	batched bool
}

// insertions are the texts changes insert; the fuzzer's own string is
// one more.
var insertions = []string{"", "a", "é", "中", "😀", "\n", "\r\n", "\r", "ab\ncd", "\t", "x😀\r\ny", "\u2028", "\x00"}

// decodeChanges turns script into content changes, six bytes each, with
// positions drawn around the current text so that most fall in it.
func decodeChanges(script []byte, text, own string) []contentChange {
	var out []contentChange
	for ; len(script) >= 6; script = script[6:] {
		b := script[:6]
		lines := refLines(utf16.Encode([]rune(text)))
		pos := func(lb, cb byte) (int, int) {
			line := int(lb) % (len(lines) + 1)
			width := 0
			if line < len(lines) {
				width = lines[line].end - lines[line].start
			}
			return line, int(cb) % (width + 2)
		}
		c := contentChange{whole: b[0]%16 == 0, batched: b[0]&0x80 != 0}
		c.sl, c.sc = pos(b[1], b[2])
		c.el, c.ec = pos(b[3], b[4])
		if i := int(b[5]) % (len(insertions) + 1); i < len(insertions) {
			c.text = insertions[i]
		} else {
			c.text = own
		}
		if next, ok := refApply(text, c); ok {
			text = next
		}
		out = append(out, c)
	}
	return out
}

type lineSpan struct{ start, end int } // in UTF-16 units, end before the line break

// refLines splits UTF-16 text into lines ended by "\n", "\r\n" or "\r".
func refLines(units []uint16) []lineSpan {
	var lines []lineSpan
	start := 0
	for i := 0; i < len(units); i++ {
		switch units[i] {
		case '\r':
			lines = append(lines, lineSpan{start, i})
			if i+1 < len(units) && units[i+1] == '\n' {
				i++
			}
			start = i + 1
		case '\n':
			lines = append(lines, lineSpan{start, i})
			start = i + 1
		}
	}
	return append(lines, lineSpan{start, len(units)})
}

// refApply applies a change as LSP defines it, on UTF-16 code units: a
// line past the end is the end of the text, a character past the line's
// end is the line's end, one inside a surrogate pair rounds down, and a
// start after the end is refused.
func refApply(text string, c contentChange) (string, bool) {
	if c.whole {
		return c.text, true
	}
	units := utf16.Encode([]rune(text))
	lines := refLines(units)
	offset := func(line, char int) int {
		if line >= len(lines) {
			return len(units)
		}
		l := lines[line]
		o := l.start + min(char, l.end-l.start)
		if o > l.start && utf16.IsSurrogate(rune(units[o-1])) && units[o-1] < 0xdc00 {
			o--
		}
		return o
	}
	start, end := offset(c.sl, c.sc), offset(c.el, c.ec)
	if start > end {
		return text, false
	}
	next := append(append(append([]uint16{}, units[:start]...), utf16.Encode([]rune(c.text))...), units[end:]...)
	return string(utf16.Decode(next)), true
}

// FuzzEdits applies fuzzed incremental edits through didChange and checks
// the server's text against refApply. A notification whose changes are
// not all valid is dropped whole by the server, so by the reference too.
func FuzzEdits(f *testing.F) {
	crlf := "tosca_definitions_version: tosca_2_0\r\ndescription: \"é中😀\"\r\nnode_types: [\r\n"
	f.Add(crlf, "X", []byte{1, 1, 18, 1, 18, 13, 0x81, 2, 12, 2, 13, 13, 3, 1, 15, 1, 18, 0})
	f.Add("a\rb\nc", "😀😀", []byte{2, 0, 1, 2, 0, 4, 0, 0, 0, 0, 0, 13})
	f.Add("x😀y\r\n", "\r", []byte{5, 0, 2, 0, 2, 13, 0x85, 0, 1, 0, 2, 1})
	f.Add("", "", []byte{3, 0, 0, 0, 0, 6, 3, 1, 0, 0, 0, 5})
	fs := newFuzzServer(f)
	documents := 0
	f.Fuzz(func(t *testing.T, initial, own string, script []byte) {
		e := fs.get(t)
		initial = strings.ToValidUTF8(initial, "\uFFFD")
		own = strings.ToValidUTF8(own, "\uFFFD")
		documents++
		u := fmt.Sprintf("untitled:edits-%d", documents)
		e.open(u, "plaintext", initial, 1)
		want, version, accepted := initial, 1, 1
		changes := decodeChanges(script, initial, own)
		for i := 0; i < len(changes); {
			batch := []map[string]any{}
			next, valid := want, true
			for j := i; j < len(changes) && (j == i || changes[j].batched); j++ {
				c := changes[j]
				if c.whole {
					batch = append(batch, edit(nil, c.text))
				} else {
					batch = append(batch, edit(rangeOf(c.sl, c.sc, c.el, c.ec), c.text))
				}
				var ok bool
				if next, ok = refApply(next, c); !ok {
					valid = false
				}
				i = j + 1
			}
			version++
			e.change(u, version, batch...)
			if valid {
				want, accepted = next, version
			}
		}
		if v, got := e.document(u); v != accepted || got != want {
			t.Fatalf("after the edits of %q: version %d text %q, want %d %q", initial, v, got, accepted, want)
		}
		e.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": u}})
	})
}
