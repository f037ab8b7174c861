package grammar

import (
	"slices"
	"strconv"
	"strings"
)

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
	// ToscaPath is final 2.0's TOSCA path (§10.3):
	// [ start, idx?, steps…, name, nested… ] where start is a template name
	// or SELF and the steps follow relationships (RELATIONSHIP,
	// CAPABILITY, SOURCE, TARGET, indexes).
	ToscaPath
)

// Path keywords of final 2.0's TOSCA path (§10.3).
const (
	KeywordSelf         = "SELF"
	KeywordSource       = "SOURCE"
	KeywordTarget       = "TARGET"
	KeywordHost         = "HOST"
	KeywordRelationship = "RELATIONSHIP"
	KeywordCapability   = "CAPABILITY"
	KeywordAll          = "ALL"
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
	// RequirementIndex is the processor that lets an index follow the
	// requirement of such a path (`[ SELF, requirement, index, name ]`:
	// the relationship at that index), nil where none does.
	RequirementIndex *Processor
	// Nested is set when field names and list indexes may follow the name.
	Nested bool
	// Rest is set when the arguments after the path are values of their
	// own (get_artifact's location and remove).
	Rest bool
}

var pathSpecs = map[string]*PathSpec{
	"get_property":          &PathSpec{Style: EntityPath, Sections: []string{SectionProperties}, Through: true, RequirementIndex: Puccini, Nested: true},
	"get_attribute":         &PathSpec{Style: EntityPath, Sections: []string{SectionAttributes}, AlsoProperties: true, Through: true, RequirementIndex: Puccini, Nested: true},
	"get_artifact":          &PathSpec{Style: EntityPath, Sections: []string{SectionArtifacts}, Rest: true},
	"get_operation_output":  &PathSpec{Style: EntityPath, Sections: []string{SectionInterfaces, SectionOperations}, Rest: true},
	"$get_property":         &PathSpec{Style: ToscaPath, Sections: []string{SectionProperties}, Nested: true},
	"$get_attribute":        &PathSpec{Style: ToscaPath, Sections: []string{SectionAttributes}, AlsoProperties: true, Nested: true},
	"$get_artifact":         &PathSpec{Style: ToscaPath, Sections: []string{SectionArtifacts}, Rest: true},
	"$available_allocation": &PathSpec{Style: ToscaPath, Sections: []string{SectionProperties}},
}

// PathStepKeywords are the keywords that lead a final 2.0 TOSCA path from
// one element to another (§10.3).
var PathStepKeywords = []string{KeywordRelationship, KeywordCapability, KeywordSource, KeywordTarget}

// MappingPath is how a final 2.0 parameter mapping is read (an operation
// output's `[ <tosca_path>, attribute, nested… ]`, §9.9): as the
// arguments of $get_attribute.
var MappingPath = pathSpecs["$get_attribute"]

// PathOf returns the path a function's arguments follow (nil: none); the
// spec is shared: not to be modified.
func PathOf(fn *Function) *PathSpec {
	if fn == nil {
		return nil
	}
	return pathSpecs[fn.Name]
}

// EntityPathStarts are the keywords that may start an EntityPath in 1.x
// and the 2020 draft: the template holding the call, the ends of its
// relationship, the node hosting it.
var EntityPathStarts = []string{KeywordSelf, KeywordSource, KeywordTarget, KeywordHost}

// ToscaPathStarts are the keywords that may start a final 2.0 TOSCA path
// (HOST and the initial SOURCE/TARGET of 1.x are gone: `SELF, SOURCE, …`).
var ToscaPathStarts = []string{KeywordSelf}

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
	if style == ToscaPath && arg == KeywordAll {
		return true
	}
	if arg == "" {
		return false
	}
	return strings.Trim(arg, "0123456789") == ""
}

// PathHostRequirement is the requirement whose target HOST stands for.
const PathHostRequirement = "host"

