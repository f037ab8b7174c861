package complete

import (
	"fmt"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// memberItems offers the members of section of t (all its derivation
// chain) not in present. asValue inserts the bare name (a function
// argument) instead of a key.
func (r *request) memberItems(t model.Decl, section string, present map[string]bool, asValue bool) {
	if !t.Valid() {
		return
	}
	for i, m := range r.v.Members(t, section) {
		if !present[m.Name] {
			r.add(r.memberItem(m, i, asValue))
		}
	}
}

// memberField is the value of keyname key in a member's definitions, the
// most derived that has one.
func (r *request) memberField(m model.Member, key string) (*facts.Facts, facts.ValueID) {
	for _, def := range r.v.Definitions(m) {
		f := r.v.Facts(def.Path)
		if val := f.FieldValue(def.ID, key); val != facts.NoValue {
			return f, val
		}
	}
	return nil, facts.NoValue
}

// memberText is the scalar text of keyname key in a member's definitions.
func (r *request) memberText(m model.Member, key string) string {
	f, val := r.memberField(m, key)
	return f.Text(val)
}

// sectionItems say how the members of each section are offered: their
// kind, the word their detail starts with, whether it shows the member's
// type, and whether the member's value is written as a block.
var sectionItems = map[string]struct {
	kind         Kind
	what         string
	typed, block bool
}{
	grammar.SectionCapabilities:  {KindCapability, "capability", true, true},
	grammar.SectionRequirements:  {KindRequirement, "requirement", false, false},
	grammar.SectionInterfaces:    {KindInterface, "interface", true, true},
	grammar.SectionOperations:    {KindOperation, "operation", false, false},
	grammar.SectionNotifications: {KindNotification, "notification", false, false},
	grammar.SectionArtifacts:     {KindArtifact, "artifact", true, false},
}

// memberItem describes member m (the i-th of its section).
func (r *request) memberItem(m model.Member, i int, asValue bool) Item {
	it := Item{Label: m.Name, Kind: KindProperty}
	typeName := r.memberText(m, grammar.KeyType)
	group := "1"
	var detail []string
	// block: the member's value is written on the lines below; isValue:
	// it is a value (a property's), written as its shape says.
	block, isValue := false, false
	if s, ok := sectionItems[m.Section]; ok {
		it.Kind, block = s.kind, s.block
		detail = append(detail, s.what)
		if s.typed {
			detail = append(detail, typeName)
		}
	}
	switch m.Section {
	case grammar.SectionProperties, grammar.SectionAttributes, grammar.SectionInputs:
		detail = append(detail, typeName)
		f, def := r.memberField(m, grammar.KeyDefault)
		if def != facts.NoValue {
			detail = append(detail, "default: "+short(f, def))
		}
		_, value := r.memberField(m, grammar.KeyValue)
		if m.Section == grammar.SectionProperties && r.memberText(m, grammar.KeyRequired) != "false" && def == facts.NoValue && value == facts.NoValue {
			group = "0"
			detail = append(detail, "mandatory")
		}
		it.Deprecated = r.memberText(m, grammar.KeyStatus) == grammar.StatusDeprecated
		isValue = true
	case grammar.SectionRequirements:
		if c := r.memberText(m, grammar.KeyCapability); c != "" {
			detail = append(detail, "capability "+c)
		}
		if n := r.memberText(m, grammar.KeyNode); n != "" {
			detail = append(detail, "node "+n)
		}
	}
	it.Detail = strings.Join(nonEmpty(detail), " · ")
	doc := r.memberText(m, grammar.KeyDescription)
	from := fmt.Sprintf("From `%s`.", r.v.Name(m.Origin))
	if doc != "" {
		doc += "\n\n" + from
	} else {
		doc = from
	}
	it.Documentation = doc
	it.SortText = fmt.Sprintf("%s%03d", group, i)
	name := r.scalarText(m.Name)
	switch {
	case asValue || r.colonAfter:
		it.Edit = model.TextEdit{Span: r.word, NewText: name}
	case isValue && r.shapes() != nil:
		text, snippet := r.keyText(name, r.shapes().Of(facts.NoValue, r.v.MemberValue(m)))
		it.Edit, it.Snippet = model.TextEdit{Span: r.word, NewText: text}, snippet
	case block:
		it.Edit = model.TextEdit{Span: r.word, NewText: shape.Escape(name) + ":\n" + r.indentUnit + "$0"}
		it.Snippet = true
	default:
		it.Edit = model.TextEdit{Span: r.word, NewText: name + ": "}
	}
	return it
}
