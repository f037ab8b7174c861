package index

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// TestProcessorSetting: files are read with the processor setting; a new
// setting reads every TOSCA file again (disk files and open buffers), and
// the Unfurl profile is implicit only where Unfurl reads the file.
func TestProcessorSetting(t *testing.T) {
	root := t.TempDir()
	const unfurl = "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      type: unfurl.nodes.Generic\n"
	write(t, root, map[string]string{"disk.yaml": unfurl})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	disk, open := filepath.Join(root, "disk.yaml"), filepath.Join(root, "open.yaml")
	snap := ws.SetOverlay(open, 1, []byte(unfurl))
	for _, p := range []string{disk, open} {
		if f := snap.File(p); len(f.Facts.Processors) != 1 || f.Facts.Processors[0] != grammar.Unfurl || len(snap.Implicit(f)) != 3 {
			t.Fatalf("%s read for %v, implicit %v", p, f.Facts.Processors, snap.Implicit(f))
		}
	}
	ws.SetOptions(Options{Processor: grammar.ProcessorStrict})
	snap = ws.Snapshot()
	for _, p := range []string{disk, open} {
		f := snap.File(p)
		if f.Facts.Setting != grammar.ProcessorStrict || len(f.Facts.Processors) != 0 || len(snap.Implicit(f)) != 2 {
			t.Errorf("%s under strict: read for %v with %q, implicit %v", p, f.Facts.Processors, f.Facts.Setting, snap.Implicit(f))
		}
	}
	if f := snap.File(open); !f.Open || f.Version != 1 || f.Syntax == nil {
		t.Errorf("the open buffer lost its state: %+v", f)
	}
	snap = ws.SetOverlay(open, 2, []byte(unfurl+"# typing\n"))
	if f := snap.File(open); f.Facts.Setting != grammar.ProcessorStrict {
		t.Errorf("an edit after the change is read with %q", f.Facts.Setting)
	}
}

// TestScanSkipsForeignLanguages: a folder scan does not read a file of
// Cloudify's DSL (it states a tosca_definitions_version of its own).
func TestScanSkipsForeignLanguages(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"blueprint.yaml": "# a blueprint\n\"tosca_definitions_version\": 'cloudify_dsl_1_3' # Cloudify\nnode_templates: {}\n",
		"service.yaml":   "tosca_definitions_version: tosca_simple_yaml_1_3\n",
	})
	ws := NewWorkspace(Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), root, nil)
	snap := ws.Snapshot()
	if snap.File(filepath.Join(root, "blueprint.yaml")) != nil || snap.File(filepath.Join(root, "service.yaml")) == nil {
		t.Errorf("scan read %v", snap.Paths())
	}
}
