package corpus

import (
	"regexp"
	"strings"
)

// Site is a value in big/main.yaml: a 0-based line and the columns where
// the value starts and ends (the file is ASCII, so bytes are UTF-16 units).
type Site struct{ Line, Start, End int }

// BigSites are the places toscabench types at and asks about.
type BigSites struct {
	// Labels are quoted label values; End is before the closing quote.
	Labels []Site
	// Types are the namespaced type names of node templates (t07:Node3).
	Types []Site
	// Targets are the node templates named by dependency requirements.
	Targets []Site
}

var (
	labelLine  = regexp.MustCompile(`^(\s+label: ")[^"]*"$`)
	typeLine   = regexp.MustCompile(`^(\s+type: )(t\d+:Node\d+)$`)
	targetLine = regexp.MustCompile(`^(\s+- dependency: )(node\d+)$`)
)

// FindBigSites reads the sites from the text of big/main.yaml.
func FindBigSites(text string) BigSites {
	var s BigSites
	for i, line := range strings.Split(text, "\n") {
		if m := labelLine.FindStringSubmatch(line); m != nil {
			s.Labels = append(s.Labels, Site{i, len(m[1]), len(line) - 1})
		} else if m := typeLine.FindStringSubmatch(line); m != nil {
			s.Types = append(s.Types, Site{i, len(m[1]), len(m[1]) + len(m[2])})
		} else if m := targetLine.FindStringSubmatch(line); m != nil {
			s.Targets = append(s.Targets, Site{i, len(m[1]), len(m[1]) + len(m[2])})
		}
	}
	return s
}

// SymbolQueries are workspace/symbol queries for a corpus: whole names of
// its types and templates, fragments of them, and a miss.
func SymbolQueries(name string, o Options) []string {
	if name == DMTF {
		g := &dmtfGen{o: o}
		if g.plan() != nil {
			return nil
		}
		var out []string
		step := max(1, len(g.schemas)/8)
		for i := 0; i < len(g.schemas); i += step {
			n := g.schemas[i].name
			out = append(out, n, n[:4], g.schemas[i].ns(0))
		}
		return append(out, "Resource", "ServiceRoot", "Linkable", "Summary", "Status", "v1_3_0", "qqqq")
	}
	return []string{"Compute", "host", "node12", "Web", "Proxy", "Node3", "region", "Gateway", "Worker", "qqqq"}
}
