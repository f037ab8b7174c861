package main

import (
	"math"
	"sort"
)

type unit int

const (
	seconds unit = iota
	byteCount
)

const (
	mib = 1 << 20
	gib = 1 << 30
)

// spec describes one figure of the report and, when the issue sets one,
// its budget.
type spec struct {
	id       string
	scenario string
	label    string
	unit     unit
	// baseline is the raw-parse figure the ratio is taken to ("" = none).
	baseline string
	// budget is the wording; limit applies to the ratio when there
	// is a baseline, else to the value.
	budget string
	limit  float64
}

// Raw-parse baselines: one thread and GOMAXPROCS workers. Multi-file
// scenarios compare with the parallel one, the single big file with the
// serial one.
const (
	dmtfRawSerial   = "dmtf.raw.serial"
	dmtfRawParallel = "dmtf.raw.parallel"
	wsRawSerial     = "ws1000.raw.serial"
	wsRawParallel   = "ws1000.raw.parallel"
	bigRawSerial    = "big.raw.serial"

	realDMTFRawSerial   = "real-dmtf.raw.serial"
	realDMTFRawParallel = "real-dmtf.raw.parallel"
	oasisRawSerial      = "oasis.raw.serial"
	oasisRawParallel    = "oasis.raw.parallel"
	oasisRawBig         = "oasis.raw.big"
)

