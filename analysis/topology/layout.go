package topology

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// The layered (Sugiyama style) layout the SVG drawing uses: requirement
// edges point from left to right, nodes sit in columns by the longest path
// reaching them, the order within a column cuts crossings by barycenter
// sweeps, and the rows are placed as near their neighbours as the spacing
// allows. Inputs read by the same nodes share one port, in the column
// before the first of them; outputs of the same nodes one port, in the
// column after the last; their links are routed as edges are. The
// substituted capabilities stand in a column on the left, the substituted
// requirements on the right, policies in a row below. Lines change height
// only between columns: inside a column an edge runs straight, at the
// height the ordering gave it there, so no line crosses a box it does not
// end on; each label lies between columns, the labels of a gap spread so
// that none overlaps another. Every step is deterministic and O(V+E) per
// sweep.
//
// Text is measured with fixed average glyph widths for the font the SVG
// names (Helvetica or Arial, 11 px, 9 px for edge labels): 0.6 em covers
// mixed-case names, so that labels stay inside their boxes without font
// metrics.
const (
	fontSize, glyphWidth, lineHeight         = 11.0, 6.6, 14.0
	labelFontSize, labelGlyph, labelLineStep = 9.0, 5.4, 11.0

	boxPadX, boxPadY = 10.0, 6.0
	// nodeGap separates boxes in a column, dummyGap the long edges passing
	// between them; layerGap is the narrowest space between columns.
	nodeGap, dummyGap, layerGap = 18.0, 8.0, 56.0
	// labelPad is the space around an edge label in its gap.
	labelPad = 12.0
	// loopHeight is how far a self-loop rises above its box (above the
	// label of the loop before it, for a box with several).
	loopHeight = 22.0
	// clusterPad surrounds a group's members, framePad the whole topology
	// when it substitutes a node type; portGap parts the port columns and
	// the policy row from the nodes.
	clusterPad, framePad, portGap = 10.0, 16.0, 48.0
	// portTip is the depth of a port's arrow shape, noteFold the folded
	// corner of a policy note.
	portTip, noteFold = 10.0, 8.0
	// stubGap parts an open or dangling edge's arrowhead from its text.
	stubGap = 4.0
	// sweeps is how many down-and-up passes ordering and placement make.
	sweeps = 4
)

type point struct{ x, y float64 }

// rect is a box by its top left corner and size.
type rect struct{ x, y, w, h float64 }

func (r rect) right() float64  { return r.x + r.w }
func (r rect) bottom() float64 { return r.y + r.h }
func (r rect) cx() float64     { return r.x + r.w/2 }
func (r rect) cy() float64     { return r.y + r.h/2 }

// union is the smallest box holding both (the zero rect holds nothing).
func (r rect) union(o rect) rect {
	if r == (rect{}) {
		return o
	}
	x, y := min(r.x, o.x), min(r.y, o.y)
	return rect{x, y, max(r.right(), o.right()) - x, max(r.bottom(), o.bottom()) - y}
}

// textWidth is the width of the widest line drawn with glyph.
func textWidth(lines []string, glyph float64) float64 {
	w := 0
	for _, l := range lines {
		w = max(w, utf8.RuneCountInString(l))
	}
	return float64(w) * glyph
}

type vertexKind uint8

const (
	// A vertex is a node of the graph, the label an open or dangling edge
	// ends at, a point a long edge passes through, or a port (inputs or
	// outputs).
	vertexNode vertexKind = iota
	vertexStub
	vertexDummy
	vertexPort
)

type vertex struct {
	kind vertexKind
	// cluster is the index of the cluster holding the node (-1: none).
	cluster    int
	layer, pos int
	// w and h are the vertex's size, x and y its centre; above is the room
	// a self-loop needs over it.
	w, h, x, y, above float64
	// up and down are the vertices the edges join it to in the previous and
	// the next layer (a vertex once per edge).
	up, down []int
	// key is the sort key of the running ordering pass.
	key float64
}

func (v *vertex) box() rect { return rect{v.x - v.w/2, v.y - v.h/2, v.w, v.h} }

// route is how an edge of the graph is drawn.
type route struct {
	// path are the vertices from the edge's tail to its head in layer
	// order; reversed is set when the edge points back (it closes a cycle)
	// and is drawn from the last vertex to the first. A self-loop has one
	// vertex, an edge drawn straight (past the budget of dummies) two.
	path     []int
	reversed bool
	// points is the line from the source to the target; label the label
	// lines, centred at labelAt.
	points  []point
	label   []string
	labelAt point
	// stub is the text an edge to no node ends at (open, dangling).
	stub string
	// port is, for the link of a port to a node, the port's index in
	// layout.ports (-1 for an edge of the graph).
	port int
	// gap is the part of the line between two columns its label is on.
	gap [2]point
	// rise is how far a self-loop rises over its box.
	rise float64
}

