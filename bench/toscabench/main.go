// Command toscabench measures tosca-ls against the budgets of issues 13,
// 24 (the hostile inputs) and 27 (the real repositories). It generates its
// corpora (cached), reads the real repositories of --corpora (read-only;
// skipped when absent), builds ./cmd/tosca-ls (or takes --bin) and drives
// the binary as a black box: `tosca-ls check` as a command, `tosca-ls
// serve` over stdio as an editor would. Every figure is the median of
// --runs repeats; ratios are to a raw goccy/go-yaml parse of the same bytes
// measured in the same run. See bench/README.md.
//
//	go run ./bench/toscabench [flags] [dmtf] [ws1000] [big] [hostile] [real-dmtf] [oasis]
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tosca-ls/tosca-ls/bench/corpus"
)

// scenarios in the order they run.
var scenarios = []string{"dmtf", "ws1000", "big", "hostile", "real-dmtf", "oasis"}

type config struct {
	runs    int
	queries int
	edits   int
	corpus  corpus.Options
	// realCorpora is the folder of the real repositories (issue 27).
	realCorpora string
}

// configJSON is the configuration as the JSON report shows it.
type configJSON struct {
	Runs      int            `json:"runs"`
	Queries   int            `json:"queries"`
	Edits     int            `json:"edits"`
	MaxRSS    int64          `json:"max_rss"`
	Timeout   string         `json:"timeout"`
	Quick     bool           `json:"quick"`
	Scenarios []string       `json:"scenarios"`
	Corpus    corpus.Options `json:"corpus"`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toscabench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run ./bench/toscabench [flags] [%s]...\n", strings.Join(scenarios, "] ["))
		fs.PrintDefaults()
	}
	def := corpus.DefaultOptions()
	var (
		bin       = fs.String("bin", "", "tosca-ls binary to measure (default: go build ./cmd/tosca-ls from the current folder)")
		work      = fs.String("work", defaultWork(), "folder for the corpora, the built binary and the server's cache")
		runs      = fs.Int("runs", 3, "repeats of every measurement; figures are their medians")
		queries   = fs.Int("queries", 50, "workspace/symbol, completion, hover and definition requests per run")
		edits     = fs.Int("edits", 100, "keystrokes per run on big/main.yaml (at least 30: RSS is read after the 30th)")
		maxRSS    = fs.String("max-rss", "8GB", "kill a tosca-ls process whose RSS passes this (MB and GB are MiB and GiB)")
		timeout   = fs.Duration("timeout", 5*time.Minute, "limit of every check run and of every wait for the server (a server process lives at most 4 times as long)")
		quick     = fs.Bool("quick", false, "one run, 20 requests, 30 edits and a dmtf of 1,500 files (unless set otherwise): a smoke run, not the budget figures")
		jsonOut   = fs.Bool("json", false, "print the report as JSON")
		enforce   = fs.Bool("enforce", false, "exit with status 1 when a budget fails")
		dmtfFiles = fs.Int("dmtf-files", def.DMTFFiles, "files of the dmtf corpus")
		dmtfKB    = fs.Int("dmtf-kb", def.DMTFFileKB, "average file size of the dmtf corpus, in kB")
		wsFiles   = fs.Int("ws-files", def.WSFiles, "small files of the ws1000 corpus (besides big/)")
		bigLines  = fs.Int("big-lines", def.BigLines, "lines of big/main.yaml")
		bigImp    = fs.Int("big-imports", def.BigImports, "type files big/main.yaml imports")
		real      = fs.String("corpora", filepath.Join("..", "shared", "corpora"), "folder of the real repositories of real-dmtf and oasis (skipped with a note when absent)")
	)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *quick {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		quickDefault := func(name string, p *int, v int) {
			if !set[name] {
				*p = v
			}
		}
		quickDefault("runs", runs, 1)
		quickDefault("queries", queries, 20)
		quickDefault("edits", edits, rssAfterEdits)
		quickDefault("dmtf-files", dmtfFiles, 1500)
	}
	limit, err := parseSize(*maxRSS)
	if err != nil {
		fmt.Fprintln(stderr, "toscabench: --max-rss:", err)
		return 2
	}
	selected := map[string]bool{}
	for _, a := range fs.Args() {
		if !slices.Contains(scenarios, a) {
			fmt.Fprintf(stderr, "toscabench: unknown scenario %q (want %s)\n", a, strings.Join(scenarios, ", "))
			return 2
		}
		selected[a] = true
	}
	if len(selected) == 0 {
		for _, s := range scenarios {
			selected[s] = true
		}
	}
	cfg := config{runs: *runs, queries: *queries, edits: *edits, realCorpora: *real, corpus: corpus.Options{
		DMTFFiles: *dmtfFiles, DMTFFileKB: *dmtfKB, WSFiles: *wsFiles, BigLines: *bigLines, BigImports: *bigImp}}
	if cfg.runs < 1 || cfg.queries < 1 || cfg.edits < rssAfterEdits {
		fmt.Fprintf(stderr, "toscabench: --runs and --queries must be at least 1, --edits at least %d\n", rssAfterEdits)
		return 2
	}
	if err := cfg.corpus.Validate(); err != nil {
		fmt.Fprintln(stderr, "toscabench:", err)
		return 2
	}
	b := &bench{cfg: cfg, lim: limits{timeout: *timeout, maxRSS: limit}, rec: newRecorder(),
		corpora: map[string]*corpus.Corpus{}, broken: map[string]bool{}}
	rep, err := b.measure(*work, *bin, selected, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "toscabench:", err)
		return 2
	}
	rep.Config = configJSON{Runs: cfg.runs, Queries: cfg.queries, Edits: cfg.edits, MaxRSS: limit,
		Timeout: timeout.String(), Quick: *quick, Corpus: cfg.corpus}
	for _, s := range scenarios {
		if selected[s] {
			rep.Config.Scenarios = append(rep.Config.Scenarios, s)
		}
	}
	if *jsonOut {
		err = rep.writeJSON(stdout)
	} else {
		err = rep.writeText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "toscabench:", err)
		return 2
	}
	if *enforce && rep.failed() {
		return 1
	}
	return 0
}

