package grammar

import (
	"path"
	"path/filepath"
	"strings"
)

// The Heat environment file: what a stack is created with besides its
// template (`openstack stack create -t stack.yaml -e env.yaml`). It states
// no version; its sections are those of Heat's environment format
// (heat/common/environment_format.py), and heatreg's test checks them
// against it.

// HeatEnvDialect is the one dialect of environment files.
var HeatEnvDialect = &Dialect{Language: HeatEnv, Title: "Heat environment", Grammar: VHeatEnv, Modelled: true}

// HeatEnvironment is the root of an environment file.
var HeatEnvironment = &Entity{
	Name: "Heat environment",
	Doc:  "A Heat environment: parameter values, defaults for every template of the stack, and the resource registry that maps type names onto templates or other types.",
	Spec: Spec{Text: "Heat environments"},
}

// HeatRegistryDef is an environment's `resource_registry`.
var HeatRegistryDef = &Entity{
	Name: "resource registry",
	Doc:  "Maps resource type names onto provider templates (`My::Server: lib/server.yaml`) or other types (`OS::Networking::*: OS::Neutron::*`); a null removes a mapping.",
	Spec: Spec{Text: "Heat environments: resource_registry"},
}

// HeatMappingDef is one mapping of a resource registry: the type name it
// declares, onto a template or another type.
var HeatMappingDef = &Entity{
	Name:     "resource type mapping",
	Doc:      "A type name and what it stands for: a template file (`.yaml` or `.template`) whose parameters are its properties and whose outputs are its attributes, or another type.",
	Spec:     Spec{Text: "Heat environments: resource_registry"},
	Declares: HeatResourceType,
}

// HeatRegistryResourceDef is an entry of a resource registry's `resources`:
// mappings, hooks and restricted actions for the resources of one name.
var HeatRegistryResourceDef = &Entity{
	Name: "resource-specific registry",
	Doc:  "Mappings that apply to the resources of this name only, with breakpoints (`hooks`) and the changes Heat refuses (`restricted_actions`).",
	Spec: Spec{Text: "Heat environments: resource_registry"},
}

// HeatEventSinkDef is an entry of `event_sinks`.
var HeatEventSinkDef = &Entity{
	Name: "event sink",
	Doc:  "Where Heat sends the stack's events.",
	Spec: Spec{Text: "Heat environments: event_sinks"},
}

// Keynames of a resource registry and its resource entries.
const (
	HeatEnvResourceRegistry = "resource_registry"
	HeatEnvParameters       = "parameters"
	HeatEnvParameterDefs    = "parameter_defaults"
	HeatRegistryResources   = "resources"
	HeatHooks               = "hooks"
	HeatRestrictedActions   = "restricted_actions"
)

// HeatHookValues are the breakpoints `hooks` names, HeatRestrictedValues
// the changes `restricted_actions` refuses, HeatMergeStrategies the
// strategies of parameter_merge_strategies.
var (
	HeatHookValues       = []string{"pre-create", "pre-update", "pre-delete", "post-create", "post-update", "post-delete"}
	HeatRestrictedValues = []string{"update", "replace"}
	HeatMergeStrategies  = []string{"overwrite", "merge", "deep_merge"}
)

// IsHeatTemplateName reports whether a resource type name is a template
// file, as Heat tells it: by its ending.
func IsHeatTemplateName(name string) bool {
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".template")
}

// HeatTemplatePath is the file a template name written in the file at from
// leads to: a relative path, or "" for a URL.
func HeatTemplatePath(from, name string) string {
	if strings.Contains(name, "://") {
		if rest, ok := strings.CutPrefix(name, "file://"); ok && filepath.IsAbs(rest) {
			return filepath.Clean(rest)
		}
		return ""
	}
	if filepath.IsAbs(name) {
		return filepath.Clean(name)
	}
	return filepath.Join(filepath.Dir(from), filepath.FromSlash(path.Clean(name)))
}

// heatTemplateMapping is the value of a mapping: a template or a type.
func heatTemplateMapping() *Value { return ent(HeatMappingDef).withShort(ref(HeatResourceType)) }

func init() {
	HeatEnvironment.Keys = []*Key{
		key(HeatEnvParameters, VHeatEnv, &Value{Kind: MapOfValue, Elem: anyV(), KeyRef: HeatEnvParameter},
			"Values of the template's parameters, by name; a name the template lacks is an error at stack creation."),
		key(HeatEnvParameterDefs, VHeatEnv, &Value{Kind: MapOfValue, Elem: anyV(), KeyRef: HeatEnvParameter},
			"Defaults of parameters of every template of the stack (nested ones too) that has a parameter of that name; the others ignore them."),
		key(HeatEnvResourceRegistry, VHeatEnv, ent(HeatRegistryDef), "Maps resource type names onto templates or other types."),
		key("encrypted_param_names", VHeatEnv, refs(HeatEnvParameter), "The parameters whose values Heat stores encrypted."),
		key("event_sinks", VHeatEnv, listOf(ent(HeatEventSinkDef)), "Where Heat sends the stack's events."),
		key("parameter_merge_strategies", VHeatEnv, &Value{Kind: MapOfValue, Elem: enum(HeatMergeStrategies...), KeyRef: HeatEnvParameter},
			"How the values of a parameter given by several environments combine (`overwrite`, `merge`, `deep_merge`), by parameter name or `default`."),
	}
	HeatRegistryDef.Keys = []*Key{
		key(HeatRegistryResources, VHeatEnv, mapOf(ent(HeatRegistryResourceDef)), "Mappings, hooks and restricted actions for the resources of a given name."),
		key("base_url", VHeatEnv, str(), "Where the client looks for the templates the mappings name (read by the client, not by Heat)."),
	}
	HeatRegistryDef.Extra = heatTemplateMapping()
	HeatRegistryResourceDef.Keys = []*Key{
		key(HeatHooks, VHeatEnv, anyV(), "Breakpoints: one or a list of `pre-create`, `pre-update`, `pre-delete`, `post-create`, `post-update`, `post-delete`."),
		key(HeatRestrictedActions, VHeatEnv, anyV(), "Changes Heat refuses for these resources: `update`, `replace` or both."),
		key("base_url", VHeatEnv, str(), "Where the client looks for the templates these mappings name."),
	}
	HeatRegistryResourceDef.Extra = heatTemplateMapping()
	HeatEventSinkDef.Keys = []*Key{
		key("type", VHeatEnv, enum("zaqar-queue"), "The kind of sink: `zaqar-queue`.").reqAll(),
		key("target", VHeatEnv, str(), "The name of the queue.").reqAll(),
		key("ttl", VHeatEnv, number(), "How long, in seconds, the queue keeps an event."),
	}
}
