package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tosca-ls/tosca-ls/server/lsptest"
)

// Frame frames body as the LSP base protocol does.
func Frame(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// Refusal is the answer the server owes a message it cannot accept: a
// JSON-RPC error code and the raw id ("null" when the id is unknown).
type Refusal struct {
	Code    int
	ID      string
	Message string // a substring of the error message
}

// MalformedBodies are message bodies that are not acceptable JSON-RPC 2.0
// requests, with what the server must answer (nil: nothing, for malformed
// responses). They are shared with the in-process tests, which check that
// the server keeps serving after each.
var MalformedBodies = []struct {
	Name string
	Body string
	Want *Refusal
}{
	{"not JSON", `hello`, &Refusal{-32700, "null", "not valid JSON"}},
	{"truncated JSON", `{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{`, &Refusal{-32700, "null", "not valid JSON"}},
	{"invalid JSON inside params", `{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{]}`, &Refusal{-32700, "null", "not valid JSON"}},
	{"empty body", ``, &Refusal{-32700, "null", "not valid JSON"}},
	{"nested too deep", `{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, &Refusal{-32700, "null", "depth"}},
	{"batch array", `[{"jsonrpc":"2.0","id":4,"method":"shutdown"}]`, &Refusal{-32600, "null", "JSON object"}},
	{"empty array", `[]`, &Refusal{-32600, "null", "JSON object"}},
	{"number", `42`, &Refusal{-32600, "null", "JSON object"}},
	{"string", `"initialize"`, &Refusal{-32600, "null", "JSON object"}},
	{"null", `null`, &Refusal{-32600, "null", "JSON object"}},
	{"empty object", `{}`, &Refusal{-32600, "null", `"jsonrpc" must be "2.0"`}},
	{"no jsonrpc member", `{"id":7,"method":"shutdown"}`, &Refusal{-32600, "7", `"jsonrpc" must be "2.0"`}},
	{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":"s8","method":"shutdown"}`, &Refusal{-32600, `"s8"`, `"jsonrpc" must be "2.0"`}},
	{"jsonrpc as a number", `{"jsonrpc":2.0,"id":9,"method":"shutdown"}`, &Refusal{-32600, "9", `"jsonrpc" must be "2.0"`}},
	{"notification without jsonrpc", `{"method":"exit"}`, &Refusal{-32600, "null", `"jsonrpc" must be "2.0"`}},
	{"method not a string", `{"jsonrpc":"2.0","id":10,"method":5}`, &Refusal{-32600, "10", `"method" must be a string`}},
	{"no method", `{"jsonrpc":"2.0","id":11,"params":{}}`, &Refusal{-32600, "11", `needs a "method"`}},
	{"method and result", `{"jsonrpc":"2.0","id":12,"method":"shutdown","result":null}`, &Refusal{-32600, "12", `both "method"`}},
	{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"shutdown"}`, &Refusal{-32600, "null", `"id" must be`}},
	{"integral float id", `{"jsonrpc":"2.0","id":13.0,"method":"shutdown"}`, &Refusal{-32600, "null", `"id" must be`}},
	{"object id", `{"jsonrpc":"2.0","id":{"n":1},"method":"shutdown"}`, &Refusal{-32600, "null", `"id" must be`}},
	{"boolean id", `{"jsonrpc":"2.0","id":true,"method":"shutdown"}`, &Refusal{-32600, "null", `"id" must be`}},
	{"array id", `{"jsonrpc":"2.0","id":[14],"method":"shutdown"}`, &Refusal{-32600, "null", `"id" must be`}},
	{"response with result and error", `{"jsonrpc":"2.0","id":15,"result":null,"error":{"code":1,"message":"x"}}`, nil},
	{"response without jsonrpc", `{"id":16,"result":null}`, nil},
}

// FramingGarbage are inputs that are not framed messages (or whose frame
// is invalid); a well-framed message after any of them must still be read,
// and nothing answered. They are shared with the in-process tests.
var FramingGarbage = []struct{ Name, Input string }{
	{"missing Content-Length", "Content-Type: application/json\r\n\r\n" + validNotify},
	{"negative Content-Length", "Content-Length: -5\r\n\r\n" + validNotify},
	{"non-numeric Content-Length", "Content-Length: abc\r\n\r\n" + validNotify},
	{"signed Content-Length", "Content-Length: +55\r\n\r\n" + validNotify},
	{"overflowing Content-Length", "Content-Length: 99999999999999999999999\r\n\r\n" + validNotify},
	{"conflicting Content-Lengths", "Content-Length: 3\r\nContent-Length: 4\r\n\r\n" + validNotify},
	{"garbage lines", "hello\r\nworld\r\n\r\n"},
	{"garbage without a newline", "Starting server..."},
	{"binary garbage", "\x00\xff\xfe\r\n\x00:\x00\n"},
	{"header line longer than the read buffer", strings.Repeat("a", 3*readBufferSize) + "\r\n"},
	{"blank lines", "\r\n\r\n"},
	{"JSON without a header", validCall + "\n"},
}

// rwc joins a reader and a writer; Close does nothing.
type rwc struct {
	io.Reader
	io.Writer
}

func (rwc) Close() error { return nil }

// readAll reads every message of input through a stream and returns them
// summarised, the summarised answers the stream wrote, and the final error.
func readAll(t testing.TB, input io.Reader) (msgs, answers []string, err error) {
	t.Helper()
	return readAllLogged(t, input, zap.NewNop())
}

func readAllLogged(t testing.TB, input io.Reader, log *zap.Logger) (msgs, answers []string, err error) {
	t.Helper()
	var out bytes.Buffer
	s := newStream(rwc{input, &out}, log)
	for {
		var m jsonrpc2.Message
		m, _, err = s.Read(context.Background())
		if err != nil {
			break
		}
		if raw := jsonrpc2.AppendMessage(nil, m); !json.Valid(raw) {
			t.Errorf("read a message that encodes as %q", raw)
		}
		msgs = append(msgs, summary(m))
	}
	return msgs, decodeAnswers(t, out.Bytes()), err
}

func summary(m jsonrpc2.Message) string {
	switch m := m.(type) {
	case *jsonrpc2.Call:
		return fmt.Sprintf("call %v %s %s", m.ID(), m.Method(), m.Params())
	case *jsonrpc2.Notification:
		return fmt.Sprintf("notify %s %s", m.Method(), m.Params())
	case *jsonrpc2.Response:
		return fmt.Sprintf("response %v", m.ID())
	}
	return fmt.Sprintf("unexpected %T", m)
}

// decodeAnswers checks that out is a sequence of framed JSON-RPC error
// responses and summarises each as "code id message".
func decodeAnswers(t testing.TB, out []byte) []string {
	t.Helper()
	var answers []string
	r := bufio.NewReader(bytes.NewReader(out))
	for {
		body, err := lsptest.ReadFrame(r)
		if errors.Is(err, io.EOF) {
			return answers
		}
		if err != nil {
			t.Fatalf("stream wrote a bad frame: %v\n%q", err, out)
		}
		var m struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *lsptest.Error  `json:"error"`
		}
		if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" || m.Error == nil || len(m.ID) == 0 {
			t.Fatalf("stream wrote %q, not a JSON-RPC error response", body)
		}
		answers = append(answers, fmt.Sprintf("%d %s %s", m.Error.Code, m.ID, m.Error.Message))
	}
}

const (
	validCall   = `{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"x":1}}`
	validNotify = `{"jsonrpc":"2.0","method":"initialized","params":{}}`
)

var (
	callSummary   = "call 1 textDocument/hover {\"x\":1}"
	notifySummary = "notify initialized {}"
)

func TestStreamFraming(t *testing.T) {
	for _, tc := range []struct {
		name    string
		input   string
		msgs    []string
		answers []string // prefixes
		err     error
	}{
		{"one message", Frame(validCall), []string{callSummary}, nil, io.EOF},
		{"messages back to back", Frame(validCall) + Frame(validNotify), []string{callSummary, notifySummary}, nil, io.EOF},
		{"empty input", "", nil, nil, io.EOF},
		{"unknown headers and a lower-case name",
			"X-Trace: 1\r\ncontent-length: " + fmt.Sprint(len(validCall)) + "\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + validCall,
			[]string{callSummary}, nil, io.EOF},
		{"bare LF line ends", "Content-Length: " + fmt.Sprint(len(validCall)) + "\n\n" + validCall, []string{callSummary}, nil, io.EOF},
		{"garbage before a message on its line", "Starting server..." + Frame(validCall) + "\x00\x01" + Frame(validNotify), []string{callSummary, notifySummary}, nil, io.EOF},
		{"blank lines between messages", Frame(validNotify) + "\r\n\r\n" + Frame(validCall), []string{notifySummary, callSummary}, nil, io.EOF},
		{"Content-Length shorter than the body",
			"Content-Length: 5\r\n\r\n" + validNotify + Frame(validCall),
			[]string{callSummary}, []string{"-32700 null message is not valid JSON"}, io.EOF},
		{"Content-Length longer than the body, then EOF", "Content-Length: 500\r\n\r\n" + validCall, nil, nil, io.ErrUnexpectedEOF},
		{"header without a body, then EOF", Frame(validNotify) + "Content-Length: 10\r\n\r\n", []string{notifySummary}, nil, io.ErrUnexpectedEOF},
		{"header cut in the middle", Frame(validNotify) + "Content-Len", []string{notifySummary}, nil, io.ErrUnexpectedEOF},
		{"header block cut before its blank line", "Content-Length: 10\r\n", nil, nil, io.ErrUnexpectedEOF},
		{"zero Content-Length", "Content-Length: 0\r\n\r\n" + Frame(validCall), []string{callSummary}, []string{"-32700 null"}, io.EOF},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msgs, answers, err := readAll(t, strings.NewReader(tc.input))
			if !errors.Is(err, tc.err) {
				t.Errorf("final error %v, want %v", err, tc.err)
			}
			if fmt.Sprint(msgs) != fmt.Sprint(tc.msgs) {
				t.Errorf("messages\n got %q\nwant %q", msgs, tc.msgs)
			}
			if len(answers) != len(tc.answers) {
				t.Fatalf("answers %q, want %q", answers, tc.answers)
			}
			for i, a := range answers {
				if !strings.HasPrefix(a, tc.answers[i]) {
					t.Errorf("answer %d = %q, want prefix %q", i, a, tc.answers[i])
				}
			}
		})
	}
}

func TestStreamSkipsGarbage(t *testing.T) {
	for _, tc := range FramingGarbage {
		t.Run(tc.Name, func(t *testing.T) {
			core, logs := observer.New(zap.WarnLevel)
			msgs, answers, err := readAllLogged(t, strings.NewReader(tc.Input+Frame(validCall)), zap.New(core))
			if !errors.Is(err, io.EOF) || fmt.Sprint(msgs) != fmt.Sprint([]string{callSummary}) || len(answers) != 0 {
				t.Fatalf("messages %q answers %q err %v, want only %q", msgs, answers, err, callSummary)
			}
			// One warning for the whole run of garbage, with its size.
			skipped := logs.FilterMessageSnippet("skipped input").All()
			if len(skipped) != 1 || skipped[0].ContextMap()["bytes"].(int64) <= 0 {
				t.Errorf("logged %v, want one warning about the skipped bytes", logs.All())
			}
		})
	}
}

func TestStreamMalformedBodies(t *testing.T) {
	for _, tc := range MalformedBodies {
		t.Run(tc.Name, func(t *testing.T) {
			msgs, answers, err := readAll(t, strings.NewReader(Frame(tc.Body)+Frame(validCall)))
			if !errors.Is(err, io.EOF) || fmt.Sprint(msgs) != fmt.Sprint([]string{callSummary}) {
				t.Fatalf("the next message was not read: %q %v", msgs, err)
			}
			checkRefusal(t, answers, tc.Want)
		})
	}
}

func checkRefusal(t *testing.T, answers []string, want *Refusal) {
	t.Helper()
	if want == nil {
		if len(answers) != 0 {
			t.Fatalf("answered %q, want no answer", answers)
		}
		return
	}
	prefix := fmt.Sprintf("%d %s ", want.Code, want.ID)
	if len(answers) != 1 || !strings.HasPrefix(answers[0], prefix) || !strings.Contains(answers[0], want.Message) {
		t.Fatalf("answers %q, want one %q…%q", answers, prefix, want.Message)
	}
}

func TestStreamValidMessages(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`{"jsonrpc":"2.0","id":"abc","method":"shutdown"}`, "call abc shutdown "},
		{`{"jsonrpc":"2.0","id":null,"method":"exit"}`, "notify exit "},
		{`{"jsonrpc":"2.0","id":3,"result":{"a":[1,2]}}`, "response 3"},
		{`{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"no"}}`, "response 4"},
		{" \r\n{\"params\":[1],\"method\":\"m\",\"jsonrpc\":\"2.0\",\"id\":-5}\n", "call -5 m [1]"},
	} {
		msgs, answers, err := readAll(t, strings.NewReader(Frame(tc.body)))
		if !errors.Is(err, io.EOF) || len(answers) != 0 || len(msgs) != 1 || msgs[0] != tc.want {
			t.Errorf("%s: messages %q answers %q err %v, want %q", tc.body, msgs, answers, err, tc.want)
		}
	}
}

// repeatReader yields n bytes of 'a' without holding them.
type repeatReader struct{ n int64 }

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n)]
	for i := range p {
		p[i] = 'a'
	}
	r.n -= int64(len(p))
	return len(p), nil
}

// allocated is the number of bytes the test process allocates during f.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A message over maxMessageBytes is read past in constant memory and
// answered when it is a request, wherever its id is; reading goes on.
func TestStreamOversizedMessage(t *testing.T) {
	const fill = maxMessageBytes + 1<<20
	for _, tc := range []struct {
		name, prefix, suffix string
		want                 *Refusal
	}{
		{"request with the id last", `{"jsonrpc":"2.0","method":"textDocument/hover","params":{"text":"`, `"},"id":42}`, &Refusal{-32600, "42", "exceeds the limit of 64 MiB"}},
		{"request with the id first", `{"id":"big","jsonrpc":"2.0","method":"textDocument/hover","params":["`, `"]}`, &Refusal{-32600, `"big"`, "exceeds the limit"}},
		{"notification", `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"text":"`, `"}}`, nil},
		{"response", `{"jsonrpc":"2.0","id":3,"result":"`, `"}`, nil},
		{"request with a huge id", `{"jsonrpc":"2.0","method":"m","id":"`, `"}`, &Refusal{-32600, "null", "exceeds the limit"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			size := len(tc.prefix) + fill + len(tc.suffix)
			input := io.MultiReader(
				strings.NewReader(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", size, tc.prefix)),
				&repeatReader{fill},
				strings.NewReader(tc.suffix+Frame(validCall)))
			var msgs, answers []string
			var err error
			if n := allocated(func() { msgs, answers, err = readAll(t, input) }); n > 4<<20 {
				t.Errorf("skipping a %d MiB message allocated %d KiB", size>>20, n>>10)
			}
			if !errors.Is(err, io.EOF) || fmt.Sprint(msgs) != fmt.Sprint([]string{callSummary}) {
				t.Fatalf("the next message was not read: %q %v", msgs, err)
			}
			checkRefusal(t, answers, tc.want)
		})
	}
}

// A header claiming a large body allocates only what arrives.
func TestStreamClaimedLengthNotAllocated(t *testing.T) {
	input := strings.NewReader("Content-Length: 60000000\r\n\r\n{\"jsonrpc\"")
	var err error
	if n := allocated(func() { _, _, err = readAll(t, input) }); n > 1<<20 {
		t.Errorf("a 60 MB claim followed by 10 bytes allocated %d KiB", n>>10)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("error %v, want unexpected EOF", err)
	}
}

// failingWriter fails every write, like a pipe whose reader has gone.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestStreamWriteFailure(t *testing.T) {
	s := newStream(rwc{strings.NewReader(""), failingWriter{}}, zap.NewNop())
	select {
	case <-s.writeFailed:
		t.Fatal("writeFailed closed before any write")
	default:
	}
	for range 2 {
		if _, err := s.Write(context.Background(), jsonrpc2.NewNotification("m", nil)); err == nil {
			t.Fatal("write error not reported")
		}
	}
	select {
	case <-s.writeFailed:
	default:
		t.Fatal("writeFailed not closed after a failed write")
	}
}

// SeedMessages are real message bodies to seed the fuzz targets with:
// those under testdata/messages, recorded from the end-to-end tests, and
// initialize requests carrying the payloads of real editors.
func SeedMessages(tb testing.TB) [][]byte {
	tb.Helper()
	seeds := fixtures(tb, "messages")
	for _, params := range fixtures(tb, "initialize") {
		seeds = append(seeds, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":%s}`, params))
	}
	return seeds
}

