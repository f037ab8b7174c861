package shape

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/analysis/model"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// literal is a scalar of a data type: a string, a number, a boolean, a
// scalar value with its unit, a version, a timestamp, a 1.x range.
type literal struct {
	base
	prim grammar.Primitive
}

func (l *literal) Part(int) Shape { return nil }

// Hover describes the value: its data type (and the number in the
// canonical unit of a scalar type), the values the type allows, the
// constraints that apply and what the value follows.
func (l *literal) Hover(off int) *Hover {
	span := l.span()
	if !l.e.holds(l.id, off) || span.Len() == 0 {
		return nil
	}
	e := l.e
	var md strings.Builder
	fmt.Fprintf(&md, "**value** `%s` of type `%s`\n\n", mdCode(e.F.Src[span.Start:span.End]), e.typeName(l.def.Type))
	if s := l.scalar(); s != "" {
		md.WriteString(s + "\n\n")
	}
	e.describeRules(&md, l.def)
	l.verdict(&md)
	e.describeDef(&md, l.def)
	return &Hover{Span: span, Markdown: md.String()}
}

// verdict says whether the value is of its type and meets its constraints,
// as the file's checks found when they have run on this content (deep
// validation judges values; a hover does not run it).
func (l *literal) verdict(md *strings.Builder) {
	e := l.e
	diags, known := e.V.KnownDiagnostics(e.Path)
	if !known || !l.def.Type.Valid() {
		return
	}
	span := l.span()
	var problems []string
	for _, d := range diags {
		if (d.Code == diag.ConstraintViolated || d.Code == diag.WrongValueType) && span.Start <= d.Span.Start && d.Span.End <= span.End {
			problems = append(problems, "- "+d.Message)
		}
	}
	if len(problems) > 0 {
		md.WriteString("**Not valid**\n" + strings.Join(problems, "\n") + "\n\n")
		return
	}
	md.WriteString("Valid: of its type and within its constraints.\n\n")
}

// scalar says what a value of a scalar type is in the type's canonical
// unit (`10 GB` is 10000000000 B), "" for other values.
func (l *literal) scalar() string {
	e := l.e
	if l.prim != grammar.PrimScalarUnit {
		return ""
	}
	s := e.V.ScalarType(l.def.Type, e.Vers)
	text, unit, _, ok := grammar.ParseScalarUnit(e.F.Text(l.id))
	n, isNum := grammar.ParseNumber(text)
	if s == nil || !ok || !isNum {
		return ""
	}
	u, _, found := grammar.FindUnit(s.Table, unit)
	canonical := s.DefaultCanonical()
	if canonical == "" {
		for _, c := range s.Table {
			if c.Factor == 1 {
				canonical = c.Symbol
				break
			}
		}
	}
	cu, _, cFound := grammar.FindUnit(s.Table, canonical)
	if !found || !cFound || cu.Factor == 0 {
		return ""
	}
	if canonical == unit {
		return "In its type's canonical unit `" + canonical + "`."
	}
	return fmt.Sprintf("In the canonical unit: `%s %s` (`%s` is ×%s).", numberText(n*u.Factor/cu.Factor), canonical, u.Symbol, numberText(u.Factor/cu.Factor))
}

