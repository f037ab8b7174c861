package main

import (
	"encoding/json"
	"io"
	"strconv"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// A finding is one diagnostic as `check` reports it: the file as shown to
// the user (relative to the working directory, or inside its archive) and
// an LSP-style range, 0-based with UTF-16 characters.
type finding struct {
	File     string
	Range    jsonRange
	Severity diag.Severity
	Code     string
	Message  string
}

// checkFormats writes the findings of `check --format NAME`, in the order
// they were found (by path, then position).
var checkFormats = map[string]func(io.Writer, []finding){
	"text":   writeText,
	"json":   writeJSON,
	"sarif":  writeSARIF,
	"github": writeGitHub,
	"gitlab": writeGitLab,
}

// writeText prints path:line:col: severity: message [code], 1-based. The
// path and message are written with their control characters escaped: a
// file name or a YAML key holding a new line must not forge a line.
// Each line is built in one buffer: formatted with fmt, the DMTF set's
// 20,000 findings were a tenth of the serial tail of its check.
func writeText(w io.Writer, findings []finding) {
	var line []byte
	for _, f := range findings {
		line = append(line[:0], text.Printable(f.File)...)
		line = append(line, ':')
		line = strconv.AppendInt(line, int64(f.Range.Start.Line+1), 10)
		line = append(line, ':')
		line = strconv.AppendInt(line, int64(f.Range.Start.Character+1), 10)
		line = append(line, ": "...)
		line = append(line, f.Severity.String()...)
		line = append(line, ": "...)
		line = append(line, text.Printable(f.Message)...)
		line = append(line, " ["...)
		line = append(line, text.Printable(f.Code)...)
		line = append(line, "]\n"...)
		_, _ = w.Write(line)
	}
}

// jsonDiagnostic is one entry of `check --format json`: LSP-style 0-based
// positions with UTF-16 characters, so tools can reuse editor conventions.
type jsonDiagnostic struct {
	File     string    `json:"file"`
	Range    jsonRange `json:"range"`
	Severity string    `json:"severity"`
	Code     string    `json:"code"`
	Message  string    `json:"message"`
}

type jsonRange struct {
	Start jsonPosition `json:"start"`
	End   jsonPosition `json:"end"`
}

type jsonPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

func writeJSON(w io.Writer, findings []finding) {
	out := make([]jsonDiagnostic, len(findings))
	for i, f := range findings {
		out[i] = jsonDiagnostic{File: f.File, Range: f.Range, Severity: f.Severity.String(), Code: f.Code, Message: f.Message}
	}
	encodeJSON(w, out)
}

// encodeJSON writes v indented, as every JSON output of check and graph.
func encodeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}
