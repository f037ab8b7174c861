// Package hover describes, in markdown, what an offset of a TOSCA document
// designates: a type with its whole derivation chain and its members (each
// with the type it comes from), a member with its definitions, a template,
// an input, a function call and what it resolves to, a keyword, an import
// or a keyname of the grammar. Everything is read from the model, so that
// declarations in closed files are described as well as open ones.
package hover

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// Hover is markdown about what is at an offset, and the span it is about.
type Hover struct {
	Span     text.Span
	Markdown string
}

// At describes what offset off of the document at path designates (nil
// when there is nothing to say).
func At(ctx context.Context, v *model.View, path string, off int) *Hover {
	u := v.Unit(path)
	if u == nil {
		return nil
	}
	h := &hoverer{v: v, path: path, versions: u.Versions(), form: u.Facts.Form}
	if u.Facts.Lang == grammar.Heat {
		if span, ok := h.heatHover(u, off); ok {
			return &Hover{Span: span, Markdown: strings.TrimSpace(h.b.String())}
		}
	}
	t := u.Target(off)
	switch t.Kind {
	case model.NoTarget, model.TargetFunction, model.TargetUnresolved:
		// Not a name the model resolves: a value answers for itself
		// (package shape) — a call, a field, an entry, a literal.
		if sh := valueHover(v, path, off); sh != nil {
			h.shapeHover(sh)
			if md := strings.TrimSpace(h.b.String()); md != "" {
				return &Hover{Span: sh.Span, Markdown: md}
			}
		}
	}
	switch t.Kind {
	case model.TargetImport:
		h.importHover(t)
	case model.TargetKeyword:
		h.keywordHover(t.Name, t.Fn)
	case model.TargetDecl:
		h.declHover(t.Decl)
	case model.TargetMember:
		h.memberHover(t.Member)
	case model.TargetKeyname:
		h.keynameHover(t.Key, t.Entity)
	case model.TargetEntry:
		h.entryHover(t.Site)
	case model.NoTarget:
		if span, ok := h.enumValueHover(u.At(off)); ok {
			t.Span = span
		}
	}
	md := strings.TrimSpace(h.b.String())
	if md == "" {
		return nil
	}
	return &Hover{Span: t.Span, Markdown: md}
}

// hoverer writes the markdown of one hover, seen from the hovered file.
type hoverer struct {
	v        *model.View
	path     string
	versions grammar.Versions
	// form is the TOSCA 2.0 form the hovered file is written in.
	form grammar.Form
	b    strings.Builder
}

// line writes a paragraph.
func (h *hoverer) line(format string, args ...any) {
	fmt.Fprintf(&h.b, format, args...)
	h.b.WriteString("\n\n")
}

// name is how d is written from the hovered file: its own name when that
// is visible, else the shortest (namespace-qualified) name it is visible
// under, else its declared name.
func (h *hoverer) name(d model.Decl) string {
	name := h.v.Name(d)
	kind := h.v.Kind(d)
	if !kind.IsType() || h.v.Lookup(h.path, kind, name) == d {
		return name
	}
	if names := h.v.NamesOf(h.path, d); len(names) > 0 {
		return names[0]
	}
	return name
}

// chain is the derivation chain of a type as written from the hovered file.
func (h *hoverer) chain(d model.Decl) string {
	chain, cyclic := h.v.Chain(d)
	var names []string
	for c := range chain.All() {
		if len(names) == diag.MaxListed && chain.Len() > diag.MaxListed+1 {
			names = append(names, fmt.Sprintf("… %d more", chain.Len()-diag.MaxListed-1), h.name(chain.Root()))
			break
		}
		names = append(names, h.name(c))
	}
	s := strings.Join(names, " → ")
	if cyclic {
		s += " → … (cycle)"
	}
	return s
}

// kindWord is what an entity is called, without " definition".
func kindWord(e *grammar.Entity, fallback string) string {
	if e == nil {
		return fallback
	}
	return strings.TrimSuffix(e.Name, " definition")
}

func (h *hoverer) description(d model.Decl) {
	if s := h.v.FieldText(d, grammar.KeyDescription); s != "" {
		h.line("%s", s)
	}
}

