package validate_test

import (
	"context"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
)

// BenchmarkValidateLarge is the share of deep validation alone in a
// keystroke: the check of the 10,000-line template on a warm view.
func BenchmarkValidateLarge(b *testing.B) {
	view, main, _ := modeltest.OpenLarge(b)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		validate.Check(ctx, view, main)
	}
}
