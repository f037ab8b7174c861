package fix

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// maxImportCandidates bounds how many declarations of an unknown type are
// offered (workspace files come first).
const maxImportCandidates = 5

// importFixes offers, for an unknown type name (or a requirement's node
// naming an unknown type) declared in other files: the names under which
// the file already sees a declaration (`my:k8s:Pod`), or else an import of
// each file declaring it, under the name's namespace prefix if it has one.
func (fx *fixer) importFixes(d model.Diagnostic) []Action {
	r := fx.refAt(d.Span)
	if r == nil {
		return nil
	}
	prefix, local := "", fx.u.Facts.RefName(r)
	if i := strings.LastIndex(fx.u.Facts.RefName(r), ":"); i > 0 {
		prefix, local = fx.u.Facts.RefName(r)[:i], fx.u.Facts.RefName(r)[i+1:]
	}
	target := fx.unquoted(d.Span)
	var out []Action
	offered := map[string]bool{}
	for _, decl := range fx.declarations(local, typeKinds(r.Kind)) {
		if names := fx.v.NamesOf(fx.path, decl); len(names) > 0 {
			for _, n := range names {
				if n == fx.u.Facts.RefName(r) || offered[n] || slices.Contains(d.Suggestions, n) {
					continue
				}
				offered[n] = true
				out = append(out, fx.quickFix(d, "Use "+n, model.TextEdit{Span: target, NewText: n}))
			}
			continue
		}
		title, item, ok := fx.importItem(decl.Path, prefix)
		if !ok || offered[title] {
			continue
		}
		offered[title] = true
		if edit, ok := fx.importEdit(item); ok {
			out = append(out, fx.quickFix(d, title, edit))
		}
	}
	return out
}

// refAt is the reference of the unit written exactly at s.
func (fx *fixer) refAt(s text.Span) *facts.Ref {
	refs := fx.u.Facts.Refs
	for i := range refs {
		if refs[i].Span.Text() == s {
			return &refs[i]
		}
	}
	return nil
}

// typeKinds lists the type kinds a reference of kind k may name.
func typeKinds(k grammar.RefKind) []grammar.RefKind {
	if k.IsType() {
		return []grammar.RefKind{k}
	}
	var out []grammar.RefKind
	for _, a := range grammar.Alternatives(k) {
		if a.IsType() {
			out = append(out, a)
		}
	}
	return out
}