func (h *hoverer) declHover(d model.Decl) {
	kind := h.v.Kind(d)
	if kind.IsType() {
		h.typeHover(d)
		return
	}
	e := h.v.Entity(d)
	h.line("**%s** `%s`", kindWord(e.G(), kind.String()), e.Name)
	if d.Path != h.path {
		h.line("Defined in %s", h.v.Where(d.Path))
	}
	valueDef := kind == grammar.Input || kind == grammar.Output
	if typ := h.v.TypeOf(d); typ.Valid() {
		if valueDef {
			h.line("Type: `%s`", h.name(typ))
		} else {
			h.line("Type: `%s`", h.chain(typ))
		}
	} else if e.G().TypeKey != "" {
		if s := h.v.FieldText(d, e.G().TypeKey); s != "" {
			h.line("Type: `%s` (unknown)", s)
		}
	}
	switch kind {
	case grammar.UserFunction:
		h.signatures(d)
	case grammar.VariabilityExpression:
		h.expression(d)
	default:
		h.keynames(d, valueDef)
	}
	if kind == grammar.NodeTemplate {
		h.requirementTargets(d)
	}
	h.description(d)
}

// requirementTargets lists what a node template's requirements point at.
func (h *hoverer) requirementTargets(d model.Decl) {
	f := h.v.Facts(d.Path)
	var lines []string
	for _, r := range f.Entries(d.ID, grammar.SectionRequirements) {
		var parts []string
		if n := f.FieldText(r, grammar.KeyNode); n != "" {
			parts = append(parts, "`"+n+"`")
		}
		if c := f.FieldText(r, grammar.KeyCapability); c != "" {
			parts = append(parts, "capability `"+c+"`")
		}
		rel := f.FieldText(r, grammar.KeyRelationship)
		if rel == "" {
			rel = f.FieldText(f.Sub(r, grammar.KeyRelationship), grammar.KeyType)
		}
		if rel != "" {
			parts = append(parts, "relationship `"+rel+"`")
		}
		target := strings.Join(parts, ", ")
		if target == "" {
			target = "(unspecified)"
		}
		lines = append(lines, "- `"+f.Entity(r).Name+"` → "+target)
	}
	if len(lines) > 0 {
		h.line("**Requirements**\n%s", strings.Join(lines, "\n"))
	}
}

// maxMembers bounds the members a type's hover lists per section.
const maxMembers = 40

func (h *hoverer) typeHover(d model.Decl) {
	v := h.v
	e := v.Entity(d)
	kind := v.Kind(d)
	h.line("**%s** `%s`", kindWord(e.G(), kind.String()), h.name(d))
	h.line("Defined in %s", v.Where(d.Path))
	h.line("Derivation: `%s`", h.chain(d))
	h.description(d)
	if kind == grammar.DataType {
		h.scalar(d)
	}
	versions := v.Facts(d.Path).Versions
	for _, section := range grammar.MemberSections() {
		if e.G().Key(section, versions) == nil && !(section == grammar.SectionOperations && kind == grammar.InterfaceType) {
			continue
		}
		ms := v.Members(d, section)
		if len(ms) == 0 {
			continue
		}
		var lines []string
		for i, m := range ms {
			if i == maxMembers {
				lines = append(lines, fmt.Sprintf("- … %d more", len(ms)-maxMembers))
				break
			}
			line := "- `" + m.Name + "`"
			if s := h.memberSummary(m); s != "" {
				line += ": `" + s + "`"
			}
			switch {
			case m.Origin != d && m.Definer != m.Origin && m.Definer != d:
				line += fmt.Sprintf(" (from `%s`, refined in `%s`)", h.name(m.Origin), h.name(m.Definer))
			case m.Origin != d && m.Definer == d:
				line += fmt.Sprintf(" (from `%s`, refined here)", h.name(m.Origin))
			case m.Origin != d:
				line += fmt.Sprintf(" (from `%s`)", h.name(m.Origin))
			}
			lines = append(lines, line)
		}
		h.line("**%s**\n%s", strings.ToUpper(section[:1])+section[1:], strings.Join(lines, "\n"))
	}
}

