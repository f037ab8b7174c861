// Package analysis assembles the TOSCA analysis that the language server
// and the check command run: the model's engine with the checks of the
// packages beside it (validate, dialect). The features live in the other
// subpackages (model, complete, hover, navigate, outline, fix, inlay,
// topology); the tests here run the whole analysis over the fixtures, the
// example projects and the spec examples.
package analysis

import (
	"github.com/tosca-ls/tosca-ls/analysis/dialect"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/validate"
)

// NewEngine makes the engine of a server or of one check run.
func NewEngine() *model.Engine {
	return model.NewEngine(validate.Check, dialect.Check)
}
