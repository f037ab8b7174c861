package syntax

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// suiteExceptions lists the cases of the YAML test suite the parser does
// not get right, with the reason.
var suiteExceptions = map[string]string{}

// suiteDir finds the YAML test suite beside the repository
// (../shared/reference/yaml-test-suite from the repository root).
func suiteDir(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
	suite := filepath.Join(dir, "..", "shared", "reference", "yaml-test-suite")
	if _, err := os.Stat(suite); err != nil {
		t.Skipf("YAML test suite not found at %s", suite)
	}
	return suite
}

// suiteCases lists the case folders (those holding an in.yaml), by name
// relative to the suite ("2JQS", "4MUZ/02").
func suiteCases(t testing.TB, suite string) []string {
	var cases []string
	err := filepath.WalkDir(suite, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "in.yaml" {
			rel, _ := filepath.Rel(suite, filepath.Dir(path))
			cases = append(cases, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(cases)
	return cases
}

// TestYAMLTestSuite checks every case of the YAML test suite: a valid
// case parses without error and loads (YAML 1.2 core schema, merge keys
// not expanded) to the values of its in.json; an invalid case gets at
// least one error.
func TestYAMLTestSuite(t *testing.T) {
	suite := suiteDir(t)
	var valid, validOK, invalid, invalidOK int
	for _, name := range suiteCases(t, suite) {
		dir := filepath.Join(suite, filepath.FromSlash(name))
		src, err := os.ReadFile(filepath.Join(dir, "in.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		_, statErr := os.Stat(filepath.Join(dir, "error"))
		wantError := statErr == nil
		f := parse(src, false)
		checkSpans(t, f)
		problem := ""
		if msg := parserFailure(f); msg != "" {
			problem = msg // a bug, on invalid input too
		} else if wantError {
			invalid++
			if len(f.Errors) == 0 {
				problem = "invalid YAML accepted"
			}
		} else {
			valid++
			if len(f.Errors) > 0 {
				problem = fmt.Sprintf("error %q at %q", f.Errors[0].Message, spanText(src, f.Errors[0].Span))
			} else if want, err := os.ReadFile(filepath.Join(dir, "in.json")); err == nil {
				problem = compareJSON(f, want)
			}
		}
		reason, excepted := suiteExceptions[name]
		switch {
		case problem == "" && excepted:
			t.Errorf("%s passes: remove it from suiteExceptions (%s)", name, reason)
		case problem != "" && !excepted:
			title, _ := os.ReadFile(filepath.Join(dir, "==="))
			t.Errorf("%s (%s): %s\n%s", name, strings.TrimSpace(string(title)), problem, src)
		case problem == "" && wantError:
			invalidOK++
		case problem == "":
			validOK++
		}
	}
	t.Logf("valid cases passed: %d/%d; invalid cases rejected: %d/%d", validOK, valid, invalidOK, invalid)
}

// parserFailure is the message of a parser failure (a panic recovered:
// always a bug) among f's errors, or "".
func parserFailure(f *File) string {
	for _, e := range f.Errors {
		if strings.HasPrefix(e.Message, "YAML parser failure") {
			return e.Message
		}
	}
	return ""
}

// compareJSON compares the loaded documents of f with the JSON values of
// want (one per document).
func compareJSON(f *File, want []byte) string {
	var wants []any
	dec := json.NewDecoder(bytes.NewReader(want))
	dec.UseNumber()
	for {
		var v any
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "bad in.json: " + err.Error()
		}
		wants = append(wants, normalizeJSON(v))
	}
	diff, err := compareDocuments(f, wants)
	if err != nil {
		return err.Error()
	}
	return diff
}

// compareDocuments compares the loaded documents of f with wants; err is
// set when they cannot be loaded as JSON values (a collection as a key).
func compareDocuments(f *File, wants []any) (string, error) {
	docs := f.Docs
	if len(wants) == 0 && len(docs) == 1 && docs[0].Root == nil {
		docs = nil // a stream without documents
	}
	if len(docs) != len(wants) {
		return fmt.Sprintf("%d documents, want %d", len(docs), len(wants)), nil
	}
	for i, d := range docs {
		got, err := loadNode(d, d.Root)
		if err != nil {
			return "", fmt.Errorf("document %d: %w", i, err)
		}
		if !reflect.DeepEqual(got, wants[i]) {
			return fmt.Sprintf("document %d loads as\n%#v\nwant\n%#v", i, got, wants[i]), nil
		}
	}
	return "", nil
}

// normalizeJSON turns JSON numbers into int64 (integers) or float64.
func normalizeJSON(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return number(f)
	case []any:
		for i := range x {
			x[i] = normalizeJSON(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalizeJSON(x[k])
		}
	}
	return v
}

var (
	coreInt   = regexp.MustCompile(`^[-+]?[0-9]+$`)
	coreOct   = regexp.MustCompile(`^0o[0-7]+$`)
	coreHex   = regexp.MustCompile(`^0x[0-9a-fA-F]+$`)
	coreFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
)

// loadNode loads a node as JSON would hold it: mappings as
// map[string]any, sequences as []any, scalars by the YAML 1.2 core
// schema (numbers as number makes them).
func loadNode(d *Document, n *Node) (any, error) {
	if n == nil {
		return nil, nil
	}
	switch n.Kind {
	case Mapping:
		m := make(map[string]any, len(n.Pairs))
		for _, p := range n.Pairs {
			k, err := loadNode(d, p.Key)
			if err != nil {
				return nil, err
			}
			v, err := loadNode(d, p.Value)
			if err != nil {
				return nil, err
			}
			ks, ok := keyString(k)
			if !ok {
				return nil, fmt.Errorf("key %v cannot be a JSON key", k)
			}
			m[ks] = v
		}
		return m, nil
	case Sequence:
		s := make([]any, 0, len(n.Items))
		for _, it := range n.Items {
			v, err := loadNode(d, it)
			if err != nil {
				return nil, err
			}
			s = append(s, v)
		}
		return s, nil
	}
	tag := resolveTag(d.handles, n.Tag)
	v := n.Value
	switch {
	case tag == "!" || tag == yamlStrTag || tag == "tag:yaml.org,2002:binary":
		return v, nil
	case tag == "tag:yaml.org,2002:null":
		return nil, nil
	case n.Style != Plain:
		return v, nil
	case tag == "", tag == "tag:yaml.org,2002:int", tag == "tag:yaml.org,2002:float", tag == "tag:yaml.org,2002:bool":
		return coreScalar(v), nil
	case v == "":
		return nil, nil
	}
	return v, nil // a local or application tag: the text
}

// number is f as loaded values hold it: an integral value as int64 (so
// that 450.00 and 450 compare equal), another as float64.
func number(f float64) any {
	if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return int64(f)
	}
	return f
}

// keyString is a scalar key as a JSON object key.
func keyString(k any) (string, bool) {
	switch kv := k.(type) {
	case string:
		return kv, true
	case nil:
		return "null", true
	case int64:
		return strconv.FormatInt(kv, 10), true
	case float64:
		return strconv.FormatFloat(kv, 'f', -1, 64), true
	case bool:
		return strconv.FormatBool(kv), true
	}
	return "", false
}

func coreScalar(v string) any {
	switch v {
	case "", "~", "null", "Null", "NULL":
		return nil
	case "true", "True", "TRUE":
		return true
	case "false", "False", "FALSE":
		return false
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return math.Inf(1)
	case "-.inf", "-.Inf", "-.INF":
		return math.Inf(-1)
	}
	switch {
	case coreInt.MatchString(v):
		if i, err := strconv.ParseInt(v, 10, 64); err == nil {
			return i
		}
		f, _ := strconv.ParseFloat(v, 64)
		return number(f)
	case coreFloat.MatchString(v):
		f, _ := strconv.ParseFloat(v, 64)
		return number(f)
	case coreOct.MatchString(v):
		i, _ := strconv.ParseInt(v[2:], 8, 64)
		return i
	case coreHex.MatchString(v):
		i, _ := strconv.ParseInt(v[2:], 16, 64)
		return i
	}
	return v
}

// TestYAMLTestSuiteCRLF parses every valid case of the suite with CRLF
// line breaks (and, for every other case, lone CRs): the data must be the
// same and the errors none.
func TestYAMLTestSuiteCRLF(t *testing.T) {
	suite := suiteDir(t)
	for i, name := range suiteCases(t, suite) {
		dir := filepath.Join(suite, filepath.FromSlash(name))
		src, err := os.ReadFile(filepath.Join(dir, "in.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "error")); err == nil || bytes.IndexByte(src, '\r') >= 0 {
			continue
		}
		brk := "\r\n"
		if i%2 == 1 {
			brk = "\r"
		}
		v := bytes.ReplaceAll(src, []byte("\n"), []byte(brk))
		f := parse(v, false)
		checkSpans(t, f)
		if len(f.Errors) > 0 {
			t.Errorf("%s with %q: error %q at %q", name, brk, f.Errors[0].Message, spanText(v, f.Errors[0].Span))
			continue
		}
		if want, err := os.ReadFile(filepath.Join(dir, "in.json")); err == nil {
			if diff := compareJSON(f, want); diff != "" {
				t.Errorf("%s with %q: %s", name, brk, diff)
			}
		}
	}
}