// port shows inputs or outputs (those touching the same nodes), or a
// substitution mapping in the column on its side, with links to the nodes
// it touches.
type port struct {
	entries []portEntry
	box     rect
	lines   []string
	nodes   []int
	// right is set for outputs and substituted requirements (links run
	// from the nodes).
	right bool
	links [][]point
	// linkLabel is written on each link (the mapped member).
	linkLabel string
	// vertex is the port's vertex in the layers (-1: a substitution
	// mapping, in a side column).
	vertex int
}

// portEntry is one input or output a port shows: its element ID ("" for
// a substitution mapping), its condition and its label lines.
type portEntry struct {
	id        string
	condition *Condition
	lines     []string
}

// note is a policy with the links to its targets (nodes and clusters).
type note struct {
	box     rect
	lines   []string
	targets []rect
	links   [][]point
}

// clusterBox is a group drawn around its members.
type clusterBox struct {
	cluster
	lines []string
	box   rect
}

type layout struct {
	g        *Graph
	vertices []vertex
	layers   [][]int
	// columns are the left and right ends of each layer's column.
	columns [][2]float64
	// routes has one entry per edge of the graph, then one per link of a
	// port in the layers.
	routes   []route
	clusters []clusterBox
	// ports are the inputs and outputs, in the layers; capabilities and
	// requirements the substitution mappings, in the side columns.
	ports, capabilities, requirements []port
	notes                             []note
	// frame surrounds the topology that substitutes a node type.
	frame  rect
	bounds rect
}

// layOut computes the drawing of the graph.
func layOut(g *Graph) *layout {
	l := &layout{g: g, routes: make([]route, len(g.Edges))}
	index := l.addNodes()
	l.layer(index)
	l.addPorts(index)
	l.addDummies()
	l.order()
	l.place()
	nodes := l.nodeArea(index)
	l.placeSubstitution(index, nodes)
	l.placeNotes(index, nodes)
	l.attach()
	l.spreadLabels()
	return l
}

// addNodes adds a vertex per node (in the graph's order) and returns the
// vertex of each node ID.
func (l *layout) addNodes() map[string]int {
	index := make(map[string]int, len(l.g.Nodes))
	clusterOf := map[string]int{}
	clusters, _ := l.g.clusters()
	for i, c := range clusters {
		l.clusters = append(l.clusters, clusterBox{cluster: c, lines: strings.Split(groupLabel(c.group), "\n")})
		for _, m := range c.members {
			clusterOf[m] = i
		}
	}
	for i := range l.g.Nodes {
		n := &l.g.Nodes[i]
		lines := strings.Split(nodeLabel(n), "\n")
		c, ok := clusterOf[n.ID]
		if !ok {
			c = -1
		}
		l.vertices = append(l.vertices, vertex{
			kind: vertexNode, cluster: c,
			w: textWidth(lines, glyphWidth) + 2*boxPadX, h: float64(len(lines))*lineHeight + 2*boxPadY,
		})
		index[n.ID] = i
	}
	return index
}

// layer breaks cycles (the edges DFS finds going back are reversed), puts
// each node one layer after the furthest node it is required by, and each
// open or dangling edge's label one layer after its source.
func (l *layout) layer(index map[string]int) {
	n := len(l.g.Nodes)
	out := make([][]int, n)
	for i, e := range l.g.Edges {
		r := &l.routes[i]
		r.port = -1
		r.label = strings.Split(edgeLabel(e), "\n")
		from, ok := index[e.From]
		if !ok {
			continue
		}
		to, resolved := index[e.To]
		switch {
		case !resolved:
			r.path = []int{from, len(l.vertices)}
			r.stub = stubLabel(e)
			l.vertices = append(l.vertices, vertex{kind: vertexStub, cluster: -1, w: textWidth([]string{r.stub}, glyphWidth) + stubGap, h: lineHeight})
		case from == to:
			r.path = []int{from}
			v := &l.vertices[from]
			r.rise = v.above + loopHeight
			v.above = r.rise + float64(len(r.label))*labelLineStep
		default:
			r.path = []int{from, to}
			out[from] = append(out[from], i)
		}
	}
	l.breakCycles(out)
	// next are the vertices each node's edges point to as laid out.
	next := make([][]int, n)
	indegree := make([]int, n)
	for _, edges := range out {
		for _, i := range edges {
			tail, head := l.routes[i].path[0], l.routes[i].path[1]
			if l.routes[i].reversed {
				tail, head = head, tail
			}
			next[tail] = append(next[tail], head)
			indegree[head]++
		}
	}
	// Longest path, in Kahn's order.
	queue := make([]int, 0, n)
	for v := range n {
		if indegree[v] == 0 {
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, u := range next[v] {
			l.vertices[u].layer = max(l.vertices[u].layer, l.vertices[v].layer+1)
			if indegree[u]--; indegree[u] == 0 {
				queue = append(queue, u)
			}
		}
	}
	for i := range l.routes {
		r := &l.routes[i]
		if len(r.path) == 2 && l.vertices[r.path[1]].kind == vertexStub {
			l.vertices[r.path[1]].layer = l.vertices[r.path[0]].layer + 1
		}
	}
}

// breakCycles reverses the edges a depth-first search (from the nodes in
// the graph's order) finds going back to a node on its stack.
func (l *layout) breakCycles(out [][]int) {
	n := len(out)
	const (
		unseen = iota
		onStack
		done
	)
	state := make([]uint8, n)
	type frame struct{ v, next int }
	for root := range n {
		if state[root] != unseen {
			continue
		}
		stack := []frame{{root, 0}}
		state[root] = onStack
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == len(out[top.v]) {
				state[top.v] = done
				stack = stack[:len(stack)-1]
				continue
			}
			i := out[top.v][top.next]
			top.next++
			to := l.routes[i].path[1]
			switch state[to] {
			case onStack:
				l.routes[i].reversed = true
			case unseen:
				state[to] = onStack
				stack = append(stack, frame{to, 0})
			}
		}
	}
}

