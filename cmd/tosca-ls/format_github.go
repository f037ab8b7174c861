package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// writeGitHub prints one GitHub Actions workflow command per finding
// (::error file=…,line=…::message), which a workflow step turns into an
// annotation on the file's line in the run and in the pull request.
func writeGitHub(w io.Writer, findings []finding) {
	for _, f := range findings {
		start, end := f.Range.Start, f.Range.End
		props := []string{
			"file=" + githubProperty(f.File),
			"line=" + strconv.Itoa(start.Line+1),
			"endLine=" + strconv.Itoa(end.Line+1),
		}
		// Columns are 1-based and inclusive, and only read by GitHub on a
		// one-line annotation.
		if start.Line == end.Line {
			props = append(props, "col="+strconv.Itoa(start.Character+1), "endColumn="+strconv.Itoa(max(end.Character, start.Character+1)))
		}
		props = append(props, "title="+githubProperty("tosca-ls "+f.Code))
		fmt.Fprintf(w, "::%s %s::%s\n", githubCommand(f.Severity), strings.Join(props, ","), githubData(f.Message))
	}
}

func githubCommand(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "notice"
}

// githubData escapes a command's message as the runner reads it back:
// %, CR and LF as %25, %0D and %0A (a message may span lines in the
// annotation, never in the log); other control characters are escaped
// for the log.
func githubData(s string) string {
	return text.Printable(strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s))
}

// githubProperty escapes a property value: as data, and : and , too.
func githubProperty(s string) string {
	return text.Printable(strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s))
}
