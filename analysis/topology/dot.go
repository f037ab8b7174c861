package topology

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/index/text"
)

// Element IDs shared by the DOT output and the SVG drawing (each element
// carries its ID as its `id` attribute), so that a viewer can map a clicked
// SVG element back to the JSON graph.

// NodeElement is the element ID of a node.
func NodeElement(id string) string { return "n:" + id }

// EdgeElement is the element ID of edge i.
func EdgeElement(i int) string { return "e:" + strconv.Itoa(i) }

// InputElement and OutputElement are the element IDs of ports.
func InputElement(name string) string  { return "in:" + name }
func OutputElement(name string) string { return "out:" + name }

// GroupElement and PolicyElement are the element IDs of groups and policies.
func GroupElement(name string) string  { return "g:" + name }
func PolicyElement(name string) string { return "p:" + name }

// Colours of the drawing: templates, types, dangling edges (a warning).
const (
	colourTemplate = "#e8f0fe"
	colourType     = "#f3f3f3"
	colourWarning  = "#d97706"
	colourOpen     = "#888888"
	colourPort     = "#e6f4ea"
	colourPolicy   = "#fff8e1"
	// colourLink draws the links of ports and policies, lighter than edges.
	colourLink = "#9aa0a6"
)

// DOT writes the graph in Graphviz's language.
func (g *Graph) DOT() string { return DOTDocument([]*Graph{g}, nil) }

// DOTDocument writes graphs as one Graphviz graph (dot draws each graph of
// a file apart, so several would make several drawings): one graph alone
// as DOT does, several each in a cluster labelled with its file (name
// makes the label of a path), the IDs of their elements prefixed with
// their index and a slash (`1/n:web`).
func DOTDocument(graphs []*Graph, name func(string) string) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("digraph %s {\n", quote("topology"))
	w("  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, compound=true];\n")
	w("  node [shape=box, style=\"rounded,filled\", fillcolor=%s, fontname=\"Helvetica\", fontsize=11, margin=\"0.25,0.08\"];\n", quote(colourTemplate))
	w("  edge [fontname=\"Helvetica\", fontsize=9];\n")
	if len(graphs) == 1 {
		b.WriteString(graphs[0].dotBody(""))
	} else {
		for i, g := range graphs {
			w("  subgraph %s {\n    id=%s; label=%s; style=solid; labeljust=l;\n", quote(fmt.Sprintf("cluster_%d", i)), quote(strconv.Itoa(i)), quote(name(g.Path)))
			for _, line := range strings.SplitAfter(g.dotBody(strconv.Itoa(i)+"/"), "\n") {
				if line != "" {
					w("  %s", line)
				}
			}
			w("  }\n")
		}
	}
	w("}\n")
	return b.String()
}