// measure prepares the binary and the corpora, then runs every selected
// scenario --runs times, interleaved so that drift affects all alike.
func (b *bench) measure(work, bin string, selected map[string]bool, log io.Writer) (*report, error) {
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	if bin == "" {
		if bin, err = build(work, log); err != nil {
			return nil, err
		}
	}
	b.bin = bin
	b.env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(work, "cache"))
	if err := b.warmUp(work); err != nil {
		return nil, err
	}
	rep := &report{Date: time.Now().Format("2006-01-02 15:04"), Machine: describeMachine(), LoadBefore: loadAverage()}
	defer func() { rep.LoadAfter = loadAverage() }()
	need := map[string]bool{corpus.DMTF: selected["dmtf"], corpus.WS1000: selected["ws1000"] || selected["big"] || selected["oasis"]}
	for _, name := range []string{corpus.DMTF, corpus.WS1000} {
		if !need[name] {
			continue
		}
		fmt.Fprintf(log, "corpus %s…\n", name)
		c, err := corpus.Ensure(work, name, b.cfg.corpus)
		if err != nil {
			return nil, err
		}
		b.corpora[name] = c
		rep.Corpora = append(rep.Corpora, corpusRow{Name: c.Name, Dir: c.Dir, Files: len(c.Files), Bytes: c.Bytes})
	}
	hostileDirs := map[string]string{}
	for _, h := range corpus.HostileInputs {
		if selected["hostile"] {
			if hostileDirs[h.Name], err = hostileDir(work, h); err != nil {
				return nil, err
			}
		}
	}
	realDMTF, oasis, err := b.realCorpora(selected)
	if err != nil {
		return nil, err
	}
	for _, c := range []*realCorpus{realDMTF, oasis} {
		if c != nil {
			rep.Corpora = append(rep.Corpora, corpusRow{Name: c.name, Dir: c.dir, Files: len(c.files), Bytes: c.bytes})
		}
	}
	for i := range b.cfg.runs {
		say := func(what string) { fmt.Fprintf(log, "run %d/%d: %s…\n", i+1, b.cfg.runs, what) }
		sayUnlessBroken := func(key, what string) {
			if b.broken[key] {
				what += " skipped: it failed in an earlier run"
			}
			say(what)
		}
		for _, name := range []string{corpus.DMTF, corpus.WS1000} {
			if !selected[name] {
				continue
			}
			say(name + " raw parse")
			if err := b.rawParse(name, b.corpora[name], b.corpora[name].Files, true); err != nil {
				return nil, err
			}
			sayUnlessBroken(name+".check", name+" check")
			b.check(name)
		}
		if selected["big"] {
			say("big raw parse")
			if err := b.rawParse("big", b.corpora[corpus.WS1000], []string{corpus.BigMain}, false); err != nil {
				return nil, err
			}
		}
		if selected["dmtf"] {
			sayUnlessBroken("dmtf.server", "dmtf server")
			b.server(corpus.DMTF, true, false)
		}
		if selected["ws1000"] || selected["big"] {
			sayUnlessBroken("ws1000.server", "ws1000 server")
			b.server(corpus.WS1000, selected["ws1000"], selected["big"])
		}
		if selected["hostile"] {
			say("hostile floor")
			floor, err := b.hostileFloorCheck(work)
			if err != nil {
				return nil, err
			}
			for _, h := range corpus.HostileInputs {
				say("hostile " + h.Name)
				if err := b.hostile(h, hostileDirs[h.Name], floor); err != nil {
					return nil, err
				}
			}
		}
		if realDMTF != nil {
			say("real-dmtf raw parse")
			if err := b.realRawParse("real-dmtf", realDMTF.files); err != nil {
				return nil, err
			}
			sayUnlessBroken("real-dmtf.check", "real-dmtf check")
			b.realDMTFCheck(realDMTF)
		}
		if oasis != nil {
			say("oasis raw parse")
			if err := b.realRawParse("oasis", oasis.files); err != nil {
				return nil, err
			}
			ws := b.corpora[corpus.WS1000]
			srcs, err := readFiles(ws, []string{corpus.BigMain})
			if err != nil {
				return nil, err
			}
			d, err := steadyRawParse(srcs, 1, goccyParse)
			if err != nil {
				return nil, err
			}
			b.rec.add(oasisRawBig, d)
			say("oasis server")
			b.oasis(oasis, filepath.Dir(ws.Path(corpus.BigMain)))
		}
	}
	rep.Rows = evaluate(b.rec, selected)
	rep.Notes = b.rec.notes
	return rep, nil
}

