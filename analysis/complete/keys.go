package complete

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// target is the node a completion is about — the collection a key is
// written into, or the value at the cursor — with how the binder read it.
type target struct {
	// path leads from the root to node (empty for the root itself).
	path  syntax.Path
	node  *syntax.Node
	frame facts.Frame
}

// at is the target the end of path designates.
func (r *request) at(path syntax.Path) target {
	t := target{path: path, node: path.Leaf()}
	if len(path) == 0 {
		t.node = r.u.Tree.Root()
	}
	fr, ok := r.u.Frames[t.node]
	switch {
	case ok:
		t.frame = fr
	case len(path) == 0:
		// An empty document, which the binder records no frame for: the
		// root entity of its language.
		t.frame = facts.Frame{Value: &grammar.Value{Kind: grammar.EntityValue, Entity: r.u.Facts.Lang.Root()}}
	default:
		// A node the binder did not walk (under an unknown keyname, an
		// item of a list of single-entry maps): nothing to offer.
		t.frame = facts.Frame{Entity: facts.Root, Owner: facts.None}
	}
	if t.frame.Entity == facts.None {
		t.frame.Entity = facts.Root
	}
	return t
}

// parentValue is the grammar value of the node holding t's node.
func (r *request) parentValue(t target) *grammar.Value {
	if len(t.path) == 0 {
		return nil
	}
	return r.at(t.path[:len(t.path)-1]).frame.Value
}

// inFreeForm reports whether t is an entry of a map or list the grammar
// leaves free (metadata).
func (r *request) inFreeForm(t target) bool {
	pv := r.parentValue(t)
	return pv != nil && (pv.Kind == grammar.MapValue || pv.Kind == grammar.ListValue)
}

// computed reports whether the value at t may be a function call. TOSCA's
// free-form data (metadata) is not computed; Heat reads its parameters as
// given, and computes with its functions the values of resources (in any
// of their maps), outputs and conditions.
func (r *request) computed(t target) bool {
	if r.u.Facts.Lang != grammar.Heat {
		return !r.inFreeForm(t)
	}
	f := r.u.Facts
	for id := t.frame.Entity; id != facts.None; {
		e := f.Entity(id)
		if e == nil {
			break
		}
		switch e.G() {
		case grammar.HeatResourceDef, grammar.HeatOutputDef, grammar.HeatConditionDef:
			return true
		}
		id = e.Parent
	}
	return false
}

// owner is the declaration holding t (a template, a type, a group …).
func (r *request) owner(t target) model.Decl {
	if t.frame.Owner == facts.None {
		return model.Decl{}
	}
	return r.u.Decl(t.frame.Owner)
}

// complete dispatches on the cursor's position.
func (r *request) complete() {
	if inComment(r.src[r.lineStart:r.off]) {
		return
	}
	prefix := string(r.src[r.lineStart:r.word.Start])
	switch {
	case r.keyPos && strings.HasSuffix(r.typed, ":"):
		return // `key:‸`: the value starts after a blank
	case !r.keyPos && strings.HasSuffix(strings.TrimRight(prefix, " "), "-") && !strings.HasSuffix(prefix, " "):
		return
	}
	path, key, newItem := r.cursor()
	t := r.at(path)
	want := r.enterExpression(path)
	flowMap := t.node != nil && t.node.Kind == syntax.Mapping && t.node.Flow
	// A key is written at the cursor (a new list item is a value).
	asKey := key && !newItem || flowMap
	if c := r.callAt(path); c != nil {
		r.callItems(c, t, asKey)
		return
	}
	if r.ops != nil {
		// Where an expression is expected: its operators, as the only key
		// of a map, as a value or as a new item (`- not: …`).
		if !asKey || len(r.presentKeys(t.node)) == 0 {
			r.functionItems(asKey || newItem, want)
		}
		return
	}
	if key || flowMap {
		r.keyItems(t, newItem)
		return
	}
	r.valueItems(t)
}

// cursor locates what the request is about. In key position it is the
// collection a key (or list item) written at the cursor belongs to, found
// from the lines above (newItem is set when the line starts a new item of
// a sequence); elsewhere the node holding the cursor, or the flow mapping
// whose key holds it. key tells that a key is being written.
func (r *request) cursor() (path syntax.Path, key, newItem bool) {
	if r.keyPos {
		path, newItem = r.blockTarget()
		return path, true, newItem
	}
	pos := r.u.At(r.off)
	r.setFlow(pos.Path)
	if pos.OnKey {
		return pos.Path[:len(pos.Path)-1], true, false
	}
	return pos.Path, false, false
}

