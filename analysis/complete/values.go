package complete

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// valueItems completes the value at the cursor.
func (r *request) valueItems(t target) {
	if r.heatPropertyValueItems(t) {
		return
	}
	val, node := t.frame.Value, t.node
	if val == nil {
		return
	}
	if r.callTyped() && val.Kind != grammar.AnyValue && val.Kind != grammar.RefValue {
		// In final 2.0 a value may be computed wherever one is expected
		// (§10.1: `count`, a condition …), and a `$` starts a call.
		r.functionItems(false, grammar.ArgAny)
		return
	}
	v := r.u.Versions()
	scalarish := node == nil || node.Kind == syntax.Scalar || node.Kind == syntax.Null
	if s := val.ShortFor(v); s != nil && scalarish && val.Kind != grammar.RefValue {
		val = s
	}
	var present map[string]bool
	if pv := r.parentValue(t); pv != nil && pv.Kind == grammar.ListOfValue {
		// An item of a list: the other items are written.
		present = r.presentValues(t.path[len(t.path)-1].Parent)
	}
	if val.Kind == grammar.ListOfValue && (scalarish || node.Kind == syntax.Sequence) {
		present = r.presentValues(node)
		if val = val.Elem; val == nil {
			return
		}
		if s := val.ShortFor(v); s != nil {
			val = s
		}
	}
	if node != nil && (node.Kind == syntax.Mapping || node.Kind == syntax.Sequence) && val.Kind != grammar.RefValue && val.Kind != grammar.StringValue {
		return
	}
	r.scalarItems(t, val, present)
}

// scalarItems offers the scalar values val allows.
func (r *request) scalarItems(t target, val *grammar.Value, present map[string]bool) {
	switch val.Kind {
	case grammar.RefValue:
		r.refItems(t, val.Ref, present)
	case grammar.StringValue:
		lang := r.u.Facts.Lang
		switch k := t.frame.Key; {
		case k != nil && k.Name == lang.VersionKey():
			for i, e := range lang.VersionValues() {
				r.add(Item{Label: e, Kind: KindEnum, Detail: grammar.DialectOf(lang, e).Title, SortText: fmt.Sprintf("0%03d", i), Edit: r.stringEdit(e)})
			}
		case k != nil && lang == grammar.CSARMeta && k.Name == grammar.MetaOther:
			// Blank-separated file names, from the CSAR root.
			r.fileItems(grammar.ImportURL)
		}
		for i, e := range val.Enum {
			if !present[e] {
				r.add(Item{Label: e, Kind: KindEnum, SortText: fmt.Sprintf("0%03d", i), Edit: r.stringEdit(e)})
			}
		}
	case grammar.BoolValue:
		r.boolItems()
	case grammar.AnyValue:
		if in, ok := r.keyRefAround(t); ok {
			// A value set for something declared elsewhere (a preset's
			// value of a variability input): the values its type allows.
			if env := r.shapes(); env != nil {
				q := r.query(t, false, false)
				env.Values(q, model.ValueDef{Def: in, Type: r.v.TypeOf(in)})
				r.candidates(q.Items)
			}
			return
		}
		if !r.computed(t) {
			return
		}
		if s := r.shapeAt(t); s != nil {
			r.offer(s, r.query(t, false, false))
			return
		}
		r.functionItems(false, grammar.ArgAny)
	}
}

// callTyped reports whether a final 2.0 call is being typed: the word
// starts with `$` (outside an expression, whose operators are no `$`
// functions).
func (r *request) callTyped() bool {
	return r.ops == nil && r.ver.Has(grammar.V2Final) && strings.HasPrefix(r.typed, grammar.CallPrefix)
}

// keyRefAround is the declaration the key of t's entry names, when t is a
// value of a map whose keys are references (grammar.Value.KeyRef).
func (r *request) keyRefAround(t target) (model.Decl, bool) {
	pv := r.parentValue(t)
	if pv == nil || pv.KeyRef == grammar.NoRef || t.path[len(t.path)-1].Pair == nil {
		return model.Decl{}, false
	}
	return r.v.Local(r.u.Path, pv.KeyRef, t.path[len(t.path)-1].Pair.Key.Value), true
}

