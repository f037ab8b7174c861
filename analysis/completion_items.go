package analysis

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// keyItems completes a key (or a new list item) of the innermost frame.
func (c *complCtx) keyItems(frames []complFrame, newItem, dash bool) {
	if call := c.callAt(frames); call != nil {
		c.callItems(call, frames)
		return
	}
	f := frames[len(frames)-1]
	val, node := f.Value, f.Node
	if val == nil {
		return
	}
	listish := val.Kind == grammar.ListOfValue || val.Kind == grammar.NamedListValue
	if listish && (newItem || node == nil || node.Kind == syntax.Sequence || node.Kind == syntax.Null) {
		c.newItemItems(frames, val, dash)
		return
	}
	if newItem {
		if val.Kind == grammar.AnyValue && f.dataType != nil {
			// A new entry of a list value: the fields of its entry type.
			dt, _, _ := c.entrySchema(f.dataType, f.valueDef, f.defPath)
			c.memberItems(dt, "properties", nil, false)
		}
		return
	}
	switch val.Kind {
	case grammar.EntityValue:
		c.entityKeyItems(f, val.Entity, node)
	case grammar.MapOfValue:
		if f.section != "" {
			c.memberItems(f.sectionOf, f.section, c.presentKeys(node), false)
		}
	case grammar.NamedListValue:
		if f.section == "" {
			return
		}
		if val.AlsoMap {
			c.memberItems(f.sectionOf, f.section, c.presentKeys(node), false)
			return
		}
		// A word typed where list items belong: make it one.
		c.withPrefix("- ", func() { c.memberItems(f.sectionOf, f.section, nil, false) })
	case grammar.AnyValue:
		if len(frames) > 1 {
			if pv := frames[len(frames)-2].Value; pv != nil && (pv.Kind == grammar.MapValue || pv.Kind == grammar.ListValue) {
				return
			}
		}
		present := c.presentKeys(node)
		if f.dataType != nil {
			c.memberItems(f.dataType, "properties", present, false)
		}
		if len(present) == 0 {
			// A call is the only key of its mapping.
			c.functionItems(true)
		}
	case grammar.RefValue, grammar.StringValue, grammar.BoolValue:
		if node == nil || node.Kind == syntax.Null {
			// `key:` with its value on the next line.
			c.scalarItems(frames, val, nil)
		}
	}
}

// newItemItems completes a new item of a list (a `- ` line); without
// dash the items insert one.
func (c *complCtx) newItemItems(frames []complFrame, val *grammar.Value, dash bool) {
	f := frames[len(frames)-1]
	if !dash {
		c.withPrefix("- ", func() { c.newItemItems(frames, val, true) })
		return
	}
	switch val.Kind {
	case grammar.NamedListValue:
		if f.section != "" {
			present := c.presentKeys(f.Node)
			if f.section == "requirements" {
				// Requirements may be assigned several times.
				present = nil
			}
			c.memberItems(f.sectionOf, f.section, present, false)
		}
	case grammar.ListOfValue:
		elem := val.Elem
		if elem == nil {
			return
		}
		item := complFrame{Frame: Frame{Value: elem, Owner: f.Owner, Type: f.Type}}
		if f.dataType != nil {
			item.dataType, item.valueDef, item.defPath = c.entrySchema(f.dataType, f.valueDef, f.defPath)
		}
		sub := append(append([]complFrame(nil), frames...), item)
		if e := entityOf(elem); e != nil {
			c.entityKeyItems(item, e, nil)
			if s := elem.ShortFor(c.u.Versions); s != nil {
				c.withSort("5", func() { c.scalarItems(sub, s, c.presentValues(f.Node)) })
			}
			return
		}
		c.scalarItems(sub, elem, c.presentValues(f.Node))
	}
}

// withSort runs fn with the sort text of every item it adds prefixed by p.
func (c *complCtx) withSort(p string, fn func()) {
	n := len(c.items)
	fn()
	for i := n; i < len(c.items); i++ {
		c.items[i].SortText = p + c.items[i].SortText
	}
}

