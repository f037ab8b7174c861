package grammar

import (
	"slices"
	"strings"
	"testing"
)

// TestVariabilityKeynames: Variability4TOSCA's keynames exist in its
// versions only (variability.go's init runs after the 1.3 tables), and a
// keyname it replaces is listed once, as its own.
func TestVariabilityKeynames(t *testing.T) {
	v4t := V1_3 | VVariability
	for _, tc := range []struct {
		e    *Entity
		name string
		in   Versions
		want bool
	}{
		{NodeTemplateDef, KeyConditions, v4t, true},
		{NodeTemplateDef, KeyConditions, V1_3, false},
		{RequirementAssign, KeyConditions, v4t, true},
		{GroupDef, KeyConditions, v4t, true},
		{PolicyDef, KeyConditions, v4t, true},
		{ArtifactDef, KeyConditions, v4t, true},
		{InputDef, KeyConditions, v4t, true},
		{OutputDef, KeyConditions, v4t, true},
		{ImportDef, KeyConditions, v4t, true},
		{ConditionalTypeDef, KeyConditions, v4t, true},
		{ConditionalPropertyDef, KeyConditions, v4t, true},
		{NodeTemplateDef, "managed", v4t, true},
		{NodeTemplateDef, "anchor", v4t, true},
		{NodeTemplateDef, "persistent", v4t, false},
		{RequirementAssign, "implied", v4t, true},
		{TopologyTemplateDef, KeyVariability, v4t, true},
		{TopologyTemplateDef, KeyVariability, V2Draft, false},
		{VariabilityDef, KeyOptions, v4t, true},
		{VariabilityDef, "qualities", v4t, true},
		{VariabilityDef, "type_specific_conditions", v4t, true},
		{VariabilityOptionsDef, "mode", v4t, true},
		{VariabilityOptionsDef, "unique_technology_constraint", v4t, true},
		{VariabilityOptionsDef, "node_default_condition_mode", v4t, true},
	} {
		if got := tc.e.Key(tc.name, tc.in) != nil; got != tc.want {
			t.Errorf("%s.Key(%q, %b) present = %v, want %v", tc.e.Name, tc.name, tc.in, got, tc.want)
		}
	}
	for _, e := range []*Entity{GroupDef, NodeTemplateDef, TopologyTemplateDef} {
		for _, name := range []string{KeyMembers, KeyType, SectionProperties, "node_templates"} {
			if e.AnyKey(name) == nil {
				continue
			}
			if k := e.Key(name, v4t); k == nil || !k.dialectOnly() {
				t.Errorf("%s.%s in Variability4TOSCA: %+v, want the dialect's keyname", e.Name, name, k)
			}
			if k := e.Key(name, V1_3); k == nil || k.dialectOnly() {
				t.Errorf("%s.%s in 1.3: %+v, want TOSCA's keyname", e.Name, name, k)
			}
			n := 0
			for _, k := range e.KeysIn(v4t) {
				if k.Name == name {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s: KeysIn lists %s %d times", e.Name, name, n)
			}
		}
	}
	// The current specification makes variability inputs optional (the
	// seed made them mandatory); a node template's type stays mandatory
	// unless it is a copy.
	if VariabilityDef.Key(SectionInputs, v4t).Required.Has(v4t) {
		t.Error("variability inputs are optional")
	}
	if k := NodeTemplateDef.Key(KeyType, v4t); !k.Required.Has(v4t) || len(k.RequiredUnless) != 1 {
		t.Errorf("node template type: required %b unless %v", k.Required, k.RequiredUnless)
	}
	// Options: booleans, enumerations, and modes joined with `-`.
	if k := VariabilityOptionsDef.Key("mode", v4t); !k.Value.Allows("semantic-loose") || k.Value.Allows("semantic") {
		t.Error("mode is an enumeration of whole names")
	}
	if k := VariabilityOptionsDef.Key("node_default_condition_mode", v4t); !k.Value.Allows("incomingnaive-artifact-host") || k.Value.Allows("incoming-nothing") {
		t.Error("node_default_condition_mode joins modes with -")
	}
	if k := VariabilityOptionsDef.Key("checks", v4t); k.Value.Kind != BoolValue || !strings.Contains(k.Doc, "`false` in rc_3") {
		t.Errorf("checks: %v %q", k.Value.Kind, k.Doc)
	}
}

// TestVariabilityOperators: the operators of the current specification
// and the seed's, each once, with the shapes the analysis relies on.
func TestVariabilityOperators(t *testing.T) {
	seen := map[string]bool{}
	for _, op := range VariabilityOperators {
		if seen[op.Name] {
			t.Errorf("operator %q listed twice", op.Name)
		}
		seen[op.Name] = true
		if op.In != V4T || op.Doc == "" {
			t.Errorf("%s: in %b, doc %q", op.Name, op.In, op.Doc)
		}
	}
	for _, name := range []string{"variability_input", "logic_expression", "value_expression", "node_presence", "source_presence",
		"target_presence", "relation_presence", "policy_presence", "group_presence", "artifact_presence", "has_present_target",
		"has_incoming_relation", "less", "greater", "weekday", "exo", "amo", "implies", "valid_values", "sum", "within",
		"get_variability_input", "get_variability_expression", "get_variability_condition", "greater_than", "less_than"} {
		if !seen[name] {
			t.Errorf("operator %q missing", name)
		}
	}
	for _, tc := range []struct {
		fn            *Function
		reads, isBool bool
	}{
		{LogicExpressionOp, true, true}, {GetVariabilityCondition, true, true},
		{ValueExpressionOp, true, false}, {GetVariabilityExpression, true, false}, {VariabilityInputOp, false, false},
	} {
		if r, b := tc.fn.ReadsExpression(); r != tc.reads || b != tc.isBool {
			t.Errorf("%s reads %v boolean %v", tc.fn.Name, r, b)
		}
	}
	for _, name := range []string{"node.web", "property.size@0.node.web", "import.0"} {
		if !ElementIdentifier(name) {
			t.Errorf("%q is an element identifier", name)
		}
	}
	for _, name := range []string{"mode", "node", "node.", "web.node"} {
		if ElementIdentifier(name) {
			t.Errorf("%q is no element identifier", name)
		}
	}
}

// TestBaseKeynamesDisjoint: keynames of one name in TOSCA's own versions
// never overlap, so that only a dialect's keyname replaces another.
func TestBaseKeynamesDisjoint(t *testing.T) {
	for _, e := range allEntities() {
		seen := map[string]Versions{}
		for _, k := range e.Keys {
			if k.dialectOnly() {
				continue
			}
			if seen[k.Name]&k.In != 0 {
				t.Errorf("%s: keyname %q defined twice in %b", e.Name, k.Name, seen[k.Name]&k.In)
			}
			seen[k.Name] |= k.In
		}
	}
}

func TestDialectsOfVersions(t *testing.T) {
	for _, tc := range []struct {
		lang    Language
		version string
		grammar Versions
		lenient bool
	}{
		{TOSCA, "tosca_variability_1_0", V1_3 | VVariability, false},
		{TOSCA, "tosca_variability_1_0_rc_2", V1_3 | VVariability, false},
		{TOSCA, "tosca_variability_1_0_rc_3", V1_3 | VVariability, false},
		{Heat, "2013-05-23", VHeat2013, false},
		{Heat, "queens", VHeatQueens, false},
		{Heat, "2018-03-02", VHeatQueens, false},
		{CSARMeta, "2.0", VCSARMeta, false},
	} {
		d := DialectOf(tc.lang, tc.version)
		if d == nil || d.Grammar != tc.grammar || d.Lenient != tc.lenient {
			t.Errorf("DialectOf(%s, %q) = %+v", tc.lang, tc.version, d)
		}
	}
	for _, unknown := range []string{"", "kilo", "2013-05-24"} {
		if d := DialectOf(Heat, unknown); d != nil {
			t.Errorf("DialectOf(Heat, %q) = %s, want none (release names only from Newton)", unknown, d.Title)
		}
	}
}

// TestHeatFunctionsPerVersion: each template version has its own set.
func TestHeatFunctionsPerVersion(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Versions
		want bool
	}{
		{"get_param", VHeat2013, true},
		{"Fn::Select", VHeatJuno, true},
		{"Fn::Select", VHeatKilo, true},
		{"Fn::Select", VHeatLiberty, false},
		{"repeat", VHeat2013, false},
		{"repeat", VHeatKilo, true},
		{"str_split", VHeatKilo, false},
		{"str_split", VHeatLiberty, true},
		{"if", VHeatMitaka, false},
		{"if", VHeatWallaby, true},
		{"contains", VHeatOcata, false},
		{"contains", VHeatPike, true},
		{"get_param", V1_3, false},
		{"get_variability_input", V1_3 | VVariability, true},
	} {
		if got := FunctionNamed(tc.name, tc.in) != nil; got != tc.want {
			t.Errorf("FunctionNamed(%q, %b) = %v, want %v", tc.name, tc.in, got, tc.want)
		}
	}
	if got := HeatVersionName(HeatFunctionAnyVersion("map_merge").In); got != "2016-04-08" {
		t.Errorf("map_merge since %q", got)
	}
	if !IsBuiltin(HeatParameter, "OS::stack_id") || IsBuiltin(HeatResource, "OS::stack_id") {
		t.Error("pseudo parameters are parameters")
	}
}

