package analysis

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// HoverAt describes the thing at offset in markdown: a type (where it is
// defined, its whole derivation chain, description and members), a member
// (its type, required/default, constraints, description and defining
// type), a template (its type chain and requirement targets), an input, a
// function call (and what it resolves to), an import, or a keyname (the
// grammar's documentation of it).
func HoverAt(ctx context.Context, snap *index.Snapshot, path string, offset int) *Hover {
	a, u, t := navAt(snap, path, offset)
	if t == nil {
		return nil
	}
	h := &hoverer{a: a, u: u, snap: snap}
	var md string
	switch {
	case t.Import != nil:
		md = h.importHover(t)
	case t.Func != nil:
		md = h.functionHover(t)
	case t.Keyword != "":
		md = h.keywordHover(t)
	case t.Decl != nil:
		md = h.declHover(t.Decl)
	case t.Member != nil:
		md = h.memberHover(t.Member)
	case t.Key != nil:
		md = h.keynameHover(t.Key, t.Entity)
	case t.Entry != nil:
		md = h.entryHover(t)
	}
	if md == "" {
		return nil
	}
	return &Hover{Span: t.Span, Markdown: strings.TrimSpace(md)}
}

type hoverer struct {
	a    *Analyzer
	u    *Unit
	snap *index.Snapshot
	b    strings.Builder
}

func (h *hoverer) line(format string, args ...any) {
	fmt.Fprintf(&h.b, format, args...)
	h.b.WriteString("\n\n")
}

func (h *hoverer) text() string {
	s := h.b.String()
	h.b.Reset()
	return s
}

// name is how d is written from the hovering file: its own name when that
// is visible, else the shortest (namespace-qualified) name it is visible
// under, else its declared name.
func (h *hoverer) name(d *Decl) string {
	if d == nil {
		return ""
	}
	if !d.Kind.IsType() || h.u == nil || h.u.Scope == nil {
		return d.Name
	}
	if h.u.Scope.Lookup(d.Kind, d.Name) == d {
		return d.Name
	}
	if names := h.u.Scope.NamesOf(d); len(names) > 0 {
		return names[0]
	}
	return d.Name
}

// chain is the derivation chain of a type as written from the hovering file.
func (h *hoverer) chain(d *Decl) string {
	chain, cyclic := h.a.Chain(d)
	names := make([]string, len(chain))
	for i, c := range chain {
		names[i] = h.name(c)
	}
	s := strings.Join(names, " → ")
	if cyclic {
		s += " → … (cycle)"
	}
	return s
}

// hoverKindWord is what an entity is called, without " definition".
func hoverKindWord(e *grammar.Entity, fallback string) string {
	if e == nil {
		return fallback
	}
	return strings.TrimSuffix(e.Name, " definition")
}

func (h *hoverer) declHover(d *Decl) string {
	if d.Kind.IsType() {
		return h.typeHover(d)
	}
	h.line("**%s** `%s`", hoverKindWord(d.Entity, d.Kind.String()), d.Name)
	if h.u == nil || d.File != h.u.File {
		h.line("Defined in %s", navWhere(h.snap, d.File))
	}
	if typ := h.a.navDeclType(d); typ != nil {
		if d.Kind == grammar.Input || d.Kind == grammar.Output {
			h.line("Type: `%s`", h.name(typ))
		} else {
			h.line("Type: `%s`", h.chain(typ))
		}
	} else if d.Entity != nil && d.Entity.TypeKey != "" {
		if s := d.Node.Get(d.Entity.TypeKey).Text(); s != "" {
			h.line("Type: `%s` (unknown)", s)
		}
	}
	if d.Kind == grammar.UserFunction {
		h.signatures(d)
	} else {
		h.facts(d.Entity, nil, d.Node, d.Versions, d.Kind == grammar.Input || d.Kind == grammar.Output)
	}
	if d.Kind == grammar.NodeTemplate {
		h.requirementTargets(d)
	}
	h.description(d.Node)
	return h.text()
}

