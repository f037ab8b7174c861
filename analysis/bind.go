package analysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Unit is the analysis of one file: what it declares, every reference it
// makes (resolved where possible) and its diagnostics.
type Unit struct {
	File     *index.File
	Versions grammar.Versions
	// Form is which TOSCA 2.0 grammar the file uses (FormUnknown for 1.x).
	Form  grammar.Form
	Scope *Scope
	Decls []*Decl
	Refs  []*Ref
	Diags []Diagnostic
	// local are the file's template-level names by kind.
	local map[grammar.RefKind]map[string]*Decl
}

// Local finds a template-level name (node template, input, …) of the file.
func (u *Unit) Local(kind grammar.RefKind, name string) *Decl { return u.local[kind][name] }

// LocalNames lists the file's template-level names of kind, sorted.
func (u *Unit) LocalNames(kind grammar.RefKind) []string {
	out := make([]string, 0, len(u.local[kind]))
	for n := range u.local[kind] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Ref is a name used somewhere: a type, a template, an input, or a member
// of a template's type (a property assigned in a node template).
type Ref struct {
	Kind grammar.RefKind
	Name string
	Node *syntax.Node
	// Target is the declaration named (nil if unresolved or a member ref).
	Target *Decl
	// Member is set for names of a type's members used in a template.
	Member *Member
	// Owner is the declaration the reference sits in.
	Owner *Decl
}

// Span is where the reference is written.
func (r *Ref) Span() text.Span { return r.Node.Span }

// binder walks one file along the grammar.
type binder struct {
	a    *Analyzer
	u    *Unit
	v    grammar.Versions
	form grammar.Form
}

func (a *Analyzer) bind(f *index.File) *Unit {
	u := &Unit{File: f, Versions: versionsOf(f), local: map[grammar.RefKind]map[string]*Decl{}}
	b := &binder{a: a, u: u, v: u.Versions}
	if f.TooLarge {
		b.report(text.Span{End: f.Lines().LineEnd(0)}, SeverityWarning, CodeFileTooLarge, fmt.Sprintf("the file is larger than %d MB and is not analysed", index.MaxFileSize>>20))
		return u
	}
	b.syntaxDiagnostics()
	if f.Dialect != index.TOSCA {
		return u
	}
	u.Scope = a.scopeOf(f.Path)
	u.Decls = a.declsOf(f)
	for _, d := range u.Decls {
		if !d.Kind.IsType() {
			m := u.local[d.Kind]
			if m == nil {
				m = map[string]*Decl{}
				u.local[d.Kind] = m
			}
			if _, dup := m[d.Name]; !dup {
				m[d.Name] = d
			}
		}
	}
	if dialect, ok := unmodelled[f.DefinitionsVersion]; ok {
		// Its keynames are not described yet: checking them against plain
		// TOSCA would only produce false errors.
		if p := f.Root().GetPair("tosca_definitions_version"); p != nil {
			b.report(p.Value.Span, SeverityInformation, CodeUnmodelledDialect, dialect+" files are checked for YAML and imports only; their own keynames are not described yet")
		}
		b.checkImports()
		return u
	}
	b.checkVersion()
	root := f.Root()
	if root != nil {
		b.walk(root, fileValue, walkCtx{})
	}
	b.checkImports()
	b.checkTypes()
	u.Form = b.form
	return u
}

// unmodelled are TOSCA dialects tosca-ls recognises but whose grammar is
// not described yet (they come with the dialects milestone).
var unmodelled = map[string]string{
	"tosca_variability_1_0":            "Variability4TOSCA",
	"tosca_simple_profile_for_nfv_1_0": "TOSCA Simple Profile for NFV",
}

func (b *binder) report(span text.Span, sev Severity, code, msg string) *Diagnostic {
	b.u.Diags = append(b.u.Diags, Diagnostic{Path: b.u.File.Path, Span: span, Severity: sev, Code: code, Message: msg})
	return &b.u.Diags[len(b.u.Diags)-1]
}

func (b *binder) syntaxDiagnostics() {
	f := b.u.File
	for _, e := range f.Syntax.Errors {
		code := CodeYAMLSyntax
		if e.Duplicate {
			code = CodeDuplicateKey
		}
		b.report(e.Span, SeverityError, code, e.Message)
	}
	if len(f.Syntax.Docs) > 1 && f.Dialect == index.TOSCA {
		for _, d := range f.Syntax.Docs[1:] {
			if d.Root != nil {
				b.report(d.Span, SeverityWarning, CodeMultipleDocuments, "only the first YAML document of a TOSCA file is read; this document is ignored")
			}
		}
	}
}

func (b *binder) checkVersion() {
	root := b.u.File.Root()
	if root == nil || root.Kind != syntax.Mapping {
		return
	}
	p := root.GetPair("tosca_definitions_version")
	if p == nil {
		span := root.Span
		if len(root.Pairs) > 0 {
			span = root.Pairs[0].Key.Span
		}
		b.report(span, SeverityError, CodeInvalidVersion, "tosca_definitions_version is missing: it must be the first key")
		return
	}
	if root.Pairs[0] != p {
		b.report(p.Key.Span, SeverityError, CodeInvalidVersion, "tosca_definitions_version must be the first key of the file")
	}
	if _, ok := grammar.VersionOf(p.Value.Text()); !ok {
		d := b.report(p.Value.Span, SeverityError, CodeInvalidVersion, fmt.Sprintf("unknown TOSCA version %q; expected one of %s", p.Value.Text(), strings.Join(grammar.ToscaVersions, ", ")))
		d.Suggestions = suggest(p.Value.Text(), grammar.ToscaVersions)
		if p.Value.IsNull() {
			d.Span = p.Key.Span
		}
	}
}

// walkCtx is what the walker knows about where it is.
type walkCtx struct {
	owner *Decl
	// typ is the resolved type of the enclosing typed entity (a template's
	// type), used to resolve member names.
	typ *Decl
	// key is the keyname whose value is being walked.
	key *syntax.Node
	// entity is the innermost mapping walked as a grammar entity (for
	// references that depend on a sibling keyname).
	entity *syntax.Node
	// section and container are the keyname of the innermost map of named
	// entries and the mapping holding it (`properties` of a node type).
	section   string
	container *syntax.Node
	// refining is set inside a definition that refines an inherited one
	// (and inside what it holds): keynames marked NewOnly may be left out.
	refining bool
}

func (b *binder) walk(n *syntax.Node, val *grammar.Value, c walkCtx) {
	if n == nil || val == nil {
		return
	}
	if n.Kind == syntax.Null {
		return
	}
	if short := val.ShortFor(b.v); short != nil {
		switch {
		case n.Kind == syntax.Scalar && (val.Kind == grammar.EntityValue || val.Kind == grammar.MapOfValue),
			n.Kind == syntax.Sequence && val.Kind == grammar.EntityValue:
			b.walk(n, short, c)
			return
		case isFunctionCall(n, b.v):
			// A value with a short notation may be computed by a function.
			b.walkValue(n, c)
			return
		}
	}
	if n.Kind == syntax.Scalar && val.Kind != grammar.AnyValue && isCallString(n.Value, b.v) {
		return // a call without arguments (2.0 §10.1): its value is not known here
	}
	switch val.Kind {
	case grammar.AnyValue:
		b.walkValue(n, c)
	case grammar.StringValue:
		b.expectScalar(n, val, "a string")
	case grammar.BoolValue:
		if b.expectScalar(n, val, "true or false") && !isBool(n.Value) && !isFunctionCall(n, b.v) {
			b.report(n.Span, SeverityError, CodeWrongValueShape, fmt.Sprintf("expected true or false, found %q", n.Value))
		}
	case grammar.IntValue:
		if b.expectScalar(n, val, "an integer") && !isInt(n.Value) {
			b.report(n.Span, SeverityError, CodeWrongValueShape, fmt.Sprintf("expected an integer, found %q", n.Value))
		}
	case grammar.NumberValue:
		if b.expectScalar(n, val, "a number") && !isNumber(n.Value) {
			b.report(n.Span, SeverityError, CodeWrongValueShape, fmt.Sprintf("expected a number, found %q", n.Value))
		}
	case grammar.RangeValue:
		if n.Kind != syntax.Sequence || len(n.Items) != 2 {
			if !isFunctionCall(n, b.v) {
				b.report(n.Span, SeverityError, CodeWrongValueShape, "expected a range: a list of two bounds such as [0, UNBOUNDED]")
			}
		}
	case grammar.MapValue:
		if n.Kind != syntax.Mapping {
			b.shape(n, "a map")
		}
	case grammar.ListValue:
		if n.Kind != syntax.Sequence {
			b.shape(n, "a list")
		}
	case grammar.RefValue:
		if n.Kind != syntax.Scalar {
			// A reference may have a longer notation (`node: [ template, index ]`).
			if short := val.ShortFor(b.v); short != nil {
				b.walk(n, short, c)
				return
			}
			b.shape(n, "a name")
			return
		}
		b.reference(n, val.Ref, c)
	case grammar.EntityValue:
		b.walkEntity(n, val, c)
	case grammar.MapOfValue:
		if n.Kind != syntax.Mapping {
			b.shape(n, "a map of names to definitions")
			return
		}
		if c.key != nil {
			c.section, c.container = c.key.Value, c.entity
		}
		for _, p := range n.Pairs {
			b.walkEntry(p, val.Elem, c)
		}
	case grammar.ListOfValue:
		if n.Kind != syntax.Sequence {
			b.shape(n, "a list")
			return
		}
		if len(val.Items) > 0 {
			b.walkTuple(n, val, c)
			return
		}
		for _, item := range n.Items {
			b.walk(item, val.Elem, c)
		}
	case grammar.NamedListValue:
		if c.key != nil {
			c.section, c.container = c.key.Value, c.entity
		}
		switch {
		case n.Kind == syntax.Sequence:
			for _, item := range n.Items {
				if item.Kind != syntax.Mapping || len(item.Pairs) != 1 {
					b.shape(item, "a single-entry map `name: definition`")
					continue
				}
				b.walkEntry(item.Pairs[0], val.Elem, c)
			}
		case n.Kind == syntax.Mapping && val.AlsoMap:
			for _, p := range n.Pairs {
				b.walkEntry(p, val.Elem, c)
			}
		default:
			b.shape(n, "a list of single-entry maps `- name: definition`")
		}
	}
}

// walkTuple walks a list of fixed length, each item with its own shape.
func (b *binder) walkTuple(n *syntax.Node, val *grammar.Value, c walkCtx) {
	if len(n.Items) != len(val.Items) {
		b.shape(n, fmt.Sprintf("a list of %d items", len(val.Items)))
		return
	}
	for i, item := range n.Items {
		b.walk(item, val.Items[i], c)
	}
}

// walkEntry walks one named entry of a map whose entries may declare names.
func (b *binder) walkEntry(p *syntax.Pair, elem *grammar.Value, c walkCtx) {
	if elem == nil {
		return
	}
	c.key = p.Key
	if e := elem.Entity; e != nil && e.Declares != grammar.NoRef {
		for _, d := range b.u.Decls {
			if d.Key == p.Key {
				c.owner = d
				break
			}
		}
	}
	c.refining = c.refining || b.refinesInherited(p.Key, c)
	b.walk(p.Value, elem, c)
}

// refinesInherited reports whether the entry named key of a type's section
// refines a definition the type inherits: its parent's section has that
// name, or the parent chain is not fully known (an unresolved import may
// hold it). A refinement may leave out the keynames marked NewOnly: 2.0
// §8.3 (capabilities), §8.6 (requirements), §9.3 (schemas, properties),
// §9.5 (attributes), §11.2 (interfaces); the 1.x texts refine alike.
func (b *binder) refinesInherited(key *syntax.Node, c walkCtx) bool {
	owner := c.owner
	if owner == nil || !owner.Kind.IsType() || c.container != owner.Node {
		return false
	}
	if !b.chainComplete(owner) {
		return true
	}
	for _, m := range b.a.membersOf(b.a.parent(owner), c.section) {
		if m.Name == key.Value {
			return true
		}
	}
	return false
}

func (b *binder) walkEntity(n *syntax.Node, val *grammar.Value, c walkCtx) {
	e := val.Entity
	if n.Kind != syntax.Mapping {
		if n.Kind == syntax.Scalar && isFunctionCall(n, b.v) {
			return
		}
		b.shape(n, "a map of "+e.Name+" keynames")
		return
	}
	c.entity = n
	// Resolve the entity's type first: member names under it depend on it.
	if e.TypeKey != "" {
		if t := n.Get(e.TypeKey); t != nil && t.Kind == syntax.Scalar {
			c.typ = b.u.Scope.Lookup(e.TypeKind, t.Value)
		} else {
			c.typ = nil
		}
	}
	for _, p := range n.Pairs {
		name := p.Key.Value
		k := e.Key(name, b.v)
		if k == nil {
			if extra := e.ExtraFor(b.v); extra != nil {
				b.walkEntry(p, extra, c)
				continue
			}
			if p.Merged {
				continue
			}
			b.unknownKey(p.Key, e)
			continue
		}
		b.noteForm(k)
		b.excludedKeys(n, k, p.Key, e)
		kc := c
		kc.key = p.Key
		kc.refining = c.refining || k.Refines
		b.walk(p.Value, k.Value, kc)
		if c.typ != nil && e.TypeKey != "" {
			b.memberRefs(p, e, c)
		}
	}
	b.missingKeys(n, e, c)
}

// memberRefs records the names an entity assigns from its type's members
// (a template's properties, requirements, interfaces, …; an artifact's
// properties). A section holding the same definitions as the type's (a
// capability definition refining properties, a template's own artifacts)
// defines names rather than using them.
func (b *binder) memberRefs(p *syntax.Pair, e *grammar.Entity, c walkCtx) {
	section := p.Key.Value
	defs := typeSection(c.typ.Kind, section)
	if defs == nil || memberDefinitions(e.AnyKey(section)) == memberDefinitions(defs) {
		return
	}
	assigns := assignsMembers(e)
	members := b.a.membersOf(c.typ, section)
	for _, entry := range namedEntries(p.Value) {
		var m *Member
		for _, x := range members {
			if x.Name == entry.Key.Value {
				m = x
				break
			}
		}
		if m != nil {
			b.u.Refs = append(b.u.Refs, &Ref{Kind: memberKind(section), Name: m.Name, Node: entry.Key, Member: m, Owner: c.owner})
		} else if assigns && !entry.Merged && b.chainComplete(c.typ) {
			names := make([]string, len(members))
			for i, x := range members {
				names[i] = x.Name
			}
			d := b.report(entry.Key.Span, SeverityError, CodeUnknownMember, fmt.Sprintf("%s %q has no %s named %q", c.typ.Kind, c.typ.Name, singular(section), entry.Key.Value))
			d.Suggestions = suggest(entry.Key.Value, names)
			if len(d.Suggestions) > 0 {
				d.Message += fmt.Sprintf("; did you mean %q?", d.Suggestions[0])
			}
			d.Related = []Related{{Location: c.typ.Location(), Message: c.typ.Name + " is defined here"}}
		}
		if section == "interfaces" && m != nil && entry.Value.Kind == syntax.Mapping {
			b.operationRefs(entry.Value, m, c)
		}
	}
}

// assignsMembers reports the entities whose property, requirement, …
// entries must name members of their type (templates, groups, policies);
// definitions inside types may refine or add members instead.
func assignsMembers(e *grammar.Entity) bool {
	switch e.Declares {
	case grammar.NodeTemplate, grammar.RelationshipTemplate, grammar.Group, grammar.Policy:
		return true
	}
	return false
}

// chainComplete reports whether every derived_from of t's chain resolved:
// members may come from an ancestor that is not known (an unresolved import).
func (b *binder) chainComplete(t *Decl) bool {
	chain, cyclic := b.a.chain(t)
	return !cyclic && chain[len(chain)-1].Node.GetPair("derived_from") == nil
}

func singular(section string) string {
	switch section {
	case "properties":
		return "property"
	case "capabilities":
		return "capability"
	}
	return strings.TrimSuffix(section, "s")
}

// operationRefs links operation names in an interface assignment to the
// interface type's operations.
func (b *binder) operationRefs(assign *syntax.Node, iface *Member, c walkCtx) {
	itype := b.a.scopeOf(iface.Definer.File.Path).Lookup(grammar.InterfaceType, iface.Node.Get("type").Text())
	if itype == nil {
		return
	}
	ops := assign.Get("operations")
	if ops == nil {
		ops = assign
	}
	for _, op := range namedEntries(ops) {
		for _, m := range b.a.membersOf(itype, "operations") {
			if m.Name == op.Key.Value {
				b.u.Refs = append(b.u.Refs, &Ref{Kind: grammar.NoRef, Name: m.Name, Node: op.Key, Member: m, Owner: c.owner})
			}
		}
	}
}

func memberKind(section string) grammar.RefKind {
	switch section {
	case "requirements":
		return grammar.RequirementName
	case "capabilities":
		return grammar.CapabilityName
	case "interfaces":
		return grammar.InterfaceName
	}
	return grammar.NoRef
}

func (b *binder) noteForm(k *grammar.Key) {
	if b.v.Has(grammar.V2) {
		b.form = b.form.Merge(k.FormMarker())
	}
}

func (b *binder) unknownKey(key *syntax.Node, e *grammar.Entity) {
	var names []string
	for _, k := range e.KeysIn(b.v) {
		names = append(names, k.Name)
	}
	msg := fmt.Sprintf("unknown keyname %q in %s", key.Value, e.Name)
	if k := e.AnyKey(key.Value); k != nil {
		msg = fmt.Sprintf("keyname %q of %s does not exist in %s", key.Value, e.Name, versionName(b.u.File.DefinitionsVersion))
	}
	sugg := suggest(key.Value, names)
	if home := extraHome(e, b.v); home != "" {
		// Written the way older versions allowed (an operation directly
		// under an interface): say where it belongs now.
		msg = fmt.Sprintf("%q is not a keyname of %s: before TOSCA 1.3 entries like it were written directly here, in %s they go under `%s:`", key.Value, e.Name, versionName(b.u.File.DefinitionsVersion), home)
		sugg = nil
	} else if len(sugg) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", sugg[0])
	}
	d := b.report(key.Span, SeverityError, CodeUnknownKeyname, msg)
	d.Suggestions = sugg
}

