package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The dmtf corpus imitates the Redfish profile set of the OASIS TOSCA
// community contributions: TOSCA 1.3 type files, one per schema version
// (profiles/org/dmtf/redfish/<category>/<Schema>/v1_<minor>_<errata>.yaml).
// Every version derives its types from the previous version's, imported
// under a namespace prefix; every schema builds on a version of Resource
// (diamonds everywhere); linked schemas import each other (namespaced
// cycles); ServiceRoot versions import 20–50 schemas each. service.yaml
// uses the types through two and three nested prefixes.

const dmtfRoot = "profiles/org/dmtf/redfish"

type rfSchema struct {
	name     string
	dir      string
	versions []string // oldest first
	// partners are the linked schemas (the relation is symmetric); hubs
	// the schemas ServiceRoot links to.
	partners []*rfSchema
	hubs     []*rfSchema
	// props are the node-type properties each version introduces.
	props [][]rfProp
}

// rfProp is a node-type property of a primitive type (or "status", the
// Resource status data type).
type rfProp struct {
	name   string
	typ    string
	valid  []string
	lo, hi int
}

func (s *rfSchema) file(i int) string { return s.dir + "/" + s.versions[i] + ".yaml" }

// ns is the versioned namespace name, such as Chassis.v1_4_0.
func (s *rfSchema) ns(i int) string { return s.name + "." + s.versions[i] }

// prevPrefix is the prefix under which version i imports version i-1.
func (s *rfSchema) prevPrefix(i int) string { return s.name + "_" + s.versions[i-1] }

// at maps version i of a schema with n versions onto a version of s, in
// proportion, so that versions of linked schemas move together.
func (s *rfSchema) at(i, n int) int { return i * len(s.versions) / n }

type dmtfGen struct {
	o        Options
	put      Put
	resource *rfSchema
	root     *rfSchema
	schemas  []*rfSchema // besides Resource and ServiceRoot
}

func generateDMTF(o Options, put Put) error {
	g := &dmtfGen{o: o, put: put}
	if err := g.plan(); err != nil {
		return err
	}
	r := newRand(2)
	for _, s := range g.all() {
		for i := range s.versions {
			if err := put(s.file(i), g.versionFile(s, i, r)); err != nil {
				return err
			}
		}
	}
	return put(DMTFService, g.service())
}

func (g *dmtfGen) all() []*rfSchema {
	return append([]*rfSchema{g.resource, g.root}, g.schemas...)
}

// plan decides every schema, version, link and property before any file
// is written, since files refer to each other in both directions.
func (g *dmtfGen) plan() error {
	r := newRand(1)
	files := g.o.DMTFFiles
	g.resource = &rfSchema{name: "Resource", dir: dmtfRoot + "/core/Resource", versions: versionSeq(r, clamp(files/370, 2, 20))}
	g.root = &rfSchema{name: "ServiceRoot", dir: dmtfRoot + "/core/ServiceRoot", versions: versionSeq(r, clamp(files/430, 2, 17))}
	remaining := files - 1 - len(g.resource.versions) - len(g.root.versions)
	if remaining < 2 {
		return fmt.Errorf("dmtf needs at least %d files", files-remaining+2)
	}
	var names []string
	for _, stem := range schemaStems {
		for _, head := range schemaHeads {
			if stem != head {
				names = append(names, stem+head)
			}
		}
	}
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	for i := 0; remaining > 0; i++ {
		name := names[i%len(names)]
		if i >= len(names) {
			name += fmt.Sprint(i / len(names))
		}
		n := min(1+r.IntN(20)+r.IntN(20)+r.IntN(10), remaining)
		remaining -= n
		cat := pick(r, categories)
		g.schemas = append(g.schemas, &rfSchema{name: name, dir: dmtfRoot + "/" + cat + "/" + name, versions: versionSeq(r, n)})
	}
	g.link(r)
	for _, s := range g.all() {
		planProps(r, s, g.resource)
	}
	return nil
}

