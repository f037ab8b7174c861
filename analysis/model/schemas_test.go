package model_test

import (
	"testing"
)

func TestSchemas(t *testing.T) {
	v, main := deepView(t)
	tags := property(t, v, main, "tags")
	if k := v.Name(v.TypeOf(v.KeySchema(tags.Def))); k != "Port" {
		t.Errorf("the keys of tags are %q", k)
	}
	if e := v.Name(v.EntryType(tags.Def)); e != "string" {
		t.Errorf("the entries of tags are %q", e)
	}
	// A data type derived from map gives the schemas itself.
	labels := property(t, v, main, "labels")
	if k := v.Name(v.TypeOf(v.KeySchema(labels.Def))); k != "string" {
		t.Errorf("the keys of labels are %q", k)
	}
	if e := v.Name(v.EntryType(labels.Def)); e != "integer" {
		t.Errorf("the entries of labels are %q", e)
	}
	if s := v.KeySchema(property(t, v, main, "port").Def); s.Valid() {
		t.Errorf("port has a key schema")
	}
}
