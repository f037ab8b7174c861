package model_test

import (
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
)

func TestBuiltin(t *testing.T) {
	v, main := deepView(t)
	for _, c := range []struct {
		property, builtin string
	}{
		{"port", "integer"}, // derived from integer
		{"width", "scalar"}, // a scalar type of the file's own
		{"owner", ""},       // complex
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

// TestScalarType: a scalar type's units, prefixes and the table of units a
// value may be written in (CSD07 §9.1.2.2).
func TestScalarType(t *testing.T) {
	v, main := deepView(t)
	s := v.ScalarType(v.MemberType(property(t, v, main, "width")), grammar.V2Final)
	if s == nil || s.Base.Name != "scalar" {
		t.Fatalf("width reads as %+v", s)
	}
	if got := grammar.Symbols(s.Table); strings.Join(got, " ") != "m km" {
		t.Errorf("table %v, want m km", got)
	}
	if c := s.DefaultCanonical(); c != "m" {
		t.Errorf("canonical %q, want m", c)
	}
	if v.IntegerNumbers(s, grammar.V2Final) {
		t.Errorf("the numbers of width are floats by default")
	}
	if s := v.ScalarType(v.MemberType(property(t, v, main, "port")), grammar.V2Final); s != nil {
		t.Errorf("port reads as a scalar type: %+v", s)
	}
}