func (r *request) boolItems() {
	r.add(Item{Label: "true", Kind: KindBool, SortText: "00"})
	r.add(Item{Label: "false", Kind: KindBool, SortText: "01"})
}

// stringEdit inserts the string s over the word (see scalarText).
func (r *request) stringEdit(s string) model.TextEdit {
	return model.TextEdit{Span: r.word, NewText: r.scalarText(s)}
}

// scalarText is how the string s is written at the cursor: as
// grammar.StringScalar writes it there (quoted where the plain text would
// read as something else: a template named `true`, a file `a: b.yaml`),
// or as the content of the quoted scalar the word is in. Every name
// completion inserts, as a value or as a key, goes through it.
func (r *request) scalarText(s string) string {
	if q := r.openQuote(); q != 0 {
		return inQuotes(q, s)
	}
	return grammar.StringScalar(s, r.inFlow())
}

// inQuotes is s written inside a scalar quoted with q.
func inQuotes(q byte, s string) string {
	if q == '"' {
		quoted := strconv.Quote(s)
		return quoted[1 : len(quoted)-1]
	}
	return strings.ReplaceAll(s, "'", "''")
}

// inFlow reports whether the cursor is inside a flow collection (worked
// out once per request: a long list of names is written alike).
func (r *request) inFlow() bool {
	if r.flow == 0 {
		r.setFlow(syntax.PathAt(r.u.Tree.Root(), r.off))
	}
	return r.flow == 2
}

// setFlow records whether the path to the cursor goes through a flow
// collection, or ends in one whose brackets hold the cursor (a key written
// between the pairs of `{ a: 1, ‸ }`).
func (r *request) setFlow(path syntax.Path) {
	r.flow = 1
	for _, st := range path {
		if st.Parent.Flow {
			r.flow = 2
		}
	}
	if n := path.Leaf(); n != nil && n.Flow && (n.Kind == syntax.Mapping || n.Kind == syntax.Sequence) && n.Span.Start < r.off && r.off < n.Span.End {
		r.flow = 2
	}
}

// openQuote is the quote that opens a quoted scalar right before the word,
// or 0.
func (r *request) openQuote() byte {
	i := r.word.Start - 1
	if i < r.lineStart || r.src[i] != '"' && r.src[i] != '\'' {
		return 0
	}
	if i > r.lineStart && strings.IndexByte(" \t[{,:-?", r.src[i-1]) < 0 {
		return 0 // a closing quote
	}
	return r.src[i]
}

// refItems offers the names a reference of kind may use.
func (r *request) refItems(t target, kind grammar.RefKind, present map[string]bool) {
	owner := r.owner(t)
	switch kind {
	case grammar.NodeOrCapabilityType:
		r.typeItems(grammar.CapabilityType, "0", model.Decl{}, present)
		r.typeItems(grammar.NodeType, "1", model.Decl{}, present)
	case grammar.NodeOrGroupType:
		r.typeItems(grammar.NodeType, "0", model.Decl{}, present)
		r.typeItems(grammar.GroupType, "1", model.Decl{}, present)
	case grammar.NodeTemplate:
		r.templateItems(t, present)
	case grammar.NodeTypeOrTemplate:
		r.templateItems(t, present)
		r.typeItems(grammar.NodeType, "3", model.Decl{}, present)
	case grammar.RelationshipTypeOrTemplate:
		r.localItems(grammar.RelationshipTemplate, "0", present, owner)
		r.typeItems(grammar.RelationshipType, "1", model.Decl{}, present)
	case grammar.CapabilityTypeOrName:
		r.capabilityNameItems(t)
		r.typeItems(grammar.CapabilityType, "1", model.Decl{}, present)
	case grammar.NodeTemplateOrGroup:
		r.localItems(grammar.NodeTemplate, "0", present, owner)
		r.localItems(grammar.Group, "1", present, owner)
	case grammar.Input, grammar.Output, grammar.Group, grammar.Policy, grammar.RelationshipTemplate, grammar.Repository, grammar.Workflow:
		r.localItems(kind, "0", present, owner)
	case grammar.RequirementName, grammar.CapabilityName, grammar.InterfaceName:
		// Members of the node the entity names (an event filter's node, a
		// workflow step's target).
		name := r.u.Facts.FieldText(t.frame.Entity, grammar.KeyNode)
		if name == "" {
			name = r.u.Facts.FieldText(t.frame.Entity, grammar.KeyTarget)
		}
		r.memberItems(r.nodeTarget(name), grammar.SectionOf(kind), present, true)
	case grammar.ProfileName:
		r.profileItems()
	case grammar.ImportURL, grammar.ArtifactFile, grammar.HeatFile:
		r.fileItems(kind)
	case grammar.VariabilityInput, grammar.VariabilityExpression, grammar.HeatParameter, grammar.HeatResource, grammar.HeatCondition:
		r.localItems(kind, "0", present, owner)
		for i, k := range grammar.Builtins(kind) {
			if !present[k.Name] {
				r.add(Item{Label: k.Name, Kind: KindKeyword, Detail: kind.String(), Documentation: k.Doc, SortText: fmt.Sprintf("1%02d", i)})
			}
		}
		if kind == grammar.HeatCondition {
			// A condition may also be an expression of condition functions.
			r.functionItems(false, grammar.ArgBoolean)
		}
	case grammar.HeatEnvParameter:
		r.heatEnvParameterItems(t, present)
	case grammar.HeatResourceType:
		r.resourceTypeItems(present)
		// A provider template: a file of the template's folder.
		r.fileItems(kind)
	case grammar.ModelableEntity:
		r.entityItems(grammar.EntityPathStarts)
	default:
		if kind.IsType() {
			var self model.Decl
			if r.v.Kind(owner) == kind {
				self = owner // a type does not derive from itself
			}
			r.needs = kind == grammar.NodeType && r.newTemplate(t)
			r.typeItems(kind, "0", self, present)
		}
	}
}