// withPrefix runs fn with every insertion prefixed by p.
func (c *complCtx) withPrefix(p string, fn func()) {
	n := len(c.items)
	fn()
	for i := n; i < len(c.items); i++ {
		c.items[i].Edit.NewText = p + c.items[i].Edit.NewText
	}
}

// entityKeyItems offers the keynames of e missing from node, mandatory ones first.
func (c *complCtx) entityKeyItems(f complFrame, e *grammar.Entity, node *syntax.Node) {
	present := c.presentKeys(node)
	for i, k := range e.Keys {
		if !k.In.Has(c.v) || present[k.Name] {
			continue
		}
		required := k.Required.Has(c.v)
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
		text, snip := c.keyInsert(k.Name, k.Value)
		c.add(CompletionItem{
			Label:         k.Name,
			Kind:          CompletionProperty,
			Detail:        detail,
			Documentation: k.Doc,
			Edit:          TextEdit{Span: c.word, NewText: text},
			Snippet:       snip,
			SortText:      fmt.Sprintf("%s%03d", group, i),
		})
	}
	// 1.0–1.2 interfaces hold their operations directly.
	if e.ExtraFor(c.u.Versions) != nil && f.typed != nil && f.typed.Kind == grammar.InterfaceType {
		c.memberItems(f.typed, "operations", present, false)
	}
}

// keyInsert is the text inserted for a key whose value has shape v.
func (c *complCtx) keyInsert(name string, v *grammar.Value) (string, bool) {
	if c.colonAfter {
		return name, false
	}
	esc := complSnippetEscape(name)
	if v == nil {
		return name + ": ", false
	}
	block := ":\n" + c.unit + "$0"
	switch v.Kind {
	case grammar.EntityValue:
		if v.ShortFor(c.u.Versions) != nil {
			return name + ": ", false
		}
		return esc + block, true
	case grammar.MapOfValue, grammar.MapValue:
		return esc + block, true
	case grammar.NamedListValue:
		return esc + ":\n" + c.unit + "- $0", true
	case grammar.ListOfValue:
		if v.Elem != nil && (v.Elem.Kind == grammar.EntityValue || v.Elem.Kind == grammar.MapOfValue || v.Elem.Kind == grammar.NamedListValue) {
			return esc + ":\n" + c.unit + "- $0", true
		}
		return esc + ": [ $0 ]", true
	case grammar.RangeValue:
		return esc + ": [ ${1:0}, ${2:UNBOUNDED} ]", true
	}
	return name + ": ", false
}

// memberItems offers the members of section of t (all its derivation
// chain) not in present. asValue inserts the bare name (a function
// argument) instead of a key.
func (c *complCtx) memberItems(t *Decl, section string, present map[string]bool, asValue bool) {
	if t == nil {
		return
	}
	for i, m := range c.a.Members(t, section) {
		if present[m.Name] {
			continue
		}
		c.add(c.memberItem(t, m, i, asValue))
	}
}

