package index

import (
	"os"
	"path/filepath"
	"sync"

	"go.uber.org/zap"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/parallel"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/profiles"
)

// embeddedSet is the parsed embedded profiles under one extraction root.
type embeddedSet struct {
	root     string
	files    map[string]*File
	profiles map[string]string // profile name or alias → entry path
}

func (e *embeddedSet) entry(p *profiles.Profile) string {
	return filepath.Join(e.root, filepath.FromSlash(p.Entry))
}

var (
	embeddedMu   sync.Mutex
	embeddedSets = map[string]*embeddedSet{}
)

// loadEmbedded parses the embedded profiles under the folder they are
// extracted to, so that definitions in them open in an editor. They never
// change: every workspace of the process shares one parse per folder.
func loadEmbedded(cache string, log *zap.Logger) *embeddedSet {
	root, err := profiles.Materialize(cache)
	if err != nil {
		log.Warn("embedded profiles not extracted; definitions in them will not open", zap.Error(err))
		root = filepath.Join(os.TempDir(), "tosca-ls-profiles")
	}
	embeddedMu.Lock()
	defer embeddedMu.Unlock()
	if set := embeddedSets[root]; set != nil {
		return set
	}
	set := &embeddedSet{root: root, files: map[string]*File{}, profiles: map[string]string{}}
	type job struct {
		p    *profiles.Profile
		name string
	}
	var jobs []job
	for _, p := range profiles.All() {
		for _, name := range p.Files {
			jobs = append(jobs, job{p, name})
		}
		for _, n := range append([]string{p.Name}, p.Aliases...) {
			set.profiles[n] = set.entry(p)
		}
	}
	// One worker per core, each parsing its files in one arena (the trees
	// are dropped once bound).
	var mu sync.Mutex
	parallel.Each(len(jobs), func() func(int) {
		var arena syntax.Arena
		var scratch facts.Scratch
		return func(i int) {
			j := jobs[i]
			src, err := profiles.FS.ReadFile(j.name)
			if err != nil || Detect(src) == NotTOSCA {
				return // a profile's licence is no TOSCA
			}
			full := filepath.Join(root, filepath.FromSlash(j.name))
			f := newClosedFile(full, string(src), Detect(src), grammar.ProcessorAuto, &arena, &scratch)
			arena.Reset()
			f.Embedded = true
			f.Fallback = j.p.Fallback
			f.Refines = j.p.Refines
			mu.Lock()
			set.files[full] = f
			mu.Unlock()
		}
	})
	embeddedSets[root] = set
	return set
}
