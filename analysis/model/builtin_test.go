package model_test

import (
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
)

func TestBuiltin(t *testing.T) {
	v, main := deepView(t)
	for _, c := range []struct {
		property, builtin string
	}{
		{"port", "integer"},      // derived from integer
		{"width", "scalar-unit"}, // a scalar type of the file's own
		{"owner", ""},            // complex
		{"labels", "map"},
	} {
		got := v.Builtin(v.MemberType(property(t, v, main, c.property)), grammar.V2Final)
		switch {
		case c.builtin == "" && got != nil:
			t.Errorf("%s reads as the built-in %s", c.property, got.Name)
		case c.builtin != "" && (got == nil || got.Name != c.builtin):
			t.Errorf("%s reads as %+v, want %s", c.property, got, c.builtin)
		}
	}
	if b := v.Builtin(model.Decl{}, grammar.V2); b != nil {
		t.Errorf("no type reads as %s", b.Name)
	}
}
