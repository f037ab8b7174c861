package analysis

import (
	"context"

	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// TEMPORARY: replaced by the feature implementation.
func PrepareRename(ctx context.Context, snap *index.Snapshot, path string, offset int) (text.Span, string, error) {
	return text.Span{}, "", ErrCannotRename
}

func Rename(ctx context.Context, snap *index.Snapshot, path string, offset int, newName string) (map[string][]TextEdit, error) {
	return nil, ErrCannotRename
}
