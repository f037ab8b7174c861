package complete

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/analysis/shape"
)

// Values: what may be written inside a value is the value's shape's to
// say (package shape); this file hands it the cursor and lists the names
// it asks for as names are listed everywhere.

// shapes is the values of the request's document, read once.
func (r *request) shapes() *shape.Env {
	if r.env == nil {
		r.env = shape.NewEnv(r.v, r.u.Path)
	}
	return r.env
}

// shapeAt is the shape of the value t's node is, nil when it is none (a
// keyname's own value, free-form metadata).
func (r *request) shapeAt(t target) shape.Shape {
	if t.node == nil || r.shapes() == nil {
		return nil
	}
	return r.shapes().Find(t.node.Span)
}

// query starts a completion inside a value of t.
func (r *request) query(t target, key, newItem bool) *shape.Query {
	q := &shape.Query{Key: key, NewItem: newItem, ColonAfter: r.colonAfter, Arg: -1, Vers: r.ver, Ops: r.ops, Writer: r.writer}
	if key {
		q.Present = r.presentKeys(t.node)
	} else {
		q.Present = r.presentValues(t.node)
	}
	q.Names = func(kind grammar.RefKind, sort string) {
		r.withSort(sort, func() { r.refItems(t, kind, nil) })
	}
	q.Locals = func(kind grammar.RefKind, sort string) { r.localItems(kind, sort, nil, model.Decl{}) }
	q.Members = func(typ model.Decl, section string, present map[string]bool, asValue bool, sort string) {
		r.withSort(sort, func() { r.memberItems(typ, section, present, asValue) })
	}
	q.Declared = r.declaredFunctionItems
	return q
}

// writer starts the snippet of a value written at the cursor.
func (r *request) writer() *shape.Writer {
	return &shape.Writer{Unit: r.indentUnit, Flow: r.inFlow(), Scalar: r.scalarText}
}

// keyText is how key name (written as a scalar) is inserted with a value
// of shape s after it: a snippet when the value has tab stops to fill,
// else `name: `.
func (r *request) keyText(name string, s shape.Shape) (text string, snippet bool) {
	w := r.writer()
	w.Bare = true
	w.Key(name, s)
	if w.Stops() > 0 {
		return w.String(), true
	}
	return name + ": ", false
}

// offer completes in shape s and adds what it offers.
func (r *request) offer(s shape.Shape, q *shape.Query) {
	s.Complete(q)
	r.candidates(q.Items)
}

// candidates adds what a shape offers.
func (r *request) candidates(cs []shape.Candidate) {
	for _, c := range cs {
		it := Item{Label: c.Label, Kind: candidateKinds[c.Kind], Detail: c.Detail, Documentation: c.Doc,
			Snippet: c.Snippet, SortText: c.Sort, Deprecated: c.Deprecated}
		switch {
		case c.Text != "":
			it.Edit = model.TextEdit{Span: r.word, NewText: c.Text}
		case c.Kind == shape.CandidateValue:
			it.Edit = r.stringEdit(c.Label)
		}
		if c.Kind == shape.CandidateEntry {
			it.Kind = entryKind(c.Section)
		}
		r.add(it)
	}
}

var candidateKinds = [...]Kind{
	shape.CandidateValue:     KindEnum,
	shape.CandidateBool:      KindBool,
	shape.CandidateFunction:  KindFunction,
	shape.CandidateKeyword:   KindKeyword,
	shape.CandidateEntry:     KindName,
	shape.CandidateArgument:  KindProperty,
	shape.CandidateAttribute: KindProperty,
}

// functionItems offers the functions of the file's version (the
// operators of the expression around the cursor), as a key (`get_input: `)
// or as a value (`{ get_input: … }`): those whose result may be of type
// want, where the grammar knows their result.
func (r *request) functionItems(asKey bool, want grammar.ArgKind) {
	q := &shape.Query{ColonAfter: r.colonAfter, Vers: r.ver, Ops: r.ops, Declared: r.declaredFunctionItems}
	q.Functions(want, asKey)
	r.candidates(q.Items)
}

// declaredFunctionItems offers the functions the file and its imports
// declare (a `functions` section, a processor's scriptlets), written as
// the file calls them: `$name` in final 2.0, the name alone elsewhere.
func (r *request) declaredFunctionItems(asKey bool) {
	prefix := ""
	if r.ver.Has(grammar.V2Final) {
		prefix = grammar.CallPrefix
	}
	for _, name := range r.v.DeclaredNames(r.u.Path, grammar.UserFunction) {
		d := r.v.LookupFunction(r.u.Path, name)
		e := r.v.Entity(d)
		if e == nil {
			continue
		}
		label := prefix + name
		text := shape.Escape(label) + ": [ $0 ]"
		if !asKey {
			text = "{ " + text + " }"
		}
		if r.colonAfter {
			text = shape.Escape(label)
		}
		doc := e.G().Doc
		if desc := r.v.FieldText(d, grammar.KeyDescription); desc != "" {
			doc = desc
		}
		r.add(Item{
			Label:         label,
			Kind:          KindFunction,
			Detail:        strings.TrimSuffix(e.G().Name, " definition"),
			Documentation: doc,
			Edit:          model.TextEdit{Span: r.word, NewText: text},
			Snippet:       true,
			SortText:      "8" + name,
		})
	}
}

// newTemplate reports whether t is the `type` of a node template written
// in block style that gives no properties and no requirements yet: choosing
// its type may write what it must give.
func (r *request) newTemplate(t target) bool {
	k := t.frame.Key
	e := r.u.Facts.Entity(t.frame.Entity)
	if k == nil || k.Name != grammar.KeyType || e == nil || e.G() != grammar.NodeTemplateDef || r.colonAfter || r.inFlow() || len(t.path) == 0 {
		return false
	}
	tmpl := t.path[len(t.path)-1].Parent
	return tmpl.GetPair(grammar.SectionProperties) == nil && tmpl.GetPair(grammar.SectionRequirements) == nil
}

// withNeeds makes a node type's item write, after the name, what a
// template of the type must give: its properties without a value of their
// own and its requirements to fulfil, as placeholders of their values'
// shapes.
func (r *request) withNeeds(it *Item, t model.Decl) {
	env := r.shapes()
	if n := r.v.Needed(t); env == nil || len(n.Properties)+len(n.Requirements) == 0 {
		return
	}
	w := r.writer()
	w.Text(r.scalarText(it.Label))
	if env.Needs(w, t) {
		it.Edit = model.TextEdit{Span: r.word, NewText: w.String()}
		it.Snippet = true
		it.Detail += " · with what it needs"
	}
}

// newTemplateItem offers, where a node template is named, to write a new
// one: its name (the word typed, else a placeholder) and its `type`, where
// choosing a type writes what the template needs.
func (r *request) newTemplateItem() {
	name := "${1:name}"
	if r.typed != "" {
		name = shape.Escape(r.scalarText(r.typed))
	}
	r.add(Item{Label: "node template", Kind: KindSnippet, Detail: "a new node template", FilterText: r.typed,
		Documentation: "Writes a node template: its name, then its `type`, whose completion writes the properties and requirements the type needs.",
		Edit:          model.TextEdit{Span: r.word, NewText: name + ":\n" + r.indentUnit + grammar.KeyType + ": $0"}, Snippet: true, SortText: "9"})
}
