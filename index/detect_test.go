package index

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// detectCase is one entry of testdata/detect/cases.json, the table every
// editor integration is tested against as well.
type detectCase struct {
	Name   string `json:"name"`
	Text   string `json:"text"`
	Repeat *struct {
		Text  string `json:"text"`
		Count int    `json:"count"`
	} `json:"repeat"`
	Want string `json:"want"`
}

func TestDetect(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "detect", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []detectCase }
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("no cases in cases.json")
	}
	names := map[string]Dialect{"tosca": TOSCA, "heat": Heat, "heat-environment": HeatEnv, "none": NotTOSCA}
	for _, tc := range table.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			want, ok := names[tc.Want]
			if !ok {
				t.Fatalf("want %q is not tosca, heat, heat-environment or none", tc.Want)
			}
			src := tc.Text
			if tc.Repeat != nil {
				src = strings.Repeat(tc.Repeat.Text, tc.Repeat.Count) + src
			}
			if got := Detect([]byte(src)); got != want {
				t.Errorf("Detect(%.80q…) = %v, want %v", src, got, want)
			}
		})
	}
}

// TestAnalysable: a document is served when its content is TOSCA or HOT, or
// when the editor names it tosca or heat (a file switched by hand).
func TestAnalysable(t *testing.T) {
	for _, tc := range []struct {
		languageID, src string
		want            bool
		path            string
	}{
		{"yaml", "tosca_definitions_version: tosca_2_0\n", true, ""},
		{"yaml", "heat_template_version: 2018-08-31\n", true, ""},
		{"yaml", "apiVersion: v1\n", false, ""},
		{"tosca", "node_types: {}\n", true, ""},
		{"heat", "resources: {}\n", true, ""},
		{"HEAT", "resources: {}\n", true, ""},
		{"yaml.tosca", "node_types: {}\n", true, ""},
		{"json", "{}", false, ""},
		{"plaintext", "CSAR-Version: 2.0\n", true, "/p/TOSCA-Metadata/TOSCA.meta"},
		{"plaintext", "CSAR-Version: 2.0\n", false, "/p/other/TOSCA.meta"},
	} {
		if tc.path == "" {
			tc.path = "/p/file.yaml"
		}
		if got := Analysable(tc.path, tc.languageID, []byte(tc.src)); got != tc.want {
			t.Errorf("Analysable(%q, %q, %q) = %v, want %v", tc.path, tc.languageID, tc.src, got, tc.want)
		}
	}
}

// TestEditorLanguage: the language ids editors give TOSCA and Heat
// documents, in any case; any other id names neither.
func TestEditorLanguage(t *testing.T) {
	for id, want := range map[string]Dialect{
		"tosca": TOSCA, "TOSCA": TOSCA, "yaml.tosca": TOSCA, "tosca-yaml": TOSCA,
		"heat": Heat, "Heat": Heat,
		"yaml": NotTOSCA, "": NotTOSCA, "plaintext": NotTOSCA,
	} {
		if got := EditorLanguage(id); got != want {
			t.Errorf("EditorLanguage(%q) = %v, want %v", id, got, want)
		}
	}
}
