package topology_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/topology"
)

// point and box are SVG coordinates: a box by its top left corner and size.
type point struct{ x, y float64 }

type box struct{ x, y, w, h float64 }

// tolerance absorbs the rounding of coordinates to 0.1.
const tolerance = 0.11

// overlaps reports whether two boxes share more than their borders.
func (b box) overlaps(o box) bool {
	return b.x < o.x+o.w-tolerance && o.x < b.x+b.w-tolerance && b.y < o.y+o.h-tolerance && o.y < b.y+b.h-tolerance
}

func (b box) contains(o box) bool {
	return b.x <= o.x+tolerance && b.y <= o.y+tolerance && o.x+o.w <= b.x+b.w+tolerance && o.y+o.h <= b.y+b.h+tolerance
}

// onBorder reports whether p lies on the box's outline.
func (b box) onBorder(p point) bool {
	near := func(a, c float64) bool { return math.Abs(a-c) <= tolerance }
	within := func(v, lo, hi float64) bool { return v >= lo-tolerance && v <= hi+tolerance }
	return (near(p.x, b.x) || near(p.x, b.x+b.w)) && within(p.y, b.y, b.y+b.h) ||
		(near(p.y, b.y) || near(p.y, b.y+b.h)) && within(p.x, b.x, b.x+b.w)
}

// readShape records the first rectangle, and the ends and colour of the
// first path, of an element of the graph.
func readShape(t *testing.T, el *svgElement, tok xml.StartElement) {
	attr := map[string]string{}
	for _, a := range tok.Attr {
		attr[a.Name.Local] = a.Value
	}
	number := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("not a number in <%s>: %q", tok.Name.Local, s)
		}
		return v
	}
	switch {
	case tok.Name.Local == "rect" && el.box == nil:
		el.box = &box{number(attr["x"]), number(attr["y"]), number(attr["width"]), number(attr["height"])}
	case tok.Name.Local == "path":
		// M x,y C x,y x,y x,y … L x,y …: the start, then three points per
		// segment, controls included (a line's are its ends).
		var path []point
		line := false
		for _, f := range strings.Fields(strings.NewReplacer("M", " M ", "C", " C ", "L", " L ").Replace(attr["d"])) {
			switch f {
			case "M", "C":
				line = false
				continue
			case "L":
				line = true
				continue
			}
			x, y, _ := strings.Cut(f, ",")
			p := point{number(x), number(y)}
			if line {
				path = append(path, path[len(path)-1], p)
			}
			path = append(path, p)
		}
		el.paths = append(el.paths, path)
		if el.path == nil {
			el.path, el.stroke = path, attr["stroke"]
		}
	case tok.Name.Local == "polygon":
		var bb box
		for i, pair := range strings.Fields(attr["points"]) {
			x, y, _ := strings.Cut(pair, ",")
			p := point{number(x), number(y)}
			if i == 0 {
				bb = box{p.x, p.y, 0, 0}
			}
			lo, hi := point{min(bb.x, p.x), min(bb.y, p.y)}, point{max(bb.x+bb.w, p.x), max(bb.y+bb.h, p.y)}
			bb = box{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y}
		}
		if el.polygon == nil || bb.w*bb.h > el.polygon.w*el.polygon.h {
			el.polygon = &bb
		}
	case tok.Name.Local == "text" && attr["font-size"] == "9":
		// Centred on x and y; its width is known with its text.
		el.labels = append(el.labels, box{x: number(attr["x"]), y: number(attr["y"]) - labelLine/2, h: labelLine})
	}
}

// labelGlyph and labelLine measure an edge label's line as the drawing
// does (9 px text: 5.4 px per character, 11 px per line).
const labelGlyph, labelLine = 5.4, 11.0

// curve samples a path drawn as cubic curves (a start, then three points
// per segment) at steps points per segment.
func curve(path []point, steps int) []point {
	out := []point{path[0]}
	for i := 1; i+2 < len(path); i += 3 {
		a, c1, c2, b := path[i-1], path[i], path[i+1], path[i+2]
		for s := 1; s <= steps; s++ {
			t := float64(s) / float64(steps)
			u := 1 - t
			out = append(out, point{
				u*u*u*a.x + 3*u*u*t*c1.x + 3*u*t*t*c2.x + t*t*t*b.x,
				u*u*u*a.y + 3*u*u*t*c1.y + 3*u*t*t*c2.y + t*t*t*b.y,
			})
		}
	}
	return out
}