// PathKeywords are the keywords that step through a final 2.0 TOSCA path
// (§10.3). SOURCE and TARGET also start 1.x paths (EntityKeywords).
var PathKeywords = []Keyword{
	{KeywordRelationship, "A step of a TOSCA path: from a node, the relationship its requirement named next makes (an index may follow); after `CAPABILITY, name`, a relationship that targets that capability."},
	{KeywordCapability, "A step of a TOSCA path: from a node, its capability named next; from a relationship, the capability the relationship targets."},
	{KeywordSource, "A step of a TOSCA path: from a relationship, its source node."},
	{KeywordTarget, "A step of a TOSCA path: from a relationship, its target node."},
	{KeywordAll, "An index of a TOSCA path: every node or relationship the step reaches instead of one; the function then returns a list."},
}

// KeywordDoc documents an entity keyword, a path keyword or a name that
// exists without a declaration (a Heat pseudo parameter; "" for other names).
func KeywordDoc(name string) string {
	for _, list := range [][]Keyword{EntityKeywords, PathKeywords, HeatPseudoParameters, heatConditionLiterals, VariabilityKeywords} {
		for _, k := range list {
			if k.Name == name {
				return k.Doc
			}
		}
	}
	return ""
}

// The TOSCA path of final 2.0 (§10.3): the first arguments of
// $get_property, $get_attribute, $get_artifact and $available_allocation
// lead from a node or relationship to the entity that holds the value:
//
//	path     ::= name idx node_ctx | SELF node_ctx | name rel_ctx | SELF rel_ctx
//	node_ctx ::= RELATIONSHIP requirement idx rel_ctx
//	           | CAPABILITY capability RELATIONSHIP idx rel_ctx
//	           | CAPABILITY capability | ε
//	rel_ctx  ::= SOURCE node_ctx | TARGET node_ctx
//	           | CAPABILITY RELATIONSHIP idx rel_ctx | CAPABILITY | ε
//	idx      ::= integer | ALL | ε

// PathContext is what a TOSCA path leads to.
type PathContext uint8

const (
	PathNode PathContext = iota
	PathRelationship
	PathCapability
)

// String is how messages name a context: "node", "relationship", "capability".
func (c PathContext) String() string {
	return [...]string{PathNode: "node", PathRelationship: "relationship", PathCapability: "capability"}[c]
}

// PathArg is one argument of a function call as the path matcher sees it.
type PathArg struct {
	// Word is the argument when it is a plain string or number.
	Word string
	// Computed is set for an argument whose value is computed (a function
	// call): it may stand for a name or an index, never for a keyword.
	Computed bool
}

// PathEnd is one way a TOSCA path can end: after Len arguments, in Context.
type PathEnd struct {
	Len     int
	Context PathContext
}

// PathEnds lists every way a TOSCA path can be read at the start of args.
// starts are the keywords allowed in first place (SELF in final 2.0); a
// template name may always start the path. Since the matcher does not know
// whether a name (or SELF) is a node or a relationship, both readings count.
func PathEnds(args []PathArg, starts []string) []PathEnd {
	m := &pathMatcher{args: args, seen: map[PathEnd]bool{}}
	if len(args) == 0 {
		return nil
	}
	first := args[0]
	switch {
	case first.Computed || !isPathWord(first.Word):
		for _, i := range m.idx(1) {
			m.node(i)
		}
		m.rel(1)
	case slices.Contains(starts, first.Word):
		m.node(1)
		m.rel(1)
	}
	return m.ends
}

// isPathWord reports whether w is one of the reserved words of a path (the
// entity keywords of 1.x included: they are not template names).
func isPathWord(w string) bool {
	return IsEntityKeyword(w) || isKeyword(PathKeywords, w)
}

func isKeyword(ks []Keyword, w string) bool {
	for _, k := range ks {
		if k.Name == w {
			return true
		}
	}
	return false
}

type pathMatcher struct {
	args []PathArg
	ends []PathEnd
	seen map[PathEnd]bool
}