// extraHome names the keyname that, in versions v, holds what other
// versions allow directly in e (its Extra entries), or "".
func extraHome(e *grammar.Entity, v grammar.Versions) string {
	// Only where Extra exists in other versions but not in v.
	if e.Extra == nil || e.Extra.Entity == nil || e.ExtraFor(v) != nil {
		return ""
	}
	for _, k := range e.KeysIn(v) {
		if k.Value.Kind == grammar.MapOfValue && k.Value.Elem != nil && k.Value.Elem.Entity == e.Extra.Entity {
			return k.Name
		}
	}
	return ""
}

func versionName(v string) string {
	if v == "" {
		return "this TOSCA version"
	}
	return v
}

func (b *binder) missingKeys(n *syntax.Node, e *grammar.Entity, c walkCtx) {
	var missing []string
	for _, k := range e.Keys {
		// A missing tosca_definitions_version is an invalid-version (checkVersion).
		if k.Required.Has(b.v) && !(k.NewOnly && c.refining) && n.GetPair(k.Name) == nil && !anyPresent(n, k.RequiredUnless) && k.Name != "tosca_definitions_version" {
			missing = append(missing, k.Name)
		}
	}
	if len(missing) == 0 {
		return
	}
	span := n.Span
	if c.key != nil {
		span = c.key.Span
	}
	word := "keyname"
	if len(missing) > 1 {
		word = "keynames"
	}
	b.report(span, SeverityError, CodeMissingKeyname, fmt.Sprintf("%s is missing the mandatory %s %s", e.Name, word, quoteAll(missing)))
}

