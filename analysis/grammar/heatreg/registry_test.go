package heatreg

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestFacts checks a few facts of the generated data against what Heat's
// plug-ins say.
func TestFacts(t *testing.T) {
	r := Load()
	if r.Heat == "" || len(r.Types) < 180 {
		t.Fatalf("registry of Heat %q has %d types", r.Heat, len(r.Types))
	}
	server := r.Type("OS::Nova::Server")
	if server == nil || server.Properties["flavor"] == nil || !server.Properties["flavor"].Required {
		t.Errorf("OS::Nova::Server must require flavor")
	}
	if p := server.Properties["image"]; p == nil || p.Required || p.Type != String {
		t.Errorf("OS::Nova::Server image: %+v", p)
	}
	if a := r.Type("OS::Neutron::Port").Attributes["fixed_ips"]; a == nil || a.Type != List {
		t.Errorf("OS::Neutron::Port must have the list attribute fixed_ips: %+v", a)
	}
	if a := r.Type("OS::Nova::Server").Attributes["show"]; a == nil {
		t.Errorf("the base attribute show is missing")
	}
	if !r.Type("OS::Heat::ResourceGroup").OpenAttributes || r.Type("OS::Nova::Server").OpenAttributes {
		t.Errorf("only plug-ins that read their own attributes are open")
	}
	fip := r.Type("OS::Nova::FloatingIP")
	if fip.Status != Hidden || fip.Use != "OS::Neutron::FloatingIP" || fip.Since != "2014.1" {
		t.Errorf("OS::Nova::FloatingIP: %+v", fip.Support)
	}
	if s := r.Type("OS::Aodh::Alarm"); s.Status != Deprecated || s.Use == "" {
		t.Errorf("OS::Aodh::Alarm: %+v", s.Support)
	}
	var values []any
	for _, c := range server.Properties["flavor_update_policy"].Constraints {
		values = append(values, c.AllowedValues...)
	}
	if !slices.Contains(values, any("RESIZE")) {
		t.Errorf("flavor_update_policy allows %v", values)
	}
	if v := r.Template("newton"); v == nil || !slices.Contains(v.ResourceKeys, "external_id") || !slices.Contains(v.ResourceKeys, "condition") {
		t.Errorf("newton must have external_id and condition: %+v", v)
	}
	if v := r.Template("2016-04-08"); slices.Contains(v.ResourceKeys, "external_id") {
		t.Errorf("2016-04-08 has no external_id")
	}
	if !slices.Equal(r.Names()[:2], []string{"AWS::AutoScaling::AutoScalingGroup", "AWS::AutoScaling::LaunchConfiguration"}) {
		t.Errorf("names: %v", r.Names()[:2])
	}
}

func TestRelease(t *testing.T) {
	for v, want := range map[string]int{"2013.2": 1, "2014.1": 2, "2015.1": 4, "5.0.0": 5, "19.0.0": 19, "": -1} {
		if got := Release(v); got != want {
			t.Errorf("Release(%q) = %d, want %d", v, got, want)
		}
	}
	if ReleaseName("2015.1") != "Kilo (2015.1)" || ReleaseName("9.0.0") != "Pike (9.0.0)" {
		t.Errorf("ReleaseName: %s, %s", ReleaseName("2015.1"), ReleaseName("9.0.0"))
	}
	for _, c := range []struct {
		since, date string
		want        bool
	}{
		{"", "2013-05-23", true}, {"2014.1", "2013-05-23", true}, {"2014.2", "2013-05-23", false},
		{"6.0.0", "2016-04-08", true}, {"7.0.0", "2016-04-08", false},
		{"15.0.0", "2018-08-31", true}, {"16.0.0", "2018-08-31", false}, {"19.0.0", "2021-04-16", true},
	} {
		if got := AvailableIn(c.since, c.date); got != c.want {
			t.Errorf("AvailableIn(%q, %q) = %v", c.since, c.date, got)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		var r Registry
		if err := json.Unmarshal(data, &r); err != nil {
			b.Fatal(err)
		}
	}
}
