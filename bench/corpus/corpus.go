// Package corpus generates the benchmark corpora of toscabench: a profile
// repository shaped like the DMTF Redfish set (dmtf) and a mixed
// 1,000-file workspace holding a 10,000-line template (ws1000). Output is a
// pure function of the Options: the same options give the same bytes.
package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Version changes whenever a generator's output changes, so that cached
// corpora are generated again.
const Version = 2

// Corpus names.
const (
	DMTF   = "dmtf"
	WS1000 = "ws1000"
)

// Paths inside the corpora (slash-separated, relative to the corpus root).
const (
	// DMTFService is the service template that uses the Redfish types
	// through nested namespaces.
	DMTFService = "service.yaml"
	// BigMain is the large template of ws1000; its type files are in
	// BigTypesDir.
	BigMain     = "big/main.yaml"
	BigTypesDir = "big/types"
)

// Options sizes the corpora.
type Options struct {
	// DMTFFiles is the number of files of dmtf, the service template
	// included; DMTFFileKB their average size.
	DMTFFiles  int
	DMTFFileKB int
	// WSFiles is the number of small files of ws1000, besides big/.
	WSFiles int
	// BigLines is the length of big/main.yaml; BigImports the number of
	// type files it imports, each under its own namespace.
	BigLines   int
	BigImports int
}

// DefaultOptions are the sizes of issue 13: 7,400 files of ~75 MB, and
// 1,000 files besides a 10,000-line template importing 50 files.
func DefaultOptions() Options {
	return Options{DMTFFiles: 7400, DMTFFileKB: 10, WSFiles: 1000, BigLines: 10000, BigImports: 50}
}

// Validate rejects sizes the generators cannot honour.
func (o Options) Validate() error {
	switch {
	case o.DMTFFiles < 10:
		return errors.New("dmtf needs at least 10 files")
	case o.DMTFFileKB < 1:
		return errors.New("dmtf files need an average size of at least 1 kB")
	case o.WSFiles < 20:
		return errors.New("ws1000 needs at least 20 files")
	case o.BigLines < 100:
		return errors.New("big/main.yaml needs at least 100 lines")
	case o.BigImports < 1:
		return errors.New("big/main.yaml needs at least one import")
	}
	return nil
}

// Put receives one generated file: its slash-separated path relative to
// the corpus root, and its content.
type Put func(rel string, data []byte) error

// Generate writes the named corpus through put.
func Generate(name string, o Options, put Put) error {
	if err := o.Validate(); err != nil {
		return err
	}
	switch name {
	case DMTF:
		return generateDMTF(o, put)
	case WS1000:
		return generateWorkspace(o, put)
	}
	return fmt.Errorf("unknown corpus %q", name)
}

// stamp identifies the generator and the options that made a corpus.
func stamp(name string, o Options) string {
	switch name {
	case DMTF:
		return fmt.Sprintf("toscabench corpus %s v%d files=%d kb=%d\n", name, Version, o.DMTFFiles, o.DMTFFileKB)
	default:
		return fmt.Sprintf("toscabench corpus %s v%d files=%d big-lines=%d big-imports=%d\n", name, Version, o.WSFiles, o.BigLines, o.BigImports)
	}
}

const stampFile = ".toscabench-corpus"

// Corpus is a generated corpus on disk.
type Corpus struct {
	Name string
	Dir  string
	// Files are the slash-separated paths of its files, sorted; Bytes
	// their total size.
	Files []string
	Bytes int64
}

// Path returns the absolute path of a file of the corpus.
func (c *Corpus) Path(rel string) string { return filepath.Join(c.Dir, filepath.FromSlash(rel)) }

// Ensure returns the corpus in workDir/corpora/name, generating it first
// when it is missing or was made by another generator version or with
// other options.
func Ensure(workDir, name string, o Options) (*Corpus, error) {
	dir := filepath.Join(workDir, "corpora", name)
	want := stamp(name, o)
	if have, err := os.ReadFile(filepath.Join(dir, stampFile)); err != nil || string(have) != want {
		if err := regenerate(dir, name, o, want); err != nil {
			return nil, err
		}
	}
	return load(name, dir)
}

// regenerate writes the corpus into a fresh folder and moves it in place,
// so an interrupted generation never passes for a complete one.
func regenerate(dir, name string, o Options, stampText string) error {
	tmp := dir + ".partial"
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	err := Generate(name, o, func(rel string, data []byte) error {
		p := filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o644)
	})
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, stampFile), []byte(stampText), 0o644)
	}
	if err == nil {
		err = os.RemoveAll(dir)
	}
	if err == nil {
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		_ = os.RemoveAll(tmp)
		return fmt.Errorf("generating corpus %s: %w", name, err)
	}
	return nil
}

func load(name, dir string) (*Corpus, error) {
	c := &Corpus{Name: name, Dir: dir}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == stampFile {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		c.Files = append(c.Files, filepath.ToSlash(rel))
		c.Bytes += info.Size()
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(c.Files) == 0 {
		return nil, errors.New("corpus " + name + " is empty")
	}
	sort.Strings(c.Files)
	return c, nil
}

// newRand is the seeded source of one generator.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x70c5a)) }

// relPath is the relative import path from a folder to a file, both
// slash-separated and relative to the corpus root.
func relPath(fromDir, to string) string {
	from := strings.Split(fromDir, "/")
	dest := strings.Split(to, "/")
	i := 0
	for i < len(from) && i < len(dest)-1 && from[i] == dest[i] {
		i++
	}
	parts := make([]string, 0, len(from)-i+len(dest)-i)
	for range from[i:] {
		parts = append(parts, "..")
	}
	return path.Join(append(parts, dest[i:]...)...)
}

// doc accumulates YAML text line by line.
type doc struct {
	strings.Builder
	lines int
}

func (d *doc) line(indent int, s string) {
	d.lines++
	for range indent {
		d.WriteByte(' ')
	}
	d.WriteString(s)
	d.WriteByte('\n')
}

func (d *doc) linef(indent int, format string, args ...any) {
	d.line(indent, fmt.Sprintf(format, args...))
}

// folded writes `key: >-` and text wrapped under it.
func (d *doc) folded(indent int, key, text string) {
	d.line(indent, key+": >-")
	var cur strings.Builder
	for _, w := range strings.Fields(text) {
		if cur.Len() > 0 && cur.Len()+len(w) > 90 {
			d.line(indent+2, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
		}
		cur.WriteString(w)
	}
	if cur.Len() > 0 {
		d.line(indent+2, cur.String())
	}
}
