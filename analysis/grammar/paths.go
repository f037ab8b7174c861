package grammar

import "strings"

// Paths: how the arguments of the functions that read the model
// (get_property, get_attribute, get_artifact, get_operation_output and
// their final-2.0 `$` forms) walk from a start to the name they read.

// PathStyle is the shape of a function's path.
type PathStyle uint8

const (
	// NoPath: the arguments are values.
	NoPath PathStyle = iota
	// EntityPath is the 1.x and 2020-draft form (1.3 §4.5.2):
	// [ entity, capability_or_requirement?, name, nested… ]
	// where entity is a template name or one of the EntityKeywords.
	EntityPath
	// ToscaPath is final 2.0's TOSCA path (CSD06 §10.3):
	// [ start, idx?, steps…, name, nested… ] where start is a template name
	// or SELF and the steps follow relationships (RELATIONSHIP,
	// CAPABILITY, SOURCE, TARGET, indexes).
	ToscaPath
)

// Path keywords of final 2.0's TOSCA path (CSD06 §10.3).
const (
	PathSelf         = "SELF"
	PathSource       = "SOURCE"
	PathTarget       = "TARGET"
	PathHost         = "HOST"
	PathRelationship = "RELATIONSHIP"
	PathCapability   = "CAPABILITY"
	PathAll          = "ALL"
)

// PathSpec says how a function's path runs.
type PathSpec struct {
	Style PathStyle
	// Sections are the member sections the path ends in, in order: a
	// property name for get_property, an interface then an operation for
	// get_operation_output.
	Sections []string
	// AlsoProperties lets an attribute path name a property (properties are
	// reflected as attributes).
	AlsoProperties bool
	// Through lets an EntityPath name a capability or requirement of the
	// entity before the name (1.3 §4.5.2: get_property, get_attribute).
	Through bool
	// Nested is set when field names and list indexes may follow the name.
	Nested bool
	// Rest is set when the arguments after the path are values of their
	// own (get_artifact's location and remove).
	Rest bool
}

var pathSpecs = map[string]PathSpec{
	"get_property":          {Style: EntityPath, Sections: []string{SectionProperties}, Through: true, Nested: true},
	"get_attribute":         {Style: EntityPath, Sections: []string{SectionAttributes}, AlsoProperties: true, Through: true, Nested: true},
	"get_artifact":          {Style: EntityPath, Sections: []string{SectionArtifacts}, Rest: true},
	"get_operation_output":  {Style: EntityPath, Sections: []string{SectionInterfaces, SectionOperations}, Rest: true},
	"$get_property":         {Style: ToscaPath, Sections: []string{SectionProperties}, Nested: true},
	"$get_attribute":        {Style: ToscaPath, Sections: []string{SectionAttributes}, AlsoProperties: true, Nested: true},
	"$get_artifact":         {Style: ToscaPath, Sections: []string{SectionArtifacts}, Rest: true},
	"$available_allocation": {Style: ToscaPath, Sections: []string{SectionProperties}},
}

// PathOf returns the path a function's arguments follow (nil: none).
func PathOf(fn *Function) *PathSpec {
	if fn == nil {
		return nil
	}
	if s, ok := pathSpecs[fn.Name]; ok {
		return &s
	}
	return nil
}

// PathKeywords describe the keywords that continue a TOSCA path from one
// element of the representation graph to another (CSD06 §10.3).
var PathKeywords = []Keyword{
	{PathRelationship, "Continues into a relationship: from a node, the one formed by the requirement named next; from a capability, one of those that target it."},
	{PathCapability, "Continues into a capability: from a node, the one named next; from a relationship, the capability it targets."},
	{PathSource, "Continues from a relationship to its source node."},
	{PathTarget, "Continues from a relationship to its target node."},
}

// EntityPathStarts are the keywords that may start an EntityPath in 1.x
// and the 2020 draft: the template holding the call, the ends of its
// relationship, the node hosting it.
var EntityPathStarts = []string{PathSelf, PathSource, PathTarget, PathHost}

// ToscaPathStarts are the keywords that may start a final 2.0 TOSCA path
// (HOST and the initial SOURCE/TARGET of 1.x are gone: `SELF, SOURCE, …`).
var ToscaPathStarts = []string{PathSelf}

// PathStarts lists the keywords a path of the given style may start with.
func PathStarts(style PathStyle) []string {
	if style == ToscaPath {
		return ToscaPathStarts
	}
	return EntityPathStarts
}

// IsIndex reports whether a path argument is an index: a non-negative
// integer, or ALL in a TOSCA path.
func IsIndex(arg string, style PathStyle) bool {
	if style == ToscaPath && arg == PathAll {
		return true
	}
	if arg == "" {
		return false
	}
	return strings.Trim(arg, "0123456789") == ""
}

// PathHostRequirement is the requirement whose target HOST stands for.
const PathHostRequirement = "host"
