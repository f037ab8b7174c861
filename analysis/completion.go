package analysis

import (
	"context"

	"github.com/tosca-ls/tosca-ls/index"
)

// TEMPORARY: replaced by the feature implementation.
func Complete(ctx context.Context, snap *index.Snapshot, path string, offset int) []CompletionItem {
	return nil
}