// keyItems completes a key (or a new list item) of t's node.
func (r *request) keyItems(t target, newItem bool) {
	if r.heatPropertyKeyItems(t) {
		return
	}
	val, node := t.frame.Value, t.node
	if val == nil {
		return
	}
	listish := val.Kind == grammar.ListOfValue || val.Kind == grammar.NamedListValue
	if listish && (newItem || node == nil || node.Kind == syntax.Sequence || node.Kind == syntax.Null) {
		r.newItemItems(t, val, r.dash)
		return
	}
	if newItem {
		if s := r.shapeAt(t); s != nil && val.Kind == grammar.AnyValue {
			// A new entry of a list value: what the entry may be.
			r.offer(s, r.query(t, false, true))
		}
		return
	}
	switch val.Kind {
	case grammar.EntityValue:
		r.entityKeyItems(t, val.Entity)
	case grammar.MapOfValue:
		if val.Elem != nil && val.Elem.Entity != nil && val.Elem.Entity.Declares == grammar.NodeTemplate && !r.colonAfter {
			r.newTemplateItem()
		}
		if val.KeyRef != grammar.NoRef {
			// Keys that name what is declared elsewhere (a preset's
			// variability inputs).
			r.withSuffix(": ", func() { r.refItems(t, val.KeyRef, r.presentKeys(node)) })
		}
		if st, section := r.section(t); st.Valid() {
			r.memberItems(st, section, r.presentKeys(node), false)
		}
	case grammar.NamedListValue:
		st, section := r.section(t)
		switch {
		case !st.Valid():
		case val.AlsoMap:
			r.memberItems(st, section, r.presentKeys(node), false)
		default:
			// A word typed where list items belong: make it one.
			r.withPrefix("- ", func() { r.memberItems(st, section, nil, false) })
		}
	case grammar.AnyValue:
		if !r.computed(t) {
			return
		}
		if s := r.shapeAt(t); s != nil {
			r.offer(s, r.query(t, true, false))
		} else if len(r.presentKeys(node)) == 0 {
			// A call is the only key of its mapping.
			r.functionItems(true, grammar.ArgAny)
		}
	case grammar.RefValue, grammar.StringValue, grammar.BoolValue:
		if node == nil || node.Kind == syntax.Null {
			// `key:` with its value on the next line.
			r.scalarItems(t, val, nil)
		}
	}
}

// section is the member section t's node holds (its keyname, when that
// keyname names members: a template's properties, a node filter's
// capabilities) and the type those members come from.
func (r *request) section(t target) (model.Decl, string) {
	k := t.frame.Key
	if k == nil || !isMemberSection(k.Name) {
		return model.Decl{}, ""
	}
	return r.v.SectionType(r.u.Decl(t.frame.Entity)), k.Name
}

func isMemberSection(name string) bool {
	for _, s := range grammar.MemberSections() {
		if s == name {
			return true
		}
	}
	return false
}

// newItemItems completes a new item of a list (a `- ` line); without a
// dash the items insert one.
func (r *request) newItemItems(t target, val *grammar.Value, dash bool) {
	if !dash {
		r.withPrefix("- ", func() { r.newItemItems(t, val, true) })
		return
	}
	switch val.Kind {
	case grammar.NamedListValue:
		st, section := r.section(t)
		present := r.presentKeys(t.node)
		if section == grammar.SectionRequirements || val.Elem != nil && val.Elem.Wrapper {
			// Requirements may be assigned several times, and so may
			// Variability4TOSCA's conditional properties.
			present = nil
		}
		r.memberItems(st, section, present, false)
	case grammar.ListOfValue:
		elem := val.Elem
		if elem == nil {
			return
		}
		if elem.Kind == grammar.EntityValue {
			r.entityKeyItems(target{frame: facts.Frame{Value: elem, Entity: facts.None, Owner: t.frame.Owner}}, elem.Entity)
			if s := elem.ShortFor(r.u.Versions()); s != nil {
				r.withSort("5", func() { r.scalarItems(t, s, r.presentValues(t.node)) })
			}
			return
		}
		r.scalarItems(t, elem, r.presentValues(t.node))
	}
}

