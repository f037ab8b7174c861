package grammar

import (
	"cmp"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The literal syntax of values: what YAML 1.2's core schema makes of a
// plain scalar, and how TOSCA writes booleans, versions, timestamps and
// scalar-unit values in each version.

// ScalarKind is what YAML 1.2's core schema reads a plain scalar as.
type ScalarKind uint8

const (
	YAMLString ScalarKind = iota
	YAMLNull
	YAMLBool
	YAMLInt
	YAMLFloat
)

var scalarKindNames = [...]string{YAMLString: "a string", YAMLNull: "null", YAMLBool: "a boolean", YAMLInt: "an integer", YAMLFloat: "a float"}

func (k ScalarKind) String() string { return scalarKindNames[k] }

// isCoreInt matches YAML 1.2's core integers: [-+]?[0-9]+ | 0o[0-7]+ |
// 0x[0-9a-fA-F]+. Scalars are classified by the thousand in a check: by
// hand, not by regular expression.
func isCoreInt(s string) bool {
	switch {
	case strings.HasPrefix(s, "0o"):
		return len(s) > 2 && allBytes(s[2:], func(c byte) bool { return '0' <= c && c <= '7' })
	case strings.HasPrefix(s, "0x"):
		return len(s) > 2 && allBytes(s[2:], isHexDigit)
	}
	s = trimSign(s)
	return s != "" && allBytes(s, isDigit)
}

// isCoreFloat matches YAML 1.2's core floats:
// [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )? |
// [-+]? \.(inf|Inf|INF) | \.(nan|NaN|NAN).
func isCoreFloat(s string) bool {
	switch s {
	case ".nan", ".NaN", ".NAN":
		return true
	}
	s = trimSign(s)
	switch s {
	case ".inf", ".Inf", ".INF":
		return true
	}
	mantissa, exponent := s, ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mantissa, exponent = s[:i], trimSign(s[i+1:])
		if exponent == "" || !allBytes(exponent, isDigit) {
			return false
		}
	}
	whole, fraction, dotted := strings.Cut(mantissa, ".")
	if !allBytes(whole, isDigit) || !allBytes(fraction, isDigit) {
		return false
	}
	return whole != "" || dotted && fraction != ""
}

func trimSign(s string) string {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		return s[1:]
	}
	return s
}

