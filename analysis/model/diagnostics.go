package model

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Diagnostics returns every problem of the file at path, sorted by
// position: the problems it has on its own (from its facts) and those its
// names have once resolved. Results are memoised per content and per-file
// key (index.Snapshot.Key): an edit that changes some file's exports
// recomputes the diagnostics of that file and of the files reading it, and
// of no other.
func (e *Engine) Diagnostics(ctx context.Context, v *View, path string) []Diagnostic {
	file := v.Snap.File(path)
	if file == nil || file.Embedded || file.Facts == nil {
		// The embedded profiles are read-only and not the author's to fix.
		return nil
	}
	fs := v.Facts(path)
	key := v.Snap.Key(path)
	e.mu.Lock()
	if c, ok := e.diags[path]; ok && c.facts == fs && c.key == key {
		e.mu.Unlock()
		return c.out
	}
	e.mu.Unlock()
	out := v.diagnose(ctx, path)
	for _, check := range e.checks {
		Yield(ctx)
		out = append(out, check(ctx, v, path)...)
	}
	if len(e.checks) > 0 {
		out = sortDiagnostics(out)
	}
	if ctx.Err() != nil {
		return out
	}
	e.mu.Lock()
	e.diags[path] = diagEntry{facts: fs, key: key, out: out}
	e.mu.Unlock()
	return out
}

// KnownDiagnostics returns the problems of the file at path when the
// engine has worked them out for the view's content of it (the server does
// after each edit), without working them out: a hover may tell whether a
// value meets its constraints, never waits for the file's checks.
func (v *View) KnownDiagnostics(path string) ([]Diagnostic, bool) {
	fs := v.Facts(path)
	e := v.eng
	e.mu.Lock()
	defer e.mu.Unlock()
	c, ok := e.diags[path]
	if !ok || c.facts != fs || c.key != v.Snap.Key(path) {
		return nil, false
	}
	return c.out, true
}

// Forget drops what the engine remembers of a file that is gone.
func (e *Engine) Forget(path string) {
	e.mu.Lock()
	delete(e.diags, path)
	delete(e.uses, path)
	e.mu.Unlock()
}

type checker struct {
	ctx  context.Context
	v    *View
	path string
	f    *facts.Facts
	out  []Diagnostic
	// scope is what the file sees of the others, reached once for all its
	// names.
	scope *fileScope
	// reach is the file's import closure and its implicit profiles, each
	// with the prefix it is first reached with (see View.enumerate), and
	// candidates the types of each kind there and in the file: found on the
	// first unknown name, for all of the file's.
	reach      *reachSet
	candidates map[grammar.RefKind][]*diag.Candidates
}

type scopeFile struct{ prefix, path string }

func (v *View) diagnose(ctx context.Context, path string) []Diagnostic {
	c := &checker{ctx: ctx, v: v, path: path, f: v.Facts(path), scope: v.scope(path)}
	for _, d := range c.f.Diags {
		c.out = append(c.out, Diagnostic{Path: path, Span: d.Span.Text(), Severity: d.Severity, Code: d.Code, Message: d.Message, Suggestions: d.Suggestions})
	}
	switch c.f.Lang {
	case grammar.TOSCA:
		c.imports()
		c.profileShadowed()
		if c.f.Dialect == nil || c.f.Dialect.Modelled {
			c.references()
			Yield(ctx)
			c.types()
			Yield(ctx)
			c.localNames()
		}
	case grammar.Heat:
		c.references()
		Yield(ctx)
		c.localNames()
	case grammar.CSARMeta:
		c.imports()
	}
	return sortDiagnostics(c.out)
}

// sortDiagnostics orders diagnostics by position and drops repeats: an
// anchored node used through several aliases is checked once per use; its
// problems are reported once.
func sortDiagnostics(out []Diagnostic) []Diagnostic {
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Span != b.Span {
			return a.Span.Start < b.Span.Start || a.Span.Start == b.Span.Start && a.Span.End < b.Span.End
		}
		return a.Code < b.Code || a.Code == b.Code && a.Message < b.Message
	})
	return slices.CompactFunc(out, func(a, b Diagnostic) bool {
		return a.Span == b.Span && a.Code == b.Code && a.Message == b.Message
	})
}

func (c *checker) report(s facts.Span, sev diag.Severity, code, msg string) *Diagnostic {
	c.out = append(c.out, Diagnostic{Path: c.path, Span: s.Text(), Severity: sev, Code: code, Message: msg})
	return &c.out[len(c.out)-1]
}