// entityKeyItems offers the keynames of e missing from t's node, mandatory ones first.
func (r *request) entityKeyItems(t target, e *grammar.Entity) {
	present := r.presentKeys(t.node)
	for i, k := range e.Keys {
		if !k.In.Has(r.ver) || present[k.Name] || r.outsideBase(t, k, present) {
			continue
		}
		required := k.Required.Has(r.ver)
		for _, u := range k.RequiredUnless {
			if present[u] {
				required = false
			}
		}
		detail := "keyname of " + e.Name
		group := "1"
		if required {
			detail += " (mandatory)"
			group = "0"
		}
		text, snippet := r.keyInsert(k.Name, k.Value)
		r.add(Item{
			Label:         k.Name,
			Kind:          KindKeyname,
			Detail:        detail,
			Documentation: k.Doc,
			Edit:          model.TextEdit{Span: r.word, NewText: text},
			Snippet:       snippet,
			SortText:      fmt.Sprintf("%s%03d", group, i),
		})
	}
	// 1.0–1.2 interfaces hold their operations directly.
	if section := e.ExtraSection(); section != "" && e.ExtraFor(r.u.Versions()) != nil && t.frame.Entity != facts.None {
		r.memberItems(r.v.SectionType(r.u.Decl(t.frame.Entity)), section, present, false)
	}
}

// outsideBase reports a keyname of the types below a built-in type (a
// scalar type's `units`) in a data type that derives from another one.
func (r *request) outsideBase(t target, k *grammar.Key, present map[string]bool) bool {
	if k.Below == "" || !present[grammar.KeyDerivedFrom] || t.frame.Entity == facts.None {
		return false
	}
	_, outside := r.v.OutsideBase(r.u.Decl(t.frame.Entity), k.Below, r.u.Versions())
	return outside
}

// keyInsert is the text inserted for a key whose value has shape v.
func (r *request) keyInsert(name string, v *grammar.Value) (string, bool) {
	if r.colonAfter {
		return name, false
	}
	esc := shape.Escape(name)
	if v == nil {
		return name + ": ", false
	}
	block := ":\n" + r.indentUnit + "$0"
	list := ":\n" + r.indentUnit + "- $0"
	switch v.Kind {
	case grammar.EntityValue:
		if v.ShortFor(r.u.Versions()) != nil {
			return name + ": ", false
		}
		return esc + block, true
	case grammar.MapOfValue, grammar.MapValue:
		return esc + block, true
	case grammar.NamedListValue:
		return esc + list, true
	case grammar.ListOfValue:
		if v.Elem != nil && (v.Elem.Kind == grammar.EntityValue || v.Elem.Kind == grammar.MapOfValue || v.Elem.Kind == grammar.NamedListValue) {
			return esc + list, true
		}
		return esc + ": [ $0 ]", true
	case grammar.RangeValue:
		return esc + ": [ ${1:0}, ${2:UNBOUNDED} ]", true
	}
	return name + ": ", false
}

// presentKeys are the keys of n written elsewhere than at the cursor (the
// single keys of a list's items for a list).
func (r *request) presentKeys(n *syntax.Node) map[string]bool {
	out := map[string]bool{}
	if n == nil {
		return out
	}
	switch n.Kind {
	case syntax.Mapping:
		for _, p := range n.Pairs {
			if !p.Key.Span.Contains(r.off) {
				out[p.Key.Value] = true
			}
		}
	case syntax.Sequence:
		for _, it := range n.Items {
			if it.Kind == syntax.Mapping && len(it.Pairs) == 1 && !it.Pairs[0].Key.Span.Contains(r.off) {
				out[it.Pairs[0].Key.Value] = true
			}
		}
	}
	return out
}

// presentValues are the scalar items of a sequence other than the one at the cursor.
func (r *request) presentValues(n *syntax.Node) map[string]bool {
	out := map[string]bool{}
	if n == nil || n.Kind != syntax.Sequence {
		return out
	}
	for _, it := range n.Items {
		if it.Kind == syntax.Scalar && !it.Span.Contains(r.off) {
			out[it.Value] = true
		}
	}
	return out
}
