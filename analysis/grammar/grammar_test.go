package grammar

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// allEntities lists the entities reachable from ServiceTemplate.
func allEntities() []*Entity {
	var out []*Entity
	Walk(func(_ []string, e *Entity) { out = append(out, e) })
	return out
}

// eachValue calls fn for v and every value nested in it (not across entities).
func eachValue(v *Value, fn func(*Value)) {
	if v == nil {
		return
	}
	fn(v)
	eachValue(v.Elem, fn)
	for _, item := range v.Items {
		eachValue(item, fn)
	}
	eachValue(v.Short, fn)
}

func TestEntitiesWellFormed(t *testing.T) {
	for _, e := range allEntities() {
		if e.Name == "" || e.Doc == "" {
			t.Errorf("entity %q: missing Name or Doc", e.Name)
		}
		if e.TypeKey != "" {
			k := e.AnyKey(e.TypeKey)
			switch {
			case k == nil:
				t.Errorf("%s: TypeKey %q is not a keyname", e.Name, e.TypeKey)
			case k.Value.Kind != RefValue:
				t.Errorf("%s: type keyname %q is not a reference", e.Name, e.TypeKey)
			case k.Value.Ref != e.TypeKind && !(e.TypeKind == RelationshipType && k.Value.Ref == RelationshipTypeOrTemplate):
				t.Errorf("%s: type keyname refers to %v, TypeKind is %v", e.Name, k.Value.Ref, e.TypeKind)
			}
			if !e.TypeKind.IsType() {
				t.Errorf("%s: TypeKind %v is not a type kind", e.Name, e.TypeKind)
			}
		}
		if e.ExtraIn != None && e.Extra == nil {
			t.Errorf("%s: ExtraIn without Extra", e.Name)
		}
		checkValue := func(where string, v *Value) {
			if v == nil {
				t.Errorf("%s: nil value", where)
				return
			}
			eachValue(v, func(v *Value) {
				switch v.Kind {
				case EntityValue:
					if v.Entity == nil {
						t.Errorf("%s: EntityValue without Entity", where)
					}
				case MapOfValue, ListOfValue, NamedListValue:
					if (v.Elem == nil) == (v.Kind != ListOfValue || len(v.Items) == 0) {
						t.Errorf("%s: a collection needs Elem (or, for a list, Items instead)", where)
					}
				case RefValue:
					if v.Ref == NoRef {
						t.Errorf("%s: RefValue without Ref", where)
					}
				}
				if v.Kind != EntityValue && v.Entity != nil {
					t.Errorf("%s: Entity set on a non-entity value", where)
				}
				if v.AlsoMap && v.Kind != NamedListValue {
					t.Errorf("%s: AlsoMap on a non-named-list value", where)
				}
				if v.ShortIn != None && v.Short == nil {
					t.Errorf("%s: ShortIn without Short", where)
				}
				if len(v.Enum) > 0 && v.Kind != StringValue {
					t.Errorf("%s: Enum on a non-string value", where)
				}
			})
		}
		for _, k := range e.Keys {
			where := e.Name + "." + k.Name
			if k.Doc == "" {
				t.Errorf("%s: no Doc", where)
			}
			if k.In == None {
				t.Errorf("%s: exists in no version", where)
			}
			if k.Required&^k.In != 0 {
				t.Errorf("%s: Required %b is not within In %b", where, k.Required, k.In)
			}
			for _, u := range k.RequiredUnless {
				if e.AnyKey(u) == nil {
					t.Errorf("%s: RequiredUnless names unknown keyname %q", where, u)
				}
			}
			if k.Replaces != "" {
				// The replaced keyname is the draft form's, or one no
				// version has any more (CSD06's unit_symbol_map).
				if old := e.AnyKey(k.Replaces); old != nil && (k.In.Has(V2Draft) || !old.In.Has(V2Draft)) {
					t.Errorf("%s: replacing %q should be final-only and the replaced keyname should exist in the draft", where, k.Replaces)
				}
			}
			checkValue(where, k.Value)
		}
		if e.Extra != nil {
			checkValue(e.Name+".<extra>", e.Extra)
		}
		// No two keynames of the same name may exist in the same version,
		// and none is split between the two 2.0 forms: a file says
		// tosca_2_0 for both, so a lookup with V2 must find one keyname,
		// and a keyname both forms have must not betray either form.
		for i, a := range e.Keys {
			for _, b := range e.Keys[i+1:] {
				if a.Name != b.Name {
					continue
				}
				if a.In.Has(b.In) {
					t.Errorf("%s: keyname %q declared twice for versions %b", e.Name, a.Name, a.In&b.In)
				}
				if a.FormMarker() != FormUnknown || b.FormMarker() != FormUnknown {
					t.Errorf("%s: keyname %q is split between the 2020 draft and final 2.0", e.Name, a.Name)
				}
			}
		}
	}
}

func TestWalkVisitsEachEntityOnce(t *testing.T) {
	seen := map[*Entity]int{}
	var paths [][]string
	Walk(func(path []string, e *Entity) {
		seen[e]++
		paths = append(paths, path)
	})
	for e, n := range seen {
		if n != 1 {
			t.Errorf("%s visited %d times", e.Name, n)
		}
	}
	if len(paths) == 0 || len(paths[0]) != 0 {
		t.Fatalf("the first entity visited should be the root, got path %v", paths)
	}
	exported := []*Entity{
		ServiceTemplate, ImportDef, RepositoryDef, TopologyTemplateDef, ServiceTemplateDef,
		SubstitutionMappingsDef, PropertyMappingDef, AttributeMappingDef, CapabilityMappingDef, RequirementMappingDef,
		FunctionDef, FunctionSignatureDef,
		ArtifactTypeDef, DataTypeDef, CapabilityTypeDef, InterfaceTypeDef, RelationshipTypeDef, NodeTypeDef, GroupTypeDef, PolicyTypeDef,
		PropertyDef, AttributeDef, ParameterDef, InputDef, OutputDef, SchemaDef, CapabilityDef, RequirementDef,
		RequirementRelationshipDef, InterfaceDef, OperationDef, NotificationDef, ImplementationDef, ArtifactDef,
		NodeTemplateDef, RelationshipTemplateDef, GroupDef, PolicyDef, TriggerDef, TriggerConditionDef, EventFilterDef,
		ConditionClauseDef, AssertionDef, NodeFilterDef, CapabilityFilterDef, CapabilityAssign, RequirementAssign,
		RequirementRelationshipAssign, InterfaceAssign, OperationAssign, NotificationAssign, WorkflowDef, PreconditionDef,
		StepDef, ActivityDef, DelegateActivityDef, CallOperationActivityDef, InlineActivityDef, ConstraintClause,
	}
	for _, e := range exported {
		if seen[e] != 1 {
			t.Errorf("exported entity %q is not reachable from ServiceTemplate", e.Name)
		}
	}
	names := map[string]bool{}
	for e := range seen {
		if names[e.Name] {
			t.Errorf("two entities are called %q", e.Name)
		}
		names[e.Name] = true
	}
}

