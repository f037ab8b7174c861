package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The ws1000 corpus is a team's workspace: small projects (a type file, a
// template, sometimes a library file and a variant template) in TOSCA 1.2,
// 1.3, 2.0 final and 2.0 draft form, importing their own types and shared
// type files under namespaces, with a few non-TOSCA YAML files among them;
// and big/, a template of BigLines lines importing BigImports type files,
// each under its own namespace.

// dialect is one TOSCA version and form of a project.
type dialect struct {
	version string
	v2      bool
	final   bool // TOSCA 2.0 final form (service_template, $get_input)
	shared  string
}

var (
	tosca12      = dialect{version: "tosca_simple_yaml_1_2"}
	tosca13      = dialect{version: "tosca_simple_yaml_1_3", shared: "shared/v13"}
	tosca20      = dialect{version: "tosca_2_0", v2: true, final: true, shared: "shared/v20"}
	tosca20draft = dialect{version: "tosca_2_0", v2: true, shared: "shared/v20"}
)

// Names of normative types in each major version.
func (d dialect) compute() string {
	if d.v2 {
		return "Compute"
	}
	return "tosca.nodes.Compute"
}

func (d dialect) software() string {
	if d.v2 {
		return "SoftwareComponent"
	}
	return "tosca.nodes.SoftwareComponent"
}

func (d dialect) topology() string {
	if d.final {
		return "service_template"
	}
	return "topology_template"
}

func (d dialect) getInput(name string) string {
	if d.final {
		return "{ $get_input: " + name + " }"
	}
	return "{ get_input: " + name + " }"
}

// header starts a file: version, description and imports (2.0 files
// import the simple profile by name; 1.x files get theirs implicitly).
func (d dialect) header(w *doc, r *rand.Rand, imports ...importEntry) {
	w.linef(0, "tosca_definitions_version: %s", d.version)
	w.line(0, "")
	if r.IntN(2) == 0 {
		w.linef(0, "description: %s", sentence(r))
		w.line(0, "")
	}
	if len(imports) == 0 && !d.v2 {
		return
	}
	w.line(0, "imports:")
	if d.v2 {
		w.line(2, "- profile: org.oasis-open.simple:2.0")
	}
	key, nsKey := "file", "namespace_prefix"
	if d.v2 {
		key, nsKey = "url", "namespace"
	}
	for _, im := range imports {
		switch {
		case im.prefix == "" && !d.v2:
			w.linef(2, "- %s", im.file)
		default:
			w.linef(2, "- %s: %s", key, im.file)
			if im.prefix != "" {
				w.linef(4, "%s: %s", nsKey, im.prefix)
			}
		}
	}
	w.line(0, "")
}

// importEntry is an import, under a namespace when prefix is set.
type importEntry struct{ file, prefix string }

// wsProp is a node-type property of the small projects.
type wsProp struct{ name, typ, def string }

var wsProps = []wsProp{
	{"port", "integer", "8080"}, {"replicas", "integer", "2"}, {"enabled", "boolean", "true"},
	{"endpoint", "string", "http://localhost"}, {"log_level", "string", "info"},
	{"timeout", "integer", "30"}, {"region", "string", "eu-west"},
}

var (
	wsNouns  = []string{"Web", "Api", "Worker", "Cache", "Queue", "Proxy", "Gateway", "Store", "Indexer", "Scheduler", "Mailer", "Auth"}
	wsTeams  = []string{"payments", "search", "identity", "catalog", "billing", "media", "ops", "data", "mobile", "edge"}
	wsTopics = []string{"net", "obs", "sec", "db", "msg", "ml", "ci", "k8s"}
)

// wsType is a node type a template can use, with the name it is used by.
type wsType struct {
	ref   string
	props []wsProp
}

// typeFile writes node types named namePrefix+Noun, each derived from
// SoftwareComponent (so hosted on a Compute), and returns them.
func typeFile(w *doc, r *rand.Rand, d dialect, namePrefix string, n int) []wsType {
	w.line(0, "node_types:")
	var out []wsType
	for _, k := range permutation(r, len(wsNouns))[:n] {
		name := namePrefix + wsNouns[k]
		w.linef(2, "%s:", name)
		w.linef(4, "derived_from: %s", d.software())
		if r.IntN(3) == 0 {
			w.linef(4, "description: %s", sentence(r))
		}
		w.line(4, "properties:")
		t := wsType{ref: name}
		for _, pi := range permutation(r, len(wsProps))[:1+r.IntN(2)] {
			p := wsProps[pi]
			w.linef(6, "%s:", p.name)
			w.linef(8, "type: %s", p.typ)
			w.linef(8, "default: %s", p.def)
			t.props = append(t.props, p)
		}
		out = append(out, t)
	}
	return out
}