// memberItem describes one member of t.
func (c *complCtx) memberItem(t *Decl, m *Member, i int, asValue bool) CompletionItem {
	def := m.Node
	origin := complOriginNode(m)
	get := func(k string) *syntax.Node {
		if v := def.Get(k); v != nil {
			return v
		}
		return origin.Get(k)
	}
	it := CompletionItem{Label: m.Name, Kind: CompletionProperty}
	typeName, _ := memberTypeName(m)
	group := "1"
	var detail []string
	block := false
	switch m.Section {
	case "properties", "attributes", "inputs":
		if typeName != "" {
			detail = append(detail, typeName)
		}
		if d := get("default"); d != nil {
			detail = append(detail, "default: "+complShort(d))
		}
		if m.Section == "properties" && get("required").Text() != "false" && get("default") == nil && get("value") == nil {
			group = "0"
			detail = append(detail, "mandatory")
		}
		if get("status").Text() == "deprecated" {
			it.Deprecated = true
		}
		dt, _, _ := c.valueType(t, m.Section, m.Name)
		block = c.isStructured(dt)
	case "capabilities":
		it.Kind = CompletionField
		detail = append(detail, "capability", typeName)
		block = true
	case "requirements":
		it.Kind = CompletionReference
		detail = append(detail, "requirement")
		if def.Kind == syntax.Scalar {
			detail = append(detail, "capability "+def.Value)
		} else {
			if v := get("capability").Text(); v != "" {
				detail = append(detail, "capability "+v)
			}
			if v := get("node").Text(); v != "" {
				detail = append(detail, "node "+v)
			}
		}
	case "interfaces":
		it.Kind = CompletionInterface
		detail = append(detail, "interface", typeName)
		block = true
	case "operations":
		it.Kind = CompletionMethod
		detail = append(detail, "operation")
	case "notifications":
		it.Kind = CompletionEvent
		detail = append(detail, "notification")
	case "artifacts":
		it.Kind = CompletionFile
		detail = append(detail, "artifact", typeName)
	}
	it.Detail = strings.Join(complNonEmpty(detail), " · ")
	doc := get("description").Text()
	from := fmt.Sprintf("From `%s`.", m.Origin.Name)
	if doc != "" {
		doc += "\n\n" + from
	} else {
		doc = from
	}
	it.Documentation = doc
	it.SortText = fmt.Sprintf("%s%03d", group, i)
	switch {
	case asValue || c.colonAfter:
		it.Edit = TextEdit{Span: c.word, NewText: m.Name}
	case block:
		it.Edit = TextEdit{Span: c.word, NewText: complSnippetEscape(m.Name) + ":\n" + c.unit + "$0"}
		it.Snippet = true
	default:
		it.Edit = TextEdit{Span: c.word, NewText: m.Name + ": "}
	}
	return it
}

// isStructured reports whether values of dt are written as a block: a
// data type with fields, a list or a map.
func (c *complCtx) isStructured(dt *Decl) bool {
	if dt == nil {
		return false
	}
	chain, _ := c.a.Chain(dt)
	for _, d := range chain {
		if d.Name == "list" || d.Name == "map" || d.Node.Get("properties") != nil {
			return true
		}
	}
	return false
}

func complShort(n *syntax.Node) string {
	switch n.Kind {
	case syntax.Scalar:
		s := n.Value
		if len(s) > 30 {
			s = s[:27] + "…"
		}
		return s
	case syntax.Sequence:
		return "[…]"
	case syntax.Mapping:
		if len(n.Pairs) == 1 && grammar.IsFunctionName(n.Pairs[0].Key.Value, grammar.All) {
			return "{ " + n.Pairs[0].Key.Value + ": … }"
		}
		return "{…}"
	}
	return "null"
}

