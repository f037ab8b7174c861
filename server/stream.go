package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/index"
)

// The LSP base protocol frames each message as "Content-Length: N\r\n",
// optional other headers, a blank line and N bytes of JSON. jsonrpc2's own
// header stream ends the connection on the first body that is not a
// JSON-RPC message and allocates whatever length a header claims. stream
// instead answers what it cannot accept, steps over what it cannot frame,
// and keeps reading: one bad message never costs the editor its server.

const (
	// maxMessageBytes bounds one message. didOpen carries a whole file, so
	// this is four times the analysis limit: room for the JSON escaping of
	// a file at that limit, while a bogus Content-Length cannot make the
	// server hold gigabytes. Larger messages are read past, never kept.
	maxMessageBytes = 4 * index.MaxFileSize
	// readBufferSize is also the longest header line accepted; real header
	// lines are a few dozen bytes.
	readBufferSize = 64 << 10
	// keptBodyBuffer is the largest body buffer kept for the next message.
	keptBodyBuffer = 1 << 20
	// contentLength names the header that frames a message; garbage is
	// skipped up to its next occurrence.
	contentLength = "content-length"
)

// stream is the server's jsonrpc2.Stream over the client's pipes.
type stream struct {
	rwc io.ReadWriteCloser
	in  *bufio.Reader
	log *zap.Logger
	// body holds the last body read. Messages borrow it until the next
	// Read, as jsonrpc2.Stream allows (handlers that outlive that clone).
	body bytes.Buffer

	wmu sync.Mutex
	// writeFailed is closed on the first failed write: the client stopped
	// reading, and nothing the server does can reach it any more.
	writeFailed chan struct{}
	failOnce    sync.Once
}

func newStream(rwc io.ReadWriteCloser, log *zap.Logger) *stream {
	return &stream{
		rwc:         rwc,
		in:          bufio.NewReaderSize(rwc, readBufferSize),
		log:         log,
		writeFailed: make(chan struct{}),
	}
}

// Read returns the next well-formed message. Malformed ones are answered
// (or logged, when no answer is possible) and skipped. The only errors are
// those of the input: io.EOF at a message boundary, io.ErrUnexpectedEOF
// inside a message, or the reader's own.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		length, headerBytes, err := s.readHeader()
		if err != nil {
			return nil, 0, err
		}
		if length > maxMessageBytes {
			if err := s.skipOversized(ctx, length); err != nil {
				return nil, 0, err
			}
			continue
		}
		body, err := s.readBody(length)
		if err != nil {
			return nil, 0, err
		}
		if msg := s.decode(ctx, body); msg != nil {
			return msg, int64(headerBytes) + length, nil
		}
	}
}

// readHeader reads one header block and returns its Content-Length. Bytes
// that do not form a block ending in a valid Content-Length are skipped,
// and logged once, up to the next line holding "Content-Length:" (even
// after other bytes on that line, as when garbage without a newline
// precedes a message).
func (s *stream) readHeader() (length int64, consumed int, err error) {
	var skipped garbage
	defer skipped.report(s.log)
	var block headerBlock
	for {
		line, err := s.in.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			skipped.add(block.consumed, line, "header line too long")
			block = headerBlock{}
			skipped.skipping = true
			continue
		case errors.Is(err, io.EOF):
			if len(line) == 0 && !block.started && skipped.n == 0 {
				return 0, 0, io.EOF
			}
			skipped.add(block.consumed, line, "input ended inside a header")
			return 0, 0, io.ErrUnexpectedEOF
		case err != nil:
			return 0, 0, err
		}
		if isBlank(line) && block.started {
			if block.length >= 0 && block.problem == "" {
				return block.length, block.consumed + len(line), nil
			}
			problem := block.problem
			if problem == "" {
				problem = "header without Content-Length"
			}
			skipped.add(block.consumed+len(line), nil, problem)
			block = headerBlock{}
			skipped.skipping = true
			continue
		}
		// A Content-Length preceded by other bytes restarts the block there.
		if i := indexFold(line, contentLength+":"); i > 0 || (i == 0 && !block.started) {
			skipped.add(block.consumed, line[:i], "bytes before a header")
			block = headerBlock{started: true, length: -1}
			line = line[i:]
		}
		name, value, ok := splitHeader(line)
		if !ok || (!block.started && skipped.skipping) {
			skipped.add(block.consumed, line, "not a header")
			block = headerBlock{}
			skipped.skipping = true
			continue
		}
		if !block.started {
			block = headerBlock{started: true, length: -1}
		}
		block.consumed += len(line)
		if bytes.EqualFold(name, []byte(contentLength)) {
			block.setLength(value)
		}
	}
}

