package grammar

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEntitySections checks each entity's sections against the texts
// they cite: a Draft section is a heading of the 2020 draft (CSD03), a
// Final one a heading of the standard's text (CSD07), or a heading under
// it (the reflowed draft lost some headings of its own).
func TestEntitySections(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "shared")
	texts := map[string]string{
		"draft": filepath.Join(shared, "seeds", "tosca-2.0-csd03-reflowed.md"),
		"final": filepath.Join(shared, "reference", "tosca-2.0", "TOSCA-v2.0-csd07.md"),
	}
	headings := map[string]map[string]bool{}
	heading := regexp.MustCompile(`(?m)^#+ ([0-9]+(?:\.[0-9]+)*) `)
	for name, p := range texts {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Skipf("the texts are not available: %v", err)
		}
		headings[name] = map[string]bool{}
		for _, m := range heading.FindAllStringSubmatch(string(data), -1) {
			headings[name][m[1]] = true
		}
	}
	has := func(text, section string) bool {
		for h := range headings[text] {
			if h == section || strings.HasPrefix(h, section+".") {
				return true
			}
		}
		return false
	}
	n := 0
	Walk(func(_ []string, e *Entity) {
		if e.Spec.Text != "" && (e.Spec.Draft != "" || e.Spec.Final != "") {
			t.Errorf("%s: a dialect's text and TOSCA sections", e.Name)
		}
		if e.Spec.Draft != "" && !has("draft", e.Spec.Draft) {
			t.Errorf("%s: CSD03 has no section %s", e.Name, e.Spec.Draft)
		}
		if e.Spec.Final != "" && !has("final", e.Spec.Final) {
			t.Errorf("%s: CSD07 has no section %s", e.Name, e.Spec.Final)
		}
		n++
	})
	if n == 0 {
		t.Fatal("no entity walked")
	}
}

func TestSectionCited(t *testing.T) {
	typ := PropertyDef.AnyKey(KeyType)
	constraints := PropertyDef.AnyKey(KeyConstraints)
	for _, c := range []struct {
		k    *Key
		v    Versions
		form Form
		want string
	}{
		{typ, V1_3, FormUnknown, ""},
		{typ, V1_3 | VVariability, FormUnknown, ""},
		{typ, V2, FormDraft, "TOSCA 2.0 CSD03 §4.4.7"},
		{typ, V2, FormFinal, "TOSCA 2.0 §9.3"},
		{typ, V2, FormUnknown, "TOSCA 2.0 §9.3"},
		{typ, V2, FormMixed, "TOSCA 2.0 §9.3"},
		{constraints, V2, FormMixed, "TOSCA 2.0 CSD03 §4.4.7"},
		{nil, V2Final, FormFinal, "TOSCA 2.0 §9.3"},
	} {
		if got := PropertyDef.Section(c.k, c.v, c.form); got != c.want {
			t.Errorf("Section(%v, %b, %d) = %q, want %q", c.k != nil, c.v, c.form, got, c.want)
		}
	}
	if got := FunctionDef.Section(nil, V2, FormDraft); got != "" {
		t.Errorf("a final-only entity cites %q in a draft file", got)
	}
	if got := HeatResourceDef.Section(nil, VHeatPike, FormUnknown); !strings.HasPrefix(got, "HOT specification") {
		t.Errorf("a Heat entity cites %q", got)
	}
}