// inside reports whether p lies inside the box, off its border.
func (b box) inside(p point) bool {
	return p.x > b.x+tolerance && p.x < b.x+b.w-tolerance && p.y > b.y+tolerance && p.y < b.y+b.h-tolerance
}

// layoutGraphs are the graphs whose drawings the layout tests check.
func layoutGraphs(t *testing.T) []*topology.Graph {
	var out []*topology.Graph
	for _, dir := range []string{"testdata/layout", "testdata/cases", "../../testdata/examples/tosca-1.3-webapp", "../../testdata/examples/tosca-2.0-k8s",
		"../../testdata/dialects/seed-004-heat", "../../testdata/dialects/seed-001-variability"} {
		out = append(out, graphsOf(t, load(t, dir))...)
	}
	return out
}

// The drawing's geometry: no two node boxes overlap; every edge starts on
// its source's box and ends on its target's, and crosses no box it does
// not end on (nor do the links of inputs and outputs); no two edge labels
// overlap; each group's rectangle holds the nodes it draws around; an edge
// not closing a cycle runs from left to right.
func TestLayout(t *testing.T) {
	for _, g := range layoutGraphs(t) {
		t.Run(filepath.Base(g.Path), func(t *testing.T) { checkLayout(t, g) })
	}
}

// The same holds for graphs of random shapes: cycles, self-loops,
// repeated and dangling edges, groups, policies and ports.
func TestLayoutRandom(t *testing.T) {
	for seed := range uint64(60) {
		g := randomGraph(rand.New(rand.NewPCG(seed, 1)))
		t.Run(strconv.FormatUint(seed, 10), func(t *testing.T) { checkLayout(t, g) })
	}
}

// randomGraph has up to 40 nodes (of which some node types), twice as
// many edges, groups and policies of a few members, inputs and outputs.
func randomGraph(r *rand.Rand) *topology.Graph {
	g := &topology.Graph{Path: "random.yaml"}
	n := 1 + r.IntN(40)
	name := func() string { return "n" + strconv.Itoa(r.IntN(n)) }
	for i := range n {
		node := topology.Node{ID: "n" + strconv.Itoa(i), Name: "n" + strconv.Itoa(i), Type: strings.Repeat("T", 1+r.IntN(30))}
		if r.IntN(5) == 0 {
			node.Kind = topology.NodeType
		}
		if r.IntN(4) == 0 {
			node.Condition = &topology.Condition{Text: "c" + strconv.Itoa(i)}
		}
		g.Nodes = append(g.Nodes, node)
	}
	for range r.IntN(2*n + 1) {
		e := topology.Edge{From: name(), Requirement: strings.Repeat("r", 1+r.IntN(20))}
		if r.IntN(6) == 0 {
			e.State, e.Target = topology.Dangling, "missing"
		} else {
			e.To, e.Target = name(), "target"
		}
		g.Edges = append(g.Edges, e)
	}
	members := func() []string {
		var out []string
		for range 1 + r.IntN(4) {
			out = append(out, name())
		}
		return out
	}
	for i := range r.IntN(4) {
		g.Groups = append(g.Groups, topology.Group{Name: "g" + strconv.Itoa(i), Type: "G", Members: members()})
	}
	for i := range r.IntN(3) {
		g.Policies = append(g.Policies, topology.Group{Name: "p" + strconv.Itoa(i), Type: "P", Members: members()})
	}
	for i := range r.IntN(4) {
		g.Inputs = append(g.Inputs, topology.Port{Name: "in" + strconv.Itoa(i), Nodes: members()})
		g.Outputs = append(g.Outputs, topology.Port{Name: "out" + strconv.Itoa(i), Nodes: members()})
	}
	return g
}

