package facts

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// TestRowSizes pins the size of the rows of the tables a closed file
// keeps: the DMTF set keeps half a million references and more than a
// million fields, and each byte of a row is half a megabyte or more.
func TestRowSizes(t *testing.T) {
	for _, c := range []struct {
		name       string
		size, want uintptr
	}{
		{"Entity", unsafe.Sizeof(Entity{}), 48},
		{"Value", unsafe.Sizeof(Value{}), 16},
		{"Ref", unsafe.Sizeof(Ref{}), 24},
		{"Field", unsafe.Sizeof(Field{}), 12},
	} {
		if c.size != c.want {
			t.Errorf("a %s is %d bytes, want %d", c.name, c.size, c.want)
		}
	}
}

// TestRefShares: what only some references have shares a reference's
// room: the call and position of a function's argument, the enclosing
// reference of an operation of an interface assignment, the keyname of
// the others.
func TestRefShares(t *testing.T) {
	src := `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    port: {type: integer}
  node_templates:
    web:
      type: tosca.nodes.WebServer
      properties:
        port: { get_input: [ port, 0 ] }
      interfaces:
        Standard:
          operations:
            create: create.sh
`
	f := Bind("t.yaml", src, syntax.Parse([]byte(src)), grammar.TOSCA, grammar.ProcessorAuto)
	type row struct {
		name         string
		call, parent int32
		arg          int
		key          string
	}
	var got []row
	for _, r := range f.Refs {
		key := ""
		if r.Key() != nil {
			key = r.Key().Name
		}
		got = append(got, row{f.RefName(&r), r.Call(), r.Parent(), r.Arg(), key})
	}
	iface := -1
	for i, r := range got {
		if r.name == "Standard" {
			iface = i
		}
	}
	want := map[string]row{
		"integer":               {"integer", -1, -1, 0, grammar.KeyType},
		"tosca.nodes.WebServer": {"tosca.nodes.WebServer", -1, -1, 0, grammar.KeyType},
		"port":                  {"port", 0, -1, 0, ""},
		"create":                {"create", -1, int32(iface), 0, grammar.SectionOperations},
	}
	for _, r := range got {
		if w, ok := want[r.name]; ok && r != w {
			t.Errorf("reference %q: %+v, want %+v", r.name, r, w)
		}
		delete(want, r.name)
	}
	for name := range want {
		t.Errorf("no reference %q among %+v", name, got)
	}
}

// TestLongKeySpan: a keyname written in more bytes than a field's length
// holds (quoted, its line continued after 70,000 blanks) still spans all
// of them.
func TestLongKeySpan(t *testing.T) {
	src := "tosca_definitions_version: tosca_simple_yaml_1_3\n? \"descr\\\n" + strings.Repeat(" ", 70_000) + "iption\"\n: a file\n"
	tree := syntax.Parse([]byte(src))
	key := tree.Root().Pairs[1].Key
	if len(tree.Errors) > 0 || key.Value != grammar.KeyDescription {
		t.Fatalf("the fixture reads as %q, errors %v", key.Value, tree.Errors)
	}
	f := Bind("t.yaml", src, tree, grammar.TOSCA, grammar.ProcessorAuto)
	fl, ok := f.Field(Root, grammar.KeyDescription)
	if !ok {
		t.Fatal("no description field")
	}
	if got, want := f.KeySpan(fl), span(key.Span); got != want {
		t.Errorf("the keyname spans %v, want %v", got, want)
	}
	if f.Text(fl.Value) != "a file" {
		t.Errorf("the description reads %q", f.Text(fl.Value))
	}
}

// TestFieldsFollowTheirEntity: an entity's fields are those added after
// it and before the next entity (FieldsOf): every field of every fixture
// and profile is found under the entity whose frame its keyname has.
func TestFieldsFollowTheirEntity(t *testing.T) {
	paths, srcs := fixtures(t)
	checked := 0
	for i, src := range srcs {
		tree := syntax.Parse([]byte(src))
		f, frames := BindOpen(paths[i], src, tree, grammar.TOSCA, grammar.ProcessorAuto, nil)
		// The entity of the keyname written at each offset (none where
		// several fields share it, as those an alias repeats do).
		fields := map[uint32]int{}
		for _, fl := range f.Fields {
			fields[fl.keyStart]++
		}
		owner := map[uint32]ID{}
		for n, fr := range frames {
			if at := uint32(n.Span.Start); fr.Value == nil && fr.Key != nil && fields[at] == 1 {
				owner[at] = fr.Entity
			}
		}
		for id := range f.Entities {
			for _, fl := range f.FieldsOf(ID(id)) {
				s := f.KeySpan(fl)
				want, ok := owner[s.Start]
				if !ok || s.End == s.Start {
					continue
				}
				if want != ID(id) {
					t.Fatalf("%s: the field %q at %d is entity %d's, found under %d", paths[i], fl.Key().Name, s.Start, want, id)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d fields checked", checked)
	}
}

// TestEntityNumberGuard: an entity keeps its flags above the number of its
// grammar entity; a number that would reach them is refused, not mixed
// with them.
func TestEntityNumberGuard(t *testing.T) {
	if got := entityG(entityMerged-1, true, false); got != entityMerged-1|entityShort {
		t.Errorf("the largest number is kept as %#x", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("a grammar entity numbered past the flags was kept")
		}
	}()
	entityG(entityMerged, false, false)
}

// TestValueBits: a value's kind, style, flags and number of children share
// a word, none spilling into another; a collection with more children than
// the word holds records as many as it holds.
func TestValueBits(t *testing.T) {
	for _, kind := range []syntax.Kind{syntax.Null, syntax.Scalar, syntax.Mapping, syntax.Sequence} {
		for style := syntax.Plain; style <= syntax.Folded; style++ {
			for _, flags := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				for _, n := range []int{0, 1, maxChildren} {
					v := Value{bits: valueBits(kind, style, flags[0], flags[1], n)}
					if v.Kind() != kind || v.Style() != style || v.Flow() != flags[0] || v.Tagged() != flags[1] || v.N() != int32(n) {
						t.Fatalf("%v %v %v %v %d reads back as %v %v %v %v %d", kind, style, flags[0], flags[1], n, v.Kind(), v.Style(), v.Flow(), v.Tagged(), v.N())
					}
				}
			}
		}
	}
	defer func(limit int) { maxChildren = limit }(maxChildren)
	maxChildren = 5
	src := "tosca_definitions_version: tosca_simple_yaml_1_3\nmetadata:\n  list: [a, b, c, d, e, f]\n  map: {a: 1, b: 2, c: 3}\n"
	f := Bind("t.yaml", src, syntax.Parse([]byte(src)), grammar.TOSCA, grammar.ProcessorAuto)
	md := f.FieldValue(Root, grammar.KeyMetadata)
	list, m := f.Get(md, "list"), f.Get(md, "map")
	if md == NoValue || list == NoValue || m == NoValue {
		t.Fatalf("metadata %d, list %d, map %d", md, list, m)
	}
	if got := f.Value(list); got.Kind() != syntax.Sequence || !got.Flow() || got.N() != 5 || f.Text(f.Items(list)[4]) != "e" {
		t.Errorf("a list of 6 items with room for 5 reads as %v of %d", got.Kind(), got.N())
	}
	if got := f.Value(m); got.Kind() != syntax.Mapping || got.N() != 4 || f.Get(m, "b") == NoValue || f.Get(m, "c") != NoValue {
		t.Errorf("a map of 3 entries with room for 5 children reads as %v of %d", got.Kind(), got.N())
	}
}
