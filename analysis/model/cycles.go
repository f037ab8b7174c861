package model

import "slices"

// Cycles returns the strongly connected components of a graph that hold a
// cycle (several nodes, or one with an edge to itself), each sorted, in the
// order Tarjan's algorithm closes them. It is iterative and linear in the
// graph: a chain of thousands of imports or resources needs no deep stack.
func Cycles[K comparable](nodes []K, edges func(K) []K, less func(a, b K) int) [][]K {
	type frame struct {
		node  K
		edges []K
		next  int
	}
	index, low := map[K]int{}, map[K]int{}
	onStack := map[K]bool{}
	var stack []K
	var out [][]K
	enter := func(n K) frame {
		index[n], low[n] = len(index), len(index)
		stack = append(stack, n)
		onStack[n] = true
		return frame{node: n, edges: edges(n)}
	}
	for _, root := range nodes {
		if _, done := index[root]; done {
			continue
		}
		call := []frame{enter(root)}
		for len(call) > 0 {
			top := &call[len(call)-1]
			if top.next < len(top.edges) {
				w := top.edges[top.next]
				top.next++
				if _, seen := index[w]; !seen {
					call = append(call, enter(w))
				} else if onStack[w] {
					low[top.node] = min(low[top.node], index[w])
				}
				continue
			}
			n, selfEdge := top.node, slices.Contains(top.edges, top.node)
			call = call[:len(call)-1]
			if len(call) > 0 {
				parent := call[len(call)-1].node
				low[parent] = min(low[parent], low[n])
			}
			if low[n] != index[n] {
				continue
			}
			var scc []K
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				scc = append(scc, w)
				if w == n {
					break
				}
			}
			if len(scc) > 1 || selfEdge {
				slices.SortFunc(scc, less)
				out = append(out, scc)
			}
		}
	}
	return out
}

// ShortestCycle returns a shortest cycle through start, its nodes in order
// from start (each with an edge to the next, the last to start), or nil
// when none leads back. The search keeps to the nodes in accepts (one
// component of Cycles): it is linear in that component.
func ShortestCycle[K comparable](start K, edges func(K) []K, in func(K) bool) []K {
	prev := map[K]K{start: start}
	queue := []K{start}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, w := range edges(u) {
			if w == start {
				var cycle []K
				for x := u; x != start; x = prev[x] {
					cycle = append(cycle, x)
				}
				cycle = append(cycle, start)
				slices.Reverse(cycle)
				return cycle
			}
			if _, seen := prev[w]; !seen && in(w) {
				prev[w] = u
				queue = append(queue, w)
			}
		}
	}
	return nil
}
