package corpus

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/tosca-ls/tosca-ls/profiles"
)

// validator checks generated corpora the way a TOSCA processor would,
// without tosca-ls's engine (which is being rewritten, and which the dmtf
// shape is meant to defeat): every import exists, every type name resolves
// through imports and namespace prefixes to a type of the right kind, and
// templates assign only properties and requirements their types define.
// The normative types come from the embedded profiles' own files.
type validator struct {
	files map[string]*vfile
	errs  []string
}

type vfile struct {
	key     string
	doc     map[string]any
	imports []vimport
}

type vimport struct{ target, prefix string }

// embedded marks keys of the embedded profiles' files, apart from corpus
// paths (dmtf has a folder named profiles too).
const embedded = "embedded:"

var typeSections = []string{"data_types", "capability_types", "relationship_types", "node_types"}

func newValidator(files map[string][]byte) (*validator, error) {
	v := &validator{files: map[string]*vfile{}}
	for key, data := range files {
		if err := v.add(key, data); err != nil {
			return nil, err
		}
	}
	return v, nil
}

func (v *validator) add(key string, data []byte) error {
	var doc map[string]any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	f := &vfile{key: key, doc: doc}
	version, _ := doc["tosca_definitions_version"].(string)
	if version == "" {
		v.files[key] = nil // not TOSCA
		return nil
	}
	for _, p := range profiles.Implicit(version) {
		f.imports = append(f.imports, vimport{target: embedded + p.Entry})
	}
	list, _ := doc["imports"].([]any)
	for _, entry := range list {
		im, err := importOf(key, entry)
		if err != nil {
			return err
		}
		f.imports = append(f.imports, im)
	}
	v.files[key] = f
	return nil
}

func importOf(from string, entry any) (vimport, error) {
	dir := path.Dir(from)
	switch e := entry.(type) {
	case string:
		return vimport{target: path.Join(dir, e)}, nil
	case map[string]any:
		prefix, _ := e["namespace_prefix"].(string)
		if ns, ok := e["namespace"].(string); ok {
			prefix = ns
		}
		if name, ok := e["profile"].(string); ok {
			p := profiles.ByName(name)
			if p == nil {
				return vimport{}, fmt.Errorf("%s: unknown profile %s", from, name)
			}
			return vimport{target: embedded + p.Entry, prefix: prefix}, nil
		}
		for _, k := range []string{"file", "url"} {
			if rel, ok := e[k].(string); ok {
				return vimport{target: path.Join(dir, rel), prefix: prefix}, nil
			}
		}
	}
	return vimport{}, fmt.Errorf("%s: unreadable import %v", from, entry)
}

// file returns a corpus or embedded file (loaded on first use); nil if
// there is none or it is not TOSCA.
func (v *validator) file(key string) *vfile {
	if f, ok := v.files[key]; ok {
		return f
	}
	if rest, ok := strings.CutPrefix(key, embedded); ok {
		data, err := profiles.FS.ReadFile(rest)
		if err == nil {
			// Embedded files import their siblings by relative path.
			if err := v.add(key, data); err == nil {
				return v.files[key]
			}
		}
	}
	return nil
}

func (v *validator) errorf(f *vfile, format string, args ...any) {
	v.errs = append(v.errs, f.key+": "+fmt.Sprintf(format, args...))
}

// resolve finds a type of section kind by the name used in f: its first
// prefix names a namespaced import of f, or the name is f's own; either
// way the unprefixed imports pass on every name they see, prefixed or not.
func (v *validator) resolve(f *vfile, name, kind string, seen map[*vfile]bool) (*vfile, map[string]any) {
	if f == nil || seen[f] {
		return nil, nil
	}
	seen[f] = true
	if prefix, rest, ok := strings.Cut(name, ":"); ok {
		for _, im := range f.imports {
			if im.prefix == prefix {
				if g, d := v.resolve(v.file(im.target), rest, kind, map[*vfile]bool{}); d != nil {
					return g, d
				}
			}
		}
	} else if section, ok := f.doc[kind].(map[string]any); ok {
		if d, ok := section[name]; ok {
			m, _ := d.(map[string]any)
			if m == nil {
				m = map[string]any{}
			}
			return f, m
		}
	}
	for _, im := range f.imports {
		if im.prefix == "" {
			if g, d := v.resolve(v.file(im.target), name, kind, seen); d != nil {
				return g, d
			}
		}
	}
	return nil, nil
}