// fixtures are the contents of testdata/dir/*.json, trimmed.
func fixtures(tb testing.TB, dir string) [][]byte {
	tb.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", dir, "*.json"))
	if err != nil || len(names) == 0 {
		tb.Fatalf("no fixtures in testdata/%s: %v", dir, err)
	}
	var out [][]byte
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, bytes.TrimSpace(b))
	}
	return out
}

// FuzzFraming feeds arbitrary bytes to the stream: reading always ends
// with the end of the input, every message read is well-formed, and all
// the stream writes are framed JSON-RPC error responses.
func FuzzFraming(f *testing.F) {
	seeds := SeedMessages(f)
	for i, body := range seeds {
		f.Add([]byte(Frame(string(body))))
		f.Add([]byte(Frame(string(body)) + Frame(string(seeds[(i+1)%len(seeds)]))))
	}
	for _, tc := range FramingGarbage {
		f.Add([]byte(tc.Input + Frame(validCall)))
	}
	for _, tc := range MalformedBodies {
		f.Add([]byte(Frame(tc.Body)))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		msgs, _, err := readAll(t, bytes.NewReader(input))
		if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("reading ended with %v, want the end of the input", err)
		}
		// Every message needs a header of at least "Content-Length:0\n\n".
		if len(msgs) > len(input)/len("Content-Length:0\n\n") {
			t.Fatalf("%d messages out of %d bytes", len(msgs), len(input))
		}
	})
}