// excludedKeys reports keyname k written together with a sibling it
// excludes: an import's `profile` with `url` or `repository` (2.0 §6.8.1),
// `service_template` in a file that defines a `profile` (§6.7.1).
func (b *binder) excludedKeys(n *syntax.Node, k *grammar.Key, key *syntax.Node, e *grammar.Entity) {
	for _, other := range k.Excludes {
		if n.GetPair(other) != nil {
			b.report(key.Span, SeverityError, CodeUnknownKeyname, fmt.Sprintf("%q cannot be used together with %q in %s", k.Name, other, e.Name))
		}
	}
}

// anyPresent reports whether n has one of the keynames that waive a
// mandatory one (a node template made with `copy` takes its type from the copy).
func anyPresent(n *syntax.Node, names []string) bool {
	for _, name := range names {
		if n.GetPair(name) != nil {
			return true
		}
	}
	return false
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

func (b *binder) expectScalar(n *syntax.Node, val *grammar.Value, what string) bool {
	if n.Kind == syntax.Scalar {
		if len(val.Enum) > 0 && !contains(val.Enum, n.Value) {
			sev, msg := SeverityError, fmt.Sprintf("%q is not one of %s", n.Value, strings.Join(val.Enum, ", "))
			if val.Open {
				sev, msg = SeverityWarning, fmt.Sprintf("%q is not one of the values the specification names (%s)", n.Value, strings.Join(val.Enum, ", "))
			}
			d := b.report(n.Span, sev, CodeWrongValueShape, msg)
			d.Suggestions = suggest(n.Value, val.Enum)
		}
		return true
	}
	if isFunctionCall(n, b.v) {
		b.walkValue(n, walkCtx{})
		return false
	}
	b.shape(n, what)
	return false
}

func (b *binder) shape(n *syntax.Node, want string) {
	b.report(n.Span, SeverityError, CodeWrongValueShape, fmt.Sprintf("expected %s, found %s", want, describe(n)))
}

func describe(n *syntax.Node) string {
	switch n.Kind {
	case syntax.Mapping:
		return "a map"
	case syntax.Sequence:
		return "a list"
	case syntax.Scalar:
		return fmt.Sprintf("%q", n.Value)
	}
	return "nothing"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func isBool(s string) bool {
	switch s {
	case "true", "false", "True", "False", "TRUE", "FALSE":
		return true
	}
	return false
}

func isInt(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" {
		return false
	}
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0o") {
		s = s[2:]
		return s != ""
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isNumber(s string) bool {
	if isInt(s) {
		return true
	}
	switch strings.ToLower(s) {
	case ".inf", "-.inf", "+.inf", ".nan":
		return true
	}
	var f float64
	_, err := fmt.Sscanf(s, "%g", &f)
	return err == nil && !strings.ContainsAny(s, " \t")
}
