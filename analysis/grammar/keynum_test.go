package grammar

import (
	"sync"
	"testing"
)

// TestKeyNum numbers the keynames of two entities from several goroutines
// at once: each keyname gets one number, distinct from the others', and
// KeyNum gives the keyname back.
func TestKeyNum(t *testing.T) {
	if (*Key)(nil).Num() != 0 || KeyNum(0) != nil {
		t.Fatal("no keyname is not numbered 0")
	}
	keys := append(append([]*Key{}, ServiceTemplate.Keys...), PropertyDef.Keys...)
	nums := make([][]uint16, 4)
	var wg sync.WaitGroup
	for g := range nums {
		wg.Go(func() {
			for _, k := range keys {
				nums[g] = append(nums[g], k.Num())
			}
		})
	}
	wg.Wait()
	seen := map[uint16]*Key{}
	for i, k := range keys {
		n := nums[0][i]
		for g := range nums {
			if nums[g][i] != n {
				t.Errorf("%s: numbered %d and %d", k.Name, n, nums[g][i])
			}
		}
		if n == 0 || KeyNum(n) != k {
			t.Errorf("%s: number %d gives %v back", k.Name, n, KeyNum(n))
		}
		if other := seen[n]; other != nil && other != k {
			t.Errorf("%s and %s share number %d", k.Name, other.Name, n)
		}
		seen[n] = k
	}
}