// scalar shows what a scalar type's values are: the type of their numbers,
// the units with their multipliers (and prefixes), the canonical unit.
func (h *hoverer) scalar(d model.Decl) {
	s := h.v.ScalarType(d, h.versions)
	if s == nil || len(s.Table) == 0 {
		return
	}
	factors := func(units []grammar.Unit) string {
		out := make([]string, len(units))
		for i, u := range units {
			sym := u.Symbol
			if sym == "" {
				sym = `""` // the prefix that lets the unit be written alone
			}
			out[i] = fmt.Sprintf("`%s` ×%s", sym, strconv.FormatFloat(u.Factor, 'g', -1, 64))
		}
		return strings.Join(out, ", ")
	}
	if len(s.Units) == 0 {
		h.line("**Units** %s", factors(s.Table)) // a draft's built-in table
		return
	}
	lines := []string{"- units: " + factors(s.Units)}
	if len(s.Prefixes) > 0 {
		lines = append(lines, "- prefixes: "+factors(s.Prefixes))
	}
	number := "`" + s.NumberName + "`"
	if k := grammar.DataTypeDef.Key(grammar.KeyDataType, h.versions); s.NumberName == "" && k != nil {
		number = "`" + k.Default + "` (default)"
	}
	lines = append(lines, "- numbers: "+number)
	if c := s.DefaultCanonical(); c != "" {
		lines = append(lines, "- canonical unit: `"+c+"`")
	}
	h.line("**Scalar**\n%s", strings.Join(lines, "\n"))
}