// declarations finds the types called name of the given kinds in the other
// files of the snapshot that the unit's TOSCA version can import: workspace
// files first, then profiles.
func (fx *fixer) declarations(name string, kinds []grammar.RefKind) []model.Decl {
	var out []model.Decl
	for _, k := range kinds {
		for _, d := range fx.v.TypesNamed(k, name) {
			if f := fx.v.Facts(d.Path); d.Path != fx.path && generation(f.Versions).Has(generation(fx.versions)) {
				out = append(out, d)
			}
		}
	}
	embedded := func(d model.Decl) int {
		if fx.v.Snap.File(d.Path).Embedded {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(out, func(a, b model.Decl) int { return embedded(a) - embedded(b) })
	return out[:min(len(out), maxImportCandidates)]
}

// generation widens versions to the TOSCA generations they belong to: a
// 1.x file may import a file of another 1.x version, never a 2.0 one.
func generation(v grammar.Versions) grammar.Versions {
	var out grammar.Versions
	if v.Has(grammar.V1x) {
		out |= grammar.V1x
	}
	if v.Has(grammar.V2) {
		out |= grammar.V2
	}
	return out
}

// importKey is one keyname of an import entry being written.
type importKey struct{ key, value string }

// importItem describes the import of the file at path (by profile name for
// a profile, else by its path relative to the unit), under namespace when
// not "". ok is false when the unit's version cannot write that import.
func (fx *fixer) importItem(path, namespace string) (title string, item []importKey, ok bool) {
	v := fx.versions
	if name := fx.profileName(path); name != "" && grammar.ImportDef.Key(grammar.KeyProfile, v) != nil {
		item = append(item, importKey{grammar.KeyProfile, name})
		title = "Import profile " + name
	} else {
		rel, err := filepath.Rel(filepath.Dir(fx.path), path)
		key := importURLKey(v)
		if err != nil || key == "" || fx.v.Snap.File(path).Embedded {
			return "", nil, false
		}
		rel = filepath.ToSlash(rel)
		item = append(item, importKey{key, rel})
		title = "Import " + rel
	}
	if namespace != "" {
		key := grammar.KeyNamespace
		if grammar.ImportDef.Key(key, v) == nil {
			key = grammar.KeyNamespacePrefix
		}
		if grammar.ImportDef.Key(key, v) == nil {
			return "", nil, false
		}
		item = append(item, importKey{key, namespace})
		title += " as namespace " + namespace
	}
	return title, item, true
}

// profileName is the profile name that imports the file at path: the one
// it declares when that name leads to it, or that of the embedded profile
// it belongs to ("" when none).
func (fx *fixer) profileName(path string) string {
	name := fx.v.ProfileOf(path)
	if name == "" || !fx.v.Snap.File(path).Embedded && fx.v.Snap.Profile(name) != path {
		return ""
	}
	return name
}

// importURLKey is the keyname of an import's path in v (`url` or `file`).
func importURLKey(v grammar.Versions) string {
	for _, k := range grammar.ImportDef.KeysIn(v) {
		if k.Value.Kind == grammar.RefValue && k.Value.Ref == grammar.ImportURL {
			return k.Name
		}
	}
	return ""
}

// importEdit adds one entry to the file's imports, creating the section
// after the keynames that come before it when there is none.
func (fx *fixer) importEdit(item []importKey) (model.TextEdit, bool) {
	root := fx.u.Tree.Root()
	if root == nil || root.Kind != syntax.Mapping || len(root.Pairs) == 0 {
		return model.TextEdit{}, false
	}
	insert := func(at int, s string) (model.TextEdit, bool) {
		return model.TextEdit{Span: text.Span{Start: at, End: at}, NewText: s}, true
	}
	if p := root.GetPair(grammar.KeyImports); p != nil {
		list := p.Value
		switch {
		case list.Kind == syntax.Sequence && list.Flow && len(list.Items) == 0:
			return insert(list.Span.Start+1, " "+fx.flowItem(item)+" ")
		case list.Kind == syntax.Sequence && list.Flow:
			return insert(list.Items[len(list.Items)-1].Span.End, ", "+fx.flowItem(item))
		case list.Kind == syntax.Sequence:
			indent := strings.Repeat(" ", fx.column(list.Span.Start))
			return insert(fx.lastLineEnd(list.Span), fx.eol()+fx.blockItem(item, indent))
		case list.Kind == syntax.Null:
			indent := strings.Repeat(" ", fx.column(p.Key.Span.Start)+2)
			return insert(fx.lineEnd(p.Key.Span.Start), fx.eol()+fx.blockItem(item, indent))
		}
		return model.TextEdit{}, false
	}
	last := root.Pairs[0]
	for _, p := range root.Pairs {
		if !precedesImports(p.Key.Value) {
			break
		}
		last = p
	}
	indent := strings.Repeat(" ", fx.column(root.Pairs[0].Key.Span.Start))
	eol := fx.eol()
	return insert(fx.lastLineEnd(pairSpan(last)), eol+indent+grammar.KeyImports+":"+eol+fx.blockItem(item, indent+"  "))
}

// precedesImports reports whether a keyname of a file comes before
// `imports` in the grammar's order (the version, metadata, description,
// repositories …): a new imports section goes after those.
func precedesImports(name string) bool {
	for _, k := range grammar.ServiceTemplate.Keys {
		switch k.Name {
		case grammar.KeyImports:
			return false
		case name:
			return true
		}
	}
	return false
}

// bare reports whether an import is only a path, written as the path itself.
func (fx *fixer) bare(item []importKey) bool {
	return len(item) == 1 && item[0].key == importURLKey(fx.versions)
}

// flowItem writes an import entry inside a flow list.
func (fx *fixer) flowItem(item []importKey) string {
	if fx.bare(item) {
		return grammar.StringScalar(item[0].value, true)
	}
	parts := make([]string, len(item))
	for i, kv := range item {
		parts[i] = kv.key + ": " + grammar.StringScalar(kv.value, true)
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// blockItem writes an import entry of a block list indented by indent.
func (fx *fixer) blockItem(item []importKey, indent string) string {
	if fx.bare(item) {
		return indent + "- " + grammar.StringScalar(item[0].value, false)
	}
	var b strings.Builder
	for i, kv := range item {
		if i == 0 {
			b.WriteString(indent + "- ")
		} else {
			b.WriteString(fx.eol() + indent + "  ")
		}
		b.WriteString(kv.key + ": " + grammar.StringScalar(kv.value, false))
	}
	return b.String()
}
