package server

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// NewLogger builds the logger tosca-ls uses: human-readable lines on stderr
// (never stdout, which carries the protocol) and, when logFile is set, the
// same lines appended to that file. level can be changed at run time.
func NewLogger(level zap.AtomicLevel, logFile string) (*zap.Logger, func(), error) {
	enc := zap.NewDevelopmentEncoderConfig()
	enc.EncodeLevel = zapcore.CapitalLevelEncoder
	enc.ConsoleSeparator = " "
	cores := []zapcore.Core{zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(os.Stderr), level)}
	closeFn := func() {}
	if logFile != "" {
		// Private: the log names the user's files and what happens to them.
		f, err := os.OpenFile(logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return nil, nil, fmt.Errorf("open log file: %w", err)
		}
		cores = append(cores, zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(f), level))
		closeFn = func() { _ = f.Close() }
	}
	return zap.New(zapcore.NewTee(cores...)), closeFn, nil
}

// clientCore forwards warnings and errors to the client as
// window/logMessage. It never blocks: messages are queued and dropped when
// the queue is full.
type clientCore struct {
	level  zapcore.LevelEnabler
	fields []zapcore.Field
	out    chan<- protocol.LogMessageParams
}

func (c *clientCore) Enabled(l zapcore.Level) bool {
	return l >= zapcore.WarnLevel && c.level.Enabled(l)
}

func (c *clientCore) With(fields []zapcore.Field) zapcore.Core {
	clone := *c
	clone.fields = append(append([]zapcore.Field(nil), c.fields...), fields...)
	return &clone
}

func (c *clientCore) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(e.Level) {
		return ce.AddCore(e, c)
	}
	return ce
}

func (c *clientCore) Write(e zapcore.Entry, fields []zapcore.Field) error {
	enc := zapcore.NewMapObjectEncoder()
	for _, f := range c.fields {
		f.AddTo(enc)
	}
	for _, f := range fields {
		f.AddTo(enc)
	}
	var b strings.Builder
	if e.LoggerName != "" {
		b.WriteString(e.LoggerName)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	keys := make([]string, 0, len(enc.Fields))
	for k := range enc.Fields {
		if k == "stack" {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%v", k, enc.Fields[k])
	}
	typ := protocol.MessageTypeWarning
	if e.Level >= zapcore.ErrorLevel {
		typ = protocol.MessageTypeError
	}
	select {
	case c.out <- protocol.LogMessageParams{Type: typ, Message: b.String()}:
	default:
	}
	return nil
}

func (c *clientCore) Sync() error { return nil }

// forwardLogs sends queued log messages to the client until ctx ends.
func (s *Server) forwardLogs(ctx context.Context, in <-chan protocol.LogMessageParams) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-in:
			if err := s.conn.Notify(ctx, protocol.MethodWindowLogMessage, &m); err != nil {
				return
			}
		}
	}
}

// logTrace sends $/logTrace when the client asked for tracing.
func (s *Server) logTrace(ctx context.Context, message, verbose string) {
	trace := s.trace.Load()
	if trace == nil || *trace == protocol.TraceValueOff || *trace == "" {
		return
	}
	p := protocol.LogTraceParams{Message: message}
	if *trace == protocol.TraceValueVerbose && verbose != "" {
		p.Verbose = &verbose
	}
	_ = s.conn.Notify(context.WithoutCancel(ctx), protocol.MethodLogTrace, &p)
}
