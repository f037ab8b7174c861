package corpus

import (
	"fmt"
	"strings"
)

// Hostile inputs (issue 24) are made to show any analysis that grows
// faster than what it reads: a hostile repository or a fast typist can
// write each of them. Every generator is a pure function of its sizes; the
// files are slash-separated paths relative to a folder, the first one the
// file to check.

// File is one generated file.
type File struct {
	Rel  string
	Data []byte
}

// Hostile is one hostile input and the sizes of issue 24.
type Hostile struct {
	Name string
	// Size is the number of types, resources, files or names; Generate
	// makes the input of that size.
	Size     int
	Generate func(size int) []File
}

// HostileInputs are the inputs of issue 24 at the sizes.
var HostileInputs = []Hostile{
	{"deep-chain", 8000, DeepChain},
	{"derivation-cycle", 8000, DerivationCycle},
	{"heat-cycle", 50000, HeatCycle},
	{"import-chain", 10000, ImportChain},
	{"import-clique", 400, ImportClique},
	{"unknown-targets", 8000, UnknownTargets},
	{"long-names", 60, LongNames},
	{"aliased-name", 3000, AliasedName},
}

// DeepChain is one file of n node types, each derived from the one before
// and adding a property, and a template of the most derived type that
// assigns the first type's property: every type inherits all the members
// above it.
func DeepChain(n int) []File {
	var d doc
	d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
	d.line(0, "node_types:")
	for i := range n {
		parent := "tosca.nodes.Root"
		if i > 0 {
			parent = fmt.Sprintf("T%d", i-1)
		}
		d.nodeType(i, parent)
	}
	d.line(0, "topology_template:")
	d.line(2, "node_templates:")
	d.line(4, "deepest:")
	d.linef(6, "type: T%d", n-1)
	d.line(6, "properties:")
	d.line(8, "p0: first")
	return []File{{"deep-chain.yaml", []byte(d.String())}}
}

// DerivationCycle is one file of n node types deriving from each other in
// one cycle, each adding a property.
func DerivationCycle(n int) []File {
	var d doc
	d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
	d.line(0, "node_types:")
	for i := range n {
		d.nodeType(i, fmt.Sprintf("T%d", (i+n-1)%n))
	}
	return []File{{"derivation-cycle.yaml", []byte(d.String())}}
}

// HeatCycle is a Heat template of n resources, each depending on the next,
// the last on the first.
func HeatCycle(n int) []File {
	var d doc
	d.line(0, "heat_template_version: 2016-10-14")
	d.line(0, "resources:")
	for i := range n {
		d.linef(2, "r%d:", i)
		d.line(4, "type: OS::Heat::None")
		d.linef(4, "depends_on: r%d", (i+1)%n)
	}
	return []File{{"heat-cycle.yaml", []byte(d.String())}}
}

// ImportChain is n files, each importing the next and defining a node type
// derived from the next file's, the way versions of a profile build on each
// other; the first file has a template of its type.
func ImportChain(n int) []File {
	out := make([]File, n)
	for i := range n {
		var d doc
		d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
		parent := "tosca.nodes.Root"
		if i+1 < n {
			d.line(0, "imports:")
			d.linef(2, "- f%05d.yaml", i+1)
			parent = fmt.Sprintf("T%d", i+1)
		}
		d.line(0, "node_types:")
		d.nodeType(i, parent)
		if i == 0 {
			d.line(0, "topology_template:")
			d.line(2, "node_templates:")
			d.line(4, "first:")
			d.line(6, "type: T0")
			d.line(6, "properties:")
			d.linef(8, "p%d: last", n-1)
		}
		out[i] = File{fmt.Sprintf("f%05d.yaml", i), []byte(d.String())}
	}
	return out
}

// ImportClique is n files that all import each other, each defining a node
// type derived from the next file's (the last one's from the normative
// root).
func ImportClique(n int) []File {
	out := make([]File, n)
	for i := range n {
		var d doc
		d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
		d.line(0, "imports:")
		for j := range n {
			if j != i {
				d.linef(2, "- c%04d.yaml", j)
			}
		}
		parent := "tosca.nodes.Root"
		if i+1 < n {
			parent = fmt.Sprintf("T%d", i+1)
		}
		d.line(0, "node_types:")
		d.nodeType(i, parent)
		out[i] = File{fmt.Sprintf("c%04d.yaml", i), []byte(d.String())}
	}
	return out
}

// nodeType writes node type Ti, derived from parent, adding property pi.
func (d *doc) nodeType(i int, parent string) {
	d.linef(2, "T%d:", i)
	d.linef(4, "derived_from: %s", parent)
	d.line(4, "properties:")
	d.linef(6, "p%d: { type: string, required: false }", i)
}

// UnknownTargets is a template of n node templates, each requiring a node
// template no template is named: every one is an unknown name with n
// candidates to suggest from.
func UnknownTargets(n int) []File {
	var d doc
	d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
	d.line(0, "topology_template:")
	d.line(2, "node_templates:")
	for i := range n {
		d.linef(4, "node_%d:", i)
		d.line(6, "type: tosca.nodes.Root")
		d.line(6, "requirements:")
		d.linef(8, "- dependency: missing_%d", i)
	}
	return []File{{"unknown-targets.yaml", []byte(d.String())}}
}

// LongNames is a template of n node templates with names of 1,000
// characters, each requiring one that does not exist, a letter away from
// another's name.
func LongNames(n int) []File {
	const length = 1000
	name := func(i int, suffix string) string {
		stem := fmt.Sprintf("n%d_", i)
		return stem + strings.Repeat("x", length-len(stem)-len(suffix)) + suffix
	}
	var d doc
	d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
	d.line(0, "topology_template:")
	d.line(2, "node_templates:")
	for i := range n {
		d.linef(4, "%s:", name(i, "a"))
		d.line(6, "type: tosca.nodes.Root")
		d.line(6, "requirements:")
		d.linef(8, "- dependency: %s", name(i, "b"))
	}
	return []File{{"long-names.yaml", []byte(d.String())}}
}

// AliasedName is a template whose one node template requires a target of
// 1 MB, an anchor that n more requirements name through aliases.
func AliasedName(n int) []File {
	var d doc
	d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
	d.line(0, "topology_template:")
	d.line(2, "node_templates:")
	d.line(4, "app:")
	d.line(6, "type: tosca.nodes.Root")
	d.line(6, "requirements:")
	d.line(8, "- dependency: &big "+strings.Repeat("y", 1<<20))
	for range n {
		d.line(8, "- dependency: *big")
	}
	return []File{{"aliased-name.yaml", []byte(d.String())}}
}