// headerBlock is the header block being read.
type headerBlock struct {
	started  bool
	consumed int
	length   int64 // -1 until a Content-Length is read
	problem  string
}

func (b *headerBlock) setLength(value []byte) {
	n, err := strconv.ParseInt(string(value), 10, 64)
	switch {
	case err != nil || n < 0 || value[0] == '+':
		b.problem = fmt.Sprintf("invalid Content-Length %q", truncate(value, 32))
	case b.length >= 0 && b.length != n:
		b.problem = "conflicting Content-Length headers"
	default:
		b.length = n
	}
}

// garbage counts skipped input so that a run of it is logged once.
type garbage struct {
	n      int
	reason string
	sample []byte
	// skipping is set once the input lost its framing: then only a
	// Content-Length line can start a header block again.
	skipping bool
}

func (g *garbage) add(blockBytes int, b []byte, reason string) {
	if blockBytes+len(b) == 0 {
		return
	}
	if g.n == 0 {
		g.reason = reason
		g.sample = bytes.Clone(truncate(b, 40))
	}
	g.n += blockBytes + len(b)
}

func (g *garbage) report(log *zap.Logger) {
	if g.n > 0 {
		log.Warn("skipped input that is not a framed LSP message", zap.Int("bytes", g.n),
			zap.String("reason", g.reason), zap.ByteString("start", g.sample))
	}
}

// readBody reads a body of length bytes (at most maxMessageBytes). The
// buffer grows with the bytes that actually arrive, so a header claiming
// more than the client sends costs nothing; it is reused unless a large
// message made it large.
func (s *stream) readBody(length int64) ([]byte, error) {
	if s.body.Cap() > keptBodyBuffer {
		s.body = bytes.Buffer{}
	}
	s.body.Reset()
	if _, err := io.CopyN(&s.body, s.in, length); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return s.body.Bytes(), nil
}

// skipOversized reads past a message over maxMessageBytes, keeping only
// what is needed to answer it, and answers requests with InvalidRequest.
func (s *stream) skipOversized(ctx context.Context, length int64) error {
	var env envelope
	if _, err := io.CopyN(&env, s.in, length); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	s.log.Error("message too large: skipped", zap.Int64("bytes", length),
		zap.Int("limit", maxMessageBytes), zap.ByteString("method", env.method))
	if env.hasID && !env.isResponse() {
		s.answer(ctx, env, jsonrpc2.Errorf(jsonrpc2.InvalidRequest,
			"message of %d bytes exceeds the limit of %d MiB", length, maxMessageBytes>>20))
	}
	return nil
}

// decode returns the message in body, or nil after answering a body that
// is not one: ParseError for invalid JSON (id null, as the JSON-RPC
// specification requires), InvalidRequest for JSON that is not a JSON-RPC
// 2.0 request. Malformed responses are only logged: a response is never
// answered.
func (s *stream) decode(ctx context.Context, body []byte) jsonrpc2.Message {
	if !json.Valid(body) {
		var raw json.RawMessage
		err := json.Unmarshal(body, &raw)
		s.answer(ctx, envelope{}, jsonrpc2.Errorf(jsonrpc2.ParseError, "message is not valid JSON: %v", err))
		return nil
	}
	// jsonrpc2 does not check what is inside params; json.Valid did.
	msg, err := jsonrpc2.DecodeMessage(body)
	if err == nil {
		return msg
	}
	var env envelope
	_, _ = env.Write(body)
	if env.isResponse() {
		s.log.Warn("dropping a malformed response", zap.ByteString("id", env.id), zap.String("problem", env.problem()))
		return nil
	}
	s.answer(ctx, env, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "invalid JSON-RPC request: "+env.problem()))
	return nil
}

