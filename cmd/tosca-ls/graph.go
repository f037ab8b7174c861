package main

import (
	"context"
	"fmt"
	"io"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/topology"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

const graphUsage = `usage: tosca-ls graph [--format dot|json|mermaid|svg] [--profile-path DIR]... [--root DIR] [--processor NAME] PATH

Prints the topology of the service template(s) in PATH (a file, a folder or
a CSAR archive): node templates with their types, requirement assignments as
edges (dangling ones marked), groups, policies, inputs, outputs and
substitution mappings, and Variability4TOSCA conditions. A Heat template's
resources are nodes joined by depends_on, get_resource and get_attr, its
parameters and outputs ports. json prints an array of graphs (schema in
analysis/topology/README.md); dot, mermaid and svg print one document:
several templates (in path order) are clusters of one DOT graph, subgraphs
of one Mermaid flowchart, panels of one SVG drawing. svg is laid out by
tosca-ls itself.
Exit status: 0 when a graph was printed, 1 when PATH holds no service
template or Heat template, 2 on bad usage.

Flags:
`

var graphFormats = map[string]bool{"dot": true, "json": true, "mermaid": true, "svg": true}

func runGraph(args []string, stdout, stderr io.Writer) int {
	fs := newWorkspaceFlags("graph", graphUsage, stderr)
	format := fs.String("format", "dot", "output `format`: dot, json, mermaid or svg")
	if code, done := fs.parse(args); done {
		return code
	}
	if fs.NArg() != 1 || !graphFormats[*format] {
		fs.Usage()
		return 2
	}
	l, err := load(fs.Args(), index.Options{ProfilePaths: fs.profilePaths, Processor: fs.setting}, *fs.root)
	if err != nil {
		fmt.Fprintf(stderr, "tosca-ls: %s\n", text.Printable(err.Error()))
		return 2
	}
	defer l.cleanup()
	ctx := context.Background()
	view := analysis.NewEngine().View(l.snap)
	var graphs []*topology.Graph
	for _, p := range l.paths {
		if g := topology.Of(ctx, view, p); g != nil {
			graphs = append(graphs, g)
		}
	}
	if len(graphs) == 0 {
		fmt.Fprintf(stderr, "tosca-ls: no service template or Heat template in %s\n", text.Printable(fs.Arg(0)))
		return 1
	}
	name := l.display
	switch *format {
	case "json":
		out := make([]*topology.JSONGraph, len(graphs))
		for i, g := range graphs {
			out[i] = g.JSON(view, name)
		}
		encodeJSON(stdout, out)
	case "dot":
		fmt.Fprint(stdout, topology.DOTDocument(graphs, name))
	case "mermaid":
		fmt.Fprint(stdout, topology.MermaidDocument(graphs, name))
	case "svg":
		_, _ = stdout.Write(topology.SVGDocument(graphs, name))
	}
	return 0
}