// imports reports the imports that did not resolve, and, as a hint, the
// import through which the file leads back to itself: TOSCA does not
// forbid import cycles (each file is read once, and generated profile sets
// use them), but an author may not mean one. A file on cycles gets one
// hint, listing one of them (at most diag.MaxListed files of it).
func (c *checker) imports() {
	snap := c.v.Snap
	next, n, first, cyclic := c.v.importCycles().cycle(c.v, c.path)
	for _, l := range snap.Links(c.path) {
		if l.Problem != nil && l.Problem.Pending {
			continue // the answer may still change: not reported (its names are muted)
		}
		if l.Problem != nil {
			sev := diag.Error
			if l.Problem.Warning {
				sev = diag.Warning
			}
			s := l.Import.Target.Text()
			if s.Len() == 0 {
				s = c.f.Entity(l.Import.Entity).Span.Text()
			}
			msg := l.Problem.Message
			if c.f.Lang == grammar.CSARMeta && l.Problem.Code == diag.ImportNotFound {
				// Its imports are the CSAR's definitions files, from the CSAR root.
				msg = fmt.Sprintf("no file %s in the CSAR", diag.Quote(strings.TrimPrefix(l.Import.URL, "/")))
			}
			c.out = append(c.out, Diagnostic{Path: c.path, Span: s, Severity: sev, Code: l.Problem.Code, Message: msg})
			continue
		}
		if cyclic && l.Path == next {
			cyclic = false
			d := Diagnostic{Path: c.path, Span: l.Import.Target.Text(), Severity: diag.Hint, Code: diag.ImportCycle,
				Message: "import cycle: " + diag.Cycle(n, func(i int) string { return shortPath(first[i], c.path) })}
			for _, p := range first[1:] {
				d.Related = append(d.Related, Related{Location: Location{Path: p}, Message: "part of the cycle"})
			}
			c.out = append(c.out, d)
		}
	}
}

// profileShadowed reports a `profile:` name that imports resolve to
// another file (the index's order: embedded profiles, the profile folders,
// then by path), pointing at that file.
func (c *checker) profileShadowed() {
	winner := c.v.Snap.ShadowedBy(c.path)
	if winner == "" {
		return
	}
	value := c.f.Value(c.f.FieldValue(facts.Root, grammar.KeyProfile))
	if value == nil {
		return
	}
	d := Diagnostic{Path: c.path, Span: value.Span.Text(), Severity: diag.Warning, Code: diag.DuplicateProfile}
	related := Location{Path: winner}
	if wf := c.v.Facts(winner); wf != nil {
		if wv := wf.Value(wf.FieldValue(facts.Root, grammar.KeyProfile)); wv != nil {
			related.Span = wv.Span.Text()
		}
	}
	if f := c.v.Snap.File(winner); f != nil && f.Embedded {
		d.Message = diag.Sprintf("profile %q is one of tosca-ls's embedded normative profiles: imports of it read those, not this file", c.f.Profile)
		d.Related = []Related{{Location: related, Message: "the embedded profile"}}
	} else {
		d.Message = diag.Sprintf("profile %q is declared by %s too, which imports of it read (the profile folders first, in their order, then by path)", c.f.Profile, relativePath(winner, c.path))
		d.Related = []Related{{Location: related, Message: "the file imports of the profile read"}}
	}
	c.out = append(c.out, d)
}

// relativePath is p from the folder of the file at from, slash-separated.
func relativePath(p, from string) string {
	if rel, err := filepath.Rel(filepath.Dir(from), p); err == nil {
		return filepath.ToSlash(rel)
	}
	return p
}

