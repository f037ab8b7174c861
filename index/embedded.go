package index

import (
	"os"
	"path/filepath"
	"sync"

	"go.uber.org/zap"

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
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, p := range profiles.All() {
		for _, name := range p.Files {
			wg.Add(1)
			go func() {
				defer wg.Done()
				src, err := profiles.FS.ReadFile(name)
				if err != nil {
					return
				}
				full := filepath.Join(root, filepath.FromSlash(name))
				f := newFile(full, string(src), Detect(src), false)
				f.Embedded = true
				f.Fallback = p.Fallback
				mu.Lock()
				set.files[full] = f
				mu.Unlock()
			}()
		}
		for _, n := range append([]string{p.Name}, p.Aliases...) {
			set.profiles[n] = set.entry(p)
		}
	}
	wg.Wait()
	embeddedSets[root] = set
	return set
}
