package server

import (
	"reflect"
	"testing"

	"go.lsp.dev/protocol"
)

// A delta is one edit keeping the common prefix and suffix; applying it to
// the previous data gives the new data.
func TestTokenEdits(t *testing.T) {
	tests := []struct {
		name       string
		prev, next []uint32
		want       []protocol.SemanticTokensEdit
	}{
		{"equal", []uint32{1, 2, 3}, []uint32{1, 2, 3}, []protocol.SemanticTokensEdit{}},
		{"insert in the middle", []uint32{1, 2, 3}, []uint32{1, 2, 9, 9, 3}, []protocol.SemanticTokensEdit{{Start: 2, DeleteCount: 0, Data: []uint32{9, 9}}}},
		{"delete at the end", []uint32{1, 2, 3, 4}, []uint32{1, 2}, []protocol.SemanticTokensEdit{{Start: 2, DeleteCount: 2, Data: []uint32{}}}},
		{"replace all", []uint32{1}, []uint32{2, 3}, []protocol.SemanticTokensEdit{{Start: 0, DeleteCount: 1, Data: []uint32{2, 3}}}},
		{"repeated values", []uint32{5, 5, 5}, []uint32{5, 5}, []protocol.SemanticTokensEdit{{Start: 2, DeleteCount: 1, Data: []uint32{}}}},
	}
	for _, tc := range tests {
		got := tokenEdits(tc.prev, tc.next)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
		applied := append([]uint32(nil), tc.prev...)
		for _, e := range got {
			applied = append(applied[:e.Start], append(append([]uint32(nil), e.Data...), applied[e.Start+e.DeleteCount:]...)...)
		}
		if !reflect.DeepEqual(applied, tc.next) && !(len(applied) == 0 && len(tc.next) == 0) {
			t.Errorf("%s: applying gives %v, want %v", tc.name, applied, tc.next)
		}
	}
}
