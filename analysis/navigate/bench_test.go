package navigate_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/model/modeltest"
	"github.com/tosca-ls/tosca-ls/analysis/navigate"
)

// BenchmarkCodeLens measures code lenses on the 10,000-line template of
// the editing budgets (1,180 node templates importing 50 files of 20 node
// types): listing the template's lenses, resolving one (the lenses an
// editor shows are resolved one by one), resolving all of them (Neovim
// 0.7 resolves every lens of a buffer), and the lenses of a type of an
// imported file (its derived types and the templates of the big file).
func BenchmarkCodeLens(b *testing.B) {
	v, main, _ := modeltest.OpenLarge(b)
	ctx := context.Background()
	lenses := navigate.CodeLenses(ctx, v, main)
	if len(lenses) < 1000 {
		b.Fatalf("%d lenses", len(lenses))
	}
	spread := make([]int, 0, 50)
	for i := 0; i < len(lenses); i += len(lenses) / 50 {
		spread = append(spread, i)
	}
	resolve := func(path string, l navigate.Lens) {
		if _, _, ok := navigate.ResolveLens(ctx, v, path, l); !ok {
			b.Fatalf("%+v does not resolve", l)
		}
	}
	b.Run("list", func(b *testing.B) {
		modeltest.Latencies(b, []int{0}, func(int) { navigate.CodeLenses(ctx, v, main) })
	})
	b.Run("resolve-template", func(b *testing.B) {
		modeltest.Latencies(b, spread, func(i int) { resolve(main, lenses[i]) })
	})
	b.Run("resolve-all", func(b *testing.B) {
		modeltest.Latencies(b, []int{0}, func(int) {
			for _, l := range lenses {
				resolve(main, l)
			}
		})
	})
	types := filepath.Join(filepath.Dir(main), "t7.yaml")
	typeLenses := navigate.CodeLenses(ctx, v, types)
	b.Run("resolve-type", func(b *testing.B) {
		modeltest.Latencies(b, []int{0, 1, 2, 3}, func(i int) { resolve(types, typeLenses[i]) })
	})
}