// answer sends rpcErr for a message that never reaches the handlers, with
// the message's id when it has a valid one, else null.
func (s *stream) answer(ctx context.Context, env envelope, rpcErr *jsonrpc2.Error) {
	id, ok := requestID(env.id)
	if !ok {
		id = jsonrpc2.ID{}
	}
	s.log.Warn("refused a message", zap.ByteString("method", env.method), zap.Stringer("id", idString(id)), zap.Error(rpcErr))
	if _, err := s.Write(ctx, jsonrpc2.NewResponse(id, nil, rpcErr)); err != nil {
		s.log.Debug("could not answer a refused message", zap.Error(err))
	}
}

// Write frames msg and writes it in one call. Writes are serialised.
func (s *stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	// The body is encoded after room for the header, which is then put
	// right before it: one buffer, one write.
	const room = len("Content-Length: \r\n\r\n") + 20
	buf := jsonrpc2.AppendMessage(make([]byte, room, room+256), msg)
	header := fmt.Appendf(nil, "Content-Length: %d\r\n\r\n", len(buf)-room)
	start := room - len(header)
	copy(buf[start:], header)

	s.wmu.Lock()
	n, err := s.rwc.Write(buf[start:])
	s.wmu.Unlock()
	if err != nil {
		s.failOnce.Do(func() { close(s.writeFailed) })
	}
	return int64(n), err
}

// Close closes both directions of the transport.
func (s *stream) Close() error { return s.rwc.Close() }

// splitHeader splits "Name: value\r\n" (or "\n"); the name must be an
// HTTP token.
func splitHeader(line []byte) (name, value []byte, ok bool) {
	line = bytes.TrimRight(line, "\r\n")
	name, value, ok = bytes.Cut(line, []byte{':'})
	if !ok || len(name) == 0 {
		return nil, nil, false
	}
	for _, c := range name {
		if !isTokenByte(c) {
			return nil, nil, false
		}
	}
	return name, bytes.Trim(value, " \t"), true
}

func isTokenByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return bytes.IndexByte([]byte("!#$%&'*+-.^_`|~"), c) >= 0
}

func isBlank(line []byte) bool {
	return len(bytes.TrimRight(line, "\r\n")) == 0
}

// indexFold is the index of the first occurrence of the lower-case ASCII
// pattern in b, ignoring ASCII case, or -1.
func indexFold(b []byte, pattern string) int {
	for i := 0; i+len(pattern) <= len(b); i++ {
		if bytes.EqualFold(b[i:i+len(pattern)], []byte(pattern)) {
			return i
		}
	}
	return -1
}

func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// envelope reads the top level of a JSON object as it streams through
// Write, in constant memory whatever the message's size: which members it
// has, and the raw values of the short ones needed to answer it (id,
// method, jsonrpc). It makes no claim about the validity of the rest.
type envelope struct {
	depth  int
	inStr  bool
	escape bool
	object bool // the top-level value is an object
	phase  envelopePhase
	key    []byte // current top-level key, capped
	value  []byte // current top-level value, capped; nil when too long

	id, method, version                 []byte
	hasID, hasMethod, hasResult, hasErr bool
}

type envelopePhase uint8

const (
	phaseNone     envelopePhase = iota
	phaseKey                    // expecting or reading a top-level key
	phaseAfterKey               // expecting ':'
	phaseValue                  // expecting or reading a top-level value
)

// maxCaptured bounds the keys and values envelope keeps.
const maxCaptured = 256

func (e *envelope) Write(p []byte) (int, error) {
	for i := 0; i < len(p); i++ {
		if e.inStr && !e.escape && !e.capturing() {
			// Jump over string contents (the bulk of a large message) to
			// the next quote or backslash.
			rest := p[i:]
			j := bytes.IndexByte(rest, '"')
			if j < 0 {
				j = len(rest)
			}
			if k := bytes.IndexByte(rest[:j], '\\'); k >= 0 {
				j = k
			}
			if i += j; i == len(p) {
				break
			}
		}
		e.step(p[i])
	}
	return len(p), nil
}