// addPorts adds a vertex for each port: the inputs read by the same
// nodes share one, in the layer before the first of them, and the outputs
// of the same nodes one, in the layer after the last (inputs and outputs
// with a condition, dashed, each their own). Ports touching no node stand
// in the first (inputs) or the last layer (outputs). Each link of a port
// to a node is a route, with no label.
func (l *layout) addPorts(index map[string]int) {
	first, last := 0, 0
	for v := range l.vertices {
		last = max(last, l.vertices[v].layer)
	}
	type group struct {
		port  port
		layer int
	}
	var groups []group
	byNodes := map[string]int{}
	add := func(p Port, id string, right bool) {
		var nodes []int
		seen := map[int]bool{}
		for _, n := range p.Nodes {
			if v, ok := index[n]; ok && !seen[v] {
				seen[v] = true
				nodes = append(nodes, v)
			}
		}
		slices.Sort(nodes)
		key := fmt.Sprint(right, nodes)
		entry := portEntry{id: id, condition: p.Condition, lines: strings.Split(portLabel(p), "\n")}
		if i, ok := byNodes[key]; ok && p.Condition == nil {
			g := &groups[i].port
			g.entries = append(g.entries, entry)
			g.lines = append(g.lines, entry.lines...)
			return
		}
		layer := 0 // an input no node reads
		if right {
			layer = last + 1
		}
		for i, v := range nodes {
			switch lv := l.vertices[v].layer; {
			case right && i == 0:
				layer = lv + 1
			case right:
				layer = max(layer, lv+1)
			case i == 0:
				layer = lv - 1
			default:
				layer = min(layer, lv-1)
			}
		}
		if p.Condition == nil {
			byNodes[key] = len(groups)
		}
		groups = append(groups, group{port{entries: []portEntry{entry}, lines: slices.Clone(entry.lines), nodes: nodes, right: right}, layer})
		first = min(first, layer)
	}
	for _, p := range l.g.Inputs {
		add(p, InputElement(p.Name), false)
	}
	for _, p := range l.g.Outputs {
		add(p, OutputElement(p.Name), true)
	}
	if first < 0 {
		for v := range l.vertices {
			l.vertices[v].layer -= first
		}
	}
	for _, gr := range groups {
		p := gr.port
		p.vertex = len(l.vertices)
		p.box.w = textWidth(p.lines, glyphWidth) + 2*boxPadX + portTip
		p.box.h = float64(len(p.lines))*lineHeight + 2*boxPadY
		l.vertices = append(l.vertices, vertex{kind: vertexPort, cluster: -1, layer: gr.layer - first, w: p.box.w, h: p.box.h})
		l.trunk(len(l.ports), &p)
		l.ports = append(l.ports, p)
	}
}

// trunk adds the links of port i: a line from the port through a point
// in each layer up to the furthest node it touches (from the first node
// to the port, for outputs), which each node branches off from (joins) in
// the layer before (after) its own: linear in the layers and the nodes,
// however many nodes the port touches.
func (l *layout) trunk(i int, p *port) {
	link := func(from, to int) {
		if p.right {
			from, to = to, from
		}
		l.routes = append(l.routes, route{path: []int{from, to}, port: i})
	}
	layer := l.vertices[p.vertex].layer
	step := 1
	if p.right {
		step = -1
	}
	// at holds the trunk's vertex in each layer it passes, from the port on.
	at := map[int]int{layer: p.vertex}
	far := layer
	for _, v := range p.nodes {
		if d := (l.vertices[v].layer - layer) * step; d > (far-layer)*step {
			far = l.vertices[v].layer
		}
	}
	for j := layer + step; (far-j)*step > 0; j += step {
		at[j] = len(l.vertices)
		l.vertices = append(l.vertices, vertex{kind: vertexDummy, cluster: -1, layer: j, h: 2})
		link(at[j-step], at[j])
	}
	for _, v := range p.nodes {
		link(at[l.vertices[v].layer-step], v)
	}
}

// dummiesPerElement bounds the dummy vertices by the size of the graph:
// edges spanning many layers (all nodes requiring one at the end of a long
// chain) would add a number growing with the square of the nodes.
const dummiesPerElement = 8

