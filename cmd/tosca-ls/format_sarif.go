package main

import (
	"io"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
)

// The SARIF 2.1.0 log of `check --format sarif` (OASIS SARIF v2.1.0,
// errata 01), as GitHub code scanning and other SARIF viewers read it:
// one run, whose driver lists every diagnostic code as a rule, and one
// result per finding.

const (
	sarifSchema     = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	projectURL      = "https://github.com/tosca-ls/tosca-ls"
	diagnosticsHelp = projectURL + "#diagnostics"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	Results    []sarifResult `json:"results"`
	ColumnKind string        `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	Help             sarifMessage `json:"help"`
	HelpURI          string       `json:"helpUri"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           sarifRegion           `json:"region"`
}

type sarifArtifactLocation struct {
	URI string `json:"uri"`
}

// sarifRegion is 1-based; endColumn is the column after the region's last
// character, and columns count UTF-16 code units (the run's columnKind).
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// semver is the form SARIF's semanticVersion takes (Semantic Versioning 2.0).
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$`)

func writeSARIF(w io.Writer, findings []finding) {
	rules := make([]sarifRule, len(diag.Codes))
	index := make(map[string]int, len(diag.Codes))
	for i, c := range diag.Codes {
		index[c.Code] = i
		doc := sentence(c.Doc)
		rules[i] = sarifRule{
			ID:               c.Code,
			Name:             ruleName(c.Code),
			ShortDescription: sarifMessage{doc},
			FullDescription:  sarifMessage{doc},
			Help:             sarifMessage{doc + " The README's Diagnostics section lists every code: " + diagnosticsHelp},
			HelpURI:          diagnosticsHelp,
		}
	}
	results := make([]sarifResult, len(findings))
	for i, f := range findings {
		results[i] = sarifResult{
			RuleID:    f.Code,
			RuleIndex: index[f.Code],
			Level:     sarifLevel(f.Severity),
			Message:   sarifMessage{sentence(f.Message)},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
				ArtifactLocation: sarifArtifactLocation{URI: fileURI(f.File)},
				Region: sarifRegion{
					StartLine: f.Range.Start.Line + 1, StartColumn: f.Range.Start.Character + 1,
					EndLine: f.Range.End.Line + 1, EndColumn: f.Range.End.Character + 1,
				},
			}}},
		}
	}
	// SARIF viewers compare versions that start with a number: v0.3.0 (a
	// module version) is given as 0.3.0.
	version := strings.TrimPrefix(buildVersion().version, "v")
	driver := sarifDriver{Name: "tosca-ls", Version: version, InformationURI: projectURL, Rules: rules}
	if semver.MatchString(version) {
		driver.SemanticVersion = version
	}
	encodeJSON(w, sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{{
		Tool: sarifTool{Driver: driver}, Results: results, ColumnKind: "utf16CodeUnits",
	}}})
}

// sarifLevel: SARIF has no hint; an information or a hint is a note.
func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "note"
}

// ruleName is the code in the PascalCase SARIF viewers show as a rule's
// name: unknown-keyname is UnknownKeyname.
func ruleName(code string) string {
	var b strings.Builder
	for _, part := range strings.Split(code, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// sentence ends a message with a full stop, as SARIF asks of plain-text
// messages (its rule SARIF2001), unless it ends with one already or with
// a question mark ("did you mean …?").
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}

// fileURI is a shown path as a URI reference: a relative path stays
// relative (code scanning resolves it against the checkout), an absolute
// one becomes a file: URI. Characters that URIs do not allow are
// percent-encoded.
func fileURI(p string) string {
	slashed := filepath.ToSlash(p)
	if !filepath.IsAbs(p) {
		return (&url.URL{Path: slashed}).String()
	}
	if !strings.HasPrefix(slashed, "/") {
		slashed = "/" + slashed // C:/x is file:///C:/x
	}
	return (&url.URL{Scheme: "file", Path: slashed}).String()
}