func allBytes(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isHexDigit(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// CoreScalar reads a plain (unquoted, untagged) scalar with YAML 1.2's
// core schema (§10.3.2): `0.1` is a float, `10` an integer, `True` a
// boolean, `no` and `0.1.2` strings.
func CoreScalar(s string) ScalarKind {
	switch s {
	case "", "~", "null", "Null", "NULL":
		return YAMLNull
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return YAMLBool
	}
	// Every number of the core schema starts with a sign, a digit or a dot
	// (.5, .inf, .nan): most scalars are words, told apart at once.
	if c := s[0]; c != '+' && c != '-' && c != '.' && !isDigit(c) {
		return YAMLString
	}
	switch {
	case isCoreInt(s):
		return YAMLInt
	case isCoreFloat(s):
		return YAMLFloat
	}
	return YAMLString
}

// booleanSpellings are the booleans of each version: final and draft 2.0
// take only the lower-case words (§9.1.1.4); 1.x follows YAML 1.2's
// core schema.
var booleanSpellings = []struct {
	text  string
	value bool
	in    Versions
}{
	{"true", true, All}, {"false", false, All},
	{"True", true, V1x}, {"TRUE", true, V1x}, {"False", false, V1x}, {"FALSE", false, V1x},
}

// legacyBooleans are YAML 1.1's booleans, strings for YAML 1.2.
var legacyBooleans = []string{"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N"}

// BooleanLiteral reads a plain scalar as a boolean of versions v.
func BooleanLiteral(s string, v Versions) (value, ok bool) {
	for _, b := range booleanSpellings {
		if b.text == s && b.in.Has(v) {
			return b.value, true
		}
	}
	return false, false
}

// IsLegacyBoolean reports YAML 1.1's yes/no/on/off spellings.
func IsLegacyBoolean(s string) bool {
	for _, b := range legacyBooleans {
		if b == s {
			return true
		}
	}
	return false
}

// ParseInteger reads a YAML 1.2 integer: decimal, 0o octal or 0x hexadecimal.
func ParseInteger(s string) (int64, bool) {
	if !isCoreInt(s) {
		return 0, false
	}
	var n int64
	var err error
	switch {
	case strings.HasPrefix(s, "0o"):
		n, err = strconv.ParseInt(s[2:], 8, 64)
	case strings.HasPrefix(s, "0x"):
		n, err = strconv.ParseInt(s[2:], 16, 64)
	default:
		n, err = strconv.ParseInt(strings.TrimPrefix(s, "+"), 10, 64)
	}
	return n, err == nil
}

// ParseNumber reads a YAML 1.2 integer or float.
func ParseNumber(s string) (float64, bool) {
	if n, ok := ParseInteger(s); ok {
		return float64(n), true
	}
	if !isCoreFloat(s) {
		return 0, false
	}
	switch strings.TrimLeft(s, "+-") {
	case ".inf", ".Inf", ".INF":
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case ".nan", ".NaN", ".NAN":
		return math.NaN(), true
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

var scalarUnit = regexp.MustCompile(`^\s*([-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\s*(\S*)\s*$`)

// ParseScalarUnit splits a scalar value `<number> <unit>`. The OASIS
// Standard writes a YAML number in any form (hexadecimal, octal and
// scientific included), blanks and a unit without blanks (CSD07 §9.1.2.2);
// 1.x and the drafts also allow a decimal number written against its unit
// (`10GB`), for which spaced is false. ok is false when the text does not
// start with a number; unit is "" when it is missing.
func ParseScalarUnit(s string) (number, unit string, spaced, ok bool) {
	t := strings.TrimSpace(s)
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		if _, isNum := ParseNumber(t[:i]); isNum {
			unit = strings.TrimSpace(t[i:])
			if strings.ContainsAny(unit, " \t") {
				return "", "", false, false
			}
			return t[:i], unit, true, true
		}
	}
	if _, isNum := ParseNumber(t); isNum {
		return t, "", false, true
	}
	m := scalarUnit.FindStringSubmatch(t)
	if m == nil {
		return "", "", false, false
	}
	return m[1], m[2], false, true
}

// Version is a TOSCA version: major.minor[.fix[.qualifier[-build]]].
type Version struct {
	Major, Minor, Fix int
	Qualifier         string
	Build             int
}

var versionSyntax = regexp.MustCompile(`^([0-9]+)\.([0-9]+)(?:\.([0-9]+)(?:\.([A-Za-z0-9_]+)(?:-([0-9]+))?)?)?$`)

// ParseVersion reads a TOSCA version (2.0 §9.1.2.3, 1.3 §3.3.2). A
// qualifier on version 0.0 is invalid (a zero version means none).
func ParseVersion(s string) (Version, bool) {
	m := versionSyntax.FindStringSubmatch(s)
	if m == nil {
		return Version{}, false
	}
	atoi := func(x string) int { n, _ := strconv.Atoi(x); return n }
	v := Version{Major: atoi(m[1]), Minor: atoi(m[2]), Fix: atoi(m[3]), Qualifier: m[4], Build: atoi(m[5])}
	if v.Qualifier != "" && v.Major == 0 && v.Minor == 0 && v.Fix == 0 {
		return Version{}, false
	}
	return v, true
}

// Compare orders versions: component by component, a qualified version
// before the same version without one, builds of one qualifier by number.
// ok is false for two qualifiers, which the text does not order.
func (a Version) Compare(b Version) (c int, ok bool) {
	for _, d := range [][2]int{{a.Major, b.Major}, {a.Minor, b.Minor}, {a.Fix, b.Fix}} {
		if d[0] != d[1] {
			return cmp.Compare(d[0], d[1]), true
		}
	}
	switch {
	case a.Qualifier == b.Qualifier:
		return cmp.Compare(a.Build, b.Build), true
	case a.Qualifier == "":
		return 1, true
	case b.Qualifier == "":
		return -1, true
	}
	return 0, false
}

// yamlTimestamp is the relaxed form of the YAML timestamp type (a blank
// before the time, a short offset), which 1.x refers to.
var yamlTimestamp = regexp.MustCompile(`^([0-9]{4}-[0-9]{1,2}-[0-9]{1,2})(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(\.[0-9]*)?(?:[ \t]*(Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?$`)

// ParseTimestamp reads a timestamp. strict is set for RFC 3339 date-times,
// what TOSCA 2.0 asks for (§9.1.2.1); the YAML timestamp forms 1.x allows
// (a date alone, a blank before the time, `-5` offsets) parse with strict
// unset.
func ParseTimestamp(s string) (t time.Time, strict, ok bool) {
	if t, err := time.Parse(time.RFC3339Nano, strings.Replace(strings.Replace(s, "t", "T", 1), "z", "Z", 1)); err == nil {
		return t, true, true
	}
	m := yamlTimestamp.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, false, false
	}
	date, err := time.Parse("2006-1-2", m[1])
	if err != nil {
		return time.Time{}, false, false
	}
	if m[2] == "" {
		return date, false, true
	}
	atoi := func(x string) int { n, _ := strconv.Atoi(x); return n }
	h, mi, sec := atoi(m[2]), atoi(m[3]), atoi(m[4])
	if h > 23 || mi > 59 || sec > 60 {
		return time.Time{}, false, false
	}
	var nanos int
	if frac := strings.TrimPrefix(m[5], "."); frac != "" {
		frac = (frac + "000000000")[:9]
		nanos = atoi(frac)
	}
	loc := time.UTC
	if z := m[6]; z != "" && z != "Z" {
		sign := 1
		if z[0] == '-' {
			sign = -1
		}
		hh, mm, _ := strings.Cut(z[1:], ":")
		loc = time.FixedZone("", sign*(atoi(hh)*3600+atoi(mm)*60))
	}
	return time.Date(date.Year(), date.Month(), date.Day(), h, mi, sec, nanos, loc), false, true
}
