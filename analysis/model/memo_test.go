package model

import (
	"fmt"
	"sync"
	"testing"
)

// TestMemo: the first value stored for a key wins, from any number of
// goroutines at once; replace and update overwrite it.
func TestMemo(t *testing.T) {
	var m memo[textKey, int]
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				k := textKey(fmt.Sprintf("/ws/app%03d/types.yaml", i))
				if got := m.put(k, g*1000+i); got%1000 != i {
					t.Errorf("put(%s) kept %d", k, got)
				}
			}
		}()
	}
	wg.Wait()
	for i := range 500 {
		k := textKey(fmt.Sprintf("/ws/app%03d/types.yaml", i))
		v, ok := m.get(k)
		if !ok || v%1000 != i {
			t.Fatalf("get(%s) = %d, %v", k, v, ok)
		}
		m.replace(k, -i)
		m.update(k, func(v int) int { return v - 1 })
		if v, _ := m.get(k); v != -i-1 {
			t.Fatalf("after replace and update, get(%s) = %d", k, v)
		}
	}
	if _, ok := m.get("/ws/none.yaml"); ok {
		t.Error("get of a key never stored found a value")
	}
	used := 0
	for i := range m.shards {
		if len(m.shards[i].m) > 0 {
			used++
		}
	}
	if used < memoShards/2 {
		t.Errorf("500 paths fell in %d of %d shards", used, memoShards)
	}
}