// typeItems offers the type names of kind visible in the file (short,
// namespace-qualified and nested names alike): the file's own first, then
// the workspace's, then the profiles'.
func (r *request) typeItems(kind grammar.RefKind, group string, exclude model.Decl, present map[string]bool) {
	names := r.v.Names(r.u.Path, kind)
	r.items = slices.Grow(r.items, len(names))
	for _, name := range names {
		d := r.v.Lookup(r.u.Path, kind, name)
		if !d.Valid() || d == exclude || present[name] {
			continue
		}
		origin := "2"
		switch {
		case d.Path == r.u.Path:
			origin = "0"
		case !r.embedded(d.Path):
			origin = "1"
		}
		it := Item{
			Label:         name,
			Kind:          typeKind(kind),
			Detail:        kind.String() + " · " + r.where(d),
			Documentation: r.declDoc(d),
			SortText:      group + origin + name,
		}
		r.add(it)
	}
}

func typeKind(k grammar.RefKind) Kind {
	switch k {
	case grammar.DataType:
		return KindDataType
	case grammar.CapabilityType:
		return KindCapabilityType
	case grammar.InterfaceType:
		return KindInterfaceType
	case grammar.ArtifactType:
		return KindArtifactType
	}
	return KindType
}

func (r *request) embedded(path string) bool {
	f := r.v.Snap.File(path)
	return f != nil && f.Embedded
}

// where tells where a declaration comes from: this file, a profile or a
// file relative to this one.
func (r *request) where(d model.Decl) string {
	if w, ok := r.wheres[d.Path]; ok {
		return w
	}
	w := d.Path
	if d.Path == r.u.Path {
		w = "this file"
	} else if name := r.v.ProfileOf(d.Path); name != "" {
		w = "profile " + name
	} else if rel, err := filepath.Rel(filepath.Dir(r.u.Path), d.Path); err == nil {
		w = filepath.ToSlash(rel)
	}
	if r.wheres == nil {
		r.wheres = map[string]string{}
	}
	r.wheres[d.Path] = w
	return w
}

// declDoc is the markdown documentation of a type.
func (r *request) declDoc(d model.Decl) string {
	doc := r.v.FieldText(d, grammar.KeyDescription)
	if p := r.v.FieldText(d, grammar.KeyDerivedFrom); p != "" {
		if doc != "" {
			doc += "\n\n"
		}
		doc += "Derived from `" + p + "`."
	}
	return doc
}

