package facts

import (
	"io/fs"
	"runtime"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/profiles"
)

// BenchmarkRetained reports the memory the facts of the embedded profiles
// keep per byte of their source, the trees dropped (issue 13: closed files
// retain at most 5× their source). The source itself counts: facts keep it.
func BenchmarkRetained(b *testing.B) {
	var srcs []string
	_ = fs.WalkDir(profiles.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".yaml") {
			data, _ := profiles.FS.ReadFile(p)
			srcs = append(srcs, string(data))
		}
		return nil
	})
	total := 0
	for _, s := range srcs {
		total += len(s)
	}
	var ratio float64
	for i := 0; i < b.N; i++ {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		kept := make([]*Facts, len(srcs))
		for j, s := range srcs {
			// A copy of the text, as a file read from disk would be.
			src := strings.Clone(s)
			kept[j] = Bind("p", src, syntax.Parse([]byte(src)), grammar.TOSCA, grammar.ProcessorAuto)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		ratio = float64(after.HeapAlloc-before.HeapAlloc) / float64(total)
		runtime.KeepAlive(kept)
	}
	b.ReportMetric(ratio, "retained/source-byte")
}

// BenchmarkRetainedTemplate is BenchmarkRetained on a dense generated
// service template (many short scalars: the worst case per byte).
func BenchmarkRetainedTemplate(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  inputs:\n    port: {type: integer, default: 80}\n  node_templates:\n")
	for i := 0; i < 2000; i++ {
		sb.WriteString("    n" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/26) + ":\n      type: tosca.nodes.WebServer\n      properties:\n        port: { get_input: port }\n        name: web\n      requirements:\n        - host: h1\n        - dependency: { node: db, relationship: tosca.relationships.DependsOn }\n      interfaces:\n        Standard:\n          operations:\n            create: scripts/create.sh\n")
	}
	src := sb.String()
	var ratio float64
	for i := 0; i < b.N; i++ {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s := strings.Clone(src)
		f := Bind("p", s, syntax.Parse([]byte(s)), grammar.TOSCA, grammar.ProcessorAuto)
		runtime.GC()
		runtime.ReadMemStats(&after)
		ratio = float64(after.HeapAlloc-before.HeapAlloc) / float64(len(src))
		runtime.KeepAlive(f)
	}
	b.ReportMetric(ratio, "retained/source-byte")
}

// TestAliasTextShared: a name of a megabyte named by thousands of aliases
// is kept once by the facts (the binder copied it for each alias: gigabytes).
func TestAliasTextShared(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    app:\n      type: tosca.nodes.Root\n      requirements:\n")
	sb.WriteString("        - dependency: &big \"" + strings.Repeat("y", 1<<20) + "\"\n")
	for range 10 {
		sb.WriteString("        - dependency: *big\n")
	}
	src := sb.String()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f := Bind("p", src, syntax.Parse([]byte(src)), grammar.TOSCA, grammar.ProcessorAuto)
	runtime.GC()
	runtime.ReadMemStats(&after)
	names := 0
	for i := range f.Refs {
		if n := f.RefName(&f.Refs[i]); len(n) == 1<<20 {
			names++
		}
	}
	if names != 11 {
		t.Errorf("%d references of the long name, want 11", names)
	}
	// The source and one decoded copy of the quoted name.
	if kept := after.HeapAlloc - before.HeapAlloc; kept > 3<<20 {
		t.Errorf("the facts keep %d MB", kept>>20)
	}
	runtime.KeepAlive(f)
}
