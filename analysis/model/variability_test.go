package model_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// TestTogether: the largest set of a requirement's conditional assignments
// whose conditions hold in one variant (issue 25).
func TestTogether(t *testing.T) {
	const head = `tosca_definitions_version: tosca_variability_1_0
topology_template:
  variability:
    inputs:
      mode: {type: string}
      ha: {type: boolean}
    expressions:
      is_dev: {equal: [{variability_input: mode}, dev]}
      is_prod: {equal: [{get_variability_input: mode}, prod]}
      not_dev: {not: {logic_expression: is_dev}}
      loop: {logic_expression: loop}
%s
  node_templates:
    app:
      type: tosca.nodes.Root
      requirements:
`
	for _, tc := range []struct {
		name        string
		constraints string
		conditions  []string // "" for none, "default" for default_alternative
		want        float64
		ok          bool
	}{
		{"unconditional", "", []string{"", ""}, 2, true},
		{"dev and not dev", "", []string{"{logic_expression: is_dev}", "{not: {logic_expression: is_dev}}"}, 1, true},
		{"through expressions", "", []string{"{logic_expression: is_dev}", "{logic_expression: not_dev}"}, 1, true},
		{"two values of one input", "", []string{"{logic_expression: is_dev}", "{logic_expression: is_prod}", "{equal: [{variability_input: mode}, test]}"}, 1, true},
		{"seed forms", "", []string{"{get_variability_condition: is_dev}", "{get_variability_expression: is_prod}"}, 1, true},
		{"unknown truth", "", []string{"{logic_expression: is_dev}", "{node_presence: app}"}, 2, true},
		{"same unknown negated", "", []string{"{node_presence: app}", "{not: {node_presence: app}}"}, 1, true},
		{"a boolean input", "", []string{"{variability_input: ha}", "{not: {variability_input: ha}}", "{logic_expression: is_dev}"}, 2, true},
		{"constraint", "    constraints: [{implies: [{variability_input: ha}, {logic_expression: is_prod}]}]",
			[]string{"{variability_input: ha}", "{logic_expression: is_dev}"}, 1, true},
		{"exactly one", "", []string{"{exo: [{logic_expression: is_dev}, {variability_input: ha}]}", "{and: [{logic_expression: is_dev}, {variability_input: ha}]}"}, 1, true},
		{"at most one and xor", "", []string{"{amo: [true, false]}", "{xor: [true, true]}"}, 1, true},
		{"a list is and-ed", "", []string{"[{logic_expression: is_dev}, {variability_input: ha}]", "{logic_expression: is_prod}"}, 1, true},
		{"default alternative", "", []string{"{logic_expression: is_dev}", "default"}, 1, true},
		{"a cycle of expressions", "", []string{"{logic_expression: loop}", "{not: {logic_expression: loop}}"}, 1, true},
		{"false", "", []string{"false", ""}, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			fmt.Fprintf(&b, head, tc.constraints)
			for i, c := range tc.conditions {
				switch c {
				case "":
					fmt.Fprintf(&b, "        - host: n%d\n", i)
				case "default":
					fmt.Fprintf(&b, "        - host: {node: n%d, default_alternative: true}\n", i)
				default:
					fmt.Fprintf(&b, "        - host: {node: n%d, conditions: %s}\n", i, c)
				}
			}
			v, path, reqs := together(t, b.String())
			got, ok := v.Variants(path).Together(reqs, func(facts.ID) float64 { return 1 })
			if got != tc.want || ok != tc.ok {
				t.Errorf("Together = %g, %v; want %g, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
	// Past its bound of variants, Together cannot tell.
	var b strings.Builder
	fmt.Fprintf(&b, head, "")
	for i := range 14 {
		fmt.Fprintf(&b, "        - host: {node: n%d, conditions: {node_presence: n%d}}\n", i, i)
	}
	v, path, reqs := together(t, b.String())
	if _, ok := v.Variants(path).Together(reqs, func(facts.ID) float64 { return 1 }); ok {
		t.Error("14 unknown truth values: want no answer")
	}
}

// together opens src and returns the requirement assignments of `app`.
func together(t *testing.T, src string) (*model.View, string, []facts.ID) {
	t.Helper()
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	path := filepath.Join(t.TempDir(), "app.yaml")
	ws.SetOverlay(path, 1, []byte(src))
	v := model.NewEngine().View(ws.Settle(context.Background()))
	f := v.Facts(path)
	app := v.Local(path, grammar.NodeTemplate, "app")
	return v, path, f.Entries(app.ID, grammar.SectionRequirements)
}