type wsGen struct {
	o     Options
	put   Put
	r     *rand.Rand
	count int
	// shared are the types of each shared file, by dialect folder.
	shared map[string][]sharedFile
}

type sharedFile struct {
	path, topic string
	types       []wsType // as named without a prefix
}

func (g *wsGen) emit(rel string, w *doc) error {
	g.count++
	return g.put(rel, []byte(w.String()))
}

func generateWorkspace(o Options, put Put) error {
	g := &wsGen{o: o, put: put, r: newRand(11), shared: map[string][]sharedFile{}}
	perDialect := clamp(o.WSFiles/120, 1, len(wsTopics))
	for _, d := range []dialect{tosca13, tosca20} {
		for _, topic := range wsTopics[:perDialect] {
			if err := g.sharedFile(d, topic); err != nil {
				return err
			}
		}
	}
	for p := 0; g.count < o.WSFiles; p++ {
		if err := g.project(p); err != nil {
			return err
		}
	}
	return generateBig(o, put)
}

func (g *wsGen) sharedFile(d dialect, topic string) error {
	var w doc
	d.header(&w, g.r)
	prefix := topic + "."
	if !d.v2 {
		prefix = "shared." + topic + "."
	}
	f := sharedFile{path: d.shared + "/" + topic + ".yaml", topic: topic}
	f.types = typeFile(&w, g.r, d, prefix, 2+g.r.IntN(3))
	g.shared[d.shared] = append(g.shared[d.shared], f)
	return g.emit(f.path, &w)
}

// project writes one project; the last one is cut short at WSFiles.
func (g *wsGen) project(p int) error {
	team := wsTeams[p%len(wsTeams)]
	dir := fmt.Sprintf("projects/%s/app%03d", team, p)
	var d dialect
	switch roll := g.r.IntN(20); {
	case roll == 0:
		return g.otherYAML(dir)
	case roll < 3:
		d = tosca12
	case roll < 11:
		d = tosca13
	case roll < 17:
		d = tosca20
	default:
		d = tosca20draft
	}
	namePrefix := ""
	if !d.v2 {
		namePrefix = fmt.Sprintf("com.example.%s.app%03d.nodes.", team, p)
	}

	// types.yaml imports lib/extra.yaml (when the project has one) and, half
	// of the time, a shared file under its topic's namespace.
	var imports []importEntry
	var used []wsType
	extra := g.r.IntN(3) == 0 && g.count+3 <= g.o.WSFiles
	if extra {
		imports = append(imports, importEntry{"lib/extra.yaml", ""})
	}
	if shared := g.shared[d.shared]; len(shared) > 0 && g.r.IntN(2) == 0 {
		f := shared[g.r.IntN(len(shared))]
		imports = append(imports, importEntry{relPath(dir, f.path), f.topic})
		for _, t := range f.types {
			used = append(used, wsType{ref: f.topic + ":" + t.ref, props: t.props})
		}
	}
	var types doc
	d.header(&types, g.r, imports...)
	used = append(used, typeFile(&types, g.r, d, namePrefix, 1+g.r.IntN(3))...)
	if err := g.emit(dir+"/types.yaml", &types); err != nil {
		return err
	}
	if extra {
		var lib doc
		d.header(&lib, g.r)
		libPrefix := "Lib"
		if !d.v2 {
			libPrefix = namePrefix + "lib."
		}
		used = append(used, typeFile(&lib, g.r, d, libPrefix, 1+g.r.IntN(2))...)
		if err := g.emit(dir+"/lib/extra.yaml", &lib); err != nil {
			return err
		}
	}
	templates := []string{"main.yaml"}
	if g.r.IntN(4) == 0 {
		templates = append(templates, "variants/edge.yaml")
	}
	for _, name := range templates {
		if g.count >= g.o.WSFiles {
			break
		}
		typesPath := "types.yaml"
		if strings.Contains(name, "/") {
			typesPath = "../types.yaml"
		}
		if err := g.emit(dir+"/"+name, g.template(d, typesPath, used)); err != nil {
			return err
		}
	}
	return nil
}

