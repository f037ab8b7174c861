package server

import (
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/complete"
)

// TestCompletionKinds: every kind of item has its LSP kind.
func TestCompletionKinds(t *testing.T) {
	for k := complete.KindKeyname; k <= complete.KindSnippet; k++ {
		if completionKinds[k] == 0 {
			t.Errorf("completion kind %d has no LSP kind", k)
		}
	}
}
