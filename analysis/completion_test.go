package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/index"
)

// completionMarker is the cursor marker of completion and signature fixtures.
const completionMarker = "‸"

// completionCursor strips the single cursor marker from src and returns
// the text and the marker's byte offset.
func completionCursor(t *testing.T, src string) ([]byte, int) {
	t.Helper()
	if n := strings.Count(src, completionMarker); n != 1 {
		t.Fatalf("want exactly one cursor marker %s, found %d", completionMarker, n)
	}
	off := strings.Index(src, completionMarker)
	return []byte(strings.Replace(src, completionMarker, "", 1)), off
}

// completionSnapshot loads the folder of a fixture as the workspace and
// overlays the fixture without its marker (overlays hold broken text as
// an editor buffer would).
func completionSnapshot(t *testing.T, file string) (*index.Snapshot, string, []byte, int) {
	t.Helper()
	path, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src, off := completionCursor(t, string(raw))
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ws.AddFolder(context.Background(), filepath.Dir(path), nil)
	return ws.SetOverlay(path, 1, src), path, src, off
}

// completionOverlay builds a snapshot holding one unsaved buffer.
func completionOverlay(t *testing.T, text string) (*index.Snapshot, string, []byte, int) {
	t.Helper()
	src, off := completionCursor(t, text)
	path := filepath.Join(t.TempDir(), "buffer.yaml")
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	return ws.SetOverlay(path, 1, src), path, src, off
}

func completionLabels(items []analysis.CompletionItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Label
	}
	return out
}

func completionIndex(items []analysis.CompletionItem, label string) int {
	for i, it := range items {
		if it.Label == label {
			return i
		}
	}
	return -1
}

func completionItem(t *testing.T, items []analysis.CompletionItem, label string) analysis.CompletionItem {
	t.Helper()
	i := completionIndex(items, label)
	if i < 0 {
		t.Fatalf("no item %q among %v", label, completionLabels(items))
	}
	return items[i]
}

// completionCase is one fixture and what its completion list must hold.
type completionCase struct {
	file string
	// want must be offered; absent must not.
	want, absent []string
	// order lists labels that must appear in this order.
	order []string
	// first is the label that must come first ("" to skip).
	first string
	check func(t *testing.T, items []analysis.CompletionItem, src []byte, off int)
}

func runCompletionCases(t *testing.T, dir string, cases []completionCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			snap, path, src, off := completionSnapshot(t, filepath.Join(dir, tc.file))
			items := analysis.Complete(context.Background(), snap, path, off)
			labels := completionLabels(items)
			for _, w := range tc.want {
				if completionIndex(items, w) < 0 {
					t.Errorf("missing %q in %v", w, labels)
				}
			}
			for _, a := range tc.absent {
				if completionIndex(items, a) >= 0 {
					t.Errorf("%q must not be offered (got %v)", a, labels)
				}
			}
			last := -1
			for _, o := range tc.order {
				i := completionIndex(items, o)
				if i < 0 {
					t.Errorf("missing %q (ordering) in %v", o, labels)
					continue
				}
				if i < last {
					t.Errorf("%q must come after %v: got %v", o, tc.order, labels)
				}
				last = i
			}
			if tc.first != "" && (len(items) == 0 || items[0].Label != tc.first) {
				t.Errorf("first item must be %q, got %v", tc.first, labels)
			}
			for _, it := range items {
				if it.Edit.Span.Start > off || it.Edit.Span.End < off {
					t.Errorf("item %q edits %v, which does not hold the cursor %d", it.Label, it.Edit.Span, off)
				}
			}
			if tc.check != nil {
				tc.check(t, items, src, off)
			}
		})
	}
}

// nodeTemplateKeys13 are the keynames of a 1.3 node template but type and requirements.
var nodeTemplateKeys13 = []string{"description", "metadata", "directives", "properties", "attributes", "capabilities", "interfaces", "artifacts", "node_filter", "copy"}

