// Package lsptest is a fake LSP client for tests: it speaks JSON-RPC with
// real Content-Length framing over any reader/writer pair (pipes to an
// in-process server or to a child process), records every message the
// server sends, answers the server's requests, and lets tests wait for
// conditions without sleeping.
package lsptest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Message is one JSON-RPC message.
type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// Error is a JSON-RPC error object.
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message) }

// IsRequest, IsNotification and IsResponse classify a message.
func (m *Message) IsRequest() bool      { return m.Method != "" && len(m.ID) > 0 }
func (m *Message) IsNotification() bool { return m.Method != "" && len(m.ID) == 0 }
func (m *Message) IsResponse() bool     { return m.Method == "" }

// Log is what the client has received so far, in arrival order.
type Log struct {
	// Notifications and Requests are the server's notifications and its
	// requests to the client.
	Notifications []*Message
	Requests      []*Message
	// Unmatched are the responses that answer no pending request: answers
	// to messages sent with SendRaw, id null errors, duplicates.
	Unmatched []*Message
	// Closed is true once the server closed its output.
	Closed bool
}

// Publish is one textDocument/publishDiagnostics notification.
type Publish struct {
	URI     string
	Version *int32
	// Diagnostics is the raw array; Null is true when the server sent null
	// (or omitted the field), which it never should.
	Diagnostics []Diagnostic
	Null        bool
	Raw         json.RawMessage
}

// Diagnostic is the subset of an LSP diagnostic tests look at.
type Diagnostic struct {
	Range struct {
		Start Position `json:"start"`
		End   Position `json:"end"`
	} `json:"range"`
	Severity int             `json:"severity"`
	Code     json.RawMessage `json:"code"`
	Source   string          `json:"source"`
	Message  string          `json:"message"`
}

// CodeString is the diagnostic code as a string.
func (d Diagnostic) CodeString() string {
	var s string
	if json.Unmarshal(d.Code, &s) == nil {
		return s
	}
	return string(d.Code)
}

// Position is an LSP position.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Method returns the notifications with the given method.
func (l Log) Method(method string) []*Message {
	var out []*Message
	for _, m := range l.Notifications {
		if m.Method == method {
			out = append(out, m)
		}
	}
	return out
}

// RequestsFor returns the server→client requests with the given method.
func (l Log) RequestsFor(method string) []*Message {
	var out []*Message
	for _, m := range l.Requests {
		if m.Method == method {
			out = append(out, m)
		}
	}
	return out
}

// Publishes returns the publishDiagnostics for uri ("" = all), in order.
func (l Log) Publishes(uri string) []Publish {
	var out []Publish
	for _, m := range l.Method("textDocument/publishDiagnostics") {
		var p struct {
			URI         string          `json:"uri"`
			Version     *int32          `json:"version"`
			Diagnostics json.RawMessage `json:"diagnostics"`
		}
		if json.Unmarshal(m.Params, &p) != nil {
			continue
		}
		if uri != "" && p.URI != uri {
			continue
		}
		pub := Publish{URI: p.URI, Version: p.Version, Raw: m.Params}
		if len(p.Diagnostics) == 0 || string(p.Diagnostics) == "null" {
			pub.Null = true
		} else {
			_ = json.Unmarshal(p.Diagnostics, &pub.Diagnostics)
		}
		out = append(out, pub)
	}
	return out
}

// LastPublish returns the latest publishDiagnostics for uri.
func (l Log) LastPublish(uri string) (Publish, bool) {
	ps := l.Publishes(uri)
	if len(ps) == 0 {
		return Publish{}, false
	}
	return ps[len(ps)-1], true
}

// RequestHandler answers a server→client request: a result, or an error.
type RequestHandler func(m *Message) (result any, err *Error)

// Client is the fake editor.
type Client struct {
	w   io.Writer
	wmu sync.Mutex

	mu      sync.Mutex
	changed chan struct{} // closed and replaced whenever the log grows
	log     Log
	pending map[string]chan *Message
	nextID  int64
	readErr error
	handler map[string]RequestHandler
	// Settings answers every workspace/configuration item (default null).
	settings json.RawMessage
}

