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
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// The hostile scenario (issue 24) checks, and opens in a server, each of
// corpus.HostileInputs: inputs a repository or a typist can write that
// made the analysis quadratic (out of memory, or a minute and more). The
// yardstick is our own parser (index/syntax) on the same files: goccy's
// parse, the other scenarios' yardstick, is itself superlinear on such
// files (a minute for the 50,000 Heat resources) and would excuse anything.
// A check is judged beyond what any check costs (the floor: a check of a
// one-line file, in the same run): linear work stays within a few dozen
// parses, quadratic work was thousands.

// Budgets of the hostile scenario: `check` of an input beyond the floor,
// and the diagnostics of its first file in a server, within hostileRatio
// parses of its files (or the input's own ratio), in hostileRSS.
const (
	hostileRatio = 40.0
	hostileRSS   = 512 * mib
	hostileFloor = "hostile.floor.check.time"
)

// hostileRatios are the budgets of the inputs whose work is the product of
// two counts, not their sum: "did you mean" compares each unknown name
// with each candidate (8,000 × 8,000 short names; 60 × 60 names of 1,000
// characters, each comparison along the whole name). Before issue 24 they
// took 2,400 and 68,000 parses.
var hostileRatios = map[string]float64{"unknown-targets": 100, "long-names": 1000}

func init() {
	specs = append(specs, spec{id: hostileFloor, scenario: "hostile", label: "floor: check of a file using the normative types and a Heat template", unit: seconds})
	for _, h := range corpus.HostileInputs {
		key := "hostile." + h.Name
		ratio := hostileRatio
		if r, ok := hostileRatios[h.Name]; ok {
			ratio = r
		}
		specs = append(specs,
			spec{id: key + ".raw.parse", scenario: "hostile", label: h.Name + ": our parse (index/syntax), GOMAXPROCS workers", unit: seconds},
			spec{id: key + ".check.time", scenario: "hostile", label: h.Name + ": check: wall time (cold)", unit: seconds},
			spec{id: key + ".check.net", scenario: "hostile", label: h.Name + ": check: wall time beyond the floor", unit: seconds, baseline: key + ".raw.parse",
				budget: fmt.Sprintf("`check` beyond the floor ≤ %g× our parse", ratio), limit: ratio},
			spec{id: key + ".check.rss", scenario: "hostile", label: h.Name + ": check: peak RSS", unit: byteCount,
				budget: "≤ 512 MB peak RSS", limit: hostileRSS},
			spec{id: key + ".open", scenario: "hostile", label: h.Name + ": server: didOpen → publishDiagnostics", unit: seconds, baseline: key + ".raw.parse",
				budget: fmt.Sprintf("diagnostics of the opened file ≤ %g× our parse", ratio), limit: ratio},
		)
	}
}

// ourParse is the hostile scenario's yardstick: index/syntax's Parse.
func ourParse(src []byte) error {
	syntax.Parse(src)
	return nil
}

// hostileFloorCheck measures what any check of the inputs costs: the
// process started and ended, the normative types and Heat's resource types
// read, with next to nothing of its own to analyse.
func (b *bench) hostileFloorCheck(work string) (float64, error) {
	dir := filepath.Join(work, "hostile", "floor")
	if err := os.RemoveAll(dir); err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	for name, text := range map[string]string{
		"types.yaml": "tosca_definitions_version: tosca_simple_yaml_1_3\nnode_types:\n  T:\n    derived_from: tosca.nodes.Root\n",
		"heat.yaml":  "heat_template_version: 2016-10-14\nresources:\n  r:\n    type: OS::Heat::None\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return 0, err
		}
	}
	res, err := runCheck(b.bin, b.env, dir, b.lim)
	if err == nil && res.failure != "" {
		err = errors.New(res.failure)
	}
	if err != nil {
		return 0, fmt.Errorf("floor check: %w", err)
	}
	b.rec.add(hostileFloor, res.wall.Seconds())
	return res.wall.Seconds(), nil
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

// hostile measures one input: our parse of its files, a cold check of its
// folder (beyond floor, the check of a one-line file), and a server's
// diagnostics of its first file.
func (b *bench) hostile(h corpus.Hostile, dir string, floor float64) error {
	key := "hostile." + h.Name
	files := h.Generate(h.Size)
	srcs := make([][]byte, len(files))
	for i, f := range files {
		srcs[i] = f.Data
	}
	d, err := steadyRawParse(srcs, runtime.GOMAXPROCS(0), ourParse)
	if err != nil {
		return err
	}
	b.rec.add(key+".raw.parse", d)
	if !b.broken[key+".check"] {
		res, err := runCheck(b.bin, b.env, dir, b.lim)
		if err == nil && res.failure != "" {
			err = errors.New(res.failure)
		}
		if err != nil {
			b.broken[key+".check"] = true
			b.rec.step(key+".check.time", key+".check.net", key+".check.rss").failRest(err)
		} else {
			b.rec.add(key+".check.time", res.wall.Seconds())
			b.rec.add(key+".check.net", max(res.wall.Seconds()-floor, 0))
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