// numberText writes a number as people read it: whole numbers in full.
func numberText(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e18 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// Definition locates the definition the value follows.
func (l *literal) Definition(off int) []model.Location {
	if !l.e.holds(l.id, off) || !l.def.Def.Valid() {
		return nil
	}
	return []model.Location{l.e.V.Location(l.def.Def)}
}

// Complete offers the values the type allows (true and false, the valid
// values), then the functions; a key written where the value goes is a
// call.
func (l *literal) Complete(q *Query) {
	if q.Key {
		if len(q.Present) == 0 {
			q.Functions(grammar.ArgAny, true)
		}
		return
	}
	l.e.Values(q, l.def)
	q.Functions(grammar.ArgAny, false)
}

func (l *literal) Tokens(func(Token)) {}

// Snippet writes a choice of the values the type allows, else a
// placeholder naming the type.
func (l *literal) Snippet(w *Writer) {
	e := l.e
	if vals := e.V.ValidValues(l.def); len(vals) > 0 {
		if e.V.DerivesFromBuiltin(l.def.Type, grammar.PrimString.String()) && w.Scalar != nil {
			for i, v := range vals {
				vals[i] = w.Scalar(v)
			}
		}
		w.Choice(vals)
		return
	}
	if l.prim == grammar.PrimBoolean {
		w.Choice([]string{"true", "false"})
		return
	}
	if !w.Bare || w.open > 0 {
		w.Placeholder(e.typeName(l.def.Type))
	}
}

// Values offers the values def allows: true and false for a boolean, the
// valid values its definition or data type enumerates.
func (e *Env) Values(q *Query, def model.ValueDef) {
	if e.V.DerivesFromBuiltin(def.Type, grammar.TypeBoolean) {
		q.bools()
	}
	detail := "valid value"
	if name := e.V.Name(def.Type); name != "" {
		detail += " of " + name
	}
	// The valid values of a string are strings (`"1.0"`, `"1e3"`); those of
	// other types are inserted as their text reads.
	strs := e.V.DerivesFromBuiltin(def.Type, grammar.PrimString.String())
	for i, val := range e.V.ValidValues(def) {
		c := Candidate{Label: val, Kind: CandidateValue, Detail: detail, Sort: fmt.Sprintf("0%03d", i)}
		if !strs {
			c.Text = val
		}
		q.add(c)
	}
}

// typeName is how a data type is written from the file ("unknown" when
// there is none).
func (e *Env) typeName(t model.Decl) string {
	if !t.Valid() {
		return "unknown"
	}
	return e.declName(t)
}

// declName is how a type is written from the file: its own name when that
// is visible, else the shortest (namespace-qualified) name it is visible
// under, else its declared name.
func (e *Env) declName(d model.Decl) string {
	name, kind := e.V.Name(d), e.V.Kind(d)
	if kind.IsType() && e.V.Lookup(e.Path, kind, name) != d {
		if names := e.V.NamesOf(e.Path, d); len(names) > 0 {
			return names[0]
		}
	}
	return name
}

// describeRules lists what a value of def must be: the values it allows,
// the constraint clauses and validations of its definitions and type.
func (e *Env) describeRules(md *strings.Builder, def model.ValueDef) {
	if vals := e.V.ValidValues(def); len(vals) > 0 {
		fmt.Fprintf(md, "Valid values: `%s`\n\n", mdCode(strings.Join(vals, "`, `")))
	}
	var lines []string
	for _, c := range e.V.Constraints(e.definitions(def), def.Type) {
		f := e.V.Facts(c.At.Path)
		var s facts.Span
		if c.Clause != facts.None {
			s = f.Entity(c.Clause).Span
		} else {
			s = f.Value(c.Expr).Span
		}
		lines = append(lines, "- `"+mdCode(oneLine(f.Src[s.Start:s.End]))+"`")
	}
	if len(lines) > 0 {
		md.WriteString("**Constraints**\n" + strings.Join(lines, "\n") + "\n\n")
	}
}

// definitions are the definitions that type a value of def: a member's,
// the most derived first, else def's own.
func (e *Env) definitions(def model.ValueDef) []model.Decl {
	if !def.Def.Valid() {
		return nil
	}
	if m, ok := e.V.DefinedMember(def.Def); ok {
		return e.V.Definitions(m)
	}
	return []model.Decl{def.Def}
}

// describeDef says what definition a value follows: a member of a type
// (`property port of node type App`), the entry schema of one, an input.
func (e *Env) describeDef(md *strings.Builder, def model.ValueDef) {
	d := def.Def
	ent := e.V.Entity(d)
	if ent == nil {
		return
	}
	if ent.G() == grammar.SchemaDef && ent.Key() != nil {
		holder := model.Decl{Path: d.Path, ID: ent.Parent}
		fmt.Fprintf(md, "Follows the %s of %s\n\n", strings.ReplaceAll(ent.Key().Name, "_", " "), e.what(holder))
		return
	}
	fmt.Fprintf(md, "Follows %s\n\n", e.what(d))
}

// what names a definition for a hover: `property `port` of node type
// `App“, `input `port“, `data type `Port“.
func (e *Env) what(d model.Decl) string {
	ent := e.V.Entity(d)
	if ent == nil || ent.G() == nil {
		return "a definition"
	}
	if kind := e.V.Kind(d); kind.IsType() {
		return kind.String() + " `" + e.declName(d) + "`"
	}
	word := strings.TrimSuffix(ent.G().Name, " definition")
	s := word + " `" + ent.Name + "`"
	if m, ok := e.V.DefinedMember(d); ok {
		s = grammar.Singular(m.Section) + " `" + m.Name + "`"
		if m.Definer.Valid() {
			s += " of " + e.V.Kind(m.Definer).String() + " `" + e.declName(m.Definer) + "`"
		}
	}
	if d.Path != e.Path {
		s += " (" + e.V.Where(d.Path) + ")"
	}
	return s
}

// oneLine squeezes a snippet of YAML onto one line, for hovers.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 80 {
		s = s[:77] + "…"
	}
	return s
}

// mdCode makes text fit in a markdown code span.
func mdCode(s string) string { return strings.ReplaceAll(s, "`", "'") }
