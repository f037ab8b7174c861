package topology

import (
	"fmt"
	"strings"
)

// Mermaid writes the graph as a Mermaid flowchart. Mermaid IDs must be
// plain words, so elements are numbered (n0, i0, o0, p0, x0) and named by
// their labels.
func (g *Graph) Mermaid() string { return MermaidDocument([]*Graph{g}, nil) }

// MermaidDocument writes graphs as one Mermaid flowchart: one graph alone
// as Mermaid does, several each in a subgraph titled with its file (name
// makes the title of a path), their IDs prefixed with `t` and their index
// (`t1_n0`).
func MermaidDocument(graphs []*Graph, name func(string) string) string {
	var b, classes strings.Builder
	b.WriteString("flowchart LR\n")
	if len(graphs) == 1 {
		graphs[0].mermaidBody(&b, &classes, "", "  ")
	} else {
		for i, g := range graphs {
			fmt.Fprintf(&b, "  subgraph t%d[%s]\n", i, mermaidText(name(g.Path)))
			g.mermaidBody(&b, &classes, fmt.Sprintf("t%d_", i), "    ")
			b.WriteString("  end\n")
		}
	}
	b.WriteString(classes.String())
	fmt.Fprintf(&b, "  classDef type stroke-dasharray: 4 2,fill:%s\n", colourType)
	b.WriteString("  classDef conditional stroke-dasharray: 4 2\n")
	fmt.Fprintf(&b, "  classDef dangling stroke:%s,color:%s\n", colourWarning, colourWarning)
	fmt.Fprintf(&b, "  classDef port fill:%s\n", colourPort)
	fmt.Fprintf(&b, "  classDef policy fill:%s\n", colourPolicy)
	return b.String()
}

// mermaidBody writes the statements of the graph into b, indented, and the
// class of each of its dashed elements into classes; IDs start with prefix.
func (g *Graph) mermaidBody(b, classes *strings.Builder, prefix, indent string) {
	w := func(format string, args ...any) { fmt.Fprintf(b, indent+format, args...) }
	num := func(kind string, i int) string { return fmt.Sprintf("%s%s%d", prefix, kind, i) }
	id := map[string]string{}
	for i, n := range g.Nodes {
		id[n.ID] = num("n", i)
	}
	clusters, placed := g.clusters()
	groupID := map[string]string{}
	inner := ""
	if s := g.Substitution; s != nil {
		w("subgraph %ssubstitution[%s]\n", prefix, mermaidText("substitutes "+s.NodeType))
		inner = "  "
	}
	for ci, c := range clusters {
		gr := c.group
		// Edges may end at a subgraph: policies targeting the group do.
		groupID[gr.Name] = num("g", ci)
		w("%ssubgraph %s[%s]\n", inner, groupID[gr.Name], mermaidText(groupLabel(gr)))
		for _, m := range c.members {
			w("%s  %s\n", inner, mermaidNode(id[m], g.node(m)))
		}
		w("%send\n", inner)
	}
	for i := range g.Nodes {
		if !placed[g.Nodes[i].ID] {
			w("%s%s\n", inner, mermaidNode(id[g.Nodes[i].ID], &g.Nodes[i]))
		}
	}
	if g.Substitution != nil {
		w("end\n")
	}
	for i, e := range g.Edges {
		label := mermaidText(strings.ReplaceAll(edgeLabel(e), "\n", " "))
		switch x := num("x", i); e.State {
		case Resolved:
			w("%s -->|%s| %s\n", id[e.From], label, id[e.To])
		case Abstract:
			w("%s -.->|%s| %s\n", id[e.From], label, id[e.To])
		case Open:
			w("%s([any])\n", x)
			w("%s -.->|%s| %s\n", id[e.From], label, x)
		case Dangling:
			w("%s([%s]):::dangling\n", x, mermaidText("? "+e.Target))
			w("%s -.->|%s| %s\n", id[e.From], label, x)
		}
	}
	for i, p := range g.Inputs {
		w("%s>%s]:::port\n", num("i", i), mermaidText(portLabel(p)))
		for _, n := range p.Nodes {
			w("%s -.- %s\n", num("i", i), id[n])
		}
	}
	for i, p := range g.Outputs {
		w("%s>%s]:::port\n", num("o", i), mermaidText(portLabel(p)))
		for _, n := range p.Nodes {
			w("%s -.-> %s\n", id[n], num("o", i))
		}
	}
	for i, p := range g.Policies {
		w("%s[/%s/]:::policy\n", num("p", i), mermaidText(p.Name+" ("+p.Type+")"))
		for _, m := range p.Members {
			switch {
			case g.node(m) != nil:
				w("%s -.-o %s\n", num("p", i), id[m])
			case groupID[m] != "":
				w("%s -.-o %s\n", num("p", i), groupID[m])
			}
		}
	}
	for i, n := range g.Nodes {
		switch {
		case n.Kind == NodeType:
			fmt.Fprintf(classes, "  class %s type\n", num("n", i))
		case n.Condition != nil:
			fmt.Fprintf(classes, "  class %s conditional\n", num("n", i))
		}
	}
	for i, p := range g.Inputs {
		if p.Condition != nil {
			fmt.Fprintf(classes, "  class %s conditional\n", num("i", i))
		}
	}
	for i, p := range g.Outputs {
		if p.Condition != nil {
			fmt.Fprintf(classes, "  class %s conditional\n", num("o", i))
		}
	}
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
