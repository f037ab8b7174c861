package model_test

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestLookupFunction(t *testing.T) {
	v, main := deepView(t)
	for _, c := range []struct {
		name, file string
	}{
		{"double", "main.yaml"},
		{"lib:triple", "lib.yaml"},
		{"triple", ""}, // only under its namespace
		{"lib:double", ""},
	} {
		got := ""
		if d := v.LookupFunction(main, c.name); d.Valid() {
			got = filepath.Base(d.Path)
		}
		if got != c.file {
			t.Errorf("%s is defined in %q, want %q", c.name, got, c.file)
		}
	}
	if names := v.FunctionNames(main); !slices.Equal(names, []string{"double", "lib:triple"}) {
		t.Errorf("functions %v", names)
	}
}