// requirementTargets lists what a node template's requirements point at.
func (h *hoverer) requirementTargets(d *Decl) {
	entries := namedEntries(d.Node.Get("requirements"))
	if len(entries) == 0 {
		return
	}
	var lines []string
	for _, p := range entries {
		target := ""
		switch v := p.Value; v.Kind {
		case syntax.Scalar:
			target = "`" + v.Value + "`"
		case syntax.Mapping:
			var parts []string
			if n := v.Get("node").Text(); n != "" {
				parts = append(parts, "`"+n+"`")
			}
			if c := v.Get("capability").Text(); c != "" {
				parts = append(parts, "capability `"+c+"`")
			}
			if r := v.Get("relationship"); r != nil {
				if r.Kind == syntax.Scalar {
					parts = append(parts, "relationship `"+r.Value+"`")
				} else if s := r.Get("type").Text(); s != "" {
					parts = append(parts, "relationship `"+s+"`")
				}
			}
			target = strings.Join(parts, ", ")
		}
		if target == "" {
			target = "(unspecified)"
		}
		lines = append(lines, "- `"+p.Key.Value+"` → "+target)
	}
	h.line("**Requirements**\n%s", strings.Join(lines, "\n"))
}

func (h *hoverer) typeHover(d *Decl) string {
	h.line("**%s** `%s`", hoverKindWord(d.Entity, d.Kind.String()), h.name(d))
	h.line("Defined in %s", navWhere(h.snap, d.File))
	h.line("Derivation: `%s`", h.chain(d))
	h.description(d.Node)
	for _, section := range MemberSections {
		if d.Entity == nil || d.Entity.Key(section, d.Versions) == nil && !(section == "operations" && d.Kind == grammar.InterfaceType) {
			continue
		}
		ms := h.a.Members(d, section)
		if len(ms) == 0 {
			continue
		}
		const maxMembers = 40
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
		h.line("**%s**\n%s", hoverTitle(section), strings.Join(lines, "\n"))
	}
	return h.text()
}

func hoverTitle(section string) string {
	if section == "" {
		return ""
	}
	return strings.ToUpper(section[:1]) + section[1:]
}

