package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParseReal parses every YAML file of the OASIS community
// repository (../shared/corpora; skipped when absent) in an arena, as the
// index reads a workspace's closed files: real TOSCA, with its comments
// and block-scalar descriptions, which toscaLike only imitates.
func BenchmarkParseReal(b *testing.B) {
	dir := filepath.Join(sharedDir(b), "corpora", "tosca-community-contributions")
	var files []string
	size := 0
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			return err
		}
		if src, err := os.ReadFile(p); err == nil {
			files = append(files, string(src))
			size += len(src)
		}
		return nil
	})
	if len(files) == 0 {
		b.Skipf("no YAML file under %s", dir)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var a Arena
	for b.Loop() {
		for _, src := range files {
			a.Reset()
			ParseIn(src, &a)
		}
	}
}