// BenchmarkStreamRead reads typical messages through the stream, and
// through jsonrpc2's header stream for comparison: the difference is what
// checking that bodies are JSON costs.
func BenchmarkStreamRead(b *testing.B) {
	didOpen := fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///w/big.yaml","languageId":"yaml","version":1,"text":%q}}}`,
		strings.Repeat("    description: \"é中😀 some text\"\n", 1<<15))
	for _, msg := range []struct{ name, body string }{
		{"didChange", `{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///w/a.yaml","version":7},"contentChanges":[{"range":{"start":{"line":12,"character":4},"end":{"line":12,"character":4}},"text":"x"}]}}`},
		{"completion", `{"jsonrpc":"2.0","id":42,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///w/a.yaml"},"position":{"line":12,"character":5}}}`},
		{"didOpen-1MB", didOpen},
	} {
		input := []byte(Frame(msg.body))
		for _, impl := range []struct {
			name string
			new  func(io.ReadWriteCloser) jsonrpc2.Stream
		}{
			{"stream", func(c io.ReadWriteCloser) jsonrpc2.Stream { return newStream(c, zap.NewNop()) }},
			{"jsonrpc2", jsonrpc2.NewStream},
		} {
			b.Run(msg.name+"/"+impl.name, func(b *testing.B) {
				b.SetBytes(int64(len(input)))
				s := impl.new(rwc{&cycleReader{data: input}, io.Discard})
				for b.Loop() {
					if _, _, err := s.Read(context.Background()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// cycleReader yields data over and over.
type cycleReader struct {
	data []byte
	off  int
}

func (r *cycleReader) Read(p []byte) (int, error) {
	n := copy(p, r.data[r.off:])
	r.off = (r.off + n) % len(r.data)
	return n, nil
}
