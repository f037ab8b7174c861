package topology

import (
	"fmt"
	"strings"
)

// Mermaid writes the graph as a Mermaid flowchart. Mermaid IDs must be
// plain words, so elements are numbered (n0, i0, o0, p0, x0) and named by
// their labels.
func (g *Graph) Mermaid() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("flowchart LR\n")
	id := map[string]string{}
	for i, n := range g.Nodes {
		id[n.ID] = fmt.Sprintf("n%d", i)
	}
	clusters, placed := g.clusters()
	groupID := map[string]string{}
	indent := "  "
	if s := g.Substitution; s != nil {
		w("  subgraph substitution[%s]\n", mermaidText("substitutes "+s.NodeType))
		indent = "    "
	}
	for ci, c := range clusters {
		gr := c.group
		// Edges may end at a subgraph: policies targeting the group do.
		groupID[gr.Name] = fmt.Sprintf("g%d", ci)
		w("%ssubgraph g%d[%s]\n", indent, ci, mermaidText(groupLabel(gr)))
		for _, m := range c.members {
			w("%s  %s\n", indent, mermaidNode(id[m], g.node(m)))
		}
		w("%send\n", indent)
	}
	for i := range g.Nodes {
		if !placed[g.Nodes[i].ID] {
			w("%s%s\n", indent, mermaidNode(id[g.Nodes[i].ID], &g.Nodes[i]))
		}
	}
	if g.Substitution != nil {
		w("  end\n")
	}
	for i, e := range g.Edges {
		label := mermaidText(strings.ReplaceAll(edgeLabel(e), "\n", " "))
		switch e.State {
		case Resolved:
			w("  %s -->|%s| %s\n", id[e.From], label, id[e.To])
		case Abstract:
			w("  %s -.->|%s| %s\n", id[e.From], label, id[e.To])
		case Open:
			w("  x%d([any])\n  %s -.->|%s| x%d\n", i, id[e.From], label, i)
		case Dangling:
			w("  x%d([%s]):::dangling\n  %s -.->|%s| x%d\n", i, mermaidText("? "+e.Target), id[e.From], label, i)
		}
	}
	for i, p := range g.Inputs {
		w("  i%d>%s]:::port\n", i, mermaidText(portLabel(p)))
		for _, n := range p.Nodes {
			w("  i%d -.- %s\n", i, id[n])
		}
	}
	for i, p := range g.Outputs {
		w("  o%d>%s]:::port\n", i, mermaidText(portLabel(p)))
		for _, n := range p.Nodes {
			w("  %s -.-> o%d\n", id[n], i)
		}
	}
	for i, p := range g.Policies {
		w("  p%d[/%s/]:::policy\n", i, mermaidText(p.Name+" ("+p.Type+")"))
		for _, m := range p.Members {
			switch {
			case g.node(m) != nil:
				w("  p%d -.-o %s\n", i, id[m])
			case groupID[m] != "":
				w("  p%d -.-o %s\n", i, groupID[m])
			}
		}
	}
	for i, n := range g.Nodes {
		switch {
		case n.Kind == NodeType:
			w("  class n%d type\n", i)
		case n.Condition != nil:
			w("  class n%d conditional\n", i)
		}
	}
	for i, p := range g.Inputs {
		if p.Condition != nil {
			w("  class i%d conditional\n", i)
		}
	}
	for i, p := range g.Outputs {
		if p.Condition != nil {
			w("  class o%d conditional\n", i)
		}
	}
	w("  classDef type stroke-dasharray: 4 2,fill:%s\n", colourType)
	w("  classDef conditional stroke-dasharray: 4 2\n")
	w("  classDef dangling stroke:%s,color:%s\n", colourWarning, colourWarning)
	w("  classDef port fill:%s\n", colourPort)
	w("  classDef policy fill:%s\n", colourPolicy)
	return b.String()
}

func mermaidNode(id string, n *Node) string {
	return id + "[" + mermaidText(nodeLabel(n)) + "]"
}

// mermaidText quotes a label: Mermaid reads entity codes inside quotes,
// and <br/> as a line break.
func mermaidText(s string) string {
	r := strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;", "\n", "<br/>")
	return `"` + r.Replace(printableLines(s)) + `"`
}
