package syntax

import "testing"

// TestQuotedAtColumnZero: a quoted string continued on a line indented no
// deeper than its key is invalid YAML 1.2 (§7.3), but TOSCA 2.0's own
// description example writes one (§5.3.2) and most parsers read it: when
// the string closes at the end of a later line it is read whole, with one
// lenient error (a warning). A string that never closes so still ends at
// the end of its first line, so that the keys after it are kept.
func TestQuotedAtColumnZero(t *testing.T) {
	tests := []struct {
		name, src, key, value string
		lenient, errors       int
	}{
		{"the text's example", "description: \"A multiline description \nusing a quoted string\"\nname: x\n", "description", "A multiline description using a quoted string", 1, 0},
		{"several lines, one warning", "a: \"x\ny\nz\"  # done\nb: 1\n", "a", "x y z", 1, 0},
		{"single-quoted", "a: 'it''s\ncontinued'\nb: 1\n", "a", "it's continued", 1, 0},
		{"indented as YAML wants", "a: \"x\n  y\"\nb: 1\n", "a", "x y", 0, 0},
		{"never closed: the next key", "a: \"open\nb: c\n", "b", "c", 0, 1},
		{"a later value's quote does not close it", "a: \"open\nb: \"x\"\n", "b", "x", 0, 1},
		{"not across documents", "a: \"x\n---\nb: \"y\"\n", "a", "x", 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			checkSpans(t, f)
			lenient, errors := 0, 0
			for _, e := range f.Errors {
				if e.Lenient {
					lenient++
				} else {
					errors++
				}
			}
			if lenient != tt.lenient || errors != tt.errors {
				t.Errorf("%d lenient and %d other errors, want %d and %d: %v", lenient, errors, tt.lenient, tt.errors, f.Errors)
			}
			if got := mustGet(t, f, 0, tt.key).Text(); got != tt.value {
				t.Errorf("%s is %q, want %q", tt.key, got, tt.value)
			}
		})
	}
}
