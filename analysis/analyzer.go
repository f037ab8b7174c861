// Package analysis knows TOSCA: it builds a typed, derivation-resolved
// model of each file from the grammar description and the index, and
// answers the questions an editor asks (diagnostics, completion, hover,
// navigation, …). It knows nothing about LSP: results carry file paths and
// byte spans.
package analysis

import (
	"sync"

	"github.com/tosca-ls/tosca-ls/index"
)

// Analyzer holds what has been computed for one snapshot. Results are
// reused by the next snapshot's analyzer for every file whose content and
// imports did not change.
type Analyzer struct {
	snap *index.Snapshot

	mu      sync.Mutex
	decls   map[string][]*Decl
	scopes  map[string]*Scope
	units   map[string]*Unit
	members map[memberKey][]*Member
}

var (
	analyzersMu sync.Mutex
	// recent keeps the analyzers of the latest snapshots: concurrent
	// requests on one snapshot share work, and a new snapshot inherits the
	// declarations of unchanged files.
	recent []*Analyzer
)

const keptAnalyzers = 4

// For returns the analyzer of a snapshot.
func For(snap *index.Snapshot) *Analyzer {
	analyzersMu.Lock()
	defer analyzersMu.Unlock()
	for _, a := range recent {
		if a.snap == snap {
			return a
		}
	}
	a := &Analyzer{
		snap:    snap,
		decls:   map[string][]*Decl{},
		scopes:  map[string]*Scope{},
		units:   map[string]*Unit{},
		members: map[memberKey][]*Member{},
	}
	if n := len(recent); n > 0 {
		prev := recent[n-1]
		prev.mu.Lock()
		for path, ds := range prev.decls {
			if f := snap.File(path); f != nil && len(ds) > 0 && ds[0].File == f {
				a.decls[path] = ds
			}
		}
		prev.mu.Unlock()
	}
	recent = append(recent, a)
	if len(recent) > keptAnalyzers {
		recent = recent[1:]
	}
	return a
}

// Snapshot is the snapshot analysed.
func (a *Analyzer) Snapshot() *index.Snapshot { return a.snap }

// Unit returns the analysis of the file at path (nil if the snapshot does
// not hold it).
func (a *Analyzer) Unit(path string) *Unit {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.unit(path)
}

func (a *Analyzer) unit(path string) *Unit {
	if u, ok := a.units[path]; ok {
		return u
	}
	f := a.snap.File(path)
	if f == nil {
		return nil
	}
	u := a.bind(f)
	a.units[path] = u
	return u
}