// dotBody writes the statements of the graph, the IDs of its elements
// (and the names of its clusters) prefixed with prefix.
func (g *Graph) dotBody(prefix string) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	id := func(s string) string { return quote(prefix + s) }
	indent := "  "
	if s := g.Substitution; s != nil {
		w("  subgraph %s {\n    id=%s; label=%s; style=dashed;\n", quote("cluster_"+prefix+"substitution"), id("substitution"), quote("substitutes "+s.NodeType))
		indent = "    "
	}
	clusters, placed := g.clusters()
	// clustered maps a group drawn as a cluster to one of its nodes (an
	// edge to a cluster is drawn to a node and clipped at the cluster).
	clustered := map[string]string{}
	for _, c := range clusters {
		gr := c.group
		clustered[gr.Name] = c.members[0]
		w("%ssubgraph %s {\n%s  id=%s; label=%s; style=\"rounded,dotted\";", indent, quote("cluster_"+prefix+gr.Name), indent, id(GroupElement(gr.Name)), quote(groupLabel(gr)))
		if gr.Condition != nil {
			w(" %s;", tooltip(gr.Condition))
		}
		w("\n")
		for _, m := range c.members {
			w("%s  %s\n", indent, g.dotNode(prefix, g.node(m)))
		}
		w("%s}\n", indent)
	}
	for i := range g.Nodes {
		if !placed[g.Nodes[i].ID] {
			w("%s%s\n", indent, g.dotNode(prefix, &g.Nodes[i]))
		}
	}
	if g.Substitution != nil {
		w("  }\n")
	}
	for i, e := range g.Edges {
		attrs := fmt.Sprintf("id=%s, label=%s", id(EdgeElement(i)), quote(edgeLabel(e)))
		if e.Condition != nil {
			attrs += ", " + tooltip(e.Condition)
		}
		to := NodeElement(e.To)
		switch e.State {
		case Abstract:
			attrs += ", style=dashed"
		case Open, Dangling:
			to = "x:" + strconv.Itoa(i)
			colour := colourOpen
			if e.State == Dangling {
				colour = colourWarning
			}
			w("  %s [shape=plaintext, style=\"\", label=%s, fontcolor=%s];\n", id(to), quote(stubLabel(e)), quote(colour))
			attrs += fmt.Sprintf(", style=dashed, color=%s, fontcolor=%s", quote(colour), quote(colour))
		}
		w("  %s -> %s [%s];\n", id(NodeElement(e.From)), id(to), attrs)
	}
	for _, p := range g.Inputs {
		w("  %s [id=%s, shape=cds, fillcolor=%s, label=%s%s];\n", id(InputElement(p.Name)), id(InputElement(p.Name)), quote(colourPort), quote(portLabel(p)), conditional(p.Condition))
		for _, n := range p.Nodes {
			w("  %s -> %s [style=dotted, arrowhead=none, color=%s];\n", id(InputElement(p.Name)), id(NodeElement(n)), quote(colourLink))
		}
	}
	for _, p := range g.Outputs {
		w("  %s [id=%s, shape=cds, fillcolor=%s, label=%s%s];\n", id(OutputElement(p.Name)), id(OutputElement(p.Name)), quote(colourPort), quote(portLabel(p)), conditional(p.Condition))
		for _, n := range p.Nodes {
			w("  %s -> %s [style=dotted, color=%s];\n", id(NodeElement(n)), id(OutputElement(p.Name)), quote(colourLink))
		}
	}
	for _, p := range g.Policies {
		label := p.Name + "\n" + p.Type
		if p.Condition != nil {
			label += "\n" + conditionLine(p.Condition)
		}
		w("  %s [id=%s, shape=note, fillcolor=%s, label=%s%s];\n", id(PolicyElement(p.Name)), id(PolicyElement(p.Name)), quote(colourPolicy), quote(label), conditional(p.Condition))
		for _, m := range p.Members {
			switch {
			case g.node(m) != nil:
				w("  %s -> %s [style=dotted, arrowhead=odot, color=%s];\n", id(PolicyElement(p.Name)), id(NodeElement(m)), quote(colourLink))
			case clustered[m] != "":
				w("  %s -> %s [style=dotted, arrowhead=odot, color=%s, lhead=%s];\n", id(PolicyElement(p.Name)), id(NodeElement(clustered[m])), quote(colourLink), quote("cluster_"+prefix+m))
			}
		}
	}
	if s := g.Substitution; s != nil {
		for _, m := range s.Capabilities {
			if m.Node != "" {
				w("  %s [shape=rarrow, fillcolor=%s, label=%s];\n", id("sc:"+m.Name), quote(colourPort), quote(m.Name))
				w("  %s -> %s [style=dotted, label=%s];\n", id("sc:"+m.Name), id(NodeElement(m.Node)), quote(m.Member))
			}
		}
		for _, m := range s.Requirements {
			if m.Node != "" {
				w("  %s [shape=rarrow, fillcolor=%s, label=%s];\n", id("sr:"+m.Name), quote(colourPort), quote(m.Name))
				w("  %s -> %s [style=dotted, label=%s];\n", id(NodeElement(m.Node)), id("sr:"+m.Name), quote(m.Member))
			}
		}
	}
	return b.String()
}

// cluster is a group drawn around its member nodes.
type cluster struct {
	group   Group
	members []string
}

// clusters places each node in the first group listing it (drawings nest
// clusters but cannot overlap them); groups left with no node of their own
// are not drawn as clusters. placed holds the nodes inside a cluster.
func (g *Graph) clusters() (out []cluster, placed map[string]bool) {
	placed = map[string]bool{}
	for _, gr := range g.Groups {
		var members []string
		for _, m := range gr.Members {
			if g.node(m) != nil && !placed[m] {
				placed[m] = true
				members = append(members, m)
			}
		}
		if len(members) > 0 {
			out = append(out, cluster{group: gr, members: members})
		}
	}
	return out, placed
}

