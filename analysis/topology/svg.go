package topology

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Colours of lines and text in the SVG drawing.
const (
	colourLine = "#444444"
	colourText = "#1f1f1f"
	colourEdge = "#555555"
)

// Dash patterns: conditional and abstract elements are dashed, groups
// dotted, links of ports and policies finely dotted.
const (
	dashed = "5,3"
	dotted = "1,3"
)

// SVG lays the graph out and draws it as a standalone SVG document: no
// script, no external resource, no font to fetch. Every element of the
// graph is a <g> whose `id` is its element ID (NodeElement, EdgeElement,
// …) with a <title> (the condition of a conditional element, which is
// dashed), so that a viewer maps a click to the JSON graph.
func (g *Graph) SVG() []byte { return SVGDocument([]*Graph{g}, nil) }

// panelGap parts the panels of a document of several graphs; headingSize
// is the font size of a panel's heading.
const panelGap, headingSize = 24.0, 13.0

// SVGDocument draws graphs as one SVG document: one graph alone as SVG
// does; several one above the other, each in a panel (a <g> with the class
// `template` and the ID of its index) headed by its file (name makes the
// heading of a path), the IDs of its elements prefixed with its index and
// a slash (`1/n:web`).
func SVGDocument(graphs []*Graph, name func(string) string) []byte {
	w := &svgWriter{}
	layouts := make([]*layout, len(graphs))
	views := make([]rect, len(graphs))
	width, height := 0.0, 0.0
	for i, g := range graphs {
		layouts[i] = layOut(g)
		b := layouts[i].bounds
		views[i] = rect{b.x - 2*boxPadX, b.y - 2*boxPadY, b.w + 4*boxPadX, b.h + 4*boxPadY}
		if len(graphs) > 1 {
			heading := rect{0, 0, textWidth([]string{name(g.Path)}, glyphWidth*headingSize/fontSize) + 4*boxPadX, headingSize + 4*boxPadY}
			views[i].y -= heading.h
			views[i].h += heading.h
			views[i].w = max(views[i].w, heading.w)
			height += panelGap
		}
		width = max(width, views[i].w)
		height += views[i].h
	}
	view := views[0]
	if len(graphs) > 1 {
		view = rect{0, 0, width + 2*panelGap, height + panelGap}
	}
	w.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="%s %s %s %s" font-family="Helvetica, Arial, sans-serif" font-size="%s">`+"\n",
		num(view.w), num(view.h), num(view.x), num(view.y), num(view.w), num(view.h), num(fontSize))
	w.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="#ffffff"/>`+"\n", num(view.x), num(view.y), num(view.w), num(view.h))
	if len(graphs) == 1 {
		w.graph(graphs[0], layouts[0])
	} else {
		top := panelGap
		for i, g := range graphs {
			v := views[i]
			w.printf(`<g id="%d" class="template" transform="translate(%s,%s)"><title>`, i, num(panelGap-v.x), num(top-v.y))
			w.escape(name(g.Path))
			w.buf.WriteString("</title>\n")
			w.rect(v, "none", colourLine, "", 6)
			w.printf(`<text x="%s" y="%s" dominant-baseline="central" font-size="%s" font-weight="bold" fill="%s">`, num(v.x+2*boxPadX), num(v.y+2*boxPadY+headingSize/2), num(headingSize), colourText)
			w.escape(name(g.Path))
			w.buf.WriteString("</text>\n")
			w.prefix = strconv.Itoa(i) + "/"
			w.graph(g, layouts[i])
			w.close()
			top += v.h + panelGap
		}
	}
	w.printf("</svg>\n")
	return w.buf.Bytes()
}

