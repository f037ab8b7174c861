package syntax

import (
	"fmt"
	"sort"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// maxSyntaxErrors bounds the syntax errors of one file: past it, a broken
// file is not worth more diagnostics.
const maxSyntaxErrors = 100

// errorSink collects the errors of one parse.
type errorSink struct {
	lines *text.Lines
	errs  []Error
	// syntax counts the syntax errors kept; errLines are the lines that
	// have one (lazily made).
	syntax   int
	errLines map[int]bool
}

// syntaxError records a syntax error at [start, end). Only the first one on
// a line is kept: the first problem on a line is the one to fix, and what
// the parser finds after it on the same line is usually its echo.
func (s *errorSink) syntaxError(start, end int, msg string) {
	if s.lines == nil {
		return // a scalar decoded again (see DecodeScalar): its errors are known
	}
	n := len(s.lines.Source())
	start, end = min(start, n), min(end, n)
	if end < start {
		end = start
	}
	if s.syntax > maxSyntaxErrors {
		return
	}
	line := s.lines.Line(start)
	if s.errLines[line] {
		return
	}
	if s.errLines == nil {
		s.errLines = make(map[int]bool)
	}
	s.errLines[line] = true
	s.syntax++
	if s.syntax > maxSyntaxErrors {
		msg = fmt.Sprintf("more than %d syntax errors; the others are not reported", maxSyntaxErrors)
	}
	s.errs = append(s.errs, Error{Span: text.Span{Start: start, End: end}, Message: msg})
}

// add records an error that is not subject to the per-line rule (duplicate
// keys, aliases, merge keys, limits).
func (s *errorSink) add(e Error) { s.errs = append(s.errs, e) }

func (s *errorSink) sorted() []Error {
	sort.SliceStable(s.errs, func(i, j int) bool {
		a, b := s.errs[i].Span, s.errs[j].Span
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		return a.End < b.End
	})
	return s.errs
}