func TestCompletionTOSCA13(t *testing.T) {
	runCompletionCases(t, "../testdata/completion/tosca13", []completionCase{
		{
			// A node filter's capability names come from the requirement's target node type.
			file:   "node-filter-capabilities.yaml",
			want:   []string{"host", "os", "endpoint", "scalable", "binding"},
			absent: []string{"properties", "dependency"},
		},
		{
			// Without `node` in the assignment, the requirement definition's node type.
			file: "node-filter-from-definition.yaml",
			want: []string{"host", "os", "endpoint"},
		},
		{
			// ... and their property names from the capability type.
			file:   "node-filter-properties.yaml",
			want:   []string{"num_cpus", "mem_size", "disk_size", "cpu_frequency"},
			absent: []string{"architecture", "type"},
		},
		{
			// A line holding only `pro` under a node template.
			file:   "keys-partial-word.yaml",
			want:   append([]string{"properties"}, nodeTemplateKeys13...),
			absent: []string{"type", "requirements", "count", "node_templates", "derived_from"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "properties")
				if !it.Snippet || it.Edit.NewText != "properties:\n  $0" {
					t.Errorf("properties inserts %q (snippet %v), want a block snippet", it.Edit.NewText, it.Snippet)
				}
				if got := string(src[it.Edit.Span.Start:it.Edit.Span.End]); got != "pro" {
					t.Errorf("the edit replaces %q, want the partial word %q", got, "pro")
				}
				if d := completionItem(t, items, "description"); d.Snippet || d.Edit.NewText != "description: " {
					t.Errorf("description inserts %q, want %q", d.Edit.NewText, "description: ")
				}
				if r := completionItem(t, items, "directives"); r.Edit.NewText != "directives: [ $0 ]" {
					t.Errorf("directives inserts %q", r.Edit.NewText)
				}
				if p := completionItem(t, items, "properties"); !strings.Contains(p.Documentation, "properties declared by the node type") {
					t.Errorf("documentation comes from the grammar, got %q", p.Documentation)
				}
			},
		},
		{
			// A blank line in a node template without a type: type (mandatory) first.
			file:   "keys-mandatory-first.yaml",
			first:  "type",
			want:   []string{"type", "properties", "requirements", "copy"},
			absent: []string{"description", "count"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "type"); !strings.Contains(it.Detail, "mandatory") {
					t.Errorf("type's detail %q does not say it is mandatory", it.Detail)
				}
			},
		},
		{
			// capability is the only mandatory keyname of a requirement definition.
			file:   "requirement-definition-keys.yaml",
			first:  "capability",
			want:   []string{"capability", "description", "node", "relationship", "occurrences"},
			order:  []string{"capability", "description", "node"},
			absent: []string{"count_range", "node_template"},
		},
		{
			file:   "keys-root.yaml",
			want:   []string{"topology_template", "node_types", "imports", "namespace", "data_types"},
			absent: []string{"tosca_definitions_version", "description", "service_template", "functions", "profile"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "imports"); it.Edit.NewText != "imports:\n  - $0" {
					t.Errorf("imports inserts %q, want a block list", it.Edit.NewText)
				}
			},
		},
		{
			// `type: ` with no value.
			file:   "type-no-value.yaml",
			want:   []string{"Compute", "tosca.nodes.Compute", "tosca:Compute", "WebServer", "tosca.nodes.Root"},
			absent: []string{"tosca.capabilities.Compute", "tosca.datatypes.Credential", "tosca.relationships.HostedOn"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "tosca.nodes.Compute")
				if !strings.Contains(it.Detail, "node type") || !strings.Contains(it.Detail, "tosca-simple-1.3") {
					t.Errorf("detail %q should name the kind and the profile", it.Detail)
				}
				if it.Documentation == "" {
					t.Errorf("tosca.nodes.Compute has no documentation")
				}
				if it.Edit.Span.Start != off || it.Edit.Span.End != off {
					t.Errorf("nothing typed: the edit must be empty at the cursor, got %v", it.Edit.Span)
				}
			},
		},
		{
			// An unclosed flow sequence; 1.x valid_target_types name capability types first, then node types.
			file:   "valid-target-types-unclosed.yaml",
			want:   []string{"tosca.capabilities.Compute", "Endpoint"},
			absent: []string{"tosca.datatypes.Root", "tosca.relationships.HostedOn"},
			order:  []string{"tosca.capabilities.Compute", "tosca.nodes.Compute"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "tosca.capabilities.Compute")
				if got := string(src[it.Edit.Span.Start:it.Edit.Span.End]); got != "Comp" {
					t.Errorf("the edit replaces %q, want %q", got, "Comp")
				}
			},
		},
		{
			// A syntax error elsewhere in the file.
			file:   "syntax-error-elsewhere.yaml",
			want:   []string{"properties", "requirements", "interfaces"},
			absent: []string{"type"},
		},
		{
			// derived_from offers node types, the file's own first, never the type itself.
			file:   "derived-from.yaml",
			want:   []string{"my.nodes.Base", "tosca.nodes.SoftwareComponent"},
			absent: []string{"my.nodes.App", "tosca.capabilities.Node"},
			first:  "my.nodes.Base",
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "my.nodes.Base"); !strings.Contains(it.Detail, "this file") {
					t.Errorf("detail %q should say the type comes from this file", it.Detail)
				}
			},
		},
		{
			// Property names of the template's type chain: mandatory (no default) first, present ones excluded.
			file:   "properties-members.yaml",
			want:   []string{"name", "settings", "mode", "component_version", "admin_credential"},
			absent: []string{"port", "type", "description"},
			order:  []string{"name", "settings", "component_version", "mode"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				n := completionItem(t, items, "name")
				if !strings.Contains(n.Detail, "string") || !strings.Contains(n.Documentation, "The application's name.") {
					t.Errorf("name: detail %q, doc %q", n.Detail, n.Documentation)
				}
				if s := completionItem(t, items, "settings"); s.Edit.NewText != "settings:\n  $0" || !s.Snippet {
					t.Errorf("a structured property inserts a block: %q", s.Edit.NewText)
				}
				if c := completionItem(t, items, "component_version"); !strings.Contains(c.Documentation, "tosca.nodes.SoftwareComponent") {
					t.Errorf("an inherited property says where it comes from: %q", c.Documentation)
				}
			},
		},
		{
			// Fields of a complex data type inside a property value.
			file:   "data-type-fields.yaml",
			want:   []string{"verbose", "inner"},
			absent: []string{"level", "name", "port"},
			order:  []string{"inner", "verbose"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if v := completionItem(t, items, "verbose"); !strings.Contains(v.Detail, "default: false") {
					t.Errorf("verbose detail %q should show the default", v.Detail)
				}
			},
		},
		{
			file:   "data-type-fields-nested.yaml",
			want:   []string{"depth", "get_input"},
			absent: []string{"level", "verbose"},
		},
		{
			// Enumerated values from a valid_values constraint, then functions.
			file:  "valid-values.yaml",
			want:  []string{"fast", "safe", "get_input", "concat"},
			order: []string{"fast", "safe", "get_input"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "get_input"); it.Edit.NewText != "{ get_input: $0 }" || !it.Snippet {
					t.Errorf("get_input as a value inserts %q", it.Edit.NewText)
				}
			},
		},
		{
			file:   "boolean-field.yaml",
			want:   []string{"true", "false"},
			absent: []string{"fast"},
		},
		{
			// The requirement's node: templates whose type offers the required capability first.
			file:   "requirement-node.yaml",
			want:   []string{"server", "vm", "app", "database", "tosca.nodes.Compute"},
			absent: []string{"web", "tosca.capabilities.Compute"},
			order:  []string{"server", "vm", "app", "tosca.nodes.Compute"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "server"); !strings.Contains(it.Detail, "tosca.capabilities.Compute") {
					t.Errorf("a matching template says what it offers: %q", it.Detail)
				}
			},
		},
		{
			// The short notation `- host: ‸` names a template.
			file:   "requirement-short.yaml",
			want:   []string{"server", "vm", "database"},
			absent: []string{"web", "tosca.nodes.Compute"},
			order:  []string{"server", "vm", "database"},
		},
		{
			// `- ‸` in a template's requirements: the type's requirement names.
			file:   "requirement-names.yaml",
			want:   []string{"host", "dependency"},
			absent: []string{"properties", "feature"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "host")
				if it.Edit.NewText != "host: " || !strings.Contains(it.Detail, "tosca.capabilities.Compute") {
					t.Errorf("host inserts %q, detail %q", it.Edit.NewText, it.Detail)
				}
			},
		},
		{
			// A requirement's capability: the target's capability names, matching ones first, then types.
			file:  "requirement-capability.yaml",
			want:  []string{"host", "os", "feature", "tosca.capabilities.Compute"},
			order: []string{"host", "feature", "tosca.capabilities.Compute"},
		},
		{
			file:   "requirement-assignment-keys.yaml",
			want:   []string{"capability", "relationship", "node_filter", "occurrences"},
			absent: []string{"node", "count", "optional"},
		},
		{
			// Operation names of an interface's type, present ones excluded.
			file:   "interfaces.yaml",
			want:   []string{"configure", "start", "stop", "delete"},
			absent: []string{"create", "inputs"},
		},
		{
			file:   "interface-names.yaml",
			want:   []string{"Standard"},
			absent: []string{"Configure"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "Standard"); !strings.Contains(it.Detail, "tosca.interfaces.node.lifecycle.Standard") || it.Edit.NewText != "Standard:\n  $0" {
					t.Errorf("Standard: detail %q, insert %q", it.Detail, it.Edit.NewText)
				}
			},
		},
		{
			// 1.2 writes operations directly under the interface.
			file:   "interfaces-1-2.yaml",
			want:   []string{"inputs", "configure", "start"},
			absent: []string{"create", "operations", "notifications"},
		},
		{
			// A value is expected: 1.x functions, not final 2.0 ones.
			file:   "functions.yaml",
			want:   []string{"get_input", "get_property", "get_attribute", "concat", "token"},
			absent: []string{"$get_input", "$concat"},
		},
		{
			file:   "get-input.yaml",
			want:   []string{"port", "user"},
			absent: []string{"server", "SELF"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "port")
				if !strings.Contains(it.Detail, "integer") || !strings.Contains(it.Detail, "8080") || it.Documentation != "The port to listen on." {
					t.Errorf("port: detail %q doc %q", it.Detail, it.Documentation)
				}
			},
		},
		{
			file:   "get-input-block.yaml",
			want:   []string{"port", "user"},
			absent: []string{"SELF"},
		},
		{
			file:  "get-property-entity.yaml",
			want:  []string{"SELF", "SOURCE", "TARGET", "HOST", "server", "web"},
			order: []string{"SELF", "HOST", "server"},
		},
		{
			// HOST is the node the host requirement leads to (server, a Compute).
			file:   "get-property-host.yaml",
			want:   []string{"host", "os", "local_storage"},
			absent: []string{"component_version", "SELF"},
		},
		{
			file:   "get-attribute-template.yaml",
			want:   []string{"public_address", "private_address", "state", "host", "os"},
			absent: []string{"component_version"},
			order:  []string{"public_address", "host"},
		},
		{
			// After a capability name: that capability's properties.
			file:   "get-property-capability.yaml",
			want:   []string{"num_cpus", "mem_size", "disk_size"},
			absent: []string{"public_address", "host"},
		},
		{
			file:  "enums.yaml",
			want:  []string{"supported", "unsupported", "experimental", "deprecated"},
			order: []string{"supported", "deprecated"},
		},
		{
			file:   "boolean.yaml",
			want:   []string{"true", "false"},
			absent: []string{"get_input"},
		},
		{
			// An artifact's file: any file next to this one.
			file:   "artifact-file.yaml",
			want:   []string{"enums.yaml", "copy.yaml", "../"},
			absent: []string{"artifact-file.yaml", "web"},
		},
		{
			// Group members: templates, then groups, never the group itself nor members present.
			file:   "group-members.yaml",
			want:   []string{"web"},
			absent: []string{"db", "backends"},
		},
		{
			file:   "policy-targets.yaml",
			want:   []string{"db", "backends"},
			absent: []string{"web", "placement"},
			order:  []string{"db", "backends"},
		},
		{
			// copy names another template.
			file:   "copy.yaml",
			want:   []string{"web"},
			absent: []string{"db", "tosca.nodes.Root"},
		},
		{
			// Fields of a list entry's data type (entry_schema).
			file:   "list-entries.yaml",
			want:   []string{"protocol"},
			absent: []string{"port", "get_input", "rules"},
		},
		{
			file:   "list-new-entry.yaml",
			want:   []string{"port", "protocol"},
			absent: []string{"rules"},
		},
		{
			// `- ‸` in imports: the import keynames, then files next to this one.
			file:   "import-item.yaml",
			want:   []string{"file", "repository", "namespace_prefix", "enums.yaml", "boolean.yaml"},
			absent: []string{"url", "profile", "import-item.yaml"},
			first:  "file",
		},
	})
}