// addDummies puts a route's vertices in layer order and adds a dummy
// vertex in each layer a long edge crosses, then files the vertices by
// layer. Past the budget of dummies, the longest edges are drawn straight
// to their heads instead, and leave the ordering to the others.
func (l *layout) addDummies() {
	spans := make([]int, len(l.routes))
	total := 0
	for i := range l.routes {
		r := &l.routes[i]
		if len(r.path) < 2 {
			continue
		}
		if r.reversed {
			r.path[0], r.path[1] = r.path[1], r.path[0]
		}
		spans[i] = max(0, l.vertices[r.path[1]].layer-l.vertices[r.path[0]].layer-1)
		total += spans[i]
	}
	direct := make([]bool, len(l.routes))
	if budget := dummiesPerElement * (len(l.vertices) + len(l.routes)); total > budget {
		longest := make([]int, len(l.routes))
		for i := range longest {
			longest[i] = i
		}
		slices.SortStableFunc(longest, func(a, b int) int { return cmp.Compare(spans[b], spans[a]) })
		for _, i := range longest {
			if total <= budget {
				break
			}
			direct[i], total = true, total-spans[i]
		}
	}
	for i := range l.routes {
		r := &l.routes[i]
		if len(r.path) < 2 || direct[i] {
			continue
		}
		tail, head := r.path[0], r.path[1]
		path := []int{tail}
		for layer := l.vertices[tail].layer + 1; layer < l.vertices[head].layer; layer++ {
			path = append(path, len(l.vertices))
			l.vertices = append(l.vertices, vertex{kind: vertexDummy, cluster: -1, layer: layer, h: 2})
		}
		r.path = append(path, head)
		for j := 1; j < len(r.path); j++ {
			u, w := r.path[j-1], r.path[j]
			l.vertices[u].down = append(l.vertices[u].down, w)
			l.vertices[w].up = append(l.vertices[w].up, u)
		}
	}
	for v := range l.vertices {
		layer := l.vertices[v].layer
		for len(l.layers) <= layer {
			l.layers = append(l.layers, nil)
		}
		l.vertices[v].pos = len(l.layers[layer])
		l.layers[layer] = append(l.layers[layer], v)
	}
}

// order sorts each layer by the barycenter of its neighbours, sweeping
// down and up a few times, and keeps the order with the fewest crossings.
// A cluster's members stay together, at the mean of their barycenters.
func (l *layout) order() {
	best, fewest := l.saveOrder(), l.crossings()
	for s := 0; s < sweeps && fewest > 0; s++ {
		for i := 1; i < len(l.layers); i++ {
			l.sortLayer(i, true)
		}
		for i := len(l.layers) - 2; i >= 0; i-- {
			l.sortLayer(i, false)
		}
		if c := l.crossings(); c < fewest {
			best, fewest = l.saveOrder(), c
		}
	}
	for i, layer := range best {
		l.layers[i] = layer
		for pos, v := range layer {
			l.vertices[v].pos = pos
		}
	}
}

func (l *layout) saveOrder() [][]int {
	out := make([][]int, len(l.layers))
	for i, layer := range l.layers {
		out[i] = slices.Clone(layer)
	}
	return out
}

// sortLayer orders layer i by its neighbours in the layer above (byUp) or
// below.
func (l *layout) sortLayer(i int, byUp bool) {
	layer := l.layers[i]
	type sum struct {
		total float64
		count int
	}
	clusters := map[int]*sum{}
	for _, v := range layer {
		vx := &l.vertices[v]
		neighbours := vx.down
		if byUp {
			neighbours = vx.up
		}
		vx.key = float64(vx.pos)
		if len(neighbours) > 0 {
			total := 0
			for _, u := range neighbours {
				total += l.vertices[u].pos
			}
			vx.key = float64(total) / float64(len(neighbours))
		}
		if vx.cluster >= 0 {
			s := clusters[vx.cluster]
			if s == nil {
				s = &sum{}
				clusters[vx.cluster] = s
			}
			s.total += vx.key
			s.count++
		}
	}
	groupKey := func(v *vertex) float64 {
		if s := clusters[v.cluster]; v.cluster >= 0 && s != nil {
			return s.total / float64(s.count)
		}
		return v.key
	}
	slices.SortFunc(layer, func(a, b int) int {
		va, vb := &l.vertices[a], &l.vertices[b]
		return cmp.Or(cmp.Compare(groupKey(va), groupKey(vb)), cmp.Compare(va.cluster, vb.cluster), cmp.Compare(va.key, vb.key), cmp.Compare(va.pos, vb.pos))
	})
	for pos, v := range layer {
		l.vertices[v].pos = pos
	}
}

