// Package heatreg is OpenStack Heat's resource registry as data: every
// resource type Heat knows (`OS::Nova::Server` …) with its properties,
// attributes and support status, the keynames and functions of each
// heat_template_version, and the sections of an environment file. It is
// the one description that Heat diagnostics, completion and hover read.
//
// registry.json is written by generate.py from Heat itself (Debian's
// python3-heat; the version is Registry.Heat) and holds facts only: Heat's
// descriptions are not copied, hover links to Heat's template guide
// instead. It is parsed once, on the first use of Heat.
package heatreg

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:generate /usr/bin/python3 generate.py registry.json

//go:embed registry.json
var data []byte

// Registry is what registry.json holds.
type Registry struct {
	// Heat is the version of Heat the data was read from.
	Heat string `json:"heat"`
	// Templates are the heat_template_version dates, Aliases the release
	// names that stand for one of them.
	Templates   map[string]*TemplateVersion `json:"templates"`
	Aliases     map[string]string           `json:"aliases"`
	Environment Environment                 `json:"environment"`
	Types       map[string]*Type            `json:"types"`
	// names are the type names, sorted.
	names []string
}

// TemplateVersion is what one heat_template_version accepts.
type TemplateVersion struct {
	Sections             []string `json:"sections"`
	ResourceKeys         []string `json:"resource_keys"`
	OutputKeys           []string `json:"output_keys"`
	ParameterKeys        []string `json:"parameter_keys"`
	ParameterTypes       []string `json:"parameter_types"`
	ParameterConstraints []string `json:"parameter_constraints"`
	Functions            []string `json:"functions"`
	ConditionFunctions   []string `json:"condition_functions"`
	DeletionPolicies     []string `json:"deletion_policies"`
}

// Environment is what an environment file may hold.
type Environment struct {
	Sections          []string            `json:"sections"`
	Hooks             []string            `json:"hooks"`
	RestrictedActions []string            `json:"restricted_actions"`
	MergeStrategies   []string            `json:"merge_strategies"`
	EventSinks        map[string][]string `json:"event_sinks"`
}

// Support is where a type, property or attribute stands.
type Support struct {
	// Status is "" for SUPPORTED, else DEPRECATED, HIDDEN or UNSUPPORTED
	// (StatusIn is the Heat release from which it holds).
	Status   string `json:"status"`
	StatusIn string `json:"statusSince"`
	// Use is the resource type the status names as replacement.
	Use string `json:"use"`
	// Since is the Heat release it first appeared in ("" for the first).
	Since string `json:"since"`
}

// Support statuses other than SUPPORTED.
const (
	Deprecated  = "DEPRECATED"
	Hidden      = "HIDDEN"
	Unsupported = "UNSUPPORTED"
)

// Type is one resource type.
type Type struct {
	Name       string
	Properties map[string]*Property  `json:"properties"`
	Attributes map[string]*Attribute `json:"attributes"`
	// OpenAttributes is set for plug-ins that read attributes their own
	// way (nested stacks, groups, software deployments): get_attr may
	// name more than Attributes.
	OpenAttributes bool `json:"open_attributes"`
	// OpenProperties is set for placeholders (OS::Heat::None), which take
	// any properties.
	OpenProperties bool `json:"open_properties"`
	Support
	// Template is the file a provider template type is read from (for
	// types made from a template's parameters and outputs; "" otherwise).
	Template string
}

// As names a provider template's type as a template writes it
// (`lib/server.yaml`, `My::Server`); a type of the registry keeps its name.
func (t *Type) As(name string) *Type {
	if t == nil || t.Template == "" || t.Name == name || name == "" {
		return t
	}
	named := *t
	named.Name = name
	return &named
}

// Property types.
const (
	String  = "string"
	Integer = "integer"
	Number  = "number"
	Boolean = "boolean"
	Map     = "map"
	List    = "list"
	Any     = "any"
)

// Property is one property of a resource type, or an entry of a map or
// list property's schema.
type Property struct {
	Type        string       `json:"type"`
	Required    bool         `json:"required"`
	Default     any          `json:"default"`
	Constraints []Constraint `json:"constraints"`
	// Schema describes the entries of a map (by key) or the items of a
	// list (key "*").
	Schema        map[string]*Property `json:"schema"`
	UpdateAllowed bool                 `json:"update_allowed"`
	Immutable     bool                 `json:"immutable"`
	// NotImplemented properties are refused by Heat when given.
	NotImplemented bool `json:"not_implemented"`
	// Convertible is set for the properties of a provider template's json
	// and comma_delimited_list parameters, which also take a string (and a
	// json one a list).
	Convertible bool
	Support
}

// Item is the schema of a list's items (nil when not described).
func (p *Property) Item() *Property { return p.Schema["*"] }

// Constraint is one constraint of a property: exactly one field is set.
type Constraint struct {
	AllowedValues    []any   `json:"allowed_values"`
	Range            *Bounds `json:"range"`
	Length           *Bounds `json:"length"`
	Modulo           *Modulo `json:"modulo"`
	AllowedPattern   *string `json:"allowed_pattern"`
	CustomConstraint string  `json:"custom_constraint"`
}