func TestCompletionTOSCA20Final(t *testing.T) {
	runCompletionCases(t, "../testdata/completion/tosca20final", []completionCase{
		{
			// Final form: count, no draft-only keynames.
			file:   "keys-node-template.yaml",
			want:   []string{"properties", "capabilities", "count", "node_filter", "copy"},
			absent: []string{"type", "occurrences"},
		},
		{
			// Unknown form → final: service_template, not topology_template.
			file:   "keys-root.yaml",
			want:   []string{"service_template", "profile", "functions", "node_types"},
			absent: []string{"topology_template", "namespace", "imports", "tosca_definitions_version"},
		},
		{
			file:   "keys-property-definition.yaml",
			want:   []string{"validation", "default", "required", "entry_schema", "value"},
			absent: []string{"constraints", "external-schema", "type"},
		},
		// Keynames the TOSCA 2.0 text of 2024 (CSD06) does not have are not offered.
		{
			file:   "keys-artifact-definition.yaml",
			want:   []string{"version", "artifact_version", "checksum", "metadata"},
			absent: []string{"deploy_path"},
		},
		{
			file:   "keys-implementation.yaml",
			want:   []string{"dependencies", "timeout"},
			absent: []string{"artifact", "operation_host"},
		},
		{
			file:   "keys-attribute-definition.yaml",
			want:   []string{"default", "validation", "metadata"},
			absent: []string{"status", "required"},
		},
		{
			file:   "keys-trigger.yaml",
			want:   []string{"condition", "action", "description"},
			absent: []string{"target_filter", "schedule", "event_type"},
		},
		{
			file:   "keys-workflow-step.yaml",
			want:   []string{"activities", "filter", "on_success"},
			absent: []string{"operation_host"},
		},
		{
			file:   "functions.yaml",
			want:   []string{"$get_input", "$get_property", "$concat", "$sum"},
			absent: []string{"get_input", "concat"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "$get_input"); it.Edit.NewText != `{ \$get_input: $0 }` || !it.Snippet {
					t.Errorf("$get_input inserts %q (the $ of the name is escaped in a snippet)", it.Edit.NewText)
				}
			},
		},
		{
			file: "get-input.yaml",
			want: []string{"cpus"},
		},
		{
			// A TOSCA path starts with SELF or a template (2.0 §10.3).
			file:   "get-property-entity.yaml",
			want:   []string{"SELF", "server"},
			absent: []string{"HOST", "SOURCE", "TARGET"},
		},
		{
			file:   "get-property-path.yaml",
			want:   []string{"host", "os", "endpoint"},
			absent: []string{"num_cpus", "CAPABILITY"},
		},
		{
			file:  "get-property-path-cap.yaml",
			want:  []string{"num_cpus", "mem_size", "CAPABILITY"},
			order: []string{"num_cpus", "CAPABILITY"},
		},
		{
			// Keys inside a capability assignment's properties: the capability type's properties.
			file:   "capability-properties.yaml",
			want:   []string{"num_cpus", "mem_size"},
			absent: []string{"properties", "$get_input", "get_input"},
		},
		{
			// An argument of a nested call is a value: functions again.
			file: "nested-call.yaml",
			want: []string{"$get_input", "$sum"},
		},
		{
			// A requirement's relationship: relationship templates, then types.
			file:   "requirements-relationship.yaml",
			want:   []string{"link", "HostedOn", "ConnectsTo"},
			absent: []string{"Compute", "server"},
			order:  []string{"link", "HostedOn"},
		},
		{
			// Requirement names for a new list item (a requirement may be
			// assigned several times, so assigned ones stay offered).
			file:   "requirements-names.yaml",
			want:   []string{"dependency", "host"},
			absent: []string{"node", "properties"},
		},
		{
			file:   "attributes.yaml",
			want:   []string{"state"},
			absent: []string{"tosca_id", "properties"},
		},
		{
			// entry_schema's short notation is a data type, built-in ones included.
			file:   "entry-schema.yaml",
			want:   []string{"Point", "string", "integer", "float"},
			absent: []string{"Shape", "Compute"},
			first:  "Point",
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				if it := completionItem(t, items, "string"); !strings.Contains(it.Detail, "tosca-builtin-2.0") || it.Documentation == "" {
					t.Errorf("string: detail %q doc %q", it.Detail, it.Documentation)
				}
			},
		},
		{
			file:   "import-profile.yaml",
			want:   []string{"org.oasis-open.simple:2.0", "org.oasis-open.tosca.simple:2.0"},
			absent: []string{"tosca-simple-1.3", "tosca-builtin-2.0"},
		},
		{
			file:   "import-keys.yaml",
			want:   []string{"url", "profile", "namespace", "repository", "keys-root.yaml"},
			absent: []string{"file", "namespace_prefix", "import-keys.yaml"},
			order:  []string{"url", "keys-root.yaml"},
		},
	})
}