// crossings counts the pairs of edge segments that cross between adjacent
// layers: the inversions of the lower ends, taken in the order of the
// upper ends (a Fenwick tree counts them in O(E log V)).
func (l *layout) crossings() int {
	total := 0
	var ends []int
	for i := 0; i+1 < len(l.layers); i++ {
		ends = ends[:0]
		for _, u := range l.layers[i] {
			first := len(ends)
			for _, w := range l.vertices[u].down {
				ends = append(ends, l.vertices[w].pos)
			}
			slices.Sort(ends[first:])
		}
		tree := make([]int, len(l.layers[i+1])+1)
		for seen, pos := range ends {
			// Segments seen so far that end below pos cross this one.
			atMost := 0
			for j := pos + 1; j > 0; j -= j & -j {
				atMost += tree[j]
			}
			total += seen - atMost
			for j := pos + 1; j < len(tree); j += j & -j {
				tree[j]++
			}
		}
	}
	return total
}

// separation is the least distance between the centres of vertex a and
// vertex b below it in a layer.
func (l *layout) separation(a, b int) float64 {
	va, vb := &l.vertices[a], &l.vertices[b]
	gap := nodeGap
	if va.kind == vertexDummy || vb.kind == vertexDummy {
		gap = dummyGap
	}
	s := va.h/2 + vb.h/2 + gap + vb.above
	if va.cluster != vb.cluster {
		if va.cluster >= 0 {
			s += clusterPad
		}
		if vb.cluster >= 0 {
			s += clusterPad + float64(len(l.clusters[vb.cluster].lines))*lineHeight
		}
	}
	return s
}

// place gives the vertices their coordinates: columns by layer, as wide
// as their widest vertex and parted by room for the edge labels between
// them; rows stacked, then moved towards the mean of their neighbours in
// sweeps.
func (l *layout) place() {
	for _, layer := range l.layers {
		y := 0.0
		for j, v := range layer {
			if j > 0 {
				y += l.separation(layer[j-1], v)
			}
			l.vertices[v].y = y
		}
	}
	for range sweeps {
		for i := 1; i < len(l.layers); i++ {
			l.align(i, true)
		}
		for i := len(l.layers) - 2; i >= 0; i-- {
			l.align(i, false)
		}
	}
	widths := make([]float64, len(l.layers))
	gaps := make([]float64, len(l.layers))
	for i, layer := range l.layers {
		for _, v := range layer {
			widths[i] = max(widths[i], l.vertices[v].w)
		}
		gaps[i] = layerGap
		if len(l.clusters) > 0 {
			gaps[i] += 2 * clusterPad
		}
	}
	for i := range l.routes {
		switch r := &l.routes[i]; len(r.path) {
		case 0:
		case 1:
			// A self-loop's label stands over its box, inside the column.
			layer := l.vertices[r.path[0]].layer
			widths[layer] = max(widths[layer], textWidth(r.label, labelGlyph))
		default:
			layer := l.vertices[r.path[labelSegment(r)]].layer
			gaps[layer] = max(gaps[layer], textWidth(r.label, labelGlyph)+2*labelPad)
		}
	}
	x := 0.0
	l.columns = make([][2]float64, len(l.layers))
	for i, layer := range l.layers {
		for _, v := range layer {
			l.vertices[v].x = x + widths[i]/2
		}
		l.columns[i] = [2]float64{x, x + widths[i]}
		x += widths[i] + gaps[i]
	}
}

// labelSegment is the index in a route's path of the vertex starting the
// segment its label is on: the middle one.
func labelSegment(r *route) int { return (len(r.path) - 1) / 2 }

// align moves the vertices of layer i as near the mean of their
// neighbours above (byUp) or below as their order and separations allow.
func (l *layout) align(i int, byUp bool) {
	layer := l.layers[i]
	want := make([]float64, len(layer))
	seps := make([]float64, len(layer))
	for j, v := range layer {
		vx := &l.vertices[v]
		neighbours := vx.down
		if byUp {
			neighbours = vx.up
		}
		want[j] = vx.y
		if len(neighbours) > 0 {
			total := 0.0
			for _, u := range neighbours {
				total += l.vertices[u].y
			}
			want[j] = total / float64(len(neighbours))
		}
		if j > 0 {
			seps[j] = l.separation(layer[j-1], v)
		}
	}
	for j, y := range spread(want, seps) {
		l.vertices[layer[j]].y = y
	}
}

// spread places points in order, each at least seps[j] after the one
// before, as near want as can be (least squares): the pool adjacent
// violators algorithm on the positions less the separations before them.
func spread(want, seps []float64) []float64 {
	type block struct {
		total float64
		count int
	}
	offset := make([]float64, len(want))
	blocks := make([]block, 0, len(want))
	for j := range want {
		if j > 0 {
			offset[j] = offset[j-1] + seps[j]
		}
		blocks = append(blocks, block{want[j] - offset[j], 1})
		for len(blocks) > 1 {
			last, prev := blocks[len(blocks)-1], blocks[len(blocks)-2]
			if prev.total/float64(prev.count) <= last.total/float64(last.count) {
				break
			}
			blocks = blocks[:len(blocks)-1]
			blocks[len(blocks)-1] = block{prev.total + last.total, prev.count + last.count}
		}
	}
	out := make([]float64, 0, len(want))
	for _, b := range blocks {
		for range b.count {
			out = append(out, b.total/float64(b.count)+offset[len(out)])
		}
	}
	return out
}

