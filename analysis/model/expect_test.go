package model_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// openFixture indexes testdata and opens the fixture name in it, as an
// editor does.
func openFixture(t *testing.T, name string) (*model.Unit, string) {
	t.Helper()
	v, path, src := modeltest.OpenFixture(t, "testdata", name)
	u := v.Unit(path)
	if u == nil {
		t.Fatalf("%s is not open as TOSCA", name)
	}
	return u, src
}

// describe writes what a path argument may be: "start K…" or the
// keywords then type.section for each group of names.
func describe(v *model.View, e *model.PathExpect) string {
	if e == nil {
		return "nothing"
	}
	var parts []string
	if e.Start {
		parts = append(parts, "start")
	}
	parts = append(parts, e.Keywords...)
	for _, n := range e.Names {
		parts = append(parts, v.Name(n.Type)+"."+n.Section)
	}
	return strings.Join(parts, " ")
}

// TestPathExpect: what each argument of a path may be, given those before it.
func TestPathExpect(t *testing.T) {
	for _, tc := range []struct {
		file, call string
		arg        int
		want       string
	}{
		// 1.x: the entity, then the type's names and the capabilities and
		// requirements a path may go through.
		{"simple-1.3.yaml", "get_property", 0, "start SELF SOURCE TARGET HOST"},
		{"simple-1.3.yaml", "get_property", 1, "my.App.properties my.App.capabilities my.App.requirements"},
		// host is a requirement of my.App: its relationship, the
		// capability it targets and the node its assignment names (1.3
		// §4.4.2 reads the name in any of them).
		{"simple-1.3.yaml", "get_property", 2, "tosca.relationships.HostedOn.properties tosca.capabilities.Compute.properties tosca.nodes.WebServer.properties"},
		{"simple-1.3.yaml", "get_property", 3, "integer.properties"},
		// An attribute path also reads properties; after a capability name
		// of another template, that capability's.
		{"simple-1.3.yaml", "get_attribute", 1, "tosca.nodes.WebServer.attributes tosca.nodes.WebServer.properties tosca.nodes.WebServer.capabilities tosca.nodes.WebServer.requirements"},
		{"simple-1.3.yaml", "get_attribute", 2, "tosca.capabilities.Endpoint.Admin.attributes tosca.capabilities.Endpoint.Admin.properties"},
		// Past the arguments written, as many as the path has.
		{"simple-1.3.yaml", "get_property", 5, "nothing"},
		// Final 2.0: keywords by context (CSD06 §10.3).
		{"final-2.0.yaml", "$get_property", 0, "start SELF"},
		{"final-2.0.yaml", "$get_property", 1, "RELATIONSHIP CAPABILITY SoftwareComponent.properties"},
		{"final-2.0.yaml", "$get_property", 2, "SoftwareComponent.requirements"},
		{"final-2.0.yaml", "$get_property", 3, "SOURCE TARGET CAPABILITY HostedOn.properties Compute.properties"},
		{"final-2.0.yaml", "$get_property", 6, "Compute.capabilities"},
		{"final-2.0.yaml", "$get_property", 7, "RELATIONSHIP Compute.properties"},
		// Inside a requirement's relationship, SELF is the relationship.
		{"final-2.0.yaml", "credential", 1, "SOURCE TARGET CAPABILITY HostedOn.properties Compute.properties"},
		{"final-2.0.yaml", "credential", 2, "RELATIONSHIP Compute.properties"},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.call, tc.arg), func(t *testing.T) {
			u, src := openFixture(t, tc.file)
			at := modeltest.Offset(t, src, tc.call, 1)
			var call *facts.Call
			for i := range u.Facts.Calls {
				if c := &u.Facts.Calls[i]; int(c.Span.Start) <= at+len(tc.call)+8 && int(c.Span.End) >= at && (call == nil || c.Span.Start > call.Span.Start) {
					call = c
				}
			}
			if call == nil {
				t.Fatalf("no call at %q", tc.call)
			}
			if got := describe(u.View, u.View.PathExpect(u.Path, call, tc.arg)); got != tc.want {
				t.Errorf("argument %d: got %q, want %q", tc.arg, got, tc.want)
			}
		})
	}
}

// TestSectionType: the type whose members an entity's sections name.
func TestSectionType(t *testing.T) {
	u, src := openFixture(t, "simple-1.3.yaml")
	for _, tc := range []struct {
		at, want string
	}{
		{"num_cpus: 2", "tosca.capabilities.Compute"},                      // a template's capability assignment
		{"level: high", "my.App"},                                          // a node template
		{"my.App:", "tosca.nodes.WebApplication"},                          // a type refines its parent's members
		{"- database_endpoint", "tosca.nodes.Database"},                    // a node filter: the requirement's node
		{"database_endpoint:", "tosca.capabilities.Endpoint.Database"},     // a capability filter
		{"create: install.sh", "tosca.interfaces.node.lifecycle.Standard"}, // 1.x operations directly in an interface
	} {
		id := u.Facts.EntityAt(modeltest.Offset(t, src, tc.at, 1))
		if got := u.View.Name(u.View.SectionType(u.Decl(id))); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.at, got, tc.want)
		}
	}
}
