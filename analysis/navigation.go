package analysis

import (
	"context"

	"github.com/tosca-ls/tosca-ls/index"
)

// TEMPORARY: replaced by the feature implementation.
func Definition(ctx context.Context, snap *index.Snapshot, path string, offset int) []Location {
	return nil
}

func TypeDefinition(ctx context.Context, snap *index.Snapshot, path string, offset int) []Location {
	return nil
}

func Implementation(ctx context.Context, snap *index.Snapshot, path string, offset int) []Location {
	return nil
}

func References(ctx context.Context, snap *index.Snapshot, path string, offset int, includeDeclaration bool) []Location {
	return nil
}

func DocumentHighlights(ctx context.Context, snap *index.Snapshot, path string, offset int) []Highlight {
	return nil
}