// sectionElem returns the element value of a map-like section of e.
func sectionElem(t *testing.T, e *Entity, name string, v Versions) *Value {
	t.Helper()
	k := e.Key(name, v)
	if k == nil {
		t.Fatalf("%s has no keyname %q in %b", e.Name, name, v)
	}
	if k.Value.Kind != MapOfValue && k.Value.Kind != NamedListValue {
		t.Fatalf("%s.%s is not a map or named list", e.Name, name)
	}
	return k.Value.Elem
}

func TestTypeSections(t *testing.T) {
	for _, kind := range TypeKinds {
		section := SectionOf(kind)
		if !strings.HasSuffix(section, "_types") {
			t.Fatalf("SectionOf(%v) = %q", kind, section)
		}
		k := ServiceTemplate.AnyKey(section)
		if k == nil || k.In != All {
			t.Fatalf("service template lacks %s in every version", section)
		}
		elem := sectionElem(t, ServiceTemplate, section, V1_0)
		if elem.Kind != EntityValue || elem.Entity.Declares != kind {
			t.Errorf("%s entries should declare %v", section, kind)
		}
		if d := elem.Entity.AnyKey("derived_from"); d == nil || d.Value.Ref != kind {
			t.Errorf("%s: derived_from should refer to %v", section, kind)
		}
		for _, common := range []string{"version", "metadata", "description"} {
			if elem.Entity.AnyKey(common) == nil {
				t.Errorf("%s entries lack %s", section, common)
			}
		}
	}
}

func TestDeclaringSections(t *testing.T) {
	cases := []struct {
		e       *Entity
		section string
		v       Versions
		kind    RefKind
	}{
		{ServiceTemplate, "repositories", All, Repository},
		{ServiceTemplate, "functions", V2Final, UserFunction},
		{TopologyTemplateDef, "inputs", V1_3, Input},
		{TopologyTemplateDef, "outputs", V1_3, Output},
		{TopologyTemplateDef, "node_templates", V1_0, NodeTemplate},
		{TopologyTemplateDef, "relationship_templates", V2Draft, RelationshipTemplate},
		{TopologyTemplateDef, "groups", V1_2, Group},
		{TopologyTemplateDef, "policies", V1_2, Policy},
		{TopologyTemplateDef, "workflows", V1_3, Workflow},
		{ServiceTemplateDef, "node_templates", V2Final, NodeTemplate},
		{ServiceTemplateDef, "inputs", V2Final, Input},
	}
	for _, c := range cases {
		elem := sectionElem(t, c.e, c.section, c.v)
		if elem.Entity == nil || elem.Entity.Declares != c.kind {
			t.Errorf("%s.%s entries should declare %v", c.e.Name, c.section, c.kind)
		}
		if SectionOf(c.kind) != c.section {
			t.Errorf("SectionOf(%v) = %q, want %q", c.kind, SectionOf(c.kind), c.section)
		}
	}
	// Only these sections declare names: nested maps of parameters do not.
	declaring := map[RefKind]int{}
	for _, e := range allEntities() {
		if e.Declares != NoRef {
			declaring[e.Declares]++
		}
	}
	for kind, n := range declaring {
		if n > 1 && kind != Input && kind != Output {
			t.Errorf("%d entities declare %v", n, kind)
		}
	}
	if OperationDef.Key("inputs", V1_3).Value.Elem.Entity.Declares != NoRef {
		t.Error("operation inputs must not declare topology inputs")
	}
}