func shortPath(p, rel string) string {
	dir := rel[:strings.LastIndexAny(rel, `/\`)+1]
	return strings.TrimPrefix(p, dir)
}

// references checks every name the file uses.
func (c *checker) references() {
	for i := range c.f.Refs {
		if i%YieldEvery == YieldEvery-1 {
			Yield(c.ctx)
		}
		r := &c.f.Refs[i]
		if r.Flags&facts.RefBroken != 0 {
			continue
		}
		switch {
		case r.Flags&facts.RefMember != 0:
			c.member(i, r)
		case r.Kind == grammar.CapabilityTypeOrName:
			c.capability(i, r)
		case r.Kind == grammar.CustomConstraint:
			c.customConstraint(i, r)
		case r.Kind == grammar.ModelableEntity && grammar.IsEntityKeyword(c.f.RefName(r)),
			r.Kind == grammar.Repository, grammar.IsBuiltin(r.Kind, c.f.RefName(r)):
			// Keywords stand for templates; repositories are checked where imports use them.
		default:
			c.reference(i, r)
		}
	}
}

func (c *checker) reference(i int, r *facts.Ref) {
	kinds := Kinds(r.Kind)
	if len(kinds) == 0 {
		return // file paths, profile names, member names: resolved elsewhere
	}
	if t := c.v.resolve(c.scope, c.f, i).Target; t.Valid() {
		c.draftBuiltin(r, t)
		return
	}
	allTypes, allLocal := true, true
	for _, k := range kinds {
		allTypes = allTypes && k.IsType()
		allLocal = allLocal && !k.IsType()
	}
	if allTypes {
		c.unknownType(r.Span, c.f.RefName(r), kinds[0])
		return
	}
	if r.Kind == grammar.NodeTemplate && c.f.Versions.Has(grammar.V1x) && c.f.Entity(r.Entity).G() == grammar.RequirementAssign && c.f.Entity(r.Entity).Short() {
		if t := c.scope.lookup(c.v, grammar.NodeType, c.f.RefName(r)); t.Valid() {
			d := c.report(r.Span, diag.Warning, diag.IncompatibleTarget, fmt.Sprintf("%q is a node type: the 1.x short notation names a node template (1.3 §3.8.2), `node: %s` a type (puccini reads the short notation so)", c.f.RefName(r), c.f.RefName(r)))
			d.Related = []Related{{Location: c.v.Location(t), Message: "the node type"}}
			return
		}
	}
	if !allLocal && c.v.muted(c.scope, c.f.RefName(r)) {
		return
	}
	if allLocal && r.Call() >= 0 && c.f.TypeAround(r.Entity) != facts.None {
		// A function in a type (a default, an operation input) reads the
		// topology the type is used in, which the type's file need not
		// have (1.3 §4.4.1: get_input reads the service template's inputs).
		return
	}
	var what []string
	for _, k := range kinds {
		what = append(what, k.String())
	}
	d := c.report(r.Span, diag.Error, diag.UnknownName, diag.Sprintf("no %s named %q", strings.Join(what, " or "), c.f.RefName(r)))
	suggestInto(d, c.suggest(c.f.RefName(r), kinds...))
}

// draftBuiltin warns about a use of a type that only the drafts of 2.0
// had built in (the fallbacks of 2.0 files): the OASIS Standard has not.
func (c *checker) draftBuiltin(r *facts.Ref, t Decl) {
	// The name first: most types are no built-in, and which profile holds
	// a file is a walk over the profile names.
	b := grammar.BuiltinNamed(c.v.Name(t), grammar.V2)
	if b == nil || b.Instead == "" {
		return
	}
	if c.v.ProfileOf(t.Path) != grammar.ProfileBuiltin20Draft || !c.v.DeclaresBuiltins(t.Path) {
		return
	}
	c.report(r.Span, diag.Warning, diag.DraftBuiltin, fmt.Sprintf("%s is built into the drafts of TOSCA 2.0, not into the OASIS Standard (§9.1), which writes %s", b.Name, b.Instead))
}

// customConstraint checks a constraint operator that is none of the
// text's: a custom constraint the file or its imports declare (puccini's
// scriptlets), else an unknown keyname of the clause.
func (c *checker) customConstraint(i int, r *facts.Ref) {
	name := c.f.RefName(r)
	if c.v.resolve(c.scope, c.f, i).Target.Valid() || c.v.muted(c.scope, name) {
		return
	}
	clause := c.f.Entity(r.Entity)
	msg, sugg := facts.UnknownKeyname(clause.G(), name, c.f.Versions, c.f.VersionName(), c.v.DeclaredNames(c.path, grammar.CustomConstraint))
	sev := diag.Error
	if c.f.Dialect != nil && c.f.Dialect.Lenient {
		sev = diag.Warning
	}
	d := c.report(r.Span, sev, diag.UnknownKeyname, msg)
	d.Suggestions = sugg
}

func suggestInto(d *Diagnostic, suggestions []string) {
	d.Suggestions = suggestions
	if len(d.Suggestions) > 0 {
		d.Message += diag.Sprintf("; did you mean %q?", d.Suggestions[0])
	}
}

func (c *checker) unknownType(s facts.Span, name string, kind grammar.RefKind) {
	if other := c.v.lookupOtherKind(c.scope, kind, name); other.Valid() {
		d := c.report(s, diag.Error, diag.WrongTypeKind, diag.Sprintf("%q is a %s, but a %s is expected here", name, c.v.Kind(other), kind))
		d.Related = []Related{{Location: c.v.Location(other), Message: diag.Name(name) + " is defined here"}}
		return
	}
	if c.v.muted(c.scope, name) {
		return
	}
	d := c.report(s, diag.Error, diag.UnknownType, diag.Sprintf("unknown %s %q", kind, name))
	suggestInto(d, c.suggest(name, kind))
}

// capability checks a requirement's `capability`: a capability type, or a
// capability of the requirement's node.
func (c *checker) capability(i int, r *facts.Ref) {
	if c.v.resolve(c.scope, c.f, i).Kind != grammar.NoRef {
		return
	}
	if c.v.RequirementNode(c.path, r.Entity) == "" {
		c.unknownType(r.Span, c.f.RefName(r), grammar.CapabilityType)
		return
	}
	target := c.v.RequirementNodeType(c.path, r.Entity)
	if !target.Valid() || c.v.muted(c.scope, c.f.RefName(r)) {
		return // the node reference reports itself
	}
	d := c.report(r.Span, diag.Error, diag.UnknownType, diag.Sprintf("%q is neither a capability type nor a capability of %s", c.f.RefName(r), diag.Name(c.v.RequirementNode(c.path, r.Entity))))
	g := diag.NewSuggester(c.f.RefName(r))
	g.Add(c.v.memberCandidates(target, grammar.SectionCapabilities), 0)
	c.addSuggestions(g, grammar.CapabilityType)
	d.Suggestions = g.Best()
}

// member checks a name an entity assigns from its type's members.
func (c *checker) member(i int, r *facts.Ref) {
	if r.Parent() >= 0 || r.Merged() {
		return // operations of an assigned interface are not checked
	}
	e := c.f.Entity(r.Entity)
	if e == nil || !grammar.AssignsMembers(e.G()) {
		return
	}
	t := c.v.TypeOfEntity(c.path, r.Entity)
	if !t.Valid() || c.v.resolve(c.scope, c.f, i).Member != nil || !c.v.ChainComplete(t) ||
		r.Key().Name == grammar.SectionProperties && c.v.OpenType(c.path, t) {
		return
	}
	d := c.report(r.Span, diag.Error, diag.UnknownMember, diag.Sprintf("%s %q has no %s named %q", c.v.Kind(t), c.v.Name(t), grammar.Singular(r.Key().Name), c.f.RefName(r)))
	suggestInto(d, c.v.memberCandidates(t, r.Key().Name).Suggest(c.f.RefName(r)))
	d.Related = []Related{{Location: c.v.Location(t), Message: diag.Name(c.v.Name(t)) + " is defined here"}}
}

// types checks the file's own type definitions: no derivation cycles, no
// name declared twice, a type for each property or attribute a type adds.
func (c *checker) types() {
	v := c.v
	dupKeys := c.duplicateKeys()
	types := 0
	for id := range c.f.Declarations() {
		e := c.f.Entity(id)
		if !e.Declares().IsType() {
			continue
		}
		if types++; types%YieldEvery == 0 {
			Yield(c.ctx)
		}
		d := Decl{c.path, id}
		// A cycle is reported once in each file, at the first of its types
		// written there; a type that merely derives into it (A → B → C → B)
		// is fine once the cycle is fixed.
		if l := v.chainLink(d); l != nil && l.cycle != nil && l.cycle.reportedAt(d) {
			c.derivationCycle(d, l.cycle)
		}
		if !dupKeys[e.NameSpan.Start] {
			if other, normative := v.Conflict(c.path, d); normative {
				// 1.x: the normative names are reserved with SHOULD NOT
				// (1.3 §5.2); the file's own type is the one it means.
				dg := c.report(e.NameSpan, diag.Warning, diag.DuplicateName, diag.Sprintf("%s %q has the name of the normative type %s, which user types should not reuse (1.3 §5.2); this file's type is the one it means", e.Declares(), e.Name, v.Name(other)))
				dg.Related = []Related{{Location: v.Location(other), Message: "normative definition"}}
			} else if other.Valid() {
				dg := c.report(e.NameSpan, diag.Error, diag.DuplicateName, diag.Sprintf("%s %q is already defined", e.Declares(), e.Name))
				dg.Related = []Related{{Location: v.Location(other), Message: "other definition"}}
			}
		}
	}
	c.refinements()
}

// derivationCycle reports a cycle of types at d, listing them from d on.
func (c *checker) derivationCycle(d Decl, cycle *derivationCycle) {
	types := cycle.from(d)
	s := c.f.Entity(d.ID).NameSpan
	if fl, ok := c.f.Field(d.ID, grammar.KeyDerivedFrom); ok {
		s = c.f.Value(fl.Value).Span
	}
	dg := c.report(s, diag.Error, diag.DerivationCycle, "derivation cycle: "+diag.Cycle(len(types), func(i int) string { return c.v.Name(types[i]) }))
	for _, t := range types[1:min(len(types), diag.MaxListed+1)] {
		dg.Related = append(dg.Related, Related{Location: c.v.Location(t), Message: "part of the cycle"})
	}
}

// refinements reports the definitions that lack keynames mandatory for new
// definitions (a property's `type`, a capability's `type` …) unless they
// refine a member their type inherits (2.0 §8.2.1, §8.4.1, §9.3, §11.2; the
// 1.x texts refine alike), or, for a node template's artifact, one its type
// defines. A type whose chain is not fully known (an unresolved import may
// hold the member) is given the benefit of the doubt.
func (c *checker) refinements() {
	for _, r := range c.f.Refinements {
		member := c.f.Entity(r.Member)
		if member == nil || member.Key() == nil {
			continue
		}
		holder := Decl{c.path, member.Parent}
		// A type's entry may refine what its parent type has; a template's
		// what its type has.
		typ, from := holder, c.v.Parent(holder)
		if !c.f.Entity(member.Parent).Declares().IsType() {
			typ = c.v.TypeOf(holder)
			from = typ
		}
		if !c.v.ChainComplete(typ) {
			continue
		}
		if _, inherited := c.v.Member(from, member.Key().Name, member.Name); inherited {
			continue
		}
		c.report(r.Span, diag.Error, diag.MissingKeyname, facts.MissingMessage(c.f.Entity(r.Entity).G(), r.Keys))
	}
}

// localNames reports template-level names declared twice in the file.
func (c *checker) localNames() {
	dupKeys := c.duplicateKeys()
	_, local := declaredKinds(c.f)
	seen := make(map[nameKey]facts.ID, local)
	for id := range c.f.Declarations() {
		e := c.f.Entity(id)
		k := e.Declares()
		// A function defined again inside service_template refines the one
		// outside (2.0 §10.4); two in one section are a duplicate key.
		if k.IsType() || k == grammar.UserFunction || dupKeys[e.NameSpan.Start] || grammar.RepeatsAsAlternatives(k, c.f.Versions) {
			continue
		}
		key := nameKey{k, e.Name}
		if prev, ok := seen[key]; ok {
			d := c.report(e.NameSpan, diag.Error, diag.DuplicateName, diag.Sprintf("%s %q is already defined", k, e.Name))
			d.Related = []Related{{Location: c.v.Location(Decl{c.path, prev}), Message: "first definition"}}
			continue
		}
		seen[key] = id
	}
}

// duplicateKeys are the offsets of keys the YAML repeats (already reported
// as duplicate-key).
func (c *checker) duplicateKeys() map[uint32]bool {
	out := map[uint32]bool{}
	for _, d := range c.f.Diags {
		if d.Code == diag.DuplicateKey {
			out[d.Span.Start] = true
		}
	}
	return out
}

// suggest is "did you mean" for an unknown name of kinds: among the types
// of the files the file's imports reach (each file's names prepared once,
// under the prefix it is reached with: no list of every name a file sees
// is made, which along a chain of thousands of imports would be as long as
// the chain for each file) and the template-level names of its own, ties
// going to the kinds in order.
func (c *checker) suggest(name string, kinds ...grammar.RefKind) []string {
	g := diag.NewSuggester(name)
	c.addSuggestions(g, kinds...)
	return g.Best()
}

// addSuggestions adds to g the names of kinds visible in the file, ranked
// by kind.
func (c *checker) addSuggestions(g *diag.Suggester, kinds ...grammar.RefKind) {
	for rank, k := range kinds {
		if !k.IsType() {
			g.Add(c.v.localCandidates(c.path, k), rank)
			continue
		}
		for _, cands := range c.typeCandidates(k) {
			g.Add(cands, rank)
		}
	}
}

// typeCandidates are the types of kind visible in the file, one set per
// file of its scope, in the order of View.enumerate: the file's own, then
// those of its reach (the file itself left out where its imports lead back
// to it).
func (c *checker) typeCandidates(kind grammar.RefKind) []*diag.Candidates {
	if cands, ok := c.candidates[kind]; ok {
		return cands
	}
	if c.reach == nil {
		c.reach = c.v.reach(c.path)
	}
	cands := []*diag.Candidates{c.v.typeCandidates(c.path, kind, "")}
	for i, r := range c.reach.candidates(c.v, kind) {
		if c.reach.files[i].path != c.path {
			cands = append(cands, r)
		}
	}
	if c.candidates == nil {
		c.candidates = map[grammar.RefKind][]*diag.Candidates{}
	}
	c.candidates[kind] = cands
	return cands
}