// memberSummary is the type (for requirements, the capability) a member's
// most derived definition names, or its short value.
func (h *hoverer) memberSummary(m model.Member) string {
	for _, def := range h.v.Definitions(m) {
		f := h.v.Facts(def.Path)
		e := f.Entity(def.ID)
		if e.Short() {
			if fields := f.FieldsOf(def.ID); len(fields) > 0 && isScalar(f, fields[0].Value) {
				return f.Text(fields[0].Value)
			}
			continue
		}
		if e.G() == nil {
			continue
		}
		if e.G().TypeKey != "" {
			if s := f.FieldText(def.ID, e.G().TypeKey); s != "" {
				return s
			}
			continue
		}
		for _, k := range e.G().Keys {
			if k.Value != nil && k.Value.Kind == grammar.RefValue {
				if s := f.FieldText(def.ID, k.Name); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

func (h *hoverer) memberHover(m model.Member) {
	v := h.v
	g := v.Entity(m.Def).G()
	h.line("**%s** `%s`", kindWord(g, grammar.Singular(m.Section)), m.Name)
	owner := fmt.Sprintf("Defined by %s `%s`", v.Kind(m.Definer), h.name(m.Definer))
	if m.Origin.Valid() && m.Origin != m.Definer {
		owner += fmt.Sprintf(", introduced by `%s`", h.name(m.Origin))
	}
	h.line("%s", owner)
	defs := v.Definitions(m)
	// The type comes from the most derived definition that states one.
	if g != nil && g.TypeKey != "" {
		for _, def := range defs {
			if s := v.FieldText(def, g.TypeKey); s != "" {
				h.line("Type: `%s`", s)
				break
			}
		}
	}
	h.keynames(m.Def, true)
	if m.Section == grammar.SectionInterfaces {
		var ops []string
		for _, op := range v.Members(v.MemberType(m), grammar.SectionOperations) {
			ops = append(ops, "`"+op.Name+"`")
		}
		if len(ops) > 0 {
			h.line("Operations: %s", strings.Join(ops, ", "))
		}
	}
	for _, def := range defs {
		if s := v.FieldText(def, grammar.KeyDescription); s != "" {
			h.line("%s", s)
			break
		}
	}
}

// keynames lists the keynames written in a definition, each with its value
// on one line (type, description and metadata apart, and no maps of
// definitions); a value definition shows `required` even when left to its
// default.
func (h *hoverer) keynames(d model.Decl, valueDef bool) {
	f := h.v.Facts(d.Path)
	e := f.Entity(d.ID)
	if e == nil || e.G() == nil {
		return
	}
	var lines []string
	if e.Short() {
		for _, fl := range f.FieldsOf(d.ID) {
			label := "value"
			if fl.Key() != nil {
				label = fl.Key().Name
			}
			lines = append(lines, "- `"+label+"`: `"+flowValue(f, fl.Value)+"`")
		}
	} else {
		if _, written := f.Field(d.ID, grammar.KeyRequired); valueDef && !written && e.G().Key(grammar.KeyRequired, f.Versions) != nil {
			lines = append(lines, "- `"+grammar.KeyRequired+"`: `true` (default)")
		}
		for _, it := range writtenKeys(f, d.ID) {
			switch it.name {
			case grammar.KeyDescription, grammar.KeyMetadata, e.G().TypeKey:
				continue
			}
			if it.key != nil && it.key.Value != nil {
				switch it.key.Value.Kind {
				case grammar.MapOfValue, grammar.NamedListValue, grammar.MapValue:
					continue
				}
			}
			lines = append(lines, "- `"+it.name+"`: `"+flowItem(f, it)+"`")
		}
	}
	if len(lines) > 0 {
		h.line("%s", strings.Join(lines, "\n"))
	}
}

func (h *hoverer) entryHover(d model.Decl) {
	e := h.v.Entity(d)
	h.line("**%s** `%s`", kindWord(e.G(), "entry"), e.Name)
	if e.G().TypeKey != "" {
		if s := h.v.FieldText(d, e.G().TypeKey); s != "" {
			h.line("Type: `%s`", s)
		}
	}
	h.keynames(d, true)
	h.description(d)
}

func (h *hoverer) keynameHover(k *grammar.Key, e *grammar.Entity) {
	where := "keyname of " + e.Name
	if s := e.Section(k, h.versions, h.form); s != "" {
		where += " (" + s + ")"
	}
	h.line("**`%s`** · %s", k.Name, where)
	if k.Doc != "" {
		h.line("%s", k.Doc)
	}
	line := "Value: " + describeValue(k.Value, 0)
	if k.Required.Has(h.versions) {
		line += " · mandatory"
		if len(k.RequiredUnless) > 0 {
			line += " unless `" + strings.Join(k.RequiredUnless, "` or `") + "` is given"
		}
	}
	h.line("%s", line)
}

// describeValue says in words what shape a grammar value has.
func describeValue(v *grammar.Value, depth int) string {
	if v == nil || depth > 3 {
		return "any value"
	}
	var s string
	switch v.Kind {
	case grammar.AnyValue:
		s = "any value"
	case grammar.StringValue:
		s = "a string"
		if len(v.Enum) > 0 {
			s = "one of `" + strings.Join(v.Enum, "`, `") + "`"
		}
	case grammar.BoolValue:
		s = "true or false"
	case grammar.IntValue:
		s = "an integer"
	case grammar.NumberValue:
		s = "a number"
	case grammar.RangeValue:
		s = "a range `[min, max]`"
	case grammar.EntityValue:
		s = "a " + v.Entity.Name
	case grammar.MapOfValue:
		s = "a map of names to " + plural(describeValue(v.Elem, depth+1))
	case grammar.ListOfValue:
		if len(v.Items) > 0 {
			items := make([]string, len(v.Items))
			for i, item := range v.Items {
				items[i] = describeValue(item, depth+1)
			}
			s = "a list of " + strconv.Itoa(len(items)) + " items: " + strings.Join(items, ", ")
			break
		}
		s = "a list of " + plural(describeValue(v.Elem, depth+1))
	case grammar.NamedListValue:
		s = "a list of `name: …` entries, each " + describeValue(v.Elem, depth+1)
	case grammar.RefValue:
		s = "a " + v.Ref.String() + " name"
		switch v.Ref {
		case grammar.ImportURL, grammar.ArtifactFile:
			s = "a path or URL (" + v.Ref.String() + ")"
		}
	case grammar.MapValue:
		s = "a map"
	case grammar.ListValue:
		s = "a list"
	}
	if v.Short != nil && depth == 0 {
		s += ", or in short " + describeValue(v.Short, depth+1)
	}
	return s
}

// plural drops the article of a described value ("a string" → "string").
func plural(s string) string {
	s = strings.TrimPrefix(s, "a ")
	return strings.TrimPrefix(s, "an ")
}

func (h *hoverer) importHover(t model.Target) {
	imp := t.Import
	what := imp.URL
	if imp.Profile != "" {
		what = imp.Profile
	}
	head := "**import** `" + what + "`"
	if h.v.Facts(h.path).Lang == grammar.CSARMeta {
		// The CSAR's definitions files, from the CSAR root.
		head = "**definitions file** `" + strings.TrimPrefix(what, "/") + "`"
	}
	if imp.Namespace != "" {
		head += " into namespace `" + imp.Namespace + "`"
	}
	h.line("%s", head)
	switch l := t.Link; {
	case l == nil:
	case l.Problem != nil:
		h.line("%s", l.Problem.Message)
	case h.v.Facts(l.Path) != nil:
		h.line("Resolves to %s", h.v.Where(l.Path))
		h.description(model.Decl{Path: l.Path, ID: facts.Root})
	case l.Path != "":
		h.line("Resolves to `%s`", h.v.RelPath(l.Path))
	}
}

// keywordHover describes a keyword (SELF, RELATIONSHIP, ALL …), and what
// it stands for as an argument of fn (nil outside calls).
func (h *hoverer) keywordHover(name string, fn *grammar.Function) {
	h.line("**`%s`**", name)
	if doc := grammar.KeywordDoc(name); doc != "" {
		h.line("%s", doc)
	}
	if fn == nil || !grammar.IsEntityKeyword(name) {
		return
	}
	for _, p := range fn.Params {
		if p.Ref == grammar.ModelableEntity && p.Doc != "" {
			h.line("%s", p.Doc)
			return
		}
	}
}

// valueHover is what the shape of the value at off says about it, nil
// when off is in no value or the shape says nothing.
func valueHover(v *model.View, path string, off int) *shape.Hover {
	env := shape.NewEnv(v, path)
	if env == nil {
		return nil
	}
	if s := env.At(off); s != nil {
		return s.Hover(off)
	}
	return nil
}

// shapeHover writes what a value's shape says about a position, then
// describes the declaration, member or keyword it names.
func (h *hoverer) shapeHover(sh *shape.Hover) {
	h.b.WriteString(sh.Markdown)
	switch {
	case sh.Keyword != "":
		h.keywordHover(sh.Keyword, sh.Fn)
	case sh.Member != nil:
		h.memberHover(*sh.Member)
	case sh.Decl.Valid():
		h.declHover(sh.Decl)
	}
}

// signatures lists the ways a function of the `functions` section is called.
func (h *hoverer) signatures(d model.Decl) {
	f := h.v.Facts(d.Path)
	typeOf := func(id facts.ID) string {
		if s := f.FieldText(id, grammar.KeyType); s != "" {
			return s
		}
		return "any"
	}
	var lines []string
	for sig := range f.Children(d.ID) {
		if k := f.Entity(sig).Key(); k == nil || k.Name != grammar.KeySignatures {
			continue
		}
		var args []string
		for arg := range f.Children(sig) {
			if k := f.Entity(arg).Key(); k != nil && k.Name == grammar.KeyArguments {
				args = append(args, typeOf(arg))
			}
		}
		if f.FieldText(sig, grammar.KeyVariadic) == "true" && len(args) > 0 {
			args[len(args)-1] += ", …"
		}
		line := "- `$" + f.Entity(d.ID).Name + "(" + strings.Join(args, ", ") + ")"
		if r := f.Sub(sig, grammar.KeyResult); r != facts.None {
			line += " → " + typeOf(r)
		}
		lines = append(lines, line+"`")
	}
	if len(lines) > 0 {
		h.line("**Signatures**\n%s", strings.Join(lines, "\n"))
	}
}

// expression shows a variability expression and the variability inputs it
// reads, through the expressions it reads in turn.
func (h *hoverer) expression(d model.Decl) {
	f := h.v.Facts(d.Path)
	fields := f.FieldsOf(d.ID)
	if len(fields) == 0 {
		return
	}
	h.line("Expression: `%s`", flowValue(f, fields[0].Value))
	var inputs []string
	seen := map[model.Decl]bool{d: true}
	queue := []model.Decl{d}
	for len(queue) > 0 {
		e := queue[0]
		queue = queue[1:]
		for _, u := range h.v.UsesIn(e.Path, h.v.Entity(e).Span.Text()) {
			t := h.v.ResolveUse(e.Path, u).Target
			if !t.Valid() || seen[t] {
				continue
			}
			seen[t] = true
			switch h.v.Kind(t) {
			case grammar.VariabilityInput:
				in := "`" + h.v.Name(t) + "`"
				if typ := h.v.FieldText(t, grammar.KeyType); typ != "" {
					in += " (" + typ + ")"
				}
				inputs = append(inputs, in)
			case grammar.VariabilityExpression:
				queue = append(queue, t)
			}
		}
	}
	if len(inputs) > 0 {
		h.line("Reads the variability inputs %s", strings.Join(inputs, ", "))
	}
}

// enumValueHover describes a value of an enumeration the grammar documents
// (a node template's directive), and returns its span.
func (h *hoverer) enumValueHover(pos *model.Position) (text.Span, bool) {
	n := pos.Node
	if n == nil || pos.OnKey || pos.Frame.Key == nil {
		return text.Span{}, false
	}
	doc := pos.Frame.Value.EnumDoc(n.Value)
	if doc == "" {
		return text.Span{}, false
	}
	h.line("`%s` — a value of `%s`", n.Value, pos.Frame.Key.Name)
	h.line("%s", doc)
	return n.Span, true
}