// link pairs schemas (both import each other) and gives ServiceRoot its
// hubs.
func (g *dmtfGen) link(r *rand.Rand) {
	const maxPartners = 8
	linked := func(a, b *rfSchema) bool {
		for _, p := range a.partners {
			if p == b {
				return true
			}
		}
		return false
	}
	for _, a := range g.schemas {
		for range r.IntN(4) {
			b := g.schemas[r.IntN(len(g.schemas))]
			if a == b || linked(a, b) || len(a.partners) >= maxPartners || len(b.partners) >= maxPartners {
				continue
			}
			a.partners = append(a.partners, b)
			b.partners = append(b.partners, a)
		}
	}
	hubs := min(len(g.schemas), 50)
	for _, i := range permutation(r, len(g.schemas))[:hubs] {
		g.root.hubs = append(g.root.hubs, g.schemas[i])
	}
}

// rootHubs is how many hubs version i of ServiceRoot imports: from 20 (or
// all there are) up to all of them.
func (g *dmtfGen) rootHubs(i int) []*rfSchema {
	hubs := g.root.hubs
	first := min(20, len(hubs))
	n := len(g.root.versions)
	if n == 1 {
		return hubs
	}
	return hubs[:first+(len(hubs)-first)*i/(n-1)]
}

// hubVersion is the version of hub h that ServiceRoot version i imports:
// the last ServiceRoot imports the last version of every hub.
func (g *dmtfGen) hubVersion(h *rfSchema, i int) int {
	return max(0, (i+1)*len(h.versions)/len(g.root.versions)-1)
}

func permutation(r *rand.Rand, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		p[i], p[j] = p[j], p[i]
	}
	return p
}

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

// versionSeq names n versions the way Redfish numbers them: minor
// releases with occasional errata releases between them.
func versionSeq(r *rand.Rand, n int) []string {
	out := make([]string, 0, n)
	minor, errata := 0, 0
	for range n {
		out = append(out, fmt.Sprintf("v1_%d_%d", minor, errata))
		if r.IntN(3) == 0 {
			errata++
		} else {
			minor, errata = minor+1, 0
		}
	}
	return out
}

// planProps gives each version a few new node-type properties, with names
// unique along the schema's derivation chain.
func planProps(r *rand.Rand, s, resource *rfSchema) {
	used := map[string]bool{}
	// Other schemas derive from Resource: its names are taken in them too.
	if s != resource {
		for _, props := range resource.props {
			for _, p := range props {
				used[p.name] = true
			}
		}
	}
	s.props = make([][]rfProp, len(s.versions))
	for i := range s.versions {
		n := 2 + r.IntN(5)
		if i == 0 {
			n += 2
		}
		for len(s.props[i]) < n {
			name := propAdjectives[r.IntN(len(propAdjectives))] + propNouns[r.IntN(len(propNouns))]
			if used[name] {
				continue
			}
			used[name] = true
			p := rfProp{name: name}
			switch r.IntN(7) {
			case 0, 1:
				p.typ = "string"
				if r.IntN(2) == 0 {
					p.valid = enumValues(r, 2+r.IntN(6))
				}
			case 2:
				p.typ, p.lo, p.hi = "integer", r.IntN(4), 8+r.IntN(4096)
			case 3:
				p.typ = "boolean"
			case 4:
				p.typ = "float"
			case 5:
				p.typ = "timestamp"
			default:
				p.typ = "status"
			}
			s.props[i] = append(s.props[i], p)
		}
	}
}