// checkLayout checks the geometry TestLayout describes.
func checkLayout(t *testing.T, g *topology.Graph) {
	t.Helper()
	elements := svgElements(t, g.SVG())
	boxes := map[string]box{}
	for _, n := range g.Nodes {
		el := elements[topology.NodeElement(n.ID)]
		if el == nil || el.box == nil {
			t.Fatalf("node %s has no box", n.ID)
		}
		for other, b := range boxes {
			if b.overlaps(*el.box) {
				t.Errorf("the boxes of %s %v and %s %v overlap", n.ID, *el.box, other, b)
			}
		}
		boxes[n.ID] = *el.box
	}
	for i, e := range g.Edges {
		el := elements[topology.EdgeElement(i)]
		if el == nil || len(el.path) < 2 {
			t.Errorf("edge %d has no line", i)
			continue
		}
		start, end := el.path[0], el.path[len(el.path)-1]
		if !boxes[e.From].onBorder(start) {
			t.Errorf("edge %d starts at %v, not on %s %v", i, start, e.From, boxes[e.From])
		}
		to, ok := boxes[e.To]
		if !ok {
			continue
		}
		if !to.onBorder(end) {
			t.Errorf("edge %d ends at %v, not on %s %v", i, end, e.To, to)
		}
		if e.From != e.To && !reaches(g, e.To, e.From) && boxes[e.From].x+boxes[e.From].w > to.x {
			t.Errorf("edge %d from %s %v to %s %v does not run left to right", i, e.From, boxes[e.From], e.To, to)
		}
	}
	for id, el := range elements {
		ends := map[string]bool{}
		switch {
		case strings.HasPrefix(id, "e:"):
			i, _ := strconv.Atoi(id[2:])
			e := g.Edges[i]
			if e.From == e.To {
				continue // a loop over its own box
			}
			ends[e.From], ends[e.To] = true, true
		case strings.HasPrefix(id, "in:") || strings.HasPrefix(id, "out:") || strings.HasPrefix(id, "port:"):
			for _, p := range append(g.Inputs, g.Outputs...) {
				if ids := append([]string{id}, el.entries...); slices.Contains(ids, topology.InputElement(p.Name)) || slices.Contains(ids, topology.OutputElement(p.Name)) {
					for _, n := range p.Nodes {
						ends[n] = true
					}
				}
			}
		default:
			continue
		}
		for _, path := range el.paths {
			for _, p := range curve(path, 16) {
				for n, b := range boxes {
					if !ends[n] && b.inside(p) {
						t.Errorf("%s crosses the box of %s %v at %v", id, n, b, p)
					}
				}
			}
		}
	}
	var labels []box
	owner := []string{}
	for id, el := range elements {
		for _, b := range el.labels {
			if strings.HasPrefix(id, "e:") {
				for j, o := range labels {
					if owner[j] != id && b.overlaps(o) {
						t.Errorf("the labels of %s %v and %s %v overlap", id, b, owner[j], o)
					}
				}
				labels, owner = append(labels, b), append(owner, id)
			}
		}
	}
	drawn := map[string]bool{}
	for _, gr := range g.Groups {
		el := elements[topology.GroupElement(gr.Name)]
		for _, m := range gr.Members {
			b, node := boxes[m]
			if !node || drawn[m] {
				continue
			}
			drawn[m] = true
			if el == nil || el.box == nil || !el.box.contains(b) {
				t.Errorf("group %s is drawn %+v, not around %s %v", gr.Name, el, m, b)
			}
		}
	}
}

// reaches reports whether requirement edges lead from node from to node to.
func reaches(g *topology.Graph, from, to string) bool {
	seen := map[string]bool{from: true}
	queue := []string{from}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n == to {
			return true
		}
		for _, e := range g.Edges {
			if e.From == n && e.To != "" && !seen[e.To] {
				seen[e.To] = true
				queue = append(queue, e.To)
			}
		}
	}
	return false
}

// A ring of requirements is drawn with one edge turned back (ending, with
// its arrowhead, at its own target); a node requiring itself gets a loop
// over its box.
func TestCycle(t *testing.T) {
	g := layoutGraph(t, "cycle.yaml")
	elements := svgElements(t, g.SVG())
	backwards := 0
	for i, e := range g.Edges {
		path := elements[topology.EdgeElement(i)].path
		start, end := path[0], path[len(path)-1]
		from := elements[topology.NodeElement(e.From)].box
		switch {
		case e.From == e.To:
			if start.y != from.y || end.y != from.y || slices.MinFunc(path, func(a, b point) int { return int(a.y - b.y) }).y >= from.y {
				t.Errorf("the loop of %s is drawn %v over %v", e.From, path, *from)
			}
		case end.x < start.x:
			backwards++
		}
	}
	if backwards != 1 {
		t.Errorf("%d edges of the ring run right to left, want 1", backwards)
	}
}

