package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/tosca-ls/tosca-ls/bench/corpus"
)

// The hostile scenario (issue 24) checks, and opens in a server, each of
// corpus.HostileInputs: inputs a repository or a typist can write that
// made the analysis quadratic (out of memory, or a minute and more). Each
// figure is judged against a raw parse of the same files, like the other
// scenarios: linear work stays within a few parses whatever the size.

// Budgets of the hostile scenario: `check` of an input, and the diagnostics
// of its first file in a server, within hostileRatio raw parses of its
// files, in hostileRSS.
const (
	hostileRatio = 5
	hostileRSS   = 512 * mib
)

func init() {
	for _, h := range corpus.HostileInputs {
		key := "hostile." + h.Name
		specs = append(specs,
			spec{id: key + ".raw.parallel", scenario: "hostile", label: h.Name + ": raw goccy parse, GOMAXPROCS workers", unit: seconds},
			spec{id: key + ".check.time", scenario: "hostile", label: h.Name + ": check: wall time (cold)", unit: seconds, baseline: key + ".raw.parallel",
				budget: "linear: `check` ≤ 5× raw parse", limit: hostileRatio},
			spec{id: key + ".check.rss", scenario: "hostile", label: h.Name + ": check: peak RSS", unit: byteCount,
				budget: "≤ 512 MB peak RSS", limit: hostileRSS},
			spec{id: key + ".open", scenario: "hostile", label: h.Name + ": server: didOpen → publishDiagnostics", unit: seconds, baseline: key + ".raw.parallel",
				budget: "linear: diagnostics of the opened file ≤ 5× raw parse", limit: hostileRatio},
		)
	}
}

// hostileDir writes the files of an input of its issue size into
// work/hostile/name, afresh (generating takes milliseconds).
func hostileDir(work string, h corpus.Hostile) (string, error) {
	dir := filepath.Join(work, "hostile", h.Name)
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	for _, f := range h.Generate(h.Size) {
		p := filepath.Join(dir, filepath.FromSlash(f.Rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// hostile measures one input: the raw parse of its files, a cold check of
// its folder, and a server's diagnostics of its first file.
func (b *bench) hostile(h corpus.Hostile, dir string) error {
	key := "hostile." + h.Name
	files := h.Generate(h.Size)
	srcs := make([][]byte, len(files))
	for i, f := range files {
		srcs[i] = f.Data
	}
	d, err := steadyRawParse(srcs, runtime.GOMAXPROCS(0))
	if err != nil {
		return err
	}
	b.rec.add(key+".raw.parallel", d)
	if !b.broken[key+".check"] {
		res, err := runCheck(b.bin, b.env, dir, b.lim)
		if err == nil && res.failure != "" {
			err = errors.New(res.failure)
		}
		if err != nil {
			b.broken[key+".check"] = true
			b.rec.step(key+".check.time", key+".check.rss").failRest(err)
		} else {
			b.rec.add(key+".check.time", res.wall.Seconds())
			b.rec.add(key+".check.rss", float64(res.peakRSS))
		}
	}
	if b.broken[key+".open"] {
		return nil
	}
	if err := b.hostileOpen(key, filepath.Join(dir, filepath.FromSlash(files[0].Rel)), dir, string(files[0].Data)); err != nil {
		b.broken[key+".open"] = true
		b.rec.fail(key+".open", err.Error())
	}
	return nil
}

// hostileOpen opens a file in a server indexing its folder, once the
// server is idle, and times its diagnostics.
func (b *bench) hostileOpen(key, path, dir, text string) error {
	s, err := startSession(b.bin, b.env, dir, b.lim)
	if err != nil {
		return err
	}
	defer s.close()
	if _, err := s.awaitIndexed(); err != nil {
		return err
	}
	if _, err := s.awaitIdle(); err != nil {
		return err
	}
	lang := "tosca"
	if strings.HasPrefix(text, "heat_template_version") {
		lang = "heat"
	}
	uri := fileURI(path)
	start := time.Now()
	if err := s.c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": lang, "version": 1, "text": text}}); err != nil {
		return s.failure(err)
	}
	arrived, err := s.awaitPublish(uri, 1)
	if err != nil {
		return fmt.Errorf("didOpen: %w", err)
	}
	b.rec.add(key+".open", arrived.Sub(start).Seconds())
	return nil
}
