// Package editortest drives the real editors through the project's own
// integrations in editors/ against a tosca-ls binary built from this tree:
// Neovim (the runtimepath plugin, built-in client), Emacs (tosca-mode.el with
// Eglot and with lsp-mode), a Node client on vscode-languageserver-protocol,
// and real VS Code (code-server in headless Chromium) with the packaged
// .vsix installed. Each opens the multi-file fixture testdata/editors and
// checks that the server starts, a diagnostic appears, hover, definition
// into the imported file and completion answer, a file that starts with
// description: is TOSCA, a Heat template is heat, and that the editor's
// detection agrees with testdata/detect/cases.json.
//
// .ci/editors-install installs the editors. An editor that is missing is
// skipped with a message, unless TOSCA_LS_EDITOR_TESTS=1, which makes it a
// failure (CI sets it):
//
//	.ci/editors-install && TOSCA_LS_EDITOR_TESTS=1 go test ./editors/...
//
// The drivers (drivers/, node/) only open files and ask; what is expected
// is checked here, once for all editors.
package editortest