func TestSpotChecks(t *testing.T) {
	cases := []struct {
		e     *Entity
		name  string
		v     Versions
		exist bool
	}{
		{NodeTemplateDef, "requirements", V1_3, true},
		{NodeTemplateDef, "count", V2Final, true},
		{NodeTemplateDef, "count", V2Draft, false},
		{NodeTemplateDef, "copy", V2Draft, true},
		{ServiceTemplate, "service_template", V2Final, true},
		{ServiceTemplate, "topology_template", V2Final, false},
		{ServiceTemplate, "topology_template", V2Draft, true},
		{ServiceTemplate, "topology_template", V1_0, true},
		{ServiceTemplate, "service_template", V2Draft, false},
		{ServiceTemplate, "profile", V2, true},
		{ServiceTemplate, "profile", V1_3, false},
		{ServiceTemplate, "namespace", V1_3, true},
		{ServiceTemplate, "namespace", V2, false},
		{ServiceTemplate, "template_name", V1_0, true},
		{ServiceTemplate, "template_name", V1_1, false},
		{ServiceTemplate, "functions", V2Final, true},
		{ServiceTemplate, "functions", V2Draft, false},
		{InterfaceTypeDef, "operations", V1_0, false},
		{InterfaceTypeDef, "operations", V1_2, false},
		{InterfaceTypeDef, "operations", V1_3, true},
		{InterfaceTypeDef, "notifications", V2, true},
		{RequirementDef, "count_range", V2Final, true},
		{RequirementDef, "count_range", V2Draft, false},
		{RequirementDef, "count_range", V1_3, false},
		{RequirementDef, "occurrences", V2Draft, true},
		{RequirementDef, "occurrences", V2Final, false},
		{DataTypeDef, "constraints", V2Draft, true},
		{DataTypeDef, "constraints", V2Final, false},
		{DataTypeDef, "validation", V2Final, true},
		{DataTypeDef, "key_schema", V1_2, false},
		{PropertyDef, "validation", V2Final, true},
		{PropertyDef, "external-schema", V1_3, true},
		{PropertyDef, "external-schema", V1_2, false},
		{CapabilityTypeDef, "valid_source_types", V1_3, true},
		{CapabilityTypeDef, "valid_source_node_types", V2Final, true},
		{CapabilityTypeDef, "valid_source_types", V2Final, false},
		{RelationshipTypeDef, "valid_target_types", V2Draft, true},
		{RelationshipTypeDef, "valid_capability_types", V2Final, true},
		{RelationshipTypeDef, "valid_target_types", V2Final, false},
		{ImportDef, "file", V1_3, true},
		{ImportDef, "file", V2, false},
		{ImportDef, "url", V2, true},
		{ImportDef, "namespace_prefix", V1_1, true},
		{RequirementAssign, "optional", V2Final, true},
		{RequirementAssign, "allocation", V2Final, true},
		{RequirementAssign, "count", V2Final, true},
		{RequirementAssign, "occurrences", V2Final, false},
		{OperationDef, "outputs", V1_1, false},
		{OperationDef, "outputs", V1_2, true},
		{OperationAssign, "outputs", V1_3, true},
		{ImplementationDef, "operation_host", V1_3, true},
		{ImplementationDef, "operation_host", V2Final, false},
		{ImplementationDef, "artifact", V2Final, false},
		{ImplementationDef, "artifact", V2Draft, false},
		{ArtifactDef, "deploy_path", V2Final, false},
		{ArtifactDef, "deploy_path", V2Draft, true},
		{ArtifactDef, "version", V2Final, true},
		{ArtifactDef, "artifact_version", V2Final, true},
		{AttributeDef, "status", V2Final, false},
		{AttributeDef, "status", V1_3, true},
		{PropertyDef, "status", V2Final, true},
		{InterfaceDef, "metadata", V2Final, true},
		{SchemaDef, "metadata", V2Final, true},
		{NotificationDef, "inputs", V2Final, true},
		{RequirementRelationshipDef, "attributes", V2Final, true},
		{ImplementationDef, "timeout", V1_2, false},
		{TopologyTemplateDef, "workflows", V1_0, false},
		{TopologyTemplateDef, "workflows", V1_1, true},
		{GroupTypeDef, "interfaces", V1_2, true},
		{GroupTypeDef, "interfaces", V1_3, false},
		{ArtifactDef, "checksum", V1_3, true},
		{ArtifactDef, "checksum", V1_2, false},
		{RepositoryDef, "credential", V1_3, true},
		{ParameterDef, "mapping", V2, true},
		{ParameterDef, "mapping", V1_3, false},
		{ConstraintClause, "not", V1_3, true},
		{ConstraintClause, "min_length", V2Final, false},
	}
	for _, c := range cases {
		if got := c.e.Key(c.name, c.v) != nil; got != c.exist {
			t.Errorf("%s.%s in %b: exists=%v, want %v", c.e.Name, c.name, c.v, got, c.exist)
		}
	}
	// Mandatory keynames.
	required := []struct {
		e    *Entity
		name string
		v    Versions
		want bool
	}{
		{ServiceTemplate, "tosca_definitions_version", V1_0, true},
		{ServiceTemplate, "tosca_definitions_version", V2Final, true},
		{NodeTemplateDef, "type", V1_3, true},
		{TopologyTemplateDef, "node_templates", V2Draft, true},
		{TopologyTemplateDef, "node_templates", V1_3, false},
		{ImportDef, "file", V1_0, false}, // named imports `- name: path` have no file keyname
		{ImportDef, "file", V1_2, true},
		{ImportDef, "url", V2, false}, // or profile: the index reports an import with neither
		{RepositoryDef, "url", V1_2, true},
		{RequirementDef, "capability", V2Final, true},
		{PropertyDef, "type", V1_1, true}, // NewOnly: refinements may omit it (testdata/trust/refinement-without-type)
		{AttributeDef, "type", V1_1, true},
		{CapabilityDef, "type", V2Draft, true},
		{ParameterDef, "type", V2Draft, false},
		{ArtifactDef, "file", V2Draft, true},
		{SubstitutionMappingsDef, "node_type", V1_2, true},
		{StepDef, "activities", V1_3, true},
		{FunctionDef, "signatures", V2Final, true},
	}
	for _, c := range required {
		k := c.e.Key(c.name, c.v)
		if k == nil {
			t.Errorf("%s.%s missing in %b", c.e.Name, c.name, c.v)
			continue
		}
		if got := k.Required.Has(c.v); got != c.want {
			t.Errorf("%s.%s required in %b = %v, want %v", c.e.Name, c.name, c.v, got, c.want)
		}
	}
	if k := NodeTemplateDef.Key("type", V1_3); len(k.RequiredUnless) != 1 || k.RequiredUnless[0] != "copy" {
		t.Errorf("node template type should be waived by copy, got %v", k.RequiredUnless)
	}
	// Short notations.
	shorts := []struct {
		v    *Value
		ver  Versions
		kind ValueKind
		ref  RefKind
	}{
		{ServiceTemplate.Key("imports", V1_3).Value.Elem, V1_3, RefValue, ImportURL},
		{ServiceTemplate.Key("repositories", V2).Value.Elem, V2, StringValue, NoRef},
		{NodeTypeDef.Key("capabilities", V1_0).Value.Elem, V1_0, RefValue, CapabilityType},
		{NodeTypeDef.Key("requirements", V1_0).Value.Elem, V1_0, RefValue, CapabilityType},
		{NodeTemplateDef.Key("requirements", V1_0).Value.Elem, V1_0, RefValue, NodeTemplate},
		{NodeTemplateDef.Key("requirements", V2Final).Value.Elem, V2Final, RefValue, NodeTypeOrTemplate},
		{NodeTypeDef.Key("artifacts", V1_0).Value.Elem, V1_0, RefValue, ArtifactFile},
		{RequirementDef.Key("relationship", V2).Value, V2, RefValue, RelationshipType},
		{RequirementAssign.Key("relationship", V2).Value, V2, RefValue, RelationshipTypeOrTemplate},
		{OperationDef.Key("implementation", V1_2).Value, V1_2, RefValue, ArtifactFile},
		{InterfaceTypeDef.Key("operations", V1_3).Value.Elem, V1_3, RefValue, ArtifactFile},
		{NodeTypeDef.Key("properties", V2Draft).Value.Elem, V2Draft, AnyValue, NoRef},
	}
	for i, s := range shorts {
		sh := s.v.ShortFor(s.ver)
		if sh == nil || sh.Kind != s.kind || sh.Ref != s.ref {
			t.Errorf("short #%d: got %+v", i, sh)
		}
	}
	// 1.x has no short notation for property definitions, but its texts'
	// normative types write one: it is read, and validate judges it.
	if NodeTypeDef.Key("properties", V1_3).Value.Elem.ShortFor(V1_3) == nil {
		t.Error("1.x property definitions should read a value alone")
	}
	// 1.0–1.2 interfaces hold operations directly.
	for _, e := range []*Entity{InterfaceTypeDef, InterfaceDef, InterfaceAssign} {
		if e.Extra == nil || e.ExtraIn&(V1x|V2) != V1_0|V1_1|V1_2 {
			t.Errorf("%s: operations should be direct keys in 1.0–1.2", e.Name)
		}
		if home := e.ExtraHome(V1_3); home != SectionOperations {
			t.Errorf("%s: operations written directly in 1.3 belong under %q, not %q", e.Name, SectionOperations, home)
		}
		if home := e.ExtraHome(V1_2); home != "" {
			t.Errorf("%s: 1.2 allows operations directly, yet ExtraHome is %q", e.Name, home)
		}
	}
	// Policies are a list of single-entry maps.
	if TopologyTemplateDef.Key("policies", V1_3).Value.Kind != NamedListValue {
		t.Error("policies should be a named list")
	}
	if NodeTypeDef.Key("requirements", V2Final).Value.Kind != NamedListValue {
		t.Error("requirements should be a named list")
	}
	if k := PropertyDef.Key("status", V1_0); len(k.Value.Enum) != 4 {
		t.Errorf("status enum = %v", k.Value.Enum)
	}
	if k := NodeTemplateDef.Key("directives", V2Final); !contains(k.Value.Elem.Enum, "create") || !contains(k.Value.Elem.Enum, "selectable") || contains(k.Value.Elem.Enum, "reuse") {
		t.Errorf("2.0 directives = %v, want create, select, substitute (CSD07 §7.2.1) and the 2020 draft's selectable, substitutable (CSD03 §4.8.3)", k.Value.Elem.Enum)
	}
	if k := NodeTemplateDef.Key("directives", V1_3); contains(k.Value.Elem.Enum, "create") || !contains(k.Value.Elem.Enum, "substitutable") {
		t.Errorf("1.x directives = %v", k.Value.Elem.Enum)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestVersionOf(t *testing.T) {
	cases := []struct {
		in   string
		want Versions
		ok   bool
	}{
		{"tosca_simple_yaml_1_0", V1_0, true},
		{"tosca_simple_yaml_1_1", V1_1, true},
		{"tosca_simple_yaml_1_2", V1_2, true},
		{"tosca_simple_yaml_1_3", V1_3, true},
		{"tosca_2_0", V2, true},
		{"tosca_simple_yaml_1_4", None, false},
		{"tosca_simple_yaml_1_2_0", None, false},
		{"tosca_variability_1_0", None, false},
		{"", None, false},
		{"TOSCA_2_0", None, false},
	}
	for _, c := range cases {
		got, ok := VersionOf(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("VersionOf(%q) = %b, %v; want %b, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	for _, s := range ToscaVersions {
		if _, ok := VersionOf(s); !ok {
			t.Errorf("ToscaVersions lists %q, which VersionOf does not know", s)
		}
	}
}

func TestFunctions(t *testing.T) {
	cases := []struct {
		name string
		v    Versions
		want bool
	}{
		{"get_input", V1_0, true},
		{"get_input", V1_3, true},
		{"get_input", V2Draft, true},
		{"get_input", V2Final, false},
		{"$get_input", V2Final, true},
		{"$get_input", V2Draft, false},
		{"$get_input", V1_3, false},
		{"join", V1_1, false},
		{"join", V1_2, true},
		{"concat", V1_0, true},
		{"get_operation_output", V1_0, true},
		{"get_nodes_of_type", V2Draft, true},
		{"$has_all_keys", V2Final, true},
		{"$node_index", V2Final, true},
		{"$value", V2Final, true},
		{"get_variability_input", V1_3, false},
		{"equal", V1_3, false},        // a constraint operator, not a function
		{"$in_range", V2Final, false}, // used in CSD06 examples, but not among its built-ins (§10.2)
	}
	for _, c := range cases {
		if got := IsFunctionName(c.name, c.v); got != c.want {
			t.Errorf("IsFunctionName(%q, %b) = %v, want %v", c.name, c.v, got, c.want)
		}
	}
	want := strings.Fields(`concat join token get_input get_property get_attribute get_operation_output get_nodes_of_type get_artifact
		$get_input $get_property $get_attribute $get_artifact $node_index $relationship_index $available_allocation
		$concat $join $token $union $intersection $sum $difference $product $quotient $remainder $round $floor $ceil
		$and $or $not $xor $equal $greater_than $greater_or_equal $less_than $less_or_equal $valid_values $matches
		$has_suffix $has_prefix $contains $has_entry $has_key $has_all_entries $has_all_keys $has_any_entry $has_any_key
		$length $value`)
	seen := map[string]bool{}
	for _, f := range Functions {
		if seen[f.Name] {
			t.Errorf("function %q listed twice", f.Name)
		}
		seen[f.Name] = true
		if FunctionNamed(f.Name, f.In) != f {
			t.Errorf("function %q is not found by its name", f.Name)
		}
		if f.Doc == "" || f.In == None {
			t.Errorf("function %q lacks Doc or In", f.Name)
		}
		if strings.HasPrefix(f.Name, "$") != (f.In == V2Final) {
			t.Errorf("function %q: $-names are exactly the final 2.0 functions (In %b)", f.Name, f.In)
		}
		for _, p := range f.Params {
			if p.Name == "" || p.Doc == "" {
				t.Errorf("function %q has a parameter without name or doc", f.Name)
			}
		}
		if f.Variadic && len(f.Params) == 0 {
			t.Errorf("variadic function %q has no parameter to repeat", f.Name)
		}
	}
	for _, n := range want {
		if !seen[n] {
			t.Errorf("function %q missing", n)
		}
	}
	for _, n := range []string{"get_input", "$get_input"} {
		f := FunctionNamed(n, All)
		if f == nil || len(f.Params) == 0 || f.Params[0].Ref != Input {
			t.Errorf("%s: first parameter should refer to an input", n)
		}
	}
	for name, final := range map[string]string{"get_input": "$get_input", "get_property": "$get_property", "concat": "$concat", "get_operation_output": "", "get_nodes_of_type": "", "$concat": ""} {
		got := ""
		if f := FunctionNamed(name, All).Final(); f != nil {
			got = f.Name
		}
		if got != final {
			t.Errorf("%s is replaced by %q in final 2.0, want %q", name, got, final)
		}
	}
	if f := FunctionNamed("get_nodes_of_type", V1_3); f.Params[0].Ref != NodeType {
		t.Error("get_nodes_of_type takes a node type")
	}
	if FunctionNamed("$concat", V2Final).FormMarker() != FormFinal || FunctionNamed("concat", V2Draft).FormMarker() != FormDraft {
		t.Error("function form markers")
	}
}

// TestPathArgs: the TOSCA path of final 2.0 (§10.3) and the arguments of
// the functions that start with one (§10.2.1). "{}" is a computed argument.
func TestPathArgs(t *testing.T) {
	cases := []struct {
		fn   string
		args string
		want bool
	}{
		{"$get_property", "SELF port", true},
		{"$get_property", "server port", true},
		{"$get_property", "server 0 port", true},
		{"$get_property", "SELF CAPABILITY host num_cpus", true},
		{"$get_property", "SELF RELATIONSHIP database_endpoint 0 CAPABILITY port", true},
		{"$get_property", "SELF RELATIONSHIP database_endpoint TARGET RELATIONSHIP host TARGET admin_credential", true},
		{"$get_property", "SELF TARGET value", true},        // SELF a relationship (§10.2.1.2)
		{"$get_property", "SELF CAPABILITY num_cpus", true}, // a node filter's SELF is the relationship (§8.8)
		{"$get_property", "SELF networks private addresses 0", true},
		{"$get_property", "{} ALL name", true},
		{"$get_property", "SELF", false},
		{"$get_property", "HOST port", false},
		{"$get_property", "TARGET value", false},
		{"$get_attribute", "SOURCE ip", false},
		{"$get_artifact", "SELF zip", true},
		{"$get_artifact", "SELF RELATIONSHIP host TARGET image", true},
		{"$get_artifact", "SELF zip LOCAL_FILE", false},
		{"$available_allocation", "SELF CAPABILITY host num_cpus", true},
		{"$available_allocation", "SELF RELATIONSHIP host CAPABILITY mem_size", true},
		{"$available_allocation", "SELF host num_cpus", false},
		{"$available_allocation", "SELF num_cpus", false},
		{"$concat", "SELF HOST", true}, // no path: not checked
		{"get_property", "HOST port", true},
	}
	for _, c := range cases {
		var args []PathArg
		for _, w := range strings.Fields(c.args) {
			args = append(args, PathArg{Word: w, Computed: w == "{}"})
		}
		fn := FunctionNamed(c.fn, All)
		if got := fn.MatchArgs(args); got != c.want {
			t.Errorf("%s: [ %s ] matches = %v, want %v", c.fn, c.args, got, c.want)
		}
	}
	// The parameter an argument binds to: the path as long as it goes.
	get := FunctionNamed("$get_property", V2Final)
	for _, c := range []struct {
		before string
		param  int
	}{{"", 0}, {"SELF", 1}, {"SELF CAPABILITY host", 1}, {"SELF RELATIONSHIP", 0}, {"SELF p", 2}, {"SELF p a b", 2}} {
		var before []PathArg
		for _, w := range strings.Fields(c.before) {
			before = append(before, PathArg{Word: w})
		}
		if got := get.ParamAt(before, len(before)); got != c.param {
			t.Errorf("ParamAt([ %s, ‸ ]) = %d, want %d", c.before, got, c.param)
		}
	}
}

func TestConstraintOperators(t *testing.T) {
	want := strings.Fields("equal greater_than greater_or_equal less_than less_or_equal in_range valid_values length min_length max_length pattern schema and or not")
	for _, n := range want {
		if ConstraintOperatorNamed(n, V1_3) == nil {
			t.Errorf("constraint operator %q missing in 1.3", n)
		}
		if ConstraintOperatorNamed(n, V2Final) != nil {
			t.Errorf("constraint operator %q should not exist in final 2.0", n)
		}
	}
	if len(ConstraintClause.Keys) != len(ConstraintOperators) {
		t.Errorf("constraint clause has %d keynames for %d operators", len(ConstraintClause.Keys), len(ConstraintOperators))
	}
	// Every comparison has a validation expression made of final 2.0
	// functions (and $in_range, as CSD06's examples write it); the boolean
	// operators and schema have none.
	calls := regexp.MustCompile(`\$[a-z_]+`)
	for _, op := range ConstraintOperators {
		switch op.Name {
		case "schema", "and", "or", "not", "condition":
			if op.Validation != "" {
				t.Errorf("%s has no mechanical validation expression, got %q", op.Name, op.Validation)
			}
			continue
		}
		if strings.Count(op.Validation, "%s") != 1 || !strings.HasPrefix(op.Validation, "{ $") {
			t.Errorf("%s: validation template %q", op.Name, op.Validation)
		}
		for _, name := range calls.FindAllString(op.Validation, -1) {
			if FunctionNamed(name, V2Final) == nil && name != "$in_range" {
				t.Errorf("%s: %s is no final 2.0 function", op.Name, name)
			}
		}
	}
	for _, name := range calls.FindAllString(ValidationAll, -1) {
		if FunctionNamed(name, V2Final) == nil {
			t.Errorf("ValidationAll: %s is no final 2.0 function", name)
		}
	}
	for i, op := range ConstraintOperators {
		k := ConstraintClause.Keys[i]
		if k.Name != op.Name || k.In != op.In {
			t.Errorf("constraint clause keyname %q does not match operator %q", k.Name, op.Name)
		}
	}
	if k := ConstraintClause.Key("in_range", V1_0); k.Value.Kind != RangeValue {
		t.Error("in_range takes a range")
	}
}

func TestRefKindNames(t *testing.T) {
	for r := NoRef + 1; r <= ModelableEntity; r++ {
		s := r.String()
		if s == "" || s == "unknown reference kind" {
			t.Errorf("RefKind %d has no name", r)
		}
	}
	if NodeType.String() != "node type" || NodeTemplate.String() != "node template" || Input.String() != "input" {
		t.Error("RefKind names")
	}
	for r, want := range map[RefKind]string{
		NodeType: "node_types", DataType: "data_types", NodeTemplate: "node_templates", Input: "inputs",
		Policy: "policies", Repository: "repositories", RequirementName: "requirements", ImportURL: "",
		NodeTypeOrTemplate: "",
	} {
		if got := SectionOf(r); got != want {
			t.Errorf("SectionOf(%v) = %q, want %q", r, got, want)
		}
	}
}

func TestNarrowVersions(t *testing.T) {
	for _, c := range []struct {
		v    Versions
		f    Form
		want Versions
	}{
		{V2, FormDraft, V2Draft}, {V2, FormFinal, V2Final}, {V2, FormMixed, V2}, {V2, FormUnknown, V2},
		{V1_3, FormFinal, V1_3}, {All, FormDraft, All},
	} {
		if got := NarrowVersions(c.v, c.f); got != c.want {
			t.Errorf("NarrowVersions(%b, %v) = %b, want %b", c.v, c.f, got, c.want)
		}
	}
}

func TestFormMarkers(t *testing.T) {
	cases := []struct {
		k    *Key
		want Form
	}{
		{ServiceTemplate.Key("topology_template", V2Draft), FormDraft},
		{ServiceTemplate.Key("service_template", V2Final), FormFinal},
		{ServiceTemplate.Key("functions", V2Final), FormFinal},
		{ServiceTemplate.Key("imports", V2), FormUnknown},
		{ServiceTemplate.Key("profile", V2), FormUnknown},
		{ServiceTemplate.Key("namespace", V1_3), FormUnknown},
		{DataTypeDef.Key("constraints", V2), FormDraft},
		{DataTypeDef.Key("validation", V2), FormFinal},
		{RequirementDef.Key("occurrences", V2), FormDraft},
		{RequirementDef.Key("count_range", V2), FormFinal},
		{NodeTemplateDef.Key("directives", V2Draft), FormUnknown},
		{NodeTemplateDef.Key("node_filter", V2Final), FormUnknown},
		{ImplementationDef.Key("operation_host", V2), FormDraft},
		{RequirementAssign.Key("count", V2), FormFinal},
		{NodeTemplateDef.Key("type", V2), FormUnknown},
	}
	for i, c := range cases {
		if c.k == nil {
			t.Errorf("case %d: no key", i)
			continue
		}
		if got := c.k.FormMarker(); got != c.want {
			t.Errorf("%s: FormMarker = %v, want %v", c.k.Name, got, c.want)
		}
	}
}

// ---------------------------------------------------------------------
// A small validator driven by the grammar, to check that real documents
// read as the grammar says: every keyname known, every mandatory keyname
// present, every value of the right shape.

type checker struct {
	v    Versions
	errs []string
}

func (c *checker) errorf(path []string, format string, args ...any) {
	c.errs = append(c.errs, strings.Join(path, "/")+": "+fmt.Sprintf(format, args...))
}

func isScalar(n any) bool {
	switch n.(type) {
	case map[string]any, []any, nil:
		return false
	}
	return true
}

// isCall reports whether n is a function call such as {get_input: x}.
func (c *checker) isCall(n any) bool {
	m, ok := n.(map[string]any)
	if !ok || len(m) != 1 {
		return false
	}
	for k := range m {
		return IsFunctionName(k, c.v) || (c.v.Has(V2Final) && strings.HasPrefix(k, "$"))
	}
	return false
}

func (c *checker) check(path []string, n any, val *Value) {
	if n == nil || val == nil {
		return
	}
	if s := val.ShortFor(c.v); s != nil {
		_, isMap := n.(map[string]any)
		if isScalar(n) && val.Kind != RefValue || (val.Kind == EntityValue && !isMap) || (val.Kind == RefValue && !isScalar(n)) {
			c.check(path, n, s)
			return
		}
	}
	if c.isCall(n) {
		return
	}
	switch val.Kind {
	case AnyValue:
	case StringValue, RefValue:
		if !isScalar(n) {
			c.errorf(path, "expected a scalar, found %T", n)
		} else if len(val.Enum) > 0 && !val.Open && !contains(val.Enum, fmt.Sprint(n)) {
			c.errorf(path, "%v is not one of %v", n, val.Enum)
		}
	case BoolValue:
		if _, ok := n.(bool); !ok {
			c.errorf(path, "expected a boolean, found %v", n)
		}
	case IntValue:
		switch n.(type) {
		case int, int64, uint64:
		default:
			c.errorf(path, "expected an integer, found %v", n)
		}
	case NumberValue:
		switch n.(type) {
		case int, int64, uint64, float64:
		default:
			c.errorf(path, "expected a number, found %v", n)
		}
	case RangeValue:
		if l, ok := n.([]any); !ok || len(l) != 2 {
			c.errorf(path, "expected a range, found %v", n)
		}
	case MapValue:
		if _, ok := n.(map[string]any); !ok {
			c.errorf(path, "expected a map, found %T", n)
		}
	case ListValue:
		if _, ok := n.([]any); !ok {
			c.errorf(path, "expected a list, found %T", n)
		}
	case EntityValue:
		c.entity(path, n, val.Entity)
	case MapOfValue:
		m, ok := n.(map[string]any)
		if !ok {
			c.errorf(path, "expected a map, found %T", n)
			return
		}
		for _, k := range sortedKeys(m) {
			c.check(append(path, k), m[k], val.Elem)
		}
	case ListOfValue:
		l, ok := n.([]any)
		if !ok {
			c.errorf(path, "expected a list, found %T", n)
			return
		}
		if len(val.Items) > 0 {
			if len(l) != len(val.Items) {
				c.errorf(path, "expected %d items, found %d", len(val.Items), len(l))
				return
			}
			for i, item := range l {
				c.check(append(path, fmt.Sprint(i)), item, val.Items[i])
			}
			return
		}
		for i, item := range l {
			c.check(append(path, fmt.Sprint(i)), item, val.Elem)
		}
	case NamedListValue:
		if m, ok := n.(map[string]any); ok && val.AlsoMap {
			c.check(path, m, mapOf(val.Elem))
			return
		}
		l, ok := n.([]any)
		if !ok {
			c.errorf(path, "expected a list of single-entry maps, found %T", n)
			return
		}
		for i, item := range l {
			m, ok := item.(map[string]any)
			if !ok || len(m) != 1 {
				c.errorf(append(path, fmt.Sprint(i)), "expected a single-entry map")
				continue
			}
			for k, v := range m {
				c.check(append(path, fmt.Sprint(i), k), v, val.Elem)
			}
		}
	}
}

func (c *checker) entity(path []string, n any, e *Entity) {
	m, ok := n.(map[string]any)
	if !ok {
		c.errorf(path, "expected a map of %s keynames, found %T", e.Name, n)
		return
	}
	for _, name := range sortedKeys(m) {
		k := e.Key(name, c.v)
		if k == nil {
			if e.Extra != nil && (e.ExtraIn == None || e.ExtraIn.Has(c.v)) {
				c.check(append(path, name), m[name], e.Extra)
				continue
			}
			c.errorf(path, "unknown keyname %q in %s", name, e.Name)
			continue
		}
		c.check(append(path, name), m[name], k.Value)
	}
	for _, k := range e.KeysIn(c.v) {
		// Whether a NewOnly keyname is needed depends on what the type
		// inherits, which this grammar-only check does not know.
		if !k.Required.Has(c.v) || k.NewOnly {
			continue
		}
		if _, ok := m[k.Name]; ok {
			continue
		}
		waived := false
		for _, u := range k.RequiredUnless {
			if _, ok := m[u]; ok {
				waived = true
			}
		}
		if !waived {
			c.errorf(path, "%s lacks mandatory keyname %q", e.Name, k.Name)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkDoc validates a YAML document against the grammar in version v.
func checkDoc(t *testing.T, src string, v Versions) []string {
	t.Helper()
	var doc any
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatalf("bad YAML: %v", err)
	}
	c := &checker{v: v}
	c.check(nil, doc, ent(ServiceTemplate))
	return c.errs
}

func TestReferenceProfiles(t *testing.T) {
	root := filepath.Join("..", "..", "..", "shared", "reference", "oasis-profiles")
	if _, err := os.Stat(root); err != nil {
		t.Skip("shared reference profiles not available")
	}
	for dir, v := range map[string]Versions{
		"simple-1.0": V1_0, "simple-1.1": V1_1, "simple-1.2": V1_2, "simple-1.3": V1_3,
		"simple-2.0": V2,
	} {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.yaml"))
		if len(files) == 0 {
			t.Errorf("no profile files in %s", dir)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range checkDoc(t, string(data), v) {
				t.Errorf("%s/%s: %s", dir, filepath.Base(f), e)
			}
		}
	}
	// The 2.0 profile is written in the 2020-draft form.
	files, _ := filepath.Glob(filepath.Join(root, "simple-2.0", "*.yaml"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, e := range checkDoc(t, string(data), V2Draft) {
			t.Errorf("simple-2.0/%s as draft: %s", filepath.Base(f), e)
		}
	}
}

// TestSpecExampleFixtures reads the project's completed examples of the
// 2020 draft (testdata/spec/valid) as both 2.0 and the draft form: the
// grammar must accept every one of them.
func TestSpecExampleFixtures(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "spec", "valid")
	if _, err := os.Stat(root); err != nil {
		t.Skip("spec example fixtures not available")
	}
	n := 0
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		rel, _ := filepath.Rel(root, path)
		for _, v := range []Versions{V2, V2Draft} {
			for _, e := range checkDoc(t, string(data), v) {
				t.Errorf("%s (%b): %s", rel, v, e)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no fixtures found")
	}
}

const doc10 = `
tosca_definitions_version: tosca_simple_yaml_1_0
template_name: sample
template_author: someone
description: A 1.0 sample.
imports:
  - base.yaml
  - extra_types: extra.yaml
  - more: { file: more.yaml, repository: repo }
repositories:
  repo: http://example.com/repo
  other: { url: http://example.com/other, description: another one }
node_types:
  my.Server:
    derived_from: tosca.nodes.Compute
    properties:
      port:
        type: integer
        default: 80
        constraints: [ { in_range: [ 1, 65535 ] } ]
      tags: { type: list, entry_schema: string, required: false, status: experimental }
    requirements:
      - db: tosca.capabilities.Endpoint.Database
      - host: { capability: tosca.capabilities.Container, relationship: tosca.relationships.HostedOn, occurrences: [ 1, 1 ] }
    capabilities:
      endpoint: tosca.capabilities.Endpoint
    interfaces:
      Standard:
        type: tosca.interfaces.node.lifecycle.Standard
        create: scripts/create.sh
        configure:
          implementation: { primary: scripts/configure.sh, dependencies: [ scripts/lib.sh ] }
          inputs:
            port: { get_property: [ SELF, port ] }
    artifacts:
      image: images/server.qcow2
interface_types:
  my.Maintenance:
    derived_from: tosca.interfaces.Root
    inputs:
      mode: { type: string }
    backup:
      description: Take a backup.
topology_template:
  inputs:
    port: { type: integer, default: 8080 }
  node_templates:
    server:
      type: my.Server
      properties:
        port: { get_input: port }
      requirements:
        - db: database
        - host:
            node: tosca.nodes.Compute
            node_filter:
              properties:
                - os: { equal: linux }
              capabilities:
                - host:
                    properties:
                      - num_cpus: { in_range: [ 1, 4 ] }
                      - mem_size: [ { greater_or_equal: 512 MB } ]
      interfaces:
        Standard:
          start: scripts/start.sh
    copy_of_server:
      copy: server
    database:
      type: tosca.nodes.Database
  groups:
    servers: { type: tosca.groups.Root, members: [ server ] }
  policies:
    - placement: { type: tosca.policies.Placement, targets: [ server ] }
  outputs:
    url: { description: Where to go., value: { get_attribute: [ server, public_address ] } }
  substitution_mappings:
    node_type: my.Service
    capabilities: { endpoint: [ server, endpoint ] }
    requirements: { db: [ server, db ] }
`

const doc13 = `
tosca_definitions_version: tosca_simple_yaml_1_3
namespace: http://example.com/ns
metadata: { template_name: sample, template_version: 1.0.0 }
imports:
  - file: types.yaml
    namespace_prefix: t
data_types:
  my.Labels:
    derived_from: map
    key_schema: { type: string, constraints: [ { min_length: 1 } ] }
    entry_schema: { type: string, constraints: [ { or: [ { equal: a }, { equal: b } ] } ] }
interface_types:
  my.Lifecycle:
    derived_from: tosca.interfaces.Root
    operations:
      deploy: { description: Deploy it. }
    notifications:
      ready: { description: It is ready. }
node_types:
  my.App:
    derived_from: tosca.nodes.SoftwareComponent
    properties:
      cfg: { type: json, external-schema: schema.json, metadata: { a: b } }
    interfaces:
      Standard:
        type: tosca.interfaces.node.lifecycle.Standard
        operations:
          configure:
            implementation:
              primary: { file: scripts/configure.sh, type: tosca.artifacts.Implementation.Bash, checksum: abc, checksum_algorithm: SHA-256 }
              timeout: 60
              operation_host: HOST
            outputs:
              ip: [ SELF, private_address ]
policy_types:
  my.Scaling:
    derived_from: tosca.policies.Scaling
    targets: [ my.App ]
    triggers:
      scale_up:
        event: my.Lifecycle.ready
        schedule: { start_time: 2020-01-01T00:00:00Z }
        condition:
          - my_load: [ { greater_than: 80 } ]
        action:
          - call_operation: Standard.configure
topology_template:
  node_templates:
    app:
      type: my.App
      directives: [ substitutable ]
      capabilities:
        feature: { properties: { a: 1 }, occurrences: 2 }
      requirements:
        - host: { node: server, occurrences: 1, relationship: { type: tosca.relationships.HostedOn, properties: { a: b } } }
      interfaces:
        Standard:
          operations:
            start: scripts/start.sh
            stop:
              implementation: scripts/stop.sh
              outputs: { code: [ SELF, exit_code ] }
    server:
      type: tosca.nodes.Compute
  workflows:
    upgrade:
      description: Upgrade the app.
      inputs: { version: { type: string } }
      preconditions:
        - target: app
          condition:
            - state: [ { equal: started } ]
            - not: [ { state: [ { equal: error } ] } ]
      steps:
        stop_app:
          target: app
          activities:
            - call_operation: { operation: Standard.stop, inputs: { force: true } }
            - set_state: configured
          on_success: [ start_app ]
        start_app:
          target: app
          activities:
            - inline: other
            - delegate: deploy
    other:
      implementation: workflows/other.bpmn
`

const docDraft = `
tosca_definitions_version: tosca_2_0
profile: com.example.sample:1.0
imports:
  - profile: org.oasis-open.tosca.simple:2.0
    namespace: s
  - url: types.yaml
    repository: repo
repositories:
  repo: { url: http://example.com }
capability_types:
  Endpoint.Admin:
    derived_from: s:Endpoint
    properties:
      secure: true
node_types:
  App:
    derived_from: s:SoftwareComponent
    requirements:
      - host: { capability: s:Compute, node_filter: { properties: [ { a: { equal: 1 } } ] }, occurrences: [ 1, UNBOUNDED ] }
    interfaces:
      Standard:
        type: s:Standard
        operations:
          create:
            implementation: create.sh
            outputs:
              id: { type: string, mapping: [ SELF, id ] }
              ip: [ SELF, ip ]
relationship_types:
  MyHostedOn:
    valid_target_types: [ s:Compute ]
topology_template:
  inputs:
    n: { type: integer, constraints: [ { greater_than: 0 } ] }
  node_templates:
    app:
      type: App
      directives: [ select ]
      node_filter: { properties: [ { version: { equal: 2 } } ] }
      requirements:
        - host: { node: s:Compute, occurrences: 1 }
  outputs:
    id: { get_attribute: [ app, id ] }
`

const docFinal = `
tosca_definitions_version: tosca_2_0
profile: com.example.sample:2.0
imports:
  - url: types.yaml
    description: My types.
functions:
  double:
    signatures:
      - arguments: [ integer ]
        result: integer
        implementation: double.py
data_types:
  Positive:
    derived_from: integer
    validation: { $greater_than: [ $value, 0 ] }
capability_types:
  Host:
    valid_source_node_types: [ App ]
    valid_relationship_types: [ HostedOn ]
relationship_types:
  HostedOn:
    valid_capability_types: [ Host ]
    valid_target_node_types: [ Server ]
node_types:
  App:
    properties:
      n: { type: Positive, validation: { $less_than: [ $value, 10 ] } }
    requirements:
      - host: { capability: Host, relationship: HostedOn, count_range: [ 1, 1 ], node_filter: { $equal: [ 1, 1 ] } }
    interfaces:
      Standard:
        type: Standard
        operations:
          create:
            implementation: { primary: create.sh, timeout: 10 }
service_template:
  inputs:
    n: { type: Positive }
  node_templates:
    app:
      type: App
      count: 2
      directives: [ create, select ]
      properties:
        n: { $get_input: n }
      requirements:
        - host: { node: server, count: 1, optional: true, directives: [ internal ], allocation: { properties: { mem: 1 GB } } }
      capabilities:
        feature: { directives: [ external ] }
    server:
      type: Server
  workflows:
    w:
      precondition: { $equal: [ 1, 1 ] }
      steps:
        s:
          target: app
          filter: { $equal: [ 1, 1 ] }
          activities: [ { set_state: started } ]
`

func TestSampleDocuments(t *testing.T) {
	for _, c := range []struct {
		name string
		doc  string
		v    Versions
	}{
		{"1.0", doc10, V1_0},
		{"1.3", doc13, V1_3},
		{"2.0 draft", docDraft, V2Draft},
		{"2.0 draft as 2.0", docDraft, V2},
		{"2.0 final", docFinal, V2Final},
		{"2.0 final as 2.0", docFinal, V2},
	} {
		for _, e := range checkDoc(t, c.doc, c.v) {
			t.Errorf("%s: %s", c.name, e)
		}
	}
}

func TestSampleDocumentErrors(t *testing.T) {
	cases := []struct {
		name string
		doc  string
		v    Versions
		want []string
	}{
		{"template_name is top-level only in 1.0", strings.Replace(doc10, "tosca_simple_yaml_1_0", "tosca_simple_yaml_1_1", 1), V1_1,
			[]string{`unknown keyname "template_name"`, `unknown keyname "template_author"`}},
		{"operations in a 1.0 interface type", `
tosca_definitions_version: tosca_simple_yaml_1_0
interface_types:
  I:
    operations:
      create: { description: x }
`, V1_0, []string{`unknown keyname "create" in operation definition`}},
		{"draft keynames in final 2.0", docDraft, V2Final, []string{
			`unknown keyname "topology_template"`, `unknown keyname "occurrences" in requirement definition`,
			`unknown keyname "valid_target_types"`,
		}},
		{"final keynames in the draft", docFinal, V2Draft, []string{
			`unknown keyname "service_template"`, `unknown keyname "functions"`, `unknown keyname "validation"`,
			`unknown keyname "count_range"`,
		}},
		{"final keynames in 1.3", `
tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
  N:
    requirements:
      - r: { capability: C, count_range: [ 1, 2 ] }
topology_template:
  node_templates:
    n: { description: no type }
    m: { type: N, directives: [ select ] }
`, V1_3, []string{`unknown keyname "count_range"`, `node template lacks mandatory keyname "type"`}},
		{"bad shapes", `
tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - file: a.yaml
  - repository: r
node_types:
  N:
    properties:
      p: { type: string, required: maybe }
    requirements:
      r: C
`, V1_2, []string{`expected a boolean`, `import definition lacks mandatory keyname "file"`, `expected a list of single-entry maps`}},
	}
	for _, c := range cases {
		errs := strings.Join(checkDoc(t, c.doc, c.v), "\n")
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: expected an error containing %q; got:\n%s", c.name, w, errs)
			}
		}
		if errs == "" {
			t.Errorf("%s: expected errors", c.name)
		}
	}
}