// New starts a client reading server output from r and writing to w.
func New(r io.Reader, w io.Writer) *Client {
	c := &Client{
		w:        w,
		changed:  make(chan struct{}),
		pending:  map[string]chan *Message{},
		handler:  map[string]RequestHandler{},
		settings: json.RawMessage("null"),
	}
	go c.readLoop(bufio.NewReader(r))
	return c
}

// SetSettings sets what workspace/configuration answers for each item.
func (c *Client) SetSettings(v any) {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	c.mu.Lock()
	c.settings = raw
	c.mu.Unlock()
}

// Handle overrides the answer to server→client requests of one method.
func (c *Client) Handle(method string, h RequestHandler) {
	c.mu.Lock()
	c.handler[method] = h
	c.mu.Unlock()
}

// ReadFrame reads one Content-Length framed message.
func ReadFrame(r *bufio.Reader) ([]byte, error) {
	tp := textproto.NewReader(r)
	hdr, err := tp.ReadMIMEHeader()
	if err != nil {
		if errors.Is(err, io.EOF) && len(hdr) == 0 {
			return nil, io.EOF
		}
		return nil, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(hdr.Get("Content-Length")))
	if err != nil || n <= 0 {
		return nil, fmt.Errorf("bad Content-Length header %q", hdr.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	return body, nil
}

func (c *Client) readLoop(r *bufio.Reader) {
	for {
		body, err := ReadFrame(r)
		if err != nil {
			c.mu.Lock()
			c.readErr = err
			c.log.Closed = true
			for _, ch := range c.pending {
				close(ch)
			}
			c.pending = map[string]chan *Message{}
			c.broadcastLocked()
			c.mu.Unlock()
			return
		}
		m := new(Message)
		if err := json.Unmarshal(body, m); err != nil {
			continue
		}
		switch {
		case m.IsResponse():
			c.mu.Lock()
			key := string(m.ID)
			if ch, ok := c.pending[key]; ok {
				delete(c.pending, key)
				ch <- m
			} else {
				c.log.Unmatched = append(c.log.Unmatched, m)
				c.broadcastLocked()
			}
			c.mu.Unlock()
		case m.IsRequest():
			c.mu.Lock()
			c.log.Requests = append(c.log.Requests, m)
			h := c.handler[m.Method]
			settings := c.settings
			c.broadcastLocked()
			c.mu.Unlock()
			go c.answer(m, h, settings)
		default:
			c.mu.Lock()
			c.log.Notifications = append(c.log.Notifications, m)
			c.broadcastLocked()
			c.mu.Unlock()
		}
	}
}

// answer replies to a server request like a typical editor.
func (c *Client) answer(m *Message, h RequestHandler, settings json.RawMessage) {
	var result any
	var rpcErr *Error
	switch {
	case h != nil:
		result, rpcErr = h(m)
	case m.Method == "workspace/configuration":
		var p struct {
			Items []json.RawMessage `json:"items"`
		}
		_ = json.Unmarshal(m.Params, &p)
		items := make([]json.RawMessage, len(p.Items))
		for i := range items {
			items[i] = settings
		}
		result = items
	case m.Method == "client/registerCapability", m.Method == "client/unregisterCapability",
		m.Method == "window/workDoneProgress/create":
		result = nil
	default:
		rpcErr = &Error{Code: -32601, Message: "fake client: method not found " + m.Method}
	}
	resp := map[string]any{"jsonrpc": "2.0", "id": m.ID}
	if rpcErr != nil {
		resp["error"] = rpcErr
	} else {
		resp["result"] = result
	}
	raw, _ := json.Marshal(resp)
	_ = c.Send(raw)
}

func (c *Client) broadcastLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// Send writes one raw JSON message with framing.
func (c *Client) Send(body []byte) error {
	return c.SendRaw([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)))
}

// SendRaw writes bytes as they are, framing included (or not).
func (c *Client) SendRaw(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.w.Write(b)
	return err
}

func marshalParams(params any) (json.RawMessage, error) {
	switch p := params.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return p, nil
	case []byte:
		return json.RawMessage(p), nil
	case string:
		return json.RawMessage(p), nil
	}
	return json.Marshal(params)
}

