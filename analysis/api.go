package analysis

import "errors"

// The entry points the language server and the check command call live one
// file per feature (checks.go, completion.go, hover.go, navigation.go,
// rename.go, symbols.go, structure.go, codeactions.go, signature.go). Each
// takes an immutable snapshot, the file's path and a byte offset; none of
// them knows anything about LSP.

// ErrCannotRename is returned by PrepareRename/Rename for names that cannot be renamed.
var ErrCannotRename = errors.New("cannot rename this element")