// nodeArea draws the clusters around their members and the frame of a
// substitution, and returns the box holding all of them.
func (l *layout) nodeArea(index map[string]int) rect {
	var area rect
	for v := range l.vertices {
		vx := &l.vertices[v]
		if vx.kind != vertexDummy {
			b := vx.box()
			area = area.union(rect{b.x, b.y - vx.above, b.w, b.h + vx.above})
		}
	}
	for i := range l.clusters {
		c := &l.clusters[i]
		var members rect
		for _, m := range c.members {
			members = members.union(l.vertices[index[m]].box())
		}
		top := float64(len(c.lines)) * lineHeight
		c.box = rect{members.x - clusterPad, members.y - clusterPad - top, members.w + 2*clusterPad, members.h + 2*clusterPad + top}
		c.box.w = max(c.box.w, textWidth(c.lines, glyphWidth)+2*clusterPad)
		area = area.union(c.box)
	}
	if l.g.Substitution != nil {
		l.frame = rect{area.x - framePad, area.y - framePad - lineHeight, area.w + 2*framePad, area.h + 2*framePad + lineHeight}
		l.frame.w = max(l.frame.w, textWidth([]string{frameLabel(l.g.Substitution)}, glyphWidth)+2*framePad)
		area = l.frame
	}
	return area
}

func frameLabel(s *Substitution) string { return "substitutes " + s.NodeType }

// placeSubstitution puts the substituted capabilities in a column left of
// the nodes, the substituted requirements right of them, each as near the
// node it maps onto as the others allow.
func (l *layout) placeSubstitution(index map[string]int, area rect) {
	s := l.g.Substitution
	if s == nil {
		return
	}
	newPort := func(m Mapping, right bool) port {
		p := port{entries: []portEntry{{lines: []string{m.Name}}}, lines: []string{m.Name}, right: right, linkLabel: m.Member, vertex: -1}
		if v, ok := index[m.Node]; ok {
			p.nodes = []int{v}
		}
		p.box.w = textWidth(p.lines, glyphWidth) + 2*boxPadX + portTip
		p.box.h = lineHeight + 2*boxPadY
		return p
	}
	for _, m := range s.Capabilities {
		if m.Node != "" {
			l.capabilities = append(l.capabilities, newPort(m, false))
		}
	}
	for _, m := range s.Requirements {
		if m.Node != "" {
			l.requirements = append(l.requirements, newPort(m, true))
		}
	}
	for _, column := range [][]port{l.capabilities, l.requirements} {
		// The column stands off the nodes by room for its links' labels.
		gap := portGap
		for _, p := range column {
			gap = max(gap, textWidth([]string{p.linkLabel}, labelGlyph)+2*labelPad)
		}
		for i := range column {
			if b := &column[i].box; column[i].right {
				b.x = area.right() + gap
			} else {
				b.x = area.x - gap - b.w
			}
		}
		l.stackPorts(column)
	}
}

// stackPorts orders a column of ports by the mean height of the nodes each
// links to (ports linking to none last) and spreads them.
func (l *layout) stackPorts(column []port) {
	if len(column) == 0 {
		return
	}
	want := make([]float64, len(column))
	linked := make([]bool, len(column))
	for i := range column {
		for _, v := range column[i].nodes {
			want[i] += l.vertices[v].y
		}
		if n := len(column[i].nodes); n > 0 {
			want[i] /= float64(n)
			linked[i] = true
		}
	}
	order := make([]int, len(column))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if linked[a] != linked[b] {
			if linked[a] {
				return -1
			}
			return 1
		}
		if !linked[a] {
			return 0
		}
		return cmp.Compare(want[a], want[b])
	})
	wants := make([]float64, len(order))
	seps := make([]float64, len(order))
	last := math.Inf(-1)
	for j, i := range order {
		if !linked[i] {
			want[i] = max(last, 0)
		}
		last = want[i]
		wants[j] = want[i]
		if j > 0 {
			seps[j] = column[order[j-1]].box.h/2 + column[i].box.h/2 + nodeGap
		}
	}
	for j, y := range spread(wants, seps) {
		b := &column[order[j]].box
		b.y = y - b.h/2
	}
}