// Notify sends a notification. params may be a value, json.RawMessage, or
// a JSON string; nil omits params.
func (c *Client) Notify(method string, params any) error {
	raw, err := marshalParams(params)
	if err != nil {
		return err
	}
	msg := map[string]any{"jsonrpc": "2.0", "method": method}
	if raw != nil {
		msg["params"] = raw
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	return c.Send(body)
}

// Pending is a request waiting for its response.
type Pending struct {
	ID json.RawMessage
	ch chan *Message
}

// Start sends a request with the next numeric id and returns at once.
func (c *Client) Start(method string, params any) (*Pending, error) {
	c.mu.Lock()
	c.nextID++
	id := json.RawMessage(strconv.FormatInt(c.nextID, 10))
	c.mu.Unlock()
	return c.StartWithID(id, method, params)
}

// StartWithID sends a request with an explicit raw id (e.g. `"abc"`).
func (c *Client) StartWithID(id json.RawMessage, method string, params any) (*Pending, error) {
	raw, err := marshalParams(params)
	if err != nil {
		return nil, err
	}
	msg := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if raw != nil {
		msg["params"] = raw
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	ch := make(chan *Message, 1)
	c.mu.Lock()
	if c.log.Closed {
		c.mu.Unlock()
		return nil, errors.New("server output closed")
	}
	c.pending[string(id)] = ch
	c.mu.Unlock()
	if err := c.Send(body); err != nil {
		return nil, err
	}
	return &Pending{ID: id, ch: ch}, nil
}

// Wait returns the response (which may carry an Error).
func (p *Pending) Wait(ctx context.Context) (*Message, error) {
	select {
	case m, ok := <-p.ch:
		if !ok {
			return nil, errors.New("server output closed before the response")
		}
		return m, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("waiting for response to id %s: %w", p.ID, ctx.Err())
	}
}

// Call sends a request and waits for its response message.
func (c *Client) Call(ctx context.Context, method string, params any) (*Message, error) {
	p, err := c.Start(method, params)
	if err != nil {
		return nil, err
	}
	return p.Wait(ctx)
}

// CallResult calls and decodes a successful result into result (may be nil).
func (c *Client) CallResult(ctx context.Context, method string, params, result any) error {
	m, err := c.Call(ctx, method, params)
	if err != nil {
		return err
	}
	if m.Error != nil {
		return m.Error
	}
	if result == nil {
		return nil
	}
	return json.Unmarshal(m.Result, result)
}

// Snapshot returns a copy of the log.
func (c *Client) Snapshot() Log {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Log{
		Notifications: append([]*Message(nil), c.log.Notifications...),
		Requests:      append([]*Message(nil), c.log.Requests...),
		Unmatched:     append([]*Message(nil), c.log.Unmatched...),
		Closed:        c.log.Closed,
	}
}

// Forget drops what the client recorded so far, so that a test measuring
// memory over many messages holds none of them.
func (c *Client) Forget() {
	c.mu.Lock()
	c.log = Log{Closed: c.log.Closed}
	c.mu.Unlock()
}

// Await blocks until cond holds for the log, re-checking whenever a message
// arrives, or fails after timeout.
func (c *Client) Await(timeout time.Duration, cond func(Log) bool) (Log, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		ch := c.changed
		c.mu.Unlock()
		l := c.Snapshot()
		if cond(l) {
			return l, nil
		}
		if l.Closed {
			return l, errors.New("server output closed while waiting")
		}
		select {
		case <-ch:
		case <-deadline.C:
			return c.Snapshot(), fmt.Errorf("condition not met within %v", timeout)
		}
	}
}

// Closed returns when the server has closed its output (or timeout).
func (c *Client) WaitClosed(timeout time.Duration) error {
	l, err := c.Await(timeout, func(l Log) bool { return l.Closed })
	if err != nil && l.Closed {
		return nil
	}
	return err
}