func complNonEmpty(in []string) []string {
	var out []string
	for _, s := range in {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// valueItems completes the value at the cursor.
func (c *complCtx) valueItems(frames []complFrame) {
	if call := c.callAt(frames); call != nil {
		c.callItems(call, frames)
		return
	}
	f := frames[len(frames)-1]
	val, node := f.Value, f.Node
	if val == nil {
		return
	}
	scalarish := node == nil || node.Kind == syntax.Scalar || node.Kind == syntax.Null
	if s := val.ShortFor(c.u.Versions); s != nil && scalarish && val.Kind != grammar.RefValue {
		val = s
	}
	var present map[string]bool
	if val.Kind == grammar.ListOfValue && (scalarish || node.Kind == syntax.Sequence) {
		present = c.presentValues(node)
		item := complFrame{Frame: Frame{Value: val.Elem, Owner: f.Owner, Type: f.Type}}
		frames = append(append([]complFrame(nil), frames...), item)
		val = val.Elem
		if val == nil {
			return
		}
		if s := val.ShortFor(c.u.Versions); s != nil {
			val = s
		}
	}
	if node != nil && (node.Kind == syntax.Mapping || node.Kind == syntax.Sequence) && val.Kind != grammar.RefValue && val.Kind != grammar.StringValue {
		return
	}
	c.scalarItems(frames, val, present)
}

// scalarItems offers the scalar values val allows.
func (c *complCtx) scalarItems(frames []complFrame, val *grammar.Value, present map[string]bool) {
	f := frames[len(frames)-1]
	switch val.Kind {
	case grammar.RefValue:
		c.refItems(frames, val.Ref, present)
	case grammar.StringValue:
		enum := val.Enum
		if f.Key != nil && f.Key.Name == "tosca_definitions_version" {
			enum = grammar.ToscaVersions
		}
		for i, e := range enum {
			if !present[e] {
				c.add(CompletionItem{Label: e, Kind: CompletionEnumMember, SortText: fmt.Sprintf("0%03d", i)})
			}
		}
	case grammar.BoolValue:
		c.boolItems()
	case grammar.AnyValue:
		if len(frames) > 1 {
			if pv := frames[len(frames)-2].Value; pv != nil && (pv.Kind == grammar.MapValue || pv.Kind == grammar.ListValue) {
				return
			}
		}
		c.dataValueItems(f)
		c.functionItems(false)
	}
}

func (c *complCtx) boolItems() {
	c.add(CompletionItem{Label: "true", Kind: CompletionValue, SortText: "00"})
	c.add(CompletionItem{Label: "false", Kind: CompletionValue, SortText: "01"})
}

// dataValueItems offers the values a value's data type allows: true and
// false for booleans, the valid_values of its constraints.
func (c *complCtx) dataValueItems(f complFrame) {
	if f.dataType == nil {
		return
	}
	chain, _ := c.a.Chain(f.dataType)
	defs := []*syntax.Node{f.valueDef}
	for _, d := range chain {
		if d.Name == "boolean" {
			c.boolItems()
		}
		defs = append(defs, d.Node)
	}
	for _, def := range defs {
		for i, v := range complValidValues(def) {
			c.add(CompletionItem{Label: v, Kind: CompletionEnumMember, Detail: "valid value of " + f.dataType.Name, SortText: fmt.Sprintf("0%03d", i)})
		}
	}
}

// complValidValues reads the valid values of a definition: a
// `valid_values` constraint (1.x, 2020 draft) or a `$valid_values`
// validation (final 2.0).
func complValidValues(def *syntax.Node) []string {
	var out []string
	scalars := func(n *syntax.Node) {
		if n == nil || n.Kind != syntax.Sequence {
			return
		}
		for _, it := range n.Items {
			if it.Kind == syntax.Scalar {
				out = append(out, it.Value)
			}
		}
	}
	if cs := def.Get("constraints"); cs != nil && cs.Kind == syntax.Sequence {
		for _, cl := range cs.Items {
			scalars(cl.Get("valid_values"))
		}
	}
	if v := def.Get("validation").Get("$valid_values"); v != nil && v.Kind == syntax.Sequence && len(v.Items) == 2 {
		scalars(v.Items[1])
	}
	return out
}

// functionItems offers the functions of the file's version, as a key
// (`get_input: `) or as a value (`{ get_input: … }`).
func (c *complCtx) functionItems(asKey bool) {
	for _, fn := range grammar.Functions {
		if !fn.In.Has(c.v) {
			continue
		}
		args := "[ $0 ]"
		switch {
		case len(fn.Params) == 0:
			args = "[]"
		case fn.Params[0].Ref == grammar.Input, len(fn.Params) == 1 && !fn.Variadic:
			args = "$0"
		}
		name := complSnippetEscape(fn.Name)
		text := name + ": " + args
		if !asKey {
			text = "{ " + text + " }"
		}
		if c.colonAfter {
			text = name
		}
		c.add(CompletionItem{
			Label:         fn.Name,
			Kind:          CompletionFunction,
			Detail:        fn.Signature(),
			Documentation: fn.Doc,
			Edit:          TextEdit{Span: c.word, NewText: text},
			Snippet:       true,
			SortText:      "8" + fn.Name,
		})
	}
}

// refItems offers the names a reference of kind may use.
func (c *complCtx) refItems(frames []complFrame, kind grammar.RefKind, present map[string]bool) {
	f := frames[len(frames)-1]
	switch kind {
	case grammar.NodeOrCapabilityType:
		c.typeItems(grammar.CapabilityType, "0", nil, present)
		c.typeItems(grammar.NodeType, "1", nil, present)
	case grammar.NodeOrGroupType:
		c.typeItems(grammar.NodeType, "0", nil, present)
		c.typeItems(grammar.GroupType, "1", nil, present)
	case grammar.NodeTemplate:
		c.templateItems(frames, present)
	case grammar.NodeTypeOrTemplate:
		c.templateItems(frames, present)
		c.typeItems(grammar.NodeType, "3", nil, present)
	case grammar.RelationshipTypeOrTemplate:
		c.localItems(grammar.RelationshipTemplate, "0", present, f.Owner)
		c.typeItems(grammar.RelationshipType, "1", nil, present)
	case grammar.CapabilityTypeOrName:
		c.capabilityNameItems(frames)
		c.typeItems(grammar.CapabilityType, "1", nil, present)
	case grammar.NodeTemplateOrGroup:
		c.localItems(grammar.NodeTemplate, "0", present, f.Owner)
		c.localItems(grammar.Group, "1", present, f.Owner)
	case grammar.Input, grammar.Output, grammar.Group, grammar.Policy, grammar.RelationshipTemplate, grammar.Repository, grammar.Workflow:
		c.localItems(kind, "0", present, f.Owner)
	case grammar.RequirementName, grammar.CapabilityName, grammar.InterfaceName:
		if len(frames) > 1 {
			parent := frames[len(frames)-2].Node
			name := parent.Get("node").Text()
			if name == "" {
				name = parent.Get("target").Text()
			}
			c.memberItems(c.nodeTarget(name), grammar.SectionOf(kind), present, true)
		}
	case grammar.ProfileName:
		c.profileItems()
	case grammar.ImportURL, grammar.ArtifactFile:
		c.pathItems(kind)
	case grammar.ModelableEntity:
		c.entityItems(frames, nil)
	default:
		if kind.IsType() {
			var self *Decl
			if f.Owner != nil && f.Owner.Kind == kind {
				self = f.Owner
			}
			c.typeItems(kind, "0", self, present)
		}
	}
}

// typeItems offers the type names of kind visible in the file (short,
// namespace-qualified and nested names alike): the file's own first, then
// the workspace's, then the profiles'.
func (c *complCtx) typeItems(kind grammar.RefKind, group string, exclude *Decl, present map[string]bool) {
	for _, name := range c.scope.Names(kind) {
		d := c.scope.Lookup(kind, name)
		if d == nil || d == exclude || present[name] {
			continue
		}
		origin := "2"
		switch {
		case d.File.Path == c.u.File.Path:
			origin = "0"
		case !d.File.Embedded:
			origin = "1"
		}
		c.add(CompletionItem{
			Label:         name,
			Kind:          complTypeKind(kind),
			Detail:        kind.String() + " · " + c.where(d),
			Documentation: complDeclDoc(d),
			SortText:      group + origin + name,
		})
	}
}

func complTypeKind(k grammar.RefKind) CompletionKind {
	switch k {
	case grammar.DataType:
		return CompletionStruct
	case grammar.CapabilityType, grammar.InterfaceType:
		return CompletionInterface
	case grammar.ArtifactType:
		return CompletionFile
	}
	return CompletionClass
}

// where tells where a declaration comes from: this file, a profile or a
// file relative to this one.
func (c *complCtx) where(d *Decl) string {
	f := d.File
	switch {
	case f.Path == c.u.File.Path:
		return "this file"
	case f.ProfileName != "":
		return "profile " + f.ProfileName
	case f.Embedded:
		if c.profileDirs == nil {
			c.profileDirs = map[string]string{}
			for _, n := range c.snap.ProfileNames() {
				if strings.Contains(n, "://") {
					continue
				}
				dir := filepath.Dir(c.snap.Profile(n))
				if best, ok := c.profileDirs[dir]; !ok || len(n) < len(best) {
					c.profileDirs[dir] = n
				}
			}
		}
		if n, ok := c.profileDirs[filepath.Dir(f.Path)]; ok {
			return "profile " + n
		}
		return "built-in"
	}
	if r, err := filepath.Rel(filepath.Dir(c.u.File.Path), f.Path); err == nil {
		return filepath.ToSlash(r)
	}
	return f.Path
}

// complDeclDoc is the markdown documentation of a declaration.
func complDeclDoc(d *Decl) string {
	doc := d.Node.Get("description").Text()
	if p := d.Node.Get("derived_from").Text(); p != "" {
		if doc != "" {
			doc += "\n\n"
		}
		doc += "Derived from `" + p + "`."
	}
	return doc
}

// localItems offers the file's template-level names of kind (but the
// declaration holding the cursor: a group is not its own member).
func (c *complCtx) localItems(kind grammar.RefKind, group string, present map[string]bool, owner *Decl) {
	for _, name := range c.u.LocalNames(kind) {
		d := c.u.Local(kind, name)
		if present[name] || d == owner {
			continue
		}
		detail := []string{kind.String()}
		if t := d.Node.Get("type").Text(); t != "" {
			detail = append(detail, t)
		}
		if v := d.Node.Get("default"); v != nil {
			detail = append(detail, "default: "+complShort(v))
		}
		k := CompletionVariable
		if kind == grammar.NodeTemplate || kind == grammar.RelationshipTemplate {
			k = CompletionReference
		}
		c.add(CompletionItem{Label: name, Kind: k, Detail: strings.Join(detail, " · "), Documentation: d.Node.Get("description").Text(), SortText: group + name})
	}
}

// templateItems offers node templates; for a requirement, those whose type
// offers the required capability (and is of the required node type) first.
func (c *complCtx) templateItems(frames []complFrame, present map[string]bool) {
	var req *complFrame
	for i := len(frames) - 1; i >= 0; i-- {
		if m := frames[i].member; m != nil && m.Section == "requirements" {
			req = &frames[i]
			break
		}
	}
	var capType, nodeType *Decl
	if req != nil {
		capType, nodeType = c.requirementWants(*req)
	}
	owner := frames[len(frames)-1].Owner
	for _, name := range c.u.LocalNames(grammar.NodeTemplate) {
		d := c.u.Local(grammar.NodeTemplate, name)
		if present[name] || d == owner {
			continue
		}
		group := "0"
		detail := []string{"node template", d.Node.Get("type").Text()}
		if req != nil && (capType != nil || nodeType != nil) {
			if c.offers(c.templateType(grammar.NodeTemplate, name), capType, nodeType) {
				if capType != nil {
					detail = append(detail, "offers "+capType.Name)
				}
			} else {
				group = "1"
			}
		}
		c.add(CompletionItem{Label: name, Kind: CompletionReference, Detail: strings.Join(complNonEmpty(detail), " · "),
			Documentation: d.Node.Get("description").Text(), SortText: group + name})
	}
}

// requirementWants reads what a requirement (the assignment frame of a
// template's requirement) needs: a capability type and a node type.
func (c *complCtx) requirementWants(req complFrame) (capType, nodeType *Decl) {
	m := req.member
	scope := c.scopeOfPath(m.Definer.File.Path)
	def := m.Node
	capName, nodeName := "", ""
	read := func(n *syntax.Node) {
		switch {
		case n == nil:
		case n.Kind == syntax.Scalar && capName == "":
			capName = n.Value
		case n.Kind == syntax.Mapping:
			if capName == "" {
				capName = n.Get("capability").Text()
			}
			if nodeName == "" {
				nodeName = n.Get("node").Text()
			}
		}
	}
	read(def)
	read(complOriginNode(m))
	nodeType = scope.Lookup(grammar.NodeType, nodeName)
	capType = scope.Lookup(grammar.CapabilityType, capName)
	if capType == nil && nodeType != nil && capName != "" {
		capType = c.memberType(c.a.Member(nodeType, "capabilities", capName), grammar.CapabilityType)
	}
	if a := req.Node; a != nil && a.Kind == syntax.Mapping {
		if ct := c.scope.Lookup(grammar.CapabilityType, a.Get("capability").Text()); ct != nil {
			capType = ct
		}
	}
	return capType, nodeType
}

// offers reports whether nodes of type t can fulfil a requirement for
// capType (and nodeType).
func (c *complCtx) offers(t, capType, nodeType *Decl) bool {
	if t == nil {
		return false
	}
	if nodeType != nil && !c.a.DerivesFrom(t, nodeType) {
		return false
	}
	if capType == nil {
		return nodeType != nil
	}
	for _, m := range c.a.Members(t, "capabilities") {
		if ct := c.memberType(m, grammar.CapabilityType); ct != nil && c.a.DerivesFrom(ct, capType) {
			return true
		}
	}
	return false
}

// capabilityNameItems offers the capability names of a requirement's
// target node (its `node`), those matching the requirement first.
func (c *complCtx) capabilityNameItems(frames []complFrame) {
	if len(frames) < 2 {
		return
	}
	parent := frames[len(frames)-2]
	pn := parent.Node
	if pn == nil || pn.Kind != syntax.Mapping {
		return
	}
	var target *Decl
	if e := entityOf(parent.Value); e == grammar.RequirementAssign {
		target = c.nodeTarget(pn.Get("node").Text())
	} else {
		target = c.scope.Lookup(grammar.NodeType, pn.Get("node").Text())
	}
	if target == nil {
		return
	}
	var want *Decl
	if parent.member != nil {
		want, _ = c.requirementWants(parent)
	}
	for i, m := range c.a.Members(target, "capabilities") {
		it := c.memberItem(target, m, i, true)
		group := "00"
		if want != nil && !c.a.DerivesFrom(c.memberType(m, grammar.CapabilityType), want) {
			group = "01"
		}
		it.SortText = group + it.SortText
		c.add(it)
	}
}

// profileItems offers the profile names the file may import.
func (c *complCtx) profileItems() {
	implicit := map[string]bool{}
	for _, p := range c.snap.Implicit(c.u.File) {
		implicit[p] = true
	}
	for _, name := range c.snap.ProfileNames() {
		if implicit[c.snap.Profile(name)] {
			continue // imported without saying so
		}
		entry := c.snap.File(c.snap.Profile(name))
		if entry != nil && c.u.Versions.Has(grammar.V2) && !c.u.Versions.Has(grammar.V1x) {
			if v, ok := grammar.VersionOf(entry.DefinitionsVersion); ok && !v.Has(grammar.V2) {
				continue
			}
		}
		doc := ""
		if entry != nil {
			doc = entry.Root().Get("description").Text()
		}
		c.add(CompletionItem{Label: name, Kind: CompletionModule, Detail: "profile", Documentation: doc, SortText: "0" + name})
	}
}

// entityItems offers the first argument of get_property and friends: the
// keywords it takes (all of them for nil) and the templates of the file.
func (c *complCtx) entityItems(frames []complFrame, keywords []string) {
	for i, k := range grammar.EntityKeywords {
		if keywords == nil || slices.Contains(keywords, k.Name) {
			c.add(CompletionItem{Label: k.Name, Kind: CompletionKeyword, Detail: "keyword", Documentation: k.Doc, SortText: fmt.Sprintf("0%d", i)})
		}
	}
	c.localItems(grammar.NodeTemplate, "1", nil, nil)
	c.localItems(grammar.RelationshipTemplate, "2", nil, nil)
}
