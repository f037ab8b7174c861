package analysis

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index"
	"github.com/tosca-ls/tosca-ls/index/syntax"
	"github.com/tosca-ls/tosca-ls/index/text"
)

// DocumentLinks returns the spans of a file that open another file: every
// import that resolved (url, file or profile name) and every artifact file
// that exists, relative to the file or to a local repository.
func DocumentLinks(ctx context.Context, snap *index.Snapshot, path string) []Link {
	f := snap.File(path)
	if f == nil || f.Dialect != index.TOSCA {
		return nil
	}
	var out []Link
	for _, l := range snap.Links(path) {
		if l.Path == "" || l.Import == nil || l.Import.Target.Len() == 0 {
			continue
		}
		tip := "Open " + displayPath(l.Path, path)
		if l.Import.Profile != "" {
			tip = "Open profile " + l.Import.Profile + " (" + displayPath(l.Path, path) + ")"
		}
		if l.Import.Namespace != "" {
			tip += ", imported into namespace " + l.Import.Namespace
		}
		out = append(out, Link{Span: trimQuotes(f.Lines(), l.Import.Target), Target: l.Path, Tooltip: tip})
	}
	u := For(snap).Unit(path)
	if u == nil {
		return out
	}
	root := f.Root()
	seen := map[int]bool{}
	for _, r := range u.Refs {
		if r.Kind != grammar.ArtifactFile || r.Node == nil || r.Node.Kind != syntax.Scalar || seen[r.Node.Span.Start] {
			continue
		}
		seen[r.Node.Span.Start] = true
		target := artifactTarget(snap, f, root, r.Node)
		if target == "" {
			continue
		}
		out = append(out, Link{Span: trimQuotes(f.Lines(), r.Node.Span), Target: target, Tooltip: "Open artifact " + displayPath(target, path)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	return out
}

// artifactTarget resolves an artifact file to an existing local file, or "".
func artifactTarget(snap *index.Snapshot, f *index.File, root, n *syntax.Node) string {
	name := strings.TrimSpace(n.Value)
	if name == "" || strings.ContainsAny(name, "\n\r") {
		return ""
	}
	base := filepath.Dir(f.Path)
	// The artifact's repository, when the file is the value of an
	// artifact definition's `file` keyname next to `repository`.
	if parent := parentMapping(root, n); parent != nil {
		if repo := parent.Get("repository").Text(); repo != "" {
			r, ok := f.Repositories[repo]
			if !ok {
				return ""
			}
			dir := localRepository(snap, f, r.URL)
			if dir == "" {
				return ""
			}
			base = dir
			name = strings.TrimPrefix(name, "/")
		}
	}
	var target string
	switch {
	case strings.HasPrefix(name, "file:"):
		parsed, err := url.Parse(name)
		if err != nil {
			return ""
		}
		target = filepath.Clean(parsed.Path)
	case hasURLScheme(name):
		return ""
	case filepath.IsAbs(name) && base == filepath.Dir(f.Path):
		// `/x` starts at the CSAR (or workspace folder) root.
		target = filepath.Join(rootFolder(snap, f.Path), filepath.FromSlash(name))
	default:
		target = filepath.Join(base, filepath.FromSlash(name))
	}
	if snap.File(target) != nil {
		return target
	}
	if st, err := os.Stat(target); err == nil && !st.IsDir() {
		return target
	}
	return ""
}

// parentMapping is the mapping that holds n as one of its values.
func parentMapping(root, n *syntax.Node) *syntax.Node {
	for _, step := range syntax.PathAt(root, n.Span.Start) {
		if step.Pair != nil && step.Pair.Value == n {
			return step.Parent
		}
	}
	return nil
}

// localRepository is the folder of a repository whose url is local, or "".
func localRepository(snap *index.Snapshot, f *index.File, repoURL string) string {
	switch {
	case strings.HasPrefix(repoURL, "file:"):
		parsed, err := url.Parse(repoURL)
		if err != nil {
			return ""
		}
		return filepath.Clean(parsed.Path)
	case hasURLScheme(repoURL):
		return ""
	case strings.HasPrefix(repoURL, "/"):
		if st, err := os.Stat(repoURL); err == nil && st.IsDir() {
			return repoURL
		}
		return filepath.Join(rootFolder(snap, f.Path), filepath.FromSlash(repoURL))
	}
	return filepath.Join(filepath.Dir(f.Path), filepath.FromSlash(repoURL))
}

// rootFolder is where `/x` paths start: the enclosing CSAR, else the
// workspace folder, else the file's own folder.
func rootFolder(snap *index.Snapshot, path string) string {
	if r := index.CSARRoot(path); r != "" {
		return r
	}
	best := ""
	for _, dir := range snap.Folders() {
		if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") && len(dir) > len(best) {
			best = dir
		}
	}
	if best != "" {
		return best
	}
	return filepath.Dir(path)
}

// hasURLScheme reports whether s starts with a URL scheme (`https://`).
func hasURLScheme(s string) bool {
	i := strings.Index(s, "://")
	if i <= 1 {
		return false
	}
	for _, c := range s[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// displayPath shows target relative to the folder of from when it is near.
func displayPath(target, from string) string {
	if rel, err := filepath.Rel(filepath.Dir(from), target); err == nil && !strings.HasPrefix(rel, ".."+string(filepath.Separator)+"..") {
		return filepath.ToSlash(rel)
	}
	return target
}

// trimQuotes narrows a quoted scalar's span to its content.
func trimQuotes(l *text.Lines, s text.Span) text.Span {
	t := sourceText(l, s)
	if len(t) >= 2 && (t[0] == '"' && t[len(t)-1] == '"' || t[0] == '\'' && t[len(t)-1] == '\'') {
		return text.Span{Start: s.Start + 1, End: s.End - 1}
	}
	return s
}

// FoldingRanges returns the foldable parts of a file: every mapping entry
// and list item that spans several lines, the imports list (FoldImports)
// and blocks of consecutive comment lines (FoldComment).
func FoldingRanges(ctx context.Context, snap *index.Snapshot, path string) []Fold {
	f := snap.File(path)
	if f == nil || f.Syntax == nil {
		return nil
	}
	lines := f.Lines()
	type lineRange struct{ start, end int }
	seen := map[lineRange]bool{}
	var out []Fold
	add := func(s text.Span, kind FoldKind) {
		if s.Len() <= 0 {
			return
		}
		r := lineRange{lines.Line(s.Start), lines.Line(s.End - 1)}
		if r.start >= r.end || seen[r] {
			return
		}
		seen[r] = true
		out = append(out, Fold{Span: s, Kind: kind})
	}
	var blocks []text.Span
	var visit func(n *syntax.Node, depth int, top bool)
	visit = func(n *syntax.Node, depth int, top bool) {
		if n == nil || n.Anchored != nil || depth > maxWalkDepth {
			return
		}
		switch n.Kind {
		case syntax.Mapping:
			for _, p := range n.Pairs {
				if p.Merged {
					continue
				}
				kind := FoldRegion
				if top && p.Key.Value == "imports" {
					kind = FoldImports
				}
				add(pairSpan(p), kind)
				visit(p.Value, depth+1, false)
			}
		case syntax.Sequence:
			for _, item := range n.Items {
				add(item.Span, FoldRegion)
				visit(item, depth+1, false)
			}
		case syntax.Scalar:
			if n.Style == syntax.Literal || n.Style == syntax.Folded || !sameLine(lines, n.Span) {
				blocks = append(blocks, n.Span)
			}
		}
	}
	for _, d := range f.Syntax.Docs {
		visit(d.Root, 0, true)
	}
	// Comment blocks: two or more consecutive lines holding only a comment
	// (lines inside multi-line scalars do not count).
	inScalar := func(line int) bool {
		off := lines.LineStart(line)
		for _, b := range blocks {
			if off > b.Start && off < b.End {
				return true
			}
		}
		return false
	}
	first := -1
	flush := func(last int) {
		if first >= 0 && last > first {
			add(text.Span{Start: lines.LineStart(first), End: lines.LineEnd(last)}, FoldComment)
		}
		first = -1
	}
	for i := 0; i < lines.Count(); i++ {
		t := strings.TrimLeft(string(lines.LineText(i)), " \t")
		if strings.HasPrefix(t, "#") && !inScalar(i) {
			if first < 0 {
				first = i
			}
			continue
		}
		flush(i - 1)
	}
	flush(lines.Count() - 1)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	return out
}

// SemanticTokens classifies the names of a file: declared and referenced
// types (namespace prefixes apart, profile types as default library),
// templates, inputs, function names, TOSCA keynames, and the member names
// (properties, requirements, operations, …) of types and templates.
// Tokens are sorted, never overlap and never cross a line.
func SemanticTokens(ctx context.Context, snap *index.Snapshot, path string) []Token {
	a := For(snap)
	u := a.Unit(path)
	if u == nil || u.File.Dialect != index.TOSCA {
		return nil
	}
	f := u.File
	lines := f.Lines()
	// Lower priority values win when two candidates start at one offset.
	type cand struct {
		tok  Token
		prio int
	}
	byStart := map[int]cand{}
	add := func(s text.Span, typ TokenType, mods int, prio int) {
		if s.Len() <= 0 || !sameLine(lines, s) {
			return
		}
		if c, ok := byStart[s.Start]; ok && c.prio <= prio {
			return
		}
		byStart[s.Start] = cand{Token{Span: s, Type: typ, Modifiers: mods}, prio}
	}
	// nameSpan is the span of the name itself inside a (possibly quoted) scalar.
	nameSpan := func(n *syntax.Node) (text.Span, bool) {
		s := trimQuotes(lines, n.Span)
		if sourceText(lines, s) != n.Value {
			return s, false
		}
		return s, true
	}
	// typeName tokens a type name, its namespace prefixes apart.
	typeName := func(n *syntax.Node, mods int, prio int) {
		s, exact := nameSpan(n)
		if !exact || !strings.Contains(n.Value, ":") {
			add(s, TokenTypeName, mods, prio)
			return
		}
		start := s.Start
		parts := strings.Split(n.Value, ":")
		for i, part := range parts {
			ps := text.Span{Start: start, End: start + len(part)}
			if i < len(parts)-1 {
				add(ps, TokenNamespace, 0, prio)
			} else {
				add(ps, TokenTypeName, mods, prio)
			}
			start = ps.End + 1
		}
	}
	lib := func(d *Decl) int {
		if d != nil && d.File != nil && d.File.Embedded {
			return ModDefaultLibrary
		}
		return 0
	}
	fileLib := 0
	if f.Embedded {
		fileLib = ModDefaultLibrary
	}
	for _, d := range u.Decls {
		if d.Key == nil || d.Key.Anchored != nil {
			continue
		}
		mods := ModDeclaration | lib(d)
		s, _ := nameSpan(d.Key)
		switch {
		case d.Kind.IsType():
			add(s, TokenTypeName, mods, 0)
		default:
			add(s, declToken(d.Kind), mods, 0)
		}
	}
	// Navigation's references include the names inside function paths
	// (get_property: [ server, host, num_cpus ]).
	for _, r := range a.navRefs(u) {
		if r.Node == nil || r.Node.Anchored != nil || r.Node.Kind != syntax.Scalar {
			continue
		}
		switch {
		case r.Member != nil:
			typ := TokenProperty
			if r.Member.Section == "operations" || r.Member.Section == "notifications" {
				typ = TokenFunction
			}
			add(r.Node.Span, typ, lib(r.Member.Definer), 1)
		case r.Target == nil:
			if grammar.IsEntityKeyword(r.Name) && (r.Kind == grammar.ModelableEntity || r.Kind == grammar.NodeTemplate) {
				s, _ := nameSpan(r.Node)
				add(s, TokenKeyword, 0, 1)
			}
		case r.Target.Kind.IsType():
			typeName(r.Node, lib(r.Target), 1)
		default:
			s, _ := nameSpan(r.Node)
			add(s, declToken(r.Target.Kind), 0, 1)
		}
	}
	w := &grammarWalk{v: u.Versions, userFuncs: userFunctions(u)}
	w.keyword = func(e *grammar.Entity, k *grammar.Key, p *syntax.Pair) {
		mods := 0
		if k.FormMarker() == grammar.FormDraft && u.Versions == grammar.V2 && u.Form != grammar.FormDraft {
			mods = ModDeprecated
		}
		add(p.Key.Span, TokenKeyword, mods, 3)
	}
	w.entry = func(declarer *grammar.Entity, section string, elem *grammar.Value, p *syntax.Pair) {
		// Member names declared by types; templates' member names are
		// references (tokened above when they resolve).
		if declarer == nil || !declarer.Declares.IsType() {
			return
		}
		if e := entityOrShort(elem); e != nil && e.Declares != grammar.NoRef {
			return
		}
		typ := TokenProperty
		switch section {
		case "operations", "notifications", "":
			typ = TokenFunction
		case "inputs", "outputs":
			typ = TokenParameter
		default:
			if !slices.Contains(MemberSections, section) {
				return
			}
		}
		add(p.Key.Span, typ, ModDeclaration|fileLib, 2)
	}
	w.call = func(p *syntax.Pair, fn *grammar.Function) {
		mods := 0
		if fn != nil {
			mods = ModDefaultLibrary
			if fn.FormMarker() == grammar.FormDraft && u.Versions == grammar.V2 && u.Form != grammar.FormDraft {
				mods |= ModDeprecated
			}
		}
		add(p.Key.Span, TokenFunction, mods, 1)
	}
	for i, d := range f.Syntax.Docs {
		if i > 0 {
			break // only the first document is TOSCA
		}
		if d.Root != nil {
			w.run(d.Root)
		}
	}
	out := make([]Token, 0, len(byStart))
	for _, c := range byStart {
		out = append(out, c.tok)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Span.Start < out[j].Span.Start })
	// Drop tokens overlapping the previous one.
	kept := out[:0]
	end := -1
	for _, t := range out {
		if t.Span.Start < end {
			continue
		}
		kept = append(kept, t)
		end = t.Span.End
	}
	return kept
}

// declToken is the token type of a template-level name.
func declToken(k grammar.RefKind) TokenType {
	switch k {
	case grammar.NodeTemplate, grammar.RelationshipTemplate, grammar.Group, grammar.Policy:
		return TokenTemplate
	case grammar.Input:
		return TokenInput
	case grammar.Output:
		return TokenParameter
	case grammar.Workflow, grammar.UserFunction:
		return TokenFunction
	case grammar.Repository:
		return TokenNamespace
	}
	if k.IsType() {
		return TokenTypeName
	}
	return TokenString
}
