package grammar

import (
	"regexp"
	"testing"
	"time"
)

func TestCoreScalar(t *testing.T) {
	for _, c := range []struct {
		text string
		want ScalarKind
	}{
		{"", YAMLNull}, {"~", YAMLNull}, {"null", YAMLNull}, {"NULL", YAMLNull},
		{"true", YAMLBool}, {"False", YAMLBool}, {"TRUE", YAMLBool},
		{"yes", YAMLString}, {"no", YAMLString}, {"on", YAMLString},
		{"12", YAMLInt}, {"-7", YAMLInt}, {"+3", YAMLInt}, {"0o17", YAMLInt}, {"0x1F", YAMLInt},
		{"0.1", YAMLFloat}, {"1.", YAMLFloat}, {".5", YAMLFloat}, {"6.02e23", YAMLFloat}, {"-.inf", YAMLFloat}, {".NaN", YAMLFloat},
		{"1.0.0", YAMLString}, {"0x", YAMLString}, {"1e", YAMLString}, {"10 GB", YAMLString}, {"abc", YAMLString},
	} {
		if got := CoreScalar(c.text); got != c.want {
			t.Errorf("CoreScalar(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestBooleanLiteral(t *testing.T) {
	for _, c := range []struct {
		text      string
		v         Versions
		value, ok bool
	}{
		{"true", All, true, true},
		{"false", V2Final, false, true},
		{"True", V1_3, true, true},
		{"True", V2, false, false},
		{"FALSE", V1_0, false, true},
		{"yes", V1x, false, false},
		{"1", All, false, false},
	} {
		value, ok := BooleanLiteral(c.text, c.v)
		if value != c.value || ok != c.ok {
			t.Errorf("BooleanLiteral(%q, %v) = %v, %v; want %v, %v", c.text, c.v, value, ok, c.value, c.ok)
		}
	}
	if !IsLegacyBoolean("Yes") || IsLegacyBoolean("true") {
		t.Error("IsLegacyBoolean")
	}
}

func TestParseNumbers(t *testing.T) {
	for _, c := range []struct {
		text  string
		n     int64
		isInt bool
	}{
		{"42", 42, true}, {"-7", -7, true}, {"+3", 3, true}, {"0x1F", 31, true}, {"0o17", 15, true},
		{"4.2", 0, false}, {"abc", 0, false}, {"99999999999999999999", 0, false},
	} {
		n, ok := ParseInteger(c.text)
		if ok != c.isInt || ok && n != c.n {
			t.Errorf("ParseInteger(%q) = %d, %v", c.text, n, ok)
		}
	}
	for _, c := range []struct {
		text string
		f    float64
		ok   bool
	}{
		{"1.5", 1.5, true}, {"10", 10, true}, {"-.5", -0.5, true}, {"6e2", 600, true}, {"0x10", 16, true}, {"1.2.3", 0, false},
	} {
		f, ok := ParseNumber(c.text)
		if ok != c.ok || ok && f != c.f {
			t.Errorf("ParseNumber(%q) = %v, %v", c.text, f, ok)
		}
	}
}

func TestParseScalarUnit(t *testing.T) {
	for _, c := range []struct {
		text, number, unit string
		spaced, ok         bool
	}{
		{"10 GB", "10", "GB", true, true},
		{"10GB", "10", "GB", false, true},
		{" 1.5  KiB ", "1.5", "KiB", true, true},
		{"2.4e3 Hz", "2.4e3", "Hz", true, true},
		{"0x1F B", "0x1F", "B", true, true},
		{"0o17 B", "0o17", "B", true, true},
		{"-.inf s", "-.inf", "s", true, true},
		{"10 bits/s", "10", "bits/s", true, true},
		{"10\tμs", "10", "μs", true, true},
		{"10", "10", "", false, true},
		{"0x10", "0x10", "", false, true},
		{"GB", "", "", false, false},
		{"10 G B", "", "", false, false},
		{"ten GB", "", "", false, false},
	} {
		number, unit, spaced, ok := ParseScalarUnit(c.text)
		if number != c.number || unit != c.unit || spaced != c.spaced || ok != c.ok {
			t.Errorf("ParseScalarUnit(%q) = %q, %q, %v, %v", c.text, number, unit, spaced, ok)
		}
	}
}

func TestParseVersion(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"6.1", true}, {"2.0.1", true}, {"3.1.0.beta", true}, {"1.0.0.alpha-10", true},
		{"1", false}, {"1..0", false}, {"1.0.abc", false}, {"0.0.0.beta", false}, {"v1.2", false}, {"1.2.3.4.5", false},
	} {
		if _, ok := ParseVersion(c.text); ok != c.ok {
			t.Errorf("ParseVersion(%q) ok = %v", c.text, ok)
		}
	}
	for _, c := range []struct {
		a, b string
		cmp  int
		ok   bool
	}{
		{"1.10.0", "1.9.9", 1, true},
		{"2.0", "2.0.0", 0, true},
		{"1.0.0.beta", "1.0.0", -1, true},
		{"1.0.0.beta-2", "1.0.0.beta-10", -1, true},
		{"1.0.0.alpha", "1.0.0.beta", 0, false},
	} {
		a, _ := ParseVersion(c.a)
		b, _ := ParseVersion(c.b)
		if cmp, ok := a.Compare(b); cmp != c.cmp || ok != c.ok {
			t.Errorf("%s vs %s: %d, %v", c.a, c.b, cmp, ok)
		}
	}
}

func TestParseTimestamp(t *testing.T) {
	for _, c := range []struct {
		text       string
		utc        string
		strict, ok bool
	}{
		{"2024-05-01T12:30:00Z", "2024-05-01T12:30:00Z", true, true},
		{"2024-05-01T14:30:00+02:00", "2024-05-01T12:30:00Z", true, true},
		{"2001-12-14t21:59:43.10-05:00", "2001-12-15T02:59:43.1Z", true, true},
		{"2002-12-14", "2002-12-14T00:00:00Z", false, true},
		{"2001-12-14 21:59:43.10 -5", "2001-12-15T02:59:43.1Z", false, true},
		{"2024-02-30T00:00:00Z", "", false, false},
		{"yesterday", "", false, false},
	} {
		ts, strict, ok := ParseTimestamp(c.text)
		if ok != c.ok || strict != c.strict || ok && ts.UTC().Format(time.RFC3339Nano) != c.utc {
			t.Errorf("ParseTimestamp(%q) = %v, strict %v, ok %v", c.text, ts.UTC(), strict, ok)
		}
	}
}

// TestCoreNumbers checks the hand-written matchers against the core
// schema's regular expressions (YAML 1.2 §10.3.2), on every string of up to
// four characters over the characters that matter.
func TestCoreNumbers(t *testing.T) {
	schemaInt := regexp.MustCompile(`^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$`)
	schemaFloat := regexp.MustCompile(`^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
	check := func(s string) {
		if got, want := isCoreInt(s), schemaInt.MatchString(s); got != want {
			t.Errorf("isCoreInt(%q) = %v, want %v", s, got, want)
		}
		if got, want := isCoreFloat(s), schemaFloat.MatchString(s); got != want {
			t.Errorf("isCoreFloat(%q) = %v, want %v", s, got, want)
		}
	}
	for _, s := range []string{".inf", "-.inf", "+.Inf", ".INF", ".nan", "-.nan", ".NaN", "1.5e+10", "6.02E23", "1e", "e5", "0o17", "0o8", "0x1F", "0xg", "12.5.1", "1_000"} {
		check(s)
	}
	const alphabet = "0178+-.eExoaAfg"
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		check(prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			gen(prefix+alphabet[i:i+1], n-1)
		}
	}
	gen("", 4)
}
