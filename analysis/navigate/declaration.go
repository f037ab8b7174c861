package navigate

import (
	"context"

	"github.com/tosca-ls/tosca-ls/analysis/model"
)

// Declaration returns where the name at offset is declared, where that is
// apart from its definition: for a type written with namespace prefixes
// (`my:k8s:Pod`), the import that introduces the prefix under the cursor
// (its `namespace` value; on the name after the prefixes, the import of
// the last prefix), followed through the imported files; for a member,
// its first definition, in the type of its chain that introduced it (its
// definition may be a refinement). Elsewhere it is the definition.
func Declaration(ctx context.Context, v *model.View, path string, off int) []model.Location {
	t := targetAt(v, path, off)
	switch {
	case t.Kind == model.TargetDecl && !t.OnDecl && v.Kind(t.Decl).IsType():
		if locs := namespaceImports(v, path, t, off); len(locs) > 0 {
			return locs
		}
	case t.Kind == model.TargetMember:
		if defs := v.Definitions(t.Member); len(defs) > 0 {
			return []model.Location{v.Location(defs[len(defs)-1])}
		}
	}
	return Definition(ctx, v, path, off)
}

// namespaceImports follows the namespace prefixes of a type name written
// in the file at path, one import level per prefix, through the imports
// under which the rest of the name still means the type; it returns the
// imports of the prefix holding off (of the last prefix when off is on
// the name after them).
func namespaceImports(v *model.View, path string, t model.Target, off int) []model.Location {
	src := v.Facts(path).Src
	start := t.Span.Start
	if raw := src[t.Span.Start:t.Span.End]; len(raw) >= 2 && (raw[0] == '"' || raw[0] == '\'') {
		start++
	}
	kind := v.Kind(t.Decl)
	files, rest, at := []string{path}, t.Name, start
	var found []model.Location
	for {
		var next []string
		var level []model.Location
		width := 0
		for _, p := range files {
			for _, l := range v.Snap.Links(p) {
				ns := ""
				if l.Import != nil {
					ns = l.Import.Namespace
				}
				if ns == "" || l.Path == "" || !inNamespace(rest, ns) || v.Lookup(l.Path, kind, rest[len(ns)+1:]) != t.Decl {
					continue
				}
				level = append(level, model.Location{Path: p, Span: l.Import.NSpan.Text()})
				next = append(next, l.Path)
				width = len(ns)
			}
		}
		if len(level) == 0 {
			return found
		}
		found = level
		if off < at+width {
			return found
		}
		files, rest, at = next, rest[width+1:], at+width+1
	}
}

// inNamespace reports whether name starts with namespace ns and a colon.
func inNamespace(name, ns string) bool {
	return len(name) > len(ns) && name[len(ns)] == ':' && name[:len(ns)] == ns
}
