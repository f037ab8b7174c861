package grammar

import "strings"

// The built-in data types: which families of values each version has and
// how their literals are written (units, case rules). Deep validation
// reads values against this table; the embedded profiles declare the same
// names so that they resolve like any other type.

// Primitive is the family of a built-in type: how its values are written.
type Primitive uint8

const (
	// NotPrimitive is a complex data type (one with properties) or a type
	// whose family is not known.
	NotPrimitive Primitive = iota
	PrimString
	PrimInteger
	PrimFloat
	PrimBoolean
	PrimBytes
	PrimNil
	PrimTimestamp
	PrimVersion
	// PrimRange is 1.x's (and the 2020 draft's) [lower, upper] of integers.
	PrimRange
	// PrimScalarUnit is a number with a unit: the types derived from
	// `scalar` (2.0) and the scalar-unit types (1.x, the drafts of 2.0).
	PrimScalarUnit
	PrimList
	PrimMap
)

var primitiveNames = [...]string{
	NotPrimitive: "complex", PrimString: "string", PrimInteger: "integer", PrimFloat: "float",
	PrimBoolean: "boolean", PrimBytes: "bytes", PrimNil: "nil", PrimTimestamp: "timestamp",
	PrimVersion: "version", PrimRange: "range", PrimScalarUnit: "scalar-unit", PrimList: "list", PrimMap: "map",
}

func (p Primitive) String() string { return primitiveNames[p] }

// Comparable reports whether values of the family have an order that
// greater_than, in_range and $less_than may use: all but booleans, nulls,
// bytes and collections (a 1.x range, or a complex type, may have an order
// of its processor's own).
func (p Primitive) Comparable() bool {
	switch p {
	case PrimBoolean, PrimNil, PrimBytes, PrimList, PrimMap:
		return false
	}
	return true
}

// Numeric reports the families whose values are numbers.
func (p Primitive) Numeric() bool { return p == PrimInteger || p == PrimFloat }

// Kind is the kind of value a family's values are, as function results
// tell them: strings, versions, timestamps and bytes are written as
// strings; complex values are maps.
func (p Primitive) Kind() ArgKind {
	switch p {
	case PrimString, PrimVersion, PrimTimestamp, PrimBytes:
		return ArgString
	case PrimScalarUnit:
		return ArgScalar
	case PrimInteger:
		return ArgInteger
	case PrimFloat:
		return ArgFloat
	case PrimBoolean:
		return ArgBoolean
	case PrimList:
		return ArgList
	case PrimMap, NotPrimitive:
		return ArgMap
	case PrimRange:
		return ArgRange
	case PrimNil:
		return ArgNil
	}
	return ArgAny
}

// Fits reports whether a value of kind k (what a function returns) may be a
// value of family p: an integer is a float, a number may be a scalar
// value, a string a scalar value, a list of two a range.
func (k ArgKind) Fits(p Primitive) bool {
	return k.Meets(p.Kind()) || k == ArgList && p == PrimRange
}

// HasLength reports the families `length`, `min_length` and `$length` apply to.
func (p Primitive) HasLength() bool {
	return p == PrimString || p == PrimList || p == PrimMap || p == PrimBytes
}

// Unit is a unit symbol of a scalar-unit type and the factor converting it
// to the type's base unit.
type Unit struct {
	Symbol string
	Factor float64
}

// BuiltinType is a type every file of versions In knows without an import.
type BuiltinType struct {
	Name string
	In   Versions
	Kind Primitive
	// Units are the symbols of a concrete scalar-unit type.
	Units []Unit
	// UnitsAnyCase is set where the text says units may be written in any
	// case (1.x and the 2020 draft); elsewhere another case is warned about.
	UnitsAnyCase bool
	// Abstract marks a base that types no value itself (`scalar`,
	// `scalar-unit`): concrete types derive from it.
	Abstract bool
	// Standard marks the scalar base of the OASIS Standard (CSD07
	// §9.1.2.2): its types are read by its rules (a blank between number
	// and unit, case-sensitive units, any YAML number).
	Standard bool
	// Instead is what the OASIS Standard writes for a type only the drafts
	// of 2.0 had built in, for the warning on its uses.
	Instead string
}

