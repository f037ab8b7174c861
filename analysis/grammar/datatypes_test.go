package grammar

import (
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/tosca-ls/tosca-ls/profiles"
)

// The table of built-in types and the embedded profiles that declare them
// name the same types: every type a built-in profile declares is in the
// table for the versions that see it, and every entry of the table is
// declared by one of them.
func TestBuiltinTypesMatchProfiles(t *testing.T) {
	declared := map[string]bool{}
	for _, c := range []struct {
		profile string
		seenBy  Versions
	}{
		{ProfileBuiltin1x, V1x},
		{ProfileBuiltin20, V2},
		{ProfileBuiltin20Draft, V2},
	} {
		p := profiles.ByName(c.profile)
		if p == nil {
			t.Fatalf("no embedded profile %s", c.profile)
		}
		data, err := profiles.FS.ReadFile(p.Entry)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			DataTypes yaml.MapSlice `yaml:"data_types"`
		}
		if err := yaml.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		for _, it := range doc.DataTypes {
			name, _ := it.Key.(string)
			declared[name] = true
			if BuiltinNamed(name, c.seenBy) == nil {
				t.Errorf("%s declares %s, which the table lacks for %v", c.profile, name, c.seenBy)
			}
		}
	}
	for _, b := range BuiltinTypes {
		if !declared[b.Name] {
			t.Errorf("the table has %s, which no built-in profile declares", b.Name)
		}
	}
}

func TestBuiltinNamedByVersion(t *testing.T) {
	for _, c := range []struct {
		name string
		v    Versions
		kind Primitive
		unit string
	}{
		{"string", V1_0, PrimString, ""},
		{"null", V1_3, PrimNil, ""},
		{"nil", V2Final, PrimNil, ""},
		{"bytes", V2Draft, PrimBytes, ""},
		{"scalar-unit.time", V1_3, PrimScalarUnit, "ms"},
		{"scalar-unit.time", V2Draft, PrimScalarUnit, "ns"},
		{"scalar-unit.bitrate", V1_3, PrimScalarUnit, "MiBps"},
		{"scalar", V2, PrimScalarUnit, ""},
	} {
		b := BuiltinNamed(c.name, c.v)
		if b == nil || b.Kind != c.kind {
			t.Errorf("BuiltinNamed(%s, %v) = %+v", c.name, c.v, b)
			continue
		}
		if _, exact, found := FindUnit(b.Units, c.unit); c.unit != "" && (!found || !exact) {
			t.Errorf("%s in %v lacks the unit %s", c.name, c.v, c.unit)
		}
	}
	for _, c := range []struct {
		name string
		v    Versions
	}{{"bytes", V1x}, {"nil", V1_3}, {"null", V2}, {"scalar-unit", V1x}, {"integr", All}} {
		if b := BuiltinNamed(c.name, c.v); b != nil {
			t.Errorf("BuiltinNamed(%s, %v) = %+v, want none", c.name, c.v, b)
		}
	}
}

func TestFindUnit(t *testing.T) {
	for _, c := range []struct {
		symbol       string
		exact, found bool
	}{{"KiB", true, true}, {"kib", false, true}, {"GB", true, true}, {"XB", false, false}} {
		if _, exact, found := FindUnit(sizeUnits, c.symbol); exact != c.exact || found != c.found {
			t.Errorf("FindUnit(%s) = %v, %v", c.symbol, exact, found)
		}
	}
	// Bits and bytes per second differ by case only: the exact one wins.
	if u, exact, _ := FindUnit(bitrateUnits13, "MBps"); !exact || u.Factor != 8e6 {
		t.Errorf("MBps = %+v, exact %v", u, exact)
	}
}