func TestCompletionTOSCA20Draft(t *testing.T) {
	runCompletionCases(t, "../testdata/completion/tosca20draft", []completionCase{
		{
			// Draft form (topology_template): no final-only keynames.
			file:   "keys-node-template.yaml",
			want:   []string{"properties", "node_filter", "directives"},
			absent: []string{"count", "type"},
		},
		{
			file:   "keys-property-definition.yaml",
			want:   []string{"external-schema", "default"},
			absent: []string{"validation", "constraints"},
		},
		{
			file:   "functions.yaml",
			want:   []string{"get_input", "get_property", "concat"},
			absent: []string{"$get_input", "$concat"},
		},
		{
			file: "get-input.yaml",
			want: []string{"cpus"},
		},
	})
}

func TestCompletionNamespacedProject(t *testing.T) {
	runCompletionCases(t, "../testdata/completion/project", []completionCase{
		{
			// Namespace-qualified and nested names; workspace types before the profile's.
			file:   "type-names.yaml",
			want:   []string{"my:App", "my:k8s:Pod", "my:k8s:Cluster", "Compute", "my:k8s:Compute"},
			absent: []string{"App", "Pod", "k8s:Pod", "Extra", "my:Settings", "my:k8s:PodHost"},
			order:  []string{"my:App", "my:k8s:Pod", "Compute"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "my:k8s:Pod")
				if it.Detail != "node type · lib/k8s.yaml" || it.Documentation != "A Kubernetes pod.\n\nDerived from `Root`." {
					t.Errorf("my:k8s:Pod: detail %q, doc %q", it.Detail, it.Documentation)
				}
				if c := completionItem(t, items, "Compute"); !strings.Contains(c.Detail, "org.oasis-open.simple:2.0") {
					t.Errorf("a profile type names its profile: %q", c.Detail)
				}
			},
		},
		{
			// `type: my:k8s:‸` (a word ending in a colon) still parses.
			file: "type-names-nested.yaml",
			want: []string{"my:k8s:Pod", "my:k8s:Cluster"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "my:k8s:Pod")
				if got := string(src[it.Edit.Span.Start:it.Edit.Span.End]); got != "my:k8s:" {
					t.Errorf("the edit replaces %q, want %q", got, "my:k8s:")
				}
			},
		},
		{
			// Requirement runtime needs k8s:PodHost (resolved in lib/my.yaml): cluster and pod offer it.
			file:   "requirement-node.yaml",
			want:   []string{"cluster", "pod", "plain"},
			absent: []string{"app"},
			order:  []string{"cluster", "pod", "plain"},
		},
		{
			// A field is written next to `level`: no function call then.
			file:   "data-type-fields.yaml",
			want:   []string{"debug"},
			absent: []string{"level", "port", "$get_input"},
		},
		{
			file:   "pod-properties.yaml",
			want:   []string{"replicas", "restart"},
			absent: []string{"image", "settings"},
		},
		{
			// valid values of a final 2.0 $valid_values validation.
			file:  "valid-values.yaml",
			want:  []string{"Always", "OnFailure", "Never"},
			order: []string{"Always", "Never", "$get_input"},
		},
		{
			// Files of the folder typed so far.
			file:   "import-path.yaml",
			want:   []string{"k8s.yaml", "my.yaml"},
			absent: []string{"main.yaml", "lib/", "../"},
			check: func(t *testing.T, items []analysis.CompletionItem, src []byte, off int) {
				it := completionItem(t, items, "k8s.yaml")
				if it.Edit.Span.Start != off || it.Edit.NewText != "k8s.yaml" {
					t.Errorf("the edit replaces the last path segment only: %v %q", it.Edit.Span, it.Edit.NewText)
				}
			},
		},
		{
			file:   "import-path-root.yaml",
			want:   []string{"main.yaml", "lib/", "types/", "../"},
			absent: []string{"import-path-root.yaml", "k8s.yaml"},
			order:  []string{"main.yaml", "lib/", "../"},
		},
	})
}

