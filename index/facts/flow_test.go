package facts

import (
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Values are written on one line in flow style, quoted where the source
// quotes flow indicators, and cut at the limit on a rune boundary.
func TestFlow(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		limit       int
		want        string
	}{
		{"call", `{ get_attr: [ a, "x:y" ] }`, 0, `{get_attr: [a, "x:y"]}`},
		{"block mapping", "\n      and:\n        - is_prod\n        - { not: big }", 0, "{and: [is_prod, {not: big}]}"},
		{"quotes dropped when not needed", "'plain'", 0, "plain"},
		{"empty string", `""`, 0, `""`},
		{"null", "", 0, "null"},
		{"block scalar quoted", "|\n      a\n      b", 0, `"a\nb\n"`},
		{"cut", "[ alpha, beta, gamma ]", 8, "[alpha, …"},
		{"cut on a rune", "[ aé, b ]", 3, "[a…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "heat_template_version: 2016-10-14\noutputs:\n  o:\n    value: " + tc.value + "\n"
			f := Bind("file", src, syntax.Parse([]byte(src)), grammar.Heat, grammar.ProcessorAuto)
			var out ID = None
			for id := range f.Declarations() {
				out = id
			}
			if got := f.Flow(f.FieldValue(out, "value"), tc.limit); got != tc.want {
				t.Errorf("Flow = %q, want %q", got, tc.want)
			}
		})
	}
}
