package grammar

import (
	"slices"
	"testing"
)

// TestProcessorKeynames: each processor's additions exist in its grammar
// only (the inits of unfurl.go, ubicity.go and the puccini key service.go
// builds run after the tables they add to).
func TestProcessorKeynames(t *testing.T) {
	for _, tc := range []struct {
		e    *Entity
		name string
		in   Versions
		want bool
	}{
		{InterfaceDef, "defaults", V1_3 | VUnfurl, true},
		{InterfaceDef, "defaults", V1_3, false},
		{InterfaceAssign, "defaults", V1_3 | VUnfurl, true},
		{ImplementationDef, "environment", V1_3 | VUnfurl, true},
		{ImplementationDef, "environment", V1_3 | VPuccini, false},
		{RelationshipTypeDef, "kind", V2 | VUbicity, true},
		{RelationshipTypeDef, "kind", V2, false},
		{UnfurlDefaults, "implementation", V1_3 | VUnfurl, true},
	} {
		if got := tc.e.Key(tc.name, tc.in) != nil; got != tc.want {
			t.Errorf("%s.Key(%q, %b) present = %v, want %v", tc.e.Name, tc.name, tc.in, got, tc.want)
		}
	}
	if k := ServiceTemplate.Key(KeyMetadata, V1_3|VPuccini); k == nil || len(k.Value.Prefixed) == 0 {
		t.Error("puccini's metadata declares scriptlets")
	}
	if k := ServiceTemplate.Key(KeyMetadata, V1_3); k == nil || len(k.Value.Prefixed) != 0 {
		t.Error("TOSCA's metadata declares nothing")
	}
	if InterfaceDef.ExtraFor(V1_3|VUnfurl) == nil || InterfaceDef.ExtraFor(V1_3) != nil {
		t.Error("operations directly under an interface: Unfurl's in 1.3")
	}
	for _, name := range []string{UnfurlEval, "q"} {
		if fn := FunctionNamed(name, V1_3|VUnfurl); fn == nil || !fn.Opaque || FunctionNamed(name, V1_3) != nil {
			t.Errorf("%s: Unfurl's opaque function only", name)
		}
	}
}

// TestScriptletDeclarations: the metadata keys puccini reads declare
// functions and constraint operators named by the rest of the key.
func TestScriptletDeclarations(t *testing.T) {
	v := ServiceTemplate.Key(KeyMetadata, V1_3|VPuccini).Value
	for _, tc := range []struct {
		key  string
		e    *Entity
		name string
	}{
		{"puccini.scriptlet:tosca.function.in_bed", ScriptletFunctionDef, "in_bed"},
		{"puccini.scriptlet.import:tosca.function.double", ScriptletFunctionDef, "double"},
		{"puccini.scriptlet:tosca.constraint.multiple_of", ScriptletConstraintDef, "multiple_of"},
		{"puccini.scriptlet:tosca.function.", nil, ""},
		{"puccini.scriptlet:tosca.converter.json", nil, ""},
		{"template_name", nil, ""},
	} {
		e, name, at := v.Declared(tc.key)
		if e != tc.e || name != tc.name || e != nil && tc.key[at:] != name {
			t.Errorf("%s: got %v %q at %d, want %v %q", tc.key, e, name, at, tc.e, tc.name)
		}
	}
}

// TestJudge: what a processor adds is accepted where it reads the file, a
// warning under auto where it does not (and where the text forbids it
// outright), an error under strict or another processor.
func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		setting  ProcessorSetting
		inEffect []*Processor
		warn     bool
		want     Judgement
	}{
		{ProcessorAuto, []*Processor{Unfurl}, false, Accepted},
		{ProcessorAuto, []*Processor{Unfurl}, true, Warned},
		{ProcessorAuto, nil, false, Warned},
		{ProcessorAuto, []*Processor{Puccini}, false, Warned},
		{ProcessorSetting("unfurl"), []*Processor{Unfurl}, false, Accepted},
		{ProcessorSetting("puccini"), []*Processor{Puccini}, false, Refused},
		{ProcessorStrict, nil, true, Refused},
	} {
		if got := Judge(tc.setting, tc.inEffect, Unfurl, tc.warn); got != tc.want {
			t.Errorf("Judge(%s, %v, Unfurl, %v) = %d, want %d", tc.setting, tc.inEffect, tc.warn, got, tc.want)
		}
	}
}

// TestProcessorSettings: the setting's values, in the documented order,
// parsed case-blind; the empty value is auto.
func TestProcessorSettings(t *testing.T) {
	if got, want := ProcessorSettings(), []string{"auto", "vintner", "unfurl", "xopera", "puccini", "strict"}; !slices.Equal(got, want) {
		t.Errorf("ProcessorSettings() = %v, want %v", got, want)
	}
	for in, want := range map[string]ProcessorSetting{"": ProcessorAuto, " Unfurl ": "unfurl", "STRICT": ProcessorStrict} {
		if got, ok := ParseProcessorSetting(in); !ok || got != want {
			t.Errorf("ParseProcessorSetting(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParseProcessorSetting("ubicity"); ok {
		t.Error("Ubicity is no setting")
	}
	if ProcessorSetting("unfurl").Chosen() != Unfurl || ProcessorAuto.Chosen() != nil {
		t.Error("Chosen")
	}
	if RepositoryProcessor("unfurl") != Unfurl || RepositoryProcessor("std") != nil {
		t.Error("RepositoryProcessor")
	}
	if ForeignLanguage("cloudify_dsl_1_3") == "" || ForeignLanguage("tosca_simple_yaml_1_3") != "" {
		t.Error("ForeignLanguage")
	}
}