// build compiles ./cmd/tosca-ls of the current folder into the work folder.
func build(work string, log io.Writer) (string, error) {
	if _, err := os.Stat(filepath.Join("cmd", "tosca-ls")); err != nil {
		return "", errors.New("no ./cmd/tosca-ls here: run from the repository root, or pass --bin")
	}
	bin := filepath.Join(work, "bin", "tosca-ls")
	fmt.Fprintln(log, "go build ./cmd/tosca-ls…")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/tosca-ls").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build ./cmd/tosca-ls: %v\n%s", err, out)
	}
	return bin, nil
}

// warmUp runs check once on a small file, so that the embedded profiles
// are extracted into the cache before any measurement.
func (b *bench) warmUp(work string) error {
	dir := filepath.Join(work, "warmup")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	file := filepath.Join(dir, "warmup.yaml")
	src := "tosca_definitions_version: tosca_2_0\nimports:\n  - profile: org.oasis-open.simple:2.0\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		return err
	}
	res, err := runCheck(b.bin, b.env, file, b.lim)
	if err == nil && res.failure != "" {
		err = errors.New(res.failure)
	}
	if err != nil {
		return fmt.Errorf("warm-up check: %w", err)
	}
	return nil
}

func defaultWork() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "tosca-ls-bench")
}

// parseSize reads sizes such as 8GB, 512MB or 1073741824 (binary units).
func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GIB", gib}, {"GB", gib}, {"G", gib}, {"MIB", mib}, {"MB", mib}, {"M", mib}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bad size %q (want e.g. 8GB or 512MB)", s)
	}
	return int64(v * float64(mult)), nil
}

// loadAverage is the first line of /proc/loadavg: other work on the
// machine distorts every figure, so the report says how busy it was.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(raw))[:3], " ")
}

func describeMachine() machine {
	m := machine{CPU: "unknown", Cores: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0), Go: runtime.Version(), OS: runtime.GOOS + "/" + runtime.GOARCH}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if key, value, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(key) == "model name" {
			m.CPU = strings.TrimSpace(value)
			break
		}
	}
	return m
}