// Unit symbol tables (TOSCA 1.3 §3.3.6.4–7, 2.0 CSD03 §4.4.2.4).
var (
	sizeUnits = []Unit{{"B", 1}, {"kB", 1e3}, {"KiB", 1 << 10}, {"MB", 1e6}, {"MiB", 1 << 20},
		{"GB", 1e9}, {"GiB", 1 << 30}, {"TB", 1e12}, {"TiB", 1 << 40}}
	timeUnits      = []Unit{{"d", 86400}, {"h", 3600}, {"m", 60}, {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}}
	frequencyUnits = []Unit{{"Hz", 1}, {"kHz", 1e3}, {"MHz", 1e6}, {"GHz", 1e9}}
	bitUnits       = []Unit{{"bps", 1}, {"Kbps", 1e3}, {"Kibps", 1 << 10}, {"Mbps", 1e6}, {"Mibps", 1 << 20},
		{"Gbps", 1e9}, {"Gibps", 1 << 30}, {"Tbps", 1e12}, {"Tibps", 1 << 40}}
	// 1.3 also has bytes per second, which makes case matter (bps, Bps).
	bitrateUnits13 = append(append([]Unit(nil), bitUnits...),
		Unit{"Bps", 8}, Unit{"KBps", 8e3}, Unit{"KiBps", 8 << 10}, Unit{"MBps", 8e6}, Unit{"MiBps", 8 << 20},
		Unit{"GBps", 8e9}, Unit{"GiBps", 8 << 30}, Unit{"TBps", 8e12}, Unit{"TiBps", 8 << 40})
)

// BuiltinTypes lists the built-in types of each version. The OASIS
// Standard (CSD07 §9.1) has `scalar` and no range nor scalar-unit types;
// tosca-ls keeps those of the drafts as fallbacks with a warning (see the
// profiles), so V2 has them here too.
var BuiltinTypes = []*BuiltinType{
	{Name: "string", In: All, Kind: PrimString},
	{Name: "integer", In: All, Kind: PrimInteger},
	{Name: "float", In: All, Kind: PrimFloat},
	{Name: "boolean", In: All, Kind: PrimBoolean},
	{Name: "bytes", In: V2, Kind: PrimBytes},
	{Name: "null", In: V1x, Kind: PrimNil},
	{Name: "nil", In: V2, Kind: PrimNil},
	{Name: "timestamp", In: All, Kind: PrimTimestamp},
	{Name: "version", In: All, Kind: PrimVersion},
	{Name: "range", In: All, Kind: PrimRange, Instead: "a list of two integers"},
	{Name: "list", In: All, Kind: PrimList},
	{Name: "map", In: All, Kind: PrimMap},
	// `scalar` is the abstract base of the standard's scalar types
	// (§9.1.2.2: data_type, units, prefixes, canonical_unit).
	{Name: "scalar", In: V2, Kind: PrimScalarUnit, Abstract: true, Standard: true},
	{Name: "scalar-unit", In: V2, Kind: PrimScalarUnit, Abstract: true, Instead: "`scalar`, the base of its scalar types (§9.1.2.2)"},
	{Name: "scalar-unit.size", In: All, Kind: PrimScalarUnit, Units: sizeUnits, UnitsAnyCase: true,
		Instead: scalarInstead("Size")},
	{Name: "scalar-unit.time", In: All, Kind: PrimScalarUnit, Units: timeUnits, UnitsAnyCase: true,
		Instead: scalarInstead("Time")},
	{Name: "scalar-unit.frequency", In: All, Kind: PrimScalarUnit, Units: frequencyUnits, UnitsAnyCase: true,
		Instead: scalarInstead("Frequency")},
	{Name: "scalar-unit.bitrate", In: V1x, Kind: PrimScalarUnit, Units: bitrateUnits13},
	{Name: "scalar-unit.bitrate", In: V2, Kind: PrimScalarUnit, Units: bitUnits, UnitsAnyCase: true,
		Instead: scalarInstead("Bitrate")},
}

// scalarInstead is the standard's replacement of a draft's scalar unit.
func scalarInstead(example string) string {
	return "a scalar type derived from `scalar` (" + example + " in §9.1.2.2.2)"
}

// BuiltinNamed returns the built-in type called name in versions v, or nil.
func BuiltinNamed(name string, v Versions) *BuiltinType {
	for _, t := range BuiltinTypes {
		if t.Name == name && t.In.Has(v) {
			return t
		}
	}
	return nil
}

// FindUnit finds a unit symbol in a table, exactly or else in another case.
func FindUnit(units []Unit, symbol string) (u Unit, exact, found bool) {
	for _, u := range units {
		if u.Symbol == symbol {
			return u, true, true
		}
	}
	for _, u := range units {
		if strings.EqualFold(u.Symbol, symbol) {
			return u, false, true
		}
	}
	return Unit{}, false, false
}

// Symbols lists the unit symbols of a table, for messages.
func Symbols(units []Unit) []string {
	out := make([]string, len(units))
	for i, u := range units {
		out[i] = u.Symbol
	}
	return out
}

// Keynames of scalar types (CSD07 §9.1.2.2).
const (
	KeyDataType      = "data_type"
	KeyUnits         = "units"
	KeyPrefixes      = "prefixes"
	KeyCanonicalUnit = "canonical_unit"
)

// Keyword of 1.x ranges: no upper bound.
const KeywordUnbounded = "UNBOUNDED"