// TestCompletionBuffers covers buffers that are not on disk.
func TestCompletionBuffers(t *testing.T) {
	t.Run("empty file", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, "‸")
		items := analysis.Complete(context.Background(), snap, path, off)
		if len(items) == 0 || items[0].Label != "tosca_definitions_version" {
			t.Fatalf("an empty file starts with tosca_definitions_version, got %v", completionLabels(items))
		}
	})
	t.Run("version values", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, "tosca_definitions_version: ‸\n")
		items := analysis.Complete(context.Background(), snap, path, off)
		for _, v := range []string{"tosca_simple_yaml_1_3", "tosca_2_0"} {
			if completionIndex(items, v) < 0 {
				t.Errorf("missing %q in %v", v, completionLabels(items))
			}
		}
	})
	t.Run("draft form from functions", func(t *testing.T) {
		// Only get_input (a draft function) tells the form.
		snap, path, _, off := completionOverlay(t, `tosca_definitions_version: tosca_2_0
node_types:
  A:
    properties:
      p:
        type: integer
        default: { get_input: x }
        ‸
`)
		items := analysis.Complete(context.Background(), snap, path, off)
		if completionIndex(items, "constraints") < 0 || completionIndex(items, "validation") >= 0 {
			t.Errorf("a draft-form file offers constraints, not validation: %v", completionLabels(items))
		}
	})
	t.Run("second document", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, "tosca_definitions_version: tosca_simple_yaml_1_3\n---\n‸\n")
		if items := analysis.Complete(context.Background(), snap, path, off); len(items) != 0 {
			t.Errorf("only the first document is TOSCA, got %v", completionLabels(items))
		}
	})
	t.Run("existing key renamed", func(t *testing.T) {
		snap, path, src, off := completionOverlay(t, `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    a:
      type: Compute
      prop‸xyz: {}
`)
		items := analysis.Complete(context.Background(), snap, path, off)
		it := completionItem(t, items, "properties")
		if it.Edit.NewText != "properties" || it.Snippet || string(src[it.Edit.Span.Start:it.Edit.Span.End]) != "propxyz" {
			t.Errorf("a key followed by a colon is replaced by the name alone: %q over %q", it.Edit.NewText, src[it.Edit.Span.Start:it.Edit.Span.End])
		}
	})
	t.Run("requirement without dash", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  node_templates:
    web:
      type: tosca.nodes.WebServer
      requirements:
        ho‸
`)
		items := analysis.Complete(context.Background(), snap, path, off)
		if it := completionItem(t, items, "host"); it.Edit.NewText != "- host: " {
			t.Errorf("1.3 requirements are a list: host inserts %q", it.Edit.NewText)
		}
	})
	t.Run("comment", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n  node_templates:\n    a:\n      type: # Comp‸\n")
		if items := analysis.Complete(context.Background(), snap, path, off); len(items) != 0 {
			t.Errorf("nothing to offer in a comment, got %v", completionLabels(items))
		}
	})
	t.Run("key right after colon", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:‸\n")
		if items := analysis.Complete(context.Background(), snap, path, off); len(items) != 0 {
			t.Errorf("nothing to offer right after a colon, got %v", completionLabels(items))
		}
	})
	t.Run("indentation unit", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, "tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n    node_templates:\n        a:\n            type: Compute\n            ‸\n")
		items := analysis.Complete(context.Background(), snap, path, off)
		if it := completionItem(t, items, "properties"); it.Edit.NewText != "properties:\n    $0" {
			t.Errorf("the snippet indents like the file (4 spaces): %q", it.Edit.NewText)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		snap, path, _, off := completionOverlay(t, "‸")
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if items := analysis.Complete(ctx, snap, path, off); items != nil {
			t.Errorf("a cancelled request returns nothing")
		}
	})
}

// TestCompletionEverywhere runs completion and signature help at the start,
// middle and end of every line of every fixture (markers removed, then
// also with the marker's line cut at the marker): nothing may panic and
// every edit must hold the cursor.
func TestCompletionEverywhere(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../testdata/completion/*/*.yaml", "../testdata/signature/*.yaml"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 40 {
		t.Fatalf("found only %d fixtures", len(files))
	}
	ws := index.NewWorkspace(index.Options{CacheDir: t.TempDir()})
	ctx := context.Background()
	for _, file := range files {
		path, _ := filepath.Abs(file)
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		full := strings.Replace(string(raw), completionMarker, "", 1)
		cut := string(raw)
		if i := strings.Index(cut, completionMarker); i >= 0 {
			end := strings.IndexByte(cut[i:], '\n')
			if end < 0 {
				end = len(cut) - i
			}
			cut = cut[:i] + cut[i+end:]
		}
		for _, text := range []string{full, cut} {
			snap := ws.SetOverlay(path, 1, []byte(text))
			start := 0
			for _, line := range strings.SplitAfter(text, "\n") {
				body := strings.TrimRight(line, "\r\n")
				for _, off := range []int{start, start + len(body)/2, start + len(body)} {
					items := analysis.Complete(ctx, snap, path, off)
					for _, it := range items {
						if it.Edit.Span.Start > off || it.Edit.Span.End < off {
							t.Errorf("%s@%d: item %q edits %v", file, off, it.Label, it.Edit.Span)
						}
					}
					analysis.SignatureHelpAt(ctx, snap, path, off)
				}
				start += len(line)
			}
		}
	}
}