// capturing reports whether the current byte belongs to a key or value
// being kept.
func (e *envelope) capturing() bool {
	return e.object && ((e.depth == 1 && e.phase == phaseKey) || (e.phase == phaseValue && e.value != nil))
}

func (e *envelope) step(c byte) {
	if e.inStr {
		switch {
		case e.escape:
			e.escape = false
		case c == '\\':
			e.escape = true
		case c == '"':
			e.inStr = false
			if e.depth == 1 && e.phase == phaseKey {
				e.phase = phaseAfterKey
				return
			}
		}
		e.capture(c)
		return
	}
	switch c {
	case ' ', '\t', '\r', '\n':
		if e.depth > 1 {
			e.capture(c)
		}
		return
	case '"':
		e.inStr = true
		if e.depth == 1 && e.phase == phaseKey {
			e.key = e.key[:0]
			return
		}
	case '{', '[':
		e.depth++
		if e.depth == 1 {
			e.object = c == '{'
			if e.object {
				e.phase = phaseKey
			}
			return
		}
	case '}', ']':
		e.depth--
		if e.depth == 0 {
			e.endValue()
			e.phase = phaseNone
			return
		}
	case ':':
		if e.depth == 1 && e.phase == phaseAfterKey {
			e.phase = phaseValue
			e.value = make([]byte, 0, 16)
			return
		}
	case ',':
		if e.depth == 1 {
			e.endValue()
			e.phase = phaseKey
			return
		}
	}
	e.capture(c)
}

// capture appends c to the key or value being read at the top level.
func (e *envelope) capture(c byte) {
	if !e.object || e.depth < 1 {
		return
	}
	switch {
	case e.depth == 1 && e.phase == phaseKey && e.inStr:
		if len(e.key) < maxCaptured {
			e.key = append(e.key, c)
		}
	case e.phase == phaseValue && e.value != nil:
		if len(e.value) < maxCaptured {
			e.value = append(e.value, c)
		} else {
			e.value = nil
		}
	}
}

// endValue records the top-level member whose value just ended.
func (e *envelope) endValue() {
	if e.phase != phaseValue || !e.object {
		return
	}
	switch string(e.key) {
	case "id":
		e.hasID, e.id = true, e.value
	case "method":
		e.hasMethod, e.method = true, e.value
	case "jsonrpc":
		e.version = e.value
	case "result":
		e.hasResult = true
	case "error":
		e.hasErr = true
	}
	e.key = e.key[:0]
}

// isResponse reports a message shaped like a response (no method, a result
// or an error), which is never answered.
func (e *envelope) isResponse() bool {
	return !e.hasMethod && (e.hasResult || e.hasErr)
}

// problem says why a JSON value is not a JSON-RPC 2.0 message.
func (e *envelope) problem() string {
	switch {
	case !e.object:
		return "a message must be a JSON object (LSP has no batches)"
	case string(e.version) != `"2.0"`:
		return `"jsonrpc" must be "2.0"`
	case e.hasMethod && (e.hasResult || e.hasErr):
		return `a message cannot have both "method" and "result" or "error"`
	case !e.hasMethod && !e.hasResult && !e.hasErr:
		return `a request needs a "method"`
	case e.hasMethod && (len(e.method) == 0 || e.method[0] != '"'):
		return `"method" must be a string`
	case e.hasID && !validID(e.id):
		return `"id" must be an integer or a string`
	case e.hasResult && e.hasErr:
		return `a response cannot have both "result" and "error"`
	}
	return "malformed message"
}

func validID(raw []byte) bool {
	_, ok := requestID(raw)
	return ok || bytes.Equal(raw, []byte("null"))
}

// requestID reads a JSON-RPC id as the specification allows it: a string
// or an integer.
func requestID(raw []byte) (jsonrpc2.ID, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '"' {
		var str string
		if json.Unmarshal(raw, &str) != nil {
			return jsonrpc2.ID{}, false
		}
		return jsonrpc2.NewStringID(str), true
	}
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		return jsonrpc2.NewNumberID(n), true
	}
	return jsonrpc2.ID{}, false
}