// localItems offers the file's template-level names of kind, but the
// declaration holding the cursor (a group is not its own member).
func (r *request) localItems(kind grammar.RefKind, group string, present map[string]bool, owner model.Decl) {
	for _, name := range r.v.LocalNames(r.u.Path, kind) {
		d := r.v.Local(r.u.Path, kind, name)
		if present[name] || d == owner {
			continue
		}
		detail := []string{kind.String()}
		if t := r.v.FieldText(d, grammar.KeyType); t != "" {
			detail = append(detail, t)
		}
		f := r.v.Facts(d.Path)
		if def := f.FieldValue(d.ID, grammar.KeyDefault); def != facts.NoValue {
			detail = append(detail, "default: "+short(f, def))
		}
		k := KindName
		if kind == grammar.NodeTemplate || kind == grammar.RelationshipTemplate {
			k = KindTemplate
		}
		r.add(Item{Label: name, Kind: k, Detail: strings.Join(detail, " · "), Documentation: r.v.FieldText(d, grammar.KeyDescription), SortText: group + name})
	}
}

// templateItems offers node templates; for a requirement, those whose type
// offers the required capability (and is of the required node type) first.
func (r *request) templateItems(t target, present map[string]bool) {
	req, m, inReq := r.requirementAround(t)
	var capType, nodeType model.Decl
	if inReq {
		capType, nodeType = r.requirementWants(req, m)
	}
	owner := r.owner(t)
	// Many templates share a type: whether it offers what is wanted is
	// worked out once per type.
	offered := map[model.Decl]bool{}
	names := r.v.LocalNames(r.u.Path, grammar.NodeTemplate)
	r.items = slices.Grow(r.items, len(names))
	for _, name := range names {
		d := r.v.Local(r.u.Path, grammar.NodeTemplate, name)
		if present[name] || d == owner {
			continue
		}
		group := "0"
		detail := []string{grammar.NodeTemplate.String(), r.v.FieldText(d, grammar.KeyType)}
		if capType.Valid() || nodeType.Valid() {
			tt := r.v.TypeOf(d)
			ok, known := offered[tt]
			if !known {
				ok = r.offers(tt, capType, nodeType)
				offered[tt] = ok
			}
			if ok {
				if capType.Valid() {
					detail = append(detail, "offers "+r.v.Name(capType))
				}
			} else {
				group = "1"
			}
		}
		r.add(Item{Label: name, Kind: KindTemplate, Detail: strings.Join(nonEmpty(detail), " · "),
			Documentation: r.v.FieldText(d, grammar.KeyDescription), SortText: group + name})
	}
}

// requirementAround finds the requirement assignment holding t and the
// requirement of the template's type it assigns.
func (r *request) requirementAround(t target) (model.Decl, model.Member, bool) {
	f := r.u.Facts
	for id := t.frame.Entity; id != facts.None; id = f.Entity(id).Parent {
		e := f.Entity(id)
		if e == nil {
			break
		}
		if e.G() != grammar.RequirementAssign {
			continue
		}
		tmpl := r.u.Decl(e.Parent)
		m, ok := r.v.Member(r.v.SectionType(tmpl), grammar.SectionRequirements, e.Name)
		return r.u.Decl(id), m, ok
	}
	return model.Decl{}, model.Member{}, false
}

// requirementWants reads what a requirement needs: a capability type and
// a node type, from its definition, the capability overridden by the
// assignment req.
func (r *request) requirementWants(req model.Decl, m model.Member) (capType, nodeType model.Decl) {
	capName := ""
	for _, def := range r.v.Definitions(m) {
		if !nodeType.Valid() {
			nodeType = r.v.RequirementNodeType(def.Path, def.ID)
		}
		if capName == "" {
			capName = r.v.FieldText(def, grammar.KeyCapability)
		}
	}
	capType = r.v.RequirementCapability(m)
	if !capType.Valid() && nodeType.Valid() && capName != "" {
		if c, ok := r.v.Member(nodeType, grammar.SectionCapabilities, capName); ok {
			capType = r.v.MemberType(c)
		}
	}
	if ct := r.v.Lookup(r.u.Path, grammar.CapabilityType, r.v.FieldText(req, grammar.KeyCapability)); ct.Valid() {
		capType = ct
	}
	return capType, nodeType
}

