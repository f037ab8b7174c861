package analysis

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// Diagnostics returns every problem of the file at path, sorted by position.
func Diagnostics(ctx context.Context, snap *index.Snapshot, path string) []Diagnostic {
	u := For(snap).Unit(path)
	if u == nil || u.File.Embedded {
		// The embedded profiles are read-only and not the author's to fix.
		return nil
	}
	out := append([]Diagnostic(nil), u.Diags...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Span != b.Span {
			return a.Span.Start < b.Span.Start || a.Span.Start == b.Span.Start && a.Span.End < b.Span.End
		}
		return a.Code < b.Code || a.Code == b.Code && a.Message < b.Message
	})
	// An anchored node used through several aliases is checked once per
	// use; its problems are reported once.
	return slices.CompactFunc(out, func(a, b Diagnostic) bool {
		return a.Span == b.Span && a.Code == b.Code && a.Message == b.Message
	})
}

func (b *binder) checkImports() {
	snap := b.a.snap
	path := b.u.File.Path
	for _, l := range snap.Links(path) {
		if l.Problem != nil {
			sev := SeverityError
			if l.Problem.Warning {
				sev = SeverityWarning
			}
			span := l.Import.Target
			if span.Len() == 0 {
				span = l.Import.Entry
			}
			b.report(span, sev, l.Problem.Code, l.Problem.Message)
			continue
		}
		if cycle := importCycle(snap, l.Path, path); cycle != nil {
			names := make([]string, len(cycle))
			for i, p := range cycle {
				names[i] = shortPath(p, path)
			}
			d := b.report(l.Import.Target, SeverityError, CodeImportCycle, "import cycle: "+shortPath(path, path)+" → "+strings.Join(names, " → "))
			for _, p := range cycle[:len(cycle)-1] {
				d.Related = append(d.Related, Related{Location: Location{Path: p}, Message: "part of the cycle"})
			}
		}
	}
}

// importCycle returns the chain of files from `from` back to `to`, or nil.
func importCycle(snap *index.Snapshot, from, to string) []string {
	seen := map[string]bool{}
	var path []string
	var dfs func(p string) bool
	dfs = func(p string) bool {
		path = append(path, p)
		if p == to {
			return true
		}
		if !seen[p] {
			seen[p] = true
			for _, l := range snap.Links(p) {
				if l.Path != "" && dfs(l.Path) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if dfs(from) {
		return path
	}
	return nil
}

func shortPath(p, rel string) string {
	dir := rel[:strings.LastIndexAny(rel, `/\`)+1]
	return strings.TrimPrefix(p, dir)
}

// checkTypes checks the file's own type definitions: derived_from of the
// right kind, no derivation cycles, no name declared twice.
func (b *binder) checkTypes() {
	a := b.a
	for _, d := range b.u.Decls {
		if !d.Kind.IsType() {
			continue
		}
		// Only the types on the cycle are reported: one that merely derives
		// into it (A → B → C → B) is fine once the cycle is fixed.
		if chain, cyclic := a.chain(d); cyclic && a.parent(chain[len(chain)-1]) == d {
			names := make([]string, len(chain))
			for i, t := range chain {
				names[i] = t.Name
			}
			from := d.Node.Get("derived_from")
			span := d.Key.Span
			if from != nil {
				span = from.Span
			}
			b.report(span, SeverityError, CodeDerivationCycle, "derivation cycle: "+strings.Join(append(names, d.Name), " → "))
		}
	}
	// A repeated YAML key is reported as duplicate-key already.
	dupKeys := map[int]bool{}
	for _, e := range b.u.File.Syntax.Errors {
		if e.Duplicate {
			dupKeys[e.Span.Start] = true
		}
	}
	for _, c := range b.u.Scope.conflicts {
		own := c.second
		other := c.first
		if own.File != b.u.File {
			own, other = other, own
		}
		if own.File != b.u.File || dupKeys[own.Key.Span.Start] {
			continue
		}
		d := b.report(own.Key.Span, SeverityError, CodeDuplicateName, fmt.Sprintf("%s %q is already defined", own.Kind, c.name))
		d.Related = []Related{{Location: other.Location(), Message: "other definition"}}
	}
	seen := map[grammar.RefKind]map[string]*Decl{}
	for _, d := range b.u.Decls {
		// A function defined again inside service_template refines the one
		// outside (2.0 §10.4); two in one section are a duplicate key.
		if d.Kind.IsType() || d.Kind == grammar.UserFunction || dupKeys[d.Key.Span.Start] {
			continue
		}
		m := seen[d.Kind]
		if m == nil {
			m = map[string]*Decl{}
			seen[d.Kind] = m
		}
		if prev, ok := m[d.Name]; ok {
			dg := b.report(d.Key.Span, SeverityError, CodeDuplicateName, fmt.Sprintf("%s %q is already defined", d.Kind, d.Name))
			dg.Related = []Related{{Location: prev.Location(), Message: "first definition"}}
			continue
		}
		m[d.Name] = d
	}
}

// suggest returns the candidates closest to s (for "did you mean").
func suggest(s string, candidates []string) []string {
	type scored struct {
		name string
		dist int
	}
	var best []scored
	limit := len(s)/3 + 1
	if limit > 4 {
		limit = 4
	}
	for _, c := range candidates {
		d := editDistance(strings.ToLower(s), strings.ToLower(c))
		if len(s) >= 3 && strings.HasPrefix(strings.ToLower(c), strings.ToLower(s)) {
			d = 1 // a completed prefix is the likeliest meaning
		}
		if d <= limit || (len(s) >= 3 && strings.Contains(strings.ToLower(c), strings.ToLower(s))) {
			best = append(best, scored{c, d})
		}
	}
	sort.SliceStable(best, func(i, j int) bool { return best[i].dist < best[j].dist })
	var out []string
	for i := 0; i < len(best) && i < 3; i++ {
		if best[i].name != s {
			out = append(out, best[i].name)
		}
	}
	return out
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
