package grammar

import (
	"slices"
	"testing"
)

// TestVariabilityKeynames: Variability4TOSCA's keynames exist in its
// versions only (variability.go's init runs after the 1.3 tables), and a
// keyname it replaces is listed once, as its own.
func TestVariabilityKeynames(t *testing.T) {
	final, rc := V1_3|VVariability, V1_3|VVariabilityRC
	for _, tc := range []struct {
		e    *Entity
		name string
		in   Versions
		want bool
	}{
		{NodeTemplateDef, KeyConditions, final, true},
		{NodeTemplateDef, KeyConditions, V1_3, false},
		{RequirementAssign, KeyConditions, final, true},
		{GroupDef, KeyConditions, final, true},
		{PolicyDef, KeyConditions, final, false},
		{PolicyDef, KeyConditions, rc, true},
		{NodeTemplateDef, "managed", rc, true},
		{NodeTemplateDef, "managed", final, false},
		{TopologyTemplateDef, "variability", final, true},
		{TopologyTemplateDef, "variability", V2Draft, false},
	} {
		if got := tc.e.Key(tc.name, tc.in) != nil; got != tc.want {
			t.Errorf("%s.Key(%q, %b) present = %v, want %v", tc.e.Name, tc.name, tc.in, got, tc.want)
		}
	}
	if k := GroupDef.Key(KeyMembers, final); k == nil || !k.dialectOnly() {
		t.Errorf("group members in Variability4TOSCA: %+v, want the dialect's keyname", k)
	}
	if k := GroupDef.Key(KeyMembers, V1_3); k == nil || k.dialectOnly() {
		t.Errorf("group members in 1.3: %+v, want TOSCA's keyname", k)
	}
	n := 0
	for _, k := range GroupDef.KeysIn(final) {
		if k.Name == KeyMembers {
			n++
		}
	}
	if n != 1 {
		t.Errorf("KeysIn lists members %d times", n)
	}
	if !VariabilityDef.Key("inputs", final).Required.Has(final) || VariabilityDef.Key("inputs", rc).Required.Has(rc) {
		t.Error("variability inputs are mandatory in the final version only")
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
		{TOSCA, "tosca_variability_1_0_rc_2", V1_3 | VVariabilityRC, true},
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
	if d := DialectOf(TOSCA, "tosca_variability_1_0_rc_3"); d.Final != "tosca_variability_1_0" {
		t.Errorf("rc_3 final %q", d.Final)
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
// keyname name dialects of the language (final versions only; Heat by date
// and release name); CSAR metadata has none of its own.
func TestVersionValues(t *testing.T) {
	for _, tc := range []struct {
		lang        Language
		has, hasNot []string
	}{
		{TOSCA, []string{"tosca_simple_yaml_1_3", "tosca_2_0", "tosca_variability_1_0"}, []string{"tosca_variability_1_0_rc_2", "tosca_simple_profile_for_nfv_1_0"}},
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
