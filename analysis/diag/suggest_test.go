package diag

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// suggestPlainly is "did you mean" as it was first written: the whole edit
// distance to every candidate. Suggest must answer the same.
func suggestPlainly(s string, candidates []string) []string {
	type scored struct {
		name string
		dist int
	}
	var best []scored
	ls := strings.ToLower(s)
	limit := min(len(s)/3+1, 4)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := levenshtein([]rune(ls), []rune(lc))
		if len(s) >= 3 && strings.HasPrefix(lc, ls) {
			d = 1
		}
		if d <= limit || (len(s) >= 3 && strings.Contains(lc, ls)) {
			best = append(best, scored{c, d})
		}
	}
	sort.SliceStable(best, func(i, j int) bool { return best[i].dist < best[j].dist })
	var out []string
	for i := 0; i < len(best) && len(out) < 3; i++ {
		if best[i].name != s {
			out = append(out, best[i].name)
		}
	}
	return out
}

func levenshtein(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func TestSuggest(t *testing.T) {
	keynames := []string{"properties", "attributes", "requirements", "capabilities", "interfaces", "artifacts", "description", "derived_from"}
	tests := []struct {
		name string
		want []string
	}{
		{"proprties", []string{"properties"}},
		{"prop", []string{"properties"}},
		{"Requirments", []string{"requirements"}},
		{"xyz", nil},
		{"derived", []string{"derived_from"}},
		{"properties", nil},
	}
	for _, tc := range tests {
		if got := Suggest(tc.name, keynames); !slices.Equal(got, tc.want) {
			t.Errorf("Suggest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	// Several lists, in order.
	if got := Suggest("db_hots", []string{"web"}, []string{"db_host", "db_port"}); !slices.Equal(got, []string{"db_host", "db_port"}) {
		t.Errorf("Suggest over two lists = %q", got)
	}
}

// TestSuggestAsPlainly: on names that are near, far, long, of other
// scripts and cases, the bounded search suggests what the whole distances
// do.
func TestSuggestAsPlainly(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 5))
	alphabet := []rune("abcdeé_-1Z中")
	word := func(n int) string {
		r := make([]rune, n)
		for i := range r {
			r[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		return string(r)
	}
	mutate := func(s string) string {
		r := []rune(s)
		for range rnd.IntN(6) {
			switch i := rnd.IntN(len(r) + 1); rnd.IntN(3) {
			case 0:
				r = slices.Insert(r, i, alphabet[rnd.IntN(len(alphabet))])
			case 1:
				if i < len(r) {
					r = slices.Delete(r, i, i+1)
				}
			default:
				if i < len(r) {
					r[i] = alphabet[rnd.IntN(len(alphabet))]
				}
			}
		}
		return string(r)
	}
	for round := range 300 {
		var candidates []string
		for range 1 + rnd.IntN(40) {
			candidates = append(candidates, word(1+rnd.IntN(14)))
		}
		c := NewCandidates(candidates)
		for range 20 {
			s := mutate(candidates[rnd.IntN(len(candidates))])
			if rnd.IntN(5) == 0 {
				s = word(rnd.IntN(6))
			}
			if got, want := c.Suggest(s), suggestPlainly(s, candidates); !slices.Equal(got, want) {
				t.Fatalf("round %d: Suggest(%q) = %q, the whole distances give %q (candidates %q)", round, s, got, want, candidates)
			}
		}
	}
}

// TestSuggestBounded: a megabyte-long name costs no edit distance against
// short candidates, and long candidates are compared near their diagonal.
func TestSuggestBounded(t *testing.T) {
	huge := strings.Repeat("y", 1<<20)
	if got := Suggest(huge, []string{"app", "db"}); got != nil {
		t.Errorf("Suggest(1 MB) = %q", got)
	}
	var names []string
	for i := range 60 {
		names = append(names, fmt.Sprintf("n%d_%s", i, strings.Repeat("x", 995)))
	}
	c := NewCandidates(names)
	for i := range 60 {
		s := names[i][:len(names[i])-1] + "z"
		if got := c.Suggest(s); len(got) == 0 || got[0] != names[i] {
			t.Fatalf("Suggest(name %d with its last letter changed) = %.30q", i, got)
		}
	}
}
