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
)

// specs is the report, in order; its budgets are those of issue 13
// ("Budgets"), word for word where a figure has one.
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