func (m *pathMatcher) end(i int, c PathContext) {
	e := PathEnd{i, c}
	if i <= len(m.args) && !m.seen[e] {
		m.seen[e] = true
		m.ends = append(m.ends, e)
	}
}

// is reports whether argument i is the keyword w.
func (m *pathMatcher) is(i int, w string) bool {
	return i < len(m.args) && !m.args[i].Computed && m.args[i].Word == w
}

// name reports whether argument i can be a name.
func (m *pathMatcher) name(i int) bool {
	return i < len(m.args) && (m.args[i].Computed || !isPathWord(m.args[i].Word))
}

// idx are the positions after an optional index at i.
func (m *pathMatcher) idx(i int) []int {
	out := []int{i}
	if i < len(m.args) {
		a := m.args[i]
		if _, err := strconv.Atoi(a.Word); a.Computed || err == nil || a.Word == "ALL" {
			out = append(out, i+1)
		}
	}
	return out
}

func (m *pathMatcher) node(i int) {
	m.end(i, PathNode)
	switch {
	case m.is(i, "RELATIONSHIP") && m.name(i+1):
		for _, j := range m.idx(i + 2) {
			m.rel(j)
		}
	case m.is(i, "CAPABILITY") && m.name(i+1):
		m.end(i+2, PathCapability)
		if m.is(i+2, "RELATIONSHIP") {
			for _, j := range m.idx(i + 3) {
				m.rel(j)
			}
		}
	}
}

func (m *pathMatcher) rel(i int) {
	m.end(i, PathRelationship)
	switch {
	case m.is(i, "SOURCE"), m.is(i, "TARGET"):
		m.node(i + 1)
	case m.is(i, "CAPABILITY"):
		m.end(i+1, PathCapability)
		if m.is(i+1, "RELATIONSHIP") {
			for _, j := range m.idx(i + 2) {
				m.rel(j)
			}
		}
	}
}

// pathParam is the first parameter of fn when it is a TOSCA path.
func (fn *Function) pathParam() *Param {
	if len(fn.Params) > 0 && fn.Params[0].Path {
		return &fn.Params[0]
	}
	return nil
}

// MatchArgs reports whether args fit fn's parameters when fn starts with a
// TOSCA path: the path (ending where the parameter allows) and then one
// argument per other parameter, the last repeatable when fn is Variadic
// (the one optional too, as nested names are). Functions without a path
// are not checked here.
func (fn *Function) MatchArgs(args []PathArg) bool {
	p := fn.pathParam()
	if p == nil {
		return true
	}
	rest := len(fn.Params) - 1
	for _, e := range completePaths(args, p) {
		n := len(args) - e.Len
		if n == rest || fn.Variadic && n >= rest-1 {
			return true
		}
	}
	return false
}

// ParamAt is the index of the parameter that argument index binds to,
// given the arguments before it: after a TOSCA path as long as they allow,
// the parameters that follow it.
func (fn *Function) ParamAt(before []PathArg, index int) int {
	if p := fn.pathParam(); p != nil && index > 0 {
		longest := 0
		for _, e := range completePaths(before, p) {
			longest = max(longest, e.Len)
		}
		if index < longest || longest == 0 {
			return 0
		}
		index = index - longest + 1
	}
	if fn.Variadic && index >= len(fn.Params) && len(fn.Params) > 0 {
		return len(fn.Params) - 1
	}
	return index
}

// completePaths are the ends of the path parameter p at the start of args
// after which no reserved word follows (what follows a path is names) and
// that lead where p allows.
func completePaths(args []PathArg, p *Param) []PathEnd {
	var out []PathEnd
	for _, e := range PathEnds(args, p.Keywords) {
		if len(p.Ends) > 0 && !slices.Contains(p.Ends, e.Context) {
			continue
		}
		if !slices.ContainsFunc(args[e.Len:], func(a PathArg) bool { return !a.Computed && isPathWord(a.Word) }) {
			out = append(out, e)
		}
	}
	return out
}
