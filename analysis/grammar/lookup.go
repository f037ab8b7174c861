package grammar

import (
	"strings"
	"sync"
)

// VersionOf maps a tosca_definitions_version value to the dialect versions
// it selects. "tosca_2_0" selects both 2.0 forms (V2): which one a file
// uses is told by the keynames it contains (see Key.FormMarker).
func VersionOf(tdv string) (Versions, bool) {
	switch strings.TrimSpace(tdv) {
	case "tosca_simple_yaml_1_0":
		return V1_0, true
	case "tosca_simple_yaml_1_1":
		return V1_1, true
	case "tosca_simple_yaml_1_2":
		return V1_2, true
	case "tosca_simple_yaml_1_3":
		return V1_3, true
	case "tosca_2_0":
		return V2, true
	}
	return None, false
}

var refNames = map[RefKind]string{
	NoRef:                      "",
	ArtifactType:               "artifact type",
	DataType:                   "data type",
	CapabilityType:             "capability type",
	InterfaceType:              "interface type",
	RelationshipType:           "relationship type",
	NodeType:                   "node type",
	GroupType:                  "group type",
	PolicyType:                 "policy type",
	NodeTemplate:               "node template",
	RelationshipTemplate:       "relationship template",
	Group:                      "group",
	Policy:                     "policy",
	Input:                      "input",
	Output:                     "output",
	Repository:                 "repository",
	Workflow:                   "workflow",
	UserFunction:               "function",
	RequirementName:            "requirement",
	CapabilityName:             "capability",
	InterfaceName:              "interface",
	NodeOrCapabilityType:       "node or capability type",
	RelationshipTypeOrTemplate: "relationship type or template",
	NodeTypeOrTemplate:         "node type or template",
	CapabilityTypeOrName:       "capability type or name",
	ImportURL:                  "import URL",
	ProfileName:                "profile",
	ArtifactFile:               "artifact file",
	NodeOrGroupType:            "node or group type",
	NodeTemplateOrGroup:        "node template or group",
	ModelableEntity:            "node or relationship template",
	VariabilityInput:           "variability input",
	VariabilityExpression:      "variability expression",
	HeatParameter:              "parameter",
	HeatResource:               "resource",
	HeatOutput:                 "output",
	HeatCondition:              "condition",
	HeatResourceType:           "resource type",
	HeatFile:                   "file",
	HeatEnvParameter:           "template parameter",
	CustomConstraint:           "constraint",
}

// String is how messages name the kind: "node type", "input", ….
func (r RefKind) String() string {
	if s, ok := refNames[r]; ok {
		return s
	}
	return "unknown reference kind"
}

var refSections = map[RefKind]string{
	ArtifactType:         "artifact_types",
	DataType:             "data_types",
	CapabilityType:       "capability_types",
	InterfaceType:        "interface_types",
	RelationshipType:     "relationship_types",
	NodeType:             "node_types",
	GroupType:            "group_types",
	PolicyType:           "policy_types",
	NodeTemplate:         "node_templates",
	RelationshipTemplate: "relationship_templates",
	Group:                "groups",
	Policy:               "policies",
	Input:                "inputs",
	Output:               "outputs",
	Repository:           "repositories",
	Workflow:             "workflows",
	UserFunction:         "functions",
	RequirementName:      "requirements",
	CapabilityName:       "capabilities",
	InterfaceName:        "interfaces",
}

// SectionOf is the keyname of the section whose entries declare names of
// kind r ("node_types", "inputs", …; "requirements" for requirement names
// of a node type). It is "" for composite kinds and for paths and profiles.
func SectionOf(r RefKind) string { return refSections[r] }

// TypeEntity is the entity describing the definitions of a type kind (the
// entries of its `*_types` section), or nil.
func TypeEntity(kind RefKind) *Entity {
	if k := ServiceTemplate.AnyKey(SectionOf(kind)); k != nil && k.Value.Elem != nil {
		return k.Value.Elem.Entity
	}
	return nil
}

// FunctionNamed returns the intrinsic function called name in v, or nil.
func FunctionNamed(name string, v Versions) *Function {
	if f := functionsByName()[name]; f != nil && f.In.Has(v) {
		return f
	}
	return nil
}

// functionsByName are the intrinsic functions by their names (unique across
// versions), made at the first lookup, once every init has added its own:
// the binder asks about every key of every mapping it reads.
var functionsByName = sync.OnceValue(func() map[string]*Function {
	m := make(map[string]*Function, len(Functions))
	for _, f := range Functions {
		m[f.Name] = f
	}
	return m
})

