// Package markers runs the marker tests of tosca-ls: fixture archives under
// testdata/markers whose YAML comments state what each editor feature must
// answer at a position, the way gopls's marker tests do. See runner_test.go
// for the format and each *_test.go file for the markers of one feature.
package markers