// Names and texts holding <, &, quotes and non-ASCII letters are escaped:
// the SVG is well-formed XML that shows them as written.
func TestSVGEscaping(t *testing.T) {
	g := layoutGraph(t, "escaping.yaml")
	svg := g.SVG()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
	}
	elements := svgElements(t, svg)
	for id, text := range map[string]string{
		topology.NodeElement(`a<b&"c">'`): `a<b&"c">'`,
		topology.NodeElement("ü&ö"):       "ü&ö",
		topology.EdgeElement(0):           "? no<&such>",
		topology.InputElement("in<&>"):    "in<&>: string",
		topology.OutputElement(`out"&`):   `out"&: string`,
	} {
		if el := elements[id]; el == nil || !el.texts[text] {
			t.Errorf("%s does not show %q: %+v", id, text, el)
		}
	}
	if el := elements[topology.EdgeElement(0)]; el == nil || el.stroke != "#d97706" || !el.dashed {
		t.Errorf("the dangling edge is not dashed amber: %+v", el)
	}
	if bytes.Contains(svg, []byte("a<b")) || bytes.Contains(svg, []byte("<script")) || bytes.Contains(svg, []byte("href")) {
		t.Errorf("unescaped text, a script or a link in:\n%s", svg)
	}
}

// Edges spanning many layers get points in each only within a budget
// proportional to the graph (8 per node and edge): 400 resources each
// depending on the first would otherwise need 80,000. Every edge still
// joins its boxes. A line crosses a column it passes through straight (two
// points) and runs out of its first column and into its last straight.
func TestLongEdges(t *testing.T) {
	v, path := sourceGraph(t, hubHeat(400))
	g := topology.Of(context.Background(), v, path)
	elements := svgElements(t, g.SVG())
	points := 0
	for i, e := range g.Edges {
		line := elements[topology.EdgeElement(i)].path
		from, to := elements[topology.NodeElement(e.From)].box, elements[topology.NodeElement(e.To)].box
		if !from.onBorder(line[0]) || !to.onBorder(line[len(line)-1]) {
			t.Errorf("edge %d from %s to %s is drawn %v", i, e.From, e.To, line)
		}
		// A path has three points per segment after its start.
		points += (len(line) - 1) / 3
	}
	if budget := 2*8*(len(g.Nodes)+len(g.Edges)) + 3*len(g.Edges); points > budget {
		t.Errorf("the edges have %d segments, budget %d", points, budget)
	}
}

// Sixteen inputs read by five nodes in a chain: the inputs read by the
// same nodes share a port (eight ports, two of them for one input), each
// stands just before the first node reading it, with no node between, and
// every input is an element of its own, showing its name.
func TestPortsGrouped(t *testing.T) {
	g := layoutGraph(t, "inputs.yaml")
	svg := g.SVG()
	elements := svgElements(t, svg)
	if n := bytes.Count(svg, []byte(`class="port"`)); n != 8+2 {
		t.Errorf("%d ports, want 8 for the inputs and 2 for the outputs", n)
	}
	nodes := map[string]box{}
	for _, n := range g.Nodes {
		nodes[n.ID] = *elements[topology.NodeElement(n.ID)].box
	}
	for _, in := range g.Inputs {
		if el := elements[topology.InputElement(in.Name)]; el == nil || !el.texts[in.Name+": string"] {
			t.Errorf("input %s is not shown: %+v", in.Name, el)
		}
	}
	for id, el := range elements {
		if el.polygon == nil || !strings.HasPrefix(id, "port:") && !strings.HasPrefix(id, "in:") {
			continue
		}
		port, first := *el.polygon, math.Inf(1)
		for _, in := range g.Inputs {
			if slices.Contains(append(el.entries, id), topology.InputElement(in.Name)) {
				for _, n := range in.Nodes {
					first = min(first, nodes[n].x)
				}
			}
		}
		for name, b := range nodes {
			if !math.IsInf(first, 1) && b.x >= port.x+port.w && b.x+b.w <= first {
				t.Errorf("node %s %v stands between the port %s %v and the first node reading it (at %v)", name, b, id, port, first)
			}
		}
	}
}

// layoutGraph is the graph of one file of testdata/layout.
func layoutGraph(t *testing.T, file string) *topology.Graph {
	t.Helper()
	abs, _ := filepath.Abs(filepath.Join("testdata", "layout", file))
	for _, g := range graphsOf(t, load(t, "testdata/layout")) {
		if g.Path == abs {
			return g
		}
	}
	t.Fatalf("no graph for %s", file)
	return nil
}