// Bounds are inclusive bounds (nil: none).
type Bounds struct {
	Min *float64 `json:"min"`
	Max *float64 `json:"max"`
}

// Holds reports whether x lies within the bounds.
func (b *Bounds) Holds(x float64) bool {
	return (b.Min == nil || x >= *b.Min) && (b.Max == nil || x <= *b.Max)
}

// String says the bounds: "at least 1", "at most 8", "from 1 to 8".
func (b *Bounds) String() string {
	num := func(x *float64) string { return strconv.FormatFloat(*x, 'f', -1, 64) }
	switch {
	case b.Min != nil && b.Max != nil:
		return "from " + num(b.Min) + " to " + num(b.Max)
	case b.Min != nil:
		return "at least " + num(b.Min)
	case b.Max != nil:
		return "at most " + num(b.Max)
	}
	return "any"
}

// Modulo is a modulo constraint.
type Modulo struct {
	Step   float64 `json:"step"`
	Offset float64 `json:"offset"`
}

// Attribute is one attribute of a resource type.
type Attribute struct {
	// Type is "" when Heat does not say.
	Type string `json:"type"`
	Support
}

// Load returns the registry, parsed on first use.
var Load = sync.OnceValue(func() *Registry {
	var r Registry
	if err := json.Unmarshal(data, &r); err != nil {
		panic("heatreg: registry.json: " + err.Error())
	}
	r.names = make([]string, 0, len(r.Types))
	for name, t := range r.Types {
		t.Name = name
		r.names = append(r.names, name)
	}
	slices.Sort(r.names)
	return &r
})

// Type returns the resource type called name, or nil.
func (r *Registry) Type(name string) *Type { return r.Types[name] }

// Names are the names of every type, sorted.
func (r *Registry) Names() []string { return r.names }

// Template returns what the heat_template_version value v (a date or a
// release name) accepts, or nil.
func (r *Registry) Template(v string) *TemplateVersion {
	if date, ok := r.Aliases[v]; ok {
		v = date
	}
	return r.Templates[v]
}

// Sorted returns the keys of m in order.
func Sorted[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// GuideURL is where Heat's template guide documents the type: its
// CloudFormation-compatible, unsupported and OpenStack types each have a
// page, with an anchor per type.
func (t *Type) GuideURL() string {
	page := "openstack"
	switch {
	case strings.HasPrefix(t.Name, "AWS::"):
		page = "cfn"
	case t.Status == Unsupported:
		page = "unsupported"
	}
	return "https://docs.openstack.org/heat/latest/template_guide/" + page + ".html#" + t.Name
}

// releases are the OpenStack release names, by Heat's release number (see
// Release).
var releases = []string{"Grizzly", "Havana", "Icehouse", "Juno", "Kilo", "Liberty", "Mitaka", "Newton",
	"Ocata", "Pike", "Queens", "Rocky", "Stein", "Train", "Ussuri", "Victoria", "Wallaby", "Xena", "Yoga", "Zed"}

// Release numbers a Heat version: Heat counted by year up to Kilo
// (2013.1 Grizzly … 2015.1 Kilo) and by major version from Liberty (5.0.0)
// on; both map onto one sequence, Grizzly 0 … Kilo 4, Liberty 5 … Zed 19.
// An empty version is the first (-1); one not understood is 0.
func Release(version string) int {
	if version == "" {
		return -1
	}
	major, rest, _ := strings.Cut(version, ".")
	m, err := strconv.Atoi(major)
	if err != nil {
		return 0
	}
	if m < 2000 {
		return m
	}
	minor, _, _ := strings.Cut(rest, ".")
	n, _ := strconv.Atoi(minor)
	return (m-2013)*2 + n - 1
}

// ReleaseName names a Heat version: "Kilo (2015.1)".
func ReleaseName(version string) string {
	if n := Release(version); n >= 0 && n < len(releases) {
		return releases[n] + " (" + version + ")"
	}
	return version
}

// templateReleases are the Heat releases that brought each
// heat_template_version (HOT itself came with Havana).
var templateReleases = map[string]int{
	"2013-05-23": 1, "2014-10-16": 3, "2015-04-30": 4, "2015-10-15": 5, "2016-04-08": 6,
	"2016-10-14": 7, "2017-02-24": 8, "2017-09-01": 9, "2018-03-02": 10, "2018-08-31": 11, "2021-04-16": 16,
}

// AvailableIn reports whether a type (or property) that appeared in Heat
// version since exists for templates of heat_template_version date: it
// appeared before the release that brought the next template version (a
// template of the newest version sees everything).
func AvailableIn(since, date string) bool {
	rel, ok := templateReleases[date]
	if !ok {
		return true
	}
	next := len(releases)
	for _, r := range templateReleases {
		if r > rel && r < next {
			next = r
		}
	}
	return Release(since) < next
}
