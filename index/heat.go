package index

import (
	"slices"
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// Heat files see each other without imports: a template names a provider
// template as a resource type (`type: lib/server.yaml`), an environment
// maps type names onto templates or other types, and its
// parameter_defaults reach the templates' parameters. These are the edges
// the index adds to the import graph for them, so that a Heat file's key
// (see keys.go) and its dependents follow what it really reads:
//
//   - a template depends on the provider templates it names, and on each
//     environment that maps a type name it uses or sets a default of one
//     of its parameters;
//   - an environment depends on the other environments (mappings lead
//     through each other), the templates its mappings lead to, and the
//     templates using the names it maps (it checks the parameters it sets
//     against theirs).

// heatInfo is what the edges of a Heat file are made of, read once per
// version of it.
type heatInfo struct {
	env bool
	// types are the resource type names a template's resources use, params
	// its parameters.
	types, params []string
	// mappings are the names (and globs) an environment maps, targets the
	// template files its mappings lead to, defaults the parameters its
	// parameter_defaults set.
	mappings, targets, defaults []string
}

func heatInfoOf(f *File) *heatInfo {
	if f == nil || f.Facts == nil || f.Dialect != Heat && f.Dialect != HeatEnv {
		return nil
	}
	fs := f.Facts
	h := &heatInfo{env: f.Dialect == HeatEnv}
	if !h.env {
		for i := range fs.Refs {
			if r := &fs.Refs[i]; r.Kind == grammar.HeatResourceType {
				h.types = append(h.types, fs.RefName(r))
			}
		}
		for id := range fs.Declarations() {
			if e := fs.Entity(id); e.Declares() == grammar.HeatParameter {
				h.params = append(h.params, e.Name)
			}
		}
		return h
	}
	for id := range fs.Entities {
		e := &fs.Entities[id]
		if e.G() != grammar.HeatMappingDef {
			continue
		}
		h.mappings = append(h.mappings, e.Name)
		if t := fs.HeatMappingTarget(facts.ID(id)); grammar.IsHeatTemplateName(t) {
			if p := grammar.HeatTemplatePath(f.Path, t); p != "" {
				h.targets = append(h.targets, p)
			}
		}
	}
	for _, fl := range fs.FieldsOf(facts.Root) {
		if fl.Key() != nil && fl.Key().Name == grammar.HeatEnvParameterDefs {
			for k := range fs.Pairs(fl.Value) {
				h.defaults = append(h.defaults, fs.Text(k))
			}
		}
	}
	return h
}

func (h *heatInfo) same(o *heatInfo) bool {
	return h.env == o.env && slices.Equal(h.types, o.types) && slices.Equal(h.params, o.params) &&
		slices.Equal(h.mappings, o.mappings) && slices.Equal(h.targets, o.targets) && slices.Equal(h.defaults, o.defaults)
}

// maps reports whether an environment maps one of the names.
func (h *heatInfo) maps(names []string) bool {
	for _, m := range h.mappings {
		prefix, glob := strings.CutSuffix(m, "*")
		for _, n := range names {
			if n == m || glob && strings.HasPrefix(n, prefix) {
				return true
			}
		}
	}
	return false
}

// uses reports whether the template t reads what the environment h says.
func (h *heatInfo) uses(t *heatInfo) bool {
	if h.maps(t.types) {
		return true
	}
	for _, d := range h.defaults {
		if slices.Contains(t.params, d) {
			return true
		}
	}
	return false
}

// heatGraph is the worker's record of the Heat files and their edges.
type heatGraph struct {
	info map[string]*heatInfo
	envs map[string]bool
	// deps are the Heat edges of each file.
	deps map[string][]string
}

func newHeatGraph() heatGraph {
	return heatGraph{info: map[string]*heatInfo{}, envs: map[string]bool{}, deps: map[string][]string{}}
}

// changed records the new version of a Heat file (f nil or no Heat file:
// it is gone or no longer Heat) and works out again the edges that may
// have changed with it; moved is told every file whose edges did, with
// its edges before and after.
func (g *heatGraph) changed(path string, f *File, moved func(path string, before, after []string)) {
	before := g.info[path]
	after := heatInfoOf(f)
	switch {
	case before == nil && after == nil:
		return
	case before != nil && after != nil && before.same(after):
		return // an edit inside a resource or an output: the same edges
	}
	if after == nil {
		delete(g.info, path)
		delete(g.envs, path)
	} else {
		g.info[path] = after
		if after.env {
			g.envs[path] = true
		} else {
			delete(g.envs, path)
		}
	}
	if before != nil && before.env || after != nil && after.env {
		// An environment reaches every Heat file: all edges again.
		for p := range g.info {
			g.setDeps(p, moved)
		}
		if after == nil {
			g.setDeps(path, moved)
		}
		return
	}
	g.setDeps(path, moved)
	for env := range g.envs {
		g.setDeps(env, moved)
	}
}

// setDeps works out the edges of path from the records.
func (g *heatGraph) setDeps(path string, moved func(path string, before, after []string)) {
	var deps []string
	if h := g.info[path]; h != nil {
		if h.env {
			for env := range g.envs {
				if env != path {
					deps = append(deps, env)
				}
			}
			deps = append(deps, h.targets...)
			for p, t := range g.info {
				if !t.env && h.maps(t.types) {
					deps = append(deps, p)
				}
			}
		} else {
			for _, name := range h.types {
				if grammar.IsHeatTemplateName(name) {
					if p := grammar.HeatTemplatePath(path, name); p != "" && p != path {
						deps = append(deps, p)
					}
				}
			}
			for env := range g.envs {
				if g.info[env].uses(h) {
					deps = append(deps, env)
				}
			}
		}
	}
	slices.Sort(deps)
	deps = slices.Compact(deps)
	before := g.deps[path]
	if slices.Equal(deps, before) {
		return
	}
	if len(deps) == 0 {
		delete(g.deps, path)
	} else {
		g.deps[path] = deps
	}
	moved(path, before, deps)
}

// environments lists the environment files, sorted.
func (g *heatGraph) environments() []string {
	out := make([]string, 0, len(g.envs))
	for p := range g.envs {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}
