package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Code action kinds (LSP's CodeActionKind values).
const (
	ActionQuickFix = "quickfix"
	ActionRewrite  = "refactor.rewrite"
)

// CodeActions returns the fixes for the diagnostics overlapping span and
// the rewrites available there:
//
//   - "did you mean" replacements (unknown keynames, types and names, TOSCA
//     versions, enumerated values), the first one preferred;
//   - the mandatory keynames a definition misses, with placeholders;
//   - for an unknown type declared in another file of the workspace (or in
//     a profile), an import of that file, or the qualified name under
//     which it is already visible (`k8s:Pod`);
//   - in a tosca_2_0 file that uses 2020-draft forms, the conversions to
//     final TOSCA 2.0 (topology_template, get_input, constraints,
//     occurrences, …): one action for the whole file and one per construct
//     under the cursor.
func CodeActions(ctx context.Context, snap *index.Snapshot, path string, span text.Span) []CodeAction {
	a := For(snap)
	u := a.Unit(path)
	if u == nil || u.File.Dialect != index.TOSCA {
		return nil
	}
	fx := &fixer{a: a, snap: snap, u: u, f: u.File, lines: u.File.Lines(), path: path}
	var out []CodeAction
	for _, d := range Diagnostics(ctx, snap, path) {
		if d.Span.Start > span.End || span.Start > d.Span.End {
			continue
		}
		out = append(out, fx.quickFixes(d)...)
	}
	if ctx.Err() != nil {
		return out
	}
	out = append(out, fx.rewrites(span)...)
	return out
}

type fixer struct {
	a     *Analyzer
	snap  *index.Snapshot
	u     *Unit
	f     *index.File
	lines *text.Lines
	path  string
}

func (fx *fixer) action(title, kind string, d *Diagnostic, edits ...TextEdit) CodeAction {
	ca := CodeAction{Title: title, Kind: kind, Edits: map[string][]TextEdit{fx.path: edits}}
	if d != nil {
		ca.Diagnostics = []Diagnostic{*d}
	}
	return ca
}

// eol is the file's line break.
func (fx *fixer) eol() string {
	src := fx.lines.Source()
	if i := strings.IndexByte(string(src), '\n'); i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

func (fx *fixer) quickFixes(d Diagnostic) []CodeAction {
	var out []CodeAction
	target := trimQuotes(fx.lines, d.Span)
	if d.Code != CodeInvalidVersion || sourceText(fx.lines, d.Span) != "tosca_definitions_version" {
		for _, s := range d.Suggestions {
			ca := fx.action(fmt.Sprintf("Change to %q", s), ActionQuickFix, &d, TextEdit{Span: target, NewText: s})
			ca.Preferred = len(out) == 0
			out = append(out, ca)
		}
	}
	switch d.Code {
	case CodeMissingKeyname:
		if ca, ok := fx.missingKeys(d); ok {
			ca.Preferred = len(out) == 0
			out = append(out, ca)
		}
	case CodeUnknownType, CodeUnknownName:
		out = append(out, fx.importFixes(d)...)
	case CodeUnknownKeyname:
		if ca, ok := fx.moveUnderHome(d); ok {
			ca.Preferred = len(out) == 0
			out = append(out, ca)
		}
	}
	return out
}

// missingKeys inserts the mandatory keynames an entity lacks.
func (fx *fixer) missingKeys(d Diagnostic) (CodeAction, bool) {
	pos := fx.a.Locate(fx.u, d.Span.Start)
	var frame *Frame
	for i := len(pos.Frames) - 1; i >= 0; i-- {
		fr := &pos.Frames[i]
		e := fr.Entity()
		if e == nil || (fr.Node.Kind != syntax.Mapping && fr.Node.Kind != syntax.Null) {
			continue
		}
		if fr.Pair != nil && fr.Pair.Key.Span == d.Span || fr.Node.Span == d.Span {
			frame = fr
			break
		}
	}
	if frame == nil {
		return CodeAction{}, false
	}
	e, n := frame.Entity(), frame.Node
	var missing []*grammar.Key
	seen := map[string]bool{}
	for _, k := range e.Keys {
		if !k.Required.Has(fx.u.Versions) || n.GetPair(k.Name) != nil || seen[k.Name] {
			continue
		}
		waived := false
		for _, o := range k.RequiredUnless {
			if n.GetPair(o) != nil {
				waived = true
			}
		}
		if !waived {
			seen[k.Name] = true
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return CodeAction{}, false
	}
	entries := make([]string, len(missing))
	names := make([]string, len(missing))
	for i, k := range missing {
		entries[i] = k.Name + ": " + placeholder(k.Value, fx.u.Versions)
		names[i] = k.Name
	}
	eol := fx.eol()
	var edit TextEdit
	switch {
	case n.Kind == syntax.Mapping && n.Flow:
		if len(n.Pairs) == 0 {
			edit = TextEdit{Span: text.Span{Start: n.Span.Start + 1, End: n.Span.Start + 1}, NewText: " " + strings.Join(entries, ", ") + " "}
		} else {
			end := pairSpan(n.Pairs[len(n.Pairs)-1]).End
			edit = TextEdit{Span: text.Span{Start: end, End: end}, NewText: ", " + strings.Join(entries, ", ")}
		}
	case n.Kind == syntax.Mapping && len(n.Pairs) > 0:
		indent := strings.Repeat(" ", columnOf(fx.lines, n.Pairs[0].Key.Span.Start))
		at := fx.lines.LineEnd(fx.lines.Line(max(n.Span.End-1, n.Span.Start)))
		var b strings.Builder
		for _, e := range entries {
			b.WriteString(eol + indent + e)
		}
		edit = TextEdit{Span: text.Span{Start: at, End: at}, NewText: b.String()}
	case n.Kind == syntax.Null && frame.Pair != nil:
		indent := strings.Repeat(" ", columnOf(fx.lines, frame.Pair.Key.Span.Start)+2)
		at := fx.lines.LineEnd(fx.lines.Line(frame.Pair.Key.Span.Start))
		var b strings.Builder
		for _, e := range entries {
			b.WriteString(eol + indent + e)
		}
		// Drop blanks (or an explicit null) after the colon.
		start := n.Span.Start
		if n.Span.Len() == 0 {
			start = frame.Pair.Key.Span.End
			for start < at && fx.lines.Source()[start] != ':' {
				start++
			}
			if start < at {
				start++
			}
		}
		edit = TextEdit{Span: text.Span{Start: start, End: at}, NewText: b.String()}
	default:
		return CodeAction{}, false
	}
	title := "Add missing keyname " + quoteAll(names)
	if len(names) > 1 {
		title = "Add missing keynames " + quoteAll(names)
	}
	return fx.action(title, ActionQuickFix, &d, edit), true
}

// placeholder is a value of the right shape for a keyname being added.
func placeholder(v *grammar.Value, ver grammar.Versions) string {
	switch v.Kind {
	case grammar.BoolValue:
		return "false"
	case grammar.IntValue, grammar.NumberValue:
		return "0"
	case grammar.RangeValue:
		return "[ 1, 1 ]"
	case grammar.EntityValue, grammar.MapOfValue, grammar.MapValue:
		if s := v.ShortFor(ver); s != nil && v.Kind == grammar.EntityValue {
			return placeholder(s, ver)
		}
		return "{}"
	case grammar.ListOfValue, grammar.ListValue, grammar.NamedListValue:
		return "[]"
	case grammar.StringValue:
		if len(v.Enum) > 0 {
			return v.Enum[0]
		}
	}
	return `""`
}

// importFixes offers, for a type (or node type or template) name that is
// declared in another file, the name under which it is already visible,
// or an import of the file declaring it.
func (fx *fixer) importFixes(d Diagnostic) []CodeAction {
	var ref *Ref
	for _, r := range fx.u.Refs {
		if r.Node != nil && r.Node.Span == d.Span {
			ref = r
			break
		}
	}
	if ref == nil {
		return nil
	}
	kinds := typeKindsFor(ref.Kind)
	if len(kinds) == 0 {
		return nil
	}
	name := ref.Name
	prefix, local := "", name
	if i := strings.LastIndex(name, ":"); i > 0 {
		prefix, local = name[:i], name[i+1:]
	}
	target := trimQuotes(fx.lines, d.Span)
	var out []CodeAction
	used := map[string]bool{}
	imported := map[string]bool{}
	for _, decl := range fx.declarations(local, kinds) {
		if names := fx.u.Scope.NamesOf(decl); len(names) > 0 {
			for _, n := range names {
				if n == name || used[n] || contains(d.Suggestions, n) {
					continue
				}
				used[n] = true
				out = append(out, fx.action(fmt.Sprintf("Use %s", n), ActionQuickFix, &d, TextEdit{Span: target, NewText: n}))
			}
			continue
		}
		title, item := fx.importItem(decl.File, prefix)
		if item == nil || imported[title] {
			continue
		}
		imported[title] = true
		if edit, ok := fx.importEdit(item); ok {
			out = append(out, fx.action(title, ActionQuickFix, &d, edit))
		}
	}
	return out
}

// typeKindsFor lists the type kinds a reference of kind k may name.
func typeKindsFor(k grammar.RefKind) []grammar.RefKind {
	switch {
	case k.IsType():
		return []grammar.RefKind{k}
	case k == grammar.NodeOrCapabilityType:
		return []grammar.RefKind{grammar.NodeType, grammar.CapabilityType}
	case k == grammar.NodeTypeOrTemplate:
		return []grammar.RefKind{grammar.NodeType}
	case k == grammar.RelationshipTypeOrTemplate:
		return []grammar.RefKind{grammar.RelationshipType}
	case k == grammar.NodeOrGroupType:
		return []grammar.RefKind{grammar.NodeType, grammar.GroupType}
	}
	return nil
}

// maxImportCandidates bounds how many declaring files are offered.
const maxImportCandidates = 5

// declarations finds the types called name of the given kinds in every
// other file of the snapshot: workspace files first, then profiles.
func (fx *fixer) declarations(name string, kinds []grammar.RefKind) []*Decl {
	var ws, embedded []*Decl
	for _, p := range fx.snap.Paths() {
		f := fx.snap.File(p)
		if f == nil || f == fx.f || f.Dialect != index.TOSCA {
			continue
		}
		if f.DefinitionsVersion != "" && !versionsOf(f).Has(fx.u.Versions) {
			continue // a type of another TOSCA version
		}
		fx.a.mu.Lock()
		decls := fx.a.declsOf(f)
		fx.a.mu.Unlock()
		for _, d := range decls {
			if d.Name != name || !containsKind(kinds, d.Kind) {
				continue
			}
			if f.Embedded {
				embedded = append(embedded, d)
			} else {
				ws = append(ws, d)
			}
		}
	}
	out := append(ws, embedded...)
	if len(out) > maxImportCandidates {
		out = out[:maxImportCandidates]
	}
	return out
}

func containsKind(kinds []grammar.RefKind, k grammar.RefKind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// importItem describes the import of file (by profile name for a profile
// file, else by relative path), under namespace when not "".
func (fx *fixer) importItem(file *index.File, namespace string) (string, []importKey) {
	v := fx.u.Versions
	var item []importKey
	title := ""
	if profile := fx.profileOf(file); profile != "" {
		if importKeyName("profile", v) == "" {
			return "", nil
		}
		item = append(item, importKey{"profile", profile})
		title = "Import profile " + profile
	} else if file.Embedded {
		return "", nil
	} else {
		rel, err := filepath.Rel(filepath.Dir(fx.path), file.Path)
		if err != nil {
			return "", nil
		}
		rel = filepath.ToSlash(rel)
		key := importURLKey(v)
		if key == "" {
			return "", nil
		}
		item = append(item, importKey{key, rel})
		title = "Import " + rel
	}
	if namespace != "" {
		key := importKeyName("namespace", v)
		if key == "" {
			key = importKeyName("namespace_prefix", v)
		}
		if key == "" {
			return "", nil
		}
		item = append(item, importKey{key, namespace})
		title += " as namespace " + namespace
	}
	return title, item
}

// importKeyName returns name if imports have that keyname in v, else "".
func importKeyName(name string, v grammar.Versions) string {
	if grammar.ImportDef.Key(name, v) != nil {
		return name
	}
	return ""
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

// profileOf is the profile name under which a file's types are imported
// (the entry file of an embedded or workspace profile, or a sibling of
// an embedded profile's entry), or "".
func (fx *fixer) profileOf(file *index.File) string {
	best := ""
	for _, n := range fx.snap.ProfileNames() {
		entry := fx.snap.Profile(n)
		if entry == file.Path || file.Embedded && filepath.Dir(entry) == filepath.Dir(file.Path) {
			if best == "" || len(n) < len(best) {
				best = n
			}
		}
	}
	return best
}

type importKey struct{ key, value string }

// importEdit adds one entry to the file's imports, creating the section
// after the file's heading keynames when there is none.
func (fx *fixer) importEdit(item []importKey) (TextEdit, bool) {
	root := fx.f.Root()
	if root == nil || root.Kind != syntax.Mapping || len(root.Pairs) == 0 {
		return TextEdit{}, false
	}
	eol := fx.eol()
	flowItem := func() string {
		if len(item) == 1 && (item[0].key == "url" || item[0].key == "file") {
			return yamlScalar(item[0].value)
		}
		parts := make([]string, len(item))
		for i, kv := range item {
			parts[i] = kv.key + ": " + yamlScalar(kv.value)
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	blockItem := func(indent string) string {
		if len(item) == 1 && (item[0].key == "url" || item[0].key == "file") {
			return indent + "- " + yamlScalar(item[0].value)
		}
		var b strings.Builder
		for i, kv := range item {
			if i == 0 {
				b.WriteString(indent + "- ")
			} else {
				b.WriteString(eol + indent + "  ")
			}
			b.WriteString(kv.key + ": " + yamlScalar(kv.value))
		}
		return b.String()
	}
	if p := root.GetPair("imports"); p != nil {
		list := p.Value
		switch {
		case list.Kind == syntax.Sequence && list.Flow:
			if len(list.Items) == 0 {
				at := list.Span.Start + 1
				return TextEdit{Span: text.Span{Start: at, End: at}, NewText: " " + flowItem() + " "}, true
			}
			at := list.Items[len(list.Items)-1].Span.End
			return TextEdit{Span: text.Span{Start: at, End: at}, NewText: ", " + flowItem()}, true
		case list.Kind == syntax.Sequence:
			indent := strings.Repeat(" ", columnOf(fx.lines, list.Span.Start))
			at := fx.lines.LineEnd(fx.lines.Line(max(list.Span.End-1, list.Span.Start)))
			return TextEdit{Span: text.Span{Start: at, End: at}, NewText: eol + blockItem(indent)}, true
		case list.Kind == syntax.Null:
			indent := strings.Repeat(" ", columnOf(fx.lines, p.Key.Span.Start)+2)
			at := fx.lines.LineEnd(fx.lines.Line(p.Key.Span.Start))
			return TextEdit{Span: text.Span{Start: at, End: at}, NewText: eol + blockItem(indent)}, true
		}
		return TextEdit{}, false
	}
	// A new section after the heading keynames (version, description, …).
	last := root.Pairs[0]
	for _, p := range root.Pairs {
		switch p.Key.Value {
		case "tosca_definitions_version", "description", "metadata", "namespace", "profile",
			"template_name", "template_author", "template_version":
			last = p
			continue
		}
		break
	}
	end := pairSpan(last).End
	at := fx.lines.LineEnd(fx.lines.Line(max(end-1, last.Key.Span.Start)))
	indent := strings.Repeat(" ", columnOf(fx.lines, root.Pairs[0].Key.Span.Start))
	return TextEdit{Span: text.Span{Start: at, End: at}, NewText: eol + indent + "imports:" + eol + blockItem(indent+"  ")}, true
}

// yamlScalar writes s as a plain scalar when that reads back as s, else quoted.
func yamlScalar(s string) string {
	if s == "" || strings.ContainsAny(s, ",[]{}#&*!|>'\"%@`\n\r\t") || strings.Contains(s, ": ") ||
		strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "? ") || strings.HasSuffix(s, ":") || strings.TrimSpace(s) != s {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// rewrite is one conversion of a 2020-draft construct to final TOSCA 2.0.
type rewrite struct {
	title string
	// at is where the cursor must be to offer the rewrite alone.
	at    text.Span
	edits []TextEdit
}

// rewrites offers the conversions to final TOSCA 2.0 in a tosca_2_0 file
// written (at least partly) in the 2020 draft form.
func (fx *fixer) rewrites(span text.Span) []CodeAction {
	u := fx.u
	if u.Versions != grammar.V2 || (u.Form != grammar.FormDraft && u.Form != grammar.FormMixed) {
		return nil
	}
	all := fx.draftRewrites()
	if len(all) == 0 {
		return nil
	}
	var out []CodeAction
	for _, r := range all {
		if r.at.Start <= span.Start && span.Start <= r.at.End {
			out = append(out, fx.action(r.title, ActionRewrite, nil, r.edits...))
		}
	}
	var edits []TextEdit
	for _, r := range all {
		edits = append(edits, r.edits...)
	}
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].Span.Start != edits[j].Span.Start {
			return edits[i].Span.Start < edits[j].Span.Start
		}
		return edits[i].Span.End > edits[j].Span.End
	})
	// An edit inside another (a function renamed within converted
	// constraints) is already part of the outer one.
	kept := edits[:0]
	end := -1
	for _, e := range edits {
		if e.Span.Start < end {
			continue
		}
		kept = append(kept, e)
		if e.Span.End > end {
			end = e.Span.End
		}
	}
	out = append(out, fx.action("Convert to final TOSCA 2.0 syntax", ActionRewrite, nil, kept...))
	return out
}

// draftRewrites lists every conversion the file allows, in source order:
// the draft keynames the binder recognised (it framed each keyname's key)
// and the draft function calls it recorded.
func (fx *fixer) draftRewrites() []rewrite {
	f := fx.f
	root := f.Root()
	var out []rewrite
	seen := map[int]bool{}
	// pairAt is the mapping entry whose key starts at off (an alias copy of
	// it is met at the same offset once).
	pairAt := func(off int) *syntax.Pair {
		if seen[off] {
			return nil
		}
		seen[off] = true
		path := syntax.PathAt(root, off)
		if n := len(path); n > 0 && path[n-1].OnKey && path[n-1].Pair.Key.Span.Start == off {
			return path[n-1].Pair
		}
		return nil
	}
	for key, fr := range f.Frames {
		if fr.Value != nil || fr.Key == nil || fr.Key.FormMarker() != grammar.FormDraft {
			continue
		}
		e := f.Facts.Entity(fr.Entity)
		p := pairAt(key.Span.Start)
		if e == nil || e.G == nil || p == nil {
			continue
		}
		k := fr.Key
		final := replacementOf(e.G, k)
		if final == nil {
			continue
		}
		if k.Name == grammar.KeyConstraints {
			if expr, ok := fx.validationOf(p.Value); ok {
				out = append(out, rewrite{
					title: fmt.Sprintf("Convert `%s` to `%s`", k.Name, final.Name),
					at:    pairSpan(p),
					edits: []TextEdit{{Span: pairSpan(p), NewText: final.Name + ": " + expr}},
				})
			}
			continue
		}
		if !sameShape(k.Value, final.Value) {
			continue
		}
		out = append(out, rewrite{
			title: fmt.Sprintf("Rename `%s` to `%s`", k.Name, final.Name),
			at:    p.Key.Span,
			edits: []TextEdit{{Span: p.Key.Span, NewText: final.Name}},
		})
	}
	for i := range f.Facts.Calls {
		c := &f.Facts.Calls[i]
		p := pairAt(int(c.NameSpan.Start))
		if p == nil {
			continue
		}
		if edits, final, ok := fx.convertCall(p, c.Fn); ok {
			out = append(out, rewrite{
				title: fmt.Sprintf("Convert `%s` to `%s`", c.Fn.Name, final),
				at:    p.Key.Span,
				edits: edits,
			})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at.Start < out[j].at.Start })
	return out
}

// replacementOf is the final 2.0 keyname of e that replaces the draft keyname k.
func replacementOf(e *grammar.Entity, k *grammar.Key) *grammar.Key {
	for _, r := range e.Keys {
		if r.Replaces == k.Name && r.In.Has(grammar.V2Final) {
			return r
		}
	}
	return nil
}

// sameShape reports whether a value written for a can be kept as is for b,
// so that renaming the keyname is the whole conversion.
func sameShape(a, b *grammar.Value) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.Ref != b.Ref {
		return false
	}
	switch a.Kind {
	case grammar.EntityValue:
		// b has every keyname of a (the service template definition has
		// the topology template's and more).
		if a.Entity == b.Entity {
			return true
		}
		for _, k := range a.Entity.Keys {
			if k.In.Has(grammar.V2) && !slices.Contains(b.Entity.Keys, k) {
				return false
			}
		}
		return len(a.Entity.Keys) > 0
	case grammar.MapOfValue, grammar.ListOfValue, grammar.NamedListValue:
		return sameShape(a.Elem, b.Elem)
	}
	return true
}

// convertCall converts a draft function call to its `$` name (and, for
// get_property/get_attribute reaching into a capability, to the final
// TOSCA path with CAPABILITY). ok is false when the conversion is not
// mechanical.
func (fx *fixer) convertCall(p *syntax.Pair, fn *grammar.Function) ([]TextEdit, string, bool) {
	if fn == nil || fn.FormMarker() != grammar.FormDraft || strings.HasPrefix(fn.Name, "$") {
		return nil, "", false
	}
	final := "$" + fn.Name
	if grammar.FunctionNamed(final, grammar.V2Final) == nil {
		return nil, "", false
	}
	edits := []TextEdit{{Span: p.Key.Span, NewText: final}}
	switch fn.Name {
	case "get_property", "get_attribute":
		args := p.Value
		if args.Kind != syntax.Sequence || len(args.Items) <= 2 {
			return edits, final, true
		}
		step, ok := fx.pathStep(p, args, fn.Name)
		if !ok {
			return nil, "", false
		}
		if step != "" {
			second := args.Items[1]
			ins := step + ", "
			if !args.Flow {
				ins = step + fx.eol() + strings.Repeat(" ", columnOf(fx.lines, args.Span.Start)) + "- "
			}
			edits = append(edits, TextEdit{Span: text.Span{Start: second.Span.Start, End: second.Span.Start}, NewText: ins})
		}
	}
	return edits, final, true
}

// pathStep decides how the second argument of a draft get_property or
// get_attribute with three or more arguments reads in final 2.0: "" when
// it is the property (the rest indexes into its value), "CAPABILITY" when
// it names a capability. ok is false when it cannot be told.
func (fx *fixer) pathStep(p *syntax.Pair, args *syntax.Node, fn string) (string, bool) {
	entity, second := args.Items[0], args.Items[1]
	if entity.Kind != syntax.Scalar || second.Kind != syntax.Scalar {
		return "", false
	}
	var typ *Decl
	switch entity.Value {
	case "SELF":
		pos := fx.a.Locate(fx.u, p.Key.Span.Start)
		if inner := pos.Innermost(); inner != nil && inner.Owner != nil {
			owner := inner.Owner
			if owner.Kind.IsType() {
				typ = owner
			} else if owner.Entity != nil && owner.Entity.TypeKey != "" && fx.u.Scope != nil {
				typ = fx.u.Scope.Lookup(owner.Entity.TypeKind, owner.Node.Get(owner.Entity.TypeKey).Text())
			}
		}
	case "SOURCE", "TARGET", "HOST":
		return "", false
	default:
		if t := fx.u.Local(grammar.NodeTemplate, entity.Value); t != nil && fx.u.Scope != nil {
			typ = fx.u.Scope.Lookup(grammar.NodeType, t.Node.Get("type").Text())
		} else if t := fx.u.Local(grammar.RelationshipTemplate, entity.Value); t != nil && fx.u.Scope != nil {
			typ = fx.u.Scope.Lookup(grammar.RelationshipType, t.Node.Get("type").Text())
		}
	}
	if typ == nil {
		return "", false
	}
	section := "properties"
	if fn == "get_attribute" {
		section = "attributes"
	}
	if fx.a.Member(typ, section, second.Value) != nil {
		return "", true
	}
	if fx.a.Member(typ, "capabilities", second.Value) != nil {
		return "CAPABILITY", true
	}
	return "", false
}

// constraintForms are the final 2.0 expressions of the draft constraint
// operators; %s is the operator's argument.
var constraintForms = map[string]string{
	"equal":            "{ $equal: [ $value, %s ] }",
	"greater_than":     "{ $greater_than: [ $value, %s ] }",
	"greater_or_equal": "{ $greater_or_equal: [ $value, %s ] }",
	"less_than":        "{ $less_than: [ $value, %s ] }",
	"less_or_equal":    "{ $less_or_equal: [ $value, %s ] }",
	"in_range":         "{ $in_range: [ $value, %s ] }",
	"valid_values":     "{ $valid_values: [ $value, %s ] }",
	"pattern":          "{ $matches: [ $value, %s ] }",
	"length":           "{ $equal: [ { $length: [ $value ] }, %s ] }",
	"min_length":       "{ $greater_or_equal: [ { $length: [ $value ] }, %s ] }",
	"max_length":       "{ $less_or_equal: [ { $length: [ $value ] }, %s ] }",
}

// validationOf converts a list of constraint clauses to a validation
// expression, when every clause is a plain operator with a one-line value.
func (fx *fixer) validationOf(n *syntax.Node) (string, bool) {
	if n == nil || n.Kind != syntax.Sequence || len(n.Items) == 0 {
		return "", false
	}
	var exprs []string
	for _, item := range n.Items {
		if item.Kind != syntax.Mapping || len(item.Pairs) != 1 || item.Anchored != nil {
			return "", false
		}
		p := item.Pairs[0]
		form, ok := constraintForms[p.Key.Value]
		if !ok || grammar.ConstraintOperatorNamed(p.Key.Value, grammar.V2Draft) == nil {
			return "", false
		}
		if p.Key.Value == "in_range" && (p.Value.Kind != syntax.Sequence || len(p.Value.Items) != 2) {
			return "", false
		}
		if p.Key.Value == "valid_values" && p.Value.Kind != syntax.Sequence {
			return "", false
		}
		arg, ok := fx.flow(p.Value, 0)
		if !ok {
			return "", false
		}
		exprs = append(exprs, fmt.Sprintf(form, arg))
	}
	if len(exprs) == 1 {
		return exprs[0], true
	}
	return "{ $and: [ " + strings.Join(exprs, ", ") + " ] }", true
}

// flow writes a value on one line in flow style, from its source text;
// draft function names inside become their final names when that is a
// plain rename. ok is false for values that cannot be written so
// (multi-line scalars, aliases).
func (fx *fixer) flow(n *syntax.Node, depth int) (string, bool) {
	if n == nil || n.Anchored != nil || depth > maxWalkDepth {
		return "", false
	}
	switch n.Kind {
	case syntax.Null:
		return "null", true
	case syntax.Scalar:
		if n.Style == syntax.Literal || n.Style == syntax.Folded || !sameLine(fx.lines, n.Span) {
			return "", false
		}
		if n.Style == syntax.Plain {
			return yamlScalar(n.Value), true
		}
		return sourceText(fx.lines, n.Span), true
	case syntax.Sequence:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			s, ok := fx.flow(it, depth+1)
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		if len(parts) == 0 {
			return "[]", true
		}
		return "[ " + strings.Join(parts, ", ") + " ]", true
	case syntax.Mapping:
		parts := make([]string, len(n.Pairs))
		call := len(n.Pairs) == 1 && grammar.IsFunctionName(n.Pairs[0].Key.Value, fx.u.Versions)
		for i, p := range n.Pairs {
			if p.Merged {
				return "", false
			}
			key := p.Key.Value
			if call {
				if fn := grammar.FunctionNamed(key, fx.u.Versions); fn != nil {
					if _, final, ok := fx.convertCall(p, fn); ok && (fn.Name != "get_property" && fn.Name != "get_attribute" || p.Value.Kind != syntax.Sequence || len(p.Value.Items) <= 2) {
						key = final
					}
				}
			}
			v, ok := fx.flow(p.Value, depth+1)
			if !ok {
				return "", false
			}
			parts[i] = yamlKey(key) + ": " + v
		}
		if len(parts) == 0 {
			return "{}", true
		}
		return "{ " + strings.Join(parts, ", ") + " }", true
	}
	return "", false
}

// yamlKey writes a mapping key; `$name` keys stay plain.
func yamlKey(s string) string {
	if strings.HasPrefix(s, "$") && !strings.ContainsAny(s[1:], " :,[]{}#") {
		return s
	}
	return yamlScalar(s)
}
