package shape_test

import (
	"fmt"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// open reads a fixture of testdata as an open document.
func open(t *testing.T, name string) (*shape.Env, string) {
	t.Helper()
	v, path, src := modeltest.OpenFixture(t, "testdata", name)
	e := shape.NewEnv(v, path)
	if e == nil {
		t.Fatalf("%s is not read as TOSCA", name)
	}
	return e, src
}

// TestAt: the shape of the value at a position, and the data type it
// follows, field by field and entry by entry.
func TestAt(t *testing.T) {
	e, src := open(t, "values-1.3.yaml")
	for _, tc := range []struct {
		at    string
		n     int
		shape string
		typ   string
	}{
		{"level: high", 1, "*shape.complexValue", "my.Settings"}, // a key: the value holding it
		{"high", 1, "*shape.literal", "string"},                  // a field's value
		{"port: 80", 1, "*shape.complexValue", "my.Rule"},        // an entry of a list
		{"80", 1, "*shape.literal", "integer"},
		{"10 GB", 1, "*shape.literal", "scalar-unit.size"},
		{"front", 1, "*shape.literal", "string"},           // a map's value: its entry schema
		{"get_input", 1, "*shape.call", "string"},          // a call, expected of the property's type
		{"20 GB", 1, "*shape.literal", "scalar-unit.size"}, // a constraint's operand: the constrained type
		{"fast", 1, "*shape.literal", "string"},            // a default
		{"my.App", 2, "<nil>", ""},                         // a keyname's own value is no shape
		{"tosca.datatypes.Root", 1, "<nil>", ""},
	} {
		s := e.At(modeltest.Offset(t, src, tc.at, tc.n))
		got, typ := fmt.Sprintf("%T", s), ""
		if s != nil {
			typ = e.V.Name(s.Def().Type)
		}
		if got != tc.shape || typ != tc.typ {
			t.Errorf("%q: %s of %q, want %s of %q", tc.at, got, typ, tc.shape, tc.typ)
		}
	}
}

// TestSnippet: a new value of each shape, as a property's completion (or
// a type's) writes it.
func TestSnippet(t *testing.T) {
	e, _ := open(t, "values-1.3.yaml")
	app := e.V.Lookup(e.Path, grammar.NodeType, "my.App")
	m, ok := e.V.Member(app, "properties", "settings")
	if !ok {
		t.Fatal("no member settings")
	}
	for _, tc := range []struct {
		flow bool
		want string
	}{
		{false, "settings:\n  level: ${1|low,high|}\n  rules:\n    - port: ${2:integer}\n      size: ${3:scalar-unit.size}\n  labels:\n    ${4:key}: ${5:string}"},
		{true, "settings: { level: ${1|low,high|}, rules: [ { port: ${2:integer}, size: ${3:scalar-unit.size} } ], labels: { ${4:key}: ${5:string} } }"},
	} {
		w := &shape.Writer{Unit: "  ", Flow: tc.flow}
		w.Key("settings", e.Of(facts.NoValue, e.V.MemberValue(m)))
		if got := w.String(); got != tc.want {
			t.Errorf("flow %v:\n%s\nwant\n%s", tc.flow, got, tc.want)
		}
	}
}

// A property's completion leaves a lone scalar to the author, not the
// scalars inside a structured value.
func TestSnippetBare(t *testing.T) {
	e, _ := open(t, "values-1.3.yaml")
	app := e.V.Lookup(e.Path, grammar.NodeType, "my.App")
	for _, tc := range []struct {
		member string
		flow   bool
		want   string
		stops  int
	}{
		{"mode", false, "mode: ", 0},
		{"settings", true, "settings: { level: ${1|low,high|}, rules: [ { port: ${2:integer}, size: ${3:scalar-unit.size} } ], labels: { ${4:key}: ${5:string} } }", 5},
	} {
		m, _ := e.V.Member(app, "properties", tc.member)
		w := &shape.Writer{Unit: "  ", Flow: tc.flow, Bare: true}
		w.Key(tc.member, e.Of(facts.NoValue, e.V.MemberValue(m)))
		if got := w.String(); got != tc.want || w.Stops() != tc.stops {
			t.Errorf("%s: %q (%d stops), want %q (%d)", tc.member, got, w.Stops(), tc.want, tc.stops)
		}
	}
}