// graph draws the elements of a graph laid out as l.
func (w *svgWriter) graph(g *Graph, l *layout) {
	if s := g.Substitution; s != nil {
		label := frameLabel(s)
		w.open("substitution", "frame", label)
		w.rect(l.frame, "none", colourLine, dashed, 6)
		w.text(point{l.frame.x + framePad, l.frame.y + framePad/2 + lineHeight/2}, "start", false, colourText, label)
		w.close()
	}
	for _, c := range l.clusters {
		w.open(GroupElement(c.group.Name), "cluster", titleOf(strings.Join(c.lines, "\n"), c.group.Condition))
		w.rect(c.box, "none", colourLine, dotted, 6)
		w.lines(point{c.box.x + clusterPad, c.box.y + clusterPad/2 + lineHeight/2}, "start", lineHeight, false, colourText, c.lines)
		w.close()
	}
	for i, r := range l.routes[:len(g.Edges)] {
		if len(r.points) > 0 {
			w.edge(g, i, r)
		}
	}
	// Ports and policies before the nodes: their links pass under the boxes.
	for _, ports := range [][]port{l.ports, l.capabilities, l.requirements} {
		for _, p := range ports {
			w.port(p)
		}
	}
	for i, n := range l.notes {
		w.note(g.Policies[i], n)
	}
	for i := range g.Nodes {
		w.node(&g.Nodes[i], l.vertices[i].box())
	}
}

// titleOf is an element's tooltip: its condition when it has one, else
// its label.
func titleOf(label string, c *Condition) string {
	if c != nil {
		return "if " + c.Text
	}
	return label
}

type svgWriter struct {
	buf bytes.Buffer
	// prefix starts the IDs of the elements (a panel's index and a slash).
	prefix string
}

func (w *svgWriter) printf(format string, args ...any) { fmt.Fprintf(&w.buf, format, args...) }

// escape writes text as XML character data or an attribute value.
func (w *svgWriter) escape(s string) {
	_ = xml.EscapeText(&w.buf, []byte(s))
}

// open starts the group of one element (no id when id is "").
func (w *svgWriter) open(id, class, title string) {
	w.buf.WriteString(`<g`)
	if id != "" {
		w.buf.WriteString(` id="`)
		w.escape(w.prefix + id)
		w.buf.WriteString(`"`)
	}
	w.printf(` class="%s"><title>`, class)
	w.escape(title)
	w.buf.WriteString("</title>\n")
}

func (w *svgWriter) close() { w.buf.WriteString("</g>\n") }

// stroke is the stroke attributes of a line, dashed by dash ("" for none).
func stroke(colour, dash string) string {
	s := fmt.Sprintf(`stroke="%s"`, colour)
	if dash != "" {
		s += fmt.Sprintf(` stroke-dasharray="%s"`, dash)
	}
	return s
}