// TestVersionValues: completion's values of each language's version
// keyname name dialects of the language (Heat by date and release name);
// CSAR metadata has none of its own.
func TestVersionValues(t *testing.T) {
	for _, tc := range []struct {
		lang        Language
		has, hasNot []string
	}{
		{TOSCA, []string{"tosca_simple_yaml_1_3", "tosca_2_0", "tosca_variability_1_0", "tosca_variability_1_0_rc_2"}, []string{"tosca_simple_profile_for_nfv_1_0"}},
		{Heat, []string{"2013-05-23", "2016-10-14", "newton", "wallaby"}, []string{"juno", "tosca_2_0"}},
		{CSARMeta, nil, []string{"2.0"}},
	} {
		values := tc.lang.VersionValues()
		for _, v := range values {
			if DialectOf(tc.lang, v) == nil {
				t.Errorf("%s: %q names no dialect", tc.lang, v)
			}
		}
		for _, v := range tc.has {
			if !slices.Contains(values, v) {
				t.Errorf("%s: %q is not offered: %v", tc.lang, v, values)
			}
		}
		for _, v := range tc.hasNot {
			if slices.Contains(values, v) {
				t.Errorf("%s: %q is offered", tc.lang, v)
			}
		}
	}
}

// TestNamedSignatures: a function whose arguments are named is written
// with a map of them, and its parameters are found by name.
func TestNamedSignatures(t *testing.T) {
	fn := FunctionNamed("str_replace", VHeatQueens)
	if got := fn.Signature(); got != "str_replace: { template, params }" {
		t.Errorf("signature %q", got)
	}
	if fn.ParamIndex("params") != 1 || fn.ParamIndex("template") != 0 || fn.ParamIndex("x") != -1 {
		t.Errorf("parameter indexes %d %d %d", fn.ParamIndex("params"), fn.ParamIndex("template"), fn.ParamIndex("x"))
	}
	if got := FunctionNamed("get_param", VHeatQueens).Signature(); got != "get_param: [ parameter, key_or_index… ]" {
		t.Errorf("signature %q", got)
	}
}