func enumValues(r *rand.Rand, n int) []string {
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		v := enumWords[r.IntN(len(enumWords))]
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// versionFile writes one schema version: imports, data types (filled up to
// the file's share of the corpus size), a capability type and a node type.
func (g *dmtfGen) versionFile(s *rfSchema, i int, r *rand.Rand) []byte {
	ns := s.ns(i)
	resource := s == g.resource
	// The Resource version this file builds on, and how it is named here.
	res, resName := i, ns
	if !resource {
		res = g.resource.at(i, len(s.versions))
		resName = "Resource:" + g.resource.ns(res)
	}
	var head doc
	head.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
	head.line(0, "")
	head.linef(0, "namespace: http://redfish.dmtf.org/schemas/v1/%s", ns)
	head.line(0, "")
	head.line(0, "metadata:")
	head.linef(2, "template_name: %s", ns)
	head.line(2, "template_author: DMTF Redfish Forum (generated for toscabench)")
	head.linef(2, "template_version: %s", strings.ReplaceAll(strings.TrimPrefix(s.versions[i], "v"), "_", "."))
	head.line(0, "")
	head.folded(0, "description", prose(r, 2+r.IntN(4)))
	head.line(0, "")
	type imp struct{ file, prefix string }
	var imports []imp
	if i > 0 {
		imports = append(imports, imp{s.file(i - 1), s.prevPrefix(i)})
	}
	if !resource {
		imports = append(imports, imp{g.resource.file(res), "Resource"})
	}
	links := g.links(s, i)
	for _, l := range links {
		imports = append(imports, imp{l.s.file(l.v), l.s.name})
	}
	if len(imports) > 0 {
		head.line(0, "imports:")
		for _, im := range imports {
			head.linef(2, "- file: %s", relPath(s.dir, im.file))
			head.linef(4, "namespace_prefix: %s", im.prefix)
		}
		head.line(0, "")
	}

	var data doc
	data.line(0, "data_types:")
	if resource {
		data.linef(2, "%s.Status:", ns)
		data.line(4, "derived_from: tosca.datatypes.Root")
		data.folded(4, "description", prose(r, 2))
		data.line(4, "properties:")
		for _, key := range []string{"State", "Health", "HealthRollup"} {
			data.linef(6, "%s:", key)
			data.line(8, "type: string")
			data.line(8, "required: false")
			data.line(8, "constraints:")
			data.linef(10, "- valid_values: [ %s ]", strings.Join(enumValues(r, 3+r.IntN(4)), ", "))
		}
	}
	data.linef(2, "%s.Summary:", ns)
	data.line(4, "derived_from: tosca.datatypes.Root")
	data.folded(4, "description", prose(r, 1+r.IntN(2)))
	data.line(4, "properties:")
	data.line(6, "Name:")
	data.line(8, "type: string")
	data.line(6, "Status:")
	data.linef(8, "type: %s.Status", resName)
	data.line(8, "required: false")
	if len(links) > 0 {
		data.linef(2, "%s.Links:", ns)
		data.line(4, "derived_from: tosca.datatypes.Root")
		data.folded(4, "description", prose(r, 1))
		data.line(4, "properties:")
		for _, l := range links {
			data.linef(6, "%s:", l.s.name)
			data.line(8, "type: list")
			data.line(8, "required: false")
			data.line(8, "entry_schema:")
			data.linef(10, "type: %s:%s.Summary", l.s.name, l.s.ns(l.v))
		}
	}

	var tail doc
	tail.line(0, "")
	tail.line(0, "capability_types:")
	tail.linef(2, "%s.Linkable:", ns)
	switch {
	case i > 0:
		tail.linef(4, "derived_from: %s:%s.Linkable", s.prevPrefix(i), s.ns(i-1))
	case resource:
		// DependsOn ends at Node capabilities (its valid_target_types).
		tail.line(4, "derived_from: tosca.capabilities.Node")
	default:
		tail.linef(4, "derived_from: %s.Linkable", resName)
	}
	tail.folded(4, "description", prose(r, 1))
	tail.line(0, "")
	tail.line(0, "node_types:")
	tail.linef(2, "%s.%s:", ns, s.name)
	switch {
	case i > 0:
		tail.linef(4, "derived_from: %s:%s.%s", s.prevPrefix(i), s.ns(i-1), s.name)
	case resource:
		tail.line(4, "derived_from: tosca.nodes.Root")
	default:
		tail.linef(4, "derived_from: %s.Resource", resName)
	}
	tail.folded(4, "description", prose(r, 2+r.IntN(3)))
	tail.line(4, "properties:")
	for _, p := range s.props[i] {
		tail.linef(6, "%s:", p.name)
		if p.typ == "status" {
			tail.linef(8, "type: %s.Status", resName)
		} else {
			tail.linef(8, "type: %s", p.typ)
		}
		tail.folded(8, "description", prose(r, 1+r.IntN(2)))
		tail.line(8, "required: false")
		switch {
		case len(p.valid) > 0:
			tail.line(8, "constraints:")
			tail.linef(10, "- valid_values: [ %s ]", strings.Join(p.valid, ", "))
		case p.hi > p.lo:
			tail.line(8, "constraints:")
			tail.linef(10, "- in_range: [ %d, %d ]", p.lo, p.hi)
		}
	}
	tail.line(4, "capabilities:")
	tail.line(6, "linkable:")
	tail.linef(8, "type: %s.Linkable", ns)
	if i == 0 && len(links) > 0 {
		tail.line(4, "requirements:")
		for _, l := range links {
			tail.linef(6, "- %s:", lowerFirst(l.s.name))
			tail.linef(10, "capability: %s:%s.Linkable", l.s.name, l.s.ns(l.v))
			tail.linef(10, "node: %s:%s.%s", l.s.name, l.s.ns(l.v), l.s.name)
			tail.line(10, "relationship: tosca.relationships.DependsOn")
			tail.line(10, "occurrences: [ 0, UNBOUNDED ]")
		}
	}

	// Sizes are skewed as in real repositories: many files of a fraction of
	// the average, a few of twice or more. Extra data types make up the
	// difference (overshooting by about one data type).
	u := r.Float64()
	target := int(float64(g.o.DMTFFileKB*1000) * (0.15 + 1.9*u*u))
	fillDataTypes(&data, r, ns, resName, target-head.Len()-tail.Len())
	return []byte(head.String() + data.String() + tail.String())
}

type rfLink struct {
	s *rfSchema
	v int
}

// links are the other schemas version i of s imports (besides Resource
// and its own previous version), with the version of each.
func (g *dmtfGen) links(s *rfSchema, i int) []rfLink {
	var out []rfLink
	if s == g.root {
		for _, h := range g.rootHubs(i) {
			out = append(out, rfLink{h, g.hubVersion(h, i)})
		}
		return out
	}
	for _, p := range s.partners {
		out = append(out, rfLink{p, p.at(i, len(s.versions))})
	}
	return out
}

// fillDataTypes appends data types of prose-heavy properties until about
// budget bytes were written.
func fillDataTypes(d *doc, r *rand.Rand, ns, resName string, budget int) {
	start := d.Len()
	var defined []string
	used := map[string]bool{"Summary": true, "Links": true, "Status": true}
	for d.Len()-start < budget {
		name := pick(r, propAdjectives) + pick(r, propNouns)
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%s%d", strings.TrimRight(name, "0123456789"), n)
		}
		used[name] = true
		d.linef(2, "%s.%s:", ns, name)
		d.line(4, "derived_from: tosca.datatypes.Root")
		d.folded(4, "description", prose(r, 1+r.IntN(4)))
		d.line(4, "properties:")
		seen := map[string]bool{}
		for range 3 + r.IntN(8) {
			key := pick(r, propAdjectives) + pick(r, propNouns)
			if seen[key] {
				continue
			}
			seen[key] = true
			d.linef(6, "%s:", key)
			switch r.IntN(9) {
			case 0:
				d.line(8, "type: string")
				d.line(8, "constraints:")
				d.linef(10, "- valid_values: [ %s ]", strings.Join(enumValues(r, 2+r.IntN(7)), ", "))
			case 1:
				d.line(8, "type: string")
				d.line(8, "constraints:")
				d.linef(10, "- max_length: %d", 16+r.IntN(240))
			case 2:
				d.line(8, "type: integer")
				d.line(8, "constraints:")
				d.linef(10, "- greater_or_equal: %d", r.IntN(2))
			case 3:
				d.line(8, "type: boolean")
			case 4:
				d.line(8, "type: list")
				d.line(8, "entry_schema:")
				d.line(10, "type: string")
			case 5:
				d.line(8, "type: map")
				d.line(8, "entry_schema:")
				d.line(10, "type: integer")
			case 6:
				d.linef(8, "type: %s.Status", resName)
			case 7:
				if len(defined) > 0 {
					d.linef(8, "type: %s.%s", ns, defined[r.IntN(len(defined))])
				} else {
					d.line(8, "type: timestamp")
				}
			default:
				d.line(8, "type: float")
			}
			d.folded(8, "description", prose(r, 1+r.IntN(3)))
			if r.IntN(3) > 0 {
				d.line(8, "required: false")
			}
		}
		defined = append(defined, name)
	}
}