// Final is the final 2.0 function that replaces fn, a function of 1.x or
// the 2020 draft (the one with its name prefixed by `$`), or nil.
func (fn *Function) Final() *Function {
	if fn == nil || fn.In.Has(V2Final) {
		return nil
	}
	return FunctionNamed("$"+fn.Name, V2Final)
}

// IsFunctionName reports whether name is an intrinsic function in v.
func IsFunctionName(name string, v Versions) bool { return FunctionNamed(name, v) != nil }

// ConstraintOperatorNamed returns the constraint operator called name in v, or nil.
func ConstraintOperatorNamed(name string, v Versions) *Function {
	for _, f := range ConstraintOperators {
		if f.Name == name && f.In.Has(v) {
			return f
		}
	}
	return nil
}

// FormMarker tells which TOSCA 2.0 form a keyname betrays: FormDraft for
// keynames of the 2020 draft that final 2.0 dropped (topology_template,
// constraints, occurrences …), FormFinal for keynames only final 2.0 has
// (service_template, validation, count_range …), FormUnknown otherwise.
func (k *Key) FormMarker() Form { return formMarker(k.In) }

// FormMarker tells which TOSCA 2.0 form a function name betrays, like Key.FormMarker.
func (fn *Function) FormMarker() Form { return formMarker(fn.In) }

// Merge combines what is known of a file's form with one more marker.
func (f Form) Merge(m Form) Form {
	switch {
	case m == FormUnknown:
		return f
	case f == FormUnknown:
		return m
	case f != m:
		return FormMixed
	}
	return f
}

func formMarker(in Versions) Form {
	d, f := in.Has(V2Draft), in.Has(V2Final)
	switch {
	case d && !f:
		return FormDraft
	case f && !d:
		return FormFinal
	}
	return FormUnknown
}

// Walk calls fn once for every entity reachable from ServiceTemplate, in a
// depth-first order; path is the keynames leading to the entity's first
// occurrence ("*" stands for an author-chosen name, "[]" for a list item,
// "<short>" for a short notation and "<extra>" for an entity's other keys).
func Walk(fn func(path []string, e *Entity)) {
	seen := map[*Entity]bool{}
	var entity func(path []string, e *Entity)
	var value func(path []string, v *Value)
	value = func(path []string, v *Value) {
		if v == nil {
			return
		}
		switch v.Kind {
		case EntityValue:
			entity(path, v.Entity)
		case MapOfValue:
			value(append(path, "*"), v.Elem)
		case ListOfValue:
			value(append(path, "[]"), v.Elem)
		case NamedListValue:
			value(append(path, "[]", "*"), v.Elem)
		}
		if v.Short != nil {
			value(append(path, "<short>"), v.Short)
		}
	}
	entity = func(path []string, e *Entity) {
		if e == nil || seen[e] {
			return
		}
		seen[e] = true
		fn(append([]string(nil), path...), e)
		for _, k := range e.Keys {
			value(append(path[:len(path):len(path)], k.Name), k.Value)
		}
		if e.Extra != nil {
			value(append(path[:len(path):len(path)], "<extra>"), e.Extra)
		}
	}
	entity(nil, ServiceTemplate)
}

// NarrowVersions narrows a 2.0 version set to the form a file was found to
// use: V2 with FormDraft gives V2Draft, with FormFinal V2Final. Any other
// combination is returned unchanged.
func NarrowVersions(v Versions, f Form) Versions {
	if v != V2 {
		return v
	}
	switch f {
	case FormDraft:
		return V2Draft
	case FormFinal:
		return V2Final
	}
	return v
}

// ParamIndex is the index of the parameter called name (-1 if none): the
// arguments of a Named function are given by name.
func (fn *Function) ParamIndex(name string) int {
	for i, p := range fn.Params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// Signature is how a call of fn is written: `name: [ a, b, c… ]`, a
// parameter that takes several arguments (the last of a variadic function,
// a TOSCA path) marked with "…"; `name: { a, b }` for arguments by name.
func (fn *Function) Signature() string {
	var ps []string
	for i, p := range fn.Params {
		s := p.Name
		if p.Path || fn.Variadic && i == len(fn.Params)-1 {
			s += "…"
		}
		ps = append(ps, s)
	}
	switch {
	case len(ps) == 0:
		return fn.Name + ": []"
	case fn.Named:
		return fn.Name + ": { " + strings.Join(ps, ", ") + " }"
	case fn.Opaque && len(ps) == 1:
		return fn.Name + ": " + ps[0] // taken whole, never a list of arguments
	}
	return fn.Name + ": [ " + strings.Join(ps, ", ") + " ]"
}