// specs is the report, in order; its budgets are those of issues 13 and
// 27 ("Budgets"), word for word where a figure has one.
var specs = []spec{
	{id: dmtfRawSerial, scenario: "dmtf", label: "raw goccy parse, 1 thread", unit: seconds},
	{id: dmtfRawParallel, scenario: "dmtf", label: "raw goccy parse, GOMAXPROCS workers", unit: seconds},
	{id: "dmtf.check.time", scenario: "dmtf", label: "check: wall time (cold)", unit: seconds, baseline: dmtfRawParallel,
		budget: "`check` ≤ 3× raw parse", limit: 3},
	{id: "dmtf.check.rss", scenario: "dmtf", label: "check: peak RSS", unit: byteCount,
		budget: "≤ 2 GB peak RSS", limit: 2 * gib},
	{id: "dmtf.server.index", scenario: "dmtf", label: "server: initial index done (progress end)", unit: seconds, baseline: dmtfRawParallel,
		budget: "the server indexes it within the same time", limit: 3},
	{id: "dmtf.server.idle", scenario: "dmtf", label: "server: background work done (CPU idle)", unit: seconds, baseline: dmtfRawParallel},
	{id: "dmtf.server.rss", scenario: "dmtf", label: "server: RSS after indexing (VmRSS)", unit: byteCount,
		budget: "holds ≤ 1 GB", limit: 1 * gib},
	{id: "dmtf.server.hwm", scenario: "dmtf", label: "server: peak RSS while indexing (VmHWM)", unit: byteCount},
	{id: "dmtf.server.symbol.p50", scenario: "dmtf", label: "server: workspace/symbol p50", unit: seconds},
	{id: "dmtf.server.symbol.p99", scenario: "dmtf", label: "server: workspace/symbol p99", unit: seconds,
		budget: "answers `workspace/symbol` in ≤ 100 ms", limit: 0.100},

	{id: wsRawSerial, scenario: "ws1000", label: "raw goccy parse, 1 thread", unit: seconds},
	{id: wsRawParallel, scenario: "ws1000", label: "raw goccy parse, GOMAXPROCS workers", unit: seconds},
	{id: "ws1000.check.time", scenario: "ws1000", label: "check: wall time (cold)", unit: seconds, baseline: wsRawParallel,
		budget: "Cold `check` of a 1,000-file workspace ≤ 1.3× raw parse on 2 cores", limit: 1.3},
	{id: "ws1000.check.rss", scenario: "ws1000", label: "check: peak RSS", unit: byteCount},
	{id: "ws1000.server.index", scenario: "ws1000", label: "server: initial index done (progress end)", unit: seconds, baseline: wsRawParallel},
	{id: "ws1000.server.idle", scenario: "ws1000", label: "server: background work done (CPU idle)", unit: seconds, baseline: wsRawParallel},
	{id: "ws1000.server.rss", scenario: "ws1000", label: "server: RSS after indexing (VmRSS)", unit: byteCount},
	{id: "ws1000.server.hwm", scenario: "ws1000", label: "server: peak RSS while indexing (VmHWM)", unit: byteCount},
	{id: "ws1000.server.symbol.p50", scenario: "ws1000", label: "server: workspace/symbol p50", unit: seconds},
	{id: "ws1000.server.symbol.p99", scenario: "ws1000", label: "server: workspace/symbol p99", unit: seconds},

	{id: bigRawSerial, scenario: "big", label: "raw goccy parse of big/main.yaml, 1 thread", unit: seconds},
	{id: "big.keystroke.p50", scenario: "big", label: "keystroke → publishDiagnostics p50", unit: seconds, baseline: bigRawSerial,
		budget: "Keystroke → diagnostics on a 10,000-line template importing 50 files: p50 ≤ 1.5× … one parse of that file", limit: 1.5},
	{id: "big.keystroke.p99", scenario: "big", label: "keystroke → publishDiagnostics p99", unit: seconds, baseline: bigRawSerial,
		budget: "Keystroke → diagnostics on a 10,000-line template importing 50 files: … p99 ≤ 2× one parse of that file", limit: 2},
	{id: "big.rss.edits30", scenario: "big", label: "server: RSS after 30 edits (VmRSS)", unit: byteCount,
		budget: "RSS after 30 edits of that template in a 1,000-file workspace ≤ 108 MB", limit: 108 * mib},
	{id: "big.completion.p50", scenario: "big", label: "completion p50 (warm)", unit: seconds},
	{id: "big.completion.p99", scenario: "big", label: "completion p99 (warm)", unit: seconds,
		budget: "Completion … p99 ≤ 5 ms on a warm snapshot", limit: 0.005},
	{id: "big.hover.p50", scenario: "big", label: "hover p50 (warm)", unit: seconds},
	{id: "big.hover.p99", scenario: "big", label: "hover p99 (warm)", unit: seconds,
		budget: "… hover … p99 ≤ 5 ms on a warm snapshot", limit: 0.005},
	{id: "big.definition.p50", scenario: "big", label: "definition p50 (warm)", unit: seconds},
	{id: "big.definition.p99", scenario: "big", label: "definition p99 (warm)", unit: seconds,
		budget: "… definition p99 ≤ 5 ms on a warm snapshot", limit: 0.005},
	{id: "big.completion-after-edit.p50", scenario: "big", label: "completion right after an edit p50", unit: seconds, baseline: bigRawSerial,
		budget: "completion right after an edit ≤ 1.2× one parse", limit: 1.2},
	{id: "big.completion-after-edit.p99", scenario: "big", label: "completion right after an edit p99", unit: seconds, baseline: bigRawSerial},
	// Issue 24: requests while typing goes on (see typingRates).
	{id: "big.typing10.completion.p50", scenario: "big", label: "completion while typing 10 keys/s p50", unit: seconds, baseline: bigRawSerial},
	{id: "big.typing10.completion.p99", scenario: "big", label: "completion while typing 10 keys/s p99", unit: seconds, baseline: bigRawSerial},
	{id: "big.typing30.completion.p50", scenario: "big", label: "completion while typing 30 keys/s p50", unit: seconds, baseline: bigRawSerial},
	{id: "big.typing30.completion.p99", scenario: "big", label: "completion while typing 30 keys/s p99", unit: seconds, baseline: bigRawSerial},
	{id: "big.typing100.completion.p50", scenario: "big", label: "completion while typing 100 keys/s p50", unit: seconds, baseline: bigRawSerial},
	{id: "big.typing100.completion.p99", scenario: "big", label: "completion while typing 100 keys/s p99", unit: seconds, baseline: bigRawSerial},

	// Issue 27: the real repositories of --corpora.
	{id: realDMTFRawSerial, scenario: "real-dmtf", label: "raw goccy parse, 1 thread", unit: seconds},
	{id: realDMTFRawParallel, scenario: "real-dmtf", label: "raw goccy parse, GOMAXPROCS workers", unit: seconds},
	{id: "real-dmtf.check.time", scenario: "real-dmtf", label: "check: wall time (cold)", unit: seconds, baseline: realDMTFRawParallel,
		budget: "`check` of the real DMTF set ≤ 0.25× a goccy/go-yaml parse of the same files", limit: 0.25},
	{id: "real-dmtf.check.rss", scenario: "real-dmtf", label: "check: peak RSS", unit: byteCount,
		budget: "`check` of the real DMTF set: peak ≤ 512 MB", limit: 512 * mib},

	{id: oasisRawSerial, scenario: "oasis", label: "raw goccy parse, 1 thread", unit: seconds},
	{id: oasisRawParallel, scenario: "oasis", label: "raw goccy parse, GOMAXPROCS workers", unit: seconds},
	{id: oasisRawBig, scenario: "oasis", label: "raw goccy parse of the open 10,000-line template, 1 thread", unit: seconds},
	{id: "oasis.open.diagnostics", scenario: "oasis", label: "first correct diagnostics of a file opened at start (since start)", unit: seconds,
		budget: "first correct diagnostics of an opened file ≤ 2 s", limit: 2},
	{id: "oasis.server.index", scenario: "oasis", label: "server: initial index done (progress end)", unit: seconds, baseline: oasisRawParallel,
		budget: "index ≤ 0.3× a goccy parse of its files", limit: 0.3},
	{id: "oasis.server.push", scenario: "oasis", label: "server: every file's diagnostics pushed (CPU idle)", unit: seconds, baseline: oasisRawParallel},
	{id: "oasis.server.rss", scenario: "oasis", label: "server: RSS after indexing (VmRSS)", unit: byteCount,
		budget: "RSS ≤ 300 MB after index", limit: 300 * mib},
	{id: "oasis.server.symbol.p50", scenario: "oasis", label: "server: workspace/symbol p50", unit: seconds},
	{id: "oasis.server.symbol.p99", scenario: "oasis", label: "server: workspace/symbol p99", unit: seconds,
		budget: "answers `workspace/symbol` in ≤ 100 ms (issue 13's budget)", limit: 0.100},
	{id: "oasis.pull.first", scenario: "oasis", label: "workspace/diagnostic: first partial result", unit: seconds, baseline: oasisRawParallel},
	{id: "oasis.pull.time", scenario: "oasis", label: "workspace/diagnostic: every report", unit: seconds, baseline: oasisRawParallel,
		budget: "`workspace/diagnostic` ≤ 1× a goccy parse of its files", limit: 1},
	{id: "oasis.pull.rss", scenario: "oasis", label: "server: RSS after a full workspace/diagnostic (VmRSS)", unit: byteCount,
		budget: "RSS ≤ 400 MB after a full `workspace/diagnostic`", limit: 400 * mib},
	{id: "oasis.pull.unchanged", scenario: "oasis", label: "workspace/diagnostic again, nothing changed: answered", unit: seconds,
		budget: "the unchanged follow-up answered within the documented hold (30 s, and a second to send it)", limit: 31},
	{id: "oasis.keystroke.p50", scenario: "oasis", label: "keystroke → textDocument/diagnostic p50, workspace run in flight", unit: seconds, baseline: oasisRawBig},
	{id: "oasis.keystroke.p99", scenario: "oasis", label: "keystroke → textDocument/diagnostic p99, workspace run in flight", unit: seconds, baseline: oasisRawBig,
		budget: "keystroke p99 in an open 10,000-line template ≤ 1.5× one parse of it while the workspace run is in flight", limit: 1.5},
}

func specByID(id string) *spec {
	for i := range specs {
		if specs[i].id == id {
			return &specs[i]
		}
	}
	return nil
}

// median of the values; NaN when there are none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// percentile is the nearest-rank p-th percentile (0 < p ≤ 100): the
// smallest value with at least p% of the values at or below it.
func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	return s[max(0, min(len(s)-1, rank-1))]
}
