// Package analysis assembles the TOSCA analysis that the language server
// and the check command run: the model's engine with the checks of the
// packages beside it. The features live in the subpackages (model,
// dialect, complete, hover, navigate, outline, fix); the tests here run the
// whole analysis over the fixtures, the example projects and the spec
// examples.
package analysis

import (
	"github.com/tosca-ls/tosca-ls/analysis/dialect"
	"github.com/tosca-ls/tosca-ls/analysis/model"
)

// NewEngine makes the engine of a server or of one check run.
func NewEngine() *model.Engine {
	return model.NewEngine(dialect.Check)
}