func TestFunctionArity(t *testing.T) {
	for _, c := range []struct {
		name        string
		v           Versions
		least, most int
	}{
		{"concat", V1_3, 1, -1},
		{"join", V1_3, 1, 2},
		{"token", V2Draft, 3, 3},
		{"get_input", V1_0, 1, -1},
		{"get_property", V1_3, 2, -1},
		{"get_operation_output", V1_3, 4, 4},
		{"get_artifact", V1_3, 2, 4},
		{"$get_property", V2Final, -1, -1},
		{"$value", V2Final, 0, -1},
		{"$node_index", V2Final, 0, 0},
		{"$and", V2Final, 2, -1},
		{"$not", V2Final, 1, 1},
		{"$less_than", V2Final, 2, 2},
		{"$join", V2Final, 1, 2},
	} {
		fn := FunctionNamed(c.name, c.v)
		if fn == nil {
			t.Errorf("no function %s in %v", c.name, c.v)
			continue
		}
		if least, most := fn.Arity(); least != c.least || most != c.most {
			t.Errorf("%s takes %d to %d arguments, want %d to %d", c.name, least, most, c.least, c.most)
		}
	}
}

// What a function returns fits a family when a value of that kind can be
// one of its values.
func TestArgKindFits(t *testing.T) {
	for _, c := range []struct {
		k    ArgKind
		p    Primitive
		fits bool
	}{
		{ArgInteger, PrimInteger, true},
		{ArgInteger, PrimFloat, true},
		{ArgFloat, PrimInteger, false},
		{ArgNumber, PrimScalarUnit, true},
		{ArgString, PrimVersion, true},
		{ArgString, PrimBoolean, false},
		{ArgList, PrimRange, true},
		{ArgList, PrimMap, false},
		{ArgMap, NotPrimitive, true},
		{ArgStringOrList, PrimList, true},
		{ArgAny, PrimNil, true},
		{ArgBoolean, PrimString, false},
		{ArgScalar, PrimScalarUnit, true},
		{ArgScalar, PrimInteger, false},
		{ArgInteger, PrimScalarUnit, false},
		{ArgString, PrimScalarUnit, true},
		{ArgIntegerOrScalar, PrimScalarUnit, true},
	} {
		if got := c.k.Fits(c.p); got != c.fits {
			t.Errorf("%v fits %v = %v", c.k, c.p, got)
		}
	}
}

// The kinds of the arguments of §10.2: what each kind of value may be
// passed as, and which kinds may share one type.
func TestArgKindMeets(t *testing.T) {
	for _, c := range []struct {
		k, want ArgKind
		meets   bool
	}{
		{ArgInteger, ArgFloat, true},
		{ArgFloat, ArgInteger, false},
		{ArgScalar, ArgNumber, true},
		{ArgScalar, ArgFloat, false},
		{ArgScalar, ArgIntegerOrScalar, true},
		{ArgFloat, ArgIntegerOrScalar, false},
		{ArgNumber, ArgInteger, true},
		{ArgBoolean, ArgComparable, false},
		{ArgList, ArgComparable, false},
		{ArgString, ArgNameOrIndex, true},
		{ArgInteger, ArgNameOrIndex, true},
		{ArgFloat, ArgNameOrIndex, false},
		{ArgList, ArgStringOrList, true},
		{ArgInteger, ArgStringOrList, true},
		{ArgMap, ArgStringOrList, false},
	} {
		if got := c.k.Meets(c.want); got != c.meets {
			t.Errorf("%v meets %v = %v", c.k, c.want, got)
		}
	}
	for _, c := range []struct {
		a, b ArgKind
		same bool
	}{
		{ArgInteger, ArgFloat, true}, {ArgScalar, ArgString, true}, {ArgInteger, ArgScalar, false},
		{ArgInteger, ArgString, false}, {ArgList, ArgString, false}, {ArgAny, ArgMap, true},
	} {
		if got := SameType(c.a, c.b, ArgAny); got != c.same {
			t.Errorf("SameType(%v, %v) = %v", c.a, c.b, got)
		}
	}
	if !SameType(ArgString, ArgInteger, ArgStringOrList) || SameType(ArgString, ArgList, ArgStringOrList) {
		t.Errorf("strings and lists: a port joins strings, a list does not")
	}
}
