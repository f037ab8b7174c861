package analysis

import (
	"context"

	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// TEMPORARY: replaced by the feature implementation.
func CodeActions(ctx context.Context, snap *index.Snapshot, path string, span text.Span) []CodeAction {
	return nil
}
