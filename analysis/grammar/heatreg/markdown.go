package heatreg

import (
	"fmt"
	"strings"
)

// The markdown hover and completion show for types and properties: facts
// only, with a link to Heat's template guide for the prose.

// Markdown describes a type: its status, its properties (required first)
// with their types, its attributes, and where Heat documents it.
func (t *Type) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**resource type** `%s`", t.Name)
	if t.Template != "" {
		b.WriteString(" (provider template)")
	}
	b.WriteString("\n\n")
	if s := t.Support.line("type"); s != "" {
		b.WriteString(s + "\n\n")
	}
	names := Sorted(t.Properties)
	var req, opt []string
	for _, n := range names {
		p := t.Properties[n]
		if p.Status == Hidden {
			continue
		}
		item := fmt.Sprintf("- `%s`: %s", n, p.TypeName())
		if p.Required && p.Default == nil {
			req = append(req, item+", required")
		} else {
			opt = append(opt, item)
		}
	}
	if len(req)+len(opt) > 0 {
		b.WriteString("Properties:\n\n" + strings.Join(append(req, opt...), "\n") + "\n\n")
	}
	var attrs []string
	for _, n := range Sorted(t.Attributes) {
		a := t.Attributes[n]
		if a.Status == Hidden {
			continue
		}
		item := "- `" + n + "`"
		if a.Type != "" {
			item += ": " + a.Type
		}
		attrs = append(attrs, item)
	}
	if len(attrs) > 0 {
		b.WriteString("Attributes:\n\n" + strings.Join(attrs, "\n") + "\n\n")
	}
	if t.OpenAttributes {
		b.WriteString("Other attributes are read from what the resource creates.\n\n")
	}
	if t.Template != "" {
		b.WriteString("Its properties are the parameters of the template, its attributes its outputs.")
	} else {
		fmt.Fprintf(&b, "[Heat template guide](%s)", t.GuideURL())
	}
	return b.String()
}

// TypeName is how a property's type is written: `list of map`, `string`.
func (p *Property) TypeName() string {
	if p.Type == List && p.Item() != nil {
		return "list of " + p.Item().Type
	}
	return p.Type
}

// Markdown describes a property of a type: its type, whether it is
// required, its default, its constraints and what an update does.
func (p *Property) Markdown(name, of string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**property** `%s` of `%s`: %s", name, of, p.TypeName())
	if p.Required && p.Default == nil {
		b.WriteString(", required")
	}
	b.WriteString("\n\n")
	if p.Default != nil {
		fmt.Fprintf(&b, "Default: `%v`\n\n", p.Default)
	}
	for _, c := range p.Constraints {
		b.WriteString("- " + c.String() + "\n")
	}
	if len(p.Constraints) > 0 {
		b.WriteString("\n")
	}
	if keys := Sorted(p.Schema); p.Type == Map && len(keys) > 0 {
		b.WriteString("Keys: `" + strings.Join(keys, "`, `") + "`\n\n")
	}
	switch {
	case p.Immutable:
		b.WriteString("Immutable: an update may not change it.\n\n")
	case p.UpdateAllowed:
		b.WriteString("Updated in place.\n\n")
	default:
		b.WriteString("Changing it replaces the resource.\n\n")
	}
	if s := p.Support.line("property"); s != "" {
		b.WriteString(s)
	}
	return strings.TrimSpace(b.String())
}

// String writes a constraint: `allowed values: a, b`, `range: at least 1`.
func (c Constraint) String() string {
	switch {
	case c.AllowedValues != nil:
		var vs []string
		for _, v := range c.AllowedValues {
			vs = append(vs, fmt.Sprintf("`%v`", v))
		}
		return "allowed values: " + strings.Join(vs, ", ")
	case c.Range != nil:
		return "range: " + c.Range.String()
	case c.Length != nil:
		return "length: " + c.Length.String()
	case c.Modulo != nil:
		return fmt.Sprintf("modulo: step %v, offset %v", c.Modulo.Step, c.Modulo.Offset)
	case c.AllowedPattern != nil:
		return "pattern: `" + *c.AllowedPattern + "`"
	}
	return "checked by the cloud: `" + c.CustomConstraint + "`"
}

// line says since when a type or property exists and what its status is.
func (s Support) line(what string) string {
	var parts []string
	if s.Since != "" {
		parts = append(parts, "Since "+ReleaseName(s.Since)+".")
	}
	switch s.Status {
	case Deprecated:
		parts = append(parts, "**Deprecated**"+in(s.StatusIn)+use(s.Use)+".")
	case Hidden:
		parts = append(parts, "**No longer available**"+in(s.StatusIn)+use(s.Use)+".")
	case Unsupported:
		parts = append(parts, "**Not supported** by Heat: use this "+what+" at your own risk.")
	}
	return strings.Join(parts, " ")
}

func in(version string) string {
	if version == "" {
		return ""
	}
	return " since " + ReleaseName(version)
}

func use(name string) string {
	if name == "" {
		return ""
	}
	return "; use `" + name + "`"
}
