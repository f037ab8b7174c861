package analysis_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
)

// hoverAt returns the hover at a cursor label, failing when there is none.
func hoverAt(t *testing.T, p *navProject, label string) *analysis.Hover {
	t.Helper()
	path, off := p.at(t, label)
	h := analysis.HoverAt(context.Background(), p.snap, path, off)
	if h == nil {
		t.Fatalf("%s: no hover", label)
	}
	return h
}

// hoverExpect checks that the hover at label holds every wanted fragment
// and that its span covers wantSpan (when not "").
func hoverExpect(t *testing.T, p *navProject, label, wantSpan string, fragments ...string) {
	t.Helper()
	h := hoverAt(t, p, label)
	path, _ := p.at(t, label)
	if wantSpan != "" {
		if got := string(p.src(t, path)[h.Span.Start:h.Span.End]); got != wantSpan {
			t.Errorf("%s: hover span covers %q, want %q", label, got, wantSpan)
		}
	}
	for _, f := range fragments {
		if !strings.Contains(h.Markdown, f) {
			t.Errorf("%s: hover lacks %q; got:\n%s", label, f, h.Markdown)
		}
	}
}

func TestHoverTypeChain(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	// Names of the chain are written as the hovering file sees them.
	hoverExpect(t, p, "main.SuperPod", "my:SuperPod",
		"**node type** `my:SuperPod`",
		"Defined in `my.yaml`",
		"Derivation: `my:SuperPod → k8s:Pod → Root`",
		"A pod with more replicas by default.",
		"**Properties**\n- `replicas`: `integer` (from `k8s:Pod`, refined here)\n- `image`: `string` (from `k8s:Pod`)\n- `tier`: `string`",
		"**Attributes**\n- `state`: `string` (from `Root`)",
		"- `volume`: `Attachment` (from `k8s:Pod`)",
		"**Interfaces**\n- `Standard`: `Lifecycle.Standard` (from `Root`)",
	)
	// The same type seen from its own file, which reaches Root only through k8s.
	hoverExpect(t, p, "my.SuperPod", "SuperPod",
		"**node type** `SuperPod`",
		"Derivation: `SuperPod → k8s:Pod → k8s:Root`",
	)
	hoverExpect(t, p, "main.MegaPod", "MegaPod", "Derivation: `MegaPod → my:SuperPod → k8s:Pod → Root`")
	// A nested namespace (my:k8s:Pod) is shown by its shortest visible name.
	hoverExpect(t, p, "main.nestedPod", "my:k8s:Pod", "**node type** `k8s:Pod`", "Derivation: `k8s:Pod → Root`", "Defined in `k8s.yaml`")
	hoverExpect(t, p, "final.nestedPod", "my:k8s:Pod", "**node type** `my:k8s:Pod`", "Derivation: `my:k8s:Pod → Root`")
	// Profile types.
	hoverExpect(t, p, "main.Compute", "Compute",
		"**node type** `Compute`",
		"Defined in profile `org.oasis-open.simple:2.0`",
		"Derivation: `Compute → Abstract.Compute → Root`",
		"- `host`: `Compute` (from `Abstract.Compute`, refined here)",
	)

	p13 := loadNavProject(t, "navigation/v13-project")
	hoverExpect(t, p13, "main.Compute.short", "Compute",
		"**node type** `tosca.nodes.Compute`",
		"Defined in profile `tosca-simple-1.3`",
		"Derivation: `tosca.nodes.Compute → tosca.nodes.Abstract.Compute → tosca.nodes.Root`",
	)
	hoverExpect(t, p13, "main.app.type", "app:my.nodes.App",
		"**node type** `app:my.nodes.App`",
		"Defined in `types/app.yaml`",
		"Derivation: `app:my.nodes.App → tosca.nodes.SoftwareComponent → tosca.nodes.Root`",
		"- `port`: `integer`\n",
		"- `host`: `tosca.capabilities.Compute` (from `tosca.nodes.SoftwareComponent`)",
	)
	hoverExpect(t, p13, "main.Server", "my.nodes.Server",
		"Derivation: `my.nodes.Server → tosca.nodes.Compute → tosca.nodes.Abstract.Compute → tosca.nodes.Root`",
		"A server of our own.",
	)
}