// offers reports whether nodes of type t can fulfil a requirement for
// capType (and nodeType).
func (r *request) offers(t, capType, nodeType model.Decl) bool {
	if !t.Valid() {
		return false
	}
	if nodeType.Valid() && !r.v.DerivesFrom(t, nodeType) {
		return false
	}
	if !capType.Valid() {
		return nodeType.Valid()
	}
	for _, c := range r.v.Members(t, grammar.SectionCapabilities) {
		if r.v.DerivesFrom(r.v.MemberType(c), capType) {
			return true
		}
	}
	return false
}

// nodeTarget resolves a node template name to its type, else a node type name.
func (r *request) nodeTarget(name string) model.Decl {
	if name == "" {
		return model.Decl{}
	}
	if tmpl := r.v.Local(r.u.Path, grammar.NodeTemplate, name); tmpl.Valid() {
		return r.v.TypeOf(tmpl)
	}
	return r.v.Lookup(r.u.Path, grammar.NodeType, name)
}

// capabilityNameItems offers the capability names of a requirement's
// target node (its `node`), those matching the requirement first.
func (r *request) capabilityNameItems(t target) {
	req := r.u.Decl(t.frame.Entity)
	e := r.v.Entity(req)
	if e == nil {
		return
	}
	node := r.v.FieldText(req, grammar.KeyNode)
	var targetType model.Decl
	if e.G() == grammar.RequirementAssign {
		targetType = r.nodeTarget(node)
	} else {
		targetType = r.v.Lookup(r.u.Path, grammar.NodeType, node)
	}
	var want model.Decl
	if _, m, ok := r.requirementAround(t); ok {
		want, _ = r.requirementWants(req, m)
	}
	for i, m := range r.v.Members(targetType, grammar.SectionCapabilities) {
		it := r.memberItem(m, i, true)
		group := "00"
		if want.Valid() && !r.v.DerivesFrom(r.v.MemberType(m), want) {
			group = "01"
		}
		it.SortText = group + it.SortText
		r.add(it)
	}
}

// profileItems offers the profile names the file may import.
func (r *request) profileItems() {
	snap := r.v.Snap
	implicit := map[string]bool{}
	for _, p := range snap.Implicit(r.u.File) {
		implicit[p] = true
	}
	only2 := r.u.Versions().Has(grammar.V2) && !r.u.Versions().Has(grammar.V1x)
	for _, name := range snap.ProfileNames() {
		entry := snap.Profile(name)
		if implicit[entry] {
			continue // imported without saying so
		}
		f := r.v.Facts(entry)
		if f != nil && only2 && !f.Versions.Has(grammar.V2) {
			continue
		}
		r.add(Item{Label: name, Kind: KindProfile, Detail: "profile", Documentation: f.FieldText(facts.Root, grammar.KeyDescription), SortText: "0" + name})
	}
}

// entityItems offers what may start a path: the keywords, then the node
// and relationship templates of the file.
func (r *request) entityItems(keywords []string) {
	for i, k := range grammar.EntityKeywords {
		for _, allowed := range keywords {
			if k.Name == allowed {
				r.add(Item{Label: k.Name, Kind: KindKeyword, Detail: "keyword", Documentation: k.Doc, SortText: fmt.Sprintf("0%d", i)})
			}
		}
	}
	r.localItems(grammar.NodeTemplate, "1", nil, model.Decl{})
	r.localItems(grammar.RelationshipTemplate, "2", nil, model.Decl{})
}

// short abbreviates a value for a detail line.
func short(f *facts.Facts, v facts.ValueID) string {
	val := f.Value(v)
	switch {
	case val == nil:
		return "null"
	case val.Kind() == syntax.Scalar:
		s := f.Text(v)
		if len(s) > 30 {
			s = s[:27] + "…"
		}
		return s
	case val.Kind() == syntax.Sequence:
		return "[…]"
	case val.Kind() == syntax.Mapping:
		if c := f.CallAt(v); c != nil {
			return "{ " + c.Name + ": … }"
		}
		return "{…}"
	}
	return "null"
}

func nonEmpty(in []string) []string {
	var out []string
	for _, s := range in {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