// memberSummary is the type (or, for requirements, the capability) a member names.
func (h *hoverer) memberSummary(m *Member) string {
	for _, def := range h.a.navMemberDefs(m) {
		n := def.Node
		if n == nil {
			continue
		}
		if n.Kind == syntax.Scalar {
			return n.Value
		}
		e := navMemberEntity(def.Definer, m.Section)
		if e == nil || n.Kind != syntax.Mapping {
			continue
		}
		if e.TypeKey != "" {
			if s := n.Get(e.TypeKey).Text(); s != "" {
				return s
			}
			continue
		}
		for _, k := range e.Keys {
			if k.Value != nil && k.Value.Kind == grammar.RefValue {
				if s := n.Get(k.Name).Text(); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

func (h *hoverer) memberHover(m *Member) string {
	e := navMemberEntity(m.Definer, m.Section)
	word := hoverKindWord(e, navSingular(m.Section))
	h.line("**%s** `%s`", word, m.Name)
	owner := fmt.Sprintf("Defined by %s `%s`", m.Definer.Kind, h.name(m.Definer))
	if m.Origin != nil && m.Origin != m.Definer {
		owner += fmt.Sprintf(", introduced by `%s`", h.name(m.Origin))
	}
	h.line("%s", owner)
	defs := h.a.navMemberDefs(m)
	// The type comes from the most derived definition that states one.
	if e != nil && e.TypeKey != "" {
		for _, def := range defs {
			if s := def.Node.Get(e.TypeKey).Text(); s != "" {
				h.line("Type: `%s`", s)
				break
			}
		}
	}
	h.facts(e, navMemberValue(m.Definer, m.Section), m.Node, m.Definer.Versions, true)
	if m.Section == "interfaces" {
		if it := h.a.navMemberType(m); it != nil {
			var ops []string
			for _, op := range h.a.Members(it, "operations") {
				ops = append(ops, "`"+op.Name+"`")
			}
			if len(ops) > 0 {
				h.line("Operations: %s", strings.Join(ops, ", "))
			}
		}
	}
	for _, def := range defs {
		if d := def.Node.Get("description").Text(); d != "" {
			h.line("%s", d)
			break
		}
	}
	return h.text()
}

// facts lists the keynames written in a definition (type and description
// apart, and no nested maps of definitions), with `required` shown even
// when it is left to its default.
func (h *hoverer) facts(e *grammar.Entity, val *grammar.Value, n *syntax.Node, v grammar.Versions, valueDef bool) {
	if n == nil || e == nil {
		return
	}
	var lines []string
	if n.Kind == syntax.Scalar {
		label := hoverShortLabel(e, val, v)
		lines = append(lines, "- `"+label+"`: `"+hoverFlow(n, 100)+"`")
		h.line("%s", strings.Join(lines, "\n"))
		return
	}
	if n.Kind != syntax.Mapping {
		return
	}
	if valueDef && e.Key("required", v) != nil && n.Get("required") == nil {
		lines = append(lines, "- `required`: `true` (default)")
	}
	for _, p := range n.Pairs {
		name := p.Key.Value
		if name == "description" || name == "metadata" || name == e.TypeKey {
			continue
		}
		k := e.Key(name, v)
		if k != nil && k.Value != nil {
			switch k.Value.Kind {
			case grammar.MapOfValue, grammar.NamedListValue, grammar.MapValue:
				continue
			}
		} else if k == nil && e.Extra == nil {
			continue
		}
		lines = append(lines, "- `"+name+"`: `"+hoverFlow(p.Value, 100)+"`")
	}
	if len(lines) > 0 {
		h.line("%s", strings.Join(lines, "\n"))
	}
}

// hoverShortLabel names the keyname a short notation stands for.
func hoverShortLabel(e *grammar.Entity, val *grammar.Value, v grammar.Versions) string {
	short := val.ShortFor(v)
	if short != nil && short.Kind == grammar.RefValue {
		for _, k := range e.KeysIn(v) {
			if k.Value == nil || k.Value.Kind != grammar.RefValue {
				continue
			}
			if k.Value.Ref == short.Ref || short.Ref == grammar.CapabilityType && k.Value.Ref == grammar.CapabilityTypeOrName {
				return k.Name
			}
		}
	}
	if short != nil && short.Kind == grammar.AnyValue && e.Key("value", v) != nil {
		return "value"
	}
	for _, k := range e.KeysIn(v) {
		if k.Required.Has(v) && k.Value != nil && (k.Value.Kind == grammar.StringValue || k.Value.Kind == grammar.RefValue) {
			return k.Name
		}
	}
	return "value"
}

func (h *hoverer) description(n *syntax.Node) {
	if d := n.Get("description").Text(); d != "" {
		h.line("%s", d)
	}
}

// hoverFlow renders a YAML value on one line in flow style, cut at max bytes.
func hoverFlow(n *syntax.Node, max int) string {
	var b strings.Builder
	var write func(n *syntax.Node)
	write = func(n *syntax.Node) {
		if b.Len() > max {
			return
		}
		switch {
		case n == nil || n.Kind == syntax.Null:
			b.WriteString("null")
		case n.Kind == syntax.Scalar:
			if n.Value == "" || strings.ContainsAny(n.Value, ",:{}[]\n") && n.Style != syntax.Plain {
				fmt.Fprintf(&b, "%q", n.Value)
			} else {
				b.WriteString(strings.ReplaceAll(n.Value, "\n", " "))
			}
		case n.Kind == syntax.Mapping:
			b.WriteString("{")
			for i, p := range n.Pairs {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(p.Key.Value)
				b.WriteString(": ")
				write(p.Value)
			}
			b.WriteString("}")
		case n.Kind == syntax.Sequence:
			b.WriteString("[")
			for i, it := range n.Items {
				if i > 0 {
					b.WriteString(", ")
				}
				write(it)
			}
			b.WriteString("]")
		}
	}
	write(n)
	s := b.String()
	if len(s) > max {
		cut := max
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strings.ReplaceAll(s, "`", "'")
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func (h *hoverer) entryHover(t *navTarget) string {
	e := t.Entity
	h.line("**%s** `%s`", hoverKindWord(e, "entry"), t.Entry.Key.Value)
	v := grammar.All
	if h.u != nil {
		v = h.u.Versions
	}
	n := t.Entry.Value
	if e.TypeKey != "" {
		if s := n.Get(e.TypeKey).Text(); s != "" {
			h.line("Type: `%s`", s)
		}
	}
	h.facts(e, nil, n, v, true)
	h.description(n)
	return h.text()
}

func (h *hoverer) keynameHover(k *grammar.Key, e *grammar.Entity) string {
	where := "keyname of " + e.Name
	if e.Spec != "" {
		where += " (TOSCA §" + e.Spec + ")"
	}
	h.line("**`%s`** · %s", k.Name, where)
	if k.Doc != "" {
		h.line("%s", k.Doc)
	}
	facts := "Value: " + hoverDescribeValue(k.Value, 0)
	if h.u != nil && k.Required.Has(h.u.Versions) {
		facts += " · mandatory"
		if len(k.RequiredUnless) > 0 {
			facts += " unless `" + strings.Join(k.RequiredUnless, "` or `") + "` is given"
		}
	}
	h.line("%s", facts)
	return h.text()
}

// hoverDescribeValue says in words what shape a grammar value has.
func hoverDescribeValue(v *grammar.Value, depth int) string {
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
		s = "a map of names to " + hoverPlural(hoverDescribeValue(v.Elem, depth+1))
	case grammar.ListOfValue:
		if len(v.Items) > 0 {
			var items []string
			for _, item := range v.Items {
				items = append(items, hoverDescribeValue(item, depth+1))
			}
			s = "a list of " + strconv.Itoa(len(items)) + " items: " + strings.Join(items, ", ")
			break
		}
		s = "a list of " + hoverPlural(hoverDescribeValue(v.Elem, depth+1))
	case grammar.NamedListValue:
		s = "a list of `name: …` entries, each " + hoverDescribeValue(v.Elem, depth+1)
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
		s += ", or in short " + hoverDescribeValue(v.Short, depth+1)
	}
	return s
}

func hoverPlural(s string) string {
	s = strings.TrimPrefix(s, "a ")
	s = strings.TrimPrefix(s, "an ")
	return s
}

func (h *hoverer) importHover(t *navTarget) string {
	imp := t.Import
	what := imp.URL
	if imp.Profile != "" {
		what = imp.Profile
	}
	head := "**import** `" + what + "`"
	if imp.Namespace != "" {
		head += " into namespace `" + imp.Namespace + "`"
	}
	h.line("%s", head)
	switch {
	case t.Link == nil:
	case t.Link.Problem != nil:
		h.line("%s", t.Link.Problem.Message)
	case t.Link.Path != "":
		f := h.snap.File(t.Link.Path)
		if f != nil {
			h.line("Resolves to %s", navWhere(h.snap, f))
			h.description(f.Root())
		} else {
			h.line("Resolves to `%s`", navRelPath(h.snap, t.Link.Path))
		}
	}
	return h.text()
}

func (h *hoverer) functionHover(t *navTarget) string {
	fn := t.Func
	var params []string
	for _, p := range fn.Params {
		params = append(params, p.Name)
	}
	sig := strings.Join(params, ", ")
	if fn.Variadic && sig != "" {
		sig += ", …"
	}
	h.line("**function** `%s`(%s)", fn.Name, sig)
	if fn.Doc != "" {
		h.line("%s", fn.Doc)
	}
	head := h.text()
	// What the call resolves to: the innermost name of its arguments that resolves.
	var last *Ref
	if h.u != nil && t.Call != nil {
		for _, r := range h.a.navRefs(h.u) {
			if r.Node == nil || r.Node.Span.Start < t.Call.Value.Span.Start || r.Node.Span.End > t.Call.Value.Span.End {
				continue
			}
			if r.Member == nil && navRefTarget(h.u, r) == nil {
				continue
			}
			if last == nil || r.Node.Span.Start > last.Node.Span.Start {
				last = r
			}
		}
	}
	if last == nil {
		return head
	}
	var body string
	if last.Member != nil {
		body = h.memberHover(last.Member)
	} else {
		body = h.declHover(navRefTarget(h.u, last))
	}
	return head + "Resolves to:\n\n" + body
}

func (h *hoverer) keywordHover(t *navTarget) string {
	h.line("**`%s`**", t.Keyword)
	for _, k := range grammar.EntityKeywords {
		if k.Name == t.Keyword {
			h.line("%s", k.Doc)
		}
	}
	if t.Call != nil && h.u != nil {
		if fn := grammar.FunctionNamed(t.Call.Key.Value, h.u.Versions); fn != nil {
			for _, p := range fn.Params {
				if p.Ref == grammar.ModelableEntity && p.Doc != "" {
					h.line("%s", p.Doc)
					break
				}
			}
		}
	}
	return h.text()
}

// signatures lists the ways a function of the `functions` section is called.
func (h *hoverer) signatures(d *Decl) {
	typeOf := func(n *syntax.Node) string {
		if n.Kind == syntax.Mapping {
			n = n.Get("type")
		}
		if s := n.Text(); s != "" {
			return s
		}
		return "any"
	}
	var lines []string
	for _, sig := range d.Node.Get("signatures").Items {
		var args []string
		for _, arg := range sig.Get("arguments").Items {
			args = append(args, typeOf(arg))
		}
		if sig.Get("variadic").Text() == "true" && len(args) > 0 {
			args[len(args)-1] += ", …"
		}
		line := "- `$" + d.Name + "(" + strings.Join(args, ", ") + ")"
		if r := sig.Get("result"); r != nil {
			line += " → " + typeOf(r)
		}
		lines = append(lines, line+"`")
	}
	if len(lines) > 0 {
		h.line("**Signatures**\n%s", strings.Join(lines, "\n"))
	}
}
