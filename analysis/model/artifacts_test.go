package model_test

import (
	"testing"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
)

func TestArtifactFile(t *testing.T) {
	v, main := deepView(t)
	f := v.Facts(main)
	want := map[string]model.ArtifactStatus{
		"setup.sh":                 model.ArtifactFound,
		"missing.sh":               model.ArtifactMissing,
		"https://example.com/x.sh": model.ArtifactUnchecked,
		"x.sh":                     model.ArtifactUnchecked, // in a remote repository
	}
	for i := range f.Refs {
		r := &f.Refs[i]
		if r.Kind != grammar.ArtifactFile {
			continue
		}
		_, status := v.ArtifactFile(main, r)
		if status != want[f.RefName(r)] {
			t.Errorf("%s: status %d, want %d", f.RefName(r), status, want[f.RefName(r)])
		}
		delete(want, f.RefName(r))
	}
	if len(want) > 0 {
		t.Errorf("no references to %v", want)
	}
}
