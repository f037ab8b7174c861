package heatreg_test

import (
	"slices"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/grammar/heatreg"
)

// TestTemplateVersions checks the grammar's Heat keynames, functions and
// enumerations of each heat_template_version against Heat's own template
// classes (heat/engine/hot/template.py, as the generator read them).
func TestTemplateVersions(t *testing.T) {
	r := heatreg.Load()
	if len(r.Templates) != len(grammar.HeatDialects) {
		t.Errorf("Heat has %d template versions, the grammar %d", len(r.Templates), len(grammar.HeatDialects))
	}
	for _, d := range grammar.HeatDialects {
		tv := r.Template(d.Version)
		if tv == nil {
			t.Errorf("%s: not a version of Heat %s", d.Version, r.Heat)
			continue
		}
		if d.Alias != "" && r.Aliases[d.Alias] != d.Version {
			t.Errorf("%s: Heat's alias %q is of %q", d.Version, d.Alias, r.Aliases[d.Alias])
		}
		v := d.Grammar
		same(t, d.Version+" sections", keyNames(grammar.HeatTemplate, v), tv.Sections)
		same(t, d.Version+" resource keynames", keyNames(grammar.HeatResourceDef, v), tv.ResourceKeys)
		same(t, d.Version+" output keynames", keyNames(grammar.HeatOutputDef, v), tv.OutputKeys)
		same(t, d.Version+" parameter keynames", keyNames(grammar.HeatParameterDef, v), tv.ParameterKeys)
		same(t, d.Version+" constraint keynames", keyNames(grammar.HeatConstraintDef, v), tv.ParameterConstraints)
		same(t, d.Version+" parameter types", grammar.HeatParameterTypes, tv.ParameterTypes)
		same(t, d.Version+" deletion policies", grammar.HeatResourceDef.Key("deletion_policy", v).Value.Enum, tv.DeletionPolicies)
		var fns []string
		for _, fn := range grammar.HeatFunctions {
			if fn.In.Has(v) {
				fns = append(fns, fn.Name)
			}
		}
		same(t, d.Version+" functions", fns, append(slices.Clone(tv.Functions), tv.ConditionFunctions...))
	}
}

func keyNames(e *grammar.Entity, v grammar.Versions) []string {
	var out []string
	for _, k := range e.KeysIn(v) {
		out = append(out, k.Name)
	}
	return out
}

// same reports the names one list has and the other lacks.
func same(t *testing.T, what string, grammarNames, heatNames []string) {
	t.Helper()
	for _, n := range grammarNames {
		if !slices.Contains(heatNames, n) {
			t.Errorf("%s: the grammar has %q, Heat has not", what, n)
		}
	}
	for _, n := range heatNames {
		if !slices.Contains(grammarNames, n) {
			t.Errorf("%s: Heat has %q, the grammar has not", what, n)
		}
	}
}