func (v *validator) mustResolve(f *vfile, name any, kind, where string) (*vfile, map[string]any) {
	s, ok := name.(string)
	if !ok {
		v.errorf(f, "%s: %v is not a type name", where, name)
		return nil, nil
	}
	g, d := v.resolve(f, s, kind, map[*vfile]bool{})
	if d == nil {
		v.errorf(f, "%s: %s is not one of the %s in scope", where, s, kind)
	}
	return g, d
}

// members lists the names a type and its ancestors define in a section
// (a map, or a list of one-key maps for requirements).
func (v *validator) members(f *vfile, decl map[string]any, section, kind string) map[string]bool {
	out := map[string]bool{}
	for depth := 0; decl != nil && depth < 200; depth++ {
		switch m := decl[section].(type) {
		case map[string]any:
			for k := range m {
				out[k] = true
			}
		case []any:
			for _, e := range m {
				if one, ok := e.(map[string]any); ok {
					for k := range one {
						out[k] = true
					}
				}
			}
		}
		parent, ok := decl["derived_from"].(string)
		if !ok {
			break
		}
		f, decl = v.resolve(f, parent, kind, map[*vfile]bool{})
	}
	return out
}

// check validates every corpus file and returns the problems found.
func (v *validator) check() []string {
	keys := make([]string, 0, len(v.files))
	for k, f := range v.files {
		if f != nil && !strings.HasPrefix(k, embedded) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := v.files[k]
		for _, im := range f.imports {
			if v.file(im.target) == nil {
				v.errorf(f, "import %s: no such TOSCA file", im.target)
			}
		}
		for _, kind := range typeSections {
			types, _ := f.doc[kind].(map[string]any)
			for name, d := range types {
				decl, _ := d.(map[string]any)
				v.checkType(f, kind, name, decl)
			}
		}
		for _, section := range []string{"topology_template", "service_template"} {
			if t, ok := f.doc[section].(map[string]any); ok {
				v.checkTemplates(f, t)
			}
		}
	}
	return v.errs
}

func (v *validator) checkType(f *vfile, kind, name string, decl map[string]any) {
	if parent, ok := decl["derived_from"]; ok {
		v.mustResolve(f, parent, kind, name+" derived_from")
	}
	props, _ := decl["properties"].(map[string]any)
	for p, def := range props {
		d, _ := def.(map[string]any)
		v.mustResolve(f, d["type"], "data_types", name+"."+p)
		if es, ok := d["entry_schema"].(map[string]any); ok {
			v.mustResolve(f, es["type"], "data_types", name+"."+p+" entry_schema")
		}
	}
	caps, _ := decl["capabilities"].(map[string]any)
	for c, def := range caps {
		d, _ := def.(map[string]any)
		v.mustResolve(f, d["type"], "capability_types", name+" capability "+c)
	}
	reqs, _ := decl["requirements"].([]any)
	for _, e := range reqs {
		one, _ := e.(map[string]any)
		for r, def := range one {
			d, _ := def.(map[string]any)
			v.mustResolve(f, d["capability"], "capability_types", name+" requirement "+r)
			if n, ok := d["node"]; ok {
				v.mustResolve(f, n, "node_types", name+" requirement "+r)
			}
			if rel, ok := d["relationship"]; ok {
				v.mustResolve(f, rel, "relationship_types", name+" requirement "+r)
			}
		}
	}
}

func (v *validator) checkTemplates(f *vfile, topology map[string]any) {
	inputs, _ := topology["inputs"].(map[string]any)
	nodes, _ := topology["node_templates"].(map[string]any)
	for name, t := range nodes {
		tmpl, _ := t.(map[string]any)
		g, decl := v.mustResolve(f, tmpl["type"], "node_types", name)
		if decl == nil {
			continue
		}
		props := v.members(g, decl, "properties", "node_types")
		assigned, _ := tmpl["properties"].(map[string]any)
		for p, value := range assigned {
			if !props[p] {
				v.errorf(f, "%s: type %v has no property %s", name, tmpl["type"], p)
			}
			if call, ok := value.(map[string]any); ok {
				for _, fn := range []string{"get_input", "$get_input"} {
					if in, ok := call[fn]; ok && inputs[fmt.Sprint(in)] == nil {
						v.errorf(f, "%s.%s: no input %v", name, p, in)
					}
				}
			}
		}
		reqs := v.members(g, decl, "requirements", "node_types")
		list, _ := tmpl["requirements"].([]any)
		for _, e := range list {
			one, _ := e.(map[string]any)
			for r, target := range one {
				if !reqs[r] {
					v.errorf(f, "%s: type %v has no requirement %s", name, tmpl["type"], r)
				}
				if nodes[fmt.Sprint(target)] == nil {
					v.errorf(f, "%s: requirement %s names no node template %v", name, r, target)
				}
			}
		}
	}
}
