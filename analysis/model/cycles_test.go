package model

import (
	"cmp"
	"fmt"
	"testing"
)

// TestCycles: components with a cycle come out sorted, in closing order;
// nodes outside cycles are absent; a self-edge is a cycle; a chain of a
// million nodes needs no deep stack.
func TestCycles(t *testing.T) {
	graph := map[int][]int{1: {2}, 2: {3}, 3: {1, 4}, 4: {5}, 5: {5}, 6: {7}, 7: {6}, 8: {1}}
	got := Cycles([]int{1, 2, 3, 4, 5, 6, 7, 8}, func(n int) []int { return graph[n] }, cmp.Compare)
	if want := "[[5] [1 2 3] [6 7]]"; fmt.Sprint(got) != want {
		t.Errorf("Cycles = %v, want %s", got, want)
	}
	const n = 1_000_000
	chain := func(i int) []int {
		if i+1 < n {
			return []int{i + 1}
		}
		return []int{0}
	}
	if got := Cycles([]int{0}, chain, cmp.Compare); len(got) != 1 || len(got[0]) != n {
		t.Errorf("a ring of %d nodes: %d components", n, len(got))
	}
}
