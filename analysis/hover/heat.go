package hover

import (
	"fmt"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/grammar/heatreg"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// heatHover describes what Heat's registry (or a provider template) says
// about the offset of a Heat template: a resource's type, a property it
// gives, an attribute a get_attr reads.
func (h *hoverer) heatHover(u *model.Unit, off int) (text.Span, bool) {
	pos := u.At(off)
	if pos.Node == nil || pos.Node.Kind != syntax.Scalar {
		return text.Span{}, false
	}
	types := h.v.HeatTypes()
	f := u.Facts
	if k := pos.Frame.Key; k != nil && k.Name == grammar.KeyType && !pos.OnKey {
		if e := f.Entity(pos.Frame.Entity); e != nil && e.G() == grammar.HeatResourceDef {
			if t := types.ResourceType(h.path, pos.Frame.Entity).Type; t != nil {
				h.line("%s", t.As(pos.Node.Value).Markdown())
				return pos.Node.Span, true
			}
		}
	}
	if id, names, ok := u.HeatPropertyPath(pos.Path); ok && pos.OnKey && len(names) > 0 {
		t := types.ResourceType(h.path, id).Type.As(f.FieldText(id, grammar.KeyType))
		if p := model.HeatPropertyAt(t, names); p != nil {
			h.line("%s", p.Markdown(names[len(names)-1], t.Name))
			return pos.Node.Span, true
		}
	}
	return h.heatAttribute(types, f, off)
}

// heatAttribute describes the attribute a get_attr at the offset reads.
func (h *hoverer) heatAttribute(types *model.HeatTypes, f *facts.Facts, off int) (text.Span, bool) {
	for i := range f.Calls {
		call := &f.Calls[i]
		if call.Fn == nil || call.Fn.Name != grammar.HeatGetAttr {
			continue
		}
		args := f.Items(call.Args)
		if len(args) < 2 || !f.Value(args[1]).Span.Text().Contains(off) {
			continue
		}
		d := h.v.Local(h.path, grammar.HeatResource, f.Text(args[0]))
		if !d.Valid() || d.Path != h.path {
			return text.Span{}, false
		}
		t := types.ResourceType(h.path, d.ID).Type.As(f.FieldText(d.ID, grammar.KeyType))
		name := f.Text(args[1])
		if t == nil || t.Attributes[name] == nil {
			return text.Span{}, false
		}
		a := t.Attributes[name]
		typ := ""
		if a.Type != "" {
			typ = ": " + a.Type
		}
		h.line("**attribute** `%s` of `%s`%s", name, t.Name, typ)
		if a.Status == heatreg.Deprecated || a.Status == heatreg.Hidden {
			h.line("**Deprecated**%s", since(a.StatusIn))
		}
		return f.Value(args[1]).Span.Text(), true
	}
	return text.Span{}, false
}

func since(v string) string {
	if v == "" {
		return ""
	}
	return fmt.Sprintf(" since %s", heatreg.ReleaseName(v))
}