func (w *svgWriter) rect(r rect, fill, colour, dash string, radius float64) {
	w.printf(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" %s/>`+"\n", num(r.x), num(r.y), num(r.w), num(r.h), num(radius), fill, stroke(colour, dash))
}

func (w *svgWriter) polygon(points []point, fill, colour, dash string) {
	w.buf.WriteString(`<polygon points="`)
	for i, p := range points {
		if i > 0 {
			w.buf.WriteByte(' ')
		}
		w.printf("%s,%s", num(p.x), num(p.y))
	}
	w.printf(`" fill="%s" %s/>`+"\n", fill, stroke(colour, dash))
}

// text writes one line centred vertically on at.
func (w *svgWriter) text(at point, anchor string, bold bool, colour, line string) {
	w.printf(`<text x="%s" y="%s" text-anchor="%s" dominant-baseline="central" fill="%s"`, num(at.x), num(at.y), anchor, colour)
	if bold {
		w.buf.WriteString(` font-weight="bold"`)
	}
	w.buf.WriteString(">")
	w.escape(line)
	w.buf.WriteString("</text>\n")
}

// lines writes lines from the top one centred on at, the first in bold
// when boldFirst.
func (w *svgWriter) lines(at point, anchor string, step float64, boldFirst bool, colour string, lines []string) {
	for i, line := range lines {
		w.text(point{at.x, at.y + float64(i)*step}, anchor, boldFirst && i == 0, colour, line)
	}
}

// centred writes lines centred as a block on the box.
func (w *svgWriter) centred(box rect, boldFirst bool, lines []string) {
	top := box.cy() - float64(len(lines)-1)*lineHeight/2
	w.lines(point{box.cx(), top}, "middle", lineHeight, boldFirst, colourText, lines)
}

func (w *svgWriter) node(n *Node, box rect) {
	lines := strings.Split(nodeLabel(n), "\n")
	w.open(NodeElement(n.ID), "node", titleOf(strings.Join(lines, "\n"), n.Condition))
	fill, dash := colourTemplate, ""
	if n.Kind == NodeType {
		fill, dash = colourType, dashed
	}
	if n.Condition != nil {
		dash = dashed
	}
	w.rect(box, fill, colourLine, dash, 6)
	if n.Substituted {
		w.rect(rect{box.x + 3, box.y + 3, box.w - 6, box.h - 6}, "none", colourLine, dash, 4)
	}
	w.centred(box, true, lines)
	w.close()
}

// edge draws edge i: a smooth path through its points, an arrowhead, its
// label at the middle segment, and the text an open or dangling edge ends
// at.
func (w *svgWriter) edge(g *Graph, i int, r route) {
	e := g.Edges[i]
	w.open(EdgeElement(i), "edge", titleOf(strings.Join(r.label, "\n"), e.Condition))
	colour, dash := colourEdge, ""
	switch e.State {
	case Abstract:
		dash = dashed
	case Open:
		colour, dash = colourOpen, dashed
	case Dangling:
		colour, dash = colourWarning, dashed
	}
	if e.Condition != nil {
		dash = dashed
	}
	if len(r.points) == 2 && len(r.path) == 1 {
		// A self-loop rises above the box and comes back down.
		a, b := r.points[0], r.points[1]
		w.printf(`<path d="M%s,%s C%s,%s %s,%s %s,%s" fill="none" %s/>`+"\n", num(a.x), num(a.y), num(a.x), num(a.y-2*r.rise), num(b.x), num(b.y-2*r.rise), num(b.x), num(b.y), stroke(colour, dash))
		w.arrow(b, point{0, 1}, colour)
	} else {
		w.path(r.points, colour, dash)
		last, before := r.points[len(r.points)-1], r.points[len(r.points)-2]
		w.arrow(last, point{sign(last.x - before.x), 0}, colour)
	}
	if r.stub != "" {
		last := r.points[len(r.points)-1]
		w.text(point{last.x + stubGap, last.y}, "start", false, colour, r.stub)
	}
	top := r.labelAt.y - float64(len(r.label)-1)*labelLineStep/2
	for j, line := range r.label {
		w.printf(`<text x="%s" y="%s" text-anchor="middle" dominant-baseline="central" font-size="%s" fill="%s" stroke="#ffffff" stroke-width="3" paint-order="stroke">`,
			num(r.labelAt.x), num(top+float64(j)*labelLineStep), num(labelFontSize), colour)
		w.escape(line)
		w.buf.WriteString("</text>\n")
	}
	w.close()
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// path draws a line through points as cubic curves leaving and reaching
// each point horizontally.
func (w *svgWriter) path(points []point, colour, dash string) {
	b := append(w.buf.AvailableBuffer(), `<path d="M`...)
	b = appendPoint(b, points[0])
	for j := 1; j < len(points); j++ {
		p, q := points[j-1], points[j]
		if num(p.y) == num(q.y) {
			// Straight across a column: a line is shorter to write.
			b = appendPoint(append(b, " L"...), q)
			continue
		}
		mid := (q.x - p.x) / 2
		b = appendPoint(append(b, " C"...), point{p.x + mid, p.y})
		b = appendPoint(append(b, ' '), point{q.x - mid, q.y})
		b = appendPoint(append(b, ' '), q)
	}
	w.buf.Write(b)
	w.printf(`" fill="none" %s/>`+"\n", stroke(colour, dash))
}

// appendPoint writes a point as `x,y` (see num).
func appendPoint(b []byte, p point) []byte {
	return appendNum(append(appendNum(b, p.x), ','), p.y)
}

// arrowSize is the length (and width) of an arrowhead.
const arrowSize = 8.0

// arrow draws an arrowhead whose tip is at tip, pointing along dir.
func (w *svgWriter) arrow(tip, dir point, colour string) {
	base := point{tip.x - dir.x*arrowSize, tip.y - dir.y*arrowSize}
	side := point{-dir.y * arrowSize / 2, dir.x * arrowSize / 2}
	w.polygon([]point{tip, {base.x + side.x, base.y + side.y}, {base.x - side.x, base.y - side.y}}, colour, colour, "")
}

// port draws inputs, outputs or a substitution mapping as an
// arrow-shaped box with its links. A port showing several inputs (or
// outputs) holds an element for each, with its ID, lines and title.
func (w *svgWriter) port(p port) {
	var id string
	var condition *Condition
	if len(p.entries) == 1 {
		id, condition = p.entries[0].id, p.entries[0].condition
	}
	w.open(id, "port", titleOf(strings.Join(p.lines, "\n"), condition))
	for _, link := range p.links {
		w.path(link, colourLink, dotted)
		// The arrowheads point at outputs (at the port, not where the
		// links of several nodes join) and at mapped members.
		last, before := link[len(link)-1], link[len(link)-2]
		if p.right && math.Abs(last.x-p.box.x) < 0.5 || p.linkLabel != "" {
			w.arrow(last, point{sign(last.x - before.x), 0}, colourLink)
		}
		if p.linkLabel != "" {
			mid := point{(link[0].x + link[1].x) / 2, (link[0].y + link[1].y) / 2}
			w.printf(`<text x="%s" y="%s" text-anchor="middle" dominant-baseline="central" font-size="%s" fill="%s">`, num(mid.x), num(mid.y-labelLineStep/2), num(labelFontSize), colourText)
			w.escape(p.linkLabel)
			w.buf.WriteString("</text>\n")
		}
	}
	dash := ""
	if condition != nil {
		dash = dashed
	}
	b := p.box
	w.polygon([]point{{b.x, b.y}, {b.right() - portTip, b.y}, {b.right(), b.cy()}, {b.right() - portTip, b.bottom()}, {b.x, b.bottom()}}, colourPort, colourLine, dash)
	text := rect{b.x, b.y, b.w - portTip, b.h}
	if len(p.entries) == 1 {
		w.centred(text, false, p.lines)
	} else {
		top := text.cy() - float64(len(p.lines)-1)*lineHeight/2
		for _, e := range p.entries {
			w.open(e.id, "port-entry", titleOf(strings.Join(e.lines, "\n"), e.condition))
			w.lines(point{text.cx(), top}, "middle", lineHeight, false, colourText, e.lines)
			w.close()
			top += float64(len(e.lines)) * lineHeight
		}
	}
	w.close()
}

// note draws a policy as a note with a folded corner, linked to its
// targets by dotted lines ending in a small circle.
func (w *svgWriter) note(p Group, n note) {
	w.open(PolicyElement(p.Name), "policy", titleOf(strings.Join(n.lines, "\n"), p.Condition))
	for _, link := range n.links {
		a, b := link[0], link[1]
		mid := (a.y - b.y) / 2
		w.printf(`<path d="M%s,%s C%s,%s %s,%s %s,%s" fill="none" %s/>`+"\n", num(a.x), num(a.y), num(a.x), num(a.y-mid), num(b.x), num(b.y+mid), num(b.x), num(b.y+3), stroke(colourLink, dotted))
		w.printf(`<circle cx="%s" cy="%s" r="3" fill="#ffffff" stroke="%s"/>`+"\n", num(b.x), num(b.y+3), colourLink)
	}
	dash := ""
	if p.Condition != nil {
		dash = dashed
	}
	b := n.box
	w.polygon([]point{{b.x, b.y}, {b.right() - noteFold, b.y}, {b.right(), b.y + noteFold}, {b.right(), b.bottom()}, {b.x, b.bottom()}}, colourPolicy, colourLine, dash)
	w.centred(rect{b.x, b.y, b.w - noteFold, b.h}, true, n.lines)
	w.close()
}

// num writes a coordinate with one decimal at most (never "-0").
func num(v float64) string { return string(appendNum(nil, v)) }

func appendNum(b []byte, v float64) []byte {
	r := math.Round(v*10) / 10
	if r == 0 {
		r = 0
	}
	return strconv.AppendFloat(b, r, 'f', -1, 64)
}
