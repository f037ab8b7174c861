package facts

import (
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// The processors a TOSCA file is read for (grammar.Processor): the one the
// `processor` setting chooses, none under strict, else those the file
// shows it is written for. Their grammar versions join the file's; what a
// processor not reading the file adds is judged by grammar.Judge.

// readFor returns the processors a file of grammar base is read for.
func readFor(setting grammar.ProcessorSetting, base grammar.Versions, root *syntax.Node) []*grammar.Processor {
	switch p := setting.Chosen(); {
	case p != nil && p.Reads(base):
		return []*grammar.Processor{p}
	case setting != grammar.ProcessorAuto:
		return nil
	}
	found := map[*grammar.Processor]bool{}
	var scan []*grammar.Processor
	for _, p := range grammar.Processors {
		switch {
		case !p.Reads(base):
		case p.OwnsVersion(root.Get(grammar.ToscaVersionKey).Text()), importsFrom(root, p), hasMetadata(root, p):
			found[p] = true
		case len(p.Calls) > 0 || p.TypePrefix != "":
			scan = append(scan, p)
		}
	}
	if len(scan) > 0 {
		marks(root, scan, found)
	}
	var out []*grammar.Processor
	for _, p := range grammar.Processors {
		if found[p] {
			out = append(out, p)
		}
	}
	return out
}

// importsFrom reports whether the file imports from a repository the
// processor provides (and the file does not declare).
func importsFrom(root *syntax.Node, p *grammar.Processor) bool {
	imports := root.Get(grammar.KeyImports)
	if imports == nil || imports.Kind != syntax.Sequence {
		return false
	}
	for _, item := range imports.Items {
		repo := item.Get(grammar.KeyRepository).Text()
		if repo != "" && slices.Contains(p.Repositories, repo) && root.Get(grammar.KeyRepositories).GetPair(repo) == nil {
			return true
		}
	}
	return false
}

// hasMetadata reports whether the file's metadata has a key the processor reads.
func hasMetadata(root *syntax.Node, p *grammar.Processor) bool {
	if p.MetadataPrefix == "" {
		return false
	}
	md := root.Get(grammar.KeyMetadata)
	if md == nil || md.Kind != syntax.Mapping {
		return false
	}
	for _, pair := range md.Pairs {
		if strings.HasPrefix(pair.Key.Value, p.MetadataPrefix) {
			return true
		}
	}
	return false
}

// marks walks the tree once for the calls and type names of the
// processors in scan, recording those it finds (until all are).
func marks(n *syntax.Node, scan []*grammar.Processor, found map[*grammar.Processor]bool) {
	if n == nil || allFound(scan, found) {
		return
	}
	switch n.Kind {
	case syntax.Scalar:
		for _, p := range scan {
			if p.TypePrefix != "" && strings.HasPrefix(n.Value, p.TypePrefix) {
				found[p] = true
			}
		}
	case syntax.Sequence:
		for _, item := range n.Items {
			marks(item, scan, found)
		}
	case syntax.Mapping:
		for _, pair := range n.Pairs {
			for _, p := range scan {
				if slices.Contains(p.Calls, pair.Key.Value) {
					found[p] = true
				}
			}
			marks(pair.Value, scan, found)
		}
	}
}

func allFound(scan []*grammar.Processor, found map[*grammar.Processor]bool) bool {
	for _, p := range scan {
		if !found[p] {
			return false
		}
	}
	return true
}

// ReadsFor reports whether the file is read for processor p.
func (f *Facts) ReadsFor(p *grammar.Processor) bool { return slices.Contains(f.Processors, p) }

// Judge says how a form processor p adds is reported in the file (see
// grammar.Judge): report is false where it is accepted; note ends the
// message, saying why it is not.
func (f *Facts) Judge(p *grammar.Processor, warn bool) (sev diag.Severity, note string, report bool) {
	switch grammar.Judge(f.Setting, f.Processors, p, warn) {
	case grammar.Accepted:
		return 0, "", false
	case grammar.Refused:
		return diag.Error, diag.Sprintf(" (the processor setting is %s)", f.Setting), true
	}
	if warn || f.ReadsFor(p) {
		return diag.Warning, "", true
	}
	how := "set the processor setting to " + p.Name + " to accept it"
	if p.Name == "" {
		how = "no setting accepts it"
	}
	return diag.Warning, diag.Sprintf(" (nothing in this file shows it is written for %s; %s)", p.Title, how), true
}

// Refuses reports whether the setting refuses processor p in the file
// (strict, another processor chosen), with the note saying so: what only
// p provides (a repository) is then an error, where otherwise it is p's.
func (f *Facts) Refuses(p *grammar.Processor) (note string, refused bool) {
	sev, note, report := f.Judge(p, false)
	return note, report && sev == diag.Error
}

// addition reports a form processor p adds, as Judge says; msg says what
// the form is.
func (b *binder) addition(at *syntax.Node, p *grammar.Processor, warn bool, code, msg string) {
	if b.quiet || b.brokenYAML(at.Span) {
		return
	}
	if sev, note, report := b.f.Judge(p, warn); report {
		b.report(at.Span, sev, code, msg+note)
	}
}

// additionKey finds a keyname of entity e that a processor not reading the
// file adds (nil when none does).
func (b *binder) additionKey(e *grammar.Entity, name string) (*grammar.Key, *grammar.Processor) {
	for _, p := range b.others {
		if k := e.Key(name, p.Grammar); k != nil && k.In&(grammar.V1x|grammar.V2) == 0 {
			return k, p
		}
	}
	return nil, nil
}

// othersOf are the processors with additions of their own that could
// read a file of grammar base and do not read f.
func othersOf(f *Facts, base grammar.Versions) []*grammar.Processor {
	var out []*grammar.Processor
	for _, p := range grammar.Processors {
		if p.Grammar != grammar.None && p.Reads(base) && !f.ReadsFor(p) {
			out = append(out, p)
		}
	}
	return out
}

// scriptletNames are the functions the file's own metadata declares as
// scriptlets of a processor reading it.
func (b *binder) scriptletNames(root *syntax.Node) map[string]bool {
	k := grammar.ServiceTemplate.Key(grammar.KeyMetadata, b.v)
	md := root.Get(grammar.KeyMetadata)
	if k == nil || len(k.Value.Prefixed) == 0 || md == nil || md.Kind != syntax.Mapping {
		return nil
	}
	var out map[string]bool
	for _, pair := range md.Pairs {
		if e, name, _ := k.Value.Declared(pair.Key.Value); e != nil && e.Declares == grammar.UserFunction {
			if out == nil {
				out = map[string]bool{}
			}
			out[name] = true
		}
	}
	return out
}

// prefixed declares the entries of a map whose keys declare names
// (grammar.Value.Prefixed): the name is the rest of the key.
func (b *binder) prefixed(n *syntax.Node, val *grammar.Value, c walkCtx) {
	for _, p := range n.Pairs {
		e, name, at := val.Declared(p.Key.Value)
		if e == nil {
			continue
		}
		c.name = p.Key
		id := b.newEntity(p.Value, e, c, false)
		ent := &b.f.Entities[id]
		ent.Name = name
		start := p.Key.Span.Start
		if start < len(b.f.Src) && (b.f.Src[start] == '"' || b.f.Src[start] == '\'') {
			start++
		}
		ent.NameSpan = Span{uint32(start + at), uint32(start + at + len(name))}
		b.closeEntity(id)
	}
}

// extraEntry records what an entry of e beside its keynames is: a name of
// e.ExtraRef, or an entry a processor reading the file lets e hold, which
// is reported when the text forbids it outright.
func (b *binder) extraEntry(p *syntax.Pair, e *grammar.Entity, c walkCtx) {
	if e.ExtraRef != grammar.NoRef {
		b.reference(p.Key, e.ExtraRef, c)
		return
	}
	if e.ExtraFor(b.base) != nil || p.Merged {
		return
	}
	if proc := grammar.ProcessorOf(e.ExtraIn & b.v); proc != nil {
		b.addition(p.Key, proc, true, diag.UnknownKeyname, b.extraMessage(p, e, proc))
	}
}

// extraMessage says what an entry a processor lets e hold is.
func (b *binder) extraMessage(p *syntax.Pair, e *grammar.Entity, proc *grammar.Processor) string {
	if home := e.ExtraHome(b.base); home != "" {
		return diag.Sprintf("%q is written directly in %s, as before TOSCA 1.3: %s reads it there, %s puts it under `%s:`",
			p.Key.Value, e.Name, proc.Title, b.versionName(), home)
	}
	return diag.Sprintf("%q is not a keyname of %s in %s; %s reads it", p.Key.Value, e.Name, b.versionName(), proc.Title)
}