// placeNotes puts the policies in a row below the drawing, each as near
// the middle of its targets (nodes, or clusters of groups) as the others
// allow.
func (l *layout) placeNotes(index map[string]int, area rect) {
	if len(l.g.Policies) == 0 {
		return
	}
	bottom := area.bottom()
	for _, column := range [][]port{l.capabilities, l.requirements} {
		for _, p := range column {
			bottom = max(bottom, p.box.bottom())
		}
	}
	clusterBoxes := map[string]rect{}
	for _, c := range l.clusters {
		clusterBoxes[c.group.Name] = c.box
	}
	want := make([]float64, len(l.g.Policies))
	for i, p := range l.g.Policies {
		lines := []string{p.Name, p.Type}
		if p.Condition != nil {
			lines = append(lines, conditionLine(p.Condition))
		}
		n := note{lines: lines}
		for _, m := range p.Members {
			if v, ok := index[m]; ok {
				n.targets = append(n.targets, l.vertices[v].box())
			} else if b, ok := clusterBoxes[m]; ok {
				n.targets = append(n.targets, b)
			}
		}
		n.box = rect{y: bottom + portGap, w: textWidth(lines, glyphWidth) + 2*boxPadX + noteFold, h: float64(len(lines))*lineHeight + 2*boxPadY}
		want[i] = area.cx()
		if len(n.targets) > 0 {
			want[i] = 0
			for _, t := range n.targets {
				want[i] += t.cx()
			}
			want[i] /= float64(len(n.targets))
		}
		l.notes = append(l.notes, n)
	}
	order := make([]int, len(want))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(want[a], want[b]) })
	wants := make([]float64, len(order))
	seps := make([]float64, len(order))
	for j, i := range order {
		wants[j] = want[i]
		if j > 0 {
			seps[j] = l.notes[order[j-1]].box.w/2 + l.notes[i].box.w/2 + nodeGap
		}
	}
	for j, x := range spread(wants, seps) {
		b := &l.notes[order[j]].box
		b.x = x - b.w/2
	}
}

// attachment is where a line meets a side of a node's box.
type attachment struct {
	vertex int
	right  bool
	// toward is the height of the line's other end: the lines meeting a
	// side are spread along it in that order.
	toward float64
	at     *point
}

// attach draws the edges and links. Each ends on the side of a box facing
// its other end, spread along that side by where it comes from (a port's
// links all meet its tip, or the middle of its flat side); then it runs
// straight to the edge of the box's column, and through each column it
// crosses at the height of its point there: it changes height only
// between columns.
func (l *layout) attach() {
	var ends []attachment
	end := func(v int, right bool, toward float64, at *point) {
		switch b := l.vertices[v].box(); l.vertices[v].kind {
		case vertexStub:
			*at = point{b.x, b.cy()}
		case vertexDummy:
			*at = point{l.vertices[v].x, l.vertices[v].y}
		case vertexPort:
			*at = point{b.x, b.cy()}
			if right {
				*at = point{b.right(), b.cy()}
			}
		default:
			ends = append(ends, attachment{v, right, toward, at})
		}
	}
	ends1 := make([][2]point, len(l.routes))
	for i := range l.routes {
		r := &l.routes[i]
		switch len(r.path) {
		case 0:
			continue
		case 1:
			b := l.vertices[r.path[0]].box()
			r.points = []point{{b.cx() + b.w/4, b.y}, {b.cx() - b.w/4, b.y}}
			r.labelAt = point{b.cx(), b.y - r.rise - float64(len(r.label))*labelLineStep/2}
			continue
		}
		last := len(r.path) - 1
		end(r.path[0], true, l.vertices[r.path[1]].y, &ends1[i][0])
		end(r.path[last], false, l.vertices[r.path[last-1]].y, &ends1[i][1])
	}
	for _, column := range [][]port{l.capabilities, l.requirements} {
		for i := range column {
			p := &column[i]
			p.links = make([][]point, len(p.nodes))
			for j, v := range p.nodes {
				if p.right {
					p.links[j] = []point{{}, {p.box.x, p.box.cy()}}
					end(v, true, p.box.cy(), &p.links[j][0])
				} else {
					p.links[j] = []point{{p.box.right(), p.box.cy()}, {}}
					end(v, false, p.box.cy(), &p.links[j][1])
				}
			}
		}
	}
	slices.SortStableFunc(ends, func(a, b attachment) int {
		return cmp.Or(cmp.Compare(a.vertex, b.vertex), cmp.Compare(boolRank(a.right), boolRank(b.right)), cmp.Compare(a.toward, b.toward))
	})
	for start := 0; start < len(ends); {
		stop := start + 1
		for stop < len(ends) && ends[stop].vertex == ends[start].vertex && ends[stop].right == ends[start].right {
			stop++
		}
		b := l.vertices[ends[start].vertex].box()
		x := b.x
		if ends[start].right {
			x = b.right()
		}
		for k := start; k < stop; k++ {
			*ends[k].at = point{x, b.y + b.h*float64(k-start+1)/float64(stop-start+1)}
		}
		start = stop
	}
	for i := range l.routes {
		r := &l.routes[i]
		if len(r.path) < 2 {
			continue
		}
		r.points, r.gap = l.corridor(r, ends1[i][0], ends1[i][1])
		r.labelAt = point{(r.gap[0].x + r.gap[1].x) / 2, (r.gap[0].y + r.gap[1].y) / 2}
		if r.reversed {
			slices.Reverse(r.points)
		}
	}
	for i := range l.ports {
		p := &l.ports[i]
		p.box = l.vertices[p.vertex].box()
	}
	for i := range l.routes {
		if r := &l.routes[i]; r.port >= 0 {
			l.ports[r.port].links = append(l.ports[r.port].links, r.points)
		}
	}
	for i := range l.notes {
		n := &l.notes[i]
		for _, t := range n.targets {
			n.links = append(n.links, []point{{n.box.cx(), n.box.y}, {t.cx(), t.bottom()}})
		}
	}
	l.bound()
}

