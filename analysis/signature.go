package analysis

import (
	"context"

	"github.com/tosca-ls/tosca-ls/index"
)

// TEMPORARY: replaced by the feature implementation.
func SignatureHelpAt(ctx context.Context, snap *index.Snapshot, path string, offset int) *SignatureHelp {
	return nil
}
