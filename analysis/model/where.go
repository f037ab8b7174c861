package model

import (
	"path/filepath"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
)

// Where a file is, as messages and hovers tell an author.

// ProfileOf is the profile name the file at path belongs to: the one it
// declares, or for a file of the embedded profiles the name its folder is
// imported by ("" when none).
func (v *View) ProfileOf(path string) string {
	f := v.Snap.File(path)
	if f == nil {
		return ""
	}
	if f.ProfileName != "" {
		return f.ProfileName
	}
	if !f.Embedded {
		// A workspace file belongs to a profile only by declaring it.
		return ""
	}
	if name, ok := v.prog.profiles.get(textKey(path)); ok {
		return name
	}
	return v.prog.profiles.put(textKey(path), v.embeddedProfileOf(path))
}

// embeddedProfileOf is the name the folder of an embedded profile's file is
// imported by: an embedded profile spreads over the files of one folder.
func (v *View) embeddedProfileOf(path string) string {
	dir := filepath.Dir(path)
	best := ""
	for _, name := range v.Snap.ProfileNames() {
		entry := v.Snap.Profile(name)
		if entry == "" || filepath.Dir(entry) != dir {
			continue
		}
		// A plain name reads better than a URI alias.
		if best == "" || strings.Contains(best, "://") && !strings.Contains(name, "://") {
			best = name
		}
	}
	return best
}

// IsBuiltin reports whether the file at path holds the built-in types
// (string, integer, …) of the embedded profiles.
func (v *View) IsBuiltin(path string) bool {
	f := v.Snap.File(path)
	if f == nil || !f.Embedded {
		return false
	}
	switch v.ProfileOf(path) {
	case grammar.ProfileBuiltin1x, grammar.ProfileBuiltin20:
		return true
	}
	return false
}

// RelPath is path relative to the workspace folder holding it (the
// shortest such), with slashes; path itself when no folder holds it.
func (v *View) RelPath(path string) string {
	best := ""
	for _, dir := range v.Snap.Folders() {
		if rel, ok := index.RelWithin(dir, path); ok {
			if best == "" || len(rel) < len(best) {
				best = rel
			}
		}
	}
	if best == "" {
		return path
	}
	return filepath.ToSlash(best)
}

// Where says where the file at path is: `profile NAME`, else its path
// relative to the workspace, in backquotes.
func (v *View) Where(path string) string {
	if name := v.ProfileOf(path); name != "" {
		return "profile `" + name + "`"
	}
	return "`" + v.RelPath(path) + "`"
}