// node finds a node by ID (nil if none).
func (g *Graph) node(id string) *Node {
	for i := range g.Nodes {
		if g.Nodes[i].ID == id {
			return &g.Nodes[i]
		}
	}
	return nil
}

func (g *Graph) dotNode(prefix string, n *Node) string {
	attrs := fmt.Sprintf("id=%s, label=%s", quote(prefix+NodeElement(n.ID)), quote(nodeLabel(n)))
	switch {
	case n.Kind == NodeType:
		attrs += fmt.Sprintf(", style=\"rounded,dashed,filled\", fillcolor=%s", quote(colourType))
	case n.Substituted:
		attrs += ", peripheries=2"
	}
	return fmt.Sprintf("%s [%s%s];", quote(prefix+NodeElement(n.ID)), attrs, conditional(n.Condition))
}

// conditional draws a box whose existence depends on a condition with a
// dashed border and the condition as its tooltip.
func conditional(c *Condition) string {
	if c == nil {
		return ""
	}
	return ", style=\"rounded,dashed,filled\", " + tooltip(c)
}

// tooltip is the attribute showing a condition when the pointer rests on
// an element.
func tooltip(c *Condition) string {
	return "tooltip=" + quote("if "+c.Text)
}

// labelLength bounds the characters of a condition shown in a label; the
// tooltip shows it whole.
const labelLength = 40

// conditionLine is the line of a label that shows a condition.
func conditionLine(c *Condition) string {
	text := []rune(c.Text)
	if len(text) > labelLength {
		return "if " + string(text[:labelLength]) + "…"
	}
	return "if " + string(text)
}

// nodeLabel shows a node's name, its type with the first steps of its
// chain, and its count and directives.
func nodeLabel(n *Node) string {
	lines := []string{n.Name}
	if n.Kind == NodeType {
		lines[0] = "«" + n.Name + "»"
	} else if n.Type != "" {
		lines = append(lines, n.Type)
	}
	if len(n.Chain) > 0 {
		lines = append(lines, "→ "+strings.Join(n.Chain, " → "))
	}
	var extra []string
	if n.Count != "" {
		extra = append(extra, "×"+n.Count)
	}
	extra = append(extra, n.Directives...)
	if len(extra) > 0 {
		lines = append(lines, "["+strings.Join(extra, ", ")+"]")
	}
	if n.Condition != nil {
		lines = append(lines, conditionLine(n.Condition))
	}
	return strings.Join(lines, "\n")
}

// edgeLabel shows a requirement with the capability and relationship, or
// the Heat function (with the attribute get_attr reads), and the
// condition.
func edgeLabel(e Edge) string {
	var label string
	switch e.Kind {
	case Requirement:
		label = e.Requirement
		if e.Capability != "" {
			label += " → " + e.Capability
		}
		if e.Relationship != "" {
			label += "\n(" + e.Relationship + ")"
		}
	case GetAttr:
		label = edgeKindNames[e.Kind] + ": " + e.Attribute
	default:
		label = edgeKindNames[e.Kind]
	}
	if e.Condition != nil {
		label += "\n" + conditionLine(e.Condition)
	}
	return label
}

func portLabel(p Port) string {
	label := p.Name
	if p.Type != "" {
		label += ": " + p.Type
	}
	if p.Condition != nil {
		label += "\n" + conditionLine(p.Condition)
	}
	return label
}

func groupLabel(g Group) string {
	label := g.Name + " (" + g.Type + ")"
	if g.Condition != nil {
		label += "\n" + conditionLine(g.Condition)
	}
	return label
}

// stubLabel is the text an open or dangling edge ends at.
func stubLabel(e Edge) string {
	if e.State == Open {
		return "any"
	}
	return "? " + e.Target
}

// quote writes a DOT string: double quotes, with quotes and backslashes
// escaped and new lines as \n; other control characters (in a name) are
// shown as their escapes, so that none reaches the text output.
func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(printableLines(s)) + `"`
}

// printableLines escapes the control characters of each line of s (see
// text.Printable), keeping the new lines that separate them.
func printableLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = text.Printable(l)
	}
	return strings.Join(lines, "\n")
}
