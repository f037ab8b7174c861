package analysis_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis"
)

func TestSignatureHelp(t *testing.T) {
	cases := []struct {
		file   string
		label  string // "" when no signature is expected
		active int
		params int
	}{
		{"get-property-1-3.yaml", "get_property: [ entity, capability_or_requirement, property, path… ]", 1, 4},
		// An unclosed flow sequence is closed by the completion parser.
		{"unclosed-1-3.yaml", "get_property: [ entity, capability_or_requirement, property, path… ]", 2, 4},
		// Past the last parameter of a variadic function, the last one stays active.
		{"concat-variadic-1-3.yaml", "concat: [ string… ]", 0, 1},
		// The innermost call wins.
		{"nested-1-3.yaml", "get_input: [ input, path… ]", 0, 2},
		{"outside-1-3.yaml", "", 0, 0},
		{"get-input-draft.yaml", "get_input: [ input, path… ]", 0, 2},
		{"get-input-final.yaml", "$get_input: [ input, path… ]", 0, 2},
		{"greater-than-final.yaml", "$greater_than: [ a, b ]", 1, 2},
		// A TOSCA path takes as many arguments as it goes (2.0 §10.3).
		{"get-property-path-final.yaml", "$get_property: [ tosca_path…, property_name, nested_name_or_index… ]", 1, 3},
		{"get-artifact-final.yaml", "$get_artifact: [ tosca_path…, artifact_name ]", 1, 2},
		// A block list: the new item is the second argument (variadic: still `number`).
		{"block-list-final.yaml", "$sum: [ number… ]", 0, 1},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			snap, path, _, off := completionSnapshot(t, filepath.Join("../testdata/signature", tc.file))
			sh := analysis.SignatureHelpAt(context.Background(), snap, path, off)
			if tc.label == "" {
				if sh != nil {
					t.Fatalf("no call at the cursor, got %q", sh.Label)
				}
				return
			}
			if sh == nil {
				t.Fatalf("no signature, want %q", tc.label)
			}
			if sh.Label != tc.label || sh.ActiveParam != tc.active || len(sh.Params) != tc.params {
				t.Errorf("got %q active %d with %d params, want %q active %d with %d", sh.Label, sh.ActiveParam, len(sh.Params), tc.label, tc.active, tc.params)
			}
			if sh.Documentation == "" {
				t.Errorf("the signature has no documentation")
			}
			for _, p := range sh.Params {
				if p.Documentation == "" {
					t.Errorf("parameter %q has no documentation", p.Label)
				}
			}
		})
	}
}

func TestSignatureHelpBlockIndex(t *testing.T) {
	// In a block list the argument is counted by lines.
	snap, path, _, off := completionOverlay(t, `tosca_definitions_version: tosca_2_0
service_template:
  inputs:
    a:
      type: integer
      validation:
        $difference:
          - 10
          - ‸
  node_templates: {}
`)
	sh := analysis.SignatureHelpAt(context.Background(), snap, path, off)
	if sh == nil || sh.Label != "$difference: [ minuend, subtrahend ]" || sh.ActiveParam != 1 {
		t.Fatalf("got %+v, want $difference with subtrahend active", sh)
	}
}
