package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
)

// gitlabIssue is one entry of a GitLab Code Quality report (the
// codequality artifact of a job): the fields GitLab documents as
// required, and the positions of the Code Climate format it extends.
type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path      string          `json:"path"`
	Positions gitlabPositions `json:"positions"`
}

type gitlabPositions struct {
	Begin gitlabPosition `json:"begin"`
	End   gitlabPosition `json:"end"`
}

// gitlabPosition is 1-based; the end column is the one after the range.
type gitlabPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

func writeGitLab(w io.Writer, findings []finding) {
	out := make([]gitlabIssue, len(findings))
	seen := map[string]int{}
	for i, f := range findings {
		// The fingerprint names the finding, not where it is: GitLab
		// compares the reports of two commits by fingerprint, and a
		// finding moved by lines added above it is not a new one. Equal
		// findings in one file are told apart by their order.
		key := f.File + "\x00" + f.Code + "\x00" + f.Message
		seen[key]++
		sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(seen[key])))
		out[i] = gitlabIssue{
			Description: f.Message,
			CheckName:   f.Code,
			Fingerprint: hex.EncodeToString(sum[:16]),
			Severity:    gitlabSeverity(f.Severity),
			Location: gitlabLocation{Path: f.File, Positions: gitlabPositions{
				Begin: gitlabPosition{f.Range.Start.Line + 1, f.Range.Start.Character + 1},
				End:   gitlabPosition{f.Range.End.Line + 1, f.Range.End.Character + 1},
			}},
		}
	}
	encodeJSON(w, out)
}

// gitlabSeverity maps onto GitLab's info, minor, major, critical, blocker.
func gitlabSeverity(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "major"
	case diag.Warning:
		return "minor"
	}
	return "info"
}