func TestHoverMembers(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	// A property used in a template: the refinement's default, the
	// original's description, the defining and introducing types.
	hoverExpect(t, p, "main.web.replicas", "replicas",
		"**property** `replicas`",
		"Defined by node type `my:SuperPod`, introduced by `k8s:Pod`",
		"Type: `integer`",
		"- `default`: `3`",
		"How many copies of the pod run.",
	)
	// The property definition itself, with its constraints.
	hoverExpect(t, p, "k8s.replicas", "replicas",
		"**property** `replicas`",
		"Defined by node type `Pod`",
		"- `required`: `false`",
		"- `default`: `1`",
		"- `constraints`: `[{greater_or_equal: 1}]`",
	)
	hoverExpect(t, p, "main.web.volume", "volume",
		"**requirement** `volume`",
		"Defined by node type `k8s:Pod`",
		"- `capability`: `Attachment`",
		"- `node`: `Volume`",
		"- `occurrences`: `[0, 1]`",
	)
	// A capability property assigned in a template.
	hoverExpect(t, p, "main.server.prop", "num_cpus",
		"**property** `num_cpus`",
		"Defined by capability type `Compute`",
		"Type: `integer`",
	)
	hoverExpect(t, p, "main.web.create", "create",
		"**operation** `create`",
		"Defined by interface type `Lifecycle.Standard`",
		"Lifecycle operation that creates the node.",
	)
	// get_property paths.
	hoverExpect(t, p, "main.getprop.image", "image", "**property** `image`", "Type: `string`")

	p13 := loadNavProject(t, "navigation/v13-project")
	hoverExpect(t, p13, "main.self.port", "port",
		"**property** `port`",
		"Defined by node type `app:my.nodes.App`",
		"- `constraints`: `[{in_range: [1, 65535]}]`",
		"The port the application listens on.",
	)
	hoverExpect(t, p13, "main.getattr.attr", "public_address",
		"**attribute** `public_address`",
		"Defined by node type `tosca.nodes.Compute`",
	)

	// TOSCA 1.2 interface types hold their operations directly.
	p12 := loadNavProject(t, "hover/interfaces-1.2.yaml")
	hoverExpect(t, p12, "def", "backup", "**operation** `backup`", "Defined by interface type `my.interfaces.Backup`", "Takes a backup.")
	hoverExpect(t, p12, "use", "backup", "**operation** `backup`", "Takes a backup.")
	hoverExpect(t, p12, "iface", "Backup", "**interface** `Backup`", "Type: `my.interfaces.Backup`", "- `backup`: `backup.sh`", "Operations: `backup`")
}

func TestHoverTemplatesAndInputs(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	hoverExpect(t, p, "main.web", "web",
		"**node template** `web`",
		"Type: `MegaPod → my:SuperPod → k8s:Pod → Root`",
		"**Requirements**\n- `volume` → `data`",
	)
	// A use of a template shows the same.
	hoverExpect(t, p, "main.subst.web", "web", "**node template** `web`", "Type: `MegaPod → my:SuperPod → k8s:Pod → Root`")
	hoverExpect(t, p, "main.input", "replicas",
		"**input** `replicas`",
		"Type: `integer`",
		"- `required`: `true` (default)",
		"- `default`: `2`",
		"Replica count of the web pods.",
	)
	hoverExpect(t, p, "main.policy.pods", "pods", "**group** `pods`", "Type: `Root`", "- `members`: `[web, legacy]`")

	p13 := loadNavProject(t, "navigation/v13-project")
	hoverExpect(t, p13, "main.app", "app",
		"**node template** `app`",
		"Type: `app:my.nodes.App → tosca.nodes.SoftwareComponent → tosca.nodes.Root`",
		"- `host` → `server`\n- `database` → `db`",
	)
	hoverExpect(t, p13, "main.repo.use", "repo", "**repository** `repo`", "- `url`: `https://example.com/artifacts`")
}