// template writes a small template: a Compute host and a few nodes of the
// project's types hosted on it, with an input. 2.0 templates import the
// types under a namespace.
func (g *wsGen) template(d dialect, typesPath string, types []wsType) *doc {
	ns := ""
	if d.v2 {
		ns = "app"
	}
	var w doc
	d.header(&w, g.r, importEntry{typesPath, ns})
	w.linef(0, "%s:", d.topology())
	w.line(2, "inputs:")
	w.line(4, "region:")
	w.line(6, "type: string")
	w.line(6, "default: eu-west")
	w.line(2, "node_templates:")
	w.line(4, "host:")
	w.linef(6, "type: %s", d.compute())
	for i, k := range permutation(g.r, len(types))[:1+g.r.IntN(min(2, len(types)))] {
		t := types[k]
		ref := t.ref
		if ns != "" {
			ref = ns + ":" + ref
		}
		w.linef(4, "node%d:", i)
		w.linef(6, "type: %s", ref)
		w.line(6, "properties:")
		for _, p := range t.props {
			value := p.def
			if p.name == "region" {
				value = d.getInput("region")
			}
			w.linef(8, "%s: %s", p.name, value)
		}
		w.line(6, "requirements:")
		w.line(8, "- host: host")
	}
	return &w
}

// otherYAML writes a YAML file of another tool, which a TOSCA scanner must
// recognise and leave alone.
func (g *wsGen) otherYAML(dir string) error {
	var w doc
	w.line(0, "apiVersion: apps/v1")
	w.line(0, "kind: Deployment")
	w.line(0, "metadata:")
	w.linef(2, "name: %s", strings.ReplaceAll(dir, "/", "-"))
	w.line(0, "spec:")
	w.linef(2, "replicas: %d", 1+g.r.IntN(4))
	w.line(2, "template:")
	w.line(4, "spec:")
	w.line(6, "containers:")
	w.linef(8, "- name: %s", pick(g.r, wsTeams))
	w.linef(10, "image: registry.example.com/%s:1.%d", pick(g.r, wsTeams), g.r.IntN(20))
	return g.emit(dir+"/deploy/k8s.yaml", &w)
}

// generateBig writes big/main.yaml and its type files. Each node template
// takes about ten lines; every twentieth is a Compute host for the next
// ones; every other property value is a quoted label, the place where
// toscabench types.
func generateBig(o Options, put Put) error {
	r := newRand(12)
	const typesPerFile = 5
	var imports []importEntry
	for i := range o.BigImports {
		imports = append(imports, importEntry{fmt.Sprintf("types/t%02d.yaml", i), fmt.Sprintf("t%02d", i)})
		var t doc
		tosca20.header(&t, r)
		t.line(0, "node_types:")
		for k := range typesPerFile {
			t.linef(2, "Node%d:", k)
			t.linef(4, "derived_from: %s", tosca20.software())
			t.linef(4, "description: %s", sentence(r))
			t.line(4, "properties:")
			t.line(6, "label:")
			t.line(8, "type: string")
			t.line(6, "size:")
			t.line(8, "type: integer")
			t.line(8, "default: 1")
			t.line(8, "validation: { $greater_or_equal: [ $value, 0 ] }")
			t.line(6, "enabled:")
			t.line(8, "type: boolean")
			t.line(8, "default: true")
		}
		if err := put(fmt.Sprintf("%s/t%02d.yaml", BigTypesDir, i), []byte(t.String())); err != nil {
			return err
		}
	}
	var main doc
	tosca20.header(&main, r, imports...)
	main.line(0, "service_template:")
	main.line(2, "inputs:")
	main.line(4, "flag:")
	main.line(6, "type: boolean")
	main.line(6, "default: true")
	main.line(2, "node_templates:")
	host := ""
	for n := 0; main.lines < o.BigLines; n++ {
		if n%20 == 0 {
			host = fmt.Sprintf("host%d", n)
			main.linef(4, "%s:", host)
			main.linef(6, "type: %s", tosca20.compute())
			continue
		}
		main.linef(4, "node%d:", n)
		main.linef(6, "type: t%02d:Node%d", r.IntN(o.BigImports), r.IntN(typesPerFile))
		main.line(6, "properties:")
		main.linef(8, "label: \"node %d of %s\"", n, host)
		main.linef(8, "size: %d", r.IntN(64))
		main.line(8, "enabled: { $get_input: flag }")
		main.line(6, "requirements:")
		main.linef(8, "- host: %s", host)
		if n%20 > 1 {
			main.linef(8, "- dependency: node%d", n-1)
		}
	}
	return put(BigMain, []byte(main.String()))
}
