package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"
)

// Result strings of a figure with a budget.
const (
	pass = "PASS"
	fail = "FAIL"
	// skip is the result of a budget whose scenario could not run (its
	// repository is absent): neither passed nor failed.
	skip = "SKIP"
)

// row is one figure of the report.
type row struct {
	ID       string `json:"id"`
	Scenario string `json:"scenario"`
	Figure   string `json:"figure"`
	// Unit is "s" or "bytes"; Value the median over the runs, Runs the
	// value of each run.
	Unit  string    `json:"unit"`
	Value *float64  `json:"value,omitempty"`
	Runs  []float64 `json:"runs,omitempty"`
	// Failure is why the figure is missing (killed, timed out, …).
	Failure  string   `json:"failure,omitempty"`
	Baseline string   `json:"baseline,omitempty"`
	Ratio    *float64 `json:"ratio,omitempty"`
	Budget   string   `json:"budget,omitempty"`
	// Limit applies to the ratio when there is a baseline, else to the value.
	Limit  *float64 `json:"limit,omitempty"`
	Result string   `json:"result,omitempty"`
}

// evaluate turns the samples of the selected scenarios into rows, judged
// against their budgets. A figure that could not be measured fails its
// budget.
func evaluate(rec *recorder, selected map[string]bool) []row {
	var rows []row
	for _, sp := range specs {
		if !selected[sp.scenario] {
			continue
		}
		r := row{ID: sp.id, Scenario: sp.scenario, Figure: sp.label, Unit: unitName(sp.unit), Baseline: sp.baseline, Budget: sp.budget}
		if sp.budget != "" {
			r.Limit = ptr(sp.limit)
		}
		samples := rec.samples[sp.id]
		if reason, skipped := rec.skipped[sp.scenario]; skipped {
			r.Failure = "skipped: " + reason
			if sp.budget != "" {
				r.Result = skip
			}
			rows = append(rows, r)
			continue
		}
		switch reason, failed := rec.failures[sp.id]; {
		case failed:
			r.Failure = reason
			r.Runs = samples
		case len(samples) == 0:
			r.Failure = "not measured"
		default:
			r.Runs = samples
			r.Value = ptr(median(samples))
			if base := rec.samples[sp.baseline]; sp.baseline != "" && len(base) > 0 {
				r.Ratio = ptr(pairedRatio(samples, base))
			}
		}
		if sp.budget != "" {
			r.Result = judge(r, sp)
		}
		rows = append(rows, r)
	}
	return rows
}

// pairedRatio is the median of the runs' own ratios: each run's figure
// against the raw parse of the same run, taken moments before, so that
// load which comes and goes between runs cancels out. Runs are paired in
// order (a measurement skipped after failing has fewer samples).
func pairedRatio(values, base []float64) float64 {
	n := min(len(values), len(base))
	ratios := make([]float64, n)
	for i := range n {
		ratios[i] = values[i] / base[i]
	}
	return median(ratios)
}

func judge(r row, sp spec) string {
	if r.Failure != "" || r.Value == nil {
		return fail
	}
	v := *r.Value
	if sp.baseline != "" {
		if r.Ratio == nil {
			return fail
		}
		v = *r.Ratio
	}
	if v <= sp.limit {
		return pass
	}
	return fail
}

func ptr(v float64) *float64 { return &v }

func unitName(u unit) string {
	if u == byteCount {
		return "bytes"
	}
	return "s"
}

// report is the whole output of a run.
type report struct {
	Date    string  `json:"date"`
	Machine machine `json:"machine"`
	// LoadBefore and LoadAfter are the load averages (1, 5, 15 minutes)
	// when the measurements began and ended.
	LoadBefore string      `json:"load_before"`
	LoadAfter  string      `json:"load_after"`
	Config     configJSON  `json:"config"`
	Corpora    []corpusRow `json:"corpora"`
	Rows       []row       `json:"figures"`
	Notes      []string    `json:"notes,omitempty"`
}

type machine struct {
	CPU        string `json:"cpu"`
	Cores      int    `json:"cores"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	Go         string `json:"go"`
	OS         string `json:"os"`
}

type corpusRow struct {
	Name  string `json:"name"`
	Dir   string `json:"dir"`
	Files int    `json:"files"`
	Bytes int64  `json:"bytes"`
}

func (r *report) failed() bool {
	for _, x := range r.Rows {
		if x.Result == fail {
			return true
		}
	}
	return false
}

func (r *report) writeJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// writeText prints the table, then the budgets' wording and the notes.
func (r *report) writeText(w io.Writer) error {
	fmt.Fprintf(w, "toscabench %s — %s, %d cores (GOMAXPROCS %d), %s, %s\n", r.Date, r.Machine.CPU, r.Machine.Cores, r.Machine.GOMAXPROCS, r.Machine.Go, r.Machine.OS)
	fmt.Fprintf(w, "load average: %s before, %s after (other work on the machine distorts every figure)\n", r.LoadBefore, r.LoadAfter)
	fmt.Fprintf(w, "runs: %d (medians), queries: %d, edits: %d\n", r.Config.Runs, r.Config.Queries, r.Config.Edits)
	for _, c := range r.Corpora {
		fmt.Fprintf(w, "corpus %s: %d files, %s (%s)\n", c.Name, c.Files, formatBytes(float64(c.Bytes)), c.Dir)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "scenario\tfigure\tvalue\tratio\tbudget\tresult")
	for _, x := range r.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", x.Scenario, x.Figure, x.valueText(), x.ratioText(), x.budgetText(), x.Result)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nratios: the median of each run's ratio to the raw parse of that run; with GOMAXPROCS workers for the repositories, serial for the one big template")
	fmt.Fprintln(w, "budgets (issues 13, 24 and 27):")
	for _, x := range r.Rows {
		if x.Budget != "" {
			fmt.Fprintf(w, "  %-32s %s\n", x.ID, x.Budget)
		}
	}
	if len(r.Notes) > 0 {
		fmt.Fprintln(w, "notes:")
		for _, n := range r.Notes {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	return nil
}

func (x row) valueText() string {
	if x.Failure != "" {
		return x.Failure
	}
	if x.Value == nil {
		return ""
	}
	return formatValue(*x.Value, x.Unit)
}

func (x row) ratioText() string {
	if x.Ratio == nil {
		return ""
	}
	return fmt.Sprintf("%.2f×", *x.Ratio)
}

func (x row) budgetText() string {
	if x.Limit == nil {
		return ""
	}
	if x.Baseline != "" {
		return fmt.Sprintf("≤ %g×", *x.Limit)
	}
	return "≤ " + formatValue(*x.Limit, x.Unit)
}

func formatValue(v float64, u string) string {
	if u == "bytes" {
		return formatBytes(v)
	}
	return formatDuration(time.Duration(v * float64(time.Second)))
}

// formatBytes prints binary units: MB and GB in this report are MiB and
// GiB, as /proc and rusage count kibibytes.
func formatBytes(v float64) string {
	switch {
	case math.IsNaN(v):
		return "?"
	case v >= gib:
		return fmt.Sprintf("%.2f GiB", v/gib)
	case v >= mib:
		return fmt.Sprintf("%.1f MiB", v/mib)
	}
	return fmt.Sprintf("%.0f KiB", v/1024)
}

func formatDuration(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}