func TestHoverFunctions(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	// 2020 draft get_input: the function's grammar doc and the input it reads.
	hoverExpect(t, p, "main.get_input", "get_input",
		"**function** `get_input`(input, path, …)",
		grammar.FunctionNamed("get_input", grammar.V2Draft).Doc,
		"Resolves to:",
		"**input** `replicas`",
		"- `default`: `2`",
		"Replica count of the web pods.",
	)
	// Final 2.0 $get_input.
	hoverExpect(t, p, "final.get_input", "$get_input",
		"**function** `$get_input`(input, path, …)",
		grammar.FunctionNamed("$get_input", grammar.V2Final).Doc,
		"**input** `count`",
		"- `validation`: `{$greater_or_equal: [$value, 1]}`",
		"How many app pods.",
	)
	// A function of the `functions` section: its signatures.
	hoverExpect(t, p, "final.fn.use", "$pod_name",
		"**function** `pod_name`",
		"**Signatures**\n- `$pod_name(string, integer) → string`",
		"Builds the name of a pod.",
	)
	// The argument itself is the input.
	hoverExpect(t, p, "final.get_input.arg", "count", "**input** `count`")
	// SELF is documented by the grammar's entity parameter.
	hoverExpect(t, p, "main.SELF", "SELF", "**`SELF`**", grammar.EntityKeywords[0].Doc, grammar.FunctionNamed("get_property", grammar.V2Draft).Params[0].Doc)

	p13 := loadNavProject(t, "navigation/v13-project")
	hoverExpect(t, p13, "main.get_input", "get_input",
		grammar.FunctionNamed("get_input", grammar.V1_3).Doc,
		"**input** `port`",
		"- `default`: `80`",
	)
}

func TestHoverKeynames(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	k := grammar.NodeTypeDef.Key("derived_from", grammar.V2)
	hoverExpect(t, p, "main.derived_from", "derived_from",
		"**`derived_from`** · keyname of "+grammar.NodeTypeDef.Name+" (TOSCA §"+grammar.NodeTypeDef.Spec+")",
		k.Doc,
		"Value: a node type name",
	)
	p13 := loadNavProject(t, "navigation/v13-project")
	k = grammar.NodeTemplateDef.Key("requirements", grammar.V1_3)
	hoverExpect(t, p13, "main.kn.requirements", "requirements",
		"keyname of "+grammar.NodeTemplateDef.Name+" (TOSCA §"+grammar.NodeTemplateDef.Spec+")",
		k.Doc,
	)
}

func TestHoverImports(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	hoverExpect(t, p, "my.import", "k8s.yaml",
		"**import** `k8s.yaml` into namespace `k8s`",
		"Resolves to `k8s.yaml`",
		"Kubernetes-like node types",
	)
	hoverExpect(t, p, "main.profile", "org.oasis-open.simple:2.0",
		"**import** `org.oasis-open.simple:2.0`",
		"Resolves to profile `org.oasis-open.simple:2.0`",
	)
	p13 := loadNavProject(t, "navigation/v13-project")
	hoverExpect(t, p13, "main.import", "types/app.yaml", "into namespace `app`", "Resolves to `types/app.yaml`")
}

// TestHoverBrokenBuffer hovers in an editor buffer whose last line is not
// valid YAML: the rest of the file is still described.
func TestHoverBrokenBuffer(t *testing.T) {
	p := navOverlay(t, "hover/broken-final.yaml")
	hoverExpect(t, p, "broken-final.yaml", "Web",
		"**node type** `Web`",
		"Derivation: `Web → WebServer → SoftwareComponent → Root`",
		"Our web server.",
		"- `port`: `integer`",
	)
}

func TestHoverNothing(t *testing.T) {
	p := loadNavProject(t, "navigation/v2-project")
	path, _ := p.at(t, "main.web")
	src := p.src(t, path)
	// A blank line between two sections.
	off := strings.Index(string(src), "\n\nnode_types:") + 1
	if h := analysis.HoverAt(context.Background(), p.snap, path, off); h != nil {
		t.Errorf("hover on a blank line: %q", h.Markdown)
	}
}
