package grammar

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// Writing scalars: the text a code action or a completion inserts must
// read back, through our parser (index/syntax) and YAML 1.2's core schema
// (CoreScalar), as the value intended. Whether a text does is decided by
// parsing it where it goes, so the rules are the parser's own.

// StringScalar writes s as a YAML scalar on one line that reads back as
// the string s: inside a flow collection when flow is set, else as a block
// value (after `key: ` or `- `). It is plain when the plain text reads back
// as s and as a string (`1e3` is a float, `true` a boolean, `a: b` a
// mapping, `x #y` a comment), and a YAML 1.1 reader (PyYAML, which several
// TOSCA processors use) would not take it for a boolean or a number
// either (`yes`, `0755`, `1_000`); else single-quoted when that reads
// back; else double-quoted, with escapes (line breaks, control
// characters). s must be valid UTF-8, as YAML text is.
func StringScalar(s string, flow bool) string {
	if plainWord(s) {
		return s
	}
	if CoreScalar(s) == YAMLString && !IsLegacyBoolean(s) && !yaml11Like(s) && (plainName(s) || readsBack(s, flow, s, syntax.Plain)) {
		return s
	}
	if single := "'" + strings.ReplaceAll(s, "'", "''") + "'"; readsBack(single, flow, s, syntax.SingleQuoted) {
		return single
	}
	return strconv.Quote(s) // Go's escapes of valid UTF-8 are YAML's (§5.7)
}

// PlainScalarInFlow writes the value of a plain scalar of the source
// inside a flow collection: as written when it reads back there as the
// same plain scalar (numbers stay numbers), else as the string it is (a
// plain scalar a flow collection would split, `a,b`, is a string).
func PlainScalarInFlow(value string) string {
	if readsBack(value, true, value, syntax.Plain) {
		return value
	}
	return StringScalar(value, true)
}

// plainName reports a text that reads back plain anywhere, decided
// without parsing it (completion writes a thousand type names): letters,
// digits and `_ . / + - :`, starting with a letter, a digit, `_`, `.` or
// `/`, and not ending with `:` (a colon followed by a blank or the end of
// the line starts a mapping value).
func plainName(s string) bool {
	if s == "" || s[len(s)-1] == ':' {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9', b == '_', b == '.', b == '/':
		case (b == '+' || b == '-' || b == ':') && i > 0:
		default:
			return false
		}
	}
	return true
}

// plainWord reports a name that starts with a letter or `_`, reads back
// plain anywhere (plainName) and is no word YAML 1.2 or 1.1 reads as a
// boolean or null: the common case, decided without the core schema's
// rules (completion writes a thousand type names).
func plainWord(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z' || s[0] == '_') || !plainName(s) {
		return false
	}
	switch s {
	case "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE":
		return false
	}
	return !IsLegacyBoolean(s)
}

// yaml11Like reports what YAML 1.1 reads as a number (yaml11Number, tried
// only on texts that start like one).
func yaml11Like(s string) bool {
	return s != "" && strings.IndexByte("+-.0123456789", s[0]) >= 0 && yaml11Number.MatchString(s)
}

// yaml11Number matches what YAML 1.1's int and float types read as a
// number and YAML 1.2's core schema as a string: base 2 and 60, a leading
// 0 (octal), underscores, `.5`-style floats without exponent sign rules.
var yaml11Number = regexp.MustCompile(`^[-+]?(0b[01_]+|0[0-7_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?|[0-9][0-9_]*(\.[0-9_]*)?([eE][-+][0-9]+)?|\.[0-9][0-9_]*([eE][-+][0-9]+)?)$`)

// readsBack reports whether text, written as a block value or inside a
// flow collection, parses without error as one scalar of the given style
// whose value is want.
func readsBack(text string, flow bool, want string, style syntax.Style) bool {
	src := "k: " + text + "\n"
	if flow {
		src = "[" + text + "]\n"
	}
	f := syntax.Parse([]byte(src))
	root := f.Root()
	if len(f.Errors) > 0 || len(f.Docs) != 1 || root == nil {
		return false
	}
	var n *syntax.Node
	switch {
	case !flow && root.Kind == syntax.Mapping && len(root.Pairs) == 1:
		n = root.Pairs[0].Value
	case flow && root.Kind == syntax.Sequence && len(root.Items) == 1:
		n = root.Items[0]
	default:
		return false
	}
	return n.Kind == syntax.Scalar && n.Style == style && n.Tag == "" && n.Value == want
}