// corridor is the line of a route from its start (on the first vertex's
// box) to its end: out of the first vertex's column at the start's
// height, through the column of each point it passes at that point's
// height, into the last vertex's column at the end's height; and the part
// of it between the columns it crosses in the middle, where its label goes.
func (l *layout) corridor(r *route, start, end point) ([]point, [2]point) {
	path := r.path
	out := []point{start}
	add := func(p point) {
		if q := out[len(out)-1]; q != p {
			out = append(out, p)
		}
	}
	var gaps [][2]point
	leave := func(x float64, y float64) {
		add(point{x, y})
		gaps = append(gaps, [2]point{out[len(out)-1], {}})
	}
	enter := func(x, y float64) {
		gaps[len(gaps)-1][1] = point{x, y}
		add(point{x, y})
	}
	leave(l.columns[l.vertices[path[0]].layer][1], start.y)
	for _, v := range path[1 : len(path)-1] {
		col := l.columns[l.vertices[v].layer]
		enter(col[0], l.vertices[v].y)
		leave(col[1], l.vertices[v].y)
	}
	enter(l.columns[l.vertices[path[len(path)-1]].layer][0], end.y)
	add(end)
	return out, gaps[labelSegment(r)]
}

// labelGap parts two labels of one gap.
const labelGap = 2.0

// spreadLabels moves the labels that share a gap between two columns
// apart, as little as can be (least squares), each along its line: the
// repeated labels of the edges a node fans out do not overlap. A label
// stays inside its gap.
func (l *layout) spreadLabels() {
	byGap := map[float64][]int{}
	for i := range l.g.Edges {
		if r := &l.routes[i]; len(r.path) > 1 {
			byGap[r.gap[0].x] = append(byGap[r.gap[0].x], i)
		}
	}
	height := func(i int) float64 { return float64(len(l.routes[i].label)) * labelLineStep }
	for _, labels := range byGap {
		slices.SortStableFunc(labels, func(a, b int) int { return cmp.Compare(l.routes[a].labelAt.y, l.routes[b].labelAt.y) })
		want := make([]float64, len(labels))
		seps := make([]float64, len(labels))
		for j, i := range labels {
			want[j] = l.routes[i].labelAt.y
			if j > 0 {
				seps[j] = (height(labels[j-1])+height(i))/2 + labelGap
			}
		}
		for j, y := range spread(want, seps) {
			r := &l.routes[labels[j]]
			a, b := r.gap[0], r.gap[1]
			x := curveX(a, b, y)
			half := textWidth(r.label, labelGlyph)/2 + labelGap
			if lo, hi := min(a.x, b.x)+half, max(a.x, b.x)-half; lo <= hi {
				x = min(max(x, lo), hi)
			} else {
				x = (a.x + b.x) / 2
			}
			r.labelAt = point{x, y}
		}
	}
}

// curveX is where the line drawn from a to b (see svgWriter.path) is at
// height y: its middle when it does not change height, an end when y is
// beyond it.
func curveX(a, b point, y float64) float64 {
	if a.y == b.y {
		return (a.x + b.x) / 2
	}
	s := (y - a.y) / (b.y - a.y)
	if s <= 0 {
		return a.x
	}
	if s >= 1 {
		return b.x
	}
	// The height eases from a to b as 3t² − 2t³; find t, then x.
	lo, hi := 0.0, 1.0
	for range 30 {
		t := (lo + hi) / 2
		if 3*t*t-2*t*t*t < s {
			lo = t
		} else {
			hi = t
		}
	}
	t := (lo + hi) / 2
	m := (b.x - a.x) / 2
	u := 1 - t
	return u*u*u*a.x + 3*u*u*t*(a.x+m) + 3*u*t*t*(b.x-m) + t*t*t*b.x
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// bound finds the box holding the whole drawing.
func (l *layout) bound() {
	b := l.frame
	for v := range l.vertices {
		vx := &l.vertices[v]
		if vx.kind != vertexDummy {
			box := vx.box()
			b = b.union(rect{box.x, box.y - vx.above, box.w, box.h + vx.above})
		}
	}
	for _, c := range l.clusters {
		b = b.union(c.box)
	}
	for _, r := range l.routes {
		if len(r.points) > 0 {
			w, h := textWidth(r.label, labelGlyph), float64(len(r.label))*labelLineStep
			b = b.union(rect{r.labelAt.x - w/2, r.labelAt.y - h/2, w, h})
		}
	}
	for _, column := range [][]port{l.capabilities, l.requirements} {
		for _, p := range column {
			b = b.union(p.box)
		}
	}
	for _, n := range l.notes {
		b = b.union(n.box)
	}
	l.bounds = b
}