// service is a service template built on ServiceRoot's last version:
// each hub's type is named through two prefixes (redfish:Chassis:…), some
// older versions through three, and requirements connect linked schemas.
func (g *dmtfGen) service() []byte {
	r := newRand(3)
	last := len(g.root.versions) - 1
	var d doc
	d.line(0, "tosca_definitions_version: tosca_simple_yaml_1_3")
	d.line(0, "")
	d.folded(0, "description", "A data centre inventory modelled with the Redfish profile set: "+prose(r, 2))
	d.line(0, "")
	d.line(0, "imports:")
	d.linef(2, "- file: %s", g.root.file(last))
	d.line(4, "namespace_prefix: redfish")
	d.line(0, "")
	d.line(0, "topology_template:")
	d.line(2, "inputs:")
	d.line(4, "site:")
	d.line(6, "type: string")
	d.line(6, "default: lab-1")
	d.line(2, "node_templates:")
	hubs := g.rootHubs(last)
	named := map[*rfSchema]string{}
	for _, h := range hubs {
		named[h] = lowerFirst(h.name) + "_1"
	}
	for _, h := range hubs {
		v := g.hubVersion(h, last)
		d.linef(4, "%s:", named[h])
		if v > 0 && r.IntN(4) == 0 {
			// An older version, reached through the newest one's import.
			v--
			d.linef(6, "type: redfish:%s:%s:%s.%s", h.name, h.prevPrefix(v+1), h.ns(v), h.name)
		} else {
			d.linef(6, "type: redfish:%s:%s.%s", h.name, h.ns(v), h.name)
		}
		var props []rfProp
		for _, ps := range h.props[:v+1] {
			props = append(props, ps...)
		}
		assigned := 0
		for _, k := range permutation(r, len(props)) {
			p := props[k]
			value := propValue(r, p)
			if value == "" || assigned == 4 {
				continue
			}
			if assigned == 0 {
				d.line(6, "properties:")
			}
			assigned++
			d.linef(8, "%s: %s", p.name, value)
		}
		var reqs []string
		for _, p := range h.partners {
			if t, ok := named[p]; ok {
				reqs = append(reqs, fmt.Sprintf("- %s: %s", lowerFirst(p.name), t))
			}
		}
		if len(reqs) > 0 {
			d.line(6, "requirements:")
			for _, q := range reqs {
				d.line(8, q)
			}
		}
	}
	return []byte(d.String())
}

// propValue is a value valid for p, or "" for a structured type.
func propValue(r *rand.Rand, p rfProp) string {
	switch {
	case len(p.valid) > 0:
		return p.valid[r.IntN(len(p.valid))]
	case p.typ == "string":
		if r.IntN(2) == 0 {
			return "{ get_input: site }"
		}
		return fmt.Sprintf("value-%d", r.IntN(1000))
	case p.typ == "integer":
		return fmt.Sprint(p.lo + r.IntN(p.hi-p.lo+1))
	case p.typ == "boolean":
		return "true"
	case p.typ == "float":
		return "2.5"
	case p.typ == "timestamp":
		return "2024-05-01T12:00:00Z"
	}
	return ""
}
